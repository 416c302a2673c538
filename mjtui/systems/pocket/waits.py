"""A Hong Kong hand one tile short: whether it is ready, its waits, and what each would win.

:func:`read_waits` finds the tiles that complete the 13 tiles (plus one per
kong) by shape (four sets and a pair, thirteen orphans, and seven pairs where
the ruleset scores them) and scores the hand won on each by a discard and by
self-draw with :func:`~.patterns.score_hand`: its fan and patterns, what it
pays, or why it cannot be declared (under the ruleset's minimum). A tile the
hand holds all four of is no wait. Hong Kong has no furiten: a player may win
on any discard.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.tiles.notation import COPIES, TILE_KINDS, TileHand, WaitingHand, tile_name
from mjtui.core.tiles.shanten import completing_tiles, shanten
from mjtui.systems.pocket.patterns import Context, Score, score_hand, score_problem
from mjtui.systems.pocket.rules import Rules
from mjtui.systems.pocket.terms import say


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


@dataclass(frozen=True)
class Waits:
    hand: WaitingHand
    waits: tuple[Wait, ...]
    shanten: int  # 0 when ready
    not_waits: tuple[int, ...] = ()  # waits by shape on a tile the hand holds all four of

    @property
    def tenpai(self) -> bool:
        return bool(self.waits)


def read_waits(
    rules: Rules,
    hand: WaitingHand,
    discard: Context | None,
    self_draw: Context | None,
    seen: tuple[int, ...] = (),
) -> Waits:
    """The waits of ``hand``, each scored in the two contexts (None: that way is not
    open with the situations given); ``seen`` tiles are not unseen."""
    held = hand.counts()
    left = [COPIES - n for n in held]
    for t in seen:
        left[t] -= 1
    short = [t for t in range(TILE_KINDS) if left[t] < 0]
    if short:
        t = short[0]
        raise HandError(
            say("more {tile_name} than there are: {held} in the hand and {count} seen").format(
                tile_name=tile_name(t), held=held[t], count=seen.count(t)
            )
        )
    pairs = rules.patterns.seven_pairs.fan != 0
    shape = completing_tiles(hand, pairs=pairs, orphans=True)
    counted = [t for t in shape if held[t] < COPIES]
    waits = tuple(
        Wait(
            t,
            left[t],
            _way(rules, hand.with_tile(t), discard),
            _way(rules, hand.with_tile(t), self_draw),
        )
        for t in counted
    )
    found = 0 if waits else max(shanten(hand, pairs=pairs), 1)
    return Waits(hand, waits, found, tuple(t for t in shape if t not in counted))


def _way(rules: Rules, hand: TileHand, ctx: Context | None) -> Way:
    if ctx is None:
        return Way(
            None, say("cannot win this way with the situations given"), "not this way"
        )  # the short word is the JSON's code, said where it is shown
    try:
        score = score_hand(rules, hand, ctx)
    except HandError as e:
        return Way(None, str(e), str(e))
    problem = score_problem(rules, score)
    if problem:
        return Way(score, problem, "under the minimum")
    return Way(score)


__all__ = ["Wait", "Waits", "Way", "read_waits"]
