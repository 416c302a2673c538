"""The fx602p system object, :data:`SYSTEM`, and the names its package lends (``__all__``).

The package's ``__init__`` describes the modules; it loads this one on first use."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mjtui.core.systems.fx602p import records, table
from mjtui.core.systems.fx602p.evaluate import (
    ALL_YAKU,
    YAKU,
    YAKUMAN,
    Score,
    evaluate,
    is_complete,
    parse_tiles,
    points,
    readings,
    yaku_han,
)
from mjtui.core.systems.fx602p.events import Hand, Win, check, describe, score
from mjtui.core.systems.fx602p.rules import PLAYERS, Rules
from mjtui.core.systems.fx602p.table import State, check_at_table, check_in_play, state_text

if TYPE_CHECKING:
    from mjtui.core.systems.fx602p.entry import FX602PForm


class FX602P:
    name = "fx602p"
    rules_type = Rules
    scorer = "mjtui.cli.scorers.fx602p"
    draws = False  # the 1986 game has no drawn hands
    emulator = "fx602p"
    export_columns = "mjtui.core.systems.fx602p.export_columns:COLUMNS"

    def players(self, rules: Rules) -> int:
        return PLAYERS

    def start_points(self, rules: Rules) -> int:
        return rules.table.start_points

    def with_start_points(self, rules: Rules, points: int) -> Rules:
        return replace(rules, table=replace(rules.table, start_points=points))

    def start(self, rules: Rules) -> State:
        return table.start(rules)

    def apply(self, rules: Rules, state: State, hand: Win) -> State:
        return table.apply(rules, state, hand)

    def check(self, rules: Rules, hand: Win) -> None:
        check(rules, hand)

    def check_in_play(self, rules: Rules, state: State, hand: Win) -> None:
        check_in_play(rules, state, hand)

    def check_at_table(self, rules: Rules, state: State, hand: Win) -> None:
        check_at_table(rules, state, hand)

    def score(self, rules: Rules, hand: Win) -> Score:
        return score(rules, hand)

    def hand_from_record(self, rules: Rules, record: dict[str, Any]) -> Win:
        return records.hand_from_record(rules, record)

    def hand_to_record(self, hand: Win) -> dict[str, Any]:
        return records.hand_to_record(hand)

    def replay_fields(self, state: State) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "east": state.east + 1,
            "dealer": state.east + 1,
            "hands": state.hands,
            "points": state.last_points,
            "average": [round(state.average(seat), 1) for seat in range(PLAYERS)],
        }


    def entry(self, rules: Rules, before: State, players: tuple[str, ...],
              hand: Hand | None = None, winner: int | None = None) -> FX602PForm:
        """The hand form's model: a new hand (``winner`` from the sheet's key, None
        for a draw) or ``hand`` to edit."""
        from mjtui.core.systems.fx602p.entry import FX602PForm

        return FX602PForm(rules, before, players, hand, winner)
    def describe_hand(self, hand: Win, players: tuple[str, ...]) -> str:
        return describe(hand, players)

    def winners(self, hand: Win) -> tuple[int, ...]:
        return (hand.winner,)

    def hand_scores(self, hand: Win) -> tuple[int, ...] | None:
        return None  # a hand is tiles or yaku, not a score per seat

    def describe_state(self, state: State, players: tuple[str, ...]) -> str:
        return state_text(state, players)

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        return f"Hand {state.hands + 1} · dealer {players[state.east]}"

    def standings(self, rules: Rules, state: State) -> None:
        return None  # the totals are the result

    def calculator_program(self, rules: Rules) -> None:
        return None


SYSTEM = FX602P()


def evaluate_han(rules: Rules, name: str) -> int:
    """The han of one yaku under the rules."""
    return yaku_han(rules, name)

__all__ = [
    "ALL_YAKU", "FX602P", "Hand", "PLAYERS", "Rules", "SYSTEM", "Score", "State", "Win",
    "YAKU", "YAKUMAN", "check", "check_in_play", "evaluate", "is_complete", "parse_tiles",
    "points", "readings", "score", "evaluate_han",
]
