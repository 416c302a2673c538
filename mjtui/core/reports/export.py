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
import dataclasses
import inspect
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mjtui.core.errors import MjtuiError
from mjtui.core.language import N_, _, pgettext
from mjtui.core.model.seats import to_tables
from mjtui.core.model.session import Session
from mjtui.core.model.standings import standings
from mjtui.core.systems.base import AnySystem, TableState
from mjtui.core.systems.capabilities import Cell, HandColumns
from mjtui.core.text import json_text

FORMAT = "mjtui-export/2"


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


def hand_rows(session: Session, states: list[TableState] | None = None) -> list[HandRow]:
    """The hands with their settlement; pass ``states`` when already folded."""
    system = session.ruleset.system
    states = session.states() if states is None else states
    fields = [system.replay_fields(state) for state in states]
    n = len(session.players)
    rows = []
    for i, hand in enumerate(session.hands):
        before, after = fields[i], fields[i + 1]
        totals = tuple(after["totals"])
        rows.append(
            HandRow(
                number=i + 1,
                winners=system.winners(hand),
                what=system.describe_hand(hand, session.names_at(i)),
                east=before["east"] - 1,
                next_east=after["east"] - 1,
                points=tuple(system.hand_scores(hand) or (0,) * n),
                change=tuple(a - b for a, b in zip(totals, before["totals"], strict=False)),
                totals=totals,
            )
        )
    return rows


# --------------------------------------------------------------------------
# The system's own columns, and the standings as the ruleset scores them
# --------------------------------------------------------------------------


def hand_columns(system: AnySystem) -> HandColumns[Any, Any, Any]:
    """The columns ``system`` declares (``export_columns``), or the winners alone."""
    own = system.export_columns()
    if own is not None:
        return own

    def winners(rules: object, before: object, hand: object) -> dict[str, Cell]:
        return {"winners": [w + 1 for w in system.winners(hand)]}

    return HandColumns(
        fields=("winners",),
        cells=winners,
        seats=frozenset({"winners"}),
        docs=(("winners", "the winning seats (none when nobody won)"),),
    )


def hand_records(session: Session, states: list[TableState] | None = None) -> list[dict[str, Any]]:
    """Each hand as the exports give it: ``hand``, the system's fields, ``change``,
    ``totals`` and ``what`` (seats 1-based)."""
    states = session.states() if states is None else states
    rules = session.ruleset.rules
    columns = hand_columns(session.ruleset.system)
    return [
        {
            "hand": row.number,
            **columns.cells(rules, states[i], session.hands[i]),
            "change": list(row.change),
            "totals": list(row.totals),
            "what": row.what,
        }
        for i, row in enumerate(hand_rows(session, states))
    ]


def final_standings(
    session: Session, states: list[TableState] | None = None
) -> list[dict[str, Any]]:
    """The final standings as the ruleset scores them, best first (seats 1-based).

    Every system gives ``rank``, ``seat``, ``player``, ``total`` (points at the
    end) and ``net`` (total minus the start points); a system with standings of
    its own (riichi: uma, oka, chombo penalties, its rule for ties) adds their
    other parts, ``score`` last, and its ranks and order replace the totals'.
    """
    states = session.states() if states is None else states
    system, rules = session.ruleset.system, session.ruleset.rules
    start = system.replay_fields(states[0])["totals"]
    own = system.standings(rules, states[-1]) if session.hands else None
    if not own:
        return [
            {"rank": s.rank, "seat": s.seat + 1, "player": s.player, "total": s.total, "net": s.net}
            for s in standings(session, states)
        ]
    table = []
    for entry in own:
        parts = dataclasses.asdict(entry)
        rank, seat = parts.pop("rank"), parts.pop("seat")
        total = parts.pop("points", parts.pop("total", None))
        if total is None:
            total = system.replay_fields(states[-1])["totals"][seat]
        table.append(
            {
                "rank": rank,
                "seat": seat + 1,
                "player": session.current_players[seat],
                "total": total,
                "net": total - start[seat],
                **{k: _number(v) for k, v in parts.items()},
            }
        )
    return table


def _number(value: object) -> object:
    """A score part as it reads: 45.3, not 45.300000000000004; whole numbers as such."""
    if isinstance(value, float):
        value = round(value, 3)
        return int(value) if value.is_integer() else value
    return value


def _cell(value: object, players: tuple[str, ...], seat: bool) -> str:
    """One value as text: seats as names, lists joined (" & " between winners)."""
    if value is None:
        return ""
    if isinstance(value, list):
        inner = [_cell(v, players, seat) for v in value]
        joiner = ", " if value and all(isinstance(v, str) for v in value) else " & "
        return joiner.join(inner)
    if seat and isinstance(value, int):
        return players[value - 1]
    return str(value)


# --------------------------------------------------------------------------
# CSV: one row per hand
# --------------------------------------------------------------------------


