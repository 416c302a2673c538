"""The leagues written out: CSV for a spreadsheet, Markdown for a club page.

The columns are those of ``mjtui league`` (docs/league.md): place, player,
rating, games, average rank, first places, points; the CSV adds mu and sigma,
then the league's system and table size, as there is one league per system
and table size (core/reports/league.py ``apart``) and one CSV holds them all.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from mjtui.core.language import N_, _
from mjtui.core.reports.export import _md
from mjtui.core.reports.league import League, Leagues, kind_said

CSV_HEADER = [
    "place",
    "player",
    "rating",
    "games",
    "average_rank",
    "firsts",
    "points",
    "mu",
    "sigma",
    # Last, so that a sheet reading the columns before them by place reads them still.
    "system",
    "seats",
]


def _num(x: float) -> str:
    text = f"{round(x, 3) + 0.0:.3f}".rstrip("0").rstrip(".")
    return text or "0"


def league_csv(leagues: Leagues) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for league in leagues.leagues:
        for place, p in enumerate(league.players, 1):  # each league's places from 1
            writer.writerow(
                [
                    place,
                    p.name,
                    _num(p.rating),
                    p.games,
                    _num(p.average_rank),
                    p.firsts,
                    _num(p.points),
                    _num(p.mu),
                    _num(p.sigma),
                    league.system,
                    league.seats,
                ]
            )
    return out.getvalue()


_TITLES = (N_("Player"), N_("Rating"), N_("Games"), N_("Avg rank"), N_("1st"), N_("Points"))


def league_markdown(leagues: Leagues) -> str:
    """A section per league, the latest played first; a report of no game without any."""
    if not leagues.leagues:
        return _league_markdown(League([], [], []))
    return "\n".join(_league_markdown(league) for league in leagues.leagues)


def _league_markdown(league: League) -> str:
    tables = sorted({g.table for g in league.games if g.table})
    first = min((g.started for g in league.games), default=None)
    last = max((g.started for g in league.games), default=None)
    title = _("# League: {kind}").format(kind=kind_said(league)) if league.seats else _("# League")
    lines = [title, ""]
    if first and last:
        lines.append(
            _("- Games: {n}, {first} to {last}").format(
                n=len(league.games), first=f"{first:%Y-%m-%d}", last=f"{last:%Y-%m-%d}"
            )
        )
    else:
        lines.append(_("- Games: 0"))
    if tables:
        lines.append(_("- Tables: {tables}").format(tables=", ".join(_md(t) for t in tables)))
    titles = [_(t) for t in _TITLES]
    lines += [
        _("- Rating: openskill Plackett-Luce, mu - 3 sigma (docs/league.md)"),
        "",
        "| # | " + " | ".join(titles) + " |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for place, p in enumerate(league.players, 1):
        lines.append(
            f"| {place} | {_md(p.name)} | {p.rating:.2f} | {p.games} | "
            f"{p.average_rank:.2f} | {p.firsts} | {_num(p.points)} |"
        )
    return "\n".join(lines) + "\n"


LEAGUE_FORMATS: dict[str, Callable[[Leagues], str]] = {"csv": league_csv, "md": league_markdown}
