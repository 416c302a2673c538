"""Dora: the tile after each indicator, counted in the whole hand, kans included;
ura dora the same under a riichi; red fives one each where the ruleset says so.

At a three-player table the manzu 2-8 are not in the set, so a 1m indicator
shows 9m (and 9m shows 1m), and each North tile set aside (kita) is a dora of
its own, one more for each indicator that shows North."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjtui.systems.riichi.hand.context import WinContext


@dataclass(frozen=True, init=False)
class Dora:
    dora: int = 0
    ura: int = 0
    red: int = 0
    kita: int = 0  # North tiles set aside (three players), each a dora

    def __init__(self, dora: int = 0, ura: int = 0, red: int = 0, kita: int = 0) -> None:
        # One update, not four object.__setattr__ calls: a hand with dora makes one.
        self.__dict__.update(dora=dora, ura=ura, red=red, kita=kita)

    @property
    def total(self) -> int:
        return self.dora + self.ura + self.red + self.kita


def dora_of(indicator: int) -> int:
    """The dora an indicator shows: the next tile of its kind, 9 back to 1, North back to
    East, Red back to White."""
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


DORA_OF = tuple(dora_of(t) for t in range(34))
# Three players: no 2m-8m, so 1m shows 9m.
DORA_OF_3 = tuple(8 if t == 0 else d for t, d in enumerate(DORA_OF))
NORTH = 30


NO_DORA = Dora()


def count_dora(
    counts: Sequence[int], ctx: WinContext, red: int, three_players: bool = False
) -> Dora:
    """The dora of the hand's ``counts``; ``ctx.kita`` North tiles set aside count as
    dora themselves (kita) and again for each indicator that shows North."""
    if not (ctx.dora or ctx.ura or red or ctx.kita):
        return NO_DORA
    shows = DORA_OF_3 if three_players else DORA_OF
    dora = 0
    for t in ctx.dora:
        dora += counts[shows[t]] + (ctx.kita if shows[t] == NORTH else 0)
    ura = 0
    if ctx.riichi or ctx.double_riichi:
        for t in ctx.ura:
            ura += counts[shows[t]] + (ctx.kita if shows[t] == NORTH else 0)
    return Dora(dora, ura, red, ctx.kita)
