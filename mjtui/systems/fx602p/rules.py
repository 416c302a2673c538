"""The fx602p ruleset: every number of the FX-602P game is a TOML key.

Seed 001 (the 1986 FX-602P game) scores a win as

    points = multiplier x (base + per_triplet x triplets) x coefficient(han)

with multiplier 16, base 50, per_triplet 10 and the coefficient table
1, 2, 4, 7, 11, 16, 22, 29, 37 for 0 to 8 han. Each yaku's han is a key too.
What stays in code is what the game is: the eleven yaku and their shapes,
two players, and the dealer being the last winner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mjtui.core.rulesets.schema import SchemaError
from mjtui.core.rulesets.schema import whole as _int
from mjtui.core.systems.base import RulesHeader

PLAYERS = 2


@dataclass(frozen=True)
class Table:
    players: int = field(metadata=_int("players at the table (the game is for two)", 2, 2))
    start_points: int = field(metadata=_int("each player's total at the start (0)"))


@dataclass(frozen=True)
class Points:
    multiplier: int = field(metadata=_int("the factor in front of everything (16)", 1))
    base: int = field(metadata=_int("base points of a hand without triplets (50)"))
    per_triplet: int = field(metadata=_int("base points added per triplet (10)"))
    coefficients: tuple[int, ...] = field(
        metadata=_int(
            "the factor for 0, 1, 2... han (1, 2, 4, 7, 11, 16, 22, 29, 37); more han than "
            "the table holds use its last entry",
            1,
        )
    )

    def __post_init__(self) -> None:
        if not self.coefficients:
            from mjtui.systems.fx602p.terms import say  # said only when wrong

            raise SchemaError(
                "points.coefficients", say("expected at least one coefficient (0 han)")
            )


@dataclass(frozen=True)
class Yaku:
    pinfu: int = field(metadata=_int("all sequences, won on a two-sided wait (1)"))
    tanyao: int = field(metadata=_int("no 1 and no 9 (1)"))
    iipeiko: int = field(metadata=_int("two identical melds, sequences or triplets (1)"))
    dora: int = field(metadata=_int("one or more dora tiles, counted once (1)"))
    ittsu: int = field(metadata=_int("123 456 789 (2)"))
    chanta: int = field(metadata=_int("every meld holds a 1 or a 9 (2)"))
    toitoi: int = field(metadata=_int("three triplets (2)"))
    sanrenko: int = field(metadata=_int("three triplets of consecutive numbers (2)"))
    tenho: int = field(
        metadata=_int(
            "the dealer wins on the deal, or the other player on the dealer's first discard (2)"
        )
    )


@dataclass(frozen=True)
class Yakuman:
    chinroto: int = field(metadata=_int("only 1s and 9s; replaces every other yaku (8)"))
    isshoku: int = field(metadata=_int("one number nine times; replaces every other yaku (8)"))


@dataclass(frozen=True, kw_only=True)
class Rules(RulesHeader):
    system: Literal["fx602p"]
    table: Table
    points: Points
    yaku: Yaku
    yakuman: Yakuman


__all__ = ["PLAYERS", "Points", "Rules", "Table", "Yaku", "Yakuman"]
