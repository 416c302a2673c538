"""A session replayed to plain data, for `mjtui replay --json` and exports."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mjtui.core.model.seats import to_tables
from mjtui.core.model.session import Session


def replay_document(session: Session, problems: Iterable[str] = ()) -> dict[str, Any]:
    """The players (of the first hand) and the seat changes, then the table after each
    hand in file order, draws included, with the hand's names where they are not the
    first hand's, then what could not be read (``problems``, empty for a sound file)."""
    system = session.ruleset.system
    hands = []
    for index, state in enumerate(session.states()[1:]):
        fields = dict(system.replay_fields(state))
        names = session.names_at(index)
        if names != tuple(session.players):
            fields["players"] = list(names)
        hands.append(fields)
    return {
        "players": list(session.players),
        "seat_changes": to_tables(session.seat_changes),
        "hands": hands,
        "problems": list(problems),
    }