def seat_labels(session: Session) -> tuple[str, ...]:
    """Each seat's column title: its player, or each person who sat there, "Chen/Eve"."""
    return session.seat_labels


def seat_change_lines(session: Session) -> list[str]:
    """ "from hand 9: Ann, Bob, Eve, Dora" for each change of the seating."""
    return [f"from hand {c.start}: {', '.join(c.players)}" for c in session.seat_changes]


def csv_header(players: tuple[str, ...], columns: HandColumns[Any, Any, Any]) -> list[str]:
    head = ["hand"]
    for name in columns.fields:
        head += [f"{p} {name}" for p in players] if name in columns.per_seat else [name]
    for p in players:
        head += [f"{p} change", f"{p} total"]
    return [*head, "what"]


def to_csv(session: Session, states: list[TableState] | None = None) -> str:
    players = seat_labels(session)
    columns = hand_columns(session.ruleset.system)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(csv_header(players, columns))
    for record in hand_records(session, states):
        players = session.names_at(record["hand"] - 1)  # a seat named as it was then
        cells: list[object] = [record["hand"]]
        for name in columns.fields:
            seat = name in columns.seats
            if name in columns.per_seat:
                cells += [_cell(v, players, seat) for v in record[name]]
            else:
                cells.append(_cell(record[name], players, seat))
        for change, total in zip(record["change"], record["totals"], strict=False):
            cells += [change, total]
        writer.writerow([*cells, record["what"]])
    return out.getvalue()


# --------------------------------------------------------------------------
# JSON: the whole session, settled
# --------------------------------------------------------------------------


def export_document(session: Session, states: list[TableState] | None = None) -> dict[str, Any]:
    """Everything in the JSON export, as plain data (seats 1-based)."""
    states = session.states() if states is None else states
    ruleset = session.ruleset
    return {
        "format": FORMAT,
        "started": session.started.isoformat(),
        "table": session_table(session),
        "ruleset": {
            "id": ruleset.id,
            "name": ruleset.name,
            "system": ruleset.rules.system,
            "rules": ruleset.table(),
        },
        "players": list(session.players),
        "seat_changes": to_tables(session.seat_changes),
        "start_totals": list(ruleset.system.replay_fields(states[0])["totals"]),
        "hands": hand_records(session, states),
        "standings": final_standings(session, states),
    }


def session_table(session: Session) -> str:
    """The table the session was played at ("" where the file does not say)."""
    return session.table


def to_json(session: Session, states: list[TableState] | None = None) -> str:
    return json_text(export_document(session, states)) + "\n"  # no raw C1 control


# --------------------------------------------------------------------------
# Markdown: a short report
# --------------------------------------------------------------------------


def _md(text: str) -> str:
    """A name made safe for a Markdown table cell (a `|` would split the cell)."""
    for ch in "\\`*_[]<>|":
        text = text.replace(ch, "\\" + ch)
    return text


def _signed(n: int | float) -> str:
    return f"{n:+}" if n else "0"


STANDING_TITLES = {
    "rank": N_("Rank"),
    "player": N_("Player"),
    "total": N_("Total"),
    "net": N_("Net"),
}
"""The standings' column titles in a report (the JSON and CSV keys stay the keys); a
system's own columns are titled by their key, capitalized, or the catalog's word for it."""


