"""The standings, a seating and a round's clock as text, JSON, CSV and Markdown.

The shapes are documented in docs/tournament.md; ``mjtui tournament`` prints
them. Numbers are rounded as the standings keep them (three decimals).
"""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

from mjtui.core.cells import cells
from mjtui.core.language import N_, _, ngettext, pgettext
from mjtui.core.systems.winds import wind_name
from mjtui.core.tournament.model import Tournament
from mjtui.core.tournament.seating import Seating
from mjtui.core.tournament.standings import GameLine, Line, Standings, shows_raw
from mjtui.core.tournament.teams import TeamLine, team_standings
from mjtui.core.tournament.timer import RoundClock, clock_text

WINDS = ("East", "South", "West", "North")
# The seating methods as a director reads them (a seating read from a CSV file is "csv").
METHOD_NAMES = {"random": N_("random"), "swiss": N_("swiss"), "interval": N_("interval")}


def method_name(method: str) -> str:
    """A seating method in the language spoken ("csv" as it is typed)."""
    return _(METHOD_NAMES[method]) if method in METHOD_NAMES else method


# --------------------------------------------------------------------------
# A seating
# --------------------------------------------------------------------------


def seating_plain(number: int, seating: Seating) -> dict[str, Any]:
    """``{"round", "tables" (East first), "repeats", "lower_bound", ...}``."""
    c = seating.cost
    return {
        "round": number,
        "tables": [list(t) for t in seating.tables],
        "repeats": c.repeats,
        "lower_bound": c.lower_bound,
        "consecutive_repeats": c.consecutive,
        "kept_apart_together": c.apart,
        "wind_spread": c.winds,
        "wind_spread_best": c.winds_best,
        "wind_off": c.winds_off,
    }


def seating_text(
    t: Tournament, number: int, method: str, seating: Seating, cost_first: bool = False
) -> str:
    """A round's tables East first and the seating's cost; ``cost_first`` puts the cost
    under the heading (a screen shows it before tables that may not fit)."""
    c = seating.cost
    rows = [[_("Table"), *(wind_name(i) for i in range(t.seats))]]
    rows += [[str(i), *names] for i, names in enumerate(seating.tables, 1)]
    head = _("{name}: round {n} of {rounds}, seated by {method}").format(
        name=t.name, n=number, rounds=t.rounds, method=method_name(method)
    )
    tables = aligned(rows, [True] + [False] * t.seats)
    lines = []
    again = _("{repeats} pairs meet again (lower bound {bound})").format(
        repeats=c.repeats, bound=c.lower_bound
    )
    if c.consecutive:
        again += _(", {n} of them from the round before").format(n=c.consecutive)
    lines.append(_("Cost: {said}.").format(said=again))
    winds = _(
        "Winds: every player's seat winds differ by at most {spread} over the "
        "rounds (at best {best})"
    ).format(spread=c.winds, best=c.winds_best)
    if c.winds_off:
        winds += _("; {n} players above that").format(n=c.winds_off)
    lines.append(_("{said}.").format(said=winds))
    if c.apart:
        lines.append(
            _("Kept apart but seated together: {n} pairs (no seating found without).").format(
                n=c.apart
            )
        )
    if cost_first:
        return "\n".join([head, *lines, "", tables])
    return "\n".join([head, tables, *lines])


# --------------------------------------------------------------------------
# The standings
# --------------------------------------------------------------------------


def _game_plain(g: GameLine) -> dict[str, Any]:
    out: dict[str, Any] = {
        "round": g.number,
        "table": g.table,
        "seat": g.seat + 1,
        "score": g.score,
        "rank": g.rank,
        "raw": g.raw,
        "finished": g.finished,
    }
    if g.fixed:
        out["fixed"] = True
    if g.sat:
        out["sat"] = list(g.sat)
    return out


