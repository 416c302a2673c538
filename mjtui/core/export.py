"""A session written out for other programs and people: CSV, JSON or a Markdown report.

The formats are documented in docs/export.md. Everything here is read from
the scoring system's fold through the same two doors the session file and
``mjtui replay --json`` use (``hand_to_record`` and ``replay_fields``), so an
export says exactly what the score sheet and the replay say.

:func:`hand_rows` and :func:`standings` are the plain numbers behind every
format; the statistics and the session library build on them too.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any, Callable

from mjtui.core.errors import MjtuiError
from mjtui.core.session import Session

FORMAT = "mjtui-export/1"


class ExportError(MjtuiError):
    """An export that cannot be made (an unknown format, an output that cannot be written)."""


@dataclass(frozen=True)
class HandRow:
    """One hand as the table saw it. Seats are 0-based, as in the core."""

    number: int  # 1-based, in file order
    winners: tuple[int, ...]  # the winning seats; none for a draw
    what: str  # what happened, in a few words (the system's description)
    east: int  # the seat that was East during this hand
    next_east: int  # the seat that is East for the following hand
    points: tuple[int, ...]  # what each seat scored, as entered (zeros where nothing is)
    change: tuple[int, ...]  # what the hand did to each seat's total
    totals: tuple[int, ...]  # each seat's total after the hand

    @property
    def winner(self) -> int | None:
        """The first winning seat (the only one but for a multiple ron); None for a draw."""
        return self.winners[0] if self.winners else None


@dataclass(frozen=True)
class Standing:
    """A player's place at the end: rank 1 is the highest total; equal totals share a rank."""

    rank: int
    seat: int
    player: str
    total: int
    net: int  # total minus the start points


def hand_rows(session: Session, states: list[Any] | None = None) -> list[HandRow]:
    """The hands with their settlement; pass ``states`` when already folded."""
    system = session.ruleset.system
    states = session.states() if states is None else states
    fields = [system.replay_fields(state) for state in states]
    n = len(session.players)
    rows = []
    for i, hand in enumerate(session.hands):
        before, after = fields[i], fields[i + 1]
        totals = tuple(after["totals"])
        rows.append(HandRow(
            number=i + 1,
            winners=system.winners(hand),
            what=system.describe_hand(hand, session.names_at(i)),
            east=before["east"] - 1,
            next_east=after["east"] - 1,
            points=tuple(system.hand_scores(hand) or (0,) * n),
            change=tuple(a - b for a, b in zip(totals, before["totals"])),
            totals=totals,
        ))
    return rows


def standings(session: Session, states: list[Any] | None = None) -> list[Standing]:
    """The players from the highest total down (seat order among equals)."""
    system = session.ruleset.system
    states = session.states() if states is None else states
    start = system.replay_fields(states[0])["totals"]
    final = system.replay_fields(states[-1])["totals"]
    order = sorted(range(len(final)), key=lambda seat: (-final[seat], seat))
    table = []
    for place, seat in enumerate(order, 1):
        tied = table and table[-1].total == final[seat]
        rank = table[-1].rank if tied else place
        table.append(Standing(rank, seat, session.current_players[seat], final[seat],
                              final[seat] - start[seat]))
    return table


# --------------------------------------------------------------------------
# CSV: one row per hand
# --------------------------------------------------------------------------


def csv_header(players: tuple[str, ...]) -> list[str]:
    head = ["hand", "winner_seat", "winner", "east_seat", "east"]
    for name in players:
        head += [f"{name} points", f"{name} change", f"{name} total"]
    return head + ["what"]


def to_csv(session: Session, states: list[Any] | None = None) -> str:
    players = session.players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(csv_header(players))
    for row in hand_rows(session, states):
        cells: list[Any] = [
            row.number,
            0 if row.winner is None else row.winner + 1,
            "draw" if row.winner is None else " & ".join(players[w] for w in row.winners),
            row.east + 1,
            players[row.east],
        ]
        for seat in range(len(players)):
            cells += [row.points[seat], row.change[seat], row.totals[seat]]
        writer.writerow(cells + [row.what])
    return out.getvalue()


