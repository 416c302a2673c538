"""`mjtui waits` a call at a time: in-process for each tile system, and `--batch` end to end.

Hands one tile short (riichi: tests/riichi_hand_gen.py's waiting hands, the
same for Hong Kong; MCR: winning hands of every form, tests/mcr_hand_gen.py,
less a concealed tile), and the nine-sided wait of Nine Gates, are read in
this process by each system's waits tool (the JSON object of `mjtui waits
--json`), each call timed: the mean, the 95th percentile and the slowest are
printed, by the wall clock and by the process's CPU time (on a shared machine
the slowest by the wall clock is mostly another process's turn). Then the
riichi and Hong Kong hands go through the installed `mjtui waits RULESET
--batch` as JSON lines in a fresh process, start-up included, and an empty
batch is timed to take the start-up out. Target: every call under 20 ms.

    python benchmarks/waits_batch.py [--hands 2000] [--seed 7]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from mcr_hand_gen import cases as mcr_cases  # noqa: E402
from riichi_hand_gen import waiting_hands  # noqa: E402

from mjtui.cli.tools import LineReader  # noqa: E402
from mjtui.core.rulesets.ruleset import load_ruleset  # noqa: E402
from mjtui.core.rulesets.schema import read_struct  # noqa: E402
from mjtui.core.tiles.notation import format_tiles  # noqa: E402
from mjtui.core.tiles.render import format_waiting  # noqa: E402
from mjtui.systems.mcr.rules import PRESET, Rules  # noqa: E402
from mjtui.systems.mcr.waits_tool import WAITS as MCR_WAITS  # noqa: E402

NINE_GATES = "1112345678999m"  # nine waits, each scored twice: the most work a hand asks


def mcr_texts(n: int, seed: int) -> list[str]:
    r = random.Random(seed)
    out = []
    for case in mcr_cases(n, seed):
        concealed = list(case.concealed)
        concealed.remove(r.choice(concealed))
        out.append(" ".join([format_tiles(sorted(concealed)), *case.text.split(" ")[1:]]))
    return out


def timed(rules: object, tool: object, texts: list[str]) -> tuple[list[float], list[float]]:
    """Each call's wall time and CPU time (on a shared machine a call's wall time can
    hold another process's turn on the core; its CPU time is the call's own)."""
    lines = LineReader(tool)
    took, cpu = [], []
    for text in texts:
        args = lines.read(json.dumps({"tiles": text}))
        start, start_cpu = time.perf_counter(), time.process_time()
        tool.run(rules, args)  # type: ignore[attr-defined]
        cpu.append(time.process_time() - start_cpu)
        took.append(time.perf_counter() - start)
    return took, cpu


def say(name: str, timings: tuple[list[float], list[float]]) -> None:
    for clock, took in zip(("wall", "CPU"), timings, strict=True):
        took = sorted(took)
        p95 = took[int(len(took) * 0.95)]
        print(
            f"  {name:<26}: {clock:<4} mean {1000 * sum(took) / len(took):6.2f} ms, "
            f"95% {1000 * p95:6.2f} ms, slowest {1000 * took[-1]:6.2f} ms  ({len(took)} hands)"
        )


def batch(ruleset: str, texts: list[str]) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("".join(json.dumps({"tiles": t}) + "\n" for t in texts))
    try:
        with open(f.name) as stdin:
            start = time.perf_counter()
            subprocess.run(
                ["mjtui", "waits", ruleset, "--batch"],
                stdin=stdin,
                stdout=subprocess.DEVNULL,
                check=False,
                env={**os.environ, "PYTHONHASHSEED": "0"},
            )
            return time.perf_counter() - start
    finally:
        os.unlink(f.name)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args()
    riichi = [format_waiting(h) for h in waiting_hands(args.hands, args.seed)]
    mcr = mcr_texts(args.hands, args.seed)
    print(f"mjtui waits, {args.hands} hands one tile short a system, seed {args.seed}")
    for ruleset, texts in (("riichi-tenhou", riichi), ("pocket", riichi)):
        rs = load_ruleset(REPO / "rulesets" / f"{ruleset}.toml")
        tool = rs.system.waits_tool()
        say(f"{ruleset} in-process", timed(rs.rules, tool, texts))
        say(f"{ruleset} nine gates", timed(rs.rules, tool, [NINE_GATES] * 100))
    mcr_rules = read_struct(Rules, tomllib.loads(PRESET.read_text()))
    say("mcr in-process", timed(mcr_rules, MCR_WAITS, mcr))
    say("mcr nine gates", timed(mcr_rules, MCR_WAITS, [NINE_GATES] * 100))
    empty = min(batch("riichi-tenhou", []) for _ in range(3))
    print(f"  start-up (an empty --batch) : {1000 * empty:.0f} ms")
    for ruleset, texts in (("riichi-tenhou", riichi), ("pocket", riichi)):
        whole = batch(ruleset, texts)
        each = (whole - empty) / len(texts)
        print(
            f"  mjtui waits {ruleset} --batch: {whole:.2f} s for {len(texts)} hands, "
            f"{1000 * each:.2f} ms a hand past start-up (target 20 ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
