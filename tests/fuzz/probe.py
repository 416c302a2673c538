"""The interactive commands, run up to the point where the app would open.

``python tests/fuzz/probe.py resume FILE`` does what ``mjtui resume FILE``
does before its first screen (read the session, the rulesets and the
calculator program, build the app), ``start [RULESET]`` what plain ``mjtui``
(or ``mjtui --ruleset RULESET``) does, and ``library FILE`` what the library
screen does with one file (its summary). Errors are handled as ``mjtui``
handles them: a message and exit status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path


def run(argv: list[str]) -> int:
    from mjtui import paths
    from mjtui.cli.entry import build_parser, new_series, resume
    from mjtui.core.errors import MjtuiError
    from mjtui.core.sessions.library import ruleset_finder, summarize

    what, *rest = argv
    try:
        if what == "resume":
            resume(build_parser().parse_args(["resume", *rest]))
        elif what == "start":
            new_series(build_parser().parse_args(["--ruleset", *rest] if rest else []))
        elif what == "library":
            summary = summarize(Path(rest[0]), ruleset_finder(paths.ruleset_folders()))
            print(summary.error or f"{summary.hands} hands")
        else:
            raise SystemExit(f"probe: unknown command {what!r}")
    except MjtuiError as e:
        print(f"mjtui: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
