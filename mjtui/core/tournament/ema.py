"""The results file for the European Mahjong Association's ranking, and its base rank.

The EMA takes a tournament's results as a table of Place, First name, Last
name, EMA number, Table points, Score, EMA member and Country: the columns
of the EMA report of MahjongTournamentSuite (ernestovega/MahjongTournamentSuite,
``EmaReport/EmaReportForm.cs``). Here, for a riichi tournament:

- **Table points**: the player's total in the standings (final scores with
  uma, less penalties), one decimal;
- **Score**: the points the player won or lost at the tables, before uma (the
  sum of each game's end minus the start points);
- for a system whose total is table points, the table points summed and the
  game scores summed (less the director's penalties, which come off the score);
- **EMA member**: ``YES`` for a player with an EMA number, else ``NO``;
- names: ``Last, First`` is split at the comma, otherwise the last word is
  the last name.

The substitute seats are not in it. The ranking gives each player a base rank
from his place: 1000 x (N - place) / (N - 1) among N ranked players
(:func:`base_rank`; the standings carry it).
"""

from __future__ import annotations

import csv
import io

from mjtui.core.tournament.standings import Standings, base_rank

__all__ = ["COLUMNS", "base_rank", "ema_csv", "ema_rows", "split_name"]

COLUMNS = (
    "Place",
    "First name",
    "Last name",
    "EMA number",
    "Table points",
    "Score",
    "EMA member",
    "Country",
)


def split_name(name: str) -> tuple[str, str]:
    """(first name, last name): "Lee, Ann" and "Ann Lee" give ("Ann", "Lee")."""
    if "," in name:
        last, _, first = name.partition(",")
        return first.strip(), last.strip()
    first, _, last = name.rpartition(" ")
    return (first, last) if first else ("", last)


def ema_rows(standings: Standings) -> list[list[str]]:
    rows = []
    for line in standings.ranked:
        first, last = split_name(line.player.name)
        rows.append(
            [
                str(line.place),
                first,
                last,
                line.player.ema,
                f"{line.total:.1f}",
                str(line.raw),
                "YES" if line.player.ema else "NO",
                line.player.country,
            ]
        )
    return rows


def ema_csv(standings: Standings) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(ema_rows(standings))
    return out.getvalue()