def _line_plain(line: Line) -> dict[str, Any]:
    p = line.player
    return {
        "place": line.place or None,
        "name": p.name,
        "team": p.team,
        "country": p.country,
        "ema": p.ema,
        "total": line.total,
        "raw": line.raw,
        "penalty": line.penalty,
        "base_rank": line.base_rank,
        "in_cut": line.in_cut,
        "games": [_game_plain(g) for g in line.games],
        "penalties": [
            {"id": x.id, "amount": x.amount, "reason": x.reason, "round": x.round}
            for x in line.penalties
        ],
    }


def clock_plain(clock: RoundClock | None, now: datetime) -> dict[str, Any] | None:
    if clock is None:
        return None
    return {
        "round": clock.number,
        "started": clock.started.isoformat(),
        "minutes": clock.minutes,
        "tables": [
            {
                "table": c.table,
                "extra": c.extra,
                "ends": c.ends.isoformat(),
                "left_seconds": int(c.left(now).total_seconds()),
            }
            for c in clock.tables
        ],
    }


def standings_plain(s: Standings) -> dict[str, Any]:
    t = s.tournament
    return {
        "tournament": t.name,
        "ruleset": t.ruleset.id,
        "rounds": t.rounds,
        "after_round": s.upto,
        "cut": s.cut,
        "players": [_line_plain(line) for line in s.ranked],
        "substitutes": [_line_plain(line) for line in s.lines if not line.place],
        "tables": [
            {
                "round": x.number,
                "table": x.table,
                "status": x.status,
                "hands": x.hands,
                "next": x.next_hand,
                "players": list(x.players),
            }
            for x in s.tables
        ],
        "still_playing": s.still_playing(),
        "waiting": s.waiting(),
        "clock": clock_plain(s.clock, s.computed),
        "notes": s.notes,
    }


def _number(x: float) -> str:
    text = f"{x:+.1f}" if round(x, 1) else "0"
    return text[:-2] if text.endswith(".0") else text


def _cell(g: GameLine | None) -> str:
    if g is None:
        return ""
    mark = "s" if g.fixed else "" if g.finished else "*"
    return _number(g.score) + mark


def _by_round(line: Line, rounds: int) -> list[GameLine | None]:
    cells: list[GameLine | None] = [None] * rounds
    for g in line.games:
        cells[g.number - 1] = g
    return cells


def standings_text(s: Standings) -> str:
    t = s.tournament
    rounds = max(s.upto, 1)
    out = [
        _("{name} ({ruleset}): standings after round {n} of {rounds}").format(
            name=t.name, ruleset=t.ruleset.id, n=s.upto, rounds=t.rounds
        )
        if s.upto
        else _("{name} ({ruleset}): no round seated yet").format(name=t.name, ruleset=t.ruleset.id)
    ]
    ranking = t.ranking
    raw = shows_raw(t)
    head = ["#", _("Player"), _(ranking.total), *([_(ranking.raw)] if raw else [])]
    head += [
        *[_("R{n}").format(n=n) for n in range(1, rounds + 1)],
        _("Pen."),
        pgettext("base rank", "Base"),
    ]
    rows = [head]
    cut_at = None
    for line in s.ranked:
        shared = sum(1 for other in s.ranked if other.place == line.place) > 1
        rows.append(
            [
                ("=" if shared else "") + str(line.place),
                line.player.name,
                _number(line.total),
                *([f"{line.raw:+d}" if line.raw else "0"] if raw else []),
                *[_cell(g) for g in _by_round(line, rounds)],
                _number(-line.penalty) if line.penalty else "",
                f"{line.base_rank:.0f}" if line.base_rank is not None else "",
            ]
        )
        if line.in_cut:
            cut_at = len(rows)
    right = [True, False, True, *[True] * (rounds + raw), True, True]
    table = aligned(rows, right).split("\n")
    if cut_at is not None and cut_at < len(table):
        inside = [line for line in s.ranked if line.in_cut]
        if len(inside) > s.cut:  # a tie at the cut that the tiebreaks do not part
            last = inside[-1].place
            tied = sum(1 for line in s.ranked if line.place == last)
            said = _(
                "--- the cut: the first {n} go on; {tied} share place {place}, which the "
                "tiebreaks do not part ---"
            ).format(n=s.cut, tied=tied, place=last)
        else:
            said = _("--- the cut: the first {n} go on ---").format(n=s.cut)
        table.insert(cut_at, said)
    out += table
    out.append(_("(* game still being played, s a substitute's fixed result)"))
    others = [line for line in s.lines if not line.place]
    if others:
        out.append(
            _("Substitute seats (not ranked): {seats}").format(
                seats=_("; ").join(
                    f"{line.player.name} {_number(line.total)} ({_games(len(line.games))})"
                    for line in others
                )
            )
        )
    # Every seat's, a substitute seat's too: it is not ranked, but its penalty was given.
    given = [p for line in s.lines for p in line.penalties]
    if given:
        out.append(
            _("Penalties: {penalties}").format(
                penalties=_("; ").join(
                    _("#{id} {player}, round {n}, {off}: {reason}").format(
                        id=p.id,
                        player=p.player,
                        n=p.round,
                        off=t.penalty_off(p.amount, _),
                        reason=p.reason,
                    )
                    for p in sorted(given, key=lambda p: p.id)
                )
            )
        )
    cancelled = [p.id for p in t.penalties if p.cancelled]
    if cancelled:
        out.append(
            _("Cancelled penalties: {ids}").format(ids=_(", ").join(f"#{n}" for n in cancelled))
        )
    out += round_lines(s)
    return "\n".join(out)


