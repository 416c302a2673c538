"""Hands of every kind the fx602p system takes, as the session file spells them
(docs/session-format.md), and one `mjtui hand` command line: the fuzz test
mutates these."""

from __future__ import annotations

from mjtui.core.systems.capabilities import Examples

EXAMPLES = Examples(
    records=(
        {"winner": 1, "tiles": "234567888", "win": 8, "dora": 2},
        {"winner": 2, "yaku": ["Toitoi", "Sanrenko"], "triplets": 3, "tsumo": True},
        {"winner": 2, "tiles": "111999555", "win": 5},
    ),
    hand_args=("234567888", "--win", "8"),
)
