"""Which hand form each scoring system uses on the score sheet."""

from __future__ import annotations

from mjtui.ui.screens.fx602p_entry import FX602PHandScreen
from mjtui.ui.screens.hand_entry import HandEntryScreen
from mjtui.ui.screens.pocket_entry import PocketHandScreen
from mjtui.ui.screens.riichi_entry import RiichiHandScreen

ENTRY_FORMS: dict[str, type] = {
    "east-doubling": HandEntryScreen,
    "riichi": RiichiHandScreen,
    "fx602p": FX602PHandScreen,
    "pocket": PocketHandScreen,
}


def entry_form(system_name: str) -> type:
    """The hand form class for a system (the east-doubling form when unknown)."""
    return ENTRY_FORMS.get(system_name, HandEntryScreen)
