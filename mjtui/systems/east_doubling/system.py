"""East doubling: the system of the HP-11C score program (seed 000).

Each player scores points in a hand; East pays and receives more. The keys
are :mod:`.rules`', the hand :mod:`.events`', the fold :mod:`.table`'s; this
module is the system object, :data:`SYSTEM`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjtui.core.systems.base import ScoringSystem
from mjtui.systems.east_doubling import events, records, table
from mjtui.systems.east_doubling.events import MAX_POINTS, Hand
from mjtui.systems.east_doubling.rules import Rules
from mjtui.systems.east_doubling.table import State, next_east, settle

if TYPE_CHECKING:
    from mjtui.core.systems.capabilities import Examples, HandColumns, Section
    from mjtui.systems.east_doubling.form import EastDoublingForm


class EastDoubling(ScoringSystem[Rules, State, Hand]):
    """The HP-11C program's system: each seat's points typed, East paying and receiving
    more (seed 000)."""

    name = "east-doubling"
    rules_type, state_type = Rules, State
    emulator = "hp11c"

    start = staticmethod(table.start)
    apply = staticmethod(table.apply)
    fold = staticmethod(table.fold)
    check = staticmethod(events.check)
    hand_from_record = staticmethod(records.hand_from_record)
    hand_to_record = staticmethod(records.hand_to_record)
    describe_hand = staticmethod(events.describe)
    winners = staticmethod(events.winners)
    describe_state = staticmethod(table.state_text)
    round_said = staticmethod(table.hand_words)

    def replay_fields(self, state: State) -> dict[str, Any]:
        return {"totals": list(state.totals), "east": state.east + 1}

    def entry(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> EastDoublingForm:
        from mjtui.systems.east_doubling.form import EastDoublingForm

        return EastDoublingForm(rules, before, players, hand, winner)

    def hand_scores(self, hand: Hand) -> tuple[int, ...] | None:
        return None if hand.winner is None else hand.points

    def hand_title(self, state: State, players: tuple[str, ...]) -> str:
        from mjtui.systems.east_doubling.terms import say

        return say("Hand {n} · East: {player}").format(
            n=state.hands + 1, player=players[state.east]
        )

    def calculator_program(self, rules: Rules) -> str | None:
        return rules.calculator.program if rules.calculator else None

    def export_columns(self) -> HandColumns[Rules, State, Hand]:
        from mjtui.systems.east_doubling.export_columns import COLUMNS

        return COLUMNS

    def reference(self, rules: Rules) -> list[Section]:
        from mjtui.systems.east_doubling.reference import sections

        return sections(rules)

    def examples(self) -> Examples:
        from mjtui.systems.east_doubling.examples import EXAMPLES

        return EXAMPLES


SYSTEM = EastDoubling()

__all__ = ["MAX_POINTS", "SYSTEM", "Hand", "Rules", "State", "next_east", "settle"]
