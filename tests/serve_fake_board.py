"""A stand-in for the board process in tests/cli/test_serve_limits.py: it speaks textual's web
driver protocol to `mjtui serve`'s server and says what reached it.

``python serve_fake_board.py MODE PIDFILE``: appends its pid to PIDFILE, prints the
driver's first line, then after each packet it is sent writes a data packet of one JSON
object: its pid, its terminal size (from COLUMNS and ROWS, then each resize), the bytes of
keys it got in all, and the packets of each kind. A quit ends it, except in the mode
``stubborn``, where it ignores quit and SIGTERM (only SIGKILL ends it). In the mode
``fails`` it says why on stderr, with a control character, and ends at once.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from typing import Any


def send(kind: bytes, payload: bytes) -> None:
    sys.stdout.buffer.write(kind + len(payload).to_bytes(4, "big") + payload)
    sys.stdout.buffer.flush()


def main() -> None:
    mode, pidfile = sys.argv[1], sys.argv[2]
    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with open(pidfile, "a") as out:
        out.write(f"{os.getpid()}\n")
    if mode == "fails":
        sys.stderr.write("a traceback's first line\nmjtui: s.toml: no such \x1b[2Jsession file\n")
        sys.exit(2)
    size = [int(os.environ["COLUMNS"]), int(os.environ["ROWS"])]
    state: dict[str, Any] = {"pid": os.getpid(), "size": size, "keys": 0, "packets": {}}
    sys.stdout.buffer.write(b"__GANGLION__\n")
    send(b"D", json.dumps(state).encode())
    stdin = sys.stdin.buffer
    while True:
        head = stdin.read(5)
        if len(head) < 5:
            return
        kind, size = head[:1].decode(), int.from_bytes(head[1:], "big")
        payload = stdin.read(size)
        state["packets"][kind] = state["packets"].get(kind, 0) + 1
        if kind == "D":
            state["keys"] += len(payload)
        else:
            meta = json.loads(payload)
            if meta["type"] == "resize":
                state["size"] = [meta["width"], meta["height"]]
            elif meta["type"] == "quit" and mode != "stubborn":
                send(b"M", json.dumps({"type": "exit"}).encode())
                return
        send(b"D", json.dumps(state).encode())


if __name__ == "__main__":
    main()
