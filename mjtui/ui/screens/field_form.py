"""One form for every system: the rows a :class:`FormModel` declares, drawn and walked.

The system says what its form asks (:mod:`mjtui.core.systems.fields`) and
what the values typed make; this screen draws the rows, gives every field
the keys of :mod:`mjtui.ui.key_form`, and after every key shows what the
model read: the words beside the fields, the lines under them, the
preview, what is wrong. Rows whose fields are all off are not shown, so a
draw's form holds no winner row.

:class:`FieldForm` returns its model's value when confirmed (a smaller form:
the tiles, the fu calculator); :class:`mjtui.ui.screens.hand_form.HandForm` adds
recording and editing a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.geometry import Size
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.language import _, package_of, say_in
from mjtui.core.systems.fields import TICKED, Field, FormModel, Line, Reading, Row
from mjtui.ui import colours
from mjtui.ui.key_form import CodeInput, KeyForm
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.styles import StyledOnce
from mjtui.ui.widgets.checkbox import Checkbox
from mjtui.ui.widgets.footer import Footer

LINE_STYLES = {"": "", "dim": "dim", "good": colours.GAIN, "bold": "bold"}
BLOCKS = ("#ff-lines", "#ff-next", "#ff-error")  # shown only while they say something
FORM_WIDTH = 78  # #ff's width in modal.tcss, at most the screen's
FORM_FRAME = 4  # its thick border and its padding, both sides
SCROLLBAR = 2  # Textual's vertical scrollbar, where the form scrolls
BOX_CELLS = 6  # a tick box's cells besides its label: the box, its spaces, the margin


class SeatSetInput(CodeInput):
    """Seats as digits; typing a seat that is already there takes it out (a toggle)."""

    def type_char(self, char: str) -> None:
        if char.isdigit() and char in self.value:
            self.value = self.value.replace(char, "")
            self.cursor_position = len(self.value)
        else:
            super().type_char(char)


class _Problem(Validator):
    """A field's own check (Field.problem) as Textual's validator: Enter stays on a
    field whose value it finds wrong, and says why."""

    def __init__(self, problem: Callable[[str], str | None]) -> None:
        super().__init__()
        self.problem = problem

    def validate(self, value: str) -> ValidationResult:
        problem = self.problem(value)
        return self.failure(problem) if problem else self.success()


def _boxes_only(row: Row) -> bool:
    """A row of tick boxes and nothing else (the situations of a win)."""
    return not row.label and all(f.kind == "check" for f in row.fields)


def _columns(cells: list[int], room: int) -> list[int]:
    """The widths of the most columns that ``cells`` (widths, in order) fill row by row
    within ``room``: each column as wide as its widest cell; one column at the least."""
    for n in range(len(cells), 1, -1):
        widths = [max(cells[i::n]) for i in range(n)]
        if sum(widths) <= room:
            return widths
    return [max(cells, default=1)]


def _escaped(chars: str) -> str:
    """``chars`` safe inside a regular expression's character class."""
    return "".join("\\" + c if c in "\\]^-[" else c for c in chars)


