"""`mjtui seats FILE [--swap A B | --substitute SEAT NAME] [--from N]`.

Shows who sat in which seat, hand by hand, and corrects it: ``--swap A B``
exchanges the players of two seats for the whole session (a correction) or
from hand N on; ``--substitute SEAT NAME --from N`` puts NAME in a seat from
hand N on (N may be the next hand). The points stay with the seats: the
fold is the same, only the names move, and statistics credit each person
with the hands they played (core/model/seats.py). The file is locked as the app
locks it and saved whole; errors are MjtuiError (exit 2).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mjtui import paths
from mjtui.core.errors import HandError, SessionError
from mjtui.core.language import _

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers
    from mjtui.core.model.session import Session


def add_seats_command(subparsers: Subparsers) -> None:
    """Add `seats` to the `mjtui` command's subparsers."""
    command = subparsers.add_parser(
        "seats",
        help=_("show or correct who sat in which seat; substitutes from a hand on"),
        description=_(
            "Show who sat in which seat, swap two seats' players (for the whole "
            "session or from a hand on), or put a substitute in a seat from a "
            "hand on. The points stay with the seats."
        ),
    )
    command.add_argument("file", type=Path, metavar="FILE", help=_("the session file"))
    change = command.add_mutually_exclusive_group()
    change.add_argument(
        "--swap",
        type=int,
        nargs=2,
        metavar=("A", "B"),
        help=_("the players of seats A and B change places"),
    )
    change.add_argument(
        "--substitute",
        nargs=2,
        metavar=("SEAT", "NAME"),
        help=_("NAME takes over SEAT (needs --from)"),
    )
    command.add_argument(
        "--from",
        dest="start",
        type=int,
        metavar="N",
        help=_("from hand N on (left out with --swap: the whole session)"),
    )


def seats_command(args: argparse.Namespace) -> int:
    from mjtui.core.files.writing import check_target
    from mjtui.core.model.seats import Seating
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.lock import SessionInUse, SessionLock
    from mjtui.core.sessions.session_file import load_session, save_session, size_notice

    if args.substitute is None and args.swap is None:
        if args.start is not None:
            raise SessionError(_("--from goes with --swap or --substitute"))
        loaded = load_session(args.file, RulesetLibrary(paths.ruleset_folders()).get)
        _warn(loaded.repairs)
        _show(loaded.session)
        return 0
    check_target(args.file, SessionError, "change")  # a link, a FIFO: never written
    try:
        lock = SessionLock.take(args.file)
    except SessionInUse as e:
        raise SessionError(
            _("{e}; change the seats there (s on the score sheet), or quit it first").format(e=e)
        ) from None
    try:
        loaded = load_session(args.file, RulesetLibrary(paths.ruleset_folders()).get)
        if loaded.problems:
            raise SessionError(
                _(
                    "{file}: {problem}; open it with `mjtui resume` first (which keeps a "
                    "copy) so it is read whole"
                ).format(file=args.file, problem=loaded.problems[0])
            )
        session = loaded.session
        seating = Seating(session.players, session.seat_changes)
        hands = len(session.hands)
        try:
            if args.swap is not None:
                a, b = args.swap
                seating = seating.swap(a - 1, b - 1, args.start, hands)
            else:
                if args.start is None:
                    raise HandError(
                        _("--substitute needs --from N: the first hand the substitute plays")
                    )
                seat = _seat_number(args.substitute[0])
                seating = seating.substitute(seat - 1, args.substitute[1], args.start, hands)
        except HandError as e:
            raise SessionError(str(e)) from None
        session.players, session.seat_changes = seating.players, seating.changes
        if loaded.repairs:
            # The save writes the header repaired: the file as it was is kept first.
            from mjtui.core.sessions.scorebook import keep_damaged

            kept = _("The file as it was is kept as {backup}.").format(
                backup=keep_damaged(args.file)
            )
            _warn([*loaded.repairs, kept])
        written = save_session(session, args.file)
    finally:
        lock.release()
    _show(session)
    notice = size_notice(args.file, written.size)
    if notice:
        print(f"mjtui: {notice}", file=sys.stderr)
    return 0


def _warn(warnings: list[str]) -> None:
    from mjtui.core.text import shown

    for warning in warnings:
        print("mjtui: " + _("warning: {warning}").format(warning=shown(warning)), file=sys.stderr)


def _seat_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise HandError(_("SEAT is a seat number, got {text}").format(text=repr(text))) from None


def _show(session: Session) -> None:
    """Each run of hands with its seating, e.g. "hands 1-8: Ann, Bob, Chen, Dora"."""
    starts = [1] + [c.start for c in session.seat_changes]
    last = max(len(session.hands), 1)
    for i, start in enumerate(starts):
        end = starts[i + 1] - 1 if i + 1 < len(starts) else last
        names = ", ".join(
            f"{seat}: {name}" for seat, name in enumerate(session.names_at(start - 1), 1)
        )
        span = f"hand {start}" if end <= start else f"hands {start}-{end}"
        if start > len(session.hands):
            span = f"from hand {start}"
        print(f"{span}: {names}")
