"""The footer every screen shows: Textual's, in as many rows as its keys need, without
the keys it never lets go of.

Rows: Textual's footer is one row, and where a screen's keys are wider than the
window (the sheet's ten at 60 columns) the last ones are cut: `t` and `q` went first.
Here the keys take a second or third row when one cannot hold them, in columns as
wide as their widest key, so every key stays on screen at any width a scorer uses.

Watchers: Textual's Footer makes its keys anew whenever the screen's bindings change,
as they do when a hand form opens over the sheet and closes again: every hand.
It binds each key's ``compact`` to its own (``data_bind``), which leaves a
watcher on the footer that Textual drops only when ``compact`` next changes,
which it never does. So every key the footer ever showed stayed alive: some
2,600 objects a hand, over which each full pass of the cyclic collector took
2 ms longer a hand, 240 ms after 120 hands, now and then between a ctrl+s and
the new totals (Textualize/textual#6666, open). Dropping them takes Textual's
internals (mjtui/private_api.py: drop_closed_watchers).

Keys made once: most of those changes give the keys the footer already shows (a
focus moving from field to field, the sheet back on top after a hand), and
making them anew took a third of the CPU time of a key typed in a form. The
footer makes them anew only when what they are made from has changed.

Each key's description is said in the language spoken (mjtui.core.language). A screen
whose key does something it names in its own words (a form whose ctrl+s is "Use these",
not "Confirm") says so in ``footer_words``: its action's words, already said, shown in
place of the binding's (:func:`words_of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.dom import NoScreen
from textual.screen import ModalScreen
from textual.widgets import Footer as TextualFooter

from mjtui.core.language import _
from mjtui.private_api import drop_closed_watchers, footer_key_type

MOST_ROWS = 3  # past this the keys are cut as Textual cuts them: the screen comes first


def rows_needed(widths: Sequence[int], room: int) -> int:
    """The fewest rows (up to MOST_ROWS) that hold keys of these ``widths`` in ``room``
    columns, laid out row by row in columns as wide as each column's widest key."""
    for rows in range(1, MOST_ROWS + 1):
        columns = -(-len(widths) // rows)
        width = sum(max(widths[column::columns]) for column in range(columns)) if widths else 0
        if width <= room:
            return rows
    return MOST_ROWS


def words_of(node: object) -> Mapping[str, str]:
    """A screen's own words for its keys' actions (``footer_words``), or none."""
    words = getattr(node, "footer_words", None)
    return words if isinstance(words, Mapping) else {}


class Footer(TextualFooter):
    DEFAULT_CSS = """
    Footer.-rows {
        layout: grid;
        grid-columns: auto;
        grid-gutter: 0;
    }
    /* A grid's cell does not make room for a key's margin: the compact keys' margin
       becomes the gutter between the columns, or each key lost its last cell. */
    Footer.-rows.-compact {
        grid-gutter: 0 1;
    }
    Footer.-rows.-compact FooterKey {
        margin: 0;
    }
    """

    def compose(self) -> ComposeResult:
        # The bindings' descriptions are English where they are declared (a class's
        # constants): each key is said in the language spoken as it is shown.
        key_type = footer_key_type()
        words = words_of(self.screen)
        for widget in super().compose():
            if isinstance(widget, key_type):
                key: Any = widget  # a FooterKey, which holds its description and action
                key.description = words.get(key.action) or _(key.description)
            yield widget

    _composed: object = None  # what the keys shown were made from (:meth:`_shown`)

    def _shown(self) -> object:
        """All that Textual's compose makes the keys from, with each description as
        said in the language spoken: the same again, the same keys are shown."""
        try:
            active = self.screen.active_bindings
        except NoScreen:
            return None
        app = self.app
        words = words_of(self.screen)
        return (
            self.show_command_palette and app.ENABLE_COMMAND_PALETTE,
            app.COMMAND_PALETTE_BINDING,
            self.combine_groups,
            tuple(
                (
                    binding,
                    enabled,
                    tooltip,
                    app.get_key_display(binding),
                    words.get(binding.action) or _(binding.description),
                )
                for _node, binding, enabled, tooltip in active.values()
            ),
        )

    async def recompose(self) -> None:
        # Textual recomposes the footer whenever the screen's bindings may have changed:
        # most often to the keys it shows (the module's docstring).
        shown = self._shown()
        if shown is None or shown != self._composed:
            await super().recompose()
            drop_closed_watchers(self)
            self._composed = shown
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _rows_below(self) -> int:
        stack = self.app.screen_stack
        try:
            screen = self.screen
        except NoScreen:  # being taken off its screen, which is being replaced
            return 1
        if not isinstance(screen, ModalScreen) or screen not in stack[1:]:
            return 1  # a whole screen covers the footer below it
        below = stack[stack.index(screen) - 1]
        footers = [f for f in below.query(Footer) if f.parent is below]
        return max((f.outer_size.height for f in footers), default=1) or 1

    def _fit(self) -> None:
        if not self.is_attached:
            return  # recomposed or resized on its way off a screen: nothing to fit
        keys = list(self.children)
        room = self.size.width or self.app.size.width
        # A compact footer parts its keys by a column (a margin in a row, the gutter in
        # rows), which the keys' gutter leaves out: Japanese keys were cut at 80 columns.
        parted = 1 if self.compact else 0
        widths = [
            key.get_content_width(self.size, self.app.size) + key.styles.gutter.width + parted
            for key in keys
        ]
        rows = rows_needed(widths, room + parted)  # the last key needs no parting after it
        self.set_class(rows > 1, "-rows")
        # Over a screen whose footer took more rows (a form over the sheet at 60
        # columns), as many: the keys below would show through the row left over.
        self.styles.height = max(rows, self._rows_below())
        if rows > 1:
            self.styles.grid_size_columns = -(-len(keys) // rows)
