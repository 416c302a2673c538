"""``tournament.toml``: read strictly, written whole and atomically; the CSV files a
director brings (the players, a round's seating).

Only the director's machine writes this file (the tables write their own
session files), so a sync tool never has two versions of it to choose from.
It carries the ruleset's full rules (``[rules]``, as a session file does), so
every laptop creates its table's game with the same rules whatever rulesets
it has installed. The format is in docs/tournament.md. Every read is bounded
(core/files/reading.py) and every problem names the file and the key.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import tomli_w

from mjtui.core.errors import RulesetError
from mjtui.core.files.reading import MAX_BYTES, MAX_SMALL_BYTES, loads, number_problem, read_text
from mjtui.core.files.reading import TomlLimitError as _TomlLimit
from mjtui.core.files.writing import replace_file
from mjtui.core.language import _
from mjtui.core.model.players import player_key
from mjtui.core.rulesets.ruleset import Ruleset, rules_from_table
from mjtui.core.tournament.model import (
    APART,
    FORMAT,
    MAX_MINUTES,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_ROUNDS,
    METHODS,
    TIEBREAKS,
    Penalty,
    Player,
    Round,
    Substitute,
    Tournament,
    TournamentError,
    checked_text,
    substitute_problem,
)

HEADER = "# An mjtui tournament. Format: mjtui-tournament/1 (see docs/tournament.md).\n"
WIND_KEYS = ("east", "south", "west", "north")
MAX_EMA = 12


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------


def to_document(t: Tournament) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": FORMAT,
        "name": t.name,
        "ruleset": t.ruleset.id,
        "rounds": t.rounds,
        "minutes": t.minutes,
        "seed": t.seed,
        "keep_apart": list(t.keep_apart),
        "tiebreak": list(t.tiebreak),
        "cut": t.cut,
        "created": t.created,
        "rules": t.ruleset.table(),
        "players": [_player(p) for p in t.players],
    }
    if t.seatings:
        doc["seating"] = [_round(r) for r in t.seatings]
    if t.penalties:
        doc["penalties"] = [_penalty(p) for p in t.penalties]
    if t.substitutes:
        doc["substitutes"] = [
            {"player": s.player, "by": s.by, "round": s.round} for s in t.substitutes
        ]
    return doc


def _player(p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {"name": p.name}
    for key in ("team", "country", "ema"):
        if getattr(p, key):
            out[key] = getattr(p, key)
    if p.substitute:
        out["substitute"] = True
    return out


def _round(r: Round) -> dict[str, Any]:
    out: dict[str, Any] = {"round": r.number, "method": r.method}
    if r.seed is not None:
        out["seed"] = r.seed
    if r.started is not None:
        out["started"] = r.started
    if any(r.extra):
        out["extra"] = list(r.extra)
    # One inline table a table, its seats by wind: one line each in the file.
    out["tables"] = [dict(zip(WIND_KEYS, table, strict=False)) for table in r.tables]
    return out


def _penalty(p: Penalty) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": p.id,
        "player": p.player,
        "amount": p.amount,
        "reason": p.reason,
        "round": p.round,
    }
    if p.given is not None:
        out["given"] = p.given
    if p.cancelled:
        out["cancelled"] = True
    return out


def save_tournament(t: Tournament, path: Path) -> None:
    """Write the whole file through the one writing path (core/files/writing.py): atomic,
    only over a regular file, never through a link; TournamentError says why not."""
    data = (HEADER + tomli_w.dumps(to_document(t))).encode("utf-8")
    replace_file(path, data, TournamentError, make_folder=True)


# --------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------


class _Reader:
    """Typed look-ups in a parsed table, each failure naming the file and the key."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, key: str, problem: str) -> TournamentError:
        return TournamentError(
            f"{self.where}: " + _("key '{key}': {problem}").format(key=key, problem=problem)
        )

    def get(
        self,
        table: dict[str, Any],
        key: str,
        path: str,
        kind: type | tuple[type, ...],
        what: str,
        default: Any = ...,
    ) -> Any:
        if key not in table:
            if default is ...:
                raise self.fail(path, _("missing; expected {what}").format(what=what))
            return default
        value = table[key]
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            raise self.fail(
                path, _("expected {what}, got {value}").format(what=what, value=f"{value!r:.60}")
            )
        return value

    def number(
        self, table: dict[str, Any], key: str, path: str, lo: int, hi: int, default: Any = ...
    ) -> Any:
        if key not in table and default is not ...:
            return default
        wanted = _("an integer from {least} to {most}").format(least=lo, most=hi)
        value = self.get(table, key, path, int, wanted)
        if not lo <= value <= hi:
            raise self.fail(
                path, _("expected {what}, got {value}").format(what=wanted, value=value)
            )
        return value

    def text(
        self, table: dict[str, Any], key: str, path: str, limit: int = MAX_NAME, default: Any = ...
    ) -> str:
        value = self.get(table, key, path, str, _("a string"), default)
        try:
            return checked_text(value, "it", limit)
        except TournamentError as e:
            raise self.fail(path, str(e)) from None

    def only(self, table: dict[str, Any], keys: set[str], path: str) -> None:
        unknown = sorted(set(table) - keys)
        if unknown:
            raise self.fail(
                f"{path}{unknown[0]}",
                _("unknown key (known here: {known})").format(known=", ".join(sorted(keys))),
            )

    def when(self, table: dict[str, Any], key: str, path: str) -> datetime | None:
        value = table.get(key)
        if value is None:
            return None
        if isinstance(value, str):
            try:
                value = datetime.fromisoformat(value)
            except ValueError:
                raise self.fail(path, _date_time(value)) from None
        if not isinstance(value, datetime):
            raise self.fail(path, _date_time(value))
        return value


