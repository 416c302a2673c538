"""Widgets as a form's first frame draws them, before the widgets themselves are mounted.

A form with ``COMPLETED_AFTER_FIRST_FRAME`` (key_form.py) may draw a costly
widget's line with a plain Static styled alike (mjtui.tcss), and mount the
widget in its place just after that frame; keys typed meanwhile wait for it.
tests/ui/test_first_screen.py compares the two frames: they are the same.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Input, Static


def drawn_like(field: Input) -> Static:
    """A compact, unfocused text field's line: its value, else its placeholder, dimmed.

    The Static's id is the field's with ``-shown``.
    """
    shown = Static(
        Text(field.value or field.placeholder, no_wrap=True, overflow="crop"),
        id=f"{field.id}-shown",
        classes="input-shown",
    )
    shown.set_class(not field.value, "-placeholder")
    return shown
