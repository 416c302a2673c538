"""A riichi hand one tile short: whether it is tenpai, its waits, and what each would win.

:func:`read_waits` takes the 13 tiles (plus one per kan) and, for every tile
that completes them by shape (:func:`mjtui.core.tiles.shanten.completing_tiles`),
scores the hand won on it by ron and by tsumo with the analyzer, each in its
own context (a last-tile win is haitei by tsumo, houtei by ron). A wait on a
tile the hand holds all four of counts only where the ruleset's
``draws.held_tiles_wait`` says so, and then cannot be won. The hand is
furiten when one of its waits is among its own discards: no wait wins by ron.
``unseen`` counts the copies of each wait not in the hand, the discards, the
tiles seen elsewhere, the dora indicators or the kita.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.tiles.notation import COPIES, TILE_KINDS, TileHand, WaitingHand, tile_name
from mjtui.core.tiles.shanten import completing_tiles, shanten
from mjtui.systems.riichi.hand.analysis import Analysis
from mjtui.systems.riichi.hand.analyzer import NO_YAKU, analyze
from mjtui.systems.riichi.hand.context import WinContext
from mjtui.systems.riichi.rules import Rules, say

THREE_PLAYER_TILES = tuple(t for t in range(TILE_KINDS) if not 1 <= t <= 7)  # no 2m-8m
NORTH = 30
FURITEN = "furiten: a wait is among the hand's own discards, so it cannot win by ron"
HELD = "all four are in the hand: it cannot be won"


@dataclass(frozen=True)
class Way:
    """One way to win on a wait (ron or tsumo): its score, or why it cannot win."""

    analysis: Analysis | None
    problem: str | None = None

    @property
    def short_problem(self) -> str | None:
        """The problem in a word or two: "no yaku", "furiten", "held"."""
        if self.problem is None:
            return None
        if self.problem == NO_YAKU:
            return "no yaku"
        if self.problem == FURITEN:
            return "furiten"
        return "all four held" if self.problem == HELD else self.problem


@dataclass(frozen=True)
class Wait:
    tile: int
    unseen: int
    ron: Way
    tsumo: Way


@dataclass(frozen=True)
class Waits:
    """What a waiting hand waits on."""

    hand: WaitingHand
    waits: tuple[Wait, ...]
    shanten: int  # 0 when tenpai
    furiten: bool
    not_waits: tuple[int, ...] = ()  # tiles it waits on by shape that the ruleset does not count

    @property
    def tenpai(self) -> bool:
        return bool(self.waits)


def unseen_counts(
    hand: WaitingHand, seen: tuple[int, ...], ctx: WinContext, three_players: bool
) -> list[int]:
    """The copies of each tile not in the hand, ``seen`` or the dora indicators (nor,
    for North, the kita set aside); HandError when more of a tile are seen than exist."""
    left = [COPIES] * TILE_KINDS
    if three_players:
        for t in range(1, 8):
            left[t] = 0
    held = hand.counts()
    shown = [0] * TILE_KINDS
    for t in (*seen, *ctx.dora):
        shown[t] += 1
    shown[NORTH] += ctx.kita
    for t in range(TILE_KINDS):
        left[t] -= held[t] + shown[t]
        if left[t] < 0:
            raise HandError(
                say(
                    "more {tile_name} than there are: {held} in the hand and {shown} seen (the "
                    "discards, --seen, the dora indicators, the kita)"
                ).format(tile_name=tile_name(t), held=held[t], shown=shown[t])
            )
    return left


def read_waits(
    rules: Rules,
    hand: WaitingHand,
    ron: WinContext | None,
    tsumo: WinContext | None,
    discards: tuple[int, ...] = (),
    seen: tuple[int, ...] = (),
) -> Waits:
    """The waits of ``hand`` and each one's best score by ron and by tsumo (the contexts
    of each; None: that way is not open, say tenhou by ron). ``discards`` are the
    hand's own (furiten), ``seen`` the other tiles in sight; both are not unseen."""
    three = rules.players == 3
    if three:
        _check_three_player_tiles(hand, (*discards, *seen))
    context = tsumo or ron or WinContext()
    left = unseen_counts(hand, (*discards, *seen), context, three)
    held = hand.counts()
    shape = completing_tiles(
        hand, pairs=True, orphans=True, tiles=THREE_PLAYER_TILES if three else range(TILE_KINDS)
    )
    counted = [t for t in shape if held[t] < COPIES or rules.draws.held_tiles_wait]
    not_waits = tuple(t for t in shape if t not in counted)
    furiten = any(t in discards for t in counted)
    waits = []
    for t in counted:
        if held[t] >= COPIES:
            waits.append(Wait(t, 0, Way(None, HELD), Way(None, HELD)))
            continue
        complete = hand.with_tile(t)
        by_ron = Way(None, FURITEN) if furiten else _way(rules, complete, ron)
        waits.append(Wait(t, max(left[t], 0), by_ron, _way(rules, complete, tsumo)))
    if waits:
        found = 0
    else:
        found = shanten(hand)
        found = max(found, 1)  # a shape whose only waits do not count is a tile from tenpai
    return Waits(hand, tuple(waits), found, furiten, not_waits)


def _check_three_player_tiles(hand: WaitingHand, seen: tuple[int, ...]) -> None:
    held = hand.counts()
    bad = [t for t in range(1, 8) if held[t]] or [t for t in seen if 1 <= t <= 7]
    if bad:
        raise HandError(
            say(
                "{tile_name} is not in the three-player set (the manzu 2-8 are taken out): check "
                "the tiles"
            ).format(tile_name=tile_name(bad[0]))
        )
    if any(m.kind == "chi" for m in hand.melds):
        raise HandError(
            say("there is no chi at a three-player table: a called sequence cannot be in the hand")
        )


def _way(rules: Rules, hand: TileHand, ctx: WinContext | None) -> Way:
    if ctx is None:
        return Way(None, "cannot win this way with the situations given")
    try:
        return Way(analyze(rules, hand, ctx))
    except HandError as e:
        return Way(None, str(e))


__all__ = ["FURITEN", "HELD", "Wait", "Waits", "Way", "read_waits", "unseen_counts"]
