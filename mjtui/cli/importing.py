"""`mjtui import tenhou6 LOG.json [--ruleset ID] [--output FILE] [--force]`.

Turns a tenhou.net/6 game record into a riichi session file, scoring each
hand with the ruleset as it goes and comparing the payment with the record's
own: every hand that differs is printed with the reason, then the summary
"N of M hands reproduce exactly". The session is written whole and
atomically (core/writing.py), into the sessions folder under a new name, or to
``--output``: never over a file that is there, unless ``--force``, never over
anything but a regular file, and never over a session another mjtui has open
(its lock is taken as the app takes it). A record that cannot
be read is a message and exit status 2 (entry.main prints MjtuiError).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import Any

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.lock import SessionInUse, SessionLock
from mjtui.core.ruleset import RulesetLibrary
from mjtui.core.session import Session
from mjtui.core.session_file import new_session_path, save_session, size_notice
from mjtui.core.writing import check_target

DEFAULT_RULESET = "riichi-tenhou"
DEFAULT_THREE_PLAYER = "riichi-sanma"  # for a log of three players


def add_import_command(subparsers: Any) -> None:
    """Add `import` to the `mjtui` command's subparsers."""
    command = subparsers.add_parser(
        "import", help="make a session of a game record (a tenhou.net/6 JSON log)",
        description="Make a riichi session of a tenhou.net/6 JSON log, checking each "
                    "hand's payment against the log's own.")
    command.add_argument("format", choices=["tenhou6"],
                         help="the record's format: tenhou6 (the tenhou.net/6 JSON log)")
    command.add_argument("log", type=Path, metavar="LOG", help="the log file (.json)")
    command.add_argument("--ruleset", metavar="ID",
                         help=f"a riichi ruleset id or path for as many players as the log "
                              f"(default {DEFAULT_RULESET}, or {DEFAULT_THREE_PLAYER} for a "
                              "three-player log); red fives and equal start points are "
                              "taken from the log")
    command.add_argument("--output", type=Path, metavar="FILE",
                         help="the session file to write (default: a new file in the "
                              "sessions folder)")
    command.add_argument("--force", action="store_true",
                         help="write --output even over a file that is there")


def import_command(args: argparse.Namespace) -> int:
    from mjtui.core.systems.riichi.tenhou6 import import_log, log_seats, read_log

    document = read_log(args.log)
    chosen = args.ruleset or (DEFAULT_THREE_PLAYER if log_seats(document) == 3
                              else DEFAULT_RULESET)
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(chosen)
    imported = import_log(document, ruleset)
    if args.output is not None:
        path = args.output
        check_target(path, SessionError, "write")  # a FIFO, a device, a link: never
        if os.path.lexists(path) and not args.force:
            raise SessionError(f"{path}: is there already; give another --output, or "
                               "--force to write over it")
    else:
        path = new_session_path(paths.sessions_dir(), imported.session)
    for line in imported.lines:
        print(line)
    print(f"{imported.reproduced} of {imported.compared} hands reproduce exactly")
    if not imported.session.hands:
        print("mjtui: no hand could be added to the session: nothing written",
              file=sys.stderr)
        return 2
    _write(imported.session, path, args.force)
    print(f"wrote {path} ({len(imported.session.hands)} hands, "
          f"{imported.session.ruleset.id})")
    notice = size_notice(path, path.stat().st_size)
    if notice:
        print(f"mjtui: {notice}", file=sys.stderr)
    return 0


def _write(session: Session, path: Path, force: bool) -> None:
    """Save the session as ``path``, holding its lock as the app does: a file another
    mjtui has open is never replaced under it (SessionInUse names the holder)."""
    with contextlib.suppress(OSError):  # if it cannot be made, the save says so
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        lock = SessionLock.take(path)
    except SessionInUse as e:
        raise SessionError(f"{e}; quit that mjtui first (q), or give another --output") \
            from None
    try:
        if lock.warning:
            print(f"mjtui: {lock.warning}", file=sys.stderr)
        if os.path.lexists(path) and not force:  # made meanwhile
            raise SessionError(f"{path}: is there already; give another --output, or "
                               "--force to write over it")
        save_session(session, path)
    finally:
        lock.release()
