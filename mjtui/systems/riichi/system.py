"""The riichi system object, :data:`SYSTEM`, and the names its package lends (``__all__``).

The package's ``__init__`` describes the modules; it loads this one on first use."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mjtui.core.systems.base import ScoringSystem
from mjtui.systems.riichi import records, table
from mjtui.systems.riichi.events import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Hand,
    Win,
    Winner,
    check,
    describe,
    winners,
)
from mjtui.systems.riichi.fu import FuHand, FuResult, Meld, calculate
from mjtui.systems.riichi.han_fu import score_problem
from mjtui.systems.riichi.points import Payment, base_points, payment
from mjtui.systems.riichi.rules import Rules
from mjtui.systems.riichi.standings import Standing, final_standings, standings_note
from mjtui.systems.riichi.table import (
    Settlement,
    State,
    Transfer,
    check_at_table,
    check_in_play,
    noten_payments,
    round_words,
    settle,
    state_text,
    with_riichi,
)

if TYPE_CHECKING:
    from mjtui.core.systems.capabilities import Examples, HandColumns, Importer, Ranking, Section
    from mjtui.core.systems.tools import Tool
    from mjtui.systems.riichi.form import RiichiForm


class Riichi(ScoringSystem[Rules, State, Hand]):
    """Riichi: han and fu to points, sticks and honba, uma and oka (docs/rulesets.md)."""

    name = "riichi"
    rules_type, state_type = Rules, State

    start = staticmethod(table.start)
    apply = staticmethod(table.apply)
    check = staticmethod(check)
    check_at_table = staticmethod(check_at_table)
    hand_from_record = staticmethod(records.hand_from_record)
    hand_to_record = staticmethod(records.hand_to_record)
    describe_hand = staticmethod(describe)
    winners = staticmethod(winners)
    describe_state = staticmethod(state_text)
    round_said = staticmethod(round_words)
    standings = staticmethod(final_standings)
    standings_note = staticmethod(standings_note)

    def ranking(self, rules: Rules) -> Ranking:
        """Final scores in thousands (a penalty of 2000 takes 2.0); raw: before uma; a
        substitute's game fixed where ``final.substitute`` fixes it (EMA's)."""
        from mjtui.core.systems.capabilities import FixedResult, Ranking

        fixed = None
        if rules.final.substitute:
            # [points, uma]: the points stand for the seat's end minus the start, the
            # raw, as Pantheon's replacementPlayerFixedPoints stands in for them; the
            # uma is only in the score (EMA: a Score of -15000 in the results file).
            points, uma = rules.final.substitute
            fixed = FixedResult(score=points + uma, raw=points)
        return Ranking(unit=1000, substitute=fixed)

    def with_start_points(self, rules: Rules, points: int) -> Rules:
        """Other start points; an oka that balanced the old start balances the new one."""
        final = rules.final
        target = rules.table.target_points
        n = rules.players
        if final.oka == (target - rules.table.start_points) * n:
            final = replace(final, oka=(target - points) * n)
        return replace(rules, table=replace(rules.table, start_points=points), final=final)

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

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        from mjtui.systems.riichi.terms import say

        return say("Hand {n} · {round} · dealer {dealer} · {honba} honba").format(
            n=state.hands + 1,
            round=table.round_words(state),
            dealer=players[state.east],
            honba=state.honba,
        )

    def entry(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> RiichiForm:
        from mjtui.systems.riichi.form import RiichiForm

        return RiichiForm(rules, before, players, hand, winner)

    def export_columns(self) -> HandColumns[Rules, State, Hand]:
        from mjtui.systems.riichi.export_columns import COLUMNS

        return COLUMNS

    def export_formats(self) -> Mapping[str, Callable[..., str]]:
        from mjtui.systems.riichi.pantheon import to_pantheon

        return {"pantheon": to_pantheon}

    def reference(self, rules: Rules) -> list[Section]:
        from mjtui.systems.riichi.reference import sections

        return sections(rules)

    def examples(self) -> Examples:
        from mjtui.systems.riichi.examples import EXAMPLES

        return EXAMPLES

    def hand_tool(self) -> Tool[Rules]:
        from mjtui.systems.riichi.tools import HAND

        return HAND

    def points_tool(self) -> Tool[Rules]:
        from mjtui.systems.riichi.tools import POINTS

        return POINTS

    def waits_tool(self) -> Tool[Rules]:
        from mjtui.systems.riichi.tools import WAITS

        return WAITS

    def importers(self) -> Mapping[str, Importer[Any]]:
        from mjtui.systems.riichi.tenhou6 import IMPORTER

        return {"tenhou6": IMPORTER}


SYSTEM = Riichi()

__all__ = [
    "SYSTEM",
    "AbortiveDraw",
    "Chombo",
    "ExhaustiveDraw",
    "FuHand",
    "FuResult",
    "Hand",
    "Meld",
    "Payment",
    "Riichi",
    "Rules",
    "Settlement",
    "Standing",
    "State",
    "Transfer",
    "Win",
    "Winner",
    "base_points",
    "calculate",
    "check",
    "check_in_play",
    "describe",
    "final_standings",
    "noten_payments",
    "payment",
    "score_problem",
    "settle",
    "state_text",
    "winners",
    "with_riichi",
]


def left_over_deposits(state: State) -> dict[str, Any]:
    """Where the riichi deposits still on the table at the end went (the ruleset's
    ``end.left_over_deposits``): ``points`` in all, ``to`` "first" (first place took
    them: ``shares`` per seat), "lost" (they left the game) or "none" (none were left)."""
    awarded = list(state.awarded) or [0] * len(state.totals)
    given = sum(awarded)
    to = "lost" if state.forfeited else "first" if given else "none"
    return {"points": state.forfeited + given, "to": to, "shares": awarded}
