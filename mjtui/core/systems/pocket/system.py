"""The pocket system object, :data:`SYSTEM`, and the names its package lends (``__all__``).

The package's ``__init__`` describes the modules; it loads this one on first use."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mjtui.core.systems.base import WINDS
from mjtui.core.systems.pocket import records, table
from mjtui.core.systems.pocket.events import (
    CONTEXT,
    Draw,
    FalseWin,
    Hand,
    Win,
    check,
    describe,
    fan_problem,
    winners,
)
from mjtui.core.systems.pocket.payments import Payment, change, multiplier, payments, portion
from mjtui.core.systems.pocket.rules import PLAYERS, Rules
from mjtui.core.systems.pocket.table import State, check_at_table, check_in_play, state_text

if TYPE_CHECKING:
    from mjtui.core.systems.pocket.form import PocketForm


class Pocket:
    name = "pocket"
    rules_type = Rules
    scorer = "mjtui.cli.scorers.pocket"
    draws = True
    emulator = None
    export_columns = "mjtui.core.systems.pocket.export_columns:COLUMNS"

    def players(self, rules: Rules) -> int:
        return PLAYERS

    def start_points(self, rules: Rules) -> int:
        return rules.table.start_points

    def with_start_points(self, rules: Rules, points: int) -> Rules:
        return replace(rules, table=replace(rules.table, start_points=points))

    def start(self, rules: Rules) -> State:
        return table.start(rules)

    def apply(self, rules: Rules, state: State, hand: Hand) -> State:
        return table.apply(rules, state, hand)

    def check(self, rules: Rules, hand: Hand) -> None:
        check(rules, hand)

    def check_in_play(self, rules: Rules, state: State, hand: Hand) -> None:
        check_in_play(rules, state, hand)

    def check_at_table(self, rules: Rules, state: State, hand: Hand) -> None:
        check_at_table(rules, state, hand)

    def hand_from_record(self, rules: Rules, record: dict[str, Any]) -> Hand:
        return records.hand_from_record(rules, record)

    def hand_to_record(self, hand: Hand) -> dict[str, Any]:
        return records.hand_to_record(hand)

    def replay_fields(self, state: State) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "east": state.east + 1,
            "round": WINDS[state.round_wind],
            "starter": state.east + 1,
            "finished": state.finished,
        }


    def entry(self, rules: Rules, before: State, players: tuple[str, ...],
              hand: Hand | None = None, winner: int | None = None) -> PocketForm:
        """The hand form's model: a new hand (``winner`` from the sheet's key, None
        for a draw) or ``hand`` to edit."""
        from mjtui.core.systems.pocket.form import PocketForm

        return PocketForm(rules, before, players, hand, winner)
    def describe_hand(self, hand: Hand, players: tuple[str, ...]) -> str:
        return describe(hand, players)

    def winners(self, hand: Hand) -> tuple[int, ...]:
        return winners(hand)

    def hand_scores(self, hand: Hand) -> tuple[int, ...] | None:
        return None  # a hand is fan, not a score per seat

    def describe_state(self, state: State, players: tuple[str, ...]) -> str:
        return state_text(state, players)

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        return (f"Hand {state.hands + 1} · {state.round_wind_name} round · "
                f"starter {players[state.east]}")

    def standings(self, rules: Rules, state: State) -> None:
        return None  # the totals are the result

    def calculator_program(self, rules: Rules) -> None:
        return None


SYSTEM = Pocket()

__all__ = [
    "CONTEXT", "Draw", "FalseWin", "Hand", "PLAYERS", "Payment", "Pocket", "Rules", "SYSTEM",
    "State", "Win", "change", "check", "check_in_play", "describe", "fan_problem",
    "multiplier", "payments", "portion", "state_text", "winners",
]