def _true_or_false() -> str:
    return _("true or false")


def _date_time(value: object) -> str:
    return _("expected a date-time, got {value}").format(value=f"{value!r:.40}")


TOP_KEYS = {
    "format",
    "name",
    "ruleset",
    "rounds",
    "minutes",
    "seed",
    "keep_apart",
    "tiebreak",
    "cut",
    "created",
    "rules",
    "players",
    "seating",
    "penalties",
    "substitutes",
}


def load_tournament(path: Path) -> Tournament:
    """Read ``tournament.toml`` (TournamentError naming the file and key when it is not
    one)."""
    where = str(path)
    if path.is_symlink():
        raise TournamentError(
            _(
                "{path}: a symbolic link; the tournament's file is read only as a file of its "
                "folder"
            ).format(path=where)
        )
    text = read_text(path, TournamentError, MAX_BYTES)
    try:
        data = loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TournamentError(f"{where}: " + _("not valid TOML: {why}").format(why=e)) from None
    except _TomlLimit as e:
        raise TournamentError(f"{where}: {e}") from None
    problem = number_problem(data)
    if problem:
        raise TournamentError(f"{where}: {problem}")
    r = _Reader(where)
    if data.get("format") != FORMAT:
        if "format" not in data:
            said = _("missing; expected {what}").format(what=repr(FORMAT))
        else:
            said = _("expected {what}, got {value}").format(
                what=repr(FORMAT), value=f"{data.get('format')!r:.40}"
            )
        raise r.fail("format", said)
    r.only(data, TOP_KEYS, "")
    name = r.text(data, "name", "name")
    if not name:
        raise r.fail("name", _("the tournament needs a name"))
    rid = r.text(data, "ruleset", "ruleset", 100)
    rules_table = r.get(data, "rules", "rules", dict, "a table (the ruleset as played)")
    try:
        rules = rules_from_table(rules_table, where, "rules.")
    except RulesetError as e:
        raise TournamentError(str(e)) from None
    ruleset = Ruleset(id=rid, origin=f"{where} [rules]", rules=rules)
    rounds = r.number(data, "rounds", "rounds", 1, MAX_ROUNDS)
    created = r.when(data, "created", "created") or datetime.fromtimestamp(0).astimezone()
    players = _players(r, data, ruleset.players)
    t = Tournament(
        name=name,
        ruleset=ruleset,
        rounds=rounds,
        players=players,
        created=created,
        minutes=r.number(data, "minutes", "minutes", 0, MAX_MINUTES, 0),
        seed=r.number(data, "seed", "seed", -(10**9), 10**9, 0),
        keep_apart=_choices(r, data, "keep_apart", APART),
        tiebreak=_choices(r, data, "tiebreak", TIEBREAKS),
        cut=r.number(data, "cut", "cut", 0, MAX_PLAYERS, 0),
    )
    seatings = tuple(
        _read_round(r, t, table, f"seating[{i}]")
        for i, table in enumerate(_tables(r, data, "seating"))
    )
    numbers = [s.number for s in seatings]
    if len(set(numbers)) != len(numbers):
        raise r.fail(
            "seating", _("a round is seated twice: rounds {numbers}").format(numbers=numbers)
        )
    penalties = tuple(
        _read_penalty(r, t, table, f"penalties[{i}]")
        for i, table in enumerate(_tables(r, data, "penalties"))
    )
    if len({p.id for p in penalties}) != len(penalties):
        raise r.fail("penalties", _("two penalties have one id"))
    subs: tuple[Substitute, ...] = ()
    for i, table in enumerate(_tables(r, data, "substitutes")):
        subs = (*subs, _read_substitute(r, t, subs, table, f"substitutes[{i}]"))
    return replace(
        t,
        seatings=tuple(sorted(seatings, key=lambda s: s.number)),
        penalties=penalties,
        substitutes=subs,
    )


