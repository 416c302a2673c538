"""Tiles: the mpsz notation, hands as tile ids, and their readings as sets and a pair.

* :mod:`.notation`: tile ids, names, parsing of a written hand (docs/tiles.md);
* :mod:`.decompose`: every reading of concealed tiles as sets and a pair;
* :mod:`.render`: a hand as text or Unicode tiles, for a preview.

Shared by every system that scores from tiles (riichi, Pocket Mahjong).
"""

from mjtui.core.tiles.decompose import Reading, readings, seven_pairs, thirteen_orphans
from mjtui.core.tiles.notation import (
    Meld,
    TileHand,
    parse_hand,
    parse_tiles,
    tile_glyph,
    tile_name,
    tile_text,
)
from mjtui.core.tiles.render import format_hand, hand_glyphs, hand_text, preview

__all__ = [
    "Meld",
    "Reading",
    "TileHand",
    "format_hand",
    "hand_glyphs",
    "hand_text",
    "parse_hand",
    "parse_tiles",
    "preview",
    "readings",
    "seven_pairs",
    "thirteen_orphans",
    "tile_glyph",
    "tile_name",
    "tile_text",
]
