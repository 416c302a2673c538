"""`mjtui league`: the players' games, average rank, points and rating across sessions.

How the rating is computed: core/reports/league.py and docs/league.md. One
league is printed per scoring system and table size, each headed, the latest
played first (core/reports/league.py ``apart``, as the league screen offers
them): points of two systems are never added together.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from mjtui import paths
from mjtui.core.errors import MjtuiError
from mjtui.core.language import N_, _, ngettext
from mjtui.core.reports.league import League, Leagues, collect, kind_said, to_plain
from mjtui.core.sessions.library import ruleset_finder
from mjtui.core.text import json_text, shown

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers

HELP = N_("a league table across sessions: games, average rank, points and a skill rating")


def add_league_command(subparsers: Subparsers) -> None:
    league = subparsers.add_parser(
        "league", help=_(HELP), description=_(HELP) + " (docs/league.md)"
    )
    which = league.add_mutually_exclusive_group()
    which.add_argument(
        "--ruleset",
        dest="league_ruleset",
        metavar="ID",
        help=_("count only the sessions played with this ruleset id"),
    )
    which.add_argument(
        "--system",
        dest="league_system",
        metavar="NAME",
        help=_(
            "count only the sessions of this scoring system (as 'mjtui rulesets' names it in [ ])"
        ),
    )
    league.add_argument(
        "--since",
        type=_day,
        metavar="DATE",
        help=_("count only the sessions begun on or after DATE (YYYY-MM-DD)"),
    )
    league.add_argument(
        "--folder",
        type=Path,
        metavar="PATH",
        help=_("read the sessions of PATH (default: the sessions folder)"),
    )
    out = league.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=_("print the league as JSON"))
    out.add_argument(
        "--format",
        dest="league_format",
        choices=["text", "csv", "md"],
        default="text",
        help=_("text (default), csv or md (Markdown)"),
    )


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a date such as 2026-11-01, got {text}").format(text=repr(text))
        ) from None


def league_command(args: argparse.Namespace) -> int:
    folder = args.folder or paths.sessions_dir()
    if args.folder is not None and not folder.is_dir():
        raise MjtuiError(_("{folder}: no such folder").format(folder=folder))
    system = args.league_system
    if system is not None:
        from mjtui.core.systems import SYSTEMS

        if system not in SYSTEMS:
            raise MjtuiError(
                _("no scoring system named {system} (known: {known})").format(
                    system=repr(system), known=", ".join(sorted(SYSTEMS))
                )
            )
    leagues = collect(
        folder,
        ruleset_finder(paths.ruleset_folders()),
        ruleset_id=args.league_ruleset,
        system=args.league_system,
        since=args.since,
    )
    if args.json:
        print(json_text(to_plain(leagues)))
        return 0
    for note in leagues.skipped:
        print(f"mjtui: {shown(note)}", file=sys.stderr)  # one line each, whatever a file is named
    for warning in leagues.warnings:
        print("mjtui: " + _("warning: {warning}").format(warning=shown(warning)), file=sys.stderr)
    if args.league_format != "text":
        from mjtui.core.reports.league_export import LEAGUE_FORMATS

        sys.stdout.write(LEAGUE_FORMATS[args.league_format](leagues))
        return 0
    print(format_leagues(leagues, folder))
    return 0


COLUMNS = ["#", "Player", "Rating", "Games", "Avg rank", "1st", "Points"]


def league_rows(league: League) -> list[list[str]]:
    return [
        [
            str(i),
            p.name,
            f"{p.rating:.2f}",
            str(p.games),
            f"{p.average_rank:.2f}",
            str(p.firsts),
            _points(p.points),
        ]
        for i, p in enumerate(league.players, 1)
    ]


def _points(x: float) -> str:
    text = f"{x:+.1f}" if round(x, 1) else "0"
    return text[:-2] if text.endswith(".0") else text


def format_leagues(leagues: Leagues, folder: Path) -> str:
    """Each league headed with its system and table size, a blank line between them."""
    if not leagues.leagues:
        return _("no sessions with any hands in {folder}").format(folder=folder)
    blocks = [format_league(league) for league in leagues.leagues]
    n = len(blocks)
    if n > 1:
        blocks.insert(
            0,
            ngettext(
                "{n} league, one per scoring system and table size: their points and "
                "ranks do not add up (--system NAME or --ruleset ID counts fewer)",
                "{n} leagues, one per scoring system and table size: their points and "
                "ranks do not add up (--system NAME or --ruleset ID counts fewer)",
                n,
            ).format(n=n),
        )
    return "\n\n".join(blocks)


def format_league(league: League) -> str:
    from mjtui.cli.reports import aligned

    n = len(league.games)
    tables = sorted({g.table for g in league.games if g.table})
    head = ngettext("{kind}: league of {n} game", "{kind}: league of {n} games", n).format(
        kind=kind_said(league), n=n
    )
    if tables:
        head += " " + _("at {n} tables").format(n=len(tables)) + f" ({', '.join(tables)})"
    right = [True, False, True, True, True, True, True]
    return head + "\n" + aligned([COLUMNS, *league_rows(league)], right)
