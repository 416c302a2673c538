"""Tile ids and the mpsz notation of a winning hand (docs/tiles.md).

A tile is an int 0..33: 0-8 are 1m..9m (characters), 9-17 1p..9p (circles),
18-26 1s..9s (bamboo), 27-33 1z..7z (East, South, West, North, White, Green,
Red). A red five is an ordinary five for the shape of the hand, so hands
carry only how many there are.

Written hands::

    123m456p789s11z        concealed tiles, digits then their suit letter
    0m 0p 0s               red fives
    [567s] [555p] [1111z]  an open chi, pon or kan
    (1111z)                a closed kan

The winning tile is the last tile written in the concealed part, unless
:func:`parse_hand` is told another. Every mistake is a HandError whose
message repeats the text with a caret under the offending character.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, NamedTuple

from mjtui.core.errors import HandError
from mjtui.core.language import _

SUITS = "mpsz"
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
# Unicode's mahjong block orders honors winds then red, green, white dragons,
# and the suits characters, bamboo, circles; these map our ids onto it.
_GLYPH_HONORS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_GLYPH_SUIT_START = {0: 0x1F007, 1: 0x1F019, 2: 0x1F010}
TILE_KINDS = 34
COPIES = 4
HAND_SIZE = 14
FIVES = (4, 13, 22)

MeldKind = Literal["chi", "pon", "kan"]


def tile_name(t: int) -> str:
    """The mpsz name of a tile: '5m', '1z'."""
    return f"{t % 9 + 1}{SUITS[t // 9]}"


TILE_NAMES = tuple(tile_name(t) for t in range(TILE_KINDS))  # tile_name, looked up


def tile_text(t: int) -> str:
    """A name a player reads without knowing the notation: '5m', 'East', 'Red'."""
    return HONOR_NAMES[t - 27] if t >= 27 else tile_name(t)


def tile_glyph(t: int) -> str:
    """The tile as a Unicode mahjong tile (U+1F000..U+1F021)."""
    if t >= 27:
        return chr(_GLYPH_HONORS[t - 27])
    return chr(_GLYPH_SUIT_START[t // 9] + t % 9)


def is_honor(t: int) -> bool:
    return t >= 27


def is_terminal_or_honor(t: int) -> bool:
    return t >= 27 or t % 9 in (0, 8)


@dataclass(frozen=True, init=False)
class Meld:
    """A declared meld: an open chi, pon or kan, or a closed kan (``opened`` False)."""

    kind: MeldKind
    tiles: tuple[int, ...]  # sorted
    opened: bool
    red: int  # red fives in this meld

    def __init__(self, kind: MeldKind, tiles: tuple[int, ...], opened: bool, red: int) -> None:
        # One update, not four object.__setattr__ calls (as TileHand's).
        self.__dict__.update(kind=kind, tiles=tiles, opened=opened, red=red)


@dataclass(frozen=True, init=False)
class TileHand:
    """A complete hand: the concealed tiles (winning tile included) and the declared melds."""

    concealed: tuple[int, ...]  # sorted
    melds: tuple[Meld, ...]  # in the order typed
    win: int
    red: int  # red fives in the whole hand
    red_fives: tuple[int, ...] = ()  # the fives (4, 13, 22) of which a concealed copy is red

    def __init__(
        self,
        concealed: tuple[int, ...],
        melds: tuple[Meld, ...],
        win: int,
        red: int,
        red_fives: tuple[int, ...] = (),
    ) -> None:
        # One update, not a frozen dataclass's five object.__setattr__ calls: a hand is
        # made for every line of a batch, and one for each tile a waits query tries.
        self.__dict__.update(
            concealed=concealed, melds=melds, win=win, red=red, red_fives=red_fives
        )

    def counts(self) -> list[int]:
        """How many of each of the 34 tiles the hand holds, melds included."""
        counts = self.concealed_counts()
        for meld in self.melds:
            for t in meld.tiles:
                counts[t] += 1
        return counts

    def concealed_counts(self) -> list[int]:
        counts = [0] * TILE_KINDS
        for t in self.concealed:
            counts[t] += 1
        return counts

    @property
    def closed(self) -> bool:
        """No called meld (closed kans keep a hand closed)."""
        return all(not m.opened for m in self.melds)


def caret_error(text: str, pos: int, reason: str) -> HandError:
    """A HandError showing ``text`` with a caret under position ``pos``."""
    return HandError(f"{reason}\n  {text}\n  {' ' * pos}^")


class WrittenTile(NamedTuple):
    """A tile as typed, with the column of its digit for error carets."""

    id: int
    red: bool
    pos: int  # where its digit is in the text


_DIGITS = "0123456789"


def _read_group(text: str, digits: list[int], letter_pos: int) -> list[WrittenTile]:
    """The tiles of a run of digits ending at the suit letter at ``letter_pos``."""
    suit = SUITS.index(text[letter_pos])
    base = suit * 9
    tiles = []
    for pos in digits:
        d = _DIGITS.index(text[pos])
        if suit == 3 and not 1 <= d <= 7:
            raise caret_error(
                text,
                pos,
                _(
                    "there is no {d}z: honors are 1z-7z (East South West North, White Green Red)"
                ).format(d=d),
            )
        if d:
            tiles.append(WrittenTile(base + d - 1, False, pos))
        else:
            tiles.append(WrittenTile(base + 4, True, pos))
    return tiles


def scan(text: str, allow_melds: bool) -> list[tuple[str, int, list[WrittenTile]]]:
    """The text as groups: ("concealed", pos, tiles) and ("[" or "(", pos, tiles)."""
    groups: list[tuple[str, int, list[WrittenTile]]] = []
    digits: list[int] = []
    opener: tuple[str, int] | None = None
    current: list[WrittenTile] = []

    def flush_concealed() -> None:
        if current and opener is None:
            groups.append(("concealed", current[0].pos, list(current)))
            current.clear()

    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch in _DIGITS:
            digits.append(pos)
        elif ch in SUITS:
            if not digits:
                raise caret_error(
                    text, pos, _("the suit letter {ch} has no digits before it").format(ch=repr(ch))
                )
            current.extend(_read_group(text, digits, pos))
            digits = []
        elif ch in "[(" and allow_melds:
            if digits:
                raise caret_error(text, digits[0], _("these digits have no suit letter after them"))
            if opener is not None:
                raise caret_error(
                    text,
                    pos,
                    _("a meld cannot start inside the meld opened at column {n}").format(
                        n=opener[1] + 1
                    ),
                )
            flush_concealed()
            opener = (ch, pos)
        elif ch in "])" and allow_melds:
            if digits:
                raise caret_error(text, digits[0], _("these digits have no suit letter after them"))
            want = "[" if ch == "]" else "("
            if opener is None or opener[0] != want:
                raise caret_error(
                    text,
                    pos,
                    _(
                        "{ch} closes nothing: an open meld is written [...], a closed kan (...)"
                    ).format(ch=repr(ch)),
                )
            if not current:
                raise caret_error(text, opener[1], _("an empty meld"))
            groups.append((opener[0], opener[1], list(current)))
            current.clear()
            opener = None
        else:
            hint = _("; melds are not allowed here") if ch in "[]()" else ""
            raise caret_error(
                text,
                pos,
                _("unknown character {ch} (tiles are digits followed by m, p, s or z)").format(
                    ch=repr(ch)
                )
                + hint,
            )
    if digits:
        raise caret_error(text, digits[0], _("these digits have no suit letter after them"))
    if opener is not None:
        closer = "]" if opener[0] == "[" else ")"
        raise caret_error(
            text, opener[1], _("this meld is not closed with {ch}").format(ch=repr(closer))
        )
    flush_concealed()
    return groups


def _meld(text: str, opener: str, pos: int, tiles: list[WrittenTile]) -> Meld:
    ids = tuple(sorted(t.id for t in tiles))
    red = sum(t.red for t in tiles)
    alike = len(set(ids)) == 1
    if opener == "(":
        if len(ids) != 4 or not alike:
            raise caret_error(
                text, pos, _("a closed kan in (...) is four alike tiles, such as (1111z)")
            )
        return Meld("kan", ids, False, red)
    if len(ids) == 4 and alike:
        return Meld("kan", ids, True, red)
    if len(ids) == 3 and alike:
        return Meld("pon", ids, True, red)
    if (
        len(ids) == 3
        and ids[0] // 9 == ids[2] // 9
        and ids[1] == ids[0] + 1
        and ids[2] == ids[0] + 2
    ):
        if is_honor(ids[0]):
            raise caret_error(
                text,
                pos,
                _("honors do not make runs: a chi is three consecutive numbers of one suit"),
            )
        return Meld("chi", ids, True, red)
    raise caret_error(
        text,
        pos,
        _(
            "an open meld in [...] is a run of one suit (chi), three alike (pon) or four "
            "alike (kan)"
        ),
    )


def parse_hand(text: str, win: str | None = None) -> TileHand:
    """The hand written in ``text``; ``win`` ("5p", "0p") names the winning tile.

    Without ``win`` the winning tile is the last tile written outside the melds.
    """
    plain = _plain_hand(text, HAND_SIZE)
    if plain is not None:
        ids, reds = plain
        win_id = ids[-1] if win is None else _plain_win(win, ids, reds)
        if win_id is not None:
            return TileHand(tuple(sorted(ids)), (), win_id, len(reds), tuple(reds))
    melded = _plain_melds(text, HAND_SIZE) if "[" in text or "(" in text else None
    if melded is not None:
        ids, reds, melds_read, red = melded
        win_id = ids[-1] if win is None else _plain_win(win, ids, reds)
        if win_id is not None:
            return TileHand(tuple(sorted(ids)), melds_read, win_id, red, tuple(sorted(reds)))
    concealed, melds = _read_hand(text, HAND_SIZE)
    ids = [t.id for t in concealed]
    win_id = _win_tile(text, win, concealed) if win is not None else ids[-1]
    red = sum(t.red for t in concealed) + sum(m.red for m in melds)
    red_fives = tuple(sorted(t.id for t in concealed if t.red))
    return TileHand(tuple(sorted(ids)), tuple(melds), win_id, red, red_fives)


@dataclass(frozen=True, init=False)
class WaitingHand:
    """A hand one tile short of complete (13 tiles, plus one per kan): what a player
    holds while waiting. :meth:`with_tile` makes the complete hand of one more tile."""

    concealed: tuple[int, ...]  # sorted
    melds: tuple[Meld, ...]
    red: int
    red_fives: tuple[int, ...] = ()

    def __init__(
        self,
        concealed: tuple[int, ...],
        melds: tuple[Meld, ...],
        red: int,
        red_fives: tuple[int, ...] = (),
    ) -> None:
        # As TileHand's: one update, a waits line making one.
        self.__dict__.update(concealed=concealed, melds=melds, red=red, red_fives=red_fives)

    def concealed_counts(self) -> list[int]:
        counts = [0] * TILE_KINDS
        for t in self.concealed:
            counts[t] += 1
        return counts

    def counts(self) -> list[int]:
        """How many of each tile the hand holds, melds included."""
        counts = self.concealed_counts()
        for meld in self.melds:
            for t in meld.tiles:
                counts[t] += 1
        return counts

    def with_tile(self, tile: int) -> TileHand:
        """The complete hand won on ``tile`` (a plain tile: never a red five)."""
        return TileHand(
            tuple(sorted((*self.concealed, tile))), self.melds, tile, self.red, self.red_fives
        )


def parse_waiting_hand(text: str) -> WaitingHand:
    """The waiting hand written in ``text``: 13 tiles plus one per kan, melds in brackets."""
    plain = _plain_hand(text, HAND_SIZE - 1)
    if plain is not None:
        ids, reds = plain
        return WaitingHand(tuple(sorted(ids)), (), len(reds), tuple(reds))
    melded = _plain_melds(text, HAND_SIZE - 1) if "[" in text or "(" in text else None
    if melded is not None:
        ids, reds, melds_read, red = melded
        return WaitingHand(tuple(sorted(ids)), melds_read, red, tuple(sorted(reds)))
    concealed, melds = _read_hand(text, HAND_SIZE - 1)
    red = sum(t.red for t in concealed) + sum(m.red for m in melds)
    red_fives = tuple(sorted(t.id for t in concealed if t.red))
    return WaitingHand(tuple(sorted(t.id for t in concealed)), tuple(melds), red, red_fives)


# A hand of concealed tiles alone, digits and suit letters: the common case, read
# without the scanner (which stays the one place a bad hand is explained).
_PLAIN = re.compile(r"(?:\s*[0-9]+[mpsz])+\s*")
_GROUP = re.compile(r"([0-9]+)([mpsz])")
_Z_DIGITS = frozenset("1234567")


def _plain_hand(text: str, size: int) -> tuple[list[int], list[int]] | None:
    """The tile ids of ``text`` as written, and the ids of its red fives, when it is
    ``size`` concealed tiles written plainly and nothing is wrong with them; None for
    anything else (the scanner then reads it, and says what is wrong)."""
    if _PLAIN.fullmatch(text) is None:
        return None
    ids: list[int] = []
    for digits, letter in _GROUP.findall(text):
        if letter == "z" and not _Z_DIGITS.issuperset(digits):
            return None
        ids += map(_IDS[letter].__getitem__, digits)
    if len(ids) != size:
        return None
    reds: list[int] = []
    if "0" in text:  # a red five: one of each suit at most
        reds = sorted(
            _IDS[letter]["0"] for digits, letter in _GROUP.findall(text) for d in digits if d == "0"
        )
        if len(set(reds)) != len(reds):
            return None
    counts = [0] * TILE_KINDS
    for t in ids:
        counts[t] += 1
    if max(counts) > COPIES:
        return None
    return ids, reds


_IDS = {
    letter: {str(d): 9 * n + (d - 1 if d else 4) for d in range(10)}
    for n, letter in enumerate(SUITS)
}

# A hand with melds, each one group of digits and its suit letter in brackets.
_MELDED = re.compile(r"\s*(?:(?:[0-9]+[mpsz]|\[[0-9]+[mpsz]\]|\([0-9]+[mpsz]\))\s*)+")
_PART = re.compile(r"([\[(]?)([0-9]+)([mpsz])")


def _plain_melds(text: str, size: int) -> tuple[list[int], list[int], tuple[Meld, ...], int] | None:
    """A hand with melds written plainly (``123m44p [555z] (7777s)``): the concealed
    tile ids as written, the ids of their red fives, the melds and the red fives in
    all; None for anything else or anything wrong (the scanner then reads it and says
    what), so that what this returns is what the scanner makes of the same text."""
    if _MELDED.fullmatch(text) is None:
        return None
    ids: list[int] = []
    reds: list[int] = []
    melds: list[Meld] = []
    counts = [0] * TILE_KINDS
    red_suits = [0, 0, 0, 0]
    kans = total = 0
    for opener, digits, letter in _PART.findall(text):
        if letter == "z" and not _Z_DIGITS.issuperset(digits):
            return None
        of = _IDS[letter]
        tiles = [of[d] for d in digits]
        for t in tiles:
            counts[t] += 1
        red = digits.count("0")
        if red:
            suit = SUITS.index(letter)
            red_suits[suit] += red
            if red_suits[suit] > 1:
                return None
        total += len(tiles)
        if not opener:
            ids += tiles
            if red:
                reds.append(of["0"])
            continue
        meld = _plain_meld(opener, tuple(sorted(tiles)), red)
        if meld is None:
            return None
        kans += meld.kind == "kan"
        melds.append(meld)
    if not ids or total != size + kans or max(counts) > COPIES:
        return None
    return ids, reds, tuple(melds), len(reds) + sum(m.red for m in melds)


def _plain_meld(opener: str, ids: tuple[int, ...], red: int) -> Meld | None:
    """:func:`_meld` of a meld with nothing wrong; None where it would raise."""
    alike = ids[0] == ids[-1]
    if opener == "(":
        return Meld("kan", ids, False, red) if len(ids) == 4 and alike else None
    if alike and len(ids) in (3, 4):
        return Meld("kan" if len(ids) == 4 else "pon", ids, True, red)
    chi = len(ids) == 3 and ids[0] < 27 and ids[0] // 9 == ids[2] // 9
    if chi and ids[1] == ids[0] + 1 and ids[2] == ids[0] + 2:
        return Meld("chi", ids, True, red)
    return None


def _plain_win(win: str, ids: list[int], reds: list[int]) -> int | None:
    """The winning tile ``win`` ("5p", "0p") among the plain hand's tiles; None for
    anything else (the scanner then says what is wrong)."""
    if len(win) != 2 or win[1] not in _IDS or win[0] not in _IDS[win[1]]:
        return None
    if win[1] == "z" and win[0] not in _Z_DIGITS:
        return None
    tile = _IDS[win[1]][win[0]]
    held = tile in reds if win[0] == "0" else tile in ids
    return tile if held else None


def _read_hand(text: str, size: int) -> tuple[list[WrittenTile], list[Meld]]:
    """The concealed tiles and the melds of a hand of ``size`` tiles plus one per kan."""
    groups = scan(text, allow_melds=True)
    if not groups:
        raise caret_error(text, 0, _("no tiles: write a hand such as 123m456p789s11z [567s]"))
    concealed: list[WrittenTile] = []
    melds: list[Meld] = []
    for kind, pos, tiles in groups:
        if kind == "concealed":
            concealed.extend(tiles)
        else:
            melds.append(_meld(text, kind, pos, tiles))
    _check_copies(text, groups)
    kans = sum(m.kind == "kan" for m in melds)
    total = len(concealed) + sum(len(m.tiles) for m in melds)
    if total != size + kans:
        if size == HAND_SIZE:
            wanted = (
                _(
                    "a complete hand has {size} tiles plus one per kan ({with_kans} with "
                    "{kans} kan); this one has {total}"
                )
                if kans
                else _("a complete hand has {size} tiles plus one per kan; this one has {total}")
            )
        else:
            wanted = (
                _(
                    "a waiting hand has {size} tiles plus one per kan ({with_kans} with "
                    "{kans} kan); this one has {total}"
                )
                if kans
                else _("a waiting hand has {size} tiles plus one per kan; this one has {total}")
            )
        raise caret_error(
            text,
            len(text),
            wanted.format(size=size, with_kans=size + kans, kans=kans, total=total),
        )
    if not concealed:
        raise caret_error(text, 0, _("no concealed tiles: the hand holds more than its melds"))
    return concealed, melds


def _check_copies(text: str, groups: list[tuple[str, int, list[WrittenTile]]]) -> None:
    seen = [0] * TILE_KINDS
    reds = [0] * 3
    for _kind, _pos, tiles in groups:
        for t in tiles:
            seen[t.id] += 1
            if seen[t.id] > COPIES:
                raise caret_error(
                    text,
                    t.pos,
                    _("a fifth {tile}: a set has four of each tile").format(tile=tile_name(t.id)),
                )
            if t.red:
                suit = t.id // 9
                reds[suit] += 1
                if reds[suit] > 1:
                    raise caret_error(
                        text,
                        t.pos,
                        _("a second red five of {suit}: a set has one red five per suit").format(
                            suit=SUITS[suit]
                        ),
                    )


def _win_tile(text: str, win: str, concealed: list[WrittenTile]) -> int:
    found = [t for _kind, _pos, group in scan(win, allow_melds=False) for t in group]
    if len(found) != 1:
        raise caret_error(win, 0, _("the winning tile is one tile, such as 5p or 0p (red)"))
    tile = found[0]
    ok = any(t.id == tile.id and (t.red or not tile.red) for t in concealed)
    if not ok:
        missing = (
            _(
                "the winning tile a red {tile} is not among the concealed tiles (outside "
                "the melds) of"
            )
            if tile.red
            else _(
                "the winning tile {tile} is not among the concealed tiles (outside the melds) of"
            )
        )
        raise HandError(missing.format(tile=tile_name(tile.id)) + f"\n  {text}")
    return tile.id


_TILES_READ: dict[str, tuple[tuple[int, ...], int]] = {}
_TILES_KEPT = 4096  # short lists (dora indicators) come again and again in a batch


def parse_tiles(text: str) -> tuple[tuple[int, ...], int]:
    """A bare tile list ("3m1z", dora indicators): the ids as written and the red fives."""
    found = _TILES_READ.get(text)
    if found is not None:
        return found
    found = _parse_tiles(text)
    if len(_TILES_READ) < _TILES_KEPT and len(text) <= 16:
        _TILES_READ[text] = found
    return found


def _parse_tiles(text: str) -> tuple[tuple[int, ...], int]:
    plain = _plain_tiles(text)
    if plain is not None:
        return plain
    tiles = [t for _kind, _pos, group in scan(text, allow_melds=False) for t in group]
    _check_copies(text, [("tiles", 0, tiles)])
    return tuple(t.id for t in tiles), sum(t.red for t in tiles)


def _plain_tiles(text: str) -> tuple[tuple[int, ...], int] | None:
    """:func:`_parse_tiles` of a list written plainly with nothing wrong in it (digits and
    suit letters, at most four of a tile and one red five a suit), read by two regular
    expressions; None for anything else, which the scanner reads and explains. Dora
    indicators of a batch are too many to be kept, and the scanner read each at two to
    three times this cost."""
    if _PLAIN.fullmatch(text) is None:
        return None
    ids: list[int] = []
    reds = 0
    for digits, letter in _GROUP.findall(text):
        if letter == "z" and not _Z_DIGITS.issuperset(digits):
            return None
        ids += map(_IDS[letter].__getitem__, digits)
        reds += digits.count("0")
    if reds and not _one_red_a_suit(text):
        return None
    if len(ids) > COPIES and max(map(ids.count, ids)) > COPIES:
        return None
    return tuple(ids), reds


def _one_red_a_suit(text: str) -> bool:
    zeros = [letter for digits, letter in _GROUP.findall(text) for d in digits if d == "0"]
    return len(set(zeros)) == len(zeros)


_DIGIT_OF = tuple(str(t % 9 + 1) for t in range(TILE_KINDS))


def format_tiles(ids: Iterable[int], red_fives: Iterable[int] = ()) -> str:
    """Tiles back in mpsz form, grouped by suit ('123m05p'); one copy of each of
    ``red_fives`` is written red."""
    reds = set(red_fives)
    if not reds:  # most hands: the digits in one join, the suits' letters put between
        ordered = sorted(ids)
        digits = "".join(map(_DIGIT_OF.__getitem__, ordered))
        p = bisect_left(ordered, 9)
        s = bisect_left(ordered, 18, p)
        z = bisect_left(ordered, 27, s)
        text = digits[:p] + "m" if p else ""
        if s > p:
            text += digits[p:s] + "p"
        if z > s:
            text += digits[s:z] + "s"
        if len(ordered) > z:
            text += digits[z:] + "z"
        return text
    out = []
    digits = ""
    suit = -1
    for t in sorted(ids):
        if t // 9 != suit:
            if digits:
                out.append(digits + SUITS[suit])
            suit, digits = t // 9, ""
        if t in reds:
            digits += "0"
            reds.discard(t)
        else:
            digits += _DIGITS[t % 9 + 1]
    if digits:
        out.append(digits + SUITS[suit])
    return "".join(out)