def standings_markdown(table: list[dict[str, Any]]) -> list[str]:
    """The standings as a Markdown table: rank, player, total, net, then the system's parts."""
    if not table:
        return []
    keys = [k for k in table[0] if k != "seat"]
    signed = {k for k in keys if k not in ("rank", "player", "total")}
    lines = [
        "| " + " | ".join(_(STANDING_TITLES.get(k, k.capitalize())) for k in keys) + " |",
        "|" + "|".join("---" if k == "player" else "---:" for k in keys) + "|",
    ]
    for row in table:
        cells = [
            _md(str(row[k])) if k == "player" else _signed(row[k]) if k in signed else str(row[k])
            for k in keys
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _drawn(records: list[dict[str, Any]]) -> int:
    """Hands nobody won that the system calls a draw (a false win is no draw)."""
    if records and "outcome" in records[0]:
        return sum(1 for r in records if "draw" in str(r["outcome"]).split())
    return sum(1 for r in records if not r.get("winners"))


def to_markdown(session: Session, states: list[TableState] | None = None, source: str = "") -> str:
    states = session.states() if states is None else states
    players = seat_labels(session)
    columns = hand_columns(session.ruleset.system)
    records = hand_records(session, states)
    draws = _drawn(records)
    table = session_table(session)
    when = f"{session.started:%Y-%m-%d %H:%M}"
    hands = (
        _("- Hands: {n} ({drawn} drawn)").format(n=len(records), drawn=draws)
        if draws
        else _("- Hands: {n}").format(n=len(records))
    )
    lines = [
        _("# Mahjong series of {when}").format(when=when),
        "",
        _("- Date: {when}").format(when=when),
        _("- Ruleset: {name} ({id})").format(
            name=_md(session.ruleset.rules.name_said()), id=_md(session.ruleset.id)
        ),
        _("- Players: {players} (seat order; seat 1 East first)").format(
            players=", ".join(_md(p) for p in session.players)
        ),
        *(
            _("- Seats changed {line}").format(line=_md(line))
            for line in seat_change_lines(session)
        ),
        hands,
    ]
    if table:
        lines.append(_("- Table: {table}").format(table=_md(table)))
    if source:
        lines.append(_("- File: {file}").format(file=_md(source)))
    lines.append(_("- End: {end}").format(end=_md(_ending(session, states))))
    lines += ["", _("## Final standings"), ""]
    own = session.hands and session.ruleset.system.standings(session.ruleset.rules, states[-1])
    if own and not getattr(states[-1], "finished", True):
        lines += [
            _(
                "Provisional: the series is not over; the standings are as if it ended "
                "after the last hand."
            ),
            "",
        ]
    lines += [*standings_markdown(final_standings(session, states)), "", _("## Hands"), ""]
    if not records:
        lines.append(_("No hands were played."))
        return "\n".join(lines) + "\n"
    per_seat = [f for f in columns.fields if f in columns.per_seat]
    parts = " / ".join([*per_seat, _("change"), _("total after the hand")])
    lines += [_("Each player's cell: {parts}.").format(parts=parts), ""]
    befores = states[: len(records)]
    # A system whose rounds are its hands ("Hand 3") says nothing the # does not.
    rounds = [b.round_label for b in befores] != [f"Hand {r['hand']}" for r in records]
    labels = [session.ruleset.system.round_said(before) for before in befores]
    lines += [
        "| # | "
        + (pgettext("round of winds", "Round") + " | ") * rounds
        + _("Hand")
        + " | "
        + " | ".join(_md(p) for p in players)
        + " |",
        "|---:|" + "---|" * rounds + "---|" + "---:|" * len(players),
    ]
    for label, r in zip(labels, records, strict=False):
        cells = [
            " / ".join(
                [
                    *(str(r[f][seat]) for f in per_seat),
                    _signed(r["change"][seat]),
                    str(r["totals"][seat]),
                ]
            )
            for seat in range(len(players))
        ]
        round_cell = f"{_md(label)} | " if rounds else ""
        lines.append(f"| {r['hand']} | {round_cell}{_md(r['what'])} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _ending(session: Session, states: list[TableState]) -> str:
    """Why the series ended, in the system's words, or that it stopped before its end."""
    last = states[-1]
    if last.finished:
        return session.ruleset.system.describe_state(last, session.current_players)
    played = len(session.hands)
    if not played:
        return _("no hand was played")
    return _("the series was stopped after hand {n} ({next} would be next)").format(
        n=played, next=session.ruleset.system.round_said(last)
    )


# --------------------------------------------------------------------------
# Results only, for tournament tools
# --------------------------------------------------------------------------


def to_results(session: Session, states: list[TableState] | None = None) -> str:
    """The final standings as CSV, one line per player, best first: what a tournament
    tool needs of a table's game (docs/export.md, *Results for tournament tools*)."""
    states = session.states() if states is None else states
    table = final_standings(session, states)
    keys = [k for k in table[0] if k not in ("rank", "player", "seat")] if table else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "player", "seat", *keys, "table", "started", "ruleset"])
    for row in table:
        writer.writerow(
            [
                row["rank"],
                row["player"],
                row["seat"],
                *(row[k] for k in keys),
                session.table,
                session.started.isoformat(),
                session.ruleset.id,
            ]
        )
    return out.getvalue()


FORMATS: dict[str, Callable[..., str]] = {
    "csv": to_csv,
    "json": to_json,
    "md": to_markdown,
    "results": to_results,
}
"""The formats of every session; a system may add its own (``export_formats``)."""


def formats_of(session: Session) -> dict[str, Callable[..., str]]:
    """The formats ``session`` can be written in: every session's, then its system's."""
    return {**FORMATS, **session.ruleset.system.export_formats()}


def export_session(
    session: Session, fmt: str, source: str = "", skipped: list[str] | None = None
) -> str:
    """The session in format ``fmt`` (one of :func:`formats_of`), folded once.

    With ``skipped`` (a list), a format that cannot write some hands (a system's,
    whose function takes ``skipped``) leaves them out and says which in that list,
    rather than refusing the whole session."""
    formats = formats_of(session)
    if fmt not in formats:
        known = ", ".join(formats)
        raise ExportError(
            _("this session cannot be written as {format} (its formats: {known})").format(
                format=repr(fmt), known=known
            )
        )
    states = session.states()
    if fmt == "md":
        return to_markdown(session, states, source=source)
    write = formats[fmt]
    if skipped is not None and "skipped" in inspect.signature(write).parameters:
        return write(session, states, skipped=skipped)
    return write(session, states)
