"""A small yes/no question over the screen that asked it."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from mjtui.core.language import _
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.styles import StyledOnce


class ConfirmScreen(StyledOnce, LaidOutOnce, ModalScreen[bool]):
    """Returns True for yes (y), False for no (n or Esc).

    The question is shown exactly as given: a plain string is never read as
    markup, so a file or player name with brackets in it shows as typed.
    """

    STYLES = ("modal",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    # Enter alone never says yes: No has the focus from the first moment (a focus
    # set on mount comes later, and a key typed at once would find Yes focused).
    AUTO_FOCUS = "#confirm-no"
    # Taken as they arrive (priority), Enter included: a key typed right behind
    # the answer finds the question gone, never answers it a second time.
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", priority=True),
        Binding("n,escape", "answer(False)", "No", priority=True),
        Binding("enter", "answer_focused", show=False, priority=True),
    ]

    def __init__(self, question: str | Text, yes: str = "", no: str = "") -> None:
        """``yes`` and ``no`` name the answers (Yes and No where not given), said in the
        language spoken by the caller."""
        super().__init__()
        self.question = question if isinstance(question, Text) else Text(question)
        self.yes, self.no = yes or _("Yes"), no or _("No")

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="error", compact=True)
                yield Button(f"{self.no} (n)", id="confirm-no", compact=True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_answer_focused(self) -> None:
        self.dismiss(self.focused is self.query_one("#confirm-yes", Button))

    @on(Button.Pressed, "#confirm-yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#confirm-no")
    def _no(self) -> None:
        self.dismiss(False)
