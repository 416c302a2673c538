"""Dora: the tile after each indicator, counted in the whole hand, kans included;
ura dora the same under a riichi; red fives one each where the ruleset says so."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjtui.core.systems.riichi.hand.context import WinContext


@dataclass(frozen=True)
class Dora:
    dora: int = 0
    ura: int = 0
    red: int = 0

    @property
    def total(self) -> int:
        return self.dora + self.ura + self.red


def dora_of(indicator: int) -> int:
    """The dora an indicator shows: the next tile of its kind, 9 back to 1, North back to
    East, Red back to White."""
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


DORA_OF = tuple(dora_of(t) for t in range(34))


NO_DORA = Dora()


def count_dora(counts: Sequence[int], ctx: WinContext, red: int) -> Dora:
    if not (ctx.dora or ctx.ura or red):
        return NO_DORA
    dora = 0
    for t in ctx.dora:
        dora += counts[DORA_OF[t]]
    ura = 0
    if ctx.riichi or ctx.double_riichi:
        for t in ctx.ura:
            ura += counts[DORA_OF[t]]
    return Dora(dora, ura, red)
