"""`mjtui tournament ...`: a tournament or club night run from the director's command line.

``new`` makes the folder and its ``tournament.toml``; ``seat`` seats a round;
``play`` opens the app on a table's game; ``standings`` sums every table's
file; ``penalty``, ``substitute`` and ``timer`` change what the director keeps.
The folder is ``tournaments/NAME`` in the data folder unless ``--folder``
names another (a shared one, docs/ledger.md). Only the commands that change
``tournament.toml`` write it, holding its lock (core/sessions/lock.py) while they do;
a table's game is written only by the app playing it. docs/tournament.md
is the manual; core/tournament/ holds everything that is not the command line.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjtui import paths
from mjtui.core.language import N_, _, pgettext
from mjtui.core.tournament.model import (
    APART,
    FILE_NAME,
    MAX_MINUTES,
    MAX_ROUNDS,
    TIEBREAKS,
    Penalty,
    Tournament,
    TournamentError,
)

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers
    from mjtui.core.rulesets.ruleset import Ruleset
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.core.tournament.games import GameReader
    from mjtui.core.tournament.standings import Standings
    from mjtui.ui.app import MjtuiApp

HELP = N_("run a tournament or club night: players, seating, tables, standings, penalties")


def add_tournament_command(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "tournament",
        help=_(HELP),
        description=_(HELP) + " (docs/tournament.md)",
    )
    steps = command.add_subparsers(dest="step", metavar="STEP", required=True)

    def step(name: str, help: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = steps.add_parser(name, help=help, description=help)
        parser.add_argument("name", metavar="NAME", help=_("the tournament's name"))
        parser.add_argument(
            "--folder",
            type=Path,
            metavar="PATH",
            help=_(
                "the tournament's folder (default: tournaments/NAME beside "
                "the sessions folder `mjtui folders` prints)"
            ),
        )
        return parser

    new = step("new", _("make a tournament: its folder and tournament.toml"))
    new.add_argument(
        "--ruleset",
        required=True,
        metavar="ID",
        help=_("the ruleset every table plays (its rules are copied in)"),
    )
    new.add_argument(
        "--rounds",
        required=True,
        type=int,
        metavar="R",
        help=_("the rounds to play (1 to {most})").format(most=MAX_ROUNDS),
    )
    new.add_argument(
        "--players",
        required=True,
        type=Path,
        metavar="FILE.csv",
        help=_("the players: one a line, name, then optional team, country and EMA number"),
    )
    new.add_argument(
        "--minutes",
        type=int,
        default=0,
        metavar="M",
        help=_("a round's length, for the round's clock (default: none)"),
    )
    new.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help=_("the seed every round's seating starts from (default: drawn)"),
    )
    new.add_argument(
        "--keep-apart",
        default="",
        metavar="team,country",
        help=_("keep players of one team, or one country, at different tables"),
    )
    new.add_argument(
        "--tiebreak",
        default="",
        metavar="places,best,raw",
        help=_(
            "tell equal totals apart by more first places (then seconds...), "
            "the better best game, more points before uma; in this order. "
            "Left out: equal totals share the place"
        ),
    )
    new.add_argument(
        "--cut",
        type=int,
        default=0,
        metavar="K",
        help=_("the first K players go on (marked in the standings)"),
    )

    seat = step("seat", _("seat a round: tables with the fewest repeat meetings, winds balanced"))
    seat.add_argument("--round", dest="number", type=int, required=True, metavar="N")
    how = seat.add_mutually_exclusive_group()
    how.add_argument(
        "--method",
        choices=["random", "swiss", "interval"],
        default="random",
        help=_(
            "random (default), swiss (by the standings), interval (each "
            "table one player of each part of the standings)"
        ),
    )
    how.add_argument(
        "--csv",
        type=Path,
        metavar="FILE",
        help=_("the seating as given: one line a table, its players East first"),
    )
    seat.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help=_("the seating's seed (default: the tournament's seed + N)"),
    )
    seat.add_argument(
        "--force",
        action="store_true",
        help=_(
            "seat the round again (no table has begun it), or seat it "
            "while tables of the round before still play"
        ),
    )
    seat.add_argument(
        "--json",
        action="store_true",
        help=_('print {"round", "tables", "repeats", "lower_bound", ...}'),
    )

    play = step(
        "play",
        _(
            "score a table's game in the app (made with its seated players when it is not "
            "there yet)"
        ),
    )
    play.add_argument("--table", type=int, required=True, metavar="T")
    play.add_argument(
        "--round",
        dest="number",
        type=int,
        metavar="N",
        help=_("the round (default: the last one seated)"),
    )
    play.set_defaults(opens_app=True)

    standings = step(
        "standings",
        _("the standings: every table's game summed, penalties applied, the tables still playing"),
    )
    out = standings.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=_("print the standings as JSON"))
    out.add_argument(
        "--format",
        dest="out_format",
        default="text",
        choices=["text", "csv", "md", "ema"],
        help=_("text (default), csv, md (Markdown) or ema (the EMA results file)"),
    )
    standings.add_argument(
        "--round",
        dest="number",
        type=int,
        metavar="N",
        help=_("the standings after round N (default: every round)"),
    )
    standings.add_argument(
        "--cut", type=int, metavar="K", help=_("mark the first K (default: the tournament's cut)")
    )
    standings.add_argument(
        "--teams",
        action="store_true",
        help=_("the team standings: each team's players summed (players without a team left out)"),
    )

    penalty = step("penalty", _("give a penalty, cancel one, or list them"))
    penalty.add_argument("player", nargs="?", metavar="PLAYER")
    penalty.add_argument(
        "amount",
        nargs="?",
        metavar="AMOUNT",
        help=_(
            "table points taken off (riichi: 2000 takes 2.0); where the total is "
            "table points that only places earn, points off the score"
        ),
    )
    penalty.add_argument("--reason", metavar="R", help=_("why (kept with the penalty)"))
    penalty.add_argument(
        "--round",
        dest="number",
        type=int,
        metavar="N",
        help=_("the round it is for (default: the last one seated)"),
    )
    what = penalty.add_mutually_exclusive_group()
    what.add_argument("--cancel", type=int, metavar="ID", help=_("cancel penalty ID"))
    what.add_argument("--list", action="store_true", help=_("list the penalties"))

    sub = step(
        "substitute",
        _("someone plays a player's seat in a round (the player named again as BY withdraws it)"),
    )
    sub.add_argument("player", metavar="PLAYER")
    sub.add_argument("by", metavar="BY", help=_("who plays the seat"))
    sub.add_argument("--round", dest="number", type=int, required=True, metavar="N")
    sub.add_argument("--to", dest="last", type=int, metavar="M", help=_("and every round up to M"))

    timer = step("timer", _("the round's clock: start it, give a table extra time, show it"))
    timer.add_argument(
        "--round",
        dest="number",
        type=int,
        metavar="N",
        help=_("the round (default: the last one seated)"),
    )
    timer.add_argument("--start", action="store_true", help=_("start the round's clock now"))
    timer.add_argument(
        "--extra",
        nargs=2,
        type=int,
        metavar=("TABLE", "MINUTES"),
        help=_("give a table MINUTES more than the round (0 takes them back)"),
    )
    timer.add_argument("--json", action="store_true", help=_("print the clock as JSON"))

    sheet = step(
        "sheet",
        _("the seating sheet to print: each table's players and its link (a QR code in html)"),
    )
    sheet.add_argument(
        "--round",
        dest="number",
        type=int,
        metavar="N",
        help=_("the round (default: the last one seated)"),
    )
    sheet.add_argument(
        "--format",
        dest="out_format",
        default="md",
        choices=["md", "html"],
        help=_("md (Markdown, default) or html (a page to print, a QR code a table)"),
    )
    sheet.add_argument(
        "--url",
        metavar="URL",
        help=_(
            "where `mjtui tournament serve` is reached (default: http://THIS-MACHINE'S-"
            "ADDRESS:8000, as `serve --host 0.0.0.0` serves it)"
        ),
    )

    serve = step(
        "serve",
        _("serve the hall display, and each table's score sheet at its secret link, to browsers"),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="H",
        help=_(
            "the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: "
            "every network of this machine, for the tables' phones: anyone on those networks "
            "can open the hall, and a table's link opens its game)"
        ),
    )
    serve.add_argument("--port", type=int, default=8000, metavar="P", help=_("the port (8000)"))
    serve.add_argument(
        "--max-clients",
        type=int,
        default=8,
        metavar="N",
        help=_(
            "the most browsers on the hall page at once (default 8); each table's "
            "scorer comes on top, one a table"
        ),
    )

    hall = step("hall", _("the hall display in this terminal (a projector): read-only"))
    hall.set_defaults(opens_app=True)

    director = step(
        "director",
        _(
            "the director's app: the hall, the seating (s), penalties (p), the clock (t), "
            "substitutes (u)"
        ),
    )
    director.set_defaults(opens_app=True)


def tournament_command(args: argparse.Namespace) -> int | MjtuiApp:
    return STEPS[args.step](args)


# --------------------------------------------------------------------------
# Finding, reading and changing the tournament
# --------------------------------------------------------------------------


def folder_of(args: argparse.Namespace) -> Path:
    from mjtui.core.tournament.tournament_file import folder_name

    folder: Path | None = args.folder
    if folder is not None:
        return folder
    return paths.data_dir() / "tournaments" / folder_name(args.name)


def _now() -> datetime:
    return datetime.now().astimezone().replace(microsecond=0)


def _load(args: argparse.Namespace) -> tuple[Tournament, Path]:
    from mjtui.core.model.players import same_player
    from mjtui.core.tournament.tournament_file import load_tournament

    folder = folder_of(args)
    path = folder / FILE_NAME
    if not path.exists():
        if args.folder is not None:
            said = _("{path}: no tournament here; make one with `mjtui tournament new`")
        else:
            said = _(
                "{path}: no tournament here (give its folder with --folder); make one with "
                "`mjtui tournament new`"
            )
        raise TournamentError(said.format(path=path))
    t = load_tournament(path)
    if not same_player(t.name, args.name):
        raise TournamentError(
            _("{path} is the tournament {name}, not {asked}").format(
                path=path, name=repr(t.name), asked=repr(args.name)
            )
        )
    return t, folder


def _change(
    args: argparse.Namespace,
    change: Callable[[Tournament, Path], Tournament],
    then: Callable[[Tournament, Path], None] | None = None,
) -> Tournament:
    """Load the tournament, change it and save it, its file locked meanwhile; ``then``
    writes what goes with it (the tables' links) under the same lock."""
    from mjtui.core.sessions.lock import SessionInUse, SessionLock
    from mjtui.core.tournament.tournament_file import save_tournament

    folder = folder_of(args)
    path = folder / FILE_NAME
    try:
        lock = SessionLock.take(path) if path.exists() else None
    except SessionInUse as e:
        raise TournamentError(
            _(
                "{error}: another `mjtui tournament` is changing it; try again once it is done"
            ).format(error=e)
        ) from None
    try:
        t, folder = _load(args)
        changed = change(t, folder)
        save_tournament(changed, path)
        if then is not None:
            then(changed, folder)
    finally:
        if lock is not None:
            lock.release()
    return changed


def _choices(text: str, allowed: tuple[str, ...], option: str) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(x.strip() for x in text.split(",") if x.strip()))
    wrong = [x for x in chosen if x not in allowed]
    if wrong:
        raise TournamentError(
            _("{option}: {value} is not one of {allowed}").format(
                option=option, value=repr(wrong[0]), allowed=", ".join(allowed)
            )
        )
    return chosen


