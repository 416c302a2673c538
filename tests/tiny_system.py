"""A scoring system that lives in the tests folder alone: the winner takes 1 from each.

It is what docs/adding-a-system.md walks through, kept whole here: the rules,
the events and the fold, the hand form's fields (all plain Python) and the
`mjtui hand` scorer (cli), named where the system declares it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS, RulesHeader, ScoringSystem
from mjtui.core.systems.fields import Field, FormLayout, Reading, Row
from mjtui.core.systems.tools import Option, Tool

# ------------------------------------------------------------------ core


@dataclass(frozen=True)
class Table:
    players: int = field(metadata={"min": 2, "max": 4, "doc": "players at the table"})
    start_points: int = field(metadata={"min": 0, "doc": "each player's total at the start"})


@dataclass(frozen=True, kw_only=True)
class Rules(RulesHeader):
    system: Literal["tiny"]
    table: Table


@dataclass(frozen=True)
class Hand:
    winner: int | None  # None: a draw


@dataclass(frozen=True)
class State:
    totals: tuple[int, ...]
    east: int
    hands: int
    last_change: tuple[int, ...] | None = None
    finished: bool = False

    def wind(self, seat: int) -> str:
        return WINDS[(seat - self.east) % len(self.totals)]

    @property
    def round_label(self) -> str:
        return f"Hand {self.hands + 1}"


class Tiny(ScoringSystem[Rules, State, Hand]):
    name = "tiny"
    rules_type, state_type = Rules, State

    def start(self, rules: Rules) -> State:
        return State((rules.table.start_points,) * rules.table.players, 0, 0)

    def apply(self, rules: Rules, state: State, hand: Hand) -> State:
        n = len(state.totals)
        change = (
            (0,) * n
            if hand.winner is None
            else tuple(n - 1 if seat == hand.winner else -1 for seat in range(n))
        )
        east = state.east if hand.winner in (None, state.east) else (state.east + 1) % n
        return State(
            tuple(t + c for t, c in zip(state.totals, change, strict=False)),
            east,
            state.hands + 1,
            change,
        )

    def check(self, rules: Rules, hand: Hand) -> None:
        if hand.winner is not None and not 0 <= hand.winner < rules.table.players:
            raise HandError(f"the winner must be a seat from 1 to {rules.table.players}")

    def hand_from_record(self, rules: Rules, record: dict[str, Any]) -> Hand:
        winner = record.get("winner")
        if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)):
            raise HandError(f"'winner' must be a seat number, got {winner!r}")
        hand = Hand(None if winner is None else winner - 1)
        self.check(rules, hand)
        return hand

    def hand_to_record(self, hand: Hand) -> dict[str, Any]:
        return {} if hand.winner is None else {"winner": hand.winner + 1}

    def describe_hand(self, hand: Hand, players: tuple[str, ...]) -> str:
        return "draw" if hand.winner is None else f"{players[hand.winner]} took one each"

    def winners(self, hand: Hand) -> tuple[int, ...]:
        return () if hand.winner is None else (hand.winner,)

    def describe_state(self, state: State, players: tuple[str, ...]) -> str:
        return f"Hand {state.hands + 1} next · East: {players[state.east]}"

    def entry(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> TinyForm:
        return TinyForm(rules, before, players, hand, winner)

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        return f"Hand {state.hands + 1}"

    def hand_tool(self) -> Tool:
        return HAND


SYSTEM = Tiny()

RULESET = """\
name = "Tiny"
system = "tiny"
[table]
players = 4
start_points = 10
"""

# ------------------------------------------------------------------ the hand form


class TinyForm:
    """The winner, already given by the key pressed on the sheet: Enter records."""

    def __init__(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> None:
        self.rules, self.before, self.players = rules, before, players
        won = hand.winner if hand is not None else winner
        self.winner = "0" if won is None else str(won + 1)

    def layout(self) -> FormLayout:
        seats = "".join(str(n) for n in range(len(self.players) + 1))
        return FormLayout(
            (Row("winner", "Winner", (Field("winner", "code", allowed=seats),)),), given=("winner",)
        )

    def start(self) -> dict[str, str]:
        return {"winner": self.winner}

    def read(self, values: Mapping[str, str]) -> Reading[Hand]:
        text = values.get("winner", "")
        hand = Hand(None if text in ("", "0") else int(text) - 1)
        try:
            SYSTEM.check_in_play(self.rules, self.before, hand)
        except HandError as e:
            return Reading((str(e),), None, frozenset({"winner"}))
        after = SYSTEM.apply(self.rules, self.before, hand)
        return Reading((), hand, frozenset({"winner"}), after=after.totals)

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> Any:
        raise HandError("no other form")


# ------------------------------------------------------------------ mjtui hand


def score(rules: Rules, args: Any) -> dict[str, Any]:
    if not str(args.tiles).isdigit():
        raise HandError(f"give the winner's seat, got {args.tiles!r}")
    n = rules.table.players
    return {"winner": int(args.tiles), "takes": n - 1}


def describe(rules: Rules, result: dict[str, Any], args: Any) -> str:
    return f"seat {result['winner']} takes {result['takes']}"


HAND = Tool(
    (
        Option(
            "tiles",
            "text",
            "the winner's seat (this system has no tiles)",
            metavar="SEAT",
            positional=True,
        ),
    ),
    score,
    describe,
)
