"""A checkbox whose state reads without colour.

Textual's Checkbox draws the same ``X`` whether it is checked or not and
tells them apart by colour alone, so on a monochrome terminal (or with
``NO_COLOR``) every box looks ticked. This one leaves the box empty when it
is unchecked. Every checkbox in the ui is this one.
"""

from __future__ import annotations

from textual.widgets import Checkbox as TextualCheckbox

CHECKED, UNCHECKED = "X", " "


class Checkbox(TextualCheckbox):
    """``▐X▌`` when checked, ``▐ ▌`` when not, in any colour or none."""

    # Textual's BUTTON_INNER is a plain class attribute, read (never written) by
    # ToggleButton._button on each render: a read-only property in its place is safe.
    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return CHECKED if self.value else UNCHECKED


__all__ = ["Checkbox"]
