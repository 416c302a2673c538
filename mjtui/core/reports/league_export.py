"""The league table written out: CSV for a spreadsheet, Markdown for a club page.

The columns are those of ``mjtui league`` (docs/league.md): place, player,
rating, games, average rank, first places, points; the CSV adds mu and sigma.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from mjtui.core.reports.export import _md
from mjtui.core.reports.league import League

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
]


def _num(x: float) -> str:
    text = f"{round(x, 3) + 0.0:.3f}".rstrip("0").rstrip(".")
    return text or "0"


def league_csv(league: League) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for place, p in enumerate(league.players, 1):
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
            ]
        )
    return out.getvalue()


def league_markdown(league: League) -> str:
    tables = sorted({g.table for g in league.games if g.table})
    first = min((g.started for g in league.games), default=None)
    last = max((g.started for g in league.games), default=None)
    lines = ["# League", ""]
    if first and last:
        lines.append(f"- Games: {len(league.games)}, {first:%Y-%m-%d} to {last:%Y-%m-%d}")
    else:
        lines.append("- Games: 0")
    if tables:
        lines.append(f"- Tables: {', '.join(_md(t) for t in tables)}")
    lines += [
        "- Rating: openskill Plackett-Luce, mu - 3 sigma (docs/league.md)",
        "",
        "| # | Player | Rating | Games | Avg rank | 1st | Points |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for place, p in enumerate(league.players, 1):
        lines.append(
            f"| {place} | {_md(p.name)} | {p.rating:.2f} | {p.games} | "
            f"{p.average_rank:.2f} | {p.firsts} | {_num(p.points)} |"
        )
    return "\n".join(lines) + "\n"


LEAGUE_FORMATS: dict[str, Callable[[League], str]] = {"csv": league_csv, "md": league_markdown}