class FieldForm(StyledOnce, LaidOutOnce, KeyForm):
    """A form drawn from a :class:`FormModel`: returns its value, or None when cancelled."""

    STYLES = ("modal",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    def __init__(self, model: FormModel[object], title: str, players: int = 4) -> None:
        super().__init__()
        self.model = model
        self.form_layout = model.layout()
        self.heading = title
        self.seats = players
        self.values = model.start()
        self.reading: Reading[object] = model.read(self.values)
        self._widgets: dict[str, Input | Checkbox] = {}
        self._rows: dict[str, Widget] = {}
        # The rows of boxes: their columns' widths, how many boxes, the room; as laid out.
        self._boxes: dict[str, tuple[list[int], int, int]] = {}
        self._laid_boxes: dict[str, tuple[tuple[int, ...], bool, int]] = {}
        self._notes: dict[str, Widget] = {}  # the notes beside the rows' fields
        self._help: dict[bool, str] = {False: "", True: ""}  # the line of keys, by -short
        self._shown: dict[str, str | Text] = {}
        self.OUTCOMES = "".join(self.form_layout.outcomes)
        package = package_of(model)
        self.say: Callable[[str], str] = lambda words: say_in(package, words)
        # ctrl+s does what the confirm button says ("Use these" on the tenpai check): the
        # footer names it so, not with the binding's "Confirm" (widgets/footer.py).
        self.footer_words = {"confirm": self.say(self.form_layout.confirm)}

    # ------------------------------------------------------------ drawing

    def _widget(self, f: Field) -> Input | Checkbox:
        value = self.values.get(f.key, "")
        common: dict[str, Any] = {"id": f"ff-{f.key}", "compact": True, "classes": "ff-field"}
        if f.kind == "check":
            return Checkbox(self.say(f.label), value == TICKED, **common)
        last = self.seats
        cls: type[Input] = CodeInput
        restrict: str | None
        if f.kind == "code":
            letters = _escaped(f.allowed)
            restrict, length = f"(?i)[{letters}]?", 1
        elif f.kind == "seat":
            restrict, length = f"[1-{last}]?", 1
        elif f.kind == "seats":
            restrict, length, cls = f"[1-{last}]*", last, SeatSetInput
        elif f.kind == "number":
            restrict, length = "[0-9]*", f.max_length
        else:
            restrict = f"[{f.allowed}]*" if f.allowed else None
            length = f.max_length
        field = cls(
            value,
            placeholder=self.say(f.placeholder) if f.placeholder else "",
            restrict=restrict,
            max_length=length or 0,
            validators=[_Problem(f.problem)] if f.problem else None,
            **common,
        )
        width = f.width or {"code": 1, "seat": 1, "seats": last}.get(f.kind, 4)
        field.styles.width = width + 2 if f.kind != "text" or f.width else "1fr"
        return field

    def _row(self, row: Row) -> Widget:
        parts: list[Widget] = []
        if row.label:
            label = Label(self.say(row.label), classes="ff-label", markup=False)
            label.styles.width = self.form_layout.label_width
            parts.append(label)
        for f in row.fields:
            if f.label and f.kind != "check":
                parts.append(Label(self.say(f.label), classes="ff-small", markup=False))
            widget = self._widget(f)
            self._widgets[f.key] = widget
            parts.append(widget)
            if f.kind == "seat":
                parts.append(Label("", id=f"ff-name-{f.key}", classes="ff-name", markup=False))
        if not row.note_below:
            note = Label("", id=f"ff-note-{row.key}", classes="ff-note", markup=False)
            self._notes[row.key] = note
            if row.note_width:
                note.styles.width = row.note_width
            elif any(f.kind == "text" and not f.width for f in row.fields):
                note.styles.width = "auto"  # the wide field takes the line
            parts.append(note)
        box: Widget
        if _boxes_only(row):
            # Boxes alone wrap onto as many lines as the form's width needs (on_resize),
            # so that none is cut off past the edge while still taking keys.
            box = Grid(*parts, id=f"ff-row-{row.key}", classes="ff-row ff-boxes")
        else:
            box = Horizontal(*parts, id=f"ff-row-{row.key}", classes="ff-row")
        self._rows[row.key] = box
        return box

    def _wrap_boxes(self, size: Size) -> None:
        """Each row of boxes in as many columns as fit the form at the screen's ``size``."""
        inner = min(size.width, FORM_WIDTH) - FORM_FRAME
        if size.height < 24:  # the form scrolls there: its scrollbar takes a column
            inner -= SCROLLBAR
        for row in self.form_layout.rows:
            if _boxes_only(row) and not row.note_below:
                cells = [cell_len(self.say(f.label)) + BOX_CELLS for f in row.fields]
                self._boxes[row.key] = (_columns(cells, inner), len(cells), inner)
                self._lay_boxes(row.key, self.reading.notes.get(row.key, ""))

    def _lay_boxes(self, key: str, note: str) -> None:
        """A row of boxes and its note: the note beside the boxes where they and it fit
        one line, else on a line under them."""
        widths, count, room = self._boxes[key]
        beside = len(widths) == count and sum(widths) + cell_len(note) <= room
        lines = 1 if beside else -(-count // len(widths)) + bool(note)
        laid = (tuple(widths), beside, lines)
        if self._laid_boxes.get(key) == laid:
            return  # as it is: no layout asked for
        self._laid_boxes[key] = laid
        box, columns = self._rows[key], [*map(str, widths), *(["1fr"] if beside else [])]
        box.styles.grid_size_columns = len(columns)
        box.styles.grid_columns = " ".join(columns)
        box.styles.height = lines
        self._notes[key].styles.column_span = 1 if beside else len(widths)

    def _rows_of(self, row: Row) -> list[Widget]:
        """A row, and under it its note when the note goes below."""
        widgets: list[Widget] = [self._row(row)]
        if row.note_below:
            below = Static("", id=f"ff-note-{row.key}", classes="ff-below", markup=False)
            below.styles.padding = (0, 0, 0, self.form_layout.label_width)
            widgets.append(below)
        return widgets

    def on_resize(self, event: events.Resize) -> None:
        # Below 80x24 the form keeps what a scorer types into, the preview, the buttons
        # and the keys the footer does not name, above the footer; a player's name takes
        # fewer columns, the blank lines go, and what is still too tall scrolls to the
        # focused field.
        short = event.size.height < 24
        self._wrap_boxes(event.size)
        self.set_class(event.size.width < 80, "-narrow")
        self.set_class(short, "-short")
        self.query_one("#ff").styles.max_height = max(event.size.height - 1, 3)  # the footer
        self.show("#ff-help", self._help[short])  # a layout only when it changes
        self.query_one("#ff-help", Static).display = bool(self._help[short])

    def compose(self) -> ComposeResult:
        layout = self.form_layout
        rows = [w for row in layout.rows for w in self._rows_of(row)]
        self._wrap_boxes(self.app.size)
        with Vertical(id="ff"):
            yield Label(self.heading, id="ff-title", markup=False)
            if layout.beside:
                with Horizontal(id="ff-body"):
                    yield Vertical(*rows, id="ff-rows")
                    yield Static("", id="ff-lines", markup=False)
            else:
                yield from rows
                yield Static("", id="ff-lines", markup=False)
            preview = Static("", id="ff-preview")
            preview.display = layout.preview
            yield preview
            yield Static("", id="ff-next", markup=False)
            yield Static("", id="ff-error", markup=False)
            with Horizontal(id="ff-buttons"):
                yield Button(
                    self.say(layout.confirm),
                    id="ff-confirm",
                    variant="primary",
                    compact=True,
                    classes="form-confirm",
                )
                yield Button(_("Cancel"), id="ff-cancel", compact=True, classes="form-cancel")
                for action in layout.actions:
                    if action.button:
                        yield Button(
                            self.say(action.label),
                            id=f"ff-action-{action.name}",
                            compact=True,
                            classes="ff-action",
                        )
            keys = " · ".join(f"{a.key} {self.say(a.label.lower())}" for a in layout.actions)
            help_line = " · ".join(
                part
                for part in (
                    self.say(layout.help) if layout.help else "",
                    _("Enter next · ctrl+s {confirm}").format(
                        confirm=self.say(layout.confirm.lower())
                    ),
                    keys,
                    _("Esc cancel"),
                )
                if part
            )
            # Below 24 rows the footer says Confirm and Cancel: the line keeps the keys it
            # has not (ctrl+t tiles, ctrl+f fu calc).
            self._help = {False: help_line, True: keys}
            yield Static(help_line, id="ff-help", markup=False)
        # The form's own keys at the foot, over the sheet's (which do nothing here).
        yield Footer()

    # ------------------------------------------------------------ reading

    def current_values(self) -> dict[str, str]:
        values = dict(self.values)
        for key, widget in self._widgets.items():
            if isinstance(widget, Checkbox):
                values[key] = TICKED if widget.value else ""
            else:
                values[key] = widget.value
        return values

    def read(self) -> Reading[object]:
        self.values = self.current_values()
        return self.model.read(self.values)

    def set_values(self, values: Mapping[str, str]) -> None:
        for key, value in values.items():
            self.values[key] = value
            widget = self._widgets.get(key)
            if isinstance(widget, Checkbox):
                widget.value = value == TICKED
            elif widget is not None:
                widget.value = value

    # ------------------------------------------------------------ showing

    def show(self, selector: str, content: str | Text) -> None:
        """Update a label only when its text changes (each update costs a layout); an
        empty block under the rows takes no line."""
        if selector in self._shown and self._shown[selector] == content:
            return
        self._shown[selector] = content
        shown = self.query_one(selector, Static)
        shown.update(content)
        if selector in BLOCKS:
            shown.display = bool(content)

    def fields_changed(self) -> None:
        self.reading = reading = self.read()
        for key, widget in self._widgets.items():
            widget.disabled = key not in reading.active
        for row in self.form_layout.rows:
            shown = any(f.key in reading.active for f in row.fields)
            self._rows[row.key].display = shown
            note = reading.notes.get(row.key, "")
            if row.note_below:
                self.query_one(f"#ff-note-{row.key}").display = shown
            elif row.key in self._boxes:
                self._lay_boxes(row.key, note)
            self.show(f"#ff-note-{row.key}", note)
            for f in row.fields:
                if f.kind == "seat":
                    self.show(f"#ff-name-{f.key}", reading.notes.get(f.key, ""))
        for action in self.form_layout.actions:
            if action.button:
                shown = reading.actions is None or action.name in reading.actions
                self.query_one(f"#ff-action-{action.name}").display = shown
        self.show("#ff-lines", _lines(reading.lines))
        self.show("#ff-error", "\n".join(reading.errors))
        self.show_preview(reading)

    def show_preview(self, reading: Reading[object]) -> None:
        """What the form found, for a form with no table to preview: its lines say it."""

    # ------------------------------------------------------------ the walk

    def walk(self) -> list[Widget]:
        """The active fields of the rows shown, in the order on screen."""
        return [
            w for key, w in self._widgets.items() if key in self.reading.active and not w.disabled
        ]

    def first_field(self) -> Widget:
        """The first active field the form's opener did not give (FormLayout.given)."""
        given = self.form_layout.given
        rest = [w for w in self.walk() if (w.id or "")[3:] not in given]
        return rest[0] if rest else self.confirm_button()

    def is_outcome_field(self, widget: Widget) -> bool:
        outcome = self.form_layout.outcome
        return outcome is not None and widget.id == f"ff-{outcome}"

    def set_outcome(self, letter: str) -> None:
        if self.form_layout.outcome is not None:
            self.set_values({self.form_layout.outcome: letter})

    def refused(self, message: str) -> None:
        """A key the form cannot take: a bell, and why on the error line."""
        self.show("#ff-error", message)
        self.app.bell()

    # ------------------------------------------------------------ the focused row

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The focused field's row is marked (its label reversed): seen without colour."""
        for row in self._rows.values():
            row.set_class(event.widget in row.children, "-focused")

    # ------------------------------------------------------------ keys

    def take_key(self, event: events.Key) -> bool:
        for action in self.form_layout.actions:
            if event.key == action.key and isinstance(self.focused, (Input, Checkbox, Button)):
                self.open_action(action.name)
                return True
        return super().take_key(event)

    def press_now(self, button: Button) -> None:
        if button.id and button.id.startswith("ff-action-"):
            self.open_action(button.id.removeprefix("ff-action-"))
        else:
            super().press_now(button)

    def open_action(self, name: str) -> None:
        """Open the smaller form ``name``; its result fills this form's fields (the model
        says why when it cannot open yet)."""
        offered = self.reading.actions
        if offered is not None and name not in offered:  # the fu calculator at a draw
            label = next(a.label for a in self.form_layout.actions if a.name == name)
            self.refused(_("{what} is not for this hand").format(what=self.say(label)))
            return
        focused = self.focused
        key = (focused.id or "")[3:] if focused is not None and focused.id else None
        try:
            sub = self.model.open(name, self.current_values(), key)
        except HandError as e:
            self.refused(str(e))
            return

        def put(result: Any) -> None:
            if result is None:
                return
            values, go_on = sub.done(result)
            self.set_values(values)
            self.refresh_fields()
            target = self._widgets.get(go_on) if go_on else None
            self.focus_field(
                target if target is not None and not target.disabled else self.confirm_button()
            )

        self.app.push_screen(FieldForm(sub.model, sub.title, self.seats), put)

    # ------------------------------------------------------------ confirming

    def action_confirm(self) -> None:
        self.refresh_fields()
        reading = self.reading
        if reading.value is None:
            self.refused("\n".join(reading.errors))
            return
        self.dismiss(reading.value)


def _lines(lines: tuple[Line, ...]) -> Text:
    text = Text()
    for n, line in enumerate(lines):
        if n:
            text.append("\n")
        text.append(line.text, style=LINE_STYLES[line.style])
    return text


__all__ = ["FieldForm", "SeatSetInput"]
