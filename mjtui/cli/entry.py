"""The `mjtui` command: the app by default, and headless subcommands."""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

from mjtui import __version__, paths
from mjtui.cli.typeahead import typeahead_kept
from mjtui.core.errors import MjtuiError, RulesetError, SessionError
from mjtui.core.language import N_, _
from mjtui.core.text import shown
from mjtui.private_api import SubParsersAction, list_choice, unlist_choices

if TYPE_CHECKING:
    from mjtui.core.rulesets.ruleset import Ruleset, RulesetLibrary
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.ui.app import MjtuiApp

# Setting up the parser imports no scoring system, emulator or Textual, and
# builds no command's own parser: each command is added when it is the one
# given, from the module it lives in (the app's commands from this one), and
# each command that opens the app imports the app then.


class RunsApp(Protocol):
    """What a command that opens a screen gives back: the app main() runs, then asks why
    it stopped (MjtuiApp, or the board's own BoardApp)."""

    startup_error: str | None

    def run(self) -> object: ...

    def release_sessions(self) -> None: ...


class Command(NamedTuple):
    """A subcommand, added to the parser and imported only when it is the command given."""

    module: str
    add: str  # the module's function that adds it to the subparsers (with its options)
    run: str  # the module's function that runs it: (args) -> exit status, or the app
    help: str  # its line in `mjtui --help`: the module's own (test_lazy_imports.py checks)
    opens_app: bool = False  # it runs the app (replay and board only without --json)


HERE = __name__
COMMANDS = {
    "new": Command(
        HERE,
        "add_series_commands",
        "new_series",
        N_("start a new series (the default)"),
        opens_app=True,
    ),
    "library": Command(
        HERE,
        "add_series_commands",
        "library",
        N_("browse saved series: resume, replay, what-if, stats"),
        opens_app=True,
    ),
    "play": Command(
        HERE,
        "add_series_commands",
        "play",
        N_("play the FX-602P game of 1986 against the computer"),
        opens_app=True,
    ),
    "rulesets": Command(
        HERE,
        "add_folder_commands",
        "list_rulesets",
        N_("list the rulesets found and where they are"),
    ),
    "folders": Command(
        HERE,
        "add_folder_commands",
        "folders",
        N_("print where rulesets, config, sessions and the cache are kept"),
    ),
    "resume": Command(
        HERE,
        "add_series_commands",
        "resume",
        N_("go on with the latest session, or FILE"),
        opens_app=True,
    ),
    "replay": Command(
        HERE,
        "add_series_commands",
        "replay",
        N_("step through a saved session, read-only"),
        opens_app=True,
    ),
    "export": Command(
        "mjtui.cli.reports",
        "add_report_commands",
        "export_command",
        N_("write a session's hands, changes and totals as CSV, JSON or Markdown"),
    ),
    "stats": Command(
        "mjtui.cli.reports",
        "add_report_commands",
        "stats_command",
        N_("statistics per player (and per ruleset) across all saved sessions"),
    ),
    "calc": Command(
        "mjtui.cli.calc",
        "add_calc_commands",
        "calc_command",
        N_("run calculator program listings headless"),
    ),
    "points": Command(
        "mjtui.cli.points",
        "add_points_command",
        "points_command",
        N_("what a hand pays under a ruleset (riichi: han and fu, honba included)"),
    ),
    "hand": Command(
        "mjtui.cli.hand",
        "add_hand_command",
        "hand_command",
        N_("score a winning hand from its tiles (the options depend on the ruleset)"),
    ),
    "waits": Command(
        "mjtui.cli.waits",
        "add_waits_command",
        "waits_command",
        N_("a hand one tile short: tenpai or not, its waits and what each would win"),
    ),
    "league": Command(
        "mjtui.cli.league",
        "add_league_command",
        "league_command",
        N_("a league table across sessions: games, average rank, points and a skill rating"),
    ),
    "dice": Command(
        "mjtui.cli.table",
        "add_table_commands",
        "dice_command",
        N_("roll two dice: the total and the wall to break"),
    ),
    "draw-seats": Command(
        "mjtui.cli.table",
        "add_table_commands",
        "draw_seats_command",
        N_("draw seats for the players with shuffled wind tiles"),
    ),
    "board": Command(
        "mjtui.cli.board",
        "add_board_commands",
        "board_command",
        N_("the table display of a session: large totals, read-only, kept up to date"),
        opens_app=True,
    ),
    "serve": Command(
        "mjtui.cli.board",
        "add_board_commands",
        "serve_command",
        N_("serve the table display of a session to browsers on the network"),
    ),
    "rules": Command(
        "mjtui.cli.table",
        "add_table_commands",
        "rules_command",
        N_("print a ruleset's rules reference: payment tables, fan, fu, claims"),
    ),
    "import": Command(
        "mjtui.cli.importing",
        "add_import_command",
        "import_command",
        N_("make a session of a game record, each hand checked against it"),
    ),
    "seats": Command(
        "mjtui.cli.seats",
        "add_seats_command",
        "seats_command",
        N_("show or correct who sat in which seat; substitutes from a hand on"),
    ),
    "tournament": Command(
        "mjtui.cli.tournament",
        "add_tournament_command",
        "tournament_command",
        N_("run a tournament or club night: players, seating, tables, standings, penalties"),
    ),
}
DEFAULT_COMMAND = "new"


