"""The riichi system object, :data:`SYSTEM`, and the names its package lends (``__all__``).

The package's ``__init__`` describes the modules; it loads this one on first use."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mjtui.core.systems.riichi import records, table
from mjtui.core.systems.riichi.events import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Hand,
    Win,
    Winner,
    check,
    describe,
    score_problem,
    winners,
)
from mjtui.core.systems.riichi.fu import FuHand, FuResult, Meld, calculate
from mjtui.core.systems.riichi.points import Payment, base_points, payment
from mjtui.core.systems.riichi.rules import Rules
from mjtui.core.systems.riichi.standings import Standing, final_standings
from mjtui.core.systems.riichi.table import (
    Settlement,
    State,
    Transfer,
    check_at_table,
    check_in_play,
    noten_payments,
    settle,
    state_text,
    with_riichi,
)

if TYPE_CHECKING:
    from mjtui.core.systems.riichi.form import RiichiForm


class Riichi:
    name = "riichi"
    rules_type = Rules
    scorer = "mjtui.cli.scorers.riichi"
    draws = True
    emulator = None
    export_columns = "mjtui.core.systems.riichi.export_columns:COLUMNS"

    def players(self, rules: Rules) -> int:
        return rules.players

    def start_points(self, rules: Rules) -> int:
        return rules.table.start_points

    def with_start_points(self, rules: Rules, points: int) -> Rules:
        """Other start points; an oka that balanced the old start balances the new one."""
        final = rules.final
        target = rules.table.target_points
        n = rules.players
        if final.oka == (target - rules.table.start_points) * n:
            final = replace(final, oka=(target - points) * n)
        return replace(rules, table=replace(rules.table, start_points=points), final=final)

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
        fields = {
            "totals": list(state.totals),
            "east": state.east + 1,
            "honba": state.honba,
            "deposits": state.deposits,
            "round": state.round,
            "dealer": state.east + 1,
        }
        if state.finished:
            fields["left_over_deposits"] = left_over_deposits(state)
        return fields


    def entry(self, rules: Rules, before: State, players: tuple[str, ...],
              hand: Hand | None = None, winner: int | None = None) -> RiichiForm:
        """The hand form's model: a new hand (``winner`` from the sheet's key, None
        for a draw) or ``hand`` to edit."""
        from mjtui.core.systems.riichi.form import RiichiForm

        return RiichiForm(rules, before, players, hand, winner)
    def describe_hand(self, hand: Hand, players: tuple[str, ...]) -> str:
        return describe(hand, players)

    def winners(self, hand: Hand) -> tuple[int, ...]:
        return winners(hand)

    def hand_scores(self, hand: Hand) -> tuple[int, ...] | None:
        return None  # riichi hands are han and fu, not a score per seat

    def describe_state(self, state: State, players: tuple[str, ...]) -> str:
        return state_text(state, players)

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        return (f"Hand {state.hands + 1} · {state.round_name} · dealer "
                f"{players[state.east]} · {state.honba} honba")

    def standings(self, rules: Rules, state: State) -> tuple[Standing, ...]:
        return final_standings(rules, state)

    def calculator_program(self, rules: Rules) -> None:
        return None


SYSTEM = Riichi()

__all__ = [
    "SYSTEM", "Riichi", "Rules", "State", "Hand", "Win", "Winner", "ExhaustiveDraw",
    "AbortiveDraw", "Chombo", "check", "check_in_play", "score_problem", "settle",
    "Settlement", "Transfer", "noten_payments", "with_riichi", "Payment", "payment",
    "base_points", "FuHand", "FuResult", "Meld", "calculate", "Standing",
    "final_standings", "describe", "winners", "state_text",
]


def left_over_deposits(state: State) -> dict[str, Any]:
    """Where the riichi deposits still on the table at the end went (the ruleset's
    ``end.left_over_deposits``): ``points`` in all, ``to`` "first" (first place took
    them: ``shares`` per seat), "lost" (they left the game) or "none" (none were left)."""
    awarded = list(state.awarded) or [0] * len(state.totals)
    given = sum(awarded)
    to = "lost" if state.forfeited else "first" if given else "none"
    return {"points": state.forfeited + given, "to": to, "shares": awarded}
