"""The hand event: who won, and either the nine tiles or the yaku as entered.

There are no draws in the FX-602P game (a hand goes on until someone wins),
so every hand is a :class:`Win`. It holds either

* the winner's nine tiles, the tile won on, the dora shown, and whether it
  was a self-draw (tsumo) or tenho: the evaluator finds the yaku; or
* the yaku names and the number of triplets as the players read them off
  the table (``tiles`` is None).
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.systems.fx602p.evaluate import (
    ALL_YAKU,
    YAKUMAN,
    Score,
    evaluate,
    is_triplet,
    readings,
    score_yaku,
    yaku_of,
)
from mjtui.systems.fx602p.rules import PLAYERS, Rules
from mjtui.systems.fx602p.terms import say, yaku_list


@dataclass(frozen=True)
class Win:
    winner: int  # 0-based seat
    tiles: tuple[int, ...] | None = None  # the nine tiles, sorted
    win_tile: int | None = None  # with tiles: the tile won on (None: the last of tiles)
    dora: int | None = None  # with tiles: the dora shown
    tsumo: bool = False  # won by self-draw (otherwise on the other player's discard)
    tenho: bool = False  # with tiles: won on the deal / on the dealer's first discard
    yaku: tuple[str, ...] = ()  # without tiles: the yaku as entered
    triplets: int = 0  # without tiles: the triplets as entered


Hand = Win


def check(rules: Rules, hand: Win) -> None:
    """Refuse a hand that cannot be scored, with a message naming the problem."""
    if not isinstance(hand, Win):
        raise HandError(
            say("an FX-602P hand is a win, got {kind}").format(kind=type(hand).__name__)
        )
    if not 0 <= hand.winner < PLAYERS:
        raise HandError(
            say("the winner must be seat 1 or 2, got {seat}").format(seat=hand.winner + 1)
        )
    score(rules, hand)


def score(rules: Rules, hand: Win) -> Score:
    """What the hand is worth (HandError when it cannot be scored)."""
    if hand.tiles is not None:
        if hand.yaku:
            raise HandError(say("give the nine tiles or the yaku, not both"))
        return evaluate(rules, hand.tiles, hand.win_tile, hand.dora, hand.tenho)
    unknown = [n for n in hand.yaku if n not in ALL_YAKU]
    if unknown:
        raise HandError(
            say("unknown yaku {name} (known: {known})").format(
                name=repr(unknown[0]), known=", ".join(ALL_YAKU)
            )
        )
    if len(set(hand.yaku)) != len(hand.yaku):
        raise HandError(say("a yaku is given twice"))
    if not 0 <= hand.triplets <= 3:
        raise HandError(say("triplets must be 0 to 3, got {n}").format(n=hand.triplets))
    names = set(hand.yaku)
    if ("Toitoi" in names or any(n in names for n in YAKUMAN)) and hand.triplets != 3:
        raise HandError(say("toitoi and the yakuman need 3 triplets"))
    if "Sanrenko" in names and "Toitoi" not in names:
        raise HandError(say("sanrenko always comes with toitoi"))
    if "Pinfu" in names and hand.triplets:
        raise HandError(say("pinfu is all sequences: 0 triplets"))
    return score_yaku(rules, hand.yaku, hand.triplets)


def names(hand: Win) -> tuple[tuple[str, ...], int]:
    """The yaku counted and the triplets, without the ruleset's han (for words on screen)."""
    if hand.tiles is None:
        found = [n for n in ALL_YAKU if n in hand.yaku]
        triplets = hand.triplets
    else:
        options = readings(hand.tiles)
        if not options:
            return (), 0
        melds = max(options, key=lambda r: sum(is_triplet(m) for m in r))
        win = hand.tiles[-1] if hand.win_tile is None else hand.win_tile
        found = yaku_of(melds, tuple(sorted(hand.tiles)), win, hand.dora, hand.tenho)
        triplets = sum(is_triplet(m) for m in melds)
    yakuman = [n for n in found if n in YAKUMAN]
    return tuple(yakuman or found), triplets


def describe(hand: Win, players: tuple[str, ...]) -> str:
    """E.g. "Ann won by tsumo: Tanyao, Dora (1 triplet)"."""
    yaku, triplets = names(hand)
    won = say("{player} won by tsumo: {yaku}") if hand.tsumo else say("{player} won: {yaku}")
    tr = say("1 triplet") if triplets == 1 else say("{n} triplets").format(n=triplets)
    return won.format(player=players[hand.winner], yaku=yaku_list(yaku)) + f" ({tr})"


__all__ = ["Hand", "Win", "check", "describe", "names", "score"]
