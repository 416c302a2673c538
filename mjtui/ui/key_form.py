"""One key grammar for every form, and keys that act in the order they were typed.

Textual hands a key to the focused widget through that widget's own message
queue and moves the focus a moment later, so at a fast typist's pace (or a
paste) a digit meant for the next field lands in the last one, or in no field
at all while a form is still opening. A :class:`KeyForm` takes its keys from
the app before any queue (the app calls :meth:`KeyForm.take_key`): a character
goes into the field focused now, Enter moves the focus at once, and keys that
arrive before the form is on screen wait for it and are then applied in order.

The grammar, the same in every form:

* Enter moves to the next field that can still change the result (the form's
  :meth:`KeyForm.walk`), from the last field to the confirm button, and on
  the confirm button confirms;
* ctrl+s confirms from anywhere, Esc cancels, Tab and shift+Tab move freely;
* an outcome letter (:attr:`KeyForm.OUTCOMES`) sets the outcome from any
  field that would not take that letter as text.
"""

from __future__ import annotations

import re
import weakref
from functools import partial
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.binding import Binding
from textual.dom import DOMNode
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input
from textual.widgets.input import Selection

from mjtui.core.language import _
from mjtui.ui.terminal_keys import as_pressed, as_typed
from mjtui.ui.widgets.checkbox import Checkbox

# Editing keys of a text field, applied at once like the characters around them.
EDIT_KEYS = {
    "backspace": "action_delete_left",
    "delete": "action_delete_right",
    "ctrl+d": "action_delete_right",
    "left": "action_cursor_left",
    "right": "action_cursor_right",
    "home": "action_home",
    "ctrl+a": "action_home",
    "end": "action_end",
    "ctrl+e": "action_end",
    "ctrl+k": "action_delete_right_all",
    "ctrl+u": "action_delete_left_all",
    "ctrl+w": "action_delete_left_word",
}


def typed(field: Input, char: str) -> str:
    """``field``'s value with ``char`` typed at its cursor, over a selection."""
    start, end = sorted(field.selection)
    return field.value[:start] + char + field.value[end:]


def accepts(field: Input, char: str) -> bool:
    """Whether ``field`` would take ``char`` typed at its cursor (its restrict and length)."""
    value = typed(field, char)
    if field.max_length and len(value) > field.max_length:
        return False
    return not field.restrict or re.fullmatch(field.restrict, value) is not None


def accepts_alone(field: Input, char: str) -> bool:
    """Whether ``char`` is a value ``field`` takes on its own."""
    return not field.restrict or re.fullmatch(field.restrict, char) is not None


def insert(field: Input, char: str) -> None:
    """Type ``char`` as Textual's own key handler does: at the cursor, over a selection."""
    if field.selection.is_empty:
        field.insert_text_at_cursor(char)
    else:
        field.replace(char, *field.selection)


class CodeInput(Input):
    """A field with a typing rule of its own (seats that toggle, a letter that opens a form)."""

    def type_char(self, char: str) -> None:
        insert(self, char)

    def on_key(self, event: events.Key) -> None:
        # Keys reach a field this way only outside a KeyForm; keep the rule there too.
        # prevent_default keeps Input's own handler from typing the character again;
        # any other key goes on to it.
        if event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            self.type_char(event.character)


def type_into(field: Input, char: str) -> None:
    """Type ``char`` into ``field`` as its own key handler would.

    A one-character field takes the new character in place of the old one, so
    a code or a seat is changed by typing it, without deleting first.
    """
    if field.max_length == 1 and field.value and accepts_alone(field, char):
        field.value = char
        field.cursor_position = 1
    elif isinstance(field, CodeInput):
        field.type_char(char)
    else:
        insert(field, char)