# --------------------------------------------------------------------------
# JSON: the whole session, settled
# --------------------------------------------------------------------------


def export_document(session: Session, states: list[Any] | None = None) -> dict[str, Any]:
    """Everything in the JSON export, as plain data (seats 1-based)."""
    states = session.states() if states is None else states
    ruleset = session.ruleset
    return {
        "format": FORMAT,
        "started": session.started.isoformat(),
        "ruleset": {"id": ruleset.id, "name": ruleset.name, "rules": ruleset.table()},
        "players": list(session.players),
        "start_totals": list(ruleset.system.replay_fields(states[0])["totals"]),
        "hands": [
            {
                "hand": row.number,
                "winner": None if row.winner is None else row.winner + 1,
                "winners": [w + 1 for w in row.winners],
                "what": row.what,
                "east": row.east + 1,
                "next_east": row.next_east + 1,
                "points": list(row.points),
                "change": list(row.change),
                "totals": list(row.totals),
            }
            for row in hand_rows(session, states)
        ],
        "standings": [
            {"rank": s.rank, "seat": s.seat + 1, "player": s.player, "total": s.total,
             "net": s.net}
            for s in standings(session, states)
        ],
    }


def to_json(session: Session, states: list[Any] | None = None) -> str:
    return json.dumps(export_document(session, states), ensure_ascii=False, indent=2) + "\n"


# --------------------------------------------------------------------------
# Markdown: a short report
# --------------------------------------------------------------------------


def _md(text: str) -> str:
    """A name made safe for a Markdown table cell (a `|` would split the cell)."""
    for ch in "\\`*_[]<>|":
        text = text.replace(ch, "\\" + ch)
    return text


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def to_markdown(session: Session, states: list[Any] | None = None, source: str = "") -> str:
    states = session.states() if states is None else states
    players = session.players
    rows = hand_rows(session, states)
    draws = sum(1 for r in rows if r.winner is None)
    lines = [
        f"# Mahjong series of {session.started:%Y-%m-%d %H:%M}",
        "",
        f"- Date: {session.started:%Y-%m-%d %H:%M}",
        f"- Ruleset: {_md(session.ruleset.name)} ({_md(session.ruleset.id)})",
        f"- Players: {', '.join(_md(p) for p in players)} (seat order; seat 1 East first)",
        f"- Hands: {len(rows)}" + (f" ({draws} drawn)" if draws else ""),
    ]
    if source:
        lines.append(f"- File: {_md(source)}")
    lines += [
        "",
        "## Final standings",
        "",
        "| Rank | Player | Total | Net |",
        "|---:|---|---:|---:|",
    ]
    for s in standings(session, states):
        lines.append(f"| {s.rank} | {_md(s.player)} | {s.total} | {_signed(s.net)} |")
    lines += ["", "## Hands", ""]
    if not rows:
        lines.append("No hands were played.")
        return "\n".join(lines) + "\n"
    lines += [
        "Each player's cell: points scored / change / total after the hand.",
        "",
        "| # | Winner | East | " + " | ".join(_md(p) for p in players) + " |",
        "|---:|---|---|" + "---:|" * len(players),
    ]
    for r in rows:
        winner = " & ".join(_md(players[w]) for w in r.winners) or "draw"
        cells = [f"{p} / {_signed(c)} / {t}" for p, c, t in zip(r.points, r.change, r.totals)]
        lines.append(f"| {r.number} | {winner} | {_md(players[r.east])} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


FORMATS: dict[str, Callable[..., str]] = {"csv": to_csv, "json": to_json, "md": to_markdown}


def export_session(session: Session, fmt: str, source: str = "") -> str:
    """The session in format ``fmt`` (one of :data:`FORMATS`), folded once."""
    if fmt not in FORMATS:
        known = ", ".join(FORMATS)
        raise ExportError(f"unknown export format {fmt!r} (known: {known})")
    states = session.states()
    if fmt == "md":
        return to_markdown(session, states, source=source)
    return FORMATS[fmt](session, states)