if TYPE_CHECKING:  # generic in typeshed, not at run time
    _SubParsers = SubParsersAction[argparse.ArgumentParser]
else:
    _SubParsers = SubParsersAction
Subparsers = _SubParsers
"""What a command's module adds its commands to (``add_parser``): the ``mjtui`` parser's
subcommands (argparse's own class is private: mjtui/private_api.py names it)."""


class LazySubcommands(_SubParsers):
    """Subparsers whose commands get their parser when one is chosen.

    Until then a command is its line in `mjtui --help` and a name argparse
    accepts; when the command line names it, :meth:`load` imports its module
    and lets it add the command (its options, its own help) in its place.
    Building a parser per command took 2 of `mjtui points`' 60 ms.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pending: dict[str, Command] = {}

    def add_pending(self, name: str, command: Command) -> None:
        list_choice(self, name, _(command.help))  # a choice; its parser comes with load()
        self.pending[name] = command

    def load(self, name: str) -> None:
        """Replace the stand-in of ``name`` (and of its module's other commands) by
        what the module adds."""
        command = self.pending.get(name)
        if command is None:
            return
        add = getattr(importlib.import_module(command.module), command.add)
        same = [n for n, other in self.pending.items() if other[:2] == command[:2]]
        for n in same:
            del self.pending[n]
        unlist_choices(self, same)
        add(self)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        self.load(values[0])
        super().__call__(parser, namespace, values, option_string)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mjtui",
        description=_("Keep score at a real mahjong table. With no command, start a new series."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"mjtui {__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument(
        "--ruleset",
        metavar="NAME|PATH",
        help=_("ruleset id (see `mjtui rulesets`) or path to a ruleset TOML file"),
    )
    parser.add_argument(
        "--calc-program",
        metavar="FILE",
        help=_(
            "the calculator pane's program: an HP-11C listing keyed with each hand (default: "
            "the ruleset's), or an FX-602P listing to play the 1986 game on (P opens it)"
        ),
    )
    parser.add_argument(
        "--language",
        metavar="LANG",
        help=_(
            "en, ja (日本語), zh_Hans (简体中文) or zh_Hant (繁體中文), or a locale such as "
            "ja_JP or zh_TW (default: the config's `language`, else the locale's, else English)"
        ),
    )
    # argparse makes the subparsers action of the class it is given.
    commands = cast(
        "LazySubcommands",
        parser.add_subparsers(dest="command", metavar="COMMAND", action=LazySubcommands),
    )
    for name, command in COMMANDS.items():
        commands.add_pending(name, command)
    return parser


def add_series_commands(subparsers: Subparsers) -> None:
    """The commands that open the app on a series (:data:`COMMANDS` runs them from here)."""
    add = _adder(subparsers)
    add("new")
    add("library")
    play = add("play")
    play.add_argument(
        "game",
        nargs="?",
        default="fx602p",
        choices=["fx602p"],
        help=_("the game (only fx602p so far)"),
    )
    resume = add("resume")
    resume.add_argument("file", nargs="?", type=Path, metavar="FILE")
    replay = add("replay")
    replay.add_argument("file", type=Path, metavar="FILE")
    replay.add_argument(
        "--json",
        action="store_true",
        help=_("print the totals after each hand as JSON instead of opening the app"),
    )


def add_folder_commands(subparsers: Subparsers) -> None:
    add = _adder(subparsers)
    add("rulesets")
    add("folders")


def _adder(subparsers: Subparsers) -> Callable[[str], argparse.ArgumentParser]:
    """Adds a command of this module with its line from :data:`COMMANDS`, written once."""
    return lambda name: subparsers.add_parser(name, help=_(COMMANDS[name].help))


HEADLESS_COLLECTION_THRESHOLD = 20_000
"""Objects made (less those freed) between the collector's young passes in a headless
command: 700 by default, which made 16 passes and 4 of `mjtui points`' 60 ms over the
objects its imports make. Each command still runs with the collector on."""


def main(argv: list[str] | None = None) -> int:
    # Start-up makes objects by the hundred thousand and next to no garbage, yet
    # the cyclic collector's passes over them took 30 of the first frame's 300 ms.
    # It is off until the command line is read, or for the app until its first
    # frame is drawn (ui/app.py: keep_out_of_collections turns it back on).
    thresholds = gc.get_threshold()
    gc.disable()
    try:
        try:  # the parser says its help and its errors in the language: chosen first
            speak(_language_asked(sys.argv[1:] if argv is None else argv), os.environ)
        except MjtuiError as e:
            print(f"mjtui: {shown(str(e), lines=True)}", file=sys.stderr)
            return 2
        args = build_parser().parse_args(argv)
        if _opens_app(args):
            with typeahead_kept():  # the names typed while the app starts are kept
                return _main(args)
        gc.set_threshold(HEADLESS_COLLECTION_THRESHOLD, *thresholds[1:])
        gc.enable()
        from mjtui.cli.safe_output import safe_output

        with safe_output():  # what the command prints: no raw control character
            return _main(args)
    finally:
        gc.set_threshold(*thresholds)
        gc.enable()


def _opens_app(args: argparse.Namespace) -> bool:
    # A command whose steps differ (`tournament play` opens the app, its other steps
    # do not) says so for the step given, as the parser's default ``opens_app``.
    opens = getattr(args, "opens_app", COMMANDS[args.command or DEFAULT_COMMAND].opens_app)
    return opens and not getattr(args, "json", False)


def _language_asked(argv: list[str]) -> str | None:
    """The ``--language`` of ``argv`` (``--language ja`` or ``--language=ja``), read before
    argparse reads the rest, so that argparse speaks it; None where none is given."""
    for i, argument in enumerate(argv):
        if argument == "--":
            break
        if argument == "--language" and i + 1 < len(argv):
            return argv[i + 1]
        if argument.startswith("--language="):
            return argument.partition("=")[2]
    return None


def _main(args: argparse.Namespace) -> int:
    try:
        command = _command(args.command)
        outcome = command(args)
        if isinstance(outcome, int):
            return outcome
        if not _has_terminal():
            outcome.release_sessions()
            from mjtui.core.systems import check_systems

            check_systems()  # what the app would say first, a broken plugin, is said first
            raise MjtuiError(
                _(
                    "`mjtui {command}` draws its screens in a terminal, and standard input or "
                    "output is not one; to read a session without one: "
                    "`mjtui replay FILE --json`, `mjtui export FILE`"
                ).format(command=args.command or DEFAULT_COMMAND)
            )
        try:
            outcome.run()
        finally:
            outcome.release_sessions()  # the app does it as it ends; this covers a crash
        return _ended(outcome)
    except MjtuiError as e:
        print(f"mjtui: {shown(str(e), lines=True)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader left (`mjtui hand ... | head`): not an error worth a traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


def speak(option: str | None, environment: Mapping[str, str]) -> str:
    """Install the language chosen (--language, the config's, the locale's, English) and
    give its code. A config whose language is wrong is said on stderr and not followed:
    a typo there must not keep a table from playing."""
    from mjtui.core import language

    configured = ""
    if not option and paths.config_file().exists():  # no config module read for none
        from mjtui.config import configured_language

        configured, _problems = configured_language(paths.config_file())
    try:
        chosen = language.choose(option, configured, environment)
    except ValueError as e:
        if option:
            raise MjtuiError(str(e)) from None
        print(
            f"mjtui: {shown(str(paths.config_file()))}: "
            + _("{problem}; the locale's is spoken").format(problem=shown(str(e))),
            file=sys.stderr,
        )
        chosen = language.choose(None, "", environment)
    try:
        language.install(chosen)
    except ValueError as e:  # a catalog we ship that cannot be read: said, English spoken
        # English: the language's catalog could not be read, so English is what is spoken
        print(f"mjtui: {shown(str(e))}; English is spoken", file=sys.stderr)
        chosen = language.ENGLISH
        language.install(chosen)
    from mjtui.cli.argparse_words import follow_the_language

    follow_the_language()  # argparse's own words ("usage:", its errors) in it too
    return chosen


def _has_terminal() -> bool:
    """Whether the app can draw: a terminal both ways, or a driver of its own chosen
    (textual-serve's web driver for `mjtui serve`'s boards, through pipes)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    return sys.stdin.isatty() and sys.stdout.isatty()


def _command(name: str | None) -> Callable[[argparse.Namespace], int | RunsApp]:
    command = COMMANDS[name or DEFAULT_COMMAND]
    run: Callable[[argparse.Namespace], int | RunsApp] = getattr(
        importlib.import_module(command.module), command.run
    )
    return run


def _library() -> RulesetLibrary:
    from mjtui.core.rulesets.ruleset import RulesetLibrary

    return RulesetLibrary(paths.ruleset_folders())


# The interactive commands return the app rather than run it, so tests can
# drive exactly what the command built with Textual's pilot.


def _ended(app: RunsApp) -> int:
    """The exit status of an app that has run: 2, said on stderr, when it stopped at start-up."""
    if app.startup_error:
        print(f"mjtui: {shown(app.startup_error, lines=True)}", file=sys.stderr)
        return 2
    return 0


def new_series(args: argparse.Namespace) -> MjtuiApp:
    from mjtui.config import Config, read_config

    library = _library()
    config, warnings = read_config(paths.config_file())
    if args.ruleset:
        try:
            chosen = library.get(args.ruleset)
        except RulesetError as e:
            raise RulesetError(f"--ruleset {args.ruleset}: {e}") from None
    else:
        try:
            chosen = library.get(config.default_ruleset)
        except RulesetError as e:
            fallback = Config().default_ruleset
            if config.default_ruleset == fallback:
                raise
            warnings.append(
                f"default_ruleset = {config.default_ruleset!r} in {paths.config_file()}: {e}; "
                f"the form opens on {fallback} (choose another in its list)"
            )
            chosen = library.get(fallback)
    from mjtui.ui.app import MjtuiApp  # Textual loads only when a screen is wanted

    def the_others() -> tuple[list[Ruleset], list[str]]:
        # Read once the form is shown: the chosen ruleset is all it needs to open.
        entries = library.entries()
        return (
            [e.ruleset for e in entries if e.ruleset],
            [f"Ruleset not offered: {e.error}" for e in entries if e.error],
        )

    return MjtuiApp(
        ruleset=chosen,
        rulesets=[chosen],
        more_rulesets=the_others,
        sessions_dir=paths.sessions_dir(),
        calc_program=args.calc_program,
        time_limit=config.time_limit,
        time_warning=config.time_warning,
        table=config.table,
        warnings=warnings,
    )


def library(args: argparse.Namespace) -> MjtuiApp:
    from mjtui.ui.app import MjtuiApp

    return MjtuiApp(library=True, calc_program=args.calc_program)


GAME_FILE = "fx602p-game.toml"


def play(args: argparse.Namespace) -> MjtuiApp:
    """The game against the computer, going on in one session file between runs."""
    from mjtui.ui.app import MjtuiApp

    path = paths.sessions_dir() / GAME_FILE
    book, warnings = _with_replay_hint(lambda: _game_book(path, _library()), path)
    return MjtuiApp(game=book, warnings=warnings)


def _game_book(path: Path, library: RulesetLibrary) -> tuple[Scorebook, list[str]]:
    """The game file, resumed, or made and saved when there is none: locked either way."""
    from datetime import datetime

    from mjtui.core.model.session import Session
    from mjtui.core.sessions.lock import SessionLock
    from mjtui.core.sessions.scorebook import Scorebook, open_scorebook

    if path.exists():
        book, warnings = open_scorebook(path, library.get)
        if not book.session.computer and book.session.players == ("You", "FX-602P"):
            book.session.computer = (1,)  # a game file from before the key: it says so now
            book.save()
        return book, warnings
    with contextlib.suppress(OSError):  # if it cannot be made, the save says so
        path.parent.mkdir(parents=True, exist_ok=True)
    lock = SessionLock.take(path)
    try:
        if path.exists():  # made meanwhile by another `mjtui play`, which let go of it
            lock.release()
            return open_scorebook(path, library.get)
        started = datetime.now().astimezone().replace(microsecond=0)
        session = Session(library.get("fx602p"), ("You", "FX-602P"), started, computer=(1,))
    except BaseException:
        lock.release()
        raise
    book = Scorebook(session, path, lock)
    book.save()
    return book, [w for w in (lock.warning,) if w]


def _with_replay_hint(
    open_book: Callable[[], tuple[Scorebook, list[str]]], path: Path
) -> tuple[Scorebook, list[str]]:
    """``open_book()``; a file held by another mjtui is refused with the way to look at it."""
    from mjtui.core.sessions.lock import SessionInUse

    try:
        return open_book()
    except SessionInUse as e:
        import shlex  # for the refusal alone

        raise SessionError(
            _(
                "{e}; it can be played in one window at a time. To look at it without "
                "changing it: mjtui replay {file}"
            ).format(e=e, file=shlex.quote(str(path)))
        ) from None


def list_rulesets(args: argparse.Namespace) -> int:
    from mjtui.core.rulesets.listing import listing

    found = listing(paths.ruleset_folders(), paths.cache_dir())
    if not found:
        print(_("no rulesets found"))
    for r in found:  # one line each, whatever a file in the folders is named
        if r.error is None:
            name = str(r.name_said())
            print(f"{shown(r.id):<16} {shown(name)}  [{r.system}]  {shown(str(r.path))}")
        else:
            print(f"{shown(r.id):<16} " + _("BROKEN: {error}").format(error=shown(r.error)))
    print(
        "\n" + _("your own rulesets go in {folder}").format(folder=paths.user_rulesets_dir()),
        file=sys.stderr,
    )
    return 0


def folders(args: argparse.Namespace) -> int:
    from mjtui.core.cells import cells, ljust

    rows = [
        (_("shipped rulesets"), paths.shipped_rulesets_dir()),
        (_("your rulesets"), paths.user_rulesets_dir()),
        (_("config file"), paths.config_file()),
        (_("sessions"), paths.sessions_dir()),
        (_("cache"), paths.cache_dir()),
    ]
    width = max(cells(label) for label, _where in rows)
    for label, where in rows:
        print(f"{ljust(label, width)}  {where}")
    return 0


def resume(args: argparse.Namespace) -> MjtuiApp:
    from mjtui.core.sessions.scorebook import open_scorebook

    path = args.file or _latest_session()
    if path is None:
        raise SessionError(
            _("no saved session in {folder}; start one with `mjtui`").format(
                folder=paths.sessions_dir()
            )
        )
    book, warnings = _with_replay_hint(lambda: open_scorebook(path, _library().get), path)
    from mjtui.config import read_config
    from mjtui.ui.app import MjtuiApp

    config, config_warnings = read_config(paths.config_file())
    return MjtuiApp(
        book=book,
        warnings=[*config_warnings, *warnings],
        calc_program=args.calc_program,
        time_warning=config.time_warning,
    )


def _latest_session() -> Path | None:
    from mjtui.core.sessions.ledger import latest_session  # the folder's ledger: no FILE given

    return latest_session(paths.sessions_dir())


def replay(args: argparse.Namespace) -> int | MjtuiApp:
    """Read-only: no lock is taken, so a series being played can be watched.

    With --json, stdout is one JSON document even for a damaged file: what
    could be read, and ``problems`` saying what could not (exit status 2).
    """
    from mjtui.core.reports.replay import replay_document
    from mjtui.core.sessions.session_file import Loaded, load_session

    try:
        loaded: Loaded = load_session(args.file, _library().get)
    except SessionError as e:
        if not args.json:
            raise
        _print_json({"players": [], "seat_changes": [], "hands": [], "problems": [str(e)]})
        print(f"mjtui: {shown(str(e))}", file=sys.stderr)
        return 2
    # A repaired header (Loaded.repairs) is a warning: every hand was read.
    for warning in loaded.warnings + loaded.repairs:
        print("mjtui: " + _("warning: {warning}").format(warning=shown(warning)), file=sys.stderr)
    if args.json:
        _print_json(replay_document(loaded.session, loaded.problems))
        for problem in loaded.problems:
            print(f"mjtui: {shown(problem)}", file=sys.stderr)
        return 2 if loaded.problems else 0
    from mjtui.ui.app import MjtuiApp

    return MjtuiApp(
        replay=loaded.session,
        replay_name=args.file.name,
        warnings=loaded.warnings + loaded.repairs + loaded.problems,
    )


def _print_json(document: dict[str, object]) -> None:
    import json

    json.dump(document, sys.stdout)
    print()