def round_lines(s: Standings) -> list[str]:
    """The last round's clock and the tables still playing."""
    if not s.upto:
        return []
    lines = []
    if s.clock is not None:
        now = s.computed
        extra = [c for c in s.clock.tables if c.extra]
        left = clock_text(s.clock.ends - now)
        said = _("{left} left").format(left=left) if s.clock.ends > now else left
        text = _("Round {n}: {said}").format(n=s.upto, said=said)
        if extra:
            text += _("; ") + _(", ").join(
                _("table {n} +{extra} min: {left}").format(
                    n=c.table, extra=c.extra, left=clock_text(c.left(now))
                )
                for c in extra
            )
        lines.append(text)
    playing, waiting = s.still_playing(), s.waiting()
    state = [
        _("still playing: {tables}").format(tables=tables_said(playing))
        if playing
        else _("every table has finished")
        if not waiting
        else "",
        _("not started: {tables}").format(tables=tables_said(waiting)) if waiting else "",
    ]
    said = _("; ").join(x for x in state if x)
    lines.append(_("Round {n}: {said}").format(n=s.upto, said=_("{said}.").format(said=said)))
    return lines


def tables_said(numbers: list[int]) -> str:
    """ "table 3", "tables 1, 4": tables named in a sentence."""
    return ngettext("table {tables}", "tables {tables}", len(numbers)).format(
        tables=_(", ").join(map(str, numbers))
    )


def standings_csv(s: Standings) -> str:
    rounds = s.tournament.rounds
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "place",
            "player",
            "team",
            "country",
            "ema",
            "total",
            "penalty",
            "games",
            *[f"round_{n}" for n in range(1, rounds + 1)],
            "base_rank",
            "raw",
        ]
    )
    for line in s.lines:
        cells = [("" if g is None else g.score) for g in _by_round(line, rounds)]
        writer.writerow(
            [
                line.place or "",
                line.player.name,
                line.player.team,
                line.player.country,
                line.player.ema,
                line.total,
                line.penalty,
                len(line.games),
                *cells,
                "" if line.base_rank is None else line.base_rank,
                line.raw,
            ]
        )
    return out.getvalue()


def standings_md(s: Standings) -> str:
    t = s.tournament
    rounds = max(s.upto, 1)
    lines = [
        f"# {_md(t.name)}",
        "",
        _("Standings after round {n} of {rounds} ({ruleset}).").format(
            n=s.upto, rounds=t.rounds, ruleset=t.ruleset.id
        ),
        "",
        "| "
        + " | ".join(
            [
                "#",
                _("Player"),
                _md(_(t.ranking.total)),
                *(_("R{n}").format(n=n) for n in range(1, rounds + 1)),
                _("Penalty"),
            ]
        )
        + " |",
        "|---:|---|---:|" + "---:|" * rounds + "---:|",
    ]
    for line in s.lines:
        place = str(line.place) if line.place else "-"
        lines.append(
            f"| {place} | {_md(line.player.name)} | {_number(line.total)} | "
            + " | ".join(_cell(g) for g in _by_round(line, rounds))
            + f" | {_number(-line.penalty) if line.penalty else ''} |"
        )
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# The team standings
# --------------------------------------------------------------------------


