"""The report commands: `mjtui export FILE --format csv|json|md` and `mjtui stats`.

Kept apart from entry.py so the app's commands and the report commands can
change independently; entry.py adds these with :func:`add_report_commands`
and dispatches with :data:`REPORT_COMMANDS`. Handlers return the exit code
and raise MjtuiError for anything the user can fix (entry.main prints it and
exits 2).
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.files.writing import replace_file
from mjtui.core.language import _, ngettext
from mjtui.core.reports.export import FORMATS, ExportError, export_session
from mjtui.core.reports.stats import BySystem, HandRef, PlayerStats, collect, to_plain
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.library import ruleset_finder
from mjtui.core.sessions.session_file import load_session
from mjtui.core.text import json_text, shown

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers


def add_report_commands(subparsers: Subparsers) -> None:
    """Add `export` and `stats` to the `mjtui` command's subparsers."""
    export = subparsers.add_parser(
        "export", help=_("write a session's hands, changes and totals as CSV, JSON or Markdown")
    )
    export.add_argument("file", type=Path, metavar="FILE", help=_("the session file"))
    export.add_argument(
        "--format",
        metavar="FORMAT",
        help=_(
            "csv, json or md (a short report); results (the final standings as CSV, for "
            "tournament tools); or a format the session's own system adds (docs/export.md); "
            "by default taken from --output's ending"
        ),
    )
    export.add_argument(
        "--output",
        "-o",
        type=Path,
        metavar="PATH",
        help=_("write to PATH instead of standard output"),
    )
    export.add_argument(
        "--skip-unwritable",
        action="store_true",
        help=_(
            "a format that cannot write some hands (pantheon: an abortive draw...) leaves "
            "them out, each said on standard error, instead of writing nothing"
        ),
    )
    stats = subparsers.add_parser(
        "stats", help=_("statistics per player (and per ruleset) across all saved sessions")
    )
    stats.add_argument("--json", action="store_true", help=_("print the statistics as JSON"))
    stats.add_argument(
        "--ruleset",
        dest="stats_ruleset",
        metavar="ID",
        help=_("count only the sessions played with this ruleset id"),
    )


# ---------------------------------------------------------------------------
# export
# ---------------------------------------------------------------------------


def export_command(args: argparse.Namespace) -> int:
    loaded = load_session(args.file, RulesetLibrary(paths.ruleset_folders()).get)
    fmt = args.format or _format_from(args.output, loaded.session.ruleset.system.export_formats())
    if loaded.problems:
        # An export of part of the hands would pass for the whole series.
        raise SessionError(
            "\n".join(shown(p) for p in loaded.problems)
            + "\n"
            + _(
                "nothing was exported: fix the hands above, or see what can be read "
                "with `mjtui replay {file}`"
            ).format(file=shown(str(args.file)))
        )
    # Every hand was read, from a header repaired as the file was read: said, not refused.
    for repair in loaded.repairs:
        print("mjtui: " + _("warning: {warning}").format(warning=shown(repair)), file=sys.stderr)
    skipped: list[str] | None = [] if args.skip_unwritable else None
    text = export_session(loaded.session, fmt, source=shown(args.file.name), skipped=skipped)
    for note in skipped or []:
        print(f"mjtui export: {shown(note)}", file=sys.stderr)  # English: the command's name
    if args.output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    if args.output.resolve() == args.file.resolve():
        raise ExportError(
            f"{args.output}: " + _("is the session file itself; choose another --output")
        )
    # Whole and atomic, never through a link nor into a FIFO or a device: standard
    # output (no --output) is the way to a pipe.
    replace_file(args.output, text.encode("utf-8"), ExportError, doing="write")
    return 0


def _format_from(output: Path | None, system_formats: Iterable[str]) -> str:
    """The format --output's suffix names; else ExportError listing every format the
    session can be written in, mjtui's and its system's own."""
    suffix = output.suffix.lstrip(".").lower() if output else ""
    if suffix in FORMATS:
        return suffix
    where = f"{output}: " if output else ""
    raise ExportError(
        where
        + _("say which format to write: --format {formats}").format(
            formats=", ".join([*FORMATS, *system_formats])
        )
    )


