"""First frame of `mjtui` against a bare Textual app, side by side, in a real terminal.

    python benchmarks/startup.py [--runs 7]

Each command runs in a pseudo-terminal of 80x24, as a person starts it; the
time is from the process start to the first bytes on the terminal that show
its first screen (mjtui's new series form, the bare app's one Static). The
runs alternate A B A B so drift on a shared machine hits both alike; the
medians and their ratio are printed (the goal: mjtui within 1.3x the bare app).
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

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare textual app")

Bare().run()
"""


def first_frame(argv: list[str], marker: bytes, env: dict[str, str], timeout: float = 20.0
                ) -> float:
    """Seconds from starting ``argv`` in an 80x24 pty to ``marker`` on its screen."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=child, stdout=child, stderr=child, env=env,
                            start_new_session=True)
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
                    return time.perf_counter() - start
        raise RuntimeError(f"{argv[0]}: {marker!r} did not appear within {timeout} s")
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "MJTUI_CONFIG_DIR": str(Path(folder) / "c"),
               "MJTUI_DATA_DIR": str(Path(folder) / "d"), "TERM": "xterm-256color"}
        bare = Path(folder) / "bare.py"
        bare.write_text(BARE)
        mjtui_cmd = [sys.executable, "-m", "mjtui"]
        bare_cmd = [sys.executable, str(bare)]
        ours, theirs = [], []
        for _ in range(args.runs + 1):  # the first pair warms the disk cache
            ours.append(first_frame(mjtui_cmd, b"New series", env))
            theirs.append(first_frame(bare_cmd, b"bare textual app", env))
        ours, theirs = ours[1:], theirs[1:]
    a, b = statistics.median(ours), statistics.median(theirs)
    ratios = statistics.median(x / y for x, y in zip(ours, theirs))
    print(f"first frame, median of {args.runs} (80x24 pty): mjtui {a * 1000:.0f} ms, "
          f"bare Textual {b * 1000:.0f} ms, ratio {ratios:.2f}x (goal <= 1.3x)")


if __name__ == "__main__":
    main()
