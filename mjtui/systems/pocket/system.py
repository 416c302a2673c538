"""The pocket system object, :data:`SYSTEM`, and the names its package lends (``__all__``).

The package's ``__init__`` describes the modules; it loads this one on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjtui.core.systems.base import WINDS, ScoringSystem
from mjtui.systems.pocket import records, table
from mjtui.systems.pocket.events import (
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
from mjtui.systems.pocket.payments import Payment, change, multiplier, payments, portion
from mjtui.systems.pocket.rules import PLAYERS, Rules
from mjtui.systems.pocket.table import State, check_at_table, check_in_play, state_text

if TYPE_CHECKING:
    from mjtui.core.systems.capabilities import Examples, HandColumns, Section
    from mjtui.core.systems.tools import Tool
    from mjtui.systems.pocket.form import PocketForm


class Pocket(ScoringSystem[Rules, State, Hand]):
    """Hong Kong fan: the Pocket Mahjong tables and the common one (docs/pocket.md)."""

    name = "pocket"
    rules_type, state_type = Rules, State
    seats = PLAYERS

    start = staticmethod(table.start)
    apply = staticmethod(table.apply)
    check = staticmethod(check)
    check_at_table = staticmethod(check_at_table)
    hand_from_record = staticmethod(records.hand_from_record)
    hand_to_record = staticmethod(records.hand_to_record)
    describe_hand = staticmethod(describe)
    winners = staticmethod(winners)
    describe_state = staticmethod(state_text)
    round_said = staticmethod(table.round_words)

    def replay_fields(self, state: State) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "east": state.east + 1,
            "round": WINDS[state.round_wind],
            "starter": state.east + 1,
            "finished": state.finished,
        }

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        from mjtui.core.systems.winds import wind_name
        from mjtui.systems.pocket.terms import say

        return say("Hand {n} · {wind} round · starter {starter}").format(
            n=state.hands + 1, wind=wind_name(state.round_wind), starter=players[state.east]
        )

    def entry(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> PocketForm:
        from mjtui.systems.pocket.form import PocketForm

        return PocketForm(rules, before, players, hand, winner)

    def export_columns(self) -> HandColumns[Rules, State, Hand]:
        from mjtui.systems.pocket.export_columns import COLUMNS

        return COLUMNS

    def reference(self, rules: Rules) -> list[Section]:
        from mjtui.systems.pocket.reference import sections

        return sections(rules)

    def examples(self) -> Examples:
        from mjtui.systems.pocket.examples import EXAMPLES

        return EXAMPLES

    def hand_tool(self) -> Tool[Rules]:
        from mjtui.systems.pocket.tools import HAND

        return HAND

    def waits_tool(self) -> Tool[Rules]:
        from mjtui.systems.pocket.tools import WAITS

        return WAITS


SYSTEM = Pocket()

__all__ = [
    "CONTEXT",
    "PLAYERS",
    "SYSTEM",
    "Draw",
    "FalseWin",
    "Hand",
    "Payment",
    "Pocket",
    "Rules",
    "State",
    "Win",
    "change",
    "check",
    "check_in_play",
    "describe",
    "fan_problem",
    "multiplier",
    "payments",
    "portion",
    "state_text",
    "winners",
]
