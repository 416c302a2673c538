"""Hands of every kind the Chinese Official system takes, as the session file spells them
(mjtui/systems/mcr/records.py), and one `mjtui hand` command line: the fuzz test mutates
these."""

from __future__ import annotations

from mjtui.core.systems.capabilities import Examples

EXAMPLES = Examples(
    records=(
        {"win": 3, "fan": 12, "from": 2},
        {"win": 1, "fan": 9, "flowers": 1},
        {"draw": True},
        # Pure Straight 16, Half Flush 6, Pure Double Chow 1, Single Wait 1 (mahjongtime.com's
        # example 23), on seat 2's discard.
        {"win": 1, "fan": 24, "from": 2, "tiles": "123456789s11z [123s]"},
        # Out with Replacement Tile 8, Two Dragon Pungs 6, Concealed Kong 2, One Voided
        # Suit 1, Single Wait 1.
        {
            "win": 2,
            "fan": 18,
            "tiles": "123m456p11z [555z] (6666z)",
            "win_tile": "1z",
            "context": ["kong"],
        },
        {"false_win": 4},
        {"penalty": 1, "points": 10},
    ),
    hand_args=("123456789m1z123m1z", "--self-draw", "--flowers", "2"),
)
