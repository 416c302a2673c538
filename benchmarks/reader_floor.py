"""What the riichi reader's first steps cost, beside the budget #32's targets give.

#32 asks the reader for half riichienv's rate in-process (0.5x) and ``mjtui
hand --batch`` for a fifth of it end to end (0.2x). This prints what those
allow a hand, from riichienv's own time a call on the same hands in the same
run, and what the reader spends before it has found a single yaku: the
context's check and the tile counts, then the readings (the per-suit tables'
look-ups and each reading's waits). Each row is the reader's own functions,
called as ``analyze`` calls them, on the same 10,000 generated hands
(tests/riichi_hand_gen.py, as benchmarks/riichi_hands.py uses); each figure
the best of ``--repeat`` runs, the garbage collector paused as timeit does.

    python benchmarks/reader_floor.py [--hands 10000] [--repeat 5] [--seed 4]

Where riichienv (the bench extra: ``pip install -e ".[bench]"``) is missing,
the budget lines say so and the reader's steps are printed alone.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from riichi_hand_gen import (  # noqa: E402
    as_library,
    cases,
    library_rules,
    riichienv_score,
    to_library,
    to_riichienv,
)

from mjtui.core.errors import HandError  # noqa: E402
from mjtui.core.rulesets.ruleset import load_ruleset  # noqa: E402
from mjtui.core.tiles import decompose  # noqa: E402
from mjtui.systems.riichi.hand import analyze, analyzer, yaku  # noqa: E402
from mjtui.systems.riichi.hand.context import check_context  # noqa: E402
from mjtui.systems.riichi.hand.shapes import special_shapes, standard_shapes  # noqa: E402

IN_PROCESS_TARGET = 0.5  # #32: the reader at half riichienv's rate
BATCH_TARGET = 0.2  # #32: `mjtui hand --batch`, start-up included, at a fifth of it


def best_per_item(run: Callable[[], object], items: int, repeat: int) -> float:
    """The best of ``repeat`` runs of ``run``, in µs an item."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
    return best / items * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()

    rules = load_ruleset(REPO / "rulesets" / "riichi-tenhou.toml").rules
    rules = as_library(rules)  # compare like with like (docs/tiles.md)
    generated = cases(args.hands, args.seed)
    hands = [(c.hand, c.ctx) for c in generated]
    decompose.build_tables()

    def counted() -> None:
        for hand, ctx in hands:
            check_context(hand, ctx)
            hand.concealed_counts()

    def read() -> None:
        for hand, ctx in hands:
            check_context(hand, ctx)
            concealed = hand.concealed_counts()
            if not hand.melds:
                special_shapes(hand, concealed)
            standard_shapes(hand, concealed)

    def scored() -> None:
        analyzer._PAYMENTS.clear()  # cold, as benchmarks/riichi_hands.py runs it
        yaku._TABLES.clear()
        for hand, ctx in hands:
            try:  # noqa: SIM105 - suppress() would add its own cost to each hand timed
                analyze(rules, hand, ctx)
            except HandError:
                pass

    steps = [
        ("the context checked, the tiles counted", best_per_item(counted, len(hands), args.repeat)),
        ("and every reading with its waits", best_per_item(read, len(hands), args.repeat)),
        (
            "the whole analysis (yaku, fu, dora, points)",
            best_per_item(scored, len(hands), args.repeat),
        ),
    ]

    peer: float | None = None
    try:
        import riichienv  # noqa: F401
    except ImportError:
        pass
    else:
        options = library_rules(rules)
        theirs: list[Any] = [to_riichienv(c, to_library(c, options)) for c in generated]
        peer = best_per_item(lambda: [riichienv_score(h) for h in theirs], len(theirs), args.repeat)

    print(f"{len(hands)} generated riichi hands, seed {args.seed}, best of {args.repeat}")
    if peer is None:
        print("  riichienv: not installed (pip install -e '.[bench]'): no budget to compare")
    else:
        budgets = [
            ("riichienv, its whole call", peer),
            (f"the budget at {IN_PROCESS_TARGET}x, in-process", peer / IN_PROCESS_TARGET),
            (f"the budget at {BATCH_TARGET}x, a --batch line, all in", peer / BATCH_TARGET),
        ]
        for name, cost in budgets:
            print(f"  {name:46s}: {cost:6.2f} µs a hand")
    print("  the reader, cumulative:")
    for name, cost in steps:
        ratio = f"  {peer / cost:.2f}x riichienv were this all" if peer else ""
        print(f"    {name:44s}: {cost:6.2f} µs{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
