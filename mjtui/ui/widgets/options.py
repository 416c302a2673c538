"""What a widget of ours passes on to Textual's: the options every widget takes."""

from __future__ import annotations

from typing import TypedDict


class WidgetOptions(TypedDict, total=False):
    """The keyword arguments of Textual's ``Widget.__init__`` (and a DataTable's)."""

    name: str | None
    id: str | None
    classes: str | None
    disabled: bool
