"""The rules reference of the series' ruleset (core/reports/reference.py), scrollable at 80x24.

Opened with `r` or `?` from the score sheet; the text is the one `mjtui rules RULESET`
prints, section titles in bold (and underlined, so they read without colour).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from mjtui.core.language import _
from mjtui.core.reports.reference import WIDTH, reference
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.footer import Footer

# The screen's columns that are not the text's: its left padding and the scrollbar.
FRAME = 4


def reference_rich(ruleset: Ruleset, columns: int = WIDTH) -> Text:
    text = Text()
    for section in reference(ruleset, columns):
        text.append(section.title + "\n", style="bold underline")
        text.append("\n".join(section.lines) + "\n\n")
    text.rstrip()
    return text


class ReferenceScreen(LaidOutOnce, Screen[None]):
    DEFAULT_CSS = """
    ReferenceScreen { background: $background; }
    ReferenceScreen #reference { height: 1fr; padding: 0 0 0 1; }
    """
    BINDINGS = [
        Binding(
            "escape,q,r,question_mark", "app.pop_screen", "Back to the sheet", key_display="esc"
        ),
        Binding("down,j", "scroll(1)", "Scroll", key_display="↑↓", show=True),
        Binding("up,k", "scroll(-1)", show=False),
        Binding("space,pagedown", "page(1)", "Page", key_display="space"),
        Binding("b,pageup", "page(-1)", show=False),
        Binding("home", "to(0)", show=False),
        Binding("end", "to(-1)", show=False),
    ]

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__()
        self.ruleset = ruleset
        self._columns = 0  # what the text was laid out for

    def _text(self, screen_width: int) -> Text:
        self._columns = min(screen_width - FRAME, WIDTH)
        return reference_rich(self.ruleset, self._columns)

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="reference"):
            yield Static(self._text(self.app.size.width), id="reference-text")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        # Its sentences wrapped to the terminal's width (at most 80 columns' worth), never
        # to 80 columns and then again by the screen (a line of a few words between).
        if min(event.size.width - FRAME, WIDTH) != self._columns:
            self.query_one("#reference-text", Static).update(self._text(event.size.width))

    def on_mount(self) -> None:
        self.title = _("Rules")
        self.sub_title = self.ruleset.rules.name_said()
        self.query_one("#reference").focus()

    @property
    def _scroller(self) -> VerticalScroll:
        return self.query_one("#reference", VerticalScroll)

    def action_scroll(self, lines: int) -> None:
        self._scroller.scroll_relative(y=lines, animate=False)

    def action_page(self, pages: int) -> None:
        scroller = self._scroller
        scroller.scroll_relative(y=pages * max(1, scroller.size.height - 1), animate=False)

    def action_to(self, where: int) -> None:
        scroller = self._scroller
        scroller.scroll_to(y=0 if where == 0 else scroller.max_scroll_y, animate=False)
