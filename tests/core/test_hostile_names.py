"""Names and file names that try to drive the terminal: through every command and screen
that shows a name, nothing reaches the terminal (or a browser) raw (core/text.py).

The sessions folder holds one session whose four names each start with a sequence of
issue #26 (OSC 0 sets the window title, CSI 2J clears the screen, C1 CSI, OSC 52 writes
the clipboard) and whose table's name has one too; a second session, in a file whose
name holds a newline, "mjtui: forged" and an ESC, seats a NUL, a right-to-left
override and two names drawn alike ("Ann", "Аnn" with a Cyrillic А); a third file,
unreadable, is named with an OSC sequence, so every skip message names it.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Input

from mjtui import paths
from mjtui.cli import board as board_cli
from mjtui.cli import entry
from mjtui.core.model.session import Session
from mjtui.core.reports.export import to_json
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.session_file import load_session
from mjtui.private_api import notifications
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.league import LeagueScreen
from mjtui.ui.screens.stats import StatsScreen
from mjtui.ui.widgets.text_field import TextField

SIZE = (160, 40)  # wide enough for a file's whole path on a line
RAW = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u061c\u200e\u200f"
    "\u202a-\u202e\u2066-\u2069]"
)
FIRST = ["\x1b]0;TITLE\x07Eve", "\x1b[2JFay", "\x9b31mGus", "\x1b]52;c;SGVsbG8=\x07Hal"]
SECOND = ["Iv\x00y", "\u202eJo", "Ann", "\u0410nn"]
KEPT = ["Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Ann", "\u0410nn"]
FORGED = "b\nmjtui: forged\x1b[2J.toml"
UNREADABLE = "c\x1b]2;NAME\x07.toml"


def session_text(players: list[str], day: int, table: str = "") -> str:
    # json.dumps writes a control as \uXXXX, as a TOML basic string reads it.
    return (
        f'format = "mjtui-session/1"\nruleset = "hp11c"\n'
        f"players = {json.dumps(players)}\nstarted = 2026-10-{day:02d}T19:00:00\n"
        + (f"table = {json.dumps(table)}\n" if table else "")
        + "\n[[hands]]\nwinner = 3\npoints = [10, 4, 50, 6]\n"
    )


@pytest.fixture
def hostile(folders) -> dict[str, Path]:
    folder = paths.sessions_dir()
    folder.mkdir(parents=True)
    files = {
        "first": folder / "hostile.toml",
        "second": folder / FORGED,
        "unreadable": folder / UNREADABLE,
    }
    files["first"].write_text(session_text(FIRST, 10, table="\x1b]0;TITLE\x07T1"))
    files["second"].write_text(session_text(SECOND, 11))
    files["unreadable"].write_text("format = 1\n")
    return files


def safe(text: str) -> None:
    """Nothing a terminal obeys, no forged line, and the sequences' payloads gone."""
    assert not RAW.search(text), sorted({f"U+{ord(c):04X}" for c in RAW.findall(text)})
    assert not any(line.lstrip().startswith("mjtui: forged") for line in text.splitlines())
    assert "TITLE" not in text and "SGVsbG8" not in text


# --------------------------------------------------------------------------
# The commands
# --------------------------------------------------------------------------

COMMANDS = [
    (["replay", "{first}", "--json"], KEPT[:4]),
    (["replay", "{second}", "--json"], ["Ivy", "Jo"]),
    (["seats", "{first}"], KEPT[:4]),
    (["seats", "{second}"], KEPT[4:]),
    *((["export", "{first}", "--format", f], KEPT[:4]) for f in ("md", "csv", "json")),
    *((["export", "{second}", "--format", f], KEPT[4:6]) for f in ("md", "csv", "json")),
    (["league"], KEPT),
    (["league", "--json"], ["Ivy", "Jo"]),
    (["league", "--format", "md"], KEPT),
    (["league", "--format", "csv"], KEPT),
    (["stats"], KEPT),
    (["stats", "--json"], ["Ivy", "Jo"]),
]


@pytest.mark.parametrize("argv,names", COMMANDS, ids=[" ".join(a) for a, _ in COMMANDS])
def test_every_command_prints_the_names_cleaned(hostile, capsys, argv, names) -> None:
    args = [a.format(**{k: str(v) for k, v in hostile.items()}) for a in argv]
    assert entry.main(args) == 0
    out, err = capsys.readouterr()
    safe(out + err)
    for name in names:
        assert name in out, name
    if "--json" in args or "json" in args:
        json.loads(out)  # still one JSON document
    if args[0] in ("league", "stats") and "--json" not in args:
        # The unreadable file is named, escaped, on one line of its own.
        assert "c\\u001b]2;NAME\\u0007.toml" in err
        assert "'Ann' and 'Аnn' look alike" in err or "'Аnn' and 'Ann' look alike" in err


