"""How fast the MCR calculator scores hands, beside PyMahjongGB (C++) on the same hands.

Generates random winning hands (tests/mcr_hand_gen.py: every form, melded and
concealed kongs, flowers, every situation flag), scores each with ours and
with PyMahjongGB 1.4.0 in the same run, checks that fans and totals agree,
and prints hands per second for both and the ratio. Target: a tenth of the
C++ peer's rate. The two sides are timed in turns, ``--repeat`` times, and
the best turn of each counts: the machine is shared, and a turn that a
neighbour slowed says nothing of either calculator.

Then the same hands through the command, ``mjtui hand mcr --batch`` (one line
a hand, its JSON object out, in a process of its own), timed whole and with
its start-up (a run of one hand) taken off, beside the peer.

    python benchmarks/mcr_hands.py [--hands 20000] [--seed 4] [--repeat 5]

Each side gets its input ready-made (our parsed TileHand and Situation; the
peer's argument tuples). Ours keeps across hands only the per-suit tables of
readings and shapes, filled as count vectors are first met (a first turn
fills them; later turns read them, as a long session would).
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from mcr_hand_gen import cases  # noqa: E402
from mcr_peer import PEER, peer_fans  # noqa: E402

from mjtui.core.rulesets.schema import read_struct  # noqa: E402
from mjtui.core.systems.winds import WINDS  # noqa: E402
from mjtui.core.tiles import parse_hand  # noqa: E402
from mjtui.systems.mcr import calculator  # noqa: E402
from mjtui.systems.mcr.calculator import score_hand  # noqa: E402
from mjtui.systems.mcr.rules import PRESET, Rules  # noqa: E402

MJTUI = Path(sys.executable).with_name("mjtui")  # the command of this environment


def built(path: str | None) -> str:
    """Whether a module was imported from its Python source or compiled."""
    return "pure Python" if str(path).endswith(".py") else "compiled"


def batch_line(case: object) -> str:
    """A hand as a line of ``mjtui hand mcr --batch``: its tiles and its flags."""
    s = case.situation  # type: ignore[attr-defined]
    flags = [f"--seat {WINDS[s.seat_wind][0]}", f"--round {WINDS[s.round_wind][0]}"]
    flags += [f"--flowers {s.flowers}"] if s.flowers else []
    for name in ("self_draw", "fourth_tile", "kong", "last_tile"):
        if getattr(s, name):
            flags.append("--" + name.replace("_", "-"))
    return " ".join([shlex.quote(case.text), *flags])  # type: ignore[attr-defined]


def run_batch(path: Path) -> tuple[float, list[str]]:
    """Seconds for ``mjtui hand mcr --batch`` to read the hands of ``path``, and its lines."""
    with path.open("rb") as stdin:
        start = time.perf_counter()
        done = subprocess.run(
            [str(MJTUI), "hand", "mcr", "--batch"], stdin=stdin, capture_output=True, check=False
        )
        took = time.perf_counter() - start
    return took, done.stdout.decode().splitlines()


def agrees(got: dict, theirs: tuple | None, flowers: int) -> bool:
    """Whether a line of --batch says what the peer does: the same total, or a hand under
    the minimum refused with the fan the peer gives it, flowers left out."""
    if theirs is None:
        return False
    if "fan" in got:
        return bool(got["fan"] == theirs[1])
    said = str(got.get("error", ""))
    return "under the minimum" in said and said.split()[0] == str(theirs[1] - flowers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if PEER is None:
        sys.exit("PyMahjongGB is not installed: pip install -e '.[test]'")
    rules = read_struct(Rules, tomllib.loads(PRESET.read_text()))
    found = cases(args.hands, args.seed)
    distinct = len({(c.text, c.situation) for c in found})
    ours_in = [(parse_hand(c.text), c.situation) for c in found]
    peer_in = [c.peer_args() for c in found]
    agree = 0
    for (hand, situation), peer_args in zip(ours_in, peer_in, strict=False):
        score = score_hand(rules, hand, situation)
        theirs = peer_fans(peer_args)
        agree += theirs is not None and (dict(score.fans), score.fan) == theirs
    calc = PEER.MahjongFanCalculator
    best_ours = best_peer = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        for hand, situation in ours_in:
            score_hand(rules, hand, situation)
        best_ours = min(best_ours, time.perf_counter() - start)
        start = time.perf_counter()
        for peer_args in peer_in:
            calc(**peer_args)
        best_peer = min(best_peer, time.perf_counter() - start)
    n = len(found)
    print(f"{n} hands ({distinct} distinct), seed {args.seed}; {agree} agree with the peer")
    print(f"ours        {n / best_ours:10.0f} hands/s")
    print(f"PyMahjongGB {n / best_peer:10.0f} hands/s")
    print(f"ratio       {best_peer / best_ours:10.3f} (target 0.1)")
    print(f"reader      {built(calculator.__file__)} ({calculator.__file__})")
    with tempfile.TemporaryDirectory() as folder:
        lines, one = Path(folder) / "hands.txt", Path(folder) / "one.txt"
        lines.write_text("".join(batch_line(c) + "\n" for c in found))
        one.write_text(batch_line(found[0]) + "\n")
        best_batch = best_start = float("inf")
        out: list[str] = []
        for _ in range(args.repeat):
            took, out = run_batch(lines)
            best_batch = min(best_batch, took)
            best_start = min(best_start, run_batch(one)[0])
    batch_agree = sum(
        agrees(json.loads(line), peer_fans(a), c.situation.flowers)
        for line, a, c in zip(out, peer_in, found, strict=False)
    )
    net = max(best_batch - best_start, 1e-9)
    print(f"mjtui hand mcr --batch: {len(out)} lines, {batch_agree} agree with the peer")
    print(f"  whole run {n / best_batch:10.0f} hands/s ({best_batch:.2f} s)")
    print(f"  start-up off {n / net:7.0f} hands/s (start-up {best_start:.2f} s)")
    print(f"  ratio to PyMahjongGB {best_peer / best_batch:.3f} whole, {best_peer / net:.3f} net")


if __name__ == "__main__":
    main()
