"""`mjtui hand riichi-tenhou --batch` end to end, beside riichienv's in-process rate.

Generates closed winning hands (tests/riichi_hand_gen.py), writes them as
`--batch` lines twice, as the command line's words and as JSON objects, and
runs the installed command on each file in a fresh process (start-up, reading,
scoring and writing the JSON answers all counted, the wall clock of the whole
run), then scores the same hands in this process with our analyzer and with
riichienv (a Rust engine, the bench extra: ``pip install -e ".[bench]"``; skipped
where it is not). Target: the command at 0.2 times riichienv's in-process rate.

    python benchmarks/hand_batch.py [--hands 40000] [--seed 11] [--repeat 3]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from riichi_hand_gen import (  # noqa: E402
    Case,
    cases,
    library_rules,
    riichienv_score,
    to_library,
    to_riichienv,
)

from mjtui.core.errors import HandError  # noqa: E402
from mjtui.core.rulesets.ruleset import load_ruleset  # noqa: E402
from mjtui.core.systems.base import WINDS  # noqa: E402
from mjtui.core.tiles.notation import tile_name  # noqa: E402
from mjtui.systems.riichi.hand import analyze, analyzer  # noqa: E402
from mjtui.systems.riichi.hand.context import STATED  # noqa: E402

TARGET = 0.2


def built(path: str | None) -> str:
    """Whether a module was imported from its Python source or compiled."""
    return "pure Python" if str(path).endswith(".py") else "compiled"


def closed_cases(n: int, seed: int) -> list[Case]:
    found: list[Case] = []
    batch = 0
    while len(found) < n:
        found += [c for c in cases(n, seed + batch) if not c.hand.melds]
        batch += 1
    return found[:n]


def options(case: Case) -> dict[str, object]:
    """The case's `mjtui hand` options, by name."""
    ctx = case.ctx
    given: dict[str, object] = {"tiles": case.text.replace(" ", "")}
    if case.win:
        given["win"] = case.win
    if ctx.tsumo:
        given["tsumo"] = True
    given["seat"], given["round"] = WINDS[ctx.seat_wind][0], WINDS[ctx.round_wind][0]
    if ctx.dora:
        given["dora"] = "".join(tile_name(t) for t in ctx.dora)
    if ctx.ura:
        given["ura"] = "".join(tile_name(t) for t in ctx.ura)
    for flag in STATED:
        if getattr(ctx, flag):
            given[flag.replace("_", "-")] = True
    if ctx.honba:
        given["honba"] = ctx.honba
    return given


def words(given: dict[str, object]) -> str:
    out = [str(given["tiles"])]
    for name, value in given.items():
        if name == "tiles":
            continue
        out += [f"--{name}"] if value is True else [f"--{name}", str(value)]
    return " ".join(out)


def command(path: Path) -> tuple[float, list[str]]:
    """The wall clock of `mjtui hand riichi-tenhou --batch < path`, and its answers."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with path.open("rb") as stdin:
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "mjtui", "hand", "riichi-tenhou", "--batch"],
            stdin=stdin,
            capture_output=True,
            env=env,
            check=False,
        )
        took = time.perf_counter() - start
    if done.returncode not in (0, 2):
        raise SystemExit(done.stderr.decode())
    return took, done.stdout.decode().splitlines()


def in_process(run) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    finally:
        gc.enable()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    rules = load_ruleset(REPO / "rulesets" / "riichi-tenhou.toml").rules
    generated = closed_cases(args.hands, args.seed)
    given = [options(c) for c in generated]
    folder = Path(tempfile.mkdtemp(prefix="mjtui-batch-"))
    lines_file, json_file = folder / "hands.txt", folder / "hands.jsonl"
    lines_file.write_text("".join(words(g) + "\n" for g in given))
    json_file.write_text("".join(json.dumps(g) + "\n" for g in given))
    try:
        import riichienv  # noqa: F401

        library = library_rules(rules)
        renv = [to_riichienv(c, to_library(c, library)) for c in generated]
    except ImportError:
        renv = None

    def ours() -> None:
        for c in generated:
            with contextlib.suppress(HandError):
                analyze(rules, c.hand, c.ctx)

    best = dict.fromkeys(("lines", "json", "ours", "rust"), float("inf"))
    answers: dict[str, list[str]] = {}
    for _ in range(args.repeat):
        for key, path in (("lines", lines_file), ("json", json_file)):
            took, answers[key] = command(path)
            best[key] = min(best[key], took)
        best["ours"] = min(best["ours"], in_process(ours))
        if renv is not None:
            best["rust"] = min(best["rust"], in_process(lambda: [riichienv_score(h) for h in renv]))
    same = answers["lines"] == answers["json"]
    errors = sum('"error"' in a for a in answers["json"])
    n = len(generated)
    print(f"{n} closed winning hands, seed {args.seed}, best of {args.repeat} ({errors} refused)")
    rate = {key: n / t for key, t in best.items() if t != float("inf")}
    for key, words_ in (
        ("lines", "mjtui hand --batch, command lines (start-up included)"),
        ("json", "mjtui hand --batch, JSON lines (start-up included)"),
        ("ours", "our analyzer in-process"),
        ("rust", "riichienv in-process"),
    ):
        if key in rate:
            print(f"  {words_:<56}: {rate[key]:9,.0f} hands/s ({best[key]:.3f} s)")
    if "rust" in rate:
        for key in ("lines", "json", "ours"):
            print(f"  {key:>5} / riichienv: {rate[key] / rate['rust']:.3f}x", end="")
            print(f"  (target {TARGET}x)" if key != "ours" else "")
    else:
        print("  riichienv: not installed (pip install -e '.[bench]'): its side skipped")
    print(f"  the two line formats give the same answers: {same}")
    print(f"  reader: {built(analyzer.__file__)} ({analyzer.__file__})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
