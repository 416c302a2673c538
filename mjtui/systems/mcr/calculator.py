"""The fan of a winning hand from its tiles: every reading scored, the highest kept.

A hand is read every way it can be (docs/mcr.md):

* four sets and a pair, the concealed tiles split every way
  (:func:`mjtui.core.tiles.readings`) beside the declared melds;
* seven pairs (Seven Shifted Pairs when they run in one suit);
* Thirteen Orphans; Lesser and Greater Honors and Knitted Tiles;
* a Knitted Straight with one more set and a pair;
* Nine Gates (1112345678999 of a suit and any tile of it, concealed).

Each reading's fans are found (:mod:`.combinations` for the sets that make
fans together), the fans the others exclude are dropped
(:func:`.fans.apply_exclusions`), and the reading worth the most under the
ruleset's values is the hand's. Where two readings are worth the same, one
with Pure Triple Chow or Triple Pung is preferred, and the four-sets reading
over seven pairs, as the reference calculator does (docs/mcr.md).

What the tiles cannot show comes in :class:`Situation`: the seat and round
winds, a self-draw, the fourth tile of its kind, a kong (a replacement tile
when self-drawn, a robbed kong on a discard), the last tile of the wall, and
the flowers. A situation the tiles contradict is refused with a HandError.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.tiles import TileHand, parse_hand, readings, tile_name
from mjtui.systems.mcr import combinations
from mjtui.systems.mcr.fans import BY_KEY, KEYS, RANK, apply_exclusions
from mjtui.systems.mcr.rules import Rules
from mjtui.systems.mcr.terms import say

CHOW, PUNG, KONG = 0, 1, 2
WIND_TILES = range(27, 31)
DRAGONS = (31, 32, 33)
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 of bamboo, Green
REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))
# The six knitted straights: 147, 258 and 369, each in another suit.
KNITTED = tuple(
    tuple(
        sorted(
            9 * suit + rank
            for suit, ranks in zip(order, ((0, 3, 6), (1, 4, 7), (2, 5, 8)), strict=False)
            for rank in ranks
        )
    )
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)
MAX_FLOWERS = 8


@dataclass(frozen=True)
class Situation:
    """What the tiles cannot show. Winds are 0 East ... 3 North."""

    self_draw: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    fourth_tile: bool = False  # the winning tile is the last of its kind (和绝张)
    kong: bool = False  # self-drawn: a kong's replacement tile; on a discard: a robbed kong
    last_tile: bool = False  # the last tile of the wall (drawn or discarded)
    flowers: int = 0


class Set(NamedTuple):
    """A set of a reading: a chow (``tile`` its first), a pung or a kong."""

    kind: int  # CHOW, PUNG, KONG
    tile: int
    concealed: bool  # from the concealed tiles, or a concealed kong
    declared: bool  # declared at the table: a melded set or a concealed kong


@dataclass(frozen=True)
class Score:
    """A hand's score: the fans of its best reading, and the flowers."""

    fans: tuple[tuple[str, int], ...]  # (fan key, count), highest fan first; flowers not here
    fan: int  # what the table pays on: the fans and the flowers
    hand_fan: int  # the fans without the flowers
    flowers: int
    flower_fan: int
    minimum: int
    minimum_met: bool
    form: str  # "regular", "seven pairs", "knitted straight", "thirteen orphans"...
    layout: tuple[tuple[Set, ...], int] | str  # the sets and the pair, or the tiles

    counted: int  # what counts toward the minimum: the fans, and the flowers if they count

    @property
    def reading(self) -> str:
        """The sets and the pair scored, e.g. "123m 456m [789s] 555z 11p"."""
        if isinstance(self.layout, str):
            return self.layout
        sets, pair = self.layout
        return " ".join([_set_text(x) for x in sets] + [_pair_text(pair)])

    @property
    def reason(self) -> str | None:
        """Why the hand cannot be declared, or None."""
        if self.minimum_met:
            return None
        from mjtui.systems.mcr.events import under_minimum

        return under_minimum(
            self.counted, self.minimum, bool(self.flowers) and self.counted == self.hand_fan
        )


