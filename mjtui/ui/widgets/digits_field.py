"""A field of digits that says what it did not take.

Textual's Input with ``restrict`` drops a key or a paste its pattern refuses
with the terminal's bell alone, which most terminals keep quiet: "25k" typed
as start points stood as 25 (a riichi series started with 25 points each),
a time limit of "-3" as 3. Every change of the text goes through
:meth:`Input.replace` (keys, pastes and the type-ahead alike), which calls
:meth:`Input.restricted` when the pattern refuses the text; a DigitsField
remembers that text (:attr:`DigitsField.not_typed`) and posts
:class:`DigitsField.Refused`, so its form can say what was not typed, and
need not start with a number the person did not type. Once the form has
said it (:attr:`DigitsField.said`), the next change of the value forgets it:
what the field holds then was typed after the person was told.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message
from textual.widgets import Input


class DigitsField(Input):
    """An Input of the digits 0-9 alone; ``label`` names it in what its form says."""

    class Refused(Message):
        """``text`` (a key, a paste) was not typed into ``field``: not digits alone."""

        def __init__(self, field: DigitsField, text: str) -> None:
            super().__init__()
            self.field = field
            self.text = text

        @property
        def control(self) -> DigitsField:
            return self.field

    def __init__(self, value: str = "", *, label: str, **kwargs: Any) -> None:
        self.label = label
        self.not_typed = ""
        """What was last refused and not yet typed over since it was said; "" when none."""
        self.said = False
        """Whether the form has said :attr:`not_typed` (then a change forgets it)."""
        self._trying = ""
        # The pattern stays the field's restrict: the forms' key rules read it
        # (key_form.py accepts: what a field takes as text, and where a key goes).
        super().__init__(value, restrict=r"[0-9]*", **kwargs)

    def replace(self, text: str, start: int, end: int) -> None:
        self._trying = text  # for restricted(), which Input calls without it
        super().replace(text, start, end)

    def restricted(self) -> None:
        # Input's own rings the bell alone; the form rings it, and says why.
        self.not_typed, self.said = self._trying, False
        self.post_message(self.Refused(self, self._trying))

    def watch_value(self) -> None:
        # Keys typed at once with the refused one come before the form says it:
        # they do not make the refusal unsaid.
        if self.said:
            self.not_typed, self.said = "", False
