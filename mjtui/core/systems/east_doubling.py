"""East doubling: the system of the HP-11C score program (seed 000).

Each player scores points in a hand. For every ordered pair (receiver,
payer) the payer pays the receiver the receiver's points, except that the
winner pays nothing; the amount is multiplied when East receives or pays. A
draw exchanges nothing. Who is East next depends on who won, as the ruleset's
``[rotation]`` table says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import add
from typing import TYPE_CHECKING, Any, Literal

from mjtui.core.errors import HandError
from mjtui.core.files import show_number
from mjtui.core.systems.base import (
    WINDS,
    Examples,
    HandColumns,
    RulesHeader,
    ScoringSystem,
    Section,
)

if TYPE_CHECKING:
    from mjtui.core.systems.east_doubling_entry import EastDoublingForm

Move = Literal["stay", "next"]

MAX_POINTS = 10**9
"""The most points one seat can score in a hand: far beyond any real hand, a typo guard
(a pasted phone number). The hand form refuses more; hands read from files get the same bound."""


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
    program: str = field(metadata={
        "doc": "HP-11C listing run beside the sheet: a program shipped with mjtui "
               "(e.g. 'east_doubling.hp11c') or a path to a listing file"
    })


@dataclass(frozen=True, kw_only=True)
class Rules(RulesHeader):
    system: Literal["east-doubling"]
    table: Table
    payments: Payments
    rotation: Rotation
    calculator: Calculator | None = None


@dataclass(frozen=True)
class Hand:
    """One hand as entered: the winner's seat (None for a draw) and each seat's points."""

    winner: int | None
    points: tuple[int, ...]


@dataclass(frozen=True)
class State:
    """The table after some hands: what the scoreboard shows."""

    totals: tuple[int, ...]
    east: int  # seat (0-based) that is East for the next hand
    hands: int
    last_change: tuple[int, ...] | None = None

    def wind(self, seat: int) -> str:
        return WINDS[(seat - self.east) % len(self.totals)]

    @property
    def finished(self) -> bool:
        return False  # the series goes on as long as the table plays

    @property
    def round_label(self) -> str:
        return f"Hand {self.hands + 1}"


def settle(
    points: tuple[int, ...], winner: int | None, east: int, multiplier: int
) -> tuple[int, ...]:
    """Each seat's change of total for one hand."""
    seats = range(len(points))
    change = [0] * len(points)
    if winner is None:
        return tuple(change)
    for receiver, scored in enumerate(points):
        if not scored:
            continue  # a long series is folded on every resume: skip what pays nothing
        doubled = scored * multiplier
        for payer in seats:
            if payer == receiver or payer == winner:
                continue
            amount = doubled if receiver == east or payer == east else scored
            change[receiver] += amount
            change[payer] -= amount
    return tuple(change)


def _show(value: Any) -> str:
    """A value for a message; a number of many digits by its length."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**20:
        return show_number(value)
    return repr(value)


def next_east(rotation: Rotation, east: int, winner: int | None, players: int) -> int:
    if winner is None:
        move = rotation.on_draw
    elif winner == east:
        move = rotation.on_east_win
    else:
        move = rotation.on_other_win
    return (east + 1) % players if move == "next" else east


class EastDoubling(ScoringSystem[Rules, State, Hand]):
    """The HP-11C program's system: each seat's points typed, East paying and receiving
    more (seed 000)."""

    name = "east-doubling"
    rules_type, state_type = Rules, State
    emulator = "hp11c"

    def start(self, rules: Rules) -> State:
        n = rules.table.players
        return State(totals=(rules.table.start_points,) * n, east=0, hands=0)

    def apply(self, rules: Rules, state: State, hand: Hand) -> State:
        change = settle(hand.points, hand.winner, state.east, rules.payments.east_multiplier)
        return State(
            totals=tuple(map(add, state.totals, change)),
            east=next_east(rules.rotation, state.east, hand.winner, len(state.totals)),
            hands=state.hands + 1,
            last_change=change,
        )

    def check(self, rules: Rules, hand: Hand) -> None:
        n = rules.table.players
        if hand.winner is not None and not 0 <= hand.winner < n:
            raise HandError(f"the winner must be a seat from 1 to {n}, got {hand.winner + 1}")
        if len(hand.points) != n:
            raise HandError(f"expected {n} points (one per seat), got {len(hand.points)}")
        for seat, p in enumerate(hand.points, 1):
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= MAX_POINTS:
                raise HandError(f"points of seat {seat} must be a whole number from 0 to "
                                f"{MAX_POINTS:,}, got {_show(p)}")

    def hand_from_record(self, rules: Rules, record: dict[str, Any]) -> Hand:
        unknown = set(record) - {"winner", "points"}
        if unknown:
            first = sorted(unknown)[0]
            raise HandError(f"unknown key {first!r} (expected 'winner' and 'points')")
        winner = record.get("winner")
        if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)):
            raise HandError(f"'winner' must be a seat number, got {winner!r}")
        if winner == 0:
            winner = None  # 0 is the draw key at the table, so a transcriber may write it
        if "points" in record:
            points = record["points"]
            if not isinstance(points, list):
                raise HandError(f"'points' must be an array of {rules.table.players} integers")
        elif winner is None:
            # A draw scores nothing, so its points may be left out.
            points = [0] * rules.table.players
        else:
            raise HandError("'points' is missing")
        hand = Hand(winner=None if winner is None else winner - 1, points=tuple(points))
        self.check(rules, hand)
        return hand

    def hand_to_record(self, hand: Hand) -> dict[str, Any]:
        record: dict[str, Any] = {}
        if hand.winner is not None:
            record["winner"] = hand.winner + 1
        record["points"] = list(hand.points)
        return record

    def replay_fields(self, state: State) -> dict[str, Any]:
        return {"totals": list(state.totals), "east": state.east + 1}

    def entry(self, rules: Rules, before: State, players: tuple[str, ...],
              hand: Hand | None = None, winner: int | None = None) -> EastDoublingForm:
        from mjtui.core.systems.east_doubling_entry import EastDoublingForm

        return EastDoublingForm(rules, before, players, hand, winner)

    def describe_hand(self, hand: Hand, players: tuple[str, ...]) -> str:
        return "draw" if hand.winner is None else f"{players[hand.winner]} won"

    def winners(self, hand: Hand) -> tuple[int, ...]:
        return () if hand.winner is None else (hand.winner,)

    def hand_scores(self, hand: Hand) -> tuple[int, ...] | None:
        return None if hand.winner is None else hand.points

    def describe_state(self, state: State, players: tuple[str, ...]) -> str:
        return f"Hand {state.hands + 1} next · East: {players[state.east]}"

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        return f"Hand {state.hands + 1} · East: {players[state.east]}"

    def calculator_program(self, rules: Rules) -> str | None:
        return rules.calculator.program if rules.calculator else None

    def export_columns(self) -> HandColumns:
        from mjtui.core.systems.east_doubling_export import COLUMNS

        return COLUMNS

    def reference(self, rules: Rules) -> list[Section]:
        from mjtui.core.systems.east_doubling_reference import sections

        return sections(rules)

    def examples(self) -> Examples:
        from mjtui.core.systems.east_doubling_examples import EXAMPLES

        return EXAMPLES


SYSTEM = EastDoubling()

__all__ = ["Hand", "MAX_POINTS", "Rules", "State", "SYSTEM", "settle", "next_east"]