# --------------------------------------------------------------------------
# new
# --------------------------------------------------------------------------


def new_command(args: argparse.Namespace) -> int:
    import random

    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.tournament.model import checked_text, substitutes_for
    from mjtui.core.tournament.tournament_file import read_players_csv, save_tournament

    name = checked_text(args.name, _("the tournament's name"))
    if not name:
        raise TournamentError(_("the tournament needs a name"))
    expected = _("{option}: expected {least} to {most}, got {value}")
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise TournamentError(
            expected.format(option="--rounds", least=1, most=MAX_ROUNDS, value=args.rounds)
        )
    if not 0 <= args.minutes <= MAX_MINUTES:
        raise TournamentError(
            expected.format(option="--minutes", least=0, most=MAX_MINUTES, value=args.minutes)
        )
    folder = folder_of(args)
    path = folder / FILE_NAME
    if path.exists():
        raise TournamentError(_("{path}: a tournament is there already").format(path=path))
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(args.ruleset)
    players = read_players_csv(args.players)
    added = substitutes_for(len(players), ruleset.players, {p.key for p in players})
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    t = Tournament(
        name=name,
        ruleset=ruleset,
        rounds=args.rounds,
        players=tuple(players + added),
        created=_now(),
        minutes=args.minutes,
        seed=seed,
        keep_apart=_choices(args.keep_apart, APART, "--keep-apart"),
        tiebreak=_choices(args.tiebreak, TIEBREAKS, "--tiebreak"),
        cut=max(0, args.cut),
    )
    if t.tables < 1:
        raise TournamentError(
            _("{n} players: a table needs {seats}").format(n=len(players), seats=ruleset.players)
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise TournamentError(
            _("{folder}: cannot make the folder ({error})").format(
                folder=folder, error=e.strerror or e
            )
        ) from None
    save_tournament(t, path)
    print(
        _(
            "{name}: {n} players at {tables} tables, {rounds} rounds of {ruleset}, "
            "seed {seed}; in {folder}"
        ).format(
            name=t.name,
            n=len(players),
            tables=t.tables,
            rounds=t.rounds,
            ruleset=ruleset.id,
            seed=seed,
            folder=folder,
        )
    )
    if added:
        print(
            _("added {n} substitute seats to fill the tables: {names}").format(
                n=len(added), names=_(", ").join(p.name for p in added)
            )
        )
    seat = f"mjtui tournament seat {_quoted(t.name)} --round 1"  # English: a command, typed
    print(_("next: {command}").format(command=seat))
    return 0


def _quoted(text: str) -> str:
    import shlex

    return shlex.quote(text)


# --------------------------------------------------------------------------
# seat
# --------------------------------------------------------------------------


def seat_command(args: argparse.Namespace) -> int:
    from mjtui.core.tournament.reports import seating_plain, seating_text

    t, made = seat_and_keep(args)
    if args.json:
        _json({**seating_plain(args.number, made["seating"]), "links": list(made["links"])})
    else:
        print(seating_text(t, args.number, made["method"], made["seating"]))
        print(links_text(t, args.number, made["links"]))
    return 0


def seat_and_keep(args: argparse.Namespace) -> tuple[Tournament, dict[str, Any]]:
    """Seat round ``args.number`` as `seat` asks, save it and keep its tables' links: the
    tournament saved, and the seating, method and links made."""
    from mjtui.core.tournament.model import Round
    from mjtui.core.tournament.seating import seat_round, seating_of
    from mjtui.core.tournament.tournament_file import read_seating_csv
    from mjtui.core.tournament.unbegun import HeldTables, hold_unbegun

    made: dict[str, Any] = {}
    # The round's games opened with no hand, held until the new seating is saved.
    held = HeldTables()

    def seat(t: Tournament, folder: Path) -> Tournament:
        nonlocal held
        number = args.number
        if not 1 <= number <= t.rounds:
            raise TournamentError(_rounds_of(t, "--round"))
        if number > t.last_round + 1:
            raise TournamentError(
                _("round {n} is not seated yet: seat the rounds in turn").format(n=number - 1)
            )
        if t.round(number) is not None:
            held = hold_unbegun(t, folder, number, range(1, t.tables + 1))
            if held.begun:
                raise TournamentError(_seated_and_begun(number, held.begun))
            if not args.force:
                raise TournamentError(
                    _(
                        "round {n} is seated already; --force seats it again (no table has "
                        "begun it)"
                    ).format(n=number)
                )
            if held.open:
                raise TournamentError(_open_with_no_hand(number, held.open))
        history = [r for r in t.seatings if r.number < number]
        seed = args.seed if args.seed is not None else t.seed + number
        if args.csv is not None:
            tables = read_seating_csv(args.csv, t)
            seating = seating_of(t.players, history, number, tables, t.seats, t.keep_apart)
            method = "csv"
        else:
            method = args.method
            order = None
            if method != "random" and number > 1:
                order = _ranking_before(t, folder, number, args.force)
            seating = seat_round(
                t.players, history, number, method, t.seats, seed, t.keep_apart, order
            )
        made.update(seating=seating, method=method)
        # Before the new seating is saved: a crash between the two leaves the old
        # seating without the games it would have resumed, which are made again.
        late = held.clear(t)
        if late:
            raise TournamentError(_seated_and_begun(number, late))
        return t.with_round(
            Round(number, method, seating.tables, None if method == "csv" else seed)
        )

    def links(t: Tournament, folder: Path) -> None:
        made["links"] = keep_links(t, folder, args.number)

    try:
        return _change(args, seat, links), made
    finally:
        held.release()


def _seated_and_begun(number: int, tables: list[int]) -> str:
    from mjtui.core.tournament.reports import tables_said

    return _(
        "round {n} is seated and hands are recorded at {tables}; it cannot be seated again"
    ).format(n=number, tables=tables_said(tables))


def _open_with_no_hand(number: int, tables: list[tuple[int, str]]) -> str:
    """Tables of round ``number`` whose game (no hand yet) is open in a window, each with
    who has it: the change would leave that window scoring the old players."""
    from mjtui.core.tournament.reports import tables_said

    who = (
        tables[0][1]
        if len(tables) == 1
        else pgettext("clause", ", ").join(
            _("table {n}").format(n=table) + _(": ") + holder for table, holder in tables
        )
    )
    return _(
        "round {n}: the game of {tables} is open with no hand recorded yet ({who}); once "
        "it is closed (q), try again"
    ).format(n=number, tables=tables_said([table for table, _holder in tables]), who=who)


def keep_links(t: Tournament, folder: Path, number: int) -> tuple[str, ...]:
    """Round ``number``'s table links, made where it has none yet and kept in links.toml
    (core/tournament/links.py); the caller holds tournament.toml's lock."""
    from mjtui.core.tournament.links import LINKS_FILE, load_links, save_links

    path = folder / LINKS_FILE
    links = load_links(path)
    more = links.made_for(number, len(t.need_round(number).tables))
    if more is not links:
        save_links(more, path)
    return more.of(number)


def links_text(t: Tournament, number: int, secrets: tuple[str, ...]) -> str:
    """The seating sheet's lines of the tables' links (`mjtui tournament serve`)."""
    from mjtui.core.tournament.links import link_path

    name = _quoted(t.name)
    lines = [
        _("Table links ({serve} serves them; the sheet with a QR code a table: {sheet}):").format(
            serve=f"`mjtui tournament serve {name}`",
            sheet=f"`mjtui tournament sheet {name} --round {number} --format html`",
        )
    ]
    lines += [
        "  " + _("table {n}").format(n=f"{n:>2}") + f"  {link_path(s)}"
        for n, s in enumerate(secrets, 1)
    ]
    return "\n".join(lines)


def _rounds_of(t: Tournament, option: str) -> str:
    return _("{option}: {name} has rounds 1 to {rounds}").format(
        option=option, name=t.name, rounds=t.rounds
    )


def _ranking_before(t: Tournament, folder: Path, number: int, force: bool) -> list[str]:
    """The players best first after the rounds before ``number`` (swiss, interval)."""
    from mjtui.core.tournament.standings import compute

    reader = _reader(folder)
    games, notes = reader.read(t, upto=number - 1)
    _keep(reader)
    standings = compute(t, games, _now(), upto=number - 1, notes=notes)
    busy = standings.still_playing(number - 1) + standings.waiting(number - 1)
    if busy and not force:
        raise TournamentError(
            _(
                "round {n}: tables {tables} have not finished; the seating by the standings "
                "needs their results (wait for them, or --force to seat with the games as "
                "they stand)"
            ).format(n=number - 1, tables=_(", ").join(map(str, sorted(busy))))
        )
    return [line.player.name for line in standings.lines]


# --------------------------------------------------------------------------
# play
# --------------------------------------------------------------------------


def play_command(args: argparse.Namespace) -> MjtuiApp:
    import shlex

    from mjtui.cli.board import end_with_the_server
    from mjtui.config import load_config
    from mjtui.core.errors import SessionError
    from mjtui.core.sessions.lock import SessionInUse
    from mjtui.core.tournament.model import game_file

    t, folder = _load(args)
    number = args.number or t.last_round
    if not number:
        raise TournamentError(
            _("{name} has no round seated yet: {command}").format(
                name=t.name,
                # English: a command, as typed
                command=f"mjtui tournament seat {_quoted(t.name)} --round 1",
            )
        )
    end_with_the_server()  # served to a phone (cli/tournament_serve.py)
    seated = t.need_round(number)
    if not 1 <= args.table <= len(seated.tables):
        raise TournamentError(
            _("--table: round {n} has tables 1 to {tables}").format(
                n=number, tables=len(seated.tables)
            )
        )
    path = folder / game_file(number, args.table)
    try:
        book, warnings = _table_book(t, number, args.table, path)
    except SessionInUse as e:
        raise SessionError(
            _(
                "{error}; it can be played in one window at a time. To look at it without "
                "changing it: {command}"
            ).format(
                error=e,
                # English: a command, as typed
                command=f"mjtui replay {shlex.quote(str(path))}",
            )
        ) from None
    from mjtui.core.model.seats import Seating
    from mjtui.core.tournament.model import table_seat_problem

    def seat_rule(seating: Seating) -> str | None:
        people = {*seating.players, *(n for change in seating.changes for n in change.players)}
        return table_seat_problem(t, number, args.table, people)

    book.seat_rule = seat_rule  # nobody at two tables of the round, changed at the table
    from mjtui.ui.app import MjtuiApp

    config = load_config(paths.config_file())
    return MjtuiApp(book=book, warnings=warnings, time_warning=config.time_warning)


def _table_book(t: Tournament, number: int, table: int, path: Path) -> tuple[Scorebook, list[str]]:
    """The table's game, resumed, or made with its seated players and saved: locked
    either way (core/sessions/lock.py)."""
    from mjtui.core.sessions.lock import SessionLock
    from mjtui.core.sessions.scorebook import Scorebook, open_scorebook
    from mjtui.core.tournament.games import table_session

    def find(rid: str) -> Ruleset:
        if rid == t.ruleset.id:
            return t.ruleset
        from mjtui.core.rulesets.ruleset import RulesetLibrary

        return RulesetLibrary(paths.ruleset_folders()).named(rid)

    if path.exists():
        return open_scorebook(path, find)
    lock = SessionLock.take(path)
    try:
        if path.exists():  # made meanwhile by another window, which let go of it
            lock.release()
            return open_scorebook(path, find)
        session = table_session(t, number, table, _now())
    except BaseException:
        lock.release()
        raise
    book = Scorebook(session, path, lock)
    book.save()
    if book.save_error:
        book.close()
        raise TournamentError(book.save_error)
    return book, [w for w in (lock.warning,) if w]


# --------------------------------------------------------------------------
# standings
# --------------------------------------------------------------------------


def read_standings(
    t: Tournament, folder: Path, number: int | None = None, cut: int | None = None
) -> Standings:
    from mjtui.core.tournament.standings import compute

    if number is not None and not 1 <= number <= t.rounds:
        raise TournamentError(_rounds_of(t, "--round"))
    if number is not None:
        t.need_round(number)  # the standings after a round not yet seated are none's
    reader = _reader(folder)
    games, notes = reader.read(t, upto=number)
    _keep(reader)
    return compute(t, games, _now(), upto=number, cut=cut, notes=notes)


def _cache_file(folder: Path) -> Path:
    import hashlib

    from mjtui.core.language import current

    # The games' notes are kept as said: one cache a language, so none is read in another.
    where = f"{folder.resolve()}\0{current()}"
    key = hashlib.sha256(where.encode()).hexdigest()[:16]
    return paths.cache_dir() / "tournaments" / f"{key}.json"


def _reader(folder: Path) -> GameReader:
    """A reader of the folder's games that knows what the last command read of them
    (kept in the cache folder: only the files changed since are read again)."""
    from mjtui.core.files.reading import MAX_BYTES, read_text
    from mjtui.core.tournament.games import GameReader

    reader = GameReader(folder)
    # None yet, or damaged: every file is read.
    with contextlib.suppress(ValueError, RecursionError):
        reader.take_plain(json.loads(read_text(_cache_file(folder), ValueError, MAX_BYTES * 4)))
    return reader


def _keep(reader: GameReader) -> None:
    from mjtui.core.errors import MjtuiError
    from mjtui.core.files.writing import replace_file

    path = _cache_file(reader.folder)
    data = json.dumps(reader.to_plain()).encode("utf-8")
    with contextlib.suppress(MjtuiError):  # a cache that cannot be kept is not kept
        replace_file(path, data, MjtuiError, make_folder=True, durable=False)


def standings_command(args: argparse.Namespace) -> int:
    from mjtui.core.tournament import reports

    if args.teams and args.out_format == "ema":
        raise TournamentError(
            _("--teams: the EMA results file is the players'; give text, csv or md")
        )
    t, folder = _load(args)
    s = read_standings(t, folder, args.number, args.cut)
    if args.json:
        _json(reports.teams_plain(s) if args.teams else reports.standings_plain(s))
        return 0
    for note in s.notes:
        print(f"mjtui: {note}", file=sys.stderr)
    if args.teams:
        teams = {"csv": reports.teams_csv, "md": reports.teams_md}.get(args.out_format)
        sys.stdout.write(teams(s) if teams else reports.teams_text(s) + "\n")
    elif args.out_format == "ema":
        from mjtui.core.tournament.ema import ema_csv

        sys.stdout.write(ema_csv(s))
    elif args.out_format == "csv":
        sys.stdout.write(reports.standings_csv(s))
    elif args.out_format == "md":
        sys.stdout.write(reports.standings_md(s))
    else:
        print(reports.standings_text(s))
    return 0


# --------------------------------------------------------------------------
# penalty, substitute, timer
# --------------------------------------------------------------------------


def penalty_command(args: argparse.Namespace) -> int:
    if args.list:
        t, _folder = _load(args)
        if not t.penalties:
            print(_("{name}: no penalties").format(name=t.name))
        for p in t.penalties:
            listed = _("#{id} {player}, round {n}, {amount} points: {reason}").format(
                id=p.id, player=p.player, n=p.round, amount=p.amount, reason=p.reason
            )
            print(_("{penalty} (cancelled)").format(penalty=listed) if p.cancelled else listed)
        return 0
    done: dict[str, Any] = {}
    if args.cancel is not None:
        if args.player is not None:
            raise TournamentError(_("--cancel ID takes no PLAYER or AMOUNT"))

        def cancel(t: Tournament, folder: Path) -> Tournament:
            changed, done["penalty"] = t.cancel_penalty(args.cancel)
            return changed

        _change(args, cancel)
        print(cancelled_said(done["penalty"]))
        return 0
    if args.player is None or args.amount is None:
        raise TournamentError(_("give PLAYER and AMOUNT (and --reason), --cancel ID or --list"))
    try:
        amount = int(args.amount)
    except ValueError:
        raise TournamentError(
            _(
                "AMOUNT is table points, a whole number (riichi: 2000 takes 2.0), got {value}"
            ).format(value=repr(args.amount))
        ) from None

    def give(t: Tournament, folder: Path) -> Tournament:
        number = args.number or t.last_round or 1
        changed, done["penalty"] = t.with_penalty(
            args.player, amount, args.reason or "", number, _now()
        )
        return changed

    t = _change(args, give)
    print(penalty_said(t, done["penalty"]))
    return 0


def penalty_said(t: Tournament, p: Penalty) -> str:
    """A penalty given, as `penalty` and the director's ``a`` answer it."""
    return _("penalty #{id}: {player}, round {n}, {amount} points ({off}): {reason}").format(
        id=p.id,
        player=p.player,
        n=p.round,
        amount=p.amount,
        off=t.penalty_off(p.amount, _),
        reason=p.reason,
    )


def cancelled_said(p: Penalty) -> str:
    """A penalty cancelled, as `penalty --cancel` and the director's answer it."""
    return _("penalty #{id} cancelled ({player}, {amount} points: {reason})").format(
        id=p.id, player=p.player, amount=p.amount, reason=p.reason
    )


def substitute_set(
    t: Tournament,
    folder: Path,
    player: str,
    by: str,
    first: int,
    last: int,
    held: contextlib.ExitStack,
) -> Tournament:
    """``by`` in ``player``'s seat in rounds ``first`` to ``last`` (``player`` as ``by``
    takes it back), refused for a round whose table has begun; the player's tables'
    games opened with no hand are removed, to be made again with the substitute, and
    held (in ``held``) until the change is saved: :func:`substitute_and_keep`."""
    from mjtui.core.model.players import same_player
    from mjtui.core.tournament.unbegun import hold_unbegun

    if not 1 <= first <= t.rounds:
        raise TournamentError(_rounds_of(t, "--round"))
    if not 1 <= last <= t.rounds:
        raise TournamentError(_rounds_of(t, "--to"))
    if last < first:
        raise TournamentError(
            _(
                "--to {last} comes before --round {first}: --to is the last round the "
                "substitute plays, {first} or later"
            ).format(first=first, last=last)
        )
    found = []
    for n in range(first, last + 1):
        seated = t.round(n)
        tables = [
            tb
            for tb, names in enumerate(seated.tables if seated else (), 1)
            if any(same_player(x, player) for x in names)
        ]
        hold = held.enter_context(hold_unbegun(t, folder, n, tables))
        if hold.begun:
            raise TournamentError(_substitute_begun(n, hold.begun[0]))
        if hold.open:
            raise TournamentError(_open_with_no_hand(n, hold.open))
        found.append((n, hold))
        t = t.with_substitute(player, by, n)
    for n, hold in found:
        late = hold.clear(t)
        if late:
            raise TournamentError(_substitute_begun(n, late[0]))
    return t


def _substitute_begun(number: int, table: int) -> str:
    return _(
        "round {n}: table {table} has begun; the substitute takes the seat at the "
        "table: `s` on its score sheet, or mjtui seats FILE --substitute"
    ).format(n=number, table=table)


def substitute_and_keep(
    args: argparse.Namespace, player: str, by: str, first: int, last: int
) -> Tournament:
    """`substitute` and the director's ``u``: the substitute saved, the games it made
    stale held until then (:func:`substitute_set`)."""
    with contextlib.ExitStack() as held:

        def put(t: Tournament, folder: Path) -> Tournament:
            return substitute_set(t, folder, player, by, first, last, held)

        return _change(args, put)


def substitute_said(t: Tournament, player: str, by: str, first: int, last: int) -> str:
    from mjtui.core.model.players import same_player

    who = t.need_player(player)
    if last == first:
        span = _("round {n}").format(n=first)
    else:
        span = _("rounds {first}-{last}").format(first=first, last=last)
    if same_player(by, who.name):
        return _("{player} plays {span} again").format(player=who.name, span=span)
    return _("{by} plays {player}'s seat in {span}").format(by=by, player=who.name, span=span)


def substitute_command(args: argparse.Namespace) -> int:
    last = args.last or args.number
    t = substitute_and_keep(args, args.player, args.by, args.number, last)
    print(substitute_said(t, args.player, args.by, args.number, last))
    return 0


def clock_set(t: Tournament, number: int, start: bool, extra: tuple[int, int] | None) -> Tournament:
    """Round ``number``'s clock started now (``start``) and a table's extra minutes set
    (``extra``: table, minutes): `timer --start --extra` and the director's ``t``."""
    from dataclasses import replace

    seated = t.need_round(number)
    if not t.minutes:
        raise TournamentError(
            _("{name} has no round length (tournament new --minutes M)").format(name=t.name)
        )
    if start:
        seated = replace(seated, started=_now())
    if extra:
        table, minutes = extra
        if not 1 <= table <= len(seated.tables) or not 0 <= minutes <= MAX_MINUTES:
            raise TournamentError(
                _("--extra: tables are 1 to {tables}, minutes 0 to {most}").format(
                    tables=len(seated.tables), most=MAX_MINUTES
                )
            )
        extras = [seated.extra_for(n) for n in range(1, len(seated.tables) + 1)]
        extras[table - 1] = minutes
        seated = replace(seated, extra=tuple(extras))
    return t.with_round(seated)


def timer_command(args: argparse.Namespace) -> int:
    from mjtui.core.tournament.reports import clock_plain
    from mjtui.core.tournament.timer import clock_text, round_clock

    def number_of(t: Tournament) -> int:
        number = args.number or t.last_round
        if not number:
            raise TournamentError(_("{name} has no round seated yet").format(name=t.name))
        return number

    if args.start or args.extra:

        def set_clock(t: Tournament, folder: Path) -> Tournament:
            return clock_set(t, number_of(t), args.start, args.extra)

        t = _change(args, set_clock)
    else:
        t, _folder = _load(args)
    seated = t.need_round(number_of(t))
    clock = round_clock(t, seated)
    now = _now()
    if args.json:
        _json(clock_plain(clock, now) or {"round": seated.number, "started": None})
        return 0
    if clock is None:
        if t.minutes:
            said = _("round {n}: the clock has not been started")
        else:
            said = _("round {n}: the clock has not been started ({name} has no round length)")
        print(said.format(n=seated.number, name=t.name))
        return 0
    left = clock_text(clock.ends - now)
    print(
        _("round {n}: {minutes} minutes from {start}, {left}").format(
            n=seated.number,
            minutes=t.minutes,
            start=f"{clock.started:%H:%M}",
            left=_("{left} left").format(left=left) if clock.ends > now else left,
        )
    )
    for c in clock.tables:
        if c.extra:
            print(
                "  "
                + _("table {n}: +{extra} min, until {end}, {left}").format(
                    n=c.table, extra=c.extra, end=f"{c.ends:%H:%M}", left=clock_text(c.left(now))
                )
            )
    return 0


def _json(document: object) -> None:
    # One write: json.dump writes each token on its own, 150 ms of the standings'.
    sys.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")


# --------------------------------------------------------------------------
# hall, director; sheet and serve (cli/tournament_sheet.py, cli/tournament_serve.py)
# --------------------------------------------------------------------------


def hall_command(args: argparse.Namespace) -> Any:
    import os

    from mjtui.cli.board import end_with_the_server
    from mjtui.cli.serve_limits import SERVED_BY
    from mjtui.ui.screens.hall import HallApp

    _t, folder = _load(args)
    end_with_the_server()
    return HallApp(_follower(args, folder), served=SERVED_BY in os.environ)


def _follower(args: argparse.Namespace, folder: Path) -> Any:
    from mjtui.core.tournament.hall import HallFollower

    return HallFollower(folder, args.name, _reader(folder))


def director_command(args: argparse.Namespace) -> Any:
    from mjtui.ui.screens.director import DirectorApp

    _t, folder = _load(args)
    return DirectorApp(_follower(args, folder), TournamentDesk(args.name, folder))


class TournamentDesk:
    """What the director's app changes (ui/screens/director.py ``Desk``), through the
    same steps as `seat` and `penalty`: tournament.toml written under its lock."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name, self.folder = name, folder

    def _args(self, **more: Any) -> argparse.Namespace:
        return argparse.Namespace(name=self.name, folder=self.folder, **more)

    def tournament(self) -> Tournament:
        return _load(self._args())[0]

    def seating_text(self, number: int) -> str:
        from mjtui.core.tournament.reports import seating_text
        from mjtui.core.tournament.seating import seating_of

        t = self.tournament()
        seated = t.need_round(number)
        history = [r for r in t.seatings if r.number < number]
        seating = seating_of(t.players, history, number, seated.tables, t.seats, t.keep_apart)
        return seating_text(t, number, seated.method, seating, cost_first=True)

    def seat(self, number: int, method: str, force: bool) -> str:
        from mjtui.core.tournament.reports import seating_text

        args = self._args(number=number, method=method, csv=None, seed=None, force=force)
        t, made = seat_and_keep(args)
        return seating_text(t, number, made["method"], made["seating"]).splitlines()[0]

    def penalty(self, player: str, amount: int, reason: str, number: int) -> str:
        done: dict[str, Any] = {}

        def give(t: Tournament, folder: Path) -> Tournament:
            changed, done["penalty"] = t.with_penalty(player, amount, reason, number, _now())
            return changed

        t = _change(self._args(), give)
        return penalty_said(t, done["penalty"])

    def clock(self, number: int, start: bool, extra: tuple[int, int] | None) -> str:
        from mjtui.core.tournament.timer import round_clock

        def change(t: Tournament, folder: Path) -> Tournament:
            return clock_set(t, number, start, extra)

        t = _change(self._args(), change)
        clock = round_clock(t, t.need_round(number))
        said = [_("round {n}").format(n=number)]
        if clock is not None:
            said.append(
                _("{minutes} minutes from {start}").format(
                    minutes=t.minutes, start=f"{clock.started:%H:%M}"
                )
            )
        if extra:
            said.append(_("table {n} +{extra} min").format(n=extra[0], extra=extra[1]))
        return _(": ").join(said[:2]) + "".join(pgettext("clause", ", ") + x for x in said[2:])

    def substitute(self, player: str, by: str, first: int, last: int) -> str:
        t = substitute_and_keep(self._args(), player, by, first, last)
        return substitute_said(t, player, by, first, last)

    def cancel(self, penalty: int) -> str:
        done: dict[str, Any] = {}

        def cancel(t: Tournament, folder: Path) -> Tournament:
            changed, done["penalty"] = t.cancel_penalty(penalty)
            return changed

        _change(self._args(), cancel)
        return cancelled_said(done["penalty"])


def sheet_command(args: argparse.Namespace) -> int:
    from mjtui.cli.tournament_sheet import base_url, print_sheet

    base = base_url(args.url)  # a wrong one said before anything is written
    t, _folder = _load(args)
    number = args.number or t.last_round
    if not number:
        raise TournamentError(_("{name} has no round seated yet").format(name=t.name))
    t, _folder, secrets = links_of(args, number)
    return print_sheet(t, number, base, secrets, args.out_format)


def serve_command(args: argparse.Namespace) -> int:
    from mjtui.cli.tournament_serve import serve_tournament
    from mjtui.core.tournament.folder_check import folder_problems

    t, folder = _load(args)
    # The whole folder read first: a server started on a damaged game would hand its
    # table a game whose hands are not all there.
    problems = folder_problems(t, folder)
    if problems:
        raise TournamentError(
            "\n".join(problems)
            + "\n"
            + _(
                "nothing was served: fix the files above (`mjtui replay FILE` shows what can "
                "be read of a game), then serve again"
            )
        )
    secrets: tuple[str, ...] = ()
    if t.last_round:
        t, _folder, secrets = links_of(args, t.last_round)
    return serve_tournament(args, t, folder.resolve(), secrets)


def links_of(args: argparse.Namespace, number: int) -> tuple[Tournament, Path, tuple[str, ...]]:
    """The tournament, its folder and round ``number``'s table links, made (under the
    lock) where the round has none yet (a round seated before links were kept)."""
    from mjtui.core.tournament.links import LINKS_FILE, load_links

    t, folder = _load(args)
    seated = t.need_round(number)
    have = load_links(folder / LINKS_FILE).of(number)
    if len(have) >= len(seated.tables):
        return t, folder, have
    made: dict[str, tuple[str, ...]] = {}

    def keep(t: Tournament, folder: Path) -> None:
        made["links"] = keep_links(t, folder, number)

    t = _change(args, lambda t, folder: t, keep)
    return t, folder, made["links"]


STEPS: dict[str, Callable[[argparse.Namespace], int | MjtuiApp]] = {
    "new": new_command,
    "seat": seat_command,
    "play": play_command,
    "standings": standings_command,
    "penalty": penalty_command,
    "substitute": substitute_command,
    "timer": timer_command,
    "sheet": sheet_command,
    "serve": serve_command,
    "hall": hall_command,
    "director": director_command,
}