# ---------------------------------------------------------------------------
# stats
# ---------------------------------------------------------------------------


def stats_command(args: argparse.Namespace) -> int:
    ruleset = getattr(args, "stats_ruleset", None)
    stats = collect(
        paths.sessions_dir(), ruleset_finder(paths.ruleset_folders()), ruleset_id=ruleset
    )
    if args.json:
        print(json_text(to_plain(stats)))
        return 0
    for note in stats.skipped:
        print(f"mjtui: {shown(note)}", file=sys.stderr)  # one line each, whatever a file is named
    for warning in stats.warnings:
        print("mjtui: " + _("warning: {warning}").format(warning=shown(warning)), file=sys.stderr)
    print(format_stats(stats, paths.sessions_dir(), ruleset))
    return 0


def format_stats(stats: BySystem, folder: Path, ruleset: str | None = None) -> str:
    """The human output of `mjtui stats`: per scoring system (the latest played first) one
    aligned table of all its sessions, then one per ruleset when it has several. The net
    of two systems is in different units: never added together (core/reports/stats.py)."""
    if not stats.series:
        which = f" of ruleset {ruleset!r}" if ruleset else ""
        return f"no sessions{which} with any hands in {folder}"
    blocks = []
    n = len(stats.systems)
    if n > 1:
        blocks += [
            ngettext(
                "{n} scoring system, each counted apart: their points do not add up "
                "(--ruleset ID counts one ruleset)",
                "{n} scoring systems, each counted apart: their points do not add up "
                "(--ruleset ID counts one ruleset)",
                n,
            ).format(n=n),
            "",
        ]
    for i, (system, each) in enumerate(stats.systems.items()):
        blocks += [""] if i else []
        blocks += [
            ngettext(
                "{system}: all sessions ({n} series)",
                "{system}: all sessions ({n} series)",
                each.series,
            ).format(system=system, n=each.series),
            player_table(each.players),
        ]
        if len(each.rulesets) > 1:
            for r in each.rulesets:
                blocks += [
                    "",
                    ngettext(
                        "{name} ({id}, {n} series)", "{name} ({id}, {n} series)", r.series
                    ).format(name=r.name, id=r.id, n=r.series),
                    player_table(r.players),
                ]
    return "\n".join(blocks)


COLUMNS = [
    "Player",
    "Series",
    "Series won",
    "Hands",
    "Hands won",
    "Win %",
    "Net",
    "Avg/hand",
    "Best hand",
    "Biggest swing",
]


def player_table(players: list[PlayerStats]) -> str:
    rows = [
        [
            p.name,
            str(p.series),
            str(p.series_won),
            str(p.hands_played),
            str(p.hands_won),
            f"{100 * p.win_rate:.1f}",
            _signed(p.net),
            f"{p.average:+.1f}",
            _ref(p.best_hand),
            _ref(p.biggest_swing),
        ]
        for p in players
    ]
    right = [False] + [True] * 7 + [False, False]
    return aligned([COLUMNS, *rows], right)


def aligned(rows: list[list[str]], right: list[bool]) -> str:
    """Rows as columns padded to the widest cell (wide characters count two)."""
    widths = [max(_width(row[i]) for row in rows) for i in range(len(right))]
    lines = []
    for row in rows:
        cells = []
        for cell, width, to_right in zip(row, widths, right, strict=False):
            pad = " " * (width - _width(cell))
            cells.append(pad + cell if to_right else cell + pad)
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _width(text: str) -> int:
    """Terminal columns: wide characters take two, combining marks ("Chén" written
    decomposed) and joiners none."""
    return sum(
        0
        if unicodedata.category(ch) in ("Mn", "Me", "Cf")
        else 2
        if unicodedata.east_asian_width(ch) in "WF"
        else 1
        for ch in text
    )


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _ref(ref: HandRef | None) -> str:
    if ref is None:
        return "-"
    return f"{_signed(ref.change)} ({ref.started:%Y-%m-%d %H:%M} hand {ref.hand})"


REPORT_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "export": export_command,
    "stats": stats_command,
}
