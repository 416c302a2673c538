"""The tiny system: its rules, a hand, the table, the fold and the hand form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS, RulesHeader, ScoringSystem
from mjtui.core.systems.fields import Field, FormLayout, Reading, Row, SubForm
from mjtui.core.systems.tools import Option, Tool


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
    winner: int | None  # the winner's seat, 0-based; None for a draw


@dataclass(frozen=True)
class State:
    totals: tuple[int, ...]
    east: int
    hands: int
    last_change: tuple[int, ...] | None = None
    finished: bool = False

    @property
    def round_label(self) -> str:
        return f"Hand {self.hands + 1}"

    def wind(self, seat: int) -> str:
        return WINDS[(seat - self.east) % len(self.totals)]


class Tiny(ScoringSystem[Rules, State, Hand]):
    name = "tiny"
    rules_type, state_type = Rules, State

    def start(self, rules: Rules) -> State:
        return State((rules.table.start_points,) * rules.table.players, east=0, hands=0)

    def apply(self, rules: Rules, state: State, hand: Hand) -> State:
        n = len(state.totals)
        won = hand.winner
        change = tuple(0 if won is None else n - 1 if s == won else -1 for s in range(n))
        east = state.east if won in (None, state.east) else (state.east + 1) % n
        totals = tuple(t + c for t, c in zip(state.totals, change, strict=True))
        return State(totals, east, state.hands + 1, change)

    def check(self, rules: Rules, hand: Hand) -> None:
        if hand.winner is not None and not 0 <= hand.winner < rules.table.players:
            raise HandError(f"the winner is a seat from 1 to {rules.table.players}")

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

    def entry(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> TinyForm:
        won = hand.winner if hand is not None else winner
        return TinyForm(rules, before, players, "0" if won is None else str(won + 1))

    def sheet_lines(self, rules: Rules, state: State, players: tuple[str, ...]) -> tuple[str, ...]:
        top = max(state.totals)
        leaders = [name for name, t in zip(players, state.totals, strict=True) if t == top]
        return (f"Leading: {', '.join(leaders)}",) if state.hands else ()

    def hand_tool(self) -> Tool[Rules]:
        return Tool((Option("seat", "int", "the winner's seat", positional=True),), take, said)


class TinyForm:
    """The hand form: the winner's seat (0 a draw), given by the sheet's key."""

    def __init__(self, rules: Rules, before: State, players: tuple[str, ...], seat: str) -> None:
        self.rules, self.before, self.players, self.seat = rules, before, players, seat

    def layout(self) -> FormLayout:
        seats = "".join(str(n) for n in range(len(self.players) + 1))
        winner = Field("winner", "code", allowed=seats)
        return FormLayout((Row("won", "Winner", (winner,)),), given=("winner",))

    def start(self) -> dict[str, str]:
        return {"winner": self.seat}

    def read(self, values: Mapping[str, str]) -> Reading[Hand]:
        typed = values.get("winner", "")
        hand = Hand(None if typed in ("", "0") else int(typed) - 1)
        note = {"won": "a draw" if hand.winner is None else self.players[hand.winner]}
        after = SYSTEM.apply(self.rules, self.before, hand)
        return Reading((), hand, frozenset({"winner"}), note, after=after.totals)

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        raise HandError("this form opens no other")


def take(rules: Rules, args: Any) -> dict[str, Any]:
    if not 1 <= args.seat <= rules.table.players:
        raise HandError(f"the winner is a seat from 1 to {rules.table.players}")
    return {"winner": args.seat, "takes": rules.table.players - 1}


def said(rules: Rules, result: dict[str, Any], args: Any) -> str:
    return f"seat {result['winner']} takes {result['takes']}"


SYSTEM = Tiny()
