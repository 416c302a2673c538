"""How fast the riichi hand analyzer scores hands, beside the `mahjong` library and riichienv.

Generates random winning hands (tests/riichi_hand_gen.py: open melds, kans,
red fives, dora, riichi, every wind), scores each with our analyzer and with
mahjong 2.1.0 in the same run, checks that han, fu and payments agree, and
prints hands per second for both and the ratio. Target: 3 times the
library's rate. Where riichienv (a Rust engine, the benchmarks' own extra:
``pip install -e ".[bench]"``) is installed, it scores the same
hands in the same run, from the same 136-tile ids, and its rate is printed
beside ours; target: half its rate (0.5x). Without it that line says so.
The hands are distinct (the count of distinct hand and context pairs is
printed), and each is scored once per run.

    python benchmarks/riichi_hands.py [--hands 20000] [--seed 4] [--ruleset riichi-tenhou]
                                      [--repeat 3] [--profile]

Each side gets its input ready-made (our TileHand and WinContext; the
library's 136-tile arrays, Meld objects and HandConfig) so the timings are
of scoring alone; the best of ``--repeat`` runs counts for each. Our
analyzer reads hands through per-suit tables built once per process; their
build time is printed apart (it is paid by the first hand a process reads).
Besides them nothing is kept from hand to hand but payments by han and fu
and the han table of the ruleset's [yaku], both emptied before each run: no
hand's reading, yaku or fu is remembered, so every run is a cold one.
``--profile`` prints a cProfile of one run of ours instead.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from riichi_hand_gen import (  # noqa: E402
    agrees,
    as_library,
    cases,
    library_rules,
    library_score,
    riichienv_score,
    to_library,
    to_riichienv,
)

from mjtui.core.errors import HandError  # noqa: E402
from mjtui.core.rulesets.ruleset import load_ruleset  # noqa: E402
from mjtui.core.tiles import decompose  # noqa: E402
from mjtui.systems.riichi.hand import analyze, analyzer, yaku  # noqa: E402

TARGET = 3.0
RIICHIENV_TARGET = 0.5


def riichienv_hands(generated, library_hands) -> list | None:
    """The hands as riichienv takes them, or None where it is not installed."""
    try:
        import riichienv  # noqa: F401
    except ImportError:
        return None
    return [to_riichienv(c, lc) for c, lc in zip(generated, library_hands, strict=True)]


def built(path: str | None) -> str:
    """Whether a module was imported from its Python source or compiled (mypyc:
    benchmarks/compiled_reader.py)."""
    return "pure Python" if str(path).endswith(".py") else "compiled"


def build_tables() -> float:
    """Build the per-suit reading tables (once per process, before the first hand)."""
    start = time.perf_counter()
    decompose.build_tables()
    return time.perf_counter() - start


def timed(run):
    """Time ``run()`` with the garbage collector paused, as timeit does: both sides
    keep all their results, and collections of that growing heap would land on
    whichever side happens to be running."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        out = run()
        return time.perf_counter() - start, out
    finally:
        gc.enable()


def ours(rules, hands) -> tuple[float, list]:
    analyzer._PAYMENTS.clear()  # each run fills its own memo of payments
    yaku._TABLES.clear()  # and reads the ruleset's han afresh

    def run() -> list:
        out = []
        for hand, ctx in hands:
            try:
                out.append(analyze(rules, hand, ctx))
            except HandError as e:
                out.append(e)
        return out

    return timed(run)


def theirs(library_hands) -> tuple[float, list]:
    return timed(lambda: [library_score(lc) for lc in library_hands])


def rust(renv_hands) -> tuple[float, list]:
    return timed(lambda: [riichienv_score(h) for h in renv_hands])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--ruleset", default="riichi-tenhou")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    rules = load_ruleset(REPO / "rulesets" / f"{args.ruleset}.toml").rules
    rules = as_library(rules)  # compare like with like (docs/tiles.md)
    generated = cases(args.hands, args.seed)
    hands = [(c.hand, c.ctx) for c in generated]
    options = library_rules(rules)
    library_hands = [to_library(c, options) for c in generated]
    renv_hands = riichienv_hands(generated, library_hands)

    table_time = build_tables()
    if args.profile:
        profiler = cProfile.Profile()
        gc.disable()
        profiler.enable()
        ours(rules, hands)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0

    our_best = their_best = rust_best = float("inf")
    for _ in range(args.repeat):
        our_time, our_results = ours(rules, hands)
        their_time, their_results = theirs(library_hands)
        our_best, their_best = min(our_best, our_time), min(their_best, their_time)
        if renv_hands is not None:
            rust_time, rust_results = rust(renv_hands)
            rust_best = min(rust_best, rust_time)

    disagree = [
        i
        for i, (a, r, (_, ctx)) in enumerate(zip(our_results, their_results, hands, strict=False))
        if not agrees(a, r, ctx)
    ]
    scored = sum(not isinstance(a, HandError) for a in our_results)
    n = len(hands)
    our_rate, their_rate = n / our_best, n / their_best
    print(
        f"{n} hands ({scored} scored, {n - scored} refused: no yaku or not winning), "
        f"ruleset {args.ruleset}, seed {args.seed}, best of {args.repeat}"
    )
    print(f"  mjtui analyzer : {our_rate:10,.0f} hands/s  ({our_best:.3f} s)")
    print(f"  mahjong 2.1.0  : {their_rate:10,.0f} hands/s  ({their_best:.3f} s)")
    print(f"  ratio          : {our_rate / their_rate:.2f}x  (target {TARGET:.0f}x)")
    if renv_hands is None:
        print("  riichienv      : not installed (pip install -e '.[bench]'): skipped")
    else:
        rust_rate = n / rust_best
        wins = sum(r.is_win for r in rust_results)
        print(f"  riichienv      : {rust_rate:10,.0f} hands/s  ({rust_best:.3f} s; {wins} scored)")
        print(f"  ours/riichienv : {our_rate / rust_rate:.2f}x  (target {RIICHIENV_TARGET}x)")
    print(f"  suit tables    : built in {table_time:.3f} s, once per process")
    print(f"  reader         : {built(analyzer.__file__)} ({analyzer.__file__})")
    distinct = len({(c.text, c.ctx) for c in generated})
    print(
        f"  hands          : {distinct} distinct of {n}, each scored once per run; no "
        f"per-hand cache (memos of payments and han tables emptied before each run)"
    )
    print(
        f"  agreement      : {n - len(disagree)} of {n} hands"
        + (f"; first disagreeing: {[generated[i].text for i in disagree[:5]]}" if disagree else "")
    )
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