def _shared(teams: list[TeamLine], team: TeamLine) -> str:
    return ("=" if sum(1 for x in teams if x.place == team.place) > 1 else "") + str(team.place)


def teams_plain(s: Standings) -> dict[str, Any]:
    t = s.tournament
    return {
        "tournament": t.name,
        "ruleset": t.ruleset.id,
        "rounds": t.rounds,
        "after_round": s.upto,
        "teams": [
            {
                "place": team.place,
                "team": team.team,
                "total": team.total,
                "raw": team.raw,
                "penalty": team.penalty,
                "players": [line.player.name for line in team.players],
            }
            for team in team_standings(s)
        ],
        "notes": s.notes,
    }


def teams_text(s: Standings) -> str:
    t = s.tournament
    teams = team_standings(s)
    head = _("{name} ({ruleset}): team standings after round {n} of {rounds}").format(
        name=t.name, ruleset=t.ruleset.id, n=s.upto, rounds=t.rounds
    )
    if not teams:
        return head + "\n" + _("No player has a team (the players' file's second column).")
    raw = shows_raw(t)
    total, points = _(t.ranking.total), _(t.ranking.raw)
    rows = [["#", _("Team"), total, *([points] if raw else []), _("Pen."), _("Players")]]
    for team in teams:
        rows.append(
            [
                _shared(teams, team),
                team.team,
                _number(team.total) + ("*" if team.playing else ""),
                *([f"{team.raw:+d}" if team.raw else "0"] if raw else []),
                _number(-team.penalty) if team.penalty else "",
                _(", ").join(f"{line.player.name} {_number(line.total)}" for line in team.players),
            ]
        )
    table = aligned(rows, [True, False, True, *([True] if raw else []), True, False])
    note = _("(* a game still being played; a team is its players' sum)")
    return "\n".join([head, table, note])


def teams_csv(s: Standings) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "team", "total", "raw", "penalty", "players"])
    for team in team_standings(s):
        writer.writerow(
            [
                team.place,
                team.team,
                team.total,
                team.raw,
                team.penalty,
                "; ".join(line.player.name for line in team.players),
            ]
        )
    return out.getvalue()


def teams_md(s: Standings) -> str:
    t = s.tournament
    lines = [
        "# " + _("{name}: teams").format(name=_md(t.name)),
        "",
        _("Team standings after round {n} of {rounds} ({ruleset}).").format(
            n=s.upto, rounds=t.rounds, ruleset=t.ruleset.id
        ),
        "",
        "| "
        + " | ".join(["#", _("Team"), _md(_(t.ranking.total)), _md(_(t.ranking.raw)), _("Players")])
        + " |",
        "|---:|---|---:|---:|---|",
    ]
    teams = team_standings(s)
    for team in teams:
        names = _(", ").join(_md(line.player.name) for line in team.players)
        lines.append(
            f"| {_shared(teams, team)} | {_md(team.team)} | {_number(team.total)} | "
            f"{team.raw} | {names} |"
        )
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def aligned(rows: list[list[str]], right: list[bool]) -> str:
    """Rows as columns padded to the widest cell (wide characters count two)."""
    widths = [max(cells(row[i]) for row in rows) for i in range(len(right))]
    out = []
    for row in rows:
        padded = []
        for cell, width, to_right in zip(row, widths, right, strict=False):
            pad = " " * (width - cells(cell))
            padded.append(pad + cell if to_right else cell + pad)
        out.append("  ".join(padded).rstrip())
    return "\n".join(out)


def _games(n: int) -> str:
    return ngettext("{n} game", "{n} games", n).format(n=n)
