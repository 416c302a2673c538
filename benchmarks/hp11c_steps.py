"""Steps per second of the HP-11C emulator on the settlement programs.

Run by hand (not a test):

    python benchmarks/hp11c_steps.py [--hands N] [--repeat R]

Keys N random hands into mjtui's own east_doubling.hp11c and, when the
shared seeds folder is there, into the published seed listing, and prints
the program steps run per second (the best of R runs). Key parsing is done
before the clock starts, so the figure is the machine's.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from mjtui.calc.hp11c.keys import Key
from mjtui.calc.hp11c.keywords import parse_key_words
from mjtui.calc.hp11c.listing import Program, read_listing
from mjtui.calc.hp11c.machine import Machine
from mjtui.calc.programs import EAST_DOUBLING

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_efbfaf89b1e00d0d.txt"


def hands(count: int) -> list[list[Key]]:
    rnd = random.Random(2024)
    return [
        parse_key_words(
            "ABCD"[rnd.randrange(4)] + "".join(f" {rnd.randrange(0, 2000)} R/S" for _ in range(4))
        )
        for _ in range(count)
    ]


def measure(program: Program, keyed: list[list[Key]], repeat: int) -> tuple[int, float]:
    """(steps of one run, best seconds)."""
    best, steps = float("inf"), 0
    for _ in range(repeat):
        machine = Machine(program)
        machine.press("GSB 9")
        start, before = time.perf_counter(), machine.steps
        for hand in keyed:
            machine.press_keys(hand)
        best = min(best, time.perf_counter() - start)
        steps = machine.steps - before
    return steps, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    keyed = hands(args.hands)
    programs = [("east_doubling.hp11c (ours)", EAST_DOUBLING)]
    if SEED.is_file():
        programs.append(("seed 000 (published)", SEED))
    for name, path in programs:
        steps, seconds = measure(read_listing(path), keyed, args.repeat)
        print(
            f"{name:<28} {args.hands} hands, {steps:,} steps in {seconds:.3f} s: "
            f"{steps / seconds:,.0f} steps/s ({steps / args.hands:.0f} steps a hand)"
        )


if __name__ == "__main__":
    main()
