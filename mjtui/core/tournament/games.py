"""The tables' games: each seated round's table is an ordinary session file in the folder.

Table T of round R plays ``round-RR_table-TT.toml`` (core/tournament/model.py
``game_file``), written only by that table's scorer (its lock, core/sessions/lock.py,
keeps a second window on the same machine out). :func:`table_session` is the
session a table starts with: the seated players East first (a substitute the
director named in a player's place), the tournament's rules, the round's
clock.

:class:`GameReader` reads the files for the standings while the tables write
them, as the ledger's readers do (core/sessions/ledger.py), but for a live table
rather than a league: a file read whole and unchanged counts as it is; one
that changed while it was read (a hand arriving) counts as it was at the
reader's last whole read, said in a note, and is read again next time; a
damaged file (a hand that cannot be read, a hand cut short as it was saved)
counts its readable hands, said in a note. Only files changed since the last
read are read again, so the standings after each hand read one file.

A table whose file holds no hand has not started (:func:`begun`): opening a table's
game saves it at once, before anything is scored.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from mjtui.core.errors import MjtuiError, RulesetError
from mjtui.core.language import _
from mjtui.core.model.players import first_repeat, same_player
from mjtui.core.model.session import Session
from mjtui.core.reports.export import final_standings
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.sessions.ledger import (
    SETTLE_SECONDS,
    Stamp,
    conflict_note,
    ends_whole,
    session_names,
)
from mjtui.core.sessions.ledger import stamp as file_stamp
from mjtui.core.sessions.session_file import load_session
from mjtui.core.tournament.model import (
    Tournament,
    TournamentError,
    game_file,
    table_name,
)

READ_TRIES = 3  # reads of a file that keeps changing before its last whole read stands


def table_session(t: Tournament, number: int, table: int, now: datetime) -> Session:
    """The session table ``table`` of round ``number`` starts: the seated players East
    first (the director's substitutes in their places), the tournament's rules, the
    round's minutes and the table's extra time from the round's start (or from now)."""
    seated = t.need_round(number)
    if not 1 <= table <= len(seated.tables):
        raise TournamentError(
            _("round {n} of {name} has tables 1 to {tables}, not {table}").format(
                n=number, name=t.name, tables=len(seated.tables), table=table
            )
        )
    names = tuple(t.substitute_in(n, number) or n for n in seated.tables[table - 1])
    repeat = first_repeat(names)
    if repeat is not None:
        raise TournamentError(
            _(
                "round {n}, table {table}: {player} would sit in two seats; change the substitutes"
            ).format(n=number, table=table, player=names[repeat[1]])
        )
    started = seated.started if seated.started is not None and seated.started <= now else now
    minutes = t.minutes + seated.extra_for(table) if t.minutes else 0
    return Session(t.ruleset, names, started, table=table_name(table), time_limit=minutes)


@dataclass(frozen=True)
class SeatResult:
    """One seat's result in a game, as the ruleset scores it."""

    seat: int  # 0-based
    player: str  # the registered player seated there
    sat: tuple[str, ...]  # who sat in the seat during the game, in turn (the file's names)
    rank: int
    score: float  # the final score (riichi: uma, oka and chombo in), else the net
    raw: int  # points at the end minus the start points


@dataclass(frozen=True)
class Game:
    number: int  # the round
    table: int
    path: Path
    status: str  # "waiting" (no file, or no hand yet), "playing", "finished", "unreadable"
    hands: int = 0
    next_hand: str = ""  # where the next hand is played ("S3"), or why the game ended
    results: tuple[SeatResult, ...] = ()
    saved: float = 0.0  # when the file was last written (seconds since the epoch)
    notes: tuple[str, ...] = ()


Context = tuple[tuple[str, ...], tuple[tuple[str, str], ...]]
"""What a game's reading depends on besides its file: the seated players of its table
and the director's substitutes of its round."""


@dataclass
class GameReader:
    """Reads a tournament's games from its folder, rereading only changed files.

    What it has read can be kept between runs (:meth:`to_plain`, :meth:`take_plain`;
    the command line keeps it in the cache folder), so a standings after one hand
    reads one file even in a new process.
    """

    folder: Path
    _seen: dict[Path, tuple[Stamp, Context, Game]] = field(default_factory=dict)
    reads: int = 0  # files read (for the benchmark)

    def read(self, t: Tournament, upto: int | None = None) -> tuple[list[Game], list[str]]:
        """Every seated table's game of the rounds up to ``upto`` (all), and the notes
        about the folder (sync conflict copies of the games)."""
        games = []
        for seated in t.seatings:
            if upto is not None and seated.number > upto:
                continue
            for table in range(1, len(seated.tables) + 1):
                games.append(self._game(t, seated.number, table))
        _names, conflicts = session_names(self.folder)
        notes = [conflict_note(p) for p in conflicts if _conflict_of_game(p.name)]
        return games, notes

    def _game(self, t: Tournament, number: int, table: int) -> Game:
        path = self.folder / game_file(number, table)
        if path.is_symlink():  # a file of the folder's own, never one it points to
            return Game(
                number,
                table,
                path,
                "unreadable",
                notes=(
                    _("{path}: a symbolic link, not read (a game is a file of the folder)").format(
                        path=path
                    ),
                ),
            )
        before = file_stamp(path)
        if before is None:
            self._seen.pop(path, None)
            return Game(number, table, path, "waiting")
        context = _context(t, number, table)
        seen = self._seen.get(path)
        kept = seen[2] if seen is not None and seen[1] == context else None
        if seen is not None and kept is not None and seen[0] == before:
            return kept
        for _try in range(READ_TRIES):
            game, settled = self._read(t, number, table, path, before)
            after = file_stamp(path)
            if settled and after == before:
                self._seen[path] = (before, context, game)
                return game
            if after is None:
                return Game(number, table, path, "waiting")
            before = after
        why = _("changing while it is read (a hand arriving?); read again next time")
        if kept is not None:
            old = kept
            return Game(
                old.number,
                old.table,
                old.path,
                old.status,
                old.hands,
                old.next_hand,
                old.results,
                old.saved,
                (
                    *old.notes,
                    _("{path}: {why}; counted as it was after hand {n}").format(
                        path=path, why=why, n=old.hands
                    ),
                ),
            )
        return Game(number, table, path, "unreadable", notes=(f"{path}: {why}",))

    def _read(
        self, t: Tournament, number: int, table: int, path: Path, stamp: Stamp
    ) -> tuple[Game, bool]:
        """The game in the file; whether the read can stand (the file was whole)."""
        self.reads += 1
        whole = ends_whole(path)
        try:
            loaded = load_session(path, games_rules(t))
        except MjtuiError as e:
            return Game(
                number, table, path, "unreadable", saved=stamp[1] / 1e9, notes=(str(e),)
            ), True
        if not whole and time.time() - stamp[1] / 1e9 < SETTLE_SECONDS:
            return Game(
                number,
                table,
                path,
                "unreadable",
                notes=(
                    _("{path}: cut short (still arriving?); read again next time").format(
                        path=path
                    ),
                ),
            ), False
        notes = list(loaded.problems[:1])
        if len(loaded.problems) > 1:
            notes[0] += _(" (and {n} more)").format(n=len(loaded.problems) - 1)
        notes += _seating_notes(t, number, table, loaded.session)
        return _scored(t, number, table, path, loaded.session, stamp, notes), True

    def to_plain(self) -> dict[str, Any]:
        """What was read, as JSON-ready data: each file's stamp, context and game."""
        return {
            "format": CACHE_FORMAT,
            "folder": str(self.folder),
            "games": [
                {
                    "file": path.name,
                    "stamp": list(stamp),
                    "seated": list(context[0]),
                    "subs": [list(x) for x in context[1]],
                    "game": _game_plain(game),
                }
                for path, (stamp, context, game) in self._seen.items()
            ],
        }

    def take_plain(self, data: object) -> None:
        """Take what an earlier reader of this folder kept (:meth:`to_plain`); anything
        that does not fit is passed over (the file is then read again)."""
        if (
            not isinstance(data, dict)
            or data.get("format") != CACHE_FORMAT
            or data.get("folder") != str(self.folder)
            or not isinstance(data.get("games"), list)
        ):
            return
        for item in data["games"][:MAX_CACHED]:
            try:
                path = self.folder / item["file"]
                if path.parent != self.folder or path.name != item["file"]:
                    continue
                stamp = tuple(int(x) for x in item["stamp"])
                context = (
                    tuple(map(str, item["seated"])),
                    tuple((str(a), str(b)) for a, b in item["subs"]),
                )
                game = _game_of(item["game"], path)
            except (KeyError, TypeError, ValueError):
                continue
            if len(stamp) == 3:
                self._seen[path] = (stamp, context, game)


# 2: a game with no hand is "waiting" (``begun``); a cache of 1 kept such a game as
# "playing", so it is passed over and the files read again.
CACHE_FORMAT = 2
MAX_CACHED = 100_000


def _context(t: Tournament, number: int, table: int) -> Context:
    seated = t.need_round(number).tables[table - 1]
    subs = tuple(sorted((s.player, s.by) for s in t.substitutes if s.round == number))
    return seated, subs


def _game_plain(g: Game) -> dict[str, Any]:
    return {
        "round": g.number,
        "table": g.table,
        "status": g.status,
        "hands": g.hands,
        "next": g.next_hand,
        "saved": g.saved,
        "notes": list(g.notes),
        "results": [[r.seat, r.player, list(r.sat), r.rank, r.score, r.raw] for r in g.results],
    }


def _game_of(data: dict[str, Any], path: Path) -> Game:
    results = tuple(
        SeatResult(int(seat), str(player), tuple(map(str, sat)), int(rank), float(score), int(raw))
        for seat, player, sat, rank, score, raw in data["results"]
    )
    return Game(
        int(data["round"]),
        int(data["table"]),
        path,
        str(data["status"]),
        int(data["hands"]),
        str(data["next"]),
        results,
        float(data["saved"]),
        tuple(map(str, data["notes"])),
    )


def games_rules(t: Tournament) -> Callable[[str], Ruleset]:
    """The rules of a game file without its own: the tournament's, by its id only."""

    def find(rid: str) -> Ruleset:
        if rid == t.ruleset.id:
            return t.ruleset
        raise RulesetError(
            _("no ruleset named {id} in this tournament (it plays {plays})").format(
                id=repr(rid), plays=t.ruleset.id
            )
        )

    return find


def _conflict_of_game(name: str) -> bool:
    """Whether a sync tool's conflict copy is of a game file (``round-01_table-03.sync-
    conflict-...toml``, ``round-01_table-03 (conflicted copy ...).toml``)."""
    return name.startswith("round-")


def _scored(
    t: Tournament,
    number: int,
    table: int,
    path: Path,
    session: Session,
    stamp: Stamp,
    notes: list[str],
) -> Game:
    seated = t.need_round(number).tables[table - 1]
    state = session.state
    system = session.ruleset.system
    status = "finished" if state.finished else "playing" if begun(session) else "waiting"
    if session.ruleset.rules.system != t.ruleset.rules.system or len(session.players) != len(
        seated
    ):
        notes.append(
            _("{path}: a {ruleset} game of {n} players, not {plays}'s; not counted").format(
                path=path, ruleset=session.ruleset.id, n=len(session.players), plays=t.ruleset.id
            )
        )
        return Game(
            number,
            table,
            path,
            "unreadable",
            len(session.hands),
            saved=stamp[1] / 1e9,
            notes=tuple(notes),
        )
    results = []
    if session.hands:
        for entry in final_standings(session):
            seat = entry["seat"] - 1
            results.append(
                SeatResult(
                    seat=seat,
                    player=seated[seat],
                    sat=_sat(session, seat),
                    rank=entry["rank"],
                    score=float(entry.get("score", entry["net"])),
                    raw=int(entry["net"]),
                )
            )
        results.sort(key=lambda r: r.seat)
    label = (
        system.describe_state(state, session.current_players)
        if state.finished
        else getattr(state, "round", "") or state.round_label
    )
    return Game(
        number,
        table,
        path,
        status,
        len(session.hands),
        label,
        tuple(results),
        stamp[1] / 1e9,
        tuple(notes),
    )


def begun(session: Session) -> bool:
    """Whether a table's game has begun: a hand recorded, or a change of seats made at the
    table. Opening a game (`tournament play`, a table's link) saves it at once with
    neither, a scorer looking at the sheet or checking the QR code early: that table has
    not started, and what its file holds is only what the seating made."""
    return bool(session.hands or session.seat_changes)


def _sat(session: Session, seat: int) -> tuple[str, ...]:
    """Who sat in ``seat`` over the hands played, each once, in turn."""
    names = [session.players[seat]]
    for change in session.seat_changes:
        if change.start <= len(session.hands) and not same_player(change.players[seat], names[-1]):
            names.append(change.players[seat])
    out: list[str] = []
    for n in names:
        if not any(same_player(n, o) for o in out):
            out.append(n)
    return tuple(out)


def _seating_notes(t: Tournament, number: int, table: int, session: Session) -> list[str]:
    """A seat whose first name is neither the seated player nor the director's substitute
    for him: the seat still counts for the seated player, said once."""
    seated = t.need_round(number).tables[table - 1]
    notes = []
    for seat, (name, expected) in enumerate(zip(session.players, seated, strict=False), 1):
        sub = t.substitute_in(expected, number)
        if not same_player(name, expected) and not (sub and same_player(name, sub)):
            notes.append(
                _(
                    "round {n}, table {table}, seat {seat}: the game names {name}, the seating "
                    "{expected}; counted for {expected}"
                ).format(
                    n=number,
                    table=table,
                    seat=seat,
                    name=repr(printable(name)),
                    expected=expected,
                )
            )
    return notes


def printable(text: str) -> str:
    """A name read from a file, safe to print: control characters shown as '?'."""
    return "".join(c if c.isprintable() else "?" for c in text)


def saved_at(game: Game) -> datetime | None:
    """When the game's file was last written, in local time (None: no file)."""
    if not game.saved:
        return None
    return datetime.fromtimestamp(game.saved).astimezone()
