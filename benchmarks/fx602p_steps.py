"""Steps per second of the FX-602P emulator playing the 1986 game listing.

Run by hand (not a test):

    python benchmarks/fx602p_steps.py [LISTING] [--hands N] [--repeat R]

Plays N hands of the seed listing (default: ../shared/seeds/001_...txt) with
the efficient scripted player and prints the instructions executed per
second (the best of R runs), the steps per hand and the agreement with the
native evaluator.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from mjtui import paths
from mjtui.calc.fx602p.check import default_rules
from mjtui.calc.fx602p.listing import read_listing
from mjtui.calc.fx602p.play import Game, make_player, summarize

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "001_5ccb119688289e7f.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("listing", nargs="?", default=str(SEED))
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    listing = read_listing(Path(args.listing))
    rules = default_rules(paths.shipped_rulesets_dir())
    player = make_player("efficient", rules)
    player.discard((1, 1, 1, 2, 3, 4, 5, 5, 9), 9, 1)  # warm the player's tables up
    best = None
    for _ in range(args.repeat):
        game = Game(listing, player, seed=2026, rules=rules)
        start = time.perf_counter()
        results = [game.play_hand() for _ in range(args.hands)]
        seconds = time.perf_counter() - start
        rate = game.machine.steps / seconds
        if best is None or rate > best[0]:
            best = (rate, game.machine.steps, seconds, results)
    assert best is not None
    rate, steps, seconds, results = best
    s = summarize(results)
    print(
        f"{args.hands} hands in {seconds:.2f} s: {steps:,} steps, {steps // args.hands:,} a "
        f"hand, {rate:,.0f} steps/s (player's choices included)"
    )
    print(
        f"human {s.human_wins}, calculator {s.calculator_wins}, average {s.average:+.0f}; "
        f"native evaluator: {s.agree} agree, {s.quirks} quirks, {s.differ} differ"
    )


if __name__ == "__main__":
    main()
