"""The Pocket Mahjong ruleset: the fan table, the limit and the payments are TOML keys.

:func:`mjtui.core.rulesets.schema.read_struct` reads a ruleset file into :class:`Rules`;
docs/rulesets.md lists the keys. What stays in code is what the game is:
four players, which shape each pattern key stands for (:mod:`.patterns`),
the two named payment curves and the starter's rotation.

A pattern's fan is a number or ``"limit"`` (the hand is paid the limit);
0 leaves the pattern out of the table. ``excludes`` names the patterns a
pattern replaces when both are found (pure hand excludes semi-pure hand).
The patterns added after the Pocket page's table (mixed orphans, seven
pairs, the bonus tiles') default to 0, so a ruleset written before them
reads as it did. ``[bonus]`` says whether the table plays the eight bonus
tiles (flowers and seasons) at all, and whether their fan counts toward the
minimum.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from mjtui.core.rulesets.schema import SchemaError
from mjtui.core.rulesets.schema import whole as _int
from mjtui.core.systems.base import RulesHeader

PLAYERS = 4

Fan = int | Literal["limit"]


@dataclass(frozen=True)
class Table:
    start_points: int = field(metadata=_int("each player's total at the start"))
    rounds: int = field(
        metadata=_int(
            "round winds the series lasts: 1 East only ... 4 East, South, West and North", 1, 4
        )
    )


@dataclass(frozen=True)
class Pattern:
    name: str = field(metadata={"doc": "the name shown beside the fan"})
    fan: Fan = field(
        metadata={
            "doc": 'the fan it scores, or "limit" (the hand is paid the limit); 0: not played',
            "min": 0,
        }
    )
    excludes: tuple[str, ...] = field(
        default=(), metadata={"doc": "the pattern keys it replaces when both are found"}
    )


def _off(name: str) -> Any:
    """A pattern key a ruleset may leave out: not played (0 fan) unless it says so."""
    return field(default=Pattern(name, 0), metadata={"doc": _OFF_DOCS[name]})


_OFF_DOCS = {
    "Mixed Orphans": "terminals (1s and 9s) and honors only, both present, no chow",
    "Seven Pairs": "seven different pairs, nothing declared (0: not a winning hand)",
    "No Flowers": "no flower and no season (with bonus.tiles)",
    "Own Flower": "each flower or season of the winner's seat number (East 1 ... North 4)"
    ", outside a full set",
    "Full Set of Four": "all four flowers, or all four seasons; counted for each set",
    "All Eight Bonus Tiles": "all four flowers and all four seasons",
}

# The patterns that come from the bonus tiles (with bonus.tiles only): the
# fan that bonus.counts_to_minimum is about.
BONUS_PATTERNS = ("no_bonus", "own_flower", "flower_set", "all_bonus")


@dataclass(frozen=True)
class Patterns:
    self_draw: Pattern = field(metadata={"doc": "Chi Mo: won on a tile drawn by the winner"})
    concealed: Pattern = field(
        metadata={"doc": "Clean Door: no chow, pong or open kong (a closed kong keeps it)"}
    )
    pure_hand: Pattern = field(metadata={"doc": "one suit only, no honors"})
    semi_pure_hand: Pattern = field(metadata={"doc": "one suit and honors"})
    round_wind: Pattern = field(metadata={"doc": "a pong or kong of the round wind"})
    seat_wind: Pattern = field(metadata={"doc": "a pong or kong of the winner's seat wind"})
    all_sequences: Pattern = field(metadata={"doc": "four chows and a pair"})
    all_triplets: Pattern = field(metadata={"doc": "four pongs or kongs and a pair"})
    dragon_triplet: Pattern = field(
        metadata={"doc": "a pong or kong of a dragon, counted for each"}
    )
    small_dragons: Pattern = field(
        metadata={"doc": "small three dragons: two dragon pongs or kongs and a pair of the third"}
    )
    big_dragons: Pattern = field(
        metadata={"doc": "big three dragons: pongs or kongs of all three dragons"}
    )
    robbing_kong: Pattern = field(
        metadata={"doc": "won on the tile another player added to a pong to make a kong"}
    )
    kong_replacement: Pattern = field(metadata={"doc": "won on the replacement tile of a kong"})
    last_tile: Pattern = field(metadata={"doc": "won on the last tile of the wall"})
    big_four_winds: Pattern = field(metadata={"doc": "pongs or kongs of all four winds"})
    small_four_winds: Pattern = field(
        metadata={"doc": "three wind pongs or kongs and a pair of the fourth wind"}
    )
    all_honors: Pattern = field(metadata={"doc": "winds and dragons only"})
    all_terminals: Pattern = field(metadata={"doc": "1s and 9s only"})
    nine_gates: Pattern = field(
        metadata={"doc": "concealed 1112345678999 of one suit and one more tile of that suit"}
    )
    four_kongs: Pattern = field(metadata={"doc": "four kongs"})
    four_concealed_triplets: Pattern = field(
        metadata={
            "doc": "four concealed pongs or kongs (one completed on a discard is not concealed)"
        }
    )
    thirteen_orphans: Pattern = field(
        metadata={"doc": "one of each 1, 9, wind and dragon, and a second of one of them"}
    )
    heavenly_hand: Pattern = field(metadata={"doc": "the starter wins on the tiles dealt"})
    earthly_hand: Pattern = field(
        metadata={"doc": "another player wins on the starter's first discard"}
    )
    # Common Hong Kong patterns the Pocket page does not list (docs/pocket.md).
    mixed_orphans: Pattern = _off("Mixed Orphans")  # noqa: RUF009 - a frozen Pattern
    seven_pairs: Pattern = _off("Seven Pairs")  # noqa: RUF009 - a frozen Pattern
    no_bonus: Pattern = _off("No Flowers")  # noqa: RUF009 - a frozen Pattern
    own_flower: Pattern = _off("Own Flower")  # noqa: RUF009 - a frozen Pattern
    flower_set: Pattern = _off("Full Set of Four")  # noqa: RUF009 - a frozen Pattern
    all_bonus: Pattern = _off("All Eight Bonus Tiles")  # noqa: RUF009 - a frozen Pattern

    def __post_init__(self) -> None:
        known = {f.name for f in dataclasses.fields(self)}
        for key in known:
            for other in getattr(self, key).excludes:
                if other not in known or other == key:
                    from mjtui.systems.pocket.terms import say  # said only when wrong

                    raise SchemaError(
                        f"patterns.{key}.excludes",
                        say("{key} is not another pattern key (known: {known})").format(
                            key=repr(other), known=", ".join(sorted(known))
                        ),
                    )

    def items(self) -> list[tuple[str, Pattern]]:
        """(key, pattern) in the order of the table."""
        return [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self)]


@dataclass(frozen=True)
class FanRules:
    minimum: int = field(metadata=_int("the fan a hand needs to win (3; some tables 0 or 1)"))
    limit: int = field(
        metadata=_int("the most fan a hand is paid; more is paid as the limit (10 or 13)", 1, 99)
    )

    def __post_init__(self) -> None:
        if self.minimum > self.limit:
            from mjtui.systems.pocket.terms import say  # said only when wrong

            raise SchemaError(
                "fan.minimum",
                say("must be at most fan.limit ({limit}), got {value}").format(
                    limit=self.limit, value=self.minimum
                ),
            )


@dataclass(frozen=True)
class Bonus:
    tiles: bool = field(
        default=False,
        metadata={
            "doc": (
                "the table plays the eight bonus tiles, flowers 1-4 and seasons 1-4 (false: 136 "
                "tiles, a hand names none)"
            )
        },
    )
    counts_to_minimum: bool = field(
        default=True,
        metadata={
            "doc": (
                "the fan of the bonus tiles (no_bonus, own_flower, flower_set, a numbered "
                "all_bonus) counts toward fan.minimum"
            )
        },
    )


@dataclass(frozen=True)
class Payments:
    curve: Literal["half-spicy", "spicy", "table"] = field(
        metadata={
            "doc": (
                "the multiplier per fan: 'half-spicy' 1, 2, 4, 8, 16, 24, 32, 48, 64...; "
                "'spicy' 2 to the fan; 'table' the list in payments.multipliers"
            )
        }
    )
    base: int = field(metadata=_int("the stake: a portion is base x the multiplier", 1))
    self_draw_each: int = field(
        metadata=_int("portions each of the three others pays on a self-draw (1)", 1)
    )
    discard: Literal["half", "full", "all"] = field(
        metadata={
            "doc": (
                "a win on a discard: 'half' the discarder pays 1 portion and the two others half a "
                "portion each; 'full' the discarder pays 2 portions; 'all' the discarder pays what "
                "the three would pay on a self-draw"
            )
        }
    )
    guarantee: bool = field(
        metadata={
            "doc": ("a self-draw may name a guarantor (包自摸) who pays what all three would pay")
        }
    )
    multipliers: tuple[int, ...] = field(
        default=(),
        metadata=_int(
            "with curve = 'table': the multiplier for 0, 1, 2... fan; more fan than listed "
            "use the last entry",
            0,
        ),
    )


@dataclass(frozen=True)
class FalseWin:
    fan: Fan = field(
        metadata={
            "doc": "the offender pays each other player the portion of this fan, or of the limit",
            "min": 0,
        }
    )
    starter: Literal["stay", "next"] = field(
        metadata={
            "doc": (
                "after a false win the starter keeps the role (the hand is played again) or passes"
            )
        }
    )


@dataclass(frozen=True, kw_only=True)
class Rules(RulesHeader):
    system: Literal["pocket"]
    table: Table
    fan: FanRules
    patterns: Patterns
    payments: Payments
    false_win: FalseWin
    bonus: Bonus = Bonus()

    def __post_init__(self) -> None:
        if self.payments.curve == "table" and not self.payments.multipliers:
            from mjtui.systems.pocket.terms import say  # said only when wrong

            raise SchemaError(
                "payments.multipliers",
                say("missing; expected the multiplier for 0, 1, 2... fan with curve = 'table'"),
            )
        if self.payments.curve != "table" and self.payments.multipliers:
            from mjtui.systems.pocket.terms import say

            raise SchemaError(
                "payments.multipliers",
                say("only read with curve = 'table' (the curve is {curve})").format(
                    curve=repr(self.payments.curve)
                ),
            )

    def fan_value(self, fan: Fan) -> int:
        """A fan key's number: "limit" is the limit."""
        return self.fan.limit if fan == "limit" else fan


__all__ = [
    "BONUS_PATTERNS",
    "PLAYERS",
    "Bonus",
    "FalseWin",
    "Fan",
    "FanRules",
    "Pattern",
    "Patterns",
    "Payments",
    "Rules",
    "Table",
]
