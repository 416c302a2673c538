"""`mjtui import FORMAT LOG [--ruleset ID] [--output FILE] [--force]`.

Turns a game record into a session file, scoring each hand with the ruleset
as it goes and comparing the payment with the record's own: every hand that
differs or is left out is printed with the reason, then how the end compares
with the record's final standings, then the summary "N of M hands reproduce
exactly" (M is every hand of the record). The formats are the ones the
installed systems read (:meth:`~mjtui.core.systems.base.ScoringSystem.importers`;
riichi: ``tenhou6``). The session is written whole and atomically
(core/files/writing.py), into the sessions folder under a new name, or to
``--output``: never over a file that is there, unless ``--force``, never over
anything but a regular file, and never over a session another mjtui has open
(its lock is taken as the app takes it). A record whose game is in that folder
already (the same start, players and hands: imported before) is refused, unless
``--force``: the statistics and the league would count it twice. The exit status is 0 when the whole
record reproduces, 3 when the session was written but a hand differs or was
left out (or the table or the end is not the record's: 1 stays Python's own,
for a crash); a record that cannot be read is a message and exit status 2
(entry.main prints MjtuiError).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjtui import paths
from mjtui.core.errors import MjtuiError, SessionError
from mjtui.core.files.writing import check_target
from mjtui.core.language import N_, _, package_of, say_in
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.lock import SessionInUse, SessionLock
from mjtui.core.sessions.session_file import (
    new_session_path,
    same_game_saved,
    save_session,
    size_notice,
)
from mjtui.core.systems import SYSTEMS
from mjtui.core.systems.capabilities import Importer

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers

NOT_WHOLE = 3  # the exit status of a session written from a log that does not reproduce whole


def add_import_command(subparsers: Subparsers) -> None:
    """Add `import` to the `mjtui` command's subparsers."""
    command = subparsers.add_parser(
        "import",
        help=_("make a session of a game record, each hand checked against it"),
        description=_(
            "Make a session of a game record, checking each hand's payment against "
            "the record's own. FORMAT is one the scoring systems read: "
            "`mjtui import --formats` lists them."
        ),
    )
    command.add_argument(
        "format",
        nargs="?",
        metavar="FORMAT",
        help=_("the record's format, e.g. tenhou6 (the tenhou.net/6 JSON log)"),
    )
    command.add_argument("log", nargs="?", type=Path, metavar="LOG", help=_("the record's file"))
    command.add_argument(
        "--formats", action="store_true", help=_("list the formats the installed systems read")
    )
    command.add_argument(
        "--ruleset",
        metavar="ID",
        help=_(
            "a ruleset id or path of the format's system for as many "
            "players as the record (default: the format's own choice, "
            "e.g. riichi-tenhou, or riichi-sanma for three players)"
        ),
    )
    command.add_argument(
        "--output",
        type=Path,
        metavar="FILE",
        help=_("the session file to write (default: a new file in the sessions folder)"),
    )
    command.add_argument(
        "--force",
        action="store_true",
        help=_(
            "write --output even over a file that is there, and a game imported "
            "already (the same start, players and hands) again"
        ),
    )


THERE_ALREADY = N_("is there already; give another --output, or --force to write over it")
IMPORTED_ALREADY = N_(
    "holds this game already (the same start, players and hands): nothing written, "
    "as the statistics and the league would count it twice; --force imports it again"
)


def importers() -> dict[str, Importer[Any]]:
    """Every format an installed system reads, by name."""
    found: dict[str, Importer[Any]] = {}
    for system in SYSTEMS.values():
        found.update(system.importers())
    return found


def import_command(args: argparse.Namespace) -> int:
    known = importers()
    if args.formats:
        said_by = {f: package_of(s) for s in SYSTEMS.values() for f in s.importers()}
        for name, each in sorted(known.items()):
            print(f"{name}: {say_in(said_by[name], each.help)}")  # the system's words
        return 0
    if args.format is None or args.log is None:
        raise MjtuiError(
            _("give the record's FORMAT and its LOG file (formats: {formats})").format(
                formats=", ".join(sorted(known)) or _("none installed")
            )
        )
    importer = known.get(args.format)
    if importer is None:
        raise MjtuiError(
            _("no installed system reads {format} records (formats: {formats})").format(
                format=repr(args.format), formats=", ".join(sorted(known)) or _("none")
            )
        )
    document = importer.read(args.log)
    library = RulesetLibrary(paths.ruleset_folders())
    ruleset = library.get(args.ruleset or importer.ruleset(document))
    imported = importer.convert(document, ruleset)
    if args.output is not None:
        path = args.output
        check_target(path, SessionError, "write")  # a FIFO, a device, a link: never
        if os.path.lexists(path) and not args.force:
            raise SessionError(f"{path}: " + _(THERE_ALREADY))
    else:
        path = new_session_path(paths.sessions_dir(), imported.session)
    if imported.session.hands and not args.force:
        same = same_game_saved(path.parent, imported.session, library.get)
        if same is not None:
            raise SessionError(f"{same}: " + _(IMPORTED_ALREADY))
    for line in imported.lines:
        print(line)
    print(imported.summary)
    if not imported.session.hands:
        print(
            "mjtui: " + _("no hand could be added to the session: nothing written"),
            file=sys.stderr,
        )
        return 2
    _write(imported.session, path, args.force)
    print(
        _("wrote {path} ({n} hands, {ruleset})").format(
            path=path, n=len(imported.session.hands), ruleset=imported.session.ruleset.id
        )
    )
    notice = size_notice(path, path.stat().st_size)
    if notice:
        print(f"mjtui: {notice}", file=sys.stderr)
    return 0 if imported.exact else NOT_WHOLE


def _write(session: Session, path: Path, force: bool) -> None:
    """Save the session as ``path``, holding its lock as the app does: a file another
    mjtui has open is never replaced under it (SessionInUse names the holder)."""
    with contextlib.suppress(OSError):  # if it cannot be made, the save says so
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        lock = SessionLock.take(path)
    except SessionInUse as e:
        raise SessionError(
            _("{e}; quit that mjtui first (q), or give another --output").format(e=e)
        ) from None
    try:
        if lock.warning:
            print(f"mjtui: {lock.warning}", file=sys.stderr)
        if os.path.lexists(path) and not force:  # made meanwhile
            raise SessionError(f"{path}: " + _(THERE_ALREADY))
        save_session(session, path)
    finally:
        lock.release()
