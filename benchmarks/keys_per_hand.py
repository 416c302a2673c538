"""Keys a scorer types for each kind of hand, per system, at 80x24: each sequence is
typed into the running app (10 ms a key, through its driver, as
tests/ui/test_typing_fast.py does) and the hand it records is checked before its keys
are counted, so the figure is of a sequence that works, not of one written down.

    python benchmarks/keys_per_hand.py

A key is one press: a digit, a letter, Enter, ctrl+s. The sequences start on the score
sheet and end with the hand recorded and the sheet back.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent / "tests" / "ui"))

import test_typing_fast  # noqa: E402
from test_typing_fast import keys_of, typed  # noqa: E402

from mjtui.systems.east_doubling import system as east_doubling  # noqa: E402
from mjtui.systems.fx602p import system as fx602p  # noqa: E402
from mjtui.systems.mcr import events as mcr  # noqa: E402
from mjtui.systems.pocket import system as pocket  # noqa: E402
from mjtui.systems.riichi import system as riichi  # noqa: E402

W = riichi.Winner
PURE_STRAIGHT = "123456789s11z[123s]"

# (ruleset, kind of hand, the keys, the hand they record or a check of it)
CASES: list[tuple[str, str, str, object]] = [
    ("hp11c", "a win (three losers' points)", "2 8⏎30⏎4^s", east_doubling.Hand(1, (8, 30, 4, 0))),
    ("hp11c", "a draw", "0⏎⏎", east_doubling.Hand(None, (0, 0, 0, 0))),
    ("riichi-tenhou", "ron, han and fu", "3 3⏎40⏎2^s", riichi.Win((W(2, 3, 40),), 1, ())),
    ("riichi-tenhou", "tsumo with riichi", "4 t2⏎40⏎4^s", riichi.Win((W(3, 2, 40),), None, (3,))),
    (
        "riichi-tenhou",
        "ron from the tiles, a dora, riichi",
        "3 ^t234m406p2256778s9s⏎1m⏎r^s 2^s",
        lambda win: (
            (win.discarder, win.riichi, win.winners[0].han, win.winners[0].fu) == (1, (2,), 4, 30)
        ),
    ),
    ("riichi-tenhou", "exhaustive draw, two tenpai", "0 13^s", riichi.ExhaustiveDraw((0, 2), ())),
    ("riichi-tenhou", "chombo", "0 c2^s", riichi.Chombo(1, ())),
    ("pocket", "win on a discard", "3 4⏎2^s", pocket.Win(2, 4, 1, None)),
    ("pocket", "self-drawn win", "1 t3^s", pocket.Win(0, 3, None, None)),
    ("pocket", "a draw", "0⏎⏎", pocket.Draw()),
    ("pocket", "false win", "0 c2^s", pocket.FalseWin(1)),
    ("fx602p", "a win from the tiles", "1 123456789^s", fx602p.Win(0, tuple(range(1, 10)), 9)),
    ("mcr", "win on a discard, fan typed", "3 12⏎2^s", mcr.Win(2, 12, discarder=1)),
    ("mcr", "self-drawn, fan typed", "1 t9^s", mcr.Win(0, 9)),
    (
        "mcr",
        "win on a discard, from the tiles",
        f"3 ⏎{PURE_STRAIGHT}⏎2^s",
        mcr.Win(2, 24, discarder=1, tiles=PURE_STRAIGHT),
    ),
    ("mcr", "a draw", "0⏎", mcr.Draw()),
    ("mcr", "a penalty", "0 p3⏎10^s", mcr.Penalty(2, 10)),
]


async def measure() -> list[tuple[str, str, int, str]]:
    test_typing_fast.KEY_NAMES.setdefault("␣", "space")
    rows = []
    for ruleset_id, kind, sequence, hand in CASES:
        with tempfile.TemporaryDirectory() as folder:
            hands = await typed(ruleset_id, sequence, Path(folder))
        recorded = len(hands) == 1 and (hand(hands[0]) if callable(hand) else hands == [hand])
        if not recorded:
            raise SystemExit(f"{ruleset_id}, {kind}: {sequence!r} recorded {hands}, not {hand}")
        rows.append((ruleset_id, kind, len(keys_of(sequence)), sequence))
    return rows


def main() -> None:
    rows = asyncio.run(measure())
    width = max(len(kind) for _, kind, _, _ in rows)
    for ruleset_id, kind, keys, sequence in rows:
        print(f"{ruleset_id:14} {kind:{width}} {keys:3} keys   {sequence}")


if __name__ == "__main__":
    main()
