"""The fx602p system object, :data:`SYSTEM`, and the names its package lends (``__all__``).

The package's ``__init__`` describes the modules; it loads this one on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjtui.core.systems.base import ScoringSystem
from mjtui.systems.fx602p import records, table
from mjtui.systems.fx602p.evaluate import (
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
from mjtui.systems.fx602p.events import Hand, Win, check, describe, score
from mjtui.systems.fx602p.rules import PLAYERS, Rules
from mjtui.systems.fx602p.table import (
    State,
    check_at_table,
    check_in_play,
    hand_words,
    state_text,
)

if TYPE_CHECKING:
    from mjtui.core.systems.capabilities import Examples, HandColumns, Section
    from mjtui.core.systems.tools import Tool
    from mjtui.systems.fx602p.entry import FX602PForm


class FX602P(ScoringSystem[Rules, State, Win]):
    """The FX-602P two-player game of 1986 (docs/fx602p.md)."""

    name = "fx602p"
    rules_type, state_type = Rules, State
    seats = PLAYERS
    draws = False  # the 1986 game has no drawn hands
    emulator = "fx602p"

    start = staticmethod(table.start)
    apply = staticmethod(table.apply)
    check = staticmethod(check)
    check_at_table = staticmethod(check_at_table)
    hand_from_record = staticmethod(records.hand_from_record)
    hand_to_record = staticmethod(records.hand_to_record)
    describe_hand = staticmethod(describe)
    describe_state = staticmethod(state_text)
    round_said = staticmethod(hand_words)

    def winners(self, hand: Win) -> tuple[int, ...]:
        return (hand.winner,)

    def replay_fields(self, state: State) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "east": state.east + 1,
            "dealer": state.east + 1,
            "hands": state.hands,
            "points": state.last_points,
            "average": [round(state.average(seat), 1) for seat in range(PLAYERS)],
        }

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        from mjtui.systems.fx602p.terms import say

        return say("Hand {n} · dealer {player}").format(
            n=state.hands + 1, player=players[state.east]
        )

    def entry(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Win | None = None,
        winner: int | None = None,
    ) -> FX602PForm:
        from mjtui.systems.fx602p.entry import FX602PForm

        return FX602PForm(rules, before, players, hand, winner)

    def export_columns(self) -> HandColumns[Rules, State, Win]:
        from mjtui.systems.fx602p.export_columns import COLUMNS

        return COLUMNS

    def reference(self, rules: Rules) -> list[Section]:
        from mjtui.systems.fx602p.reference import sections

        return sections(rules)

    def examples(self) -> Examples:
        from mjtui.systems.fx602p.examples import EXAMPLES

        return EXAMPLES

    def hand_tool(self) -> Tool[Rules]:
        from mjtui.systems.fx602p.tools import HAND

        return HAND


SYSTEM = FX602P()


def evaluate_han(rules: Rules, name: str) -> int:
    """The han of one yaku under the rules."""
    return yaku_han(rules, name)


__all__ = [
    "ALL_YAKU",
    "FX602P",
    "PLAYERS",
    "SYSTEM",
    "YAKU",
    "YAKUMAN",
    "Hand",
    "Rules",
    "Score",
    "State",
    "Win",
    "check",
    "check_in_play",
    "evaluate",
    "evaluate_han",
    "is_complete",
    "parse_tiles",
    "points",
    "readings",
    "score",
]