def test_json_reports_the_look_alikes_and_the_skipped_file(hostile, capsys) -> None:
    for command in ("league", "stats"):
        assert entry.main([command, "--json"]) == 0
        document = json.loads(capsys.readouterr().out)
        assert len(document["warnings"]) == 1 and "U+0410" in document["warnings"][0]
        assert any("NAME" in note for note in document["skipped"])


def test_a_session_of_look_alikes_is_read_with_a_warning(hostile, capsys) -> None:
    assert entry.main(["replay", str(hostile["second"]), "--json"]) == 0
    err = capsys.readouterr().err
    assert "mjtui: warning: " in err and "b\\u000amjtui: forged\\u001b[2J.toml" in err
    assert "'Ann' and 'Аnn' look alike but are different names" in err


def test_a_name_of_nothing_but_controls_is_refused_saying_which(folders, tmp_path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(session_text(["Ann", "\x1b[2J", "Cy", "Di"], 10))
    with pytest.raises(Exception, match=r"the name of seat 2, '\\x1b\[2J', has only control"):
        load_session(path, RulesetLibrary(paths.ruleset_folders()).get)


def test_export_json_to_a_file_escapes_c1_controls(folders) -> None:
    # A session made in memory keeps what it is given; the JSON written holds no raw C1.
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    from datetime import datetime

    session = Session(ruleset, ("\x9b31mEve", "\u202eBob", "Cy", "Di"), datetime(2026, 1, 1))
    text = to_json(session)
    assert not RAW.search(text)
    assert json.loads(text)["players"][:2] == ["\x9b31mEve", "\u202eBob"]


def test_the_names_are_saved_back_clean(hostile) -> None:
    find = RulesetLibrary(paths.ruleset_folders()).get
    loaded = load_session(hostile["first"], find)
    assert loaded.session.players == tuple(KEPT[:4]) and loaded.session.table == "T1"
    assert not loaded.appendable  # the file is not what a save writes: saved whole


# --------------------------------------------------------------------------
# The screens (and the board, as `mjtui serve` sends it to the browsers)
# --------------------------------------------------------------------------


def svg_text(svg: str) -> str:
    """The text a screenshot shows, its pieces joined."""
    return html.unescape("".join(re.findall(r"<text[^>]*>(.*?)</text>", svg))).replace("\xa0", " ")


class Seen(NamedTuple):
    text: str  # what the screens showed
    told: list[str]  # the notifications so far


async def shows_safely(pilot: Pilot, names: list[str], *keys: str) -> Seen:
    """Press the keys, and check the screen before the first and after each."""
    app = pilot.app
    await pilot.pause()
    screens = [app.export_screenshot()]
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
        screens.append(app.export_screenshot())
    for screen in screens:
        safe(screen)
    everything = "\n".join(map(svg_text, screens))
    for name in names:
        assert name in everything, name
    told = [f"{n.title}: {n.message}" for n in notifications(app)]
    for notice in told:
        safe(notice)
    return Seen(everything, told)


async def run_safely(app: App, names: list[str], *keys: str) -> Seen:
    async with app.run_test(size=SIZE) as pilot:
        return await shows_safely(pilot, names, *keys)


async def test_the_library_its_details_and_the_league_and_stats_it_opens(hostile) -> None:
    app = entry.library(argparse.Namespace(calc_program=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = await shows_safely(pilot, KEPT, "down", "down")  # each file's details
        assert "b\\u000amjtui: forged\\u001b[2J.toml" in seen.text  # its name, as it is
        for key, screen in (("l", LeagueScreen), ("s", StatsScreen)):
            seen = await shows_safely(pilot, ["Eve", "Fay", "Ivy", "Jo", "Ann"], key)
            assert isinstance(app.screen, screen) and "1 file not counted" in seen.text
            await pilot.press("escape")
        assert sum("look alike" in notice for notice in seen.told) == 2  # league, stats


async def test_the_score_sheet_of_a_resumed_series(hostile) -> None:
    app = entry.resume(argparse.Namespace(file=hostile["first"], calc_program=None))
    try:
        await run_safely(app, KEPT[:4])
    finally:
        app.release_sessions()


async def test_the_replay_of_a_file_with_a_newline_in_its_name(hostile) -> None:
    app = entry.replay(argparse.Namespace(file=hostile["second"], json=False))
    seen = await run_safely(app, KEPT[4:], "right")
    assert any("look alike" in notice for notice in seen.told)


async def test_the_board_as_mjtui_board_and_serve_draw_it(hostile) -> None:
    for file, names in (("first", KEPT[:4]), ("second", KEPT[4:])):
        app = board_cli.board_command(argparse.Namespace(file=hostile[file]))
        await run_safely(app, names)


async def test_a_pasted_name_is_cleaned_as_it_goes_in() -> None:
    class Fields(App):
        def compose(self) -> ComposeResult:
            yield Input(id="plain")
            yield TextField(id="field")

    app = Fields()
    async with app.run_test() as pilot:
        for name in ("plain", "field"):
            app.query_one(f"#{name}").post_message(events.Paste("\x1b]0;TITLE\x07Eve\u202e"))
        await pilot.pause()
        # Textual's own Input keeps the paste as it came, and draws it raw: why the
        # forms' name fields are TextFields.
        assert app.query_one("#plain", Input).value == "\x1b]0;TITLE\x07Eve\u202e"
        assert app.query_one("#field", Input).value == "Eve"


async def test_the_new_series_form_cleans_pasted_names_and_warns_of_look_alikes(folders) -> None:
    hp11c = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    app = MjtuiApp(rulesets=[hp11c], ruleset=hp11c, sessions_dir=paths.sessions_dir())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for name in ("\x1b]0;TITLE\x07Ann", "\u0410nn\u202e", "Bob", "Cy"):
            app.focused.post_message(events.Paste(name))
            await pilot.pause()
            await pilot.press("enter")
        await pilot.pause()
        assert app.book is not None
        assert app.book.session.players == ("Ann", "\u0410nn", "Bob", "Cy")
        told = [n.message for n in notifications(app)]
        assert any("'Ann' and 'Аnn' look alike but are different names" in m for m in told)
        app.release_sessions()


# --------------------------------------------------------------------------
# The other places names and texts come in
# --------------------------------------------------------------------------


def test_a_substitute_named_with_escapes_is_kept_clean(hostile, capsys) -> None:
    path = hostile["first"]
    assert (
        entry.main(
            ["seats", str(path), "--substitute", "2", "\x1b]0;TITLE\x07Zed\u202e", "--from", "1"]
        )
        == 0
    )
    out = capsys.readouterr().out
    safe(out)
    assert "2: Zed" in out and "\\u001b" not in path.read_text()
    assert '"Zed"' in path.read_text()  # saved clean


def test_ruleset_and_config_texts_are_cleaned(folders, capsys) -> None:
    shipped = Path(__file__).resolve().parents[2] / "rulesets" / "hp11c.toml"
    text = shipped.read_text().replace('name = "', 'name = "\\u001b]0;TITLE\\u0007', 1)
    folders["rulesets"].mkdir(parents=True)
    (folders["rulesets"] / "club.toml").write_text(text)
    (folders["config"] / "config.toml").write_text('table = "\\u009b31mTable 2\\u202e"\n')
    assert entry.main(["rulesets"]) == 0
    safe(capsys.readouterr().out)
    club = RulesetLibrary(paths.ruleset_folders()).get("club")
    assert club.name == RulesetLibrary(paths.ruleset_folders()).get("hp11c").name
    from mjtui.config import load_config

    assert load_config(paths.config_file()).table == "Table 2"


def test_a_tenhou_log_s_names_are_cleaned(folders) -> None:
    from mjtui.systems.riichi.tenhou6 import import_log

    log = {
        "title": ["", ""],
        "name": ["\x1b]0;TITLE\x07Ann", "\x9b31mBob", "Chen\u202e", "Do\x00ra"],
        "rule": {"disp": "\x1b[2J", "aka": 1},
        "log": [
            [
                [0, 0, 0],
                [25000] * 4,
                [11],
                [],
                *([[11] * 13, [], []] * 4),
                ["和了", [0, -2000, 2000, 0], [2, 1, 2, "30符2飜2000点", "役牌 中(1飜)"]],
            ]
        ],
    }
    imported = import_log(log, RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou"))
    assert imported.session.players == ("Ann", "Bob", "Chen", "Dora")


def test_nfc_and_nfd_and_invisible_variants_are_one_player(folders, capsys) -> None:
    nfc, nfd = "Chén", unicodedata.normalize("NFD", "Chén")
    folder = paths.sessions_dir()
    folder.mkdir(parents=True)
    (folder / "a.toml").write_text(session_text([nfc, "Ann", "Bob", "Cy"], 10))
    (folder / "b.toml").write_text(session_text([nfd, "Ann\u200b", "ＢＯＢ", "Cy"], 11))
    from mjtui.core.reports.league import collect as league_of
    from mjtui.core.reports.stats import collect as stats_of

    find = RulesetLibrary(paths.ruleset_folders()).get
    (league,) = league_of(folder, find).leagues
    stats = stats_of(folder, find).systems["east-doubling"]
    both = {"Ann": 2, "Cy": 2, "ＢＯＢ": 2, nfd: 2}  # the latest spelling shown
    assert {p.name: p.games for p in league.players} == both
    assert {p.name: p.series for p in stats.players} == both
    assert league.warnings == stats.warnings == []
    assert entry.main(["league"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    # The decomposed é takes one column, a full-width letter two: the columns stay aligned.
    from mjtui.cli.reports import _width

    assert len(rows) == 4 and len({_width(row[: row.index(" 2 ")]) for row in rows}) == 1
    assert _width(nfd) == 4 and _width("ＢＯＢ") == 6
