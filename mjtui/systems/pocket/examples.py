"""Hands of every kind the pocket system takes, as the session file spells them
(docs/session-format.md), and one `mjtui hand` command line: the fuzz test
mutates these."""

from __future__ import annotations

from mjtui.core.systems.capabilities import Examples

EXAMPLES = Examples(
    records=(
        {"win": 3, "fan": 4, "from": 2},
        {"win": 2, "fan": 5, "guarantor": 4},
        {"draw": True},
        {"win": 1, "fan": 7, "tiles": "123m456m789m111z55m", "context": ["last-tile"]},
        {"false_win": 4},
    ),
    hand_args=("123m456m789m111z55m", "--self-draw"),
)