@dataclass(frozen=True)
class _Hand:
    """A hand made ready for reading: the counts and the declared sets."""

    concealed: tuple[int, ...]  # 34 counts of the concealed tiles, the winning tile in
    melds: tuple[Set, ...]
    win: int
    all_counts: tuple[int, ...]  # 34 counts, melds in (a kong as four)
    opened: int  # melded (claimed) sets


def prepare(hand: TileHand) -> _Hand:
    """A parsed hand as the calculator reads it; HandError for what MCR has not."""
    if hand.red:
        raise HandError(say("Chinese Official mahjong has no red fives: write 5, not 0"))
    melds = []
    counts = [0] * 34
    for t in hand.concealed:
        counts[t] += 1
    concealed = tuple(counts)
    opened = 0
    for m in hand.melds:
        melds.append(Set(_KINDS[m.kind], m.tiles[0], not m.opened, True))
        opened += m.opened
        for t in m.tiles:
            counts[t] += 1
    return _Hand(concealed, tuple(melds), hand.win, tuple(counts), opened)


_KINDS = {"chi": CHOW, "pon": PUNG, "kan": KONG}


def check_situation(h: _Hand, s: Situation) -> None:
    """Refuse a situation that the tiles or the other flags contradict."""
    for what, value in (("seat wind", s.seat_wind), ("round wind", s.round_wind)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4:
            raise HandError(
                say("the {what} is 0 East ... 3 North, got {value}").format(
                    what=what, value=repr(value)
                )
            )
    if (
        isinstance(s.flowers, bool)
        or not isinstance(s.flowers, int)
        or not 0 <= s.flowers <= MAX_FLOWERS
    ):
        raise HandError(
            say("flowers: a player has 0 to {max_flowers} flower tiles, got {flowers}").format(
                max_flowers=MAX_FLOWERS, flowers=repr(s.flowers)
            )
        )
    win = tile_name(h.win)
    if s.fourth_tile and h.concealed[h.win] > 1:
        raise HandError(
            say("the winning {win} cannot be the last of its kind: the hand holds another").format(
                win=win
            )
        )
    if s.kong:
        if s.self_draw and not any(m.kind == KONG for m in h.melds):
            raise HandError(say("a win on a kong's replacement tile needs a kong in the hand"))
        if not s.self_draw and (h.all_counts[h.win] > 1):
            raise HandError(
                say(
                    "robbing a kong: the robbed {win} is the fourth of its kind, the other three "
                    "in the kong; the hand cannot hold another"
                ).format(win=win)
            )
        if not s.self_draw and s.last_tile:
            raise HandError(
                say(
                    "a kong is never robbed on the last tile: no kong is declared once the wall "
                    "is empty"
                )
            )


def situation_fans(h: _Hand, s: Situation) -> dict[str, int]:
    """The fans of how the hand was won."""
    found: dict[str, int] = {}
    # Three of the winning tile in the hand's own melds (a pung, or three chows):
    # it was the last of its kind.
    if s.fourth_tile or h.all_counts[h.win] - h.concealed[h.win] == 3:
        found["last_tile"] = 1
    if s.self_draw:
        found["self_drawn"] = 1
        if s.last_tile:
            found["last_tile_draw"] = 1
        if s.kong:
            found["out_with_replacement_tile"] = 1
    else:
        if s.last_tile:
            found["last_tile_claim"] = 1
        if s.kong:
            found["robbing_the_kong"] = 1
    return found


def _mask(tiles: Iterable[int]) -> int:
    return sum(1 << t for t in tiles)


_SUIT_MASKS = tuple(_mask(range(9 * s, 9 * s + 9)) for s in range(3))
_HONOR_MASK = _mask(range(27, 34))
_WIND_MASK = _mask(WIND_TILES)
_DRAGON_MASK = _mask(DRAGONS)
_TERMINAL_MASK = _mask(TERMINALS)
_GREEN_MASK = _mask(GREEN)
_REVERSIBLE_MASK = _mask(REVERSIBLE)


def tile_fans(counts: tuple[int, ...], kongs: int) -> dict[str, int]:
    """The fans of which tiles the hand holds, whatever its reading: suits, ranges,
    simples and terminals, green and reversible tiles, four alike."""
    found: dict[str, int] = {}
    mask = 0
    hogs = -kongs
    for t in range(34):
        n = counts[t]
        if n:
            mask |= 1 << t
            if n == 4:
                hogs += 1
    honors = mask & _HONOR_MASK
    numbered = sum(1 for m in _SUIT_MASKS if mask & m)
    if not honors:
        found["no_honors"] = 1
    if numbered == 1:
        found["half_flush" if honors else "full_flush"] = 1
    elif numbered == 2:
        found["one_voided_suit"] = 1
    elif numbered == 3 and mask & _WIND_MASK and mask & _DRAGON_MASK:
        found["all_types"] = 1
    outer = mask & (_TERMINAL_MASK | _HONOR_MASK)
    if not outer:
        found["all_simples"] = 1
    if not mask & ~_REVERSIBLE_MASK:
        found["reversible_tiles"] = 1
    if not mask & ~_GREEN_MASK:
        found["all_green"] = 1
    if outer:
        if not numbered:
            found["all_honors"] = 1
        elif outer == mask:
            found["all_terminals" if not honors else "all_terminals_and_honors"] = 1
    if not honors:
        ranks = (mask | mask >> 9 | mask >> 18) & 0x1FF
        if not ranks & 0x1F0:  # 1-4 only
            found["lower_four" if ranks & 0x8 else "lower_tiles"] = 1
        elif not ranks & 0x1F:  # 6-9 only
            found["upper_four" if ranks & 0x20 else "upper_tiles"] = 1
        elif not ranks & 0x1C7:  # 4-6 only
            found["middle_tiles"] = 1
    if hogs > 0:
        found["tile_hog"] = hogs
    return found


# -- the four-sets-and-a-pair readings ------------------------------------------------


def _suit_shapes(counts: tuple[int, ...], honors: bool) -> tuple[bool, bool]:
    """Whether one suit's counts read as sets only, and as sets and one pair (counts may
    run to five: the reference counts a wait on a tile the hand holds four of)."""

    def sets_only(c: list[int], i: int) -> bool:
        while i < len(c) and c[i] == 0:
            i += 1
        if i == len(c):
            return True
        if c[i] >= 3:
            c[i] -= 3
            ok = sets_only(c, i)
            c[i] += 3
            if ok:
                return True
        if not honors and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            ok = sets_only(c, i)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
            return ok
        return False

    total = sum(counts)
    c = list(counts)
    if total % 3 == 0:
        return sets_only(c, 0), False
    if total % 3 == 2:
        for i in range(len(c)):
            if c[i] >= 2:
                c[i] -= 2
                ok = sets_only(c, 0)
                c[i] += 2
                if ok:
                    return False, True
    return False, False


_SUIT_SPANS = ((0, 9), (9, 18), (18, 27), (27, 34))


class _Shapes(dict[tuple[int, ...], tuple[bool, bool]]):
    """:func:`_suit_shapes` by count vector, each vector read the first time it is met."""

    def __missing__(self, counts: tuple[int, ...]) -> tuple[bool, bool]:
        shape = self[counts] = _suit_shapes(counts, len(counts) == 7)
        return shape


_SHAPES = _Shapes()


def other_wait(counts: list[int], win: int) -> bool:
    """Whether a tile other than ``win`` also completes ``counts`` (the hand's concealed
    tiles without the winning one) as sets and a pair, or as seven pairs when those
    are thirteen tiles: if not, the hand waited on its winning tile alone."""
    shapes = [_SHAPES[tuple(counts[a:b])] for a, b in _SUIT_SPANS]
    for suit, (a, b) in enumerate(_SUIT_SPANS):
        pairs = 0
        fits = True
        for other in range(4):
            if other != suit:
                sets_ok, pair_ok = shapes[other]
                if pair_ok:
                    pairs += 1
                elif not sets_ok:
                    fits = False
                    break
        if not fits or pairs > 1:
            continue
        vector = counts[a:b]
        if suit == 3:
            candidates = {i for i in range(7) if vector[i]}
        else:
            candidates = {
                j for i in range(9) if vector[i] for j in range(max(0, i - 2), min(8, i + 2) + 1)
            }
        for i in candidates:
            if a + i == win:
                continue
            vector[i] += 1
            sets_ok, pair_ok = _SHAPES[tuple(vector)]
            vector[i] -= 1
            if pair_ok if pairs == 0 else sets_ok:
                return True
    if sum(counts) == 13:
        pairs_held = sum(1 if c in (2, 3) else 2 if c == 4 else 0 for c in counts)
        if pairs_held == 6:
            single = next(t for t in range(34) if counts[t] in (1, 3))
            if single != win:
                return True
    return False


def _set_fans(
    sets: list[Set],
    pair: int,
    h: _Hand,
    s: Situation,
    rules: Rules,
) -> dict[str, int]:
    """The fans of one reading as four sets and a pair (before the exclusions)."""
    found: dict[str, int] = {}
    win = h.win
    chow_tiles = []
    pung_tiles = []
    concealed_pungs = melded_kongs = concealed_kongs = 0
    won_pungs = 0  # concealed pungs of the winning tile
    chow_of_win = False  # the winning tile can be read into a concealed chow
    for kind, tile, concealed, declared in sets:
        if kind == CHOW:
            chow_tiles.append(tile)
            if not declared and tile <= win <= tile + 2:
                chow_of_win = True
        else:
            pung_tiles.append(tile)
            if kind == PUNG:
                if concealed:
                    concealed_pungs += 1
                    if tile == win:
                        won_pungs += 1
            elif concealed:
                concealed_kongs += 1
            else:
                melded_kongs += 1
    chow_tiles.sort()
    pung_tiles.sort()
    # A pung completed by the discard is melded, unless the winning tile can be
    # read as part of a concealed chow instead.
    if not s.self_draw and not chow_of_win:
        concealed_pungs -= won_pungs
    kongs = melded_kongs + concealed_kongs
    if kongs == 4:
        found["four_kongs"] = 1
    elif kongs == 3:
        found["three_kongs"] = 1
    elif kongs == 2:
        if concealed_kongs == 2:
            found["two_concealed_kongs"] = 1
        elif melded_kongs == 2:
            found["two_melded_kongs"] = 1
        elif rules.value("concealed_kong_and_melded_kong"):
            found["concealed_kong_and_melded_kong"] = 1
        else:
            found["concealed_kong"] = found["melded_kong"] = 1
    elif kongs == 1:
        found["concealed_kong" if concealed_kongs else "melded_kong"] = 1
    hidden = concealed_pungs + concealed_kongs
    if hidden >= 2:
        found[
            ("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs")[hidden - 2]
        ] = 1
    if len(pung_tiles) == 4:
        found["all_pungs"] = 1
    dragons = sum(1 for t in pung_tiles if t >= 31)
    if dragons:
        found["dragon_pung"] = dragons
    if len(chow_tiles) == 4 and _terminal_chows(chow_tiles, pair, found):
        pass
    else:
        combinations.chows(chow_tiles, found)
        combinations.pungs(pung_tiles, found)
    if h.opened == 0:
        found["fully_concealed_hand" if s.self_draw else "concealed_hand"] = 1
    elif h.opened == 4 and not s.self_draw:
        found["melded_hand"] = 1
    if len(chow_tiles) == 4:
        if pair < 27:
            found["all_chows"] = 1
    elif "two_dragon_pungs" in found and pair >= 31:
        found["little_three_dragons"] = 1
    elif "big_three_winds" in found and 27 <= pair <= 30:
        found["little_four_winds"] = 1
    _set_traits(sets, pair, found)
    # Pung of Terminals or Honors: each pung of 1s or 9s, and of a wind that
    # scores no wind fan of its own (Big Three Winds scores all three).
    poth = sum(1 for t in pung_tiles if t in TERMINALS)
    winds = [t for t in pung_tiles if 27 <= t <= 30]
    if "big_four_winds" not in found:
        for t in winds:
            if t - 27 == s.round_wind:
                found["prevalent_wind"] = 1
            if t - 27 == s.seat_wind:
                found["seat_wind"] = 1
    if "big_three_winds" not in found:
        poth += sum(1 for t in winds if t - 27 not in (s.round_wind, s.seat_wind))
    if poth:
        found["pung_of_terminals_or_honors"] = poth
    return found


def _terminal_chows(chows: list[int], pair: int, found: dict[str, int]) -> bool:
    """Pure or Three-Suited Terminal Chows (four chows and a pair of 5s); these leave
    no chow free to combine."""
    if pair >= 27 or pair % 9 != 4:
        return False
    suit = pair // 9
    if any(c % 9 not in (0, 6) for c in chows):
        return False
    if all(c // 9 == suit for c in chows):
        if sorted(c % 9 for c in chows) == [0, 0, 6, 6]:
            found["pure_terminal_chows"] = 1
            return True
        return False
    others = {c // 9 for c in chows}
    if suit in others or len(others) != 2:
        return False
    if sorted(chows) == sorted(9 * o + r for o in others for r in (0, 6)):
        found["three_suited_terminal_chows"] = 1
        return True
    return False


def _set_traits(sets: list[Set], pair: int, found: dict[str, int]) -> None:
    """Outside Hand, All Fives, All Even Pungs: a trait every set and the pair share."""
    outside = fives = even = 0
    for x in sets:
        t = x.tile
        if t >= 27:
            outside += 1
        elif x.kind == CHOW:
            r = t % 9
            if r in (0, 6):
                outside += 1
            elif 2 <= r <= 4:
                fives += 1
        else:
            r = t % 9
            if r in (0, 8):
                outside += 1
            elif r == 4:
                fives += 1
            elif r in (1, 3, 5, 7):
                even += 1
    if pair >= 27 or pair % 9 in (0, 8):
        outside += 1
    else:
        r = pair % 9
        if r == 4:
            fives += 1
        elif r in (1, 3, 5, 7):
            even += 1
    if outside == 5:
        found["outside_hand"] = 1
    elif fives == 5:
        found["all_fives"] = 1
    elif even == 5:
        found["all_even_pungs"] = 1


def _wait(sets: list[Set], pair: int, win: int) -> str | None:
    """The wait fan a reading gives if the winning tile was the only one: where it sits
    (an edge before a closed wait before a single wait), or None."""
    edge = closed = False
    for x in sets:
        if x.kind == CHOW and not x.declared:
            if x.tile + 1 == win:
                closed = True
            elif x.tile == win or x.tile + 2 == win:
                edge = True
    if edge:
        return "edge_wait"
    if closed:
        return "closed_wait"
    if pair == win:
        return "single_wait"
    return None


# -- the readings that are not four sets and a pair -------------------------------------


def _seven_pairs(h: _Hand) -> str | None:
    c = h.concealed
    if any(n % 2 for n in c):
        return None
    suits = {t // 9 for t in range(34) if c[t]}
    if len(suits) == 1 and 3 not in suits:
        ranks = [t % 9 for t in range(34) if c[t]]
        if len(ranks) == 7 and ranks[-1] - ranks[0] == 6:
            return "seven_shifted_pairs"
    return "seven_pairs"


def _honors_and_knitted(h: _Hand) -> str | None:
    c = h.concealed
    if any(n > 1 for n in c):
        return None
    numbered = frozenset(t for t in range(27) if c[t])
    if not 7 <= len(numbered) <= 9 or not any(numbered <= k for k in KNITTED_SETS):
        return None
    if len(numbered) == 7:
        return "greater_honors_and_knitted_tiles"
    return "lesser_honors_and_knitted_tiles"


def _thirteen_orphans(h: _Hand) -> bool:
    c = h.concealed
    return all(c[t] for t in ORPHANS) and sum(c[t] for t in ORPHANS) == 14


def _nine_gates(h: _Hand) -> dict[str, int] | None:
    """The fans of a Nine Gates hand, or None: 1112345678999 of the winning tile's
    suit with the winning tile beside it, and the fans it still allows by where the
    winning tile falls (docs/mcr.md)."""
    win = h.win
    if win >= 27:
        return None
    start = win - win % 9
    c = h.concealed
    want = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    want[win % 9] += 1
    if list(c[start : start + 9]) != want or sum(c) != 14:
        return None
    r = win % 9 + 1
    found = {"nine_gates": 1}
    if r in (1, 9):
        found["pure_straight"] = found["tile_hog"] = 1
    if r in (2, 5, 8):
        found["two_concealed_pungs"] = found["pung_of_terminals_or_honors"] = 1
    if r in (2, 3, 4, 6, 7, 8):
        found["short_straight"] = 1
    return found


def _knitted_straight(h: _Hand, s: Situation) -> tuple[dict[str, int], str] | None:
    """The fans of a Knitted Straight with a set and a pair, and the reading, or None."""
    c = h.concealed
    if len(h.melds) > 1 or not any(n >= 2 for n in c):
        return None
    knit = next((k for k in KNITTED if all(c[t] for t in k)), None)
    if knit is None:
        return None
    rest = list(c)
    for t in knit:
        rest[t] -= 1
    if h.melds:
        pairs = [t for t in range(34) if rest[t] == 2]
        if len(pairs) != 1 or sum(rest) != 2:
            return None
        fourth, pair = h.melds[0], pairs[0]
    else:
        found_readings = readings(rest)
        if len(found_readings) != 1:
            return None
        reading = found_readings[0]
        kind, first = reading.sets[0]
        fourth = Set(CHOW if kind == "chi" else PUNG, first, True, False)
        pair = reading.pair
    found: dict[str, int] = {"knitted_straight": 1}
    total = h.all_counts
    t = fourth.tile
    if fourth.kind == CHOW:
        if pair < 27:
            found["all_chows"] = 1
        if total[pair] == 4:
            found["tile_hog"] = 1
    elif t >= 27:
        if t <= 30:
            found["pung_of_terminals_or_honors"] = 1
            if t - 27 == s.round_wind:
                found["prevalent_wind"] = 1
            if t - 27 == s.seat_wind:
                found["seat_wind"] = 1
            if t - 27 in (s.round_wind, s.seat_wind):
                del found["pung_of_terminals_or_honors"]
            if pair >= 31:
                found["all_types"] = 1
        else:
            found["dragon_pung"] = 1
            if 27 <= pair <= 30:
                found["all_types"] = 1
    else:
        if t in TERMINALS:
            found["pung_of_terminals_or_honors"] = 1
        if pair < 27:
            found["no_honors"] = 1
        if fourth.kind != KONG and total[t] == 4:
            found["tile_hog"] = 1
    found.update(situation_fans(h, s))
    if fourth.kind == KONG:
        found["concealed_kong" if fourth.concealed else "melded_kong"] = 1
    if fourth.concealed:
        found["fully_concealed_hand" if s.self_draw else "concealed_hand"] = 1
    win = h.win
    if not h.melds:
        rest_without = list(rest)
        if rest_without[win]:
            rest_without[win] -= 1
            wait = _wait([fourth], pair, win)
            if wait is not None and not other_wait(rest_without, win):
                found[wait] = 1
    elif win not in knit or c[win] == 3:
        found["single_wait"] = 1
    return found, f"{_knit_text(knit)} {_set_text(fourth)} {_pair_text(pair)}"


def _knit_text(knit: tuple[int, ...]) -> str:
    parts = []
    for suit in range(3):
        digits = "".join(str(t % 9 + 1) for t in knit if t // 9 == suit)
        parts.append(digits + "mps"[suit])
    return "".join(parts)


def _set_text(x: Set) -> str:
    n = x.tile % 9 + 1
    suit = "mpsz"[x.tile // 9]
    body = (
        f"{n}{n + 1}{n + 2}{suit}"
        if x.kind == CHOW
        else f"{n}" * (3 if x.kind == PUNG else 4) + suit
    )
    if not x.declared:
        return body
    return f"({body})" if x.concealed else f"[{body}]"


def _pair_text(t: int) -> str:
    return f"{t % 9 + 1}{t % 9 + 1}{'mpsz'[t // 9]}"


# -- the best reading ---------------------------------------------------------------


_VALUES: dict[int, tuple[Rules, dict[str, int]]] = {}


def _values(rules: Rules) -> dict[str, int]:
    """The ruleset's fan values by key, read once per ruleset object."""
    kept = _VALUES.get(id(rules))
    if kept is None or kept[0] is not rules:
        kept = _VALUES[id(rules)] = (rules, {k: rules.value(k) for k in KEYS})
    return kept[1]


def _value(rules: Rules, found: dict[str, int]) -> int:
    values = _values(rules)
    return sum(values[k] * n for k, n in found.items())


def _settle(found: dict[str, int], rules: Rules) -> dict[str, int]:
    """The exclusions applied, the fans turned off dropped; a hand with none is a
    Chicken Hand."""
    apply_exclusions(found)
    if not found:
        found["chicken_hand"] = 1
    return found


def score_hand(rules: Rules, hand: TileHand, situation: Situation) -> Score:
    """The score of a winning hand; HandError when the tiles are not a winning hand or
    the situation does not fit them."""
    h = prepare(hand)
    check_situation(h, situation)
    return _score(rules, h, situation)


def score_text(
    rules: Rules,
    tiles: str,
    situation: Situation,
    win: str | None = None,
) -> Score:
    """:func:`score_hand` of a hand written in the mpsz notation."""
    return score_hand(rules, parse_hand(tiles, win), situation)


def _score(rules: Rules, h: _Hand, s: Situation) -> Score:
    best: dict[str, int] | None = None
    best_value = 0
    form = ""
    reading_text: tuple[tuple[Set, ...], int] | str = ""
    seven = False
    flags = situation_fans(h, s)
    kongs = sum(1 for m in h.melds if m.kind == KONG)
    if not h.melds:
        special = None
        pairs = _seven_pairs(h)
        if pairs == "seven_shifted_pairs":
            special = {"seven_shifted_pairs": 1}
            if h.concealed[h.win - h.win % 9] == 0 and h.concealed[h.win - h.win % 9 + 8] == 0:
                special["all_simples"] = 1
            form = "seven shifted pairs"
        elif pairs == "seven_pairs":
            special = {"seven_pairs": 1, **tile_fans(h.all_counts, 0)}
            form, seven = "seven pairs", True
        else:
            knitted = _honors_and_knitted(h)
            if knitted is not None:
                special = {knitted: 1}
                if (
                    knitted == "lesser_honors_and_knitted_tiles"
                    and sum(h.concealed[t] for t in range(27)) == 9
                ):
                    special["knitted_straight"] = 1
                form = "honors and knitted tiles"
            elif _thirteen_orphans(h):
                special = {"thirteen_orphans": 1}
                form = "thirteen orphans"
        if special is None:
            ks = _knitted_straight(h, s)
            if ks is not None:
                special, reading_text = ks
                form = "knitted straight"
            else:
                special = _nine_gates(h)
                if special is not None:
                    form = "nine gates"
        if special is not None:
            special.update(flags)
            best = _settle(special, rules)
            best_value = _value(rules, best)
            if not reading_text:
                reading_text = _tiles_text(h.concealed)
    elif len(h.melds) == 1:
        ks = _knitted_straight(h, s)
        if ks is not None:
            best = _settle(ks[0], rules)
            best_value = _value(rules, best)
            form, reading_text = "knitted straight", ks[1]
    if best is None or seven:
        regular = _best_regular(rules, h, s, flags, kongs, best_value, seven)
        if regular is not None:
            best, best_value, reading_text = regular
            form = "regular"
    if best is None:
        raise HandError(
            say(
                "these tiles are not a winning hand: four sets and a pair, seven pairs, thirteen "
                "orphans, honors and knitted tiles or a knitted straight with a set and a pair"
            )
        )
    return _finish(rules, best, best_value, s, form, reading_text)


def _tiles_text(counts: tuple[int, ...]) -> str:
    out = []
    for suit in range(4):
        digits = "".join(str(t % 9 + 1) * counts[t] for t in range(9 * suit, min(9 * suit + 9, 34)))
        if digits:
            out.append(digits + "mpsz"[suit])
    return "".join(out)


def _reading_key(sets: tuple[tuple[str, int], ...]) -> tuple[tuple[int, int], ...]:
    # The reference's order of readings: by first tile, a pung before a chow.
    return tuple(sorted((t, 0 if k == "pon" else 1) for k, t in sets))


def _best_regular(
    rules: Rules,
    h: _Hand,
    s: Situation,
    flags: dict[str, int],
    kongs: int,
    best_value: int,
    seven: bool,
) -> tuple[dict[str, int], int, tuple[tuple[Set, ...], int]] | None:
    found_readings = readings(h.concealed)
    if not found_readings:
        return None
    base = dict(flags)
    base.update(tile_fans(h.all_counts, kongs))
    scored = []
    could_wait = False
    if len(found_readings) > 1:
        found_readings = sorted(found_readings, key=lambda r: _reading_key(r.sets))
    melds = list(h.melds)
    for reading in found_readings:
        sets = [Set(CHOW if k == "chi" else PUNG, t, True, False) for k, t in reading.sets]
        sets += melds
        found = _set_fans(sets, reading.pair, h, s, rules)
        found.update(base)
        wait = _wait(sets, reading.pair, h.win)
        could_wait = could_wait or wait is not None
        scored.append((found, wait, sets, reading.pair))
    unique = False
    if could_wait:
        standing = list(h.concealed)
        standing[h.win] -= 1
        unique = not other_wait(standing, h.win)
    best = None
    for found, wait, sets, pair in scored:
        if unique and wait is not None:
            found[wait] = 1
        _settle(found, rules)
        value = _value(rules, found)
        if (
            (best is None and not seven)
            or value > best_value
            or (
                value == best_value
                and (seven or "pure_triple_chow" in found or "triple_pung" in found)
            )
        ):
            best_value = value
            best = (found, sets, pair)
    if best is None:
        return None
    found, sets, pair = best
    return found, best_value, (tuple(sets), pair)


def _by_rank(kn: tuple[str, int]) -> int:
    return RANK[kn[0]]


def _finish(
    rules: Rules,
    found: dict[str, int],
    value: int,
    s: Situation,
    form: str,
    reading: tuple[tuple[Set, ...], int] | str,
) -> Score:
    values = _values(rules)
    fans = tuple(sorted([(k, n) for k, n in found.items() if values[k]], key=_by_rank))
    flower_fan = s.flowers * values["flower_tiles"]
    counted = value + (flower_fan if rules.win.flowers_count else 0)
    return Score(
        fans=fans,
        fan=value + flower_fan,
        hand_fan=value,
        flowers=s.flowers,
        flower_fan=flower_fan,
        minimum=rules.win.minimum,
        minimum_met=counted >= rules.win.minimum,
        form=form,
        layout=reading,
        counted=counted,
    )


def fan_name(key: str) -> str:
    return BY_KEY[key].name


def describe_situation(s: Situation) -> str:
    """The situation in a few words: "self-draw, seat South, round East"."""
    parts = [
        "self-draw" if s.self_draw else "discard",
        f"seat {WINDS[s.seat_wind]}",
        f"round {WINDS[s.round_wind]}",
    ]
    if s.fourth_tile:
        parts.append("fourth tile")
    if s.kong:
        parts.append("kong replacement" if s.self_draw else "robbed kong")
    if s.last_tile:
        parts.append("last tile")
    if s.flowers:
        parts.append(f"{s.flowers} flower{'s' if s.flowers > 1 else ''}")
    return ", ".join(parts)


__all__ = [
    "Score",
    "Set",
    "Situation",
    "check_situation",
    "describe_situation",
    "fan_name",
    "other_wait",
    "prepare",
    "score_hand",
    "score_text",
    "situation_fans",
    "tile_fans",
]
