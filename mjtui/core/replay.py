"""A session replayed to plain data, for `mjtui replay --json` and exports."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mjtui.core.session import Session


def replay_document(session: Session, problems: Iterable[str] = ()) -> dict[str, Any]:
    """The players, then the table after each hand in file order, draws included,
    then what could not be read (``problems``, empty for a sound file)."""
    system = session.ruleset.system
    return {
        "players": list(session.players),
        "hands": [system.replay_fields(state) for state in session.states()[1:]],
        "problems": list(problems),
    }