def _tables(r: _Reader, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = r.get(data, key, key, list, _("an array of tables"), [])
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise r.fail(
                f"{key}[{i}]", _("expected a table, got {value}").format(value=f"{item!r:.40}")
            )
    tables: list[dict[str, Any]] = value  # TOML tables: their keys are strings
    return tables


def _choices(
    r: _Reader, data: dict[str, Any], key: str, allowed: tuple[str, ...]
) -> tuple[str, ...]:
    wanted = _("an array of {allowed}").format(allowed=", ".join(allowed))
    value = r.get(data, key, key, list, wanted, [])
    for item in value:
        if item not in allowed:
            raise r.fail(
                key,
                _("expected {what}, got {value}").format(
                    what=_("an array of {allowed}").format(allowed=", ".join(map(repr, allowed))),
                    value=f"{item!r:.40}",
                ),
            )
    return tuple(dict.fromkeys(value))


def _players(r: _Reader, data: dict[str, Any], seats: int) -> tuple[Player, ...]:
    tables = _tables(r, data, "players")
    if not tables:
        raise r.fail("players", _("the tournament has no players"))
    if len(tables) > MAX_PLAYERS:
        raise r.fail("players", _("more than {most} players").format(most=MAX_PLAYERS))
    out: list[Player] = []
    seen: dict[str, int] = {}
    for i, table in enumerate(tables):
        path = f"players[{i}]"
        r.only(table, {"name", "team", "country", "ema", "substitute"}, f"{path}.")
        name = r.text(table, "name", f"{path}.name")
        if not name:
            raise r.fail(f"{path}.name", _("a player needs a name"))
        if player_key(name) in seen:
            raise r.fail(
                f"{path}.name",
                _("{name} is {key} already (names are compared without case)").format(
                    name=repr(name), key=f"players[{seen[player_key(name)]}]"
                ),
            )
        seen[player_key(name)] = i
        ema = r.text(table, "ema", f"{path}.ema", MAX_EMA, "")
        if ema and not ema.isdigit():
            raise r.fail(
                f"{path}.ema", _("an EMA number is digits, got {value}").format(value=repr(ema))
            )
        out.append(
            Player(
                name,
                r.text(table, "team", f"{path}.team", default=""),
                r.text(table, "country", f"{path}.country", default=""),
                ema,
                r.get(table, "substitute", f"{path}.substitute", bool, _true_or_false(), False),
            )
        )
    if len(out) % seats:
        raise r.fail(
            "players",
            _("{n} players do not fill tables of {seats}; add substitutes ({key})").format(
                n=len(out), seats=seats, key="`substitute = true`"
            ),
        )
    return tuple(out)


def _read_round(r: _Reader, t: Tournament, table: dict[str, Any], path: str) -> Round:
    r.only(table, {"round", "method", "seed", "started", "extra", "tables"}, f"{path}.")
    number = r.number(table, "round", f"{path}.round", 1, t.rounds)
    methods = _("one of {known}").format(known=", ".join(METHODS))
    method = r.get(table, "method", f"{path}.method", str, methods)
    if method not in METHODS:
        raise r.fail(
            f"{path}.method",
            _("expected {what}, got {value}").format(what=methods, value=f"{method!r:.30}"),
        )
    seed = r.number(table, "seed", f"{path}.seed", -(10**9), 10**9, None)
    started = r.when(table, "started", f"{path}.started")
    extra = r.get(table, "extra", f"{path}.extra", list, _("an array of minutes"), [])
    if len(extra) > t.tables or not all(
        isinstance(m, int) and not isinstance(m, bool) and 0 <= m <= MAX_MINUTES for m in extra
    ):
        raise r.fail(
            f"{path}.extra",
            _("expected at most {tables} numbers of minutes (0 to {most}), one a table").format(
                tables=t.tables, most=MAX_MINUTES
            ),
        )
    tables = r.get(table, "tables", f"{path}.tables", list, _("an array of tables' names"))
    read = tuple(_read_table(r, t, names, f"{path}.tables[{i}]") for i, names in enumerate(tables))
    check_tables(t, read, f"{r.where}: key '{path}.tables'")
    return Round(number, method, read, seed, started, tuple(extra))


def _read_table(r: _Reader, t: Tournament, names: Any, path: str) -> tuple[str, ...]:
    """A table as written, ``{ east = "Ann", south = ... }``, or as an array of its names,
    East first."""
    winds = WIND_KEYS[: t.seats]
    if isinstance(names, dict) and set(names) == set(winds):
        names = [names[w] for w in winds]
    if (
        not isinstance(names, list)
        or len(names) != t.seats
        or not all(isinstance(n, str) for n in names)
    ):
        written = "{ " + ", ".join(f"{w} = NAME" for w in winds) + " }"
        raise r.fail(
            path,
            _("expected {written} or {seats} names, East first, got {value}").format(
                written=written, seats=t.seats, value=f"{names!r:.60}"
            ),
        )
    out = []
    for n in names:
        who = t.player(n)
        if who is None:
            raise r.fail(path, _not_a_player(n))
        out.append(who.name)
    return tuple(out)


def check_tables(t: Tournament, tables: tuple[tuple[str, ...], ...], where: str) -> None:
    """Every player seated exactly once (TournamentError saying who is not)."""
    seen: dict[str, int] = {}
    for number, table in enumerate(tables, 1):
        for name in table:
            key = player_key(name)
            if key in seen:
                raise TournamentError(
                    _("{where}: {name} sits at table {table} and at table {other}").format(
                        where=where, name=name, table=seen[key], other=number
                    )
                )
            seen[key] = number
    missing = [p.name for p in t.players if p.key not in seen]
    if missing or len(tables) != t.tables:
        said = _("{where}: expected {tables} tables seating every player once").format(
            where=where, tables=t.tables
        )
        if missing:
            names = _(", ").join(missing[:3])
            if len(missing) > 3:
                names = _("{names} and {n} more").format(names=names, n=len(missing) - 3)
            said += _("; not seated: {names}").format(names=names)
        raise TournamentError(said)


def _read_penalty(r: _Reader, t: Tournament, table: dict[str, Any], path: str) -> Penalty:
    r.only(table, {"id", "player", "amount", "reason", "round", "given", "cancelled"}, f"{path}.")
    name = r.text(table, "player", f"{path}.player")
    who = t.player(name)
    if who is None:
        raise r.fail(f"{path}.player", _not_a_player(name))
    return Penalty(
        r.number(table, "id", f"{path}.id", 1, 10**6),
        who.name,
        r.number(table, "amount", f"{path}.amount", 1, 10**9),
        r.text(table, "reason", f"{path}.reason", 200),
        r.number(table, "round", f"{path}.round", 1, t.rounds),
        r.when(table, "given", f"{path}.given"),
        r.get(table, "cancelled", f"{path}.cancelled", bool, _true_or_false(), False),
    )


def _read_substitute(
    r: _Reader, t: Tournament, read: tuple[Substitute, ...], table: dict[str, Any], path: str
) -> Substitute:
    """One of the substitutes, checked as the director's change checks it against those
    ``read`` before it (model.substitute_problem): a file written by hand may not seat
    one person twice in a round, which the command refuses."""
    r.only(table, {"player", "by", "round"}, f"{path}.")
    name = r.text(table, "player", f"{path}.player")
    who = t.player(name)
    if who is None:
        raise r.fail(f"{path}.player", _not_a_player(name))
    by = r.text(table, "by", f"{path}.by")
    if not by:
        raise r.fail(f"{path}.by", _("the substitute needs a name"))
    number = r.number(table, "round", f"{path}.round", 1, t.rounds)
    # Two for one seat: the games would take the first and the other would be lost unsaid.
    if any(s.round == number and player_key(s.player) == who.key for s in read):
        raise r.fail(
            f"{path}.round",
            _("{player}'s seat in round {n} has a substitute already").format(
                player=who.name, n=number
            ),
        )
    problem = substitute_problem(t, read, who, by, number)
    if problem is not None:
        raise r.fail(f"{path}.by", problem)
    return Substitute(who.name, by, number)


# --------------------------------------------------------------------------
# The director's CSV files
# --------------------------------------------------------------------------


def _csv_rows(path: Path) -> list[tuple[int, list[str]]]:
    """The rows of a small CSV file with their line numbers, blank rows left out."""
    text = read_text(path, TournamentError, MAX_SMALL_BYTES)
    if text.startswith("\ufeff"):  # spreadsheets put a byte order mark first
        text = text[1:]
    try:
        sample = text[:4096]
        dialect: Any = (
            csv.Sniffer().sniff(sample, delimiters=",;\t") if sample.strip() else csv.excel
        )
    except csv.Error:
        dialect = csv.excel
    rows = []
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                rows.append((reader.line_num, row))
    except csv.Error as e:
        raise TournamentError(
            _line(path, reader.line_num, _("not CSV ({error})").format(error=e))
        ) from None
    return rows


def read_players_csv(path: Path) -> list[Player]:
    """The players of a CSV file: name, then optional team, country and EMA number (a
    first row ``name,...`` is a header)."""
    rows = _csv_rows(path)
    if rows and rows[0][1][0].strip().casefold() in ("name", "player", "players"):
        rows = rows[1:]
    if not rows:
        raise TournamentError(
            _("{path}: no players (one a line: name, team, country, EMA number)").format(path=path)
        )
    if len(rows) > MAX_PLAYERS:
        raise TournamentError(
            _("{path}: more than {most} players").format(path=path, most=MAX_PLAYERS)
        )
    out: list[Player] = []
    seen: dict[str, int] = {}
    for line, row in rows:
        if len(row) > 4:
            raise TournamentError(
                _line(
                    path,
                    line,
                    _(
                        "expected at most 4 columns (name, team, country, EMA number), got {n}"
                    ).format(n=len(row)),
                )
            )
        cells = [*row, "", "", ""][:4]
        try:
            name, team, country, ema = (
                checked_text(c, what)
                for c, what in zip(
                    cells,
                    (_("the name"), _("the team"), _("the country"), _("the EMA number")),
                    strict=True,
                )
            )
        except TournamentError as e:
            raise TournamentError(_line(path, line, str(e))) from None
        if not name:
            raise TournamentError(_line(path, line, _("the name is empty")))
        if ema and (not ema.isdigit() or len(ema) > MAX_EMA):
            raise TournamentError(
                _line(
                    path,
                    line,
                    _("an EMA number is up to {most} digits, got {value}").format(
                        most=MAX_EMA, value=repr(ema)
                    ),
                )
            )
        key = player_key(name)
        if key in seen:
            raise TournamentError(
                _line(
                    path,
                    line,
                    _("{name} is on line {n} already (names are compared without case)").format(
                        name=repr(name), n=seen[key]
                    ),
                )
            )
        seen[key] = line
        out.append(Player(name, team, country, ema))
    return out


def read_seating_csv(path: Path, t: Tournament) -> tuple[tuple[str, ...], ...]:
    """A round's seating from a CSV file: one row a table, its players East first."""
    tables = []
    for line, row in _csv_rows(path):
        names = [c.strip() for c in row if c.strip()]
        if len(names) != t.seats:
            raise TournamentError(
                _line(
                    path,
                    line,
                    _("expected {seats} names (a table, East first), got {n}").format(
                        seats=t.seats, n=len(names)
                    ),
                )
            )
        table = []
        for n in names:
            who = t.player(n)
            if who is None:
                raise TournamentError(_line(path, line, _not_a_player(n)))
            table.append(who.name)
        tables.append(tuple(table))
    check_tables(t, tuple(tables), str(path))
    return tuple(tables)


def _not_a_player(name: str) -> str:
    return _("{name} is not one of the players").format(name=f"{name!r:.40}")


def _line(path: Path, line: int, problem: str) -> str:
    return _("{path}: line {n}: {problem}").format(path=path, n=line, problem=problem)


_SLUG = re.compile(r"[^a-z0-9]+")


def folder_name(name: str) -> str:
    """A tournament's name as a folder name: "Spring Open 2026" -> "spring-open-2026"."""
    return _SLUG.sub("-", name.casefold()).strip("-")[:60].strip("-") or "tournament"
