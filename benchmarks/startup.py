"""First frame of `mjtui` against a bare Textual app, side by side, in a real terminal.

    python benchmarks/startup.py [--runs 7] [--hands 10000] [--against CHECKOUT]

Each command runs in a pseudo-terminal of 80x24, as a person starts it; the
time is from the process start to the first bytes on the terminal that show
its first screen (mjtui's new series form, the bare app's one Static, a plain
app with the form's widgets, the score sheet of a resumed series of --hands
hands). The runs take turns so
drift on a shared machine hits all alike; the medians and the ratios are
printed (the goals: a new series within 1.3x the bare app, the resumed
series within 1.5x a new series).

Beside each wall time, the CPU time the process had used by then (its user and
system time, read from the kernel as it is stopped at its first frame): on a
machine shared with other work the wall times wait on the others' turns, the CPU
times far less, so their ratios are the steadier figure there.

With ``--against`` another checkout of mjtui (a folder holding its ``mjtui``
package, e.g. ``git worktree add /tmp/before main``) starts in the same turns, put
first on the path (PYTHONPATH), and its figures are printed beside these: a change
measured before and after in one run.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import NamedTuple

from installed import MJTUI, users_env

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare textual app")

Bare().run()
"""

# Textual's own cost for the new-series form's widgets, none of mjtui's code: the
# floor below which mjtui's form cannot come, printed beside the goal.
SAME_WIDGETS = """
from textual.app import App
from textual.containers import Grid, Vertical
from textual.widgets import Button, Input, Label, Select, Static

class SameWidgets(App):
    CSS = "#g { grid-size: 2; grid-columns: 20 1fr; height: auto; }"

    def compose(self):
        with Vertical():
            yield Label("same widgets")
            with Grid(id="g"):
                yield Label("Ruleset")
                yield Select([("a", "a"), ("b", "b")], value="a", allow_blank=False,
                             compact=True)
                for field in range(7):
                    yield Label(f"Field {field}")
                    yield Input(placeholder="x", compact=True)
            yield Static("")
            yield Static("")
            yield Button("Start series")
            yield Static("help")

SameWidgets().run()
"""


class Frame(NamedTuple):
    wall: float  # seconds from the start to the first frame on the terminal
    cpu: float  # CPU seconds the process had used by then (user and system)


def first_frame(
    argv: list[str], marker: bytes, env: dict[str, str], timeout: float = 20.0
) -> Frame:
    """From starting ``argv`` in an 80x24 pty to ``marker`` on its screen."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdin=child, stdout=child, stderr=child, env=env, start_new_session=True
    )
    os.close(child)
    seen = b""
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([main], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(main, 65536)
                except OSError:
                    break
                if marker in seen:
                    wall = time.perf_counter() - start
                    os.killpg(proc.pid, signal.SIGKILL)
                    _, _, used = os.wait4(proc.pid, 0)  # what it used, up to the kill
                    proc.returncode = -signal.SIGKILL
                    return Frame(wall, used.ru_utime + used.ru_stime)
        raise RuntimeError(f"{argv[0]}: {marker!r} did not appear within {timeout} s")
    finally:
        if proc.returncode is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--against", type=Path, help="another checkout, measured in turn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = users_env(Path(folder))  # the first round writes the byte code
        env.update(TERM="xterm-256color")
        bare, same = Path(folder) / "bare.py", Path(folder) / "same_widgets.py"
        bare.write_text(BARE)
        same.write_text(SAME_WIDGETS)
        mjtui_cmd = MJTUI
        bare_cmd = [sys.executable, str(bare)]
        same_cmd = [sys.executable, str(same)]
        series = _long_series(Path(folder), args.hands)
        resume_cmd = [*mjtui_cmd, "resume", str(series)]
        played = f"{args.hands} played".encode()
        other = {**env, "PYTHONPATH": str(args.against.resolve())} if args.against else None
        ours, theirs, floor, resumed = [], [], [], []
        their_new: list[Frame] = []
        their_resumed: list[Frame] = []
        for _ in range(args.runs + 1):  # the first round warms the disk cache
            ours.append(first_frame(mjtui_cmd, b"New series", env))
            theirs.append(first_frame(bare_cmd, b"bare textual app", env))
            floor.append(first_frame(same_cmd, b"same widgets", env))
            resumed.append(first_frame(resume_cmd, played, env))
            if other is not None:
                their_new.append(first_frame(mjtui_cmd, b"New series", other))
                their_resumed.append(first_frame(resume_cmd, played, other))
        ours, theirs, floor, resumed = ours[1:], theirs[1:], floor[1:], resumed[1:]
    for what in ("wall", "cpu"):
        _report(what, args, ours, theirs, floor, resumed)
        if other is not None:
            _compare(what, args, ours, theirs, resumed, their_new[1:], their_resumed[1:])


def _report(
    what: str,
    args: argparse.Namespace,
    ours: list[Frame],
    theirs: list[Frame],
    floor: list[Frame],
    resumed: list[Frame],
) -> None:
    """The medians and ratios of the wall times, or of the CPU times."""
    of = [[getattr(x, what) for x in runs] for runs in (ours, theirs, floor, resumed)]
    a, b, f, r = (statistics.median(x) for x in of)

    def ratio(top: list[float], bottom: list[float]) -> float:
        return statistics.median(x / y for x, y in zip(top, bottom, strict=True))

    kind = "wall time" if what == "wall" else "CPU time"
    print(
        f"first frame, {kind}, median of {args.runs} (80x24 pty): mjtui {a * 1000:.0f} ms, "
        f"bare Textual {b * 1000:.0f} ms, ratio {ratio(of[0], of[1]):.2f}x (goal <= 1.3x)"
    )
    print(
        f"  a plain Textual app with the form's widgets: {f * 1000:.0f} ms, "
        f"{ratio(of[2], of[1]):.2f}x the bare app"
    )
    print(
        f"resume of {args.hands} hands: {r * 1000:.0f} ms, {ratio(of[3], of[0]):.2f}x a new "
        f"series (goal <= 1.5x)"
    )


def _compare(
    what: str,
    args: argparse.Namespace,
    ours: list[Frame],
    bare: list[Frame],
    resumed: list[Frame],
    their_new: list[Frame],
    their_resumed: list[Frame],
) -> None:
    """The checkout given by --against beside this one, run by run."""

    def ratio(top: list[Frame], bottom: list[Frame]) -> float:
        return statistics.median(
            getattr(x, what) / getattr(y, what) for x, y in zip(top, bottom, strict=True)
        )

    new, resume = ratio(their_new, bare), ratio(their_resumed, their_new)
    print(
        f"  {args.against} in the same turns: new series {new:.2f}x the bare app (this one "
        f"{ratio(ours, bare):.2f}x), resume {resume:.2f}x its new series (this one "
        f"{ratio(resumed, ours):.2f}x); this one against it: new series "
        f"{ratio(ours, their_new):.3f}x, resume {ratio(resumed, their_resumed):.3f}x"
    )


def _long_series(folder: Path, hands: int) -> Path:
    """A saved East-doubling series of ``hands`` hands (written by mjtui's own code)."""
    import random
    from datetime import datetime

    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.session_file import save_session
    from mjtui.systems.east_doubling.system import Hand

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30))
    rng = random.Random(hands)
    session.hands.extend(
        Hand(rng.randrange(4), tuple(rng.randrange(60) for _ in range(4))) for _ in range(hands)
    )
    path = folder / "long.toml"
    save_session(session, path)
    return path


if __name__ == "__main__":
    main()
