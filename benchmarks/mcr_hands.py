"""How fast the MCR calculator scores hands, beside PyMahjongGB (C++) on the same hands.

Generates random winning hands (tests/mcr_hand_gen.py: every form, melded and
concealed kongs, flowers, every situation flag), scores each with ours and
with PyMahjongGB 1.4.0 in the same run, checks that fans and totals agree,
and prints hands per second for both and the ratio. Target: a tenth of the
C++ peer's rate. The two sides are timed in turns, ``--repeat`` times, and
the best turn of each counts: the machine is shared, and a turn that a
neighbour slowed says nothing of either calculator.

    python benchmarks/mcr_hands.py [--hands 20000] [--seed 4] [--repeat 5]

Each side gets its input ready-made (our parsed TileHand and Situation; the
peer's argument tuples). Ours keeps across hands only the per-suit tables of
readings and shapes, filled as count vectors are first met (a first turn
fills them; later turns read them, as a long session would).
"""

from __future__ import annotations

import argparse
import sys
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from mcr_hand_gen import cases  # noqa: E402
from mcr_peer import PEER, peer_fans  # noqa: E402

from mjtui.core.rulesets.schema import read_struct  # noqa: E402
from mjtui.core.tiles import parse_hand  # noqa: E402
from mjtui.systems.mcr.calculator import score_hand  # noqa: E402
from mjtui.systems.mcr.rules import PRESET, Rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if PEER is None:
        sys.exit("PyMahjongGB is not installed: pip install -e '.[test]'")
    rules = read_struct(Rules, tomllib.loads(PRESET.read_text()))
    found = cases(args.hands, args.seed)
    distinct = len({(c.text, c.situation) for c in found})
    ours_in = [(parse_hand(c.text), c.situation) for c in found]
    peer_in = [c.peer_args() for c in found]
    agree = 0
    for (hand, situation), peer_args in zip(ours_in, peer_in, strict=False):
        score = score_hand(rules, hand, situation)
        theirs = peer_fans(peer_args)
        agree += theirs is not None and (dict(score.fans), score.fan) == theirs
    calc = PEER.MahjongFanCalculator
    best_ours = best_peer = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        for hand, situation in ours_in:
            score_hand(rules, hand, situation)
        best_ours = min(best_ours, time.perf_counter() - start)
        start = time.perf_counter()
        for peer_args in peer_in:
            calc(**peer_args)
        best_peer = min(best_peer, time.perf_counter() - start)
    n = len(found)
    print(f"{n} hands ({distinct} distinct), seed {args.seed}; {agree} agree with the peer")
    print(f"ours        {n / best_ours:10.0f} hands/s")
    print(f"PyMahjongGB {n / best_peer:10.0f} hands/s")
    print(f"ratio       {best_peer / best_ours:10.3f} (target 0.1)")


if __name__ == "__main__":
    main()
