"""A text field that keeps no control character: what is typed or pasted into it is
cleaned as a name read from a file is (core/text.py ``clean_line``).

Textual's Input takes a paste as it comes, ESC, C1 controls and right-to-left
overrides included, and draws it raw to the terminal (and through ``mjtui
serve`` to a browser). Every change of the text goes through
:meth:`Input.replace`, so cleaning there covers keys, pastes and the
type-ahead alike.
"""

from __future__ import annotations

from textual.widgets import Input

from mjtui.core.text import clean_line


class TextField(Input):
    """An Input for a name or a filter: no control, bidirectional or invisible character."""

    def replace(self, text: str, start: int, end: int) -> None:
        super().replace(clean_line(text), start, end)
