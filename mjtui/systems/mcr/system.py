"""The Chinese Official system object, :data:`SYSTEM`, and the names its package lends.

The package's ``__init__`` describes the modules; the registry loads this one on
first use."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mjtui.core.systems.base import ScoringSystem
from mjtui.systems.mcr import records, table
from mjtui.systems.mcr.events import Draw, FalseWin, Hand, Penalty, Win, check, describe, winners
from mjtui.systems.mcr.needed import needed_lines
from mjtui.systems.mcr.rules import PLAYERS, Rules
from mjtui.systems.mcr.standings import Standing, final_standings, standings_line
from mjtui.systems.mcr.table import State, check_at_table, check_in_play, state_text

if TYPE_CHECKING:
    from mjtui.core.systems.capabilities import Examples, HandColumns, Ranking, Section
    from mjtui.core.systems.tools import Tool
    from mjtui.systems.mcr.form import McrForm


class Mcr(ScoringSystem[Rules, State, Hand]):
    """Chinese Official mahjong: the 81 fans, 8 + fan, sixteen hands (docs/mcr.md)."""

    name = "mcr"
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

    def sheet_lines(self, rules: Rules, state: State, players: tuple[str, ...]) -> tuple[str, ...]:
        """What each player behind needs, and once the game is over the table points."""
        if state.finished:
            return (standings_line(rules, state, players),)
        return needed_lines(rules, state, players)

    def standings(self, rules: Rules, state: State) -> tuple[Standing, ...]:
        """The table points by place and the game score (provisional before the end)."""
        return final_standings(rules, state)

    def ranking(self, rules: Rules) -> Ranking:
        """Table points, then the game score; a penalty is points off the score, as the
        rules' penalties are (docs/tournament.md)."""
        from mjtui.core.systems.capabilities import Ranking

        return Ranking(then=("raw",), penalties="raw", total="Table points", raw="Score")

    def start_points(self, rules: Rules) -> int:
        return rules.start_points

    def with_start_points(self, rules: Rules, points: int) -> Rules:
        return replace(rules, start_points=points)

    def replay_fields(self, state: State) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "east": state.east + 1,
            "round": state.round_label,
            "dealer": state.east + 1,
            "penalties": list(state.penalties),
            "finished": state.finished,
        }

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        from mjtui.systems.mcr.terms import say

        return say("Hand {n} of {length} · {round} · dealer {dealer}").format(
            n=min(state.hands + 1, state.length),
            length=state.length,
            round=table.round_words(state),
            dealer=players[state.east],
        )

    def entry(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> McrForm:
        from mjtui.systems.mcr.form import McrForm

        return McrForm(rules, before, players, hand, winner)

    def export_columns(self) -> HandColumns[Rules, State, Hand]:
        from mjtui.systems.mcr.export_columns import COLUMNS

        return COLUMNS

    def reference(self, rules: Rules) -> list[Section]:
        from mjtui.systems.mcr.reference import sections

        return sections(rules)

    def examples(self) -> Examples:
        from mjtui.systems.mcr.examples import EXAMPLES

        return EXAMPLES

    def waits_tool(self) -> Tool[Rules]:
        from mjtui.systems.mcr.waits_tool import WAITS

        return WAITS

    def hand_tool(self) -> Tool[Rules]:
        from mjtui.systems.mcr.tools import HAND

        return HAND


SYSTEM = Mcr()

__all__ = [
    "SYSTEM",
    "Draw",
    "FalseWin",
    "Hand",
    "Mcr",
    "Penalty",
    "Rules",
    "Standing",
    "State",
    "Win",
    "check",
    "check_in_play",
    "describe",
    "final_standings",
    "needed_lines",
    "state_text",
    "winners",
]
