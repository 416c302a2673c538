"""Hands of every kind the riichi system takes, as the session file spells them
(docs/session-format.md), and one `mjtui hand` command line: the fuzz test
mutates these."""

from __future__ import annotations

from mjtui.core.systems.capabilities import Examples

EXAMPLES = Examples(
    records=(
        {"ron": 3, "from": 1, "han": 3, "fu": 40, "riichi": [2]},
        {"draw": "exhaustive", "tenpai": [2, 4]},
        {"ron": [1, 2], "from": 4, "han": [2, 5], "fu": [30, 0]},
        {"tsumo": 3, "yakuman": 1},
        {"draw": "abortive"},
        {
            "tsumo": 1,
            "han": 2,
            "fu": 30,
            "tiles": "123m456p789s2355s 4s",
            "yaku": ["riichi"],
            "riichi": [1],
        },
        {"chombo": 2},
    ),
    # no 2m-8m: three players play without them
    hand_args=("123p456p789s2355s4s", "--riichi", "--dora", "3p"),
    points_args=("--han", "4", "--fu", "30", "--ron"),
)
