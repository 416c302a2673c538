"""Fuzz mjtui's commands with thousands of mutated files, each run as a user would run it.

    python tests/fuzz/run_fuzz.py [--mutations 2000] [--seed 14] [--jobs 2] [--timeout 10]
                                  [--out fuzz-failures] [--seeds ../shared/seeds]

Each mutation (tests/fuzz/mutate.py) of a valid session, ruleset, listing,
key sequence or config is written into a workspace of its own and fed to the
real ``mjtui`` commands of its kind (tests/fuzz/targets.py), each a process
with a time limit and a memory cap. A run is a clean error (exit 2 with a
message, no traceback), a success (exit 0), a traceback (any "Traceback", or
exit 1), a hang (past --timeout; faulthandler says where) or odd (any other
exit). The figures are printed at the end; every failing input is kept under
--out, one folder per cause with up to --examples workspaces, each with a
``repro.sh`` that runs the failing command again. The same seed and count
give the same mutations. Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[2])]

from fuzz.corpus import SEEDS, corpus  # noqa: E402
from fuzz.mutate import Mutation, generate  # noqa: E402
from fuzz.targets import Outcome, commands, materialize, repro_script, run_process  # noqa: E402


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mutations", type=int, default=2000, metavar="N")
    p.add_argument("--seed", type=int, default=14, metavar="S")
    p.add_argument("--jobs", type=int, default=2, metavar="J", help="runs at the same time")
    p.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="a run past this is a hang (default 10)",
    )
    p.add_argument(
        "--out",
        type=Path,
        default=Path("fuzz-failures"),
        metavar="DIR",
        help="where the failing inputs go (default ./fuzz-failures)",
    )
    p.add_argument(
        "--examples",
        type=int,
        default=3,
        metavar="K",
        help="failing inputs kept per cause (default 3)",
    )
    p.add_argument(
        "--seeds",
        type=Path,
        default=SEEDS,
        metavar="DIR",
        help="the seed listings' folder (default ../shared/seeds beside the "
        "repository); left out when absent",
    )
    return p.parse_args(argv)


class Report:
    def __init__(self, out: Path, examples: int, timeout: float) -> None:
        self.out, self.examples, self.timeout = out, examples, timeout
        self.lock = threading.Lock()
        self.status: Counter[str] = Counter()
        self.by_cause: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
        self.kept: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.hangs_by_command: Counter[str] = Counter()
        self.mutations = 0

    def add(self, m: Mutation, outcomes: list[Outcome]) -> None:
        with self.lock:
            self.mutations += 1
            for o in outcomes:
                self.status[o.status] += 1
                if not o.failed:
                    continue
                key = (o.status, o.cause)
                self.by_cause[key][o.command.name] += 1
                if o.status == "hang":
                    self.hangs_by_command[o.command.name] += 1
                if len(self.kept[key]) < self.examples:
                    self.kept[key].append(self._keep(m, o, key))

    def _keep(self, m: Mutation, o: Outcome, key: tuple[str, str]) -> str:
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{key[0]}-{key[1]}")[:120]
        ws = self.out / slug / f"{m.id}-{re.sub(r'[^A-Za-z0-9]+', '_', o.command.name)}"
        shutil.rmtree(ws, ignore_errors=True)
        ws.mkdir(parents=True)
        materialize(m, ws)
        (ws / "repro.sh").write_text(repro_script(m, o.command, self.timeout))
        (ws / "repro.sh").chmod(0o755)
        (ws / "output.txt").write_text(f"{m.label}\n{o.describe()}\n")
        return str(ws / "repro.sh")

    def figures(self, elapsed: float, kinds: Counter[str]) -> dict:
        causes = [
            {
                "status": s,
                "cause": c,
                "runs": sum(cmds.values()),
                "commands": dict(cmds),
                "examples": self.kept[(s, c)],
            }
            for (s, c), cmds in sorted(
                self.by_cause.items(), key=lambda kv: (kv[0][0], -sum(kv[1].values()))
            )
        ]
        return {
            "mutations": self.mutations,
            "by_kind": dict(kinds),
            "runs": sum(self.status.values()),
            "clean_errors": self.status["clean"],
            "successes": self.status["success"],
            "tracebacks": self.status["traceback"],
            "hangs": self.status["hang"],
            "odd": self.status["odd"],
            "hangs_by_command": dict(self.hangs_by_command),
            "causes": causes,
            "seconds": round(elapsed, 1),
        }


def run_one(m: Mutation, timeout: float) -> list[Outcome]:
    ws = Path(tempfile.mkdtemp(prefix="mjtui-fuzz-"))
    try:
        materialize(m, ws)
        return [run_process(c, ws, timeout) for c in commands(m)]
    finally:
        shutil.rmtree(ws, ignore_errors=True)


def print_figures(f: dict, args: argparse.Namespace) -> None:
    print(f"\nmjtui fuzz: seed {args.seed}, {f['seconds']} s, timeout {args.timeout:g} s")
    kinds = ", ".join(f"{k} {v}" for k, v in f["by_kind"].items())
    print(f"mutations     {f['mutations']}  ({kinds})")
    print(f"runs          {f['runs']}")
    print(f"clean errors  {f['clean_errors']}")
    print(f"successes     {f['successes']}")
    for status, title in (("traceback", "tracebacks"), ("hang", "hangs"), ("odd", "odd exits")):
        rows = [c for c in f["causes"] if c["status"] == status]
        total = f["tracebacks" if status == "traceback" else "hangs" if status == "hang" else "odd"]
        print(f"{title:<13} {total}" + (f"  ({len(rows)} distinct causes)" if rows else ""))
        for c in rows:
            cmds = ", ".join(f"{k} {v}" for k, v in c["commands"].items())
            print(f"  {c['runs']:>5}  {c['cause']}\n         {cmds}")
            if c["examples"]:
                print(f"         repro: sh {c['examples'][0]}")
    if f["hangs_by_command"]:
        print(
            "hangs by command: "
            + ", ".join(f"{k} {v}" for k, v in sorted(f["hangs_by_command"].items()))
        )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    seeds = corpus(args.seeds.resolve())
    mutations = generate(args.seed, args.mutations, seeds)
    kinds = Counter(m.seed.kind for m in mutations)
    args.out.mkdir(parents=True, exist_ok=True)
    report = Report(args.out.resolve(), args.examples, args.timeout)
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [(m, pool.submit(run_one, m, args.timeout)) for m in mutations]
        for done, (m, future) in enumerate(futures, 1):
            report.add(m, future.result())
            if done % 100 == 0 or done == len(futures):
                s = report.status
                print(
                    f"{done}/{len(futures)} mutations, {sum(s.values())} runs: "
                    f"{s['traceback']} tracebacks, {s['hang']} hangs, {s['odd']} odd "
                    f"({time.monotonic() - started:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
    figures = report.figures(time.monotonic() - started, kinds)
    (args.out / "summary.json").write_text(json.dumps(figures, indent=2) + "\n")
    print_figures(figures, args)
    sys.stdout.flush()
    print(f"\nfailing inputs: {args.out}/ (summary.json; a repro.sh in each example)")
    return 1 if figures["tracebacks"] or figures["hangs"] or figures["odd"] else 0


if __name__ == "__main__":
    sys.exit(main())
