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

    @property  # type: ignore[override]  # read by ToggleButton._button on each render
    def BUTTON_INNER(self) -> str:
        return CHECKED if self.value else UNCHECKED


__all__ = ["Checkbox"]
