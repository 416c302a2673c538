"""Enter in a form moves to the next field a hand needs, then to Confirm."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widget import Widget
from textual.widgets import Input


def focus_after(current: Input, fields: Sequence[Input], last: Widget) -> None:
    """Focus the field after ``current`` among ``fields``, or ``last`` after the last one.

    A field that is not among ``fields`` (one the form skips) leaves the focus alone.
    """
    if current not in fields:
        return
    index = fields.index(current)
    (fields[index + 1] if index + 1 < len(fields) else last).focus()


def enabled_fields(screen: Widget) -> list[Input]:
    """The screen's inputs that take typing now, in their order on screen."""
    return [w for w in screen.query(Input) if not w.disabled]
