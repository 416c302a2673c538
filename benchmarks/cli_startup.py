"""Wall time of the headless `mjtui` commands beside a bare `python -c pass`, in one run.

    python benchmarks/cli_startup.py [--runs 9]

Each command is a fresh process, as a person or a script starts it. The
commands run in turn, round after round, so drift on a shared machine hits all
of them alike; the first round (which also byte-compiles) is not counted. The
medians are printed beside the interpreter's own start-up, the floor no
command can go below (goals: `--help`, `points` and `rulesets` <= 60 ms;
`hand` <= 120 ms).

`mjtui rulesets` keeps what it read in the cache folder and rereads only what
changed (mjtui/core/rulesets/listing.py); "cache emptied" is its first run,
each time with the cache deleted, which reads every file in full.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from installed import MJTUI, users_env

COMMANDS: list[tuple[str, list[str], float | None]] = [
    ("python -c pass", [sys.executable, "-c", "pass"], None),
    ("mjtui --help", [*MJTUI, "--help"], 0.060),
    ("mjtui points", [*MJTUI, "points", "riichi-wrc", "--han", "3", "--fu", "30", "--ron"], 0.060),
    ("mjtui rulesets", [*MJTUI, "rulesets"], 0.060),
    ("mjtui rulesets, cache emptied", [*MJTUI, "rulesets"], None),
    (
        "mjtui hand riichi-tenhou",
        [*MJTUI, "hand", "riichi-tenhou", "234m456p789s234s55z", "--riichi", "--dora", "1m"],
        0.120,
    ),
    ("mjtui hand pocket", [*MJTUI, "hand", "pocket", "19m19p19s1234567z1m", "--self-draw"], 0.120),
]


def wall(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``argv`` to its end; a failing command stops the benchmark."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - start
    if done.returncode:
        sys.exit(
            f"{' '.join(argv)}: exit status {done.returncode}\n"
            f"{done.stderr.decode(errors='replace')}"
        )
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    times: dict[str, list[float]] = {label: [] for label, _, _ in COMMANDS}
    with tempfile.TemporaryDirectory() as folder:
        env = users_env(Path(folder))  # the first round writes the byte code
        for _ in range(args.runs + 1):
            for label, argv, _ in COMMANDS:
                if "cache emptied" in label:
                    shutil.rmtree(Path(env["XDG_CACHE_HOME"]), ignore_errors=True)
                times[label].append(wall(argv, env))
    floor = statistics.median(times[COMMANDS[0][0]][1:])
    print(f"wall time, median of {args.runs} runs each, in turn:")
    for label, _, goal in COMMANDS:
        median = statistics.median(times[label][1:])
        extra = (
            ""
            if goal is None
            else (
                f"  ({(median - floor) * 1000:+4.0f} ms over python; goal <= {goal * 1000:.0f} ms"
                f"{'' if median <= goal else ', MISSED'})"
            )
        )
        print(f"  {label:<30} {median * 1000:5.0f} ms{extra}")


if __name__ == "__main__":
    main()
