"""A hand written back for a preview: mpsz, plain words, or Unicode tiles.

The concealed tiles come first, sorted, the winning tile set apart at the
end; then the melds in the order typed, an open meld in [...] and a closed
kan in (...), as in the notation.
"""

from __future__ import annotations

from collections.abc import Callable

from mjtui.core.language import pgettext
from mjtui.core.tiles.notation import (
    FIVES,
    TILE_NAMES,
    Meld,
    TileHand,
    WaitingHand,
    format_tiles,
    scan,
    tile_glyph,
    tile_text,
)

RED_MARK = "*"  # after a red five in the text form
FIRST_HONOR = 27  # 1z, East: the tiles from here on have names (notation.py)


def _without_win(hand: TileHand) -> list[int]:
    rest = list(hand.concealed)
    rest.remove(hand.win)
    return rest


def _win_red(hand: TileHand) -> bool:
    """Whether the winning tile is shown red: only when every concealed copy is red."""
    return hand.win in hand.red_fives and hand.concealed.count(hand.win) == 1


def format_hand(hand: TileHand) -> str:
    """The hand in mpsz notation, the winning tile last: '123m456p789s1z [567s] 1z'."""
    if not hand.red_fives and not hand.melds:  # most hands: the tiles, then the winning one
        rest = _without_win(hand)
        return f"{format_tiles(rest)} {TILE_NAMES[hand.win]}" if rest else TILE_NAMES[hand.win]
    reds = list(hand.red_fives)
    win_red = _win_red(hand)
    if win_red:
        reds.remove(hand.win)
    parts = [format_tiles(_without_win(hand), reds)]
    parts += [_meld_mpsz(m) for m in hand.melds]
    parts.append(format_tiles([hand.win], [hand.win] if win_red else []))
    return " ".join(p for p in parts if p)


def format_waiting(hand: WaitingHand) -> str:
    """A waiting hand in mpsz notation: '123m456p789s1z [567s]'."""
    parts = [format_tiles(hand.concealed, hand.red_fives)]
    parts += [_meld_mpsz(m) for m in hand.melds]
    return " ".join(p for p in parts if p)


def waiting_words(hand: WaitingHand) -> str:
    """A waiting hand in plain words: '1m 2m 3m ... East  [5s 6s 7s]'."""
    reds = list(hand.red_fives)
    tiles = []
    for t in hand.concealed:
        red = t in reds
        if red:
            reds.remove(t)
        tiles.append(tile_text(t) + (RED_MARK if red else ""))
    parts = [" ".join(tiles)]
    for meld in hand.melds:
        fives = [i for i, t in enumerate(meld.tiles) if t in FIVES][: meld.red]
        body = " ".join(
            tile_text(t) + (RED_MARK if i in fives else "") for i, t in enumerate(meld.tiles)
        )
        parts.append(f"[{body}]" if meld.opened else f"({body})")
    return "  ".join(parts)


def _meld_mpsz(meld: Meld) -> str:
    body = format_tiles(meld.tiles, [t for t in meld.tiles if t in FIVES][: meld.red])
    return f"[{body}]" if meld.opened else f"({body})"


def _render(hand: TileHand, one: Callable[[int, bool], str], sep: str) -> str:
    reds = list(hand.red_fives)
    win_red = _win_red(hand)
    if win_red:
        reds.remove(hand.win)
    tiles = []
    for t in _without_win(hand):
        red = t in reds
        if red:
            reds.remove(t)
        tiles.append(one(t, red))
    parts = [sep.join(tiles)]
    for meld in hand.melds:
        fives = [i for i, t in enumerate(meld.tiles) if t in FIVES][: meld.red]
        body = sep.join(one(t, i in fives) for i, t in enumerate(meld.tiles))
        parts.append(f"[{body}]" if meld.opened else f"({body})")
    parts.append(pgettext("tile", "win") + " " + one(hand.win, win_red))
    return "  ".join(p for p in parts if p)


def hand_text(hand: TileHand) -> str:
    """Plain words: '1m 2m 3m ... East  [5s 6s 7s]  win East'; a red five is '5m*'."""
    return _render(hand, lambda t, red: _word(t) + (RED_MARK if red else ""), " ")


def _word(t: int) -> str:
    """A tile in words, an honor in the language spoken (東, 白): a number tile is its
    notation in every language."""
    return pgettext("tile", tile_text(t)) if t >= FIRST_HONOR else tile_text(t)


def hand_glyphs(hand: TileHand) -> str:
    """Unicode mahjong tiles (U+1F000..): '🀇🀈🀉...  [🀔🀕🀖]  win 🀀'.

    Unicode has no red five; a red five is followed by the text form's mark.
    """
    return _render(hand, lambda t, red: tile_glyph(t) + (RED_MARK if red else ""), "")


def preview(text: str) -> tuple[str, str]:
    """The tiles typed so far, in words and in Unicode tiles, for a form's preview.

    Unlike :func:`parse_hand` the count does not matter, so a hand being typed
    shows as it grows; a typing mistake raises HandError as parsing does.
    """
    words, glyphs = [], []
    for kind, _, tiles in scan(text, allow_melds=True):
        shown = [(t.id, t.red) for t in tiles]
        if kind != "concealed":
            shown.sort()
        word = " ".join(tile_text(t) + (RED_MARK if red else "") for t, red in shown)
        glyph = "".join(tile_glyph(t) + (RED_MARK if red else "") for t, red in shown)
        if kind == "[":
            word, glyph = f"[{word}]", f"[{glyph}]"
        elif kind == "(":
            word, glyph = f"({word})", f"({glyph})"
        words.append(word)
        glyphs.append(glyph)
    return "  ".join(words), "  ".join(glyphs)


def waits_lines(said: list[tuple[str, str]], most: int = 4) -> list[str]:
    """Each wait's tile and what it wins, for a form: the tiles that win the same
    on one line ("  2s 5s  1 han 30 fu · 1000"), and past ``most`` such lines all
    of them on one, which the form wraps, so that a many-sided wait leaves the
    form's buttons on a 24-line screen."""
    groups: dict[str, list[str]] = {}
    for tile, text in said:
        groups.setdefault(text, []).append(tile)
    if len(groups) <= most:
        return [f"  {' '.join(tiles):<3} {text}" for text, tiles in groups.items()]
    return ["  " + " · ".join(f"{' '.join(tiles)} {text}" for text, tiles in groups.items())]
