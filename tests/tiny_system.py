"""A scoring system that lives in the tests folder alone: the winner takes 1 from each.

It is what docs/adding-a-system.md walks through, kept whole here: the rules,
the events and the fold (core), the hand form (ui) and the `mjtui hand`
scorer (cli), each named where the system declares it.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS, RulesHeader
from mjtui.ui.hand_form import HandForm

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


class Tiny:
    name = "tiny"
    rules_type = Rules
    form = "tiny_system:TinyForm"
    scorer = "tiny_system"
    draws = True
    emulator = None
    export_columns = None  # the winners, changes and totals say it all

    def players(self, rules: Rules) -> int:
        return rules.table.players

    def start_points(self, rules: Rules) -> int:
        return rules.table.start_points

    def with_start_points(self, rules: Rules, points: int) -> Rules:
        return replace(rules, table=replace(rules.table, start_points=points))

    def start(self, rules: Rules) -> State:
        return State((rules.table.start_points,) * rules.table.players, 0, 0)

    def apply(self, rules: Rules, state: State, hand: Hand) -> State:
        n = len(state.totals)
        change = (0,) * n if hand.winner is None else tuple(
            n - 1 if seat == hand.winner else -1 for seat in range(n))
        east = state.east if hand.winner in (None, state.east) else (state.east + 1) % n
        return State(tuple(t + c for t, c in zip(state.totals, change)), east,
                     state.hands + 1, change)

    def check(self, rules: Rules, hand: Hand) -> None:
        if hand.winner is not None and not 0 <= hand.winner < rules.table.players:
            raise HandError(f"the winner must be a seat from 1 to {rules.table.players}")

    def check_in_play(self, rules: Rules, state: State, hand: Hand) -> None:
        self.check(rules, hand)

    def check_at_table(self, rules: Rules, state: State, hand: Hand) -> None:
        """Nothing: no hand depends on the table."""

    def hand_from_record(self, rules: Rules, record: dict[str, Any]) -> Hand:
        winner = record.get("winner")
        if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)):
            raise HandError(f"'winner' must be a seat number, got {winner!r}")
        hand = Hand(None if winner is None else winner - 1)
        self.check(rules, hand)
        return hand

    def hand_to_record(self, hand: Hand) -> dict[str, Any]:
        return {} if hand.winner is None else {"winner": hand.winner + 1}

    def replay_fields(self, state: State) -> dict[str, Any]:
        return {"totals": list(state.totals), "east": state.east + 1}

    def describe_hand(self, hand: Hand, players: tuple[str, ...]) -> str:
        return "draw" if hand.winner is None else f"{players[hand.winner]} took one each"

    def winners(self, hand: Hand) -> tuple[int, ...]:
        return () if hand.winner is None else (hand.winner,)

    def hand_scores(self, hand: Hand) -> None:
        return None

    def describe_state(self, state: State, players: tuple[str, ...]) -> str:
        return f"Hand {state.hands + 1} next · East: {players[state.east]}"

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        return f"Hand {state.hands + 1}"

    def standings(self, rules: Rules, state: State) -> None:
        return None

    def calculator_program(self, rules: Rules) -> None:
        return None


SYSTEM = Tiny()

RULESET = """\
name = "Tiny"
system = "tiny"
[table]
players = 4
start_points = 10
"""

# ------------------------------------------------------------------ ui


class TinyForm(HandForm):
    """The winner, already given by the key pressed on the sheet: Enter records."""

    def compose(self) -> ComposeResult:
        winner = "" if self.old is None else str((self.old.winner or -1) + 1)
        with Vertical(id="entry"):
            yield Label(self.heading, markup=False)
            with Horizontal(classes="entry-row"):
                yield Label("Winner", classes="entry-label")
                yield Input(winner or self._given(), id="winner", restrict="[0-4]?",
                            max_length=1, compact=True)
            yield Static("", id="entry-error", markup=False)
            yield Button("Confirm", classes="form-confirm", compact=True)

    def _given(self) -> str:
        return "" if self.given_winner is None else str(self.given_winner + 1)

    def __init__(self, *args: Any, winner: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, winner=winner, **kwargs)
        self.given_winner = winner

    def first_field(self) -> Widget:
        return self.confirm_button()

    def read(self) -> tuple[list[str], Hand | None]:
        text = self.query_one("#winner", Input).value
        hand = Hand(None if text in ("", "0") else int(text) - 1)
        problems = self.checked(hand)
        return (problems, None) if problems else ([], hand)


# ------------------------------------------------------------------ cli (mjtui hand)

TILES_HELP = "the winner's seat (this system has no tiles)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def score(rules: Rules, args: argparse.Namespace) -> dict[str, Any]:
    if not str(args.tiles).isdigit():
        raise HandError(f"give the winner's seat, got {args.tiles!r}")
    n = rules.table.players
    return {"winner": int(args.tiles), "takes": n - 1}


def describe(rules: Rules, result: dict[str, Any]) -> str:
    return f"seat {result['winner']} takes {result['takes']}"
