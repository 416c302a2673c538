"""A Chinese Official hand one tile short: whether it is ready, its waits, and each one's fan.

:func:`read_waits` finds the tiles that complete the 13 tiles (plus one per
kong) in every form the calculator reads (:mod:`.calculator`): four sets and
a pair, seven pairs (four of a tile
two of them), Thirteen Orphans, Lesser and Greater Honors and Knitted
Tiles, and a Knitted Straight with a set and a pair. Each wait is scored won
on a discard and by self-draw with :func:`~.calculator.score_hand`: its fans,
what it pays, or why it cannot be declared (under the ruleset's minimum of 8
fan). A tile the hand holds all four of is no wait. The winning tile is the
last of its kind (和绝张) where the other three are in sight: seen, or in the
hand's own melds.

:func:`mcr_shanten` is the shanten over the same forms, for a hand that is
not ready.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from mjtui.core.errors import HandError
from mjtui.core.tiles.notation import COPIES, TILE_KINDS, TileHand, WaitingHand, tile_name
from mjtui.core.tiles.shanten import completes, shanten, standard_shanten
from mjtui.core.tiles.shanten import completing_tiles as shape_completing_tiles
from mjtui.systems.mcr.calculator import KNITTED, Score, Situation, score_hand
from mjtui.systems.mcr.rules import Rules
from mjtui.systems.mcr.terms import say

HONORS = tuple(range(27, 34))
KNITTED_AND_HONORS = tuple(frozenset(k) | frozenset(HONORS) for k in KNITTED)
KNITTED_SETS = 3  # a knitted straight's nine tiles stand for three sets


@dataclass(frozen=True)
class Way:
    """A win by a discard or by self-draw on one wait: its score, or why it cannot be."""

    score: Score | None
    problem: str | None = None
    short: str | None = None  # the problem in a few words: "under the minimum"


@dataclass(frozen=True)
class Wait:
    tile: int
    unseen: int
    discard: Way
    self_draw: Way
    last_of_its_kind: bool = False


@dataclass(frozen=True)
class Waits:
    hand: WaitingHand
    waits: tuple[Wait, ...]
    shanten: int  # 0 when ready
    not_waits: tuple[int, ...] = ()  # waits by shape on a tile the hand holds all four of

    @property
    def tenpai(self) -> bool:
        return bool(self.waits)


def _seven_pairs(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and not any(n % 2 for n in counts)


def _honors_and_knitted(counts: Sequence[int]) -> bool:
    """Fourteen different tiles of one knitted straight's nine and the seven honors."""
    if sum(counts) != 14 or max(counts) > 1:
        return False
    held = {t for t in range(TILE_KINDS) if counts[t]}
    return any(held <= allowed for allowed in KNITTED_AND_HONORS)


def _knitted_straight(counts: Sequence[int], melds: int) -> bool:
    """A knitted straight's nine tiles, and sets and a pair of the rest."""
    for knit in KNITTED:
        if all(counts[t] for t in knit):
            rest = list(counts)
            for t in knit:
                rest[t] -= 1
            if completes(rest, melds + KNITTED_SETS, pairs=False, orphans=False):
                return True
    return False


def mcr_completes(counts: Sequence[int], melds: int) -> bool:
    """Whether the concealed counts (with ``melds`` declared sets) are a winning shape."""
    if completes(counts, melds, pairs=False):
        return True
    # Seven pairs: four of a tile are two of them (the calculator reads them so).
    if melds == 0 and (_seven_pairs(counts) or _honors_and_knitted(counts)):
        return True
    return melds <= 1 and _knitted_straight(counts, melds)


