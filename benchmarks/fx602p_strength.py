"""How strong is the FX-602P computer player? Average points per hand, side by side.

Plays N hands (default 10,000) of the computer against the random-discard
baseline, and N hands of the computer against itself, with the game's rules
(rulesets/fx602p.toml): dealer = last winner, zero-sum points. Prints each
side's average points per hand and the runtime.

    python benchmarks/fx602p_strength.py [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.fx602p.computer import Computer, RandomDiscards
from mjtui.systems.fx602p.game import Player, play_hand
from mjtui.systems.fx602p.system import SYSTEM

RULESET = Path(__file__).resolve().parents[1] / "rulesets" / "fx602p.toml"


def match(rules, players: tuple[Player, Player], hands: int, seed: int) -> dict:
    """Play ``hands`` hands; the winner deals the next. Totals, wins and turns per side."""
    rng = random.Random(seed)
    state = SYSTEM.start(rules)
    turns = 0
    for _ in range(hands):
        result = play_hand(rules, rng, players, dealer=state.east)
        state = SYSTEM.apply(rules, state, result.event)
        turns += result.turns
    return {"totals": state.totals, "wins": state.wins, "hands": hands, "turns": turns}


def report(name: str, sides: tuple[str, str], out: dict, seconds: float) -> None:
    n = out["hands"]
    print(f"{name}: {n} hands in {seconds:.1f} s, {out['turns'] / n:.1f} discards per hand")
    for seat, side in enumerate(sides):
        print(
            f"  {side:<22} average {out['totals'][seat] / n:+9.1f} points per hand, "
            f"won {out['wins'][seat] / n:6.1%} of the hands"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=602)
    args = parser.parse_args(argv)
    rules = load_ruleset(RULESET).rules
    start = time.perf_counter()
    pairings = [
        (
            "computer vs random",
            ("computer (seat 1)", "random discards (seat 2)"),
            (Computer(rules), RandomDiscards(random.Random(args.seed + 1))),
        ),
        (
            "computer vs computer",
            ("computer (seat 1)", "computer (seat 2)"),
            (Computer(rules), Computer(rules)),
        ),
    ]
    for i, (name, sides, players) in enumerate(pairings):
        t = time.perf_counter()
        out = match(rules, players, args.hands, args.seed + 10 * i)
        report(name, sides, out, time.perf_counter() - t)
    print(f"total runtime {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