class KeyForm(ModalScreen[Any]):
    """A form whose keys act in order; subclasses say what Enter walks and what confirms."""

    AUTO_FOCUS = ""  # the form says where the focus starts (first_field)
    # For an app without OrderedKeys; with it, take_key acts on these keys first.
    BINDINGS = [
        Binding("ctrl+s", "confirm", "Confirm", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]
    OUTCOMES: str = ""
    """The outcome letters this form takes from any field that does not take them as text."""
    CONFIRM_AFTER_LAST = False
    """Enter on the last field confirms at once (a form with nothing to check on the way)."""

    def __init__(self) -> None:
        super().__init__()
        self.ready = False  # fields composed and the focus placed
        self._seen: tuple[object, ...] = ()  # the values fields_changed last saw
        self._opened_with: tuple[object, ...] | None = None  # the values when ready

    # ------------------------------------------------------------ for subclasses

    def first_field(self) -> Widget:
        """Where the focus starts."""
        walk = self.walk()
        return walk[0] if walk else self.confirm_button()

    def walk(self) -> list[Widget]:
        """The fields Enter moves through, in order: by default every enabled field."""
        return [w for w in self.query("Input, Checkbox") if not w.disabled]

    def confirm_button(self) -> Button:
        return self.query_one(".form-confirm", Button)

    def fields_changed(self) -> None:
        """Bring labels, enabled fields and the preview up to date with the fields."""

    COMPLETED_AFTER_FIRST_FRAME = False
    """The form is drawn before :meth:`complete` adds what it left out; keys wait for
    both. For the first screen, whose first frame a person waits for."""

    async def complete(self) -> None:
        """Mount what the first frame went without (COMPLETED_AFTER_FIRST_FRAME)."""

    def set_outcome(self, letter: str) -> None:
        """Set the outcome from its letter (a form with OUTCOMES overrides this)."""

    def action_confirm(self) -> None:
        raise NotImplementedError

    def action_cancel(self) -> None:
        self.dismiss(None)

    # ------------------------------------------------------------ the grammar

    class Ready(Message):
        """A form is on screen: the keys held while it opened can go to it."""

    def _snapshot(self) -> tuple[object, ...]:
        return tuple(
            # Each is one of the two (tests/ui/test_monochrome.py: every checkbox is ours).
            w.value if isinstance(w, (Input, Checkbox)) else None
            for w in self.query("Input, Checkbox")
        )

    def refresh_fields(self) -> None:
        """:meth:`fields_changed`, remembering the values it saw."""
        self.fields_changed()
        self._seen = self._snapshot()

    def _select_only_at_once(self) -> None:
        # Textual selects a field's text when its Focus event arrives, which can be
        # after the first keys typed into it: it would eat them. focus_field selects
        # at once instead.
        for field in self.query(Input):
            field.select_on_focus = False

    def on_mount(self) -> None:
        self.refresh_fields()
        self._select_only_at_once()
        self.focus_field(self.first_field(), scroll_visible=False)
        if self.COMPLETED_AFTER_FIRST_FRAME:
            self.call_after_refresh(self._complete)
        else:
            self._become_ready()

    async def _complete(self) -> None:
        await self.complete()
        self._select_only_at_once()  # the fields it mounted, too
        self.refresh_fields()
        self._become_ready()

    def typed_in(self) -> bool:
        """Whether anything was typed since the form opened: a quit now would lose it."""
        return self._opened_with is not None and self._snapshot() != self._opened_with

    def _become_ready(self) -> None:
        self._opened_with = self._snapshot()
        self.ready = True
        self.app.post_message(self.Ready())

    def take_key(self, event: events.Key) -> bool:
        """Act on a key now; False leaves it to Textual (bindings the form declares)."""
        key, focused = event.key, self.focused
        if focused is not None and not isinstance(focused, (Input, Checkbox, Button)):
            return False  # a list or a menu has keys of its own
        if key == "ctrl+s":
            self.action_confirm()
        elif key == "escape":
            self.action_cancel()
        elif key == "enter":
            self.enter()
        elif key == "tab":
            self.focus_field(self.focus_next())
        elif key == "shift+tab":
            self.focus_field(self.focus_previous())
        elif isinstance(focused, Input) and key in EDIT_KEYS:
            getattr(focused, EDIT_KEYS[key])()
            self.refresh_fields()
        elif event.is_printable and event.character:  # space included: it ticks a box
            return self._character(event.character, focused)
        else:
            return False
        return True

    def _character(self, char: str, focused: Widget | None) -> bool:
        if char.lower() in self.OUTCOMES and not (
            isinstance(focused, Input)
            and not self.is_outcome_field(focused)
            and (accepts(focused, char) or accepts_alone(focused, char))
        ):
            self.set_outcome(char.lower())
            self.refresh_fields()
            if not isinstance(self.focused, (Input, Checkbox)) or self.focused.disabled:
                self.focus_field(self.first_field())  # the fields this outcome needs
            return True
        if isinstance(focused, Checkbox) and char == " ":
            focused.toggle()
            self.refresh_fields()
            return True
        if isinstance(focused, (Checkbox, Button)):
            return self._pass_on(char, focused)
        if not isinstance(focused, Input):
            return False
        before = focused.value
        type_into(focused, char)
        if focused.value == before and not (accepts(focused, char) or accepts_alone(focused, char)):
            # The field's rule kept it out (a letter in a seat's field): said, not just
            # a bell that most terminals keep quiet.
            self.refused(_("{char} does not go into this field").format(char=repr(char)))
            return True
        self.refresh_fields()
        return True

    def _pass_on(self, char: str, focused: Widget) -> bool:
        """A character typed on a checkbox or a button: it goes to the next field of
        the walk that takes it (Enter left the tiles for a box, and the discarder's
        digit follows), or is refused with a bell and the reason; never dropped."""
        walk = self.walk()
        later = (
            walk[walk.index(focused) + 1 :]
            if focused in walk
            else [w for w in walk if _before(focused, w)]
        )
        target = next((w for w in later if isinstance(w, Input) and takes_as_text(w, char)), None)
        if target is None:
            what = (
                _("a checkbox takes space")
                if isinstance(focused, Checkbox)
                else _("a button takes Enter")
            )
            said = _("{char} goes into no field from here: {what}")
            self.refused(said.format(char=repr(char), what=what))
            return True
        self.focus_field(target)
        type_into(target, char)
        self.refresh_fields()
        return True

    def refused(self, message: str) -> None:
        """A key the form does not take: a bell (a form with a message line says why)."""
        self.app.bell()

    def is_outcome_field(self, widget: Widget) -> bool:
        return False

    def focus_field(self, widget: Widget | None, scroll_visible: bool = True) -> None:
        """Focus ``widget`` now; a field's text is selected, so typing replaces it."""
        self.set_focus(widget, scroll_visible=scroll_visible)
        if isinstance(widget, Input) and widget is self.focused:
            widget.selection = Selection(0, len(widget.value))

    def press_now(self, button: Button) -> None:
        """What Enter on ``button`` does, done at once: a key typed right behind it
        finds the form closed, or the next one open (a click goes through
        Button.Pressed, handled later). A form with another button says what it does."""
        if button is self.confirm_button():
            self.action_confirm()
        elif button.has_class("form-cancel"):
            self.action_cancel()
        else:
            button.press()

    @on(Button.Pressed, ".form-confirm")
    def _confirm_pressed(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, ".form-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()  # Enter reaches a field only in an app without OrderedKeys
        self.enter()

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _input_changed(self, event: events.Event) -> None:
        # A paste or a mouse click: the keys this form takes have refreshed already
        # (their Changed messages arrive after, with nothing new to show).
        event.stop()
        if self._snapshot() != self._seen:
            self.refresh_fields()

    def enter(self) -> None:
        """Enter: the next field of the walk, then the confirm button, which confirms."""
        focused = self.focused
        if isinstance(focused, Button):
            self.press_now(focused)
            return
        if isinstance(focused, Input) and focused.validators:
            result = focused.validate(focused.value)
            if result is not None and not result.is_valid:
                self.refused("\n".join(result.failure_descriptions))
                return
        walk = self.walk()
        if focused in walk:
            at = walk.index(focused) + 1
            if at == len(walk) and self.CONFIRM_AFTER_LAST:
                self.action_confirm()
                return
            self.focus_field(walk[at] if at < len(walk) else self.confirm_button())
        else:
            after = [w for w in walk if focused is not None and _before(focused, w)]
            self.focus_field(after[0] if after else self.confirm_button())


def takes_as_text(widget: Widget | None, char: str) -> bool:
    """Whether ``char`` is text to ``widget``: a field whose restrict and length let
    it in and whose checks pass with it (points and seat fields check what is typed
    later)."""
    return (
        isinstance(widget, Input)
        and accepts(widget, char)
        and all(check.validate(typed(widget, char)).is_valid for check in widget.validators)
    )


def _before(a: Widget, b: Widget) -> bool:
    """Whether ``a`` comes before ``b`` on the form (document order)."""
    order = list(a.screen.walk_children(with_self=False))
    return order.index(a) < order.index(b)


if TYPE_CHECKING:
    from textual.app import App

    # The mixin is checked as the App it is mixed into (MjtuiApp), whose members it uses.
    _AppMixin = App[object]
else:
    _AppMixin = object


class OrderedKeys(_AppMixin):
    """For the App: every key is handled in the order typed, a KeyForm's by the form.

    Keys that arrive while a form is opening are held here, in the app's own
    queue, and handed on once it is ready; a key that finds earlier keys
    still held waits behind them. Routing them from one place keeps the order
    even when the form is closed by one of the held keys and the next ones
    belong to the screen below it, or to the next form.

    A key handed to a widget (the history of hands, a list) is handled later,
    in that widget's own queue, and then in its parents' as it bubbles up to
    the bindings. The next key is routed only once it has been through them
    all: else a key the screen takes at once (e, to edit the hand under the
    cursor) would act before an arrow typed just before it had moved the
    cursor.

    A key that opens or closes a screen leaves work queued behind it: Textual
    gives a closed screen's result to its callback only after the message
    being handled (``call_next``), and tells the screen now on top it is back
    (its ScreenResume) through that screen's queue. Keys held while a form
    opened are released in one go, within one message: without waiting, the
    ones behind a ctrl+s that closed the tiles form acted on the hand form
    before the tiles had filled it and moved its focus on to the discarder.
    So after such a key the next one waits until that work is done.
    """

    # A key still on its way after this long (its widget was removed under it),
    # or a screen change still settling (the screen on top went first), no longer
    # holds the next ones back.
    HANDLING_LIMIT = 0.25

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._held: list[events.Key] = []
        self._waiting = False  # a look at the held keys is due
        self._handling: events.Key | None = None  # handed to a widget, on its way up
        self._handed_over: tuple[Any, ...] = ()  # the screens when it was handed on
        # A key opened or closed a screen: what that queued comes first (this wait's token).
        self._settling: object | None = None
        self._watching = False  # a timer checks that the key on its way gets there
        # The screen each key was handed to: a key a widget leaves unhandled
        # comes back up to the app, where Textual would try it against the
        # bindings of whatever screen is on top by then (the next hand's form).
        self._sent_to: weakref.WeakKeyDictionary[events.Key, Any] = weakref.WeakKeyDictionary()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            self._held.append(as_typed(event))
            await self._release_keys()
            self._watch()
            return
        await super().on_event(event)

    async def _on_key_form_ready(self, message: KeyForm.Ready) -> None:
        await self._release_keys()

    async def _look_again(self) -> None:
        self._waiting = False
        await self._release_keys()

    async def _release_keys(self) -> None:
        while self._held and self._handling is None and self._settling is None:
            stack = self.screen_stack
            top = stack[-1] if stack else None
            if top is not None and not (top.ready if isinstance(top, KeyForm) else top.is_mounted):
                # The rest wait for the screen; a form says when it is ready, any
                # other screen is looked at again shortly.
                if not self._waiting:
                    self._waiting = True
                    self.set_timer(0.01, self._look_again)
                return
            event = self._held.pop(0)
            focused = self.focused
            pressed = as_pressed(event, partial(takes_as_text, focused))
            if len(pressed) > 1:
                self._held[0:0] = pressed
                continue
            screens = tuple(stack)
            if isinstance(top, KeyForm) and top.take_key(event):
                if tuple(self.screen_stack) != screens:
                    self._settle()
                continue
            self._sent_to[event] = top
            target = focused or top
            await super().on_event(event)
            if target is not None:
                self._handling = event
                self._handed_over = screens
                self._follow(event, target)

    def _follow(self, event: events.Key, node: DOMNode) -> None:
        """Once ``node`` has handled ``event`` (and passed it up, if it did), follow
        it to the node's parent; it has arrived when the app has handled it."""
        if not node.call_later(self._followed, event, node):
            self.call_later(self._arrived, event)

    async def _followed(self, event: events.Key, node: DOMNode) -> None:
        if node.parent is None:  # the app: the key has been all the way
            await self._arrived(event)
        else:
            self._follow(event, node.parent)

    async def _arrived(self, event: events.Key) -> None:
        if self._handling is event:
            self._handling = None
            if tuple(self.screen_stack) != self._handed_over:
                self._settle()
            await self._release_keys()

    def _settle(self) -> None:
        """A key opened or closed a screen: the keys behind it wait until the app has
        done what that queued (:meth:`_screens_changed`)."""
        self._settling = token = object()
        self.call_next(self._screens_changed, token)

    async def _screens_changed(self, token: object) -> None:
        # Called next after the message in which the screens changed, behind what
        # Textual queued the same way: a closed screen's result, given to its
        # callback (the tiles filling the hand form), and the closed screen's removal.
        # Then once more through the queue of the screen now on top, behind its
        # ScreenResume (or the result, when that screen asked for it).
        stack = self.screen_stack
        if stack and stack[-1].call_later(self._settled, token):
            # Should that screen go before it gets there, the keys wait this long at most.
            self.set_timer(self.HANDLING_LIMIT, partial(self._settled, token))
        else:
            await self._settled(token)

    async def _settled(self, token: object) -> None:
        if self._settling is token:
            self._settling = None
            await self._release_keys()
            self._watch()

    def _watch(self) -> None:
        """Keys wait behind one on its way: make sure they wait HANDLING_LIMIT at most."""
        if self._held and self._handling is not None and not self._watching:
            self._watching = True
            self.set_timer(
                self.HANDLING_LIMIT,
                partial(self._overdue, self._handling),
            )

    async def _overdue(self, event: events.Key) -> None:
        self._watching = False
        await self._arrived(event)
        self._watch()  # the key on its way now, if others wait behind it

    async def on_key(self, event: events.Key) -> None:
        stack = self.screen_stack
        top = stack[-1] if stack else None
        if self._sent_to.get(event, top) is not top:
            event.prevent_default()  # meant for a screen that has gone since
