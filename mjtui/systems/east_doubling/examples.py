"""Hands of every kind the east doubling system takes, as the session file spells them
(docs/session-format.md), and one `mjtui hand` command line: the fuzz test
mutates these."""

from __future__ import annotations

from mjtui.core.systems.capabilities import Examples

EXAMPLES = Examples(
    records=(
        {"winner": 3, "points": [10, 20, 30, 40]},
        {},
        {"winner": 1, "points": [8, 0, 4, 0]},
    ),
)
