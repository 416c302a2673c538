"""The Chinese Official (MCR) ruleset: every fan's value and every table number is a key.

:func:`mjtui.core.rulesets.schema.read_struct` reads a ruleset file into
:class:`Rules`; the preset, :data:`PRESET`, ships in this package's ``rulesets/``
folder, declared under the ``mjtui.rulesets`` entry points as a plugin's is.
docs/mcr.md lists the keys and the source of each number. What stays in code is
what the game is: four players, which tiles each fan key stands for
(:mod:`.fans`, :mod:`.calculator`) and who pays whom on a win
(:mod:`.payments`).

``[fans]`` has one key for each of the 81 fans and one for the 2006 edition's
Concealed Kong and Melded Kong; a value of 0 turns a fan off (it is not
counted, and a hand that has only it scores nothing for it).
"""

from __future__ import annotations

from dataclasses import dataclass, field, make_dataclass
from pathlib import Path
from typing import Any, Literal

from mjtui.core.rulesets.schema import SchemaError
from mjtui.core.rulesets.schema import whole as _int
from mjtui.core.systems.base import RulesHeader
from mjtui.systems.mcr.fans import ALL_FANS

PLAYERS = 4
PRESET = Path(__file__).parent / "rulesets" / "mcr.toml"
MAX_FAN_VALUE = 200  # far above 88: a typo guard

# One int field per fan key, documented by the fan's own line: the table is in
# fans.py once, not copied here.
Fans: Any = make_dataclass(
    "Fans",
    [
        (
            f.key,
            int,
            field(metadata=_int(f"{f.name} ({f.name_zh}): {f.description}", 0, MAX_FAN_VALUE)),
        )
        for f in ALL_FANS
    ],
    frozen=True,
)
Fans.__doc__ = "The value of every fan, by key (0: not played)."
Fans.__module__ = __name__


@dataclass(frozen=True)
class Win:
    minimum: int = field(
        metadata=_int(
            "the fan a hand needs to be declared (8); see flowers_count", 0, MAX_FAN_VALUE
        )
    )
    flowers_count: bool = field(
        default=False,
        metadata={"doc": ("the flowers' fan counts toward the minimum (false in the rules)")},
    )
    max_flowers: int = field(
        default=8,
        metadata=_int("flower and season tiles in the set (8; 0: a set without them)", 0, 8),
    )


@dataclass(frozen=True)
class Payments:
    base: int = field(
        metadata=_int(
            "what every loser pays on top of the fan (8): on a discard the discarder pays "
            "base + fan and the two others base; on a self-draw each of the three base + fan",
            0,
        )
    )


@dataclass(frozen=True)
class Game:
    hands: int = field(
        metadata=_int(
            "hands in a game (16: four rounds of four, the dealer passing every hand)", 1, 64
        )
    )
    hands_per_round: int = field(
        default=4,
        metadata=_int("hands in a round; the round wind and the seats change after each", 1, 16),
    )
    seats: tuple[tuple[int, ...], ...] = field(
        default=(),
        metadata={
            "doc": (
                "the seat changes: for each round, the players (1-4, as seated in the first "
                "round) sitting East, South, West and North; the last row repeats; empty: no "
                "change"
            )
        },
    )

    def __post_init__(self) -> None:
        for r, row in enumerate(self.seats):
            if sorted(row) != [1, 2, 3, 4]:
                from mjtui.systems.mcr.terms import say  # said only when wrong

                raise SchemaError(
                    f"game.seats[{r}]",
                    say("expected the players 1, 2, 3 and 4 once each, got {value}").format(
                        value=list(row)
                    ),
                )


@dataclass(frozen=True)
class FalseWin:
    each: int = field(metadata=_int("what the offender pays for a false declaration (10)", 0))
    paid_to: Literal["others", "nobody"] = field(
        default="others",
        metadata={
            "doc": (
                "'others': each of the three others receives it; 'nobody': it is only taken off "
                "the offender's score"
            )
        },
    )


@dataclass(frozen=True)
class Penalty:
    paid_to: Literal["nobody", "others"] = field(
        default="nobody",
        metadata={
            "doc": (
                "a penalty for a foul: 'nobody' takes it off the offender's score only; "
                "'others' shares it among the three others"
            )
        },
    )
    most: int = field(
        default=100, metadata=_int("the largest penalty one entry may give (a typo guard)", 1)
    )


@dataclass(frozen=True)
class Standings:
    table_points: tuple[int, ...] = field(
        metadata=_int(
            "the table points of 1st ... 4th place (4, 2, 1, 0); tied players share the "
            "points of the places they hold",
            0,
        )
    )

    def __post_init__(self) -> None:
        if len(self.table_points) != PLAYERS:
            from mjtui.systems.mcr.terms import say  # said only when wrong

            raise SchemaError(
                "standings.table_points",
                say("expected {n} numbers, 1st to 4th, got {got}").format(
                    n=PLAYERS, got=len(self.table_points)
                ),
            )


@dataclass(frozen=True, kw_only=True)
class Rules(RulesHeader):
    system: Literal["mcr"]
    fans: Any = field(metadata={"doc": "the value of each fan"})
    win: Win
    payments: Payments
    game: Game
    false_win: FalseWin
    standings: Standings
    penalty: Penalty = Penalty()
    start_points: int = field(
        default=0,
        metadata=_int("each player's score at the start (0: scores are won and lost)", None),
    )

    def value(self, key: str) -> int:
        """The fan value of a fan key."""
        value: int = getattr(self.fans, key)
        return value

    def seat_of(self, round_index: int, player: int) -> int:
        """The seat (0 East ... 3 North) ``player`` (0-based) holds in a round, before the
        round's first hand."""
        if not self.game.seats:
            return player
        row = self.game.seats[min(round_index, len(self.game.seats) - 1)]
        return row.index(player + 1)


# The schema reads a field by its annotation; Fans is made at run time.
Rules.__annotations__["fans"] = Fans

__all__ = [
    "PLAYERS",
    "PRESET",
    "FalseWin",
    "Fans",
    "Game",
    "Payments",
    "Penalty",
    "Rules",
    "Standings",
    "Win",
]
