"""What every scoring system provides, so sessions and files stay system-blind."""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

WINDS = ("East", "South", "West", "North")


@dataclasses.dataclass(frozen=True, kw_only=True)
class RulesHeader:
    """The keys at the top of every ruleset file."""

    name: str = dataclasses.field(metadata={"doc": "the name shown in menus"})
    system: str = dataclasses.field(metadata={"doc": "which scoring system reads the rest"})
    description: str = dataclasses.field(default="", metadata={"doc": "a line or two for the menu"})


class ScoringSystem(Protocol):
    """A scoring system folds hand events into table state under its rules."""

    name: str
    rules_type: type

    def players(self, rules: Any) -> int: ...

    def start_points(self, rules: Any) -> int: ...

    def with_start_points(self, rules: Any, points: int) -> Any: ...

    def start(self, rules: Any) -> Any: ...

    def apply(self, rules: Any, state: Any, hand: Any) -> Any: ...

    def check(self, rules: Any, hand: Any) -> None: ...

    def check_in_play(self, rules: Any, state: Any, hand: Any) -> None:
        """:meth:`check`, and what the table in ``state`` (before ``hand``) forbids: a
        hand after the end, a riichi without the points... HandError says why. A
        system without such rules checks the hand alone. Sessions call this one."""
        ...

    def hand_from_record(self, rules: Any, record: dict[str, Any]) -> Any: ...

    def hand_to_record(self, hand: Any) -> dict[str, Any]: ...

    def replay_fields(self, state: Any) -> dict[str, Any]: ...

    # Words for the screens, so they need not know the system's events.

    def describe_hand(self, hand: Any, players: tuple[str, ...]) -> str:
        """A few words on what happened in a hand, e.g. "Chen won" or "draw"."""
        ...

    def winners(self, hand: Any) -> tuple[int, ...]:
        """The seats that won the hand (none for a draw)."""
        ...

    def hand_scores(self, hand: Any) -> tuple[int, ...] | None:
        """What each seat scored in the hand, shown beside its change; None if nothing."""
        ...

    def describe_state(self, state: Any, players: tuple[str, ...]) -> str:
        """The table before the next hand in a line: hand or round, dealer, sticks..."""
        ...
