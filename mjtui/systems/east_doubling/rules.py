"""The East-doubling ruleset keys: the table, East's multiplier, who is East next.

Read strictly from the ruleset file (core/rulesets/schema.py); ``system =
"east-doubling"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mjtui.core.systems.base import RulesHeader

Move = Literal["stay", "next"]


@dataclass(frozen=True)
class Table:
    players: int = field(metadata={"min": 2, "max": 4, "doc": "players at the table"})
    start_points: int = field(metadata={"min": 0, "doc": "each player's total at the start"})


@dataclass(frozen=True)
class Payments:
    east_multiplier: int = field(
        metadata={"min": 1, "doc": "factor on every amount East pays or receives"}
    )


@dataclass(frozen=True)
class Rotation:
    on_east_win: Move = field(metadata={"doc": "where East goes when East wins"})
    on_other_win: Move = field(metadata={"doc": "where East goes when another player wins"})
    on_draw: Move = field(metadata={"doc": "where East goes after a drawn hand"})


@dataclass(frozen=True)
class Calculator:
    program: str = field(
        metadata={
            "doc": "HP-11C listing run beside the sheet: a program shipped with mjtui "
            "(e.g. 'east_doubling.hp11c') or a path to a listing file"
        }
    )


@dataclass(frozen=True, kw_only=True)
class Rules(RulesHeader):
    system: Literal["east-doubling"]
    table: Table
    payments: Payments
    rotation: Rotation
    calculator: Calculator | None = None
