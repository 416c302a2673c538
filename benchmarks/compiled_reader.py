"""The riichi reader as plain Python beside the same source compiled by mypyc, in turns.

Copies this tree's ``mjtui/`` to a scratch folder, compiles the reader's hot
modules there with mypyc (the type-checked source itself: no second
implementation), then scores the same generated hands (tests/riichi_hand_gen.py,
as benchmarks/riichi_hands.py does) in fresh processes, pure and compiled in
turns, ``--turns`` times each; each process takes the best of ``--repeat``
runs of CPU time (the machine is shared: CPU time, and the ratio of turns taken
side by side, say more than the wall clock). It prints each side's rate, the
speed-up (best against best, and the median of the turns' ratios), mypyc's
build time, and whether both sides gave the same han, fu, yaku and points for
every hand (a digest of all the answers).

    python benchmarks/compiled_reader.py [--hands 20000] [--turns 3] [--repeat 5]
                                         [--modules mjtui/core/tiles/decompose.py ...]
    python benchmarks/compiled_reader.py --valgrind --hands 1000

``--valgrind`` counts the instructions a hand takes on each side instead
(valgrind's callgrind, three runs of the hands less one): no figure a
neighbour's work can move, though instructions are not time.

Needs mypy (the test extra) and a C compiler. Nothing of it is installed or
kept: the scratch folder is removed at the end. The modules compiled by
default are those that compile as they are; ``context.py`` and ``dora.py``
keep their fields in the instance dict (one update, faster in plain Python),
which a compiled class has none of, so they stay Python here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

MODULES = (
    "mjtui/core/tiles/decompose.py",
    "mjtui/core/tiles/notation.py",
    "mjtui/systems/riichi/hand/shapes.py",
    "mjtui/systems/riichi/hand/yaku.py",
    "mjtui/systems/riichi/hand/fu_count.py",
    "mjtui/systems/riichi/hand/analyzer.py",
    "mjtui/systems/riichi/points.py",
)


def child(hands: int, seed: int, repeat: int) -> None:
    """In a fresh process: the best CPU time of ``repeat`` runs over the hands, and a
    digest of the answers, as one JSON line."""
    import gc

    sys.path.insert(0, str(REPO / "tests"))
    from riichi_hand_gen import as_library, cases

    from mjtui.core.errors import HandError
    from mjtui.core.rulesets.ruleset import load_ruleset
    from mjtui.core.tiles import decompose
    from mjtui.systems.riichi.hand import analyze, analyzer, yaku

    rules = load_ruleset(REPO / "rulesets" / "riichi-tenhou.toml").rules
    rules = as_library(rules)  # compare like with like (docs/tiles.md)
    given = [(c.hand, c.ctx) for c in cases(hands, seed)]
    decompose.build_tables()
    best = float("inf")
    answers: list[object] = []
    for _ in range(repeat):
        analyzer._PAYMENTS.clear()
        yaku._TABLES.clear()
        answers = []
        gc.collect()
        gc.disable()
        start = time.process_time()
        for hand, ctx in given:
            try:
                answers.append(analyze(rules, hand, ctx))
            except HandError as e:
                answers.append(e)
        best = min(best, time.process_time() - start)
        gc.enable()
    digest = hashlib.sha256()
    for a in answers:
        said = (
            str(a)
            if isinstance(a, HandError)
            else (a.han, a.fu, a.yaku, a.yakuman, a.payment.total, a.reading)
        )
        digest.update(repr(said).encode())
    compiled = analyzer.__file__ is not None and not analyzer.__file__.endswith(".py")
    print(json.dumps({"rate": hands / best, "digest": digest.hexdigest(), "compiled": compiled}))


def compile_copy(folder: Path, modules: list[str]) -> float:
    """Copy mjtui/ into ``folder`` and compile ``modules`` there: mypyc's seconds."""
    shutil.copytree(REPO / "mjtui", folder / "mjtui", ignore=shutil.ignore_patterns("*.so"))
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *modules],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    took = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"mypyc failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return took


def turn(path: Path, args: argparse.Namespace) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run(
        [
            sys.executable,
            __file__,
            "--child",
            f"--hands={args.hands}",
            f"--seed={args.seed}",
            f"--repeat={args.repeat}",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return found


def instructions(path: Path, args: argparse.Namespace) -> float:
    """The instructions a hand takes on the side at ``path``, counted by valgrind
    (callgrind): a child of one run and one of three, the difference over the two
    runs' hands, so that start-up and the hands' making cancel out. No other process
    moves the count, as it moves the clocks on a shared machine."""
    counts = []
    for repeat in (1, 3):
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                __file__,
                "--child",
                f"--hands={args.hands}",
                f"--seed={args.seed}",
                f"--repeat={repeat}",
            ],
            env={**os.environ, "PYTHONPATH": str(path)},
            capture_output=True,
            text=True,
            check=True,
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            sys.exit(f"valgrind said no count:\n{done.stderr[-2000:]}")
        counts.append(int(found[1]))
    return (counts[1] - counts[0]) / (2 * args.hands)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--modules", nargs="+", default=list(MODULES))
    parser.add_argument(
        "--valgrind",
        action="store_true",
        help="count each side's instructions a hand under valgrind instead (slow: use "
        "--hands 1000)",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.hands, args.seed, args.repeat)
        return 0
    folder = Path(tempfile.mkdtemp(prefix="mjtui-mypyc-"))
    try:
        build = compile_copy(folder, args.modules)
        if args.valgrind:
            plain, native = instructions(REPO, args), instructions(folder, args)
            print(f"{args.hands} hands, seed {args.seed}; mypyc build {build:.1f} s")
            print(f"  pure Python     : {plain:10,.0f} instructions a hand")
            print(f"  compiled (mypyc): {native:10,.0f} instructions a hand")
            print(f"  ratio           : {plain / native:.2f}x fewer compiled")
            return 0
        pure, compiled = [], []
        for _ in range(args.turns):
            pure.append(turn(REPO, args))
            compiled.append(turn(folder, args))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if any(r["compiled"] for r in pure) or not all(r["compiled"] for r in compiled):
        sys.exit("the pure side ran compiled modules, or the compiled side ran none")
    pure_rates = [float(str(r["rate"])) for r in pure]
    compiled_rates = [float(str(r["rate"])) for r in compiled]
    ratios = [c / p for p, c in zip(pure_rates, compiled_rates, strict=True)]
    same = len({r["digest"] for r in pure + compiled}) == 1
    print(
        f"{args.hands} hands, seed {args.seed}; {args.turns} turns a side, each the best of "
        f"{args.repeat} runs (CPU time)"
    )
    print(
        f"  modules compiled: {len(args.modules)} ({', '.join(Path(m).stem for m in args.modules)})"
    )
    print(f"  mypyc build     : {build:.1f} s")
    print(f"  pure Python     : {max(pure_rates):10,.0f} hands/s (best turn)")
    print(f"  compiled (mypyc): {max(compiled_rates):10,.0f} hands/s (best turn)")
    print(
        f"  speed-up        : {max(compiled_rates) / max(pure_rates):.2f}x best against best, "
        f"{statistics.median(ratios):.2f}x the median turn "
        f"({', '.join(f'{r:.2f}' for r in ratios)})"
    )
    print(f"  same answers    : {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