def completing_tiles(hand: WaitingHand) -> list[int]:
    """The tiles that complete ``hand`` in any MCR form, in tile order: what
    :func:`mcr_completes` says of each tile, the sets and a pair (and Thirteen
    Orphans) read for the 34 tiles at once by the core, a knitted straight tried
    only with a tile the straight lacks, or with any tile where it lacks none."""
    counts = hand.concealed_counts()
    melds = len(hand.melds)
    standard = set(shape_completing_tiles(hand, pairs=False))
    # Each knitted straight's tiles the hand lacks: one straight lacking two or more
    # cannot be made with one tile more.
    lacking = [[t for t in knit if not counts[t]] for knit in KNITTED] if melds <= 1 else []
    knit_tiles = {t for missing in lacking if len(missing) == 1 for t in missing}
    any_knit = any(not missing for missing in lacking)
    found = []
    for t in range(TILE_KINDS):
        if t in standard:
            found.append(t)
            continue
        counts[t] += 1
        if (melds == 0 and (_seven_pairs(counts) or _honors_and_knitted(counts))) or (
            (any_knit or t in knit_tiles) and _knitted_straight(counts, melds)
        ):
            found.append(t)
        counts[t] -= 1
    return found


def mcr_shanten(hand: WaitingHand) -> int:
    """The fewest tiles to exchange before ``hand`` is ready in any MCR form."""
    counts = hand.concealed_counts()
    melds = len(hand.melds)
    found = shanten(hand, pairs=False)
    if melds == 0:
        found = min(found, 6 - sum(n // 2 for n in counts))
        kinds = {t for t in range(TILE_KINDS) if counts[t]}
        found = min(found, *(13 - len(kinds & allowed) for allowed in KNITTED_AND_HONORS))
    if melds <= 1:
        for knit in KNITTED:
            rest = list(counts)
            missing = 0
            for t in knit:
                if rest[t]:
                    rest[t] -= 1
                else:
                    missing += 1
            found = min(found, missing + standard_shanten(rest, melds + KNITTED_SETS))
    return found


def read_waits(
    rules: Rules,
    hand: WaitingHand,
    situation: Situation,
    seen: tuple[int, ...] = (),
) -> Waits:
    """The waits of ``hand``, each scored on a discard and by self-draw in
    ``situation`` (its ``self_draw`` and ``fourth_tile`` are set per way and per
    wait); ``seen`` tiles are not unseen."""
    if hand.red:
        raise HandError(say("Chinese Official mahjong has no red fives: write 5, not 0"))
    held = hand.counts()
    left = [COPIES - n for n in held]
    in_sight = [0] * TILE_KINDS
    for meld in hand.melds:
        for t in meld.tiles:
            in_sight[t] += 1
    for t in seen:
        left[t] -= 1
        in_sight[t] += 1
    short = [t for t in range(TILE_KINDS) if left[t] < 0]
    if short:
        t = short[0]
        raise HandError(
            say("more {tile_name} than there are: {held} in the hand and {count} seen").format(
                tile_name=tile_name(t), held=held[t], count=seen.count(t)
            )
        )
    shape = completing_tiles(hand)
    counted = [t for t in shape if held[t] < COPIES]
    waits = []
    for t in counted:
        won = hand.with_tile(t)
        last = in_sight[t] == COPIES - 1
        waits.append(
            Wait(
                t,
                left[t],
                _way(rules, won, replace(situation, self_draw=False, fourth_tile=last)),
                _way(rules, won, replace(situation, self_draw=True, fourth_tile=last)),
                last,
            )
        )
    found = 0 if waits else max(mcr_shanten(hand), 1)
    return Waits(hand, tuple(waits), found, tuple(t for t in shape if t not in counted))


def _way(rules: Rules, hand: TileHand, situation: Situation) -> Way:
    try:
        score = score_hand(rules, hand, situation)
    except HandError as e:
        return Way(None, str(e), str(e))
    if not score.minimum_met:
        return Way(score, score.reason, "under the minimum")
    return Way(score)


__all__ = ["Wait", "Waits", "Way", "completing_tiles", "mcr_completes", "mcr_shanten", "read_waits"]
