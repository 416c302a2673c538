"""The screens beyond the score sheet in Japanese and both Chinese scripts, read as text:
the library and what it opens (the detail, stats, league, what-if, replay, the delete
question, the trash, a resumed sheet's seats form), the director's screens and forms,
the FX-602P game and the calculator panes. A word of the interface left in English (a
string missing from the catalogs, or never marked) fails, naming the screen.

Each language's screens are read in one app, as a scorer reaches them (an app a screen
would cost seconds each): text read from the screen; three of them (the library and the
statistics in Japanese, the director's penalty form in simplified Chinese) are kept as
SVG snapshots too, taken in the same apps. A footer key not shown whole, a heading cut
and a column of names in three scripts out of line fail as well. Words that may
stay in Latin letters are test_snapshots_languages.py's ALLOWED, and the names a screen
shows from its data: the ruleset keys of the what-if form, the files' folder, the
calculators' key labels, the tournament's and the players' names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_snapshots_languages import EVENINGS, NAMES, english_left
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input
from waiting import until

from mjtui import paths
from mjtui.cli import entry
from mjtui.core import language
from mjtui.core.model.session import Session
from mjtui.core.reports.whatif import flatten
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import save_session
from mjtui.private_api import footer_key_type, screen_strips
from mjtui.systems.east_doubling import system as east_doubling
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.director import (
    ClockForm,
    PenaltiesScreen,
    PenaltyForm,
    SeatForm,
    SeatingScreen,
    SubstituteForm,
)
from mjtui.ui.screens.hall import HallScreen
from mjtui.ui.screens.league import LeagueScreen
from mjtui.ui.screens.library import (
    COLUMNS,
    LibraryReplayScreen,
    LibraryScoreScreen,
    TrashScreen,
)
from mjtui.ui.screens.seats import SeatsScreen
from mjtui.ui.screens.stats import StatsScreen
from mjtui.ui.screens.whatif import WhatIfScreen, form_keys
from mjtui.ui.widgets.footer import Footer

SIZE = (80, 24)
NARROW = (60, 20)  # the smallest window the app promises
LANGUAGES = ("ja", "zh_Hans", "zh_Hant")
EVENING_OF = {spoken: name for name, (spoken, _rid, _hands) in EVENINGS.items()}
# The calculators' own key and state labels (as printed on them), and the names of
# the methods, fields and programs the screens quote as they are typed.
CALCULATOR_WORDS = {
    "enter", "GSB", "LBL", "CHS", "EEX", "CLx", "LASTx", "HLT", "PAUSE", "INV", "MAC", "ENTER",
    "Miyahara", "docs", "emulator", "calc", "program", "FILE", "mjtui", "OpenSkill", "sigma",
    "force", "shift", "Tab", "toml", "tournament", "sheet", "round", "format", "html", "league",
    "home", "end", "pgup", "pgdn", "true", "false",
}  # fmt: skip


def lines_of(app: MjtuiApp, widget: Widget | None = None) -> list[str]:
    """The screen's lines, or only the cells of ``widget``'s region (a pane beside the
    sheet, whose system may be one not translated yet)."""
    strips = screen_strips(app.screen)
    if widget is None:
        return [strip.text for strip in strips]
    region = widget.region
    return [strip.crop(region.x, region.right).text for strip in strips[region.y : region.bottom]]


def left_in_english(lines: list[str], *allowed: str) -> list[str]:
    """The English words on ``lines`` (english_left) but the words of ``allowed``."""
    words = set(CALCULATOR_WORDS)
    for text in allowed:
        words |= set(re.findall(r"[A-Za-z]{3,}", text))
    return [w for w in english_left(lines) if w not in words]


def save(spoken: str) -> Path:
    """The three evenings of test_snapshots_languages.py saved in the library, players
    named in their scripts, ``spoken``'s the latest (the one the cursor starts on)."""
    library = RulesetLibrary(paths.ruleset_folders())
    others = [name for name in EVENINGS if name != EVENING_OF[spoken]]
    for day, name in enumerate([*others, EVENING_OF[spoken]], 28):
        evening_spoken, ruleset_id, hands = EVENINGS[name]
        session = Session(
            library.get(ruleset_id), NAMES[evening_spoken], datetime(2026, 11, day, 20)
        )
        for hand in hands:
            session.add(hand)
        path = paths.sessions_dir() / f"2026-11-{day}_200000_{ruleset_id}.toml"
        save_session(session, path)
    return path


async def read_each(
    pilot: Pilot[None],
    app: MjtuiApp,
    steps: list[tuple[str, list[str], type]],
    pictures: dict[str, str] | None = None,
) -> dict[str, list[str]]:
    """Each step's keys typed, its screen awaited and read: the screen's lines by name;
    the screens named in ``pictures`` are taken as SVG there too."""
    read: dict[str, list[str]] = {}
    for name, keys, kind in steps:
        await pilot.press(*keys)
        await until(pilot, lambda kind=kind: isinstance(app.screen, kind), name)
        await pilot.pause()
        read[name] = lines_of(app)
        assert footer_cut(app) == [], f"{name}: the footer's keys cut"
        if pictures is not None and name in pictures:
            pictures[name] = await picture(pilot, app)
    return read


async def picture(pilot: Pilot[None], app: App[None]) -> str:
    """The screen as SVG, as test_snapshots.py takes it (no field's cursor blinking)."""
    for screen in app.screen_stack:
        for field in screen.query(Input):
            field.cursor_blink = False
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    return app.export_screenshot(simplify=True)


def unlike(kept: Callable[[str, str], bool], prefix: str, pictures: dict[str, str]) -> list[str]:
    """The pictures unlike the SVG kept under their name in __snapshots__."""
    return [name for name, svg in pictures.items() if not kept(f"{prefix}-{name}", svg)]


def footer_cut(app: MjtuiApp) -> list[str]:
    """The keys of the footer on top whose description is not wholly on the screen
    (CJK descriptions are twice as wide as their characters are many)."""
    shown = "\n".join(lines_of(app))
    return [
        key.description
        for footer in app.screen.query(Footer)
        for key in footer.children
        if isinstance(key, footer_key_type()) and key.description not in shown
    ]


# Every screen the library opens in Japanese; in Chinese a part each, the scripts' own
# widths being what a second reading adds (test_catalogs.py has every string in each).
LIBRARY_STEPS: list[tuple[str, list[str], type]] = [
    ("stats", ["s"], StatsScreen),
    ("league", ["escape", "l"], LeagueScreen),
    ("what-if", ["escape", "w"], WhatIfScreen),
    ("what-if compared", ["ctrl+s"], WhatIfScreen),
    ("replay", ["escape", "r"], LibraryReplayScreen),
    ("delete question", ["escape", "d"], ConfirmScreen),
    ("trash", ["n", "t"], TrashScreen),
    ("resumed sheet", ["escape", "enter"], LibraryScoreScreen),
    ("seats form", ["s"], SeatsScreen),
]
READ_IN = {"ja": 9, "zh_Hans": 4, "zh_Hant": -3}  # the first steps, or the last
SIZE_IN = {"zh_Hans": NARROW}  # the smallest window the app promises, its footer in rows
PICTURES = {"ja": ("library", "stats")}  # the screens kept as SVG snapshots too


@pytest.mark.parametrize("spoken", LANGUAGES)
async def test_the_library_and_what_it_opens(
    spoken: str,
    folders: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    kept: Callable[[str, str], bool],
) -> None:
    """In Japanese the library and the statistics are taken as SVG too (kept in
    __snapshots__), the folders relative (data/...): the paths shown are the same on
    every machine."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MJTUI_DATA_DIR", "data")
    path = save(spoken)
    language.install(spoken)
    app = MjtuiApp(library=True)
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(EVENINGS[EVENING_OF[spoken]][1])
    values = " ".join(str(value) for value in flatten(ruleset.table()).values())
    folders_shown = f"{path} {paths.trash_dir()}"
    allowed = (folders_shown, ruleset.id, ruleset.name, " ".join(form_keys(ruleset)), values)
    async with app.run_test(size=SIZE_IN.get(spoken, SIZE)) as pilot:
        await until(pilot, lambda: "2026-11-30" in "\n".join(lines_of(app)), "the library")
        read = {"library": lines_of(app)}
        pictures = dict.fromkeys(PICTURES.get(spoken, ()), "")
        if "library" in pictures:
            pictures["library"] = await picture(pilot, app)
        count = READ_IN[spoken]
        steps = LIBRARY_STEPS[:count] if count > 0 else LIBRARY_STEPS[count:]
        if count < 0:
            steps[0] = (steps[0][0], steps[0][1][1:], steps[0][2])  # no Esc: the library
        read |= await read_each(pilot, app, steps, pictures)
        # The players' names in their own scripts stand in line on the library's list:
        # each row's count of hands (3 in each evening) ends in the same column.
        rows = [line for line in read["library"] if "-11-" in line and "│" in line]
        assert len(rows) == 3 and any(NAMES[spoken][0] in row for row in rows)
        assert len({cell_len(row[: row.index(" 3 ") + 2]) for row in rows}) == 1
        # The what-if help wraps beside its button rather than being cut (60 columns).
        help_end = language._("Enter: compare · shift+Tab: start from · Esc: back")
        if "what-if compared" in read:  # scrolled down to the comparison, below the help
            assert help_end.rpartition(" · ")[2] in "\n".join(read["what-if compared"])
        # Each column as wide as its heading's cells (局 is two, not one), at 80 columns.
        if spoken not in SIZE_IN:
            heading = next((line for line in read["library"] if "│ " in line), "")
            assert all(language._(head) in heading for head, _key in COLUMNS[1:])
    assert {name: left_in_english(lines, *allowed) for name, lines in read.items()} == {
        name: [] for name in read
    }
    differ = unlike(kept, spoken, pictures)
    assert not differ, f"screens unlike their snapshots: {differ} (see snapshot_report.html)"


def new_tournament(tmp_path: Path, spoken: str) -> Path:
    """A tournament of eight players named in ``spoken``'s script, its round 1 seated."""
    names = [*NAMES[spoken], *(f"{n}二" for n in NAMES[spoken])]
    players = tmp_path / "players.csv"
    players.write_text("".join(f"{name}\n" for name in names), encoding="utf-8")
    folder = tmp_path / "t"
    make = ["tournament", "new", "春季杯", "--ruleset", "riichi-ema", "--rounds", "3"]
    more = ["--players", str(players), "--seed", "2", "--folder", str(folder), "--minutes", "60"]
    assert entry.main([*make, *more]) == 0
    assert (
        entry.main(["tournament", "seat", "春季杯", "--round", "1", "--folder", str(folder)]) == 0
    )
    return folder


@pytest.mark.parametrize("spoken", ["zh_Hans"])
async def test_the_directors_screens_and_forms(
    spoken: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    kept: Callable[[str, str], bool],
) -> None:
    """The hall's clock and tables, the seating screen (its keys, and the desk's tables
    and their cost, mjtui/cli's), the penalties, and each of the four forms, at 60x20
    (each form whole within the width); the penalty form over the penalties taken as
    SVG too (kept in __snapshots__)."""
    pictures = {"director-penalty": ""}
    folder = new_tournament(tmp_path, spoken)
    capsys.readouterr()
    language.install(spoken)
    args = entry.build_parser().parse_args(
        ["tournament", "director", "春季杯", "--folder", str(folder)]
    )
    app = entry._command("tournament")(args)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HallScreen), "the hall")
        await pilot.pause()
        hall = app.screen
        clock_and_tables = lines_of(app, hall.query_one("#hall-tables"))
        title = lines_of(app, hall.query_one("#hall-title"))
        footer = lines_of(app, hall.query_one("Footer"))
        read = {"hall": clock_and_tables + title + footer}
        steps: list[tuple[str, list[str], type]] = [
            ("seat form", ["s", "n"], SeatForm),
            ("penalties", ["escape", "escape", "p"], PenaltiesScreen),
            # Taken as SVG with the name typed, before an amount is (its note follows it).
            ("penalty form", ["a", *NAMES[spoken][1]], PenaltyForm),
            ("penalty form's points", ["enter", "2", "0", "0", "0"], PenaltyForm),
            ("clock form", ["escape", "escape", "t"], ClockForm),
            ("substitute form", ["escape", "u"], SubstituteForm),
        ]
        for name, keys, kind in steps:
            await pilot.press(*keys)
            await until(pilot, lambda kind=kind: isinstance(app.screen, kind), name)
            await pilot.pause()
            box = app.screen.query_one("Vertical") if "form" in name else None
            read[name] = lines_of(app, box)
            assert box is None or box.region.right <= NARROW[0], f"{name} cut on the right"
            if name == "penalty form":
                pictures["director-penalty"] = await picture(pilot, app)
        await pilot.press("escape", "s")
        await until(pilot, lambda: isinstance(app.screen, SeatingScreen), "the seating")
        await pilot.pause()
        read["seating"] = lines_of(app)  # its keys, and the desk's tables and their cost
        # The one player whose name holds what was typed, named in the penalty form.
        assert any(f"→ {NAMES[spoken][1]}" in line for line in read["penalty form"])
    assert {name: left_in_english(lines, "riichi ema") for name, lines in read.items()} == {
        name: [] for name in read
    }
    differ = unlike(kept, spoken, pictures)
    assert not differ, f"screens unlike their snapshots: {differ} (see snapshot_report.html)"


async def test_the_fx602p_game_in_japanese(folders: dict[str, Path]) -> None:
    language.install("ja")
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("fx602p")
    session = Session(ruleset, ("あなた", "FX-602P"), datetime(2026, 11, 30, 20, 0))
    book = Scorebook(session, paths.sessions_dir() / "2026-11-30_200000_fx602p.toml")
    app = MjtuiApp(game=book)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "FX-602P" in "\n".join(lines_of(app)), "the game")
        await pilot.press("x")  # a key that does nothing: the screen says what would
        await pilot.pause()
        lines = lines_of(app)
    assert left_in_english(lines) == []
    assert any("捨て牌" in line for line in lines)
    # The two labels over the discards end in the same column, each CJK character two cells.
    labels = [line for line in lines if "捨て牌" in line]
    assert len({cell_len(line.partition("捨て牌")[0]) for line in labels}) == 1


async def test_the_calculator_panes_own_words(folders: dict[str, Path], tmp_path: Path) -> None:
    """The HP-11C's (p) and then the FX-602P's (P) pane beside an East-doubling sheet, in
    one app: each pane's own labels, help and link in traditional Chinese (the sheet
    beside them is the HP-11C system's, whose words are its own catalog's)."""
    spoken = "zh_Hant"
    language.install(spoken)
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, NAMES[spoken], datetime(2026, 11, 30, 20, 0))
    session.add(east_doubling.Hand(1, (8, 30, 4, 0)))
    app = MjtuiApp(book=Scorebook(session, tmp_path / "2026-11-30_200000_hp11c.toml"))
    read: dict[str, list[str]] = {}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for pane, which in (("p", "#calculator"), ("P", "#fx602p")):
            await pilot.press(pane)
            await until(pilot, lambda which=which: bool(app.screen.query(which)), which)
            await pilot.pause()
            read[which] = lines_of(app, app.screen.query_one(which))
    assert {which: left_in_english(lines) for which, lines in read.items()} == {
        which: [] for which in read
    }
    assert any("計算機" in line for line in read["#calculator"])  # its link's heading


# Headings laid out in columns of a set width: each translation must fit its column.
FIXED_WIDTHS = {
    "seat": 4, "sheet": 11, "calculator": 12,  # the HP-11C pane's link (calc_pane.py)
    "hand": 5, "winner": 10, "program": 8, "native": 7,  # the FX-602P pane's hands
    "Total": 7, "Pen.": 5, "Pl.": 5, "G": 2, "Player": 24, "Team": 24,  # the hall's
}  # fmt: skip


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_each_heading_fits_its_column(spoken: str) -> None:
    language.install(spoken)
    wide = {
        english: language._(english)
        for english, width in FIXED_WIDTHS.items()
        if cell_len(language._(english)) > width
    }
    assert wide == {}
    assert cell_len(language.pgettext("wind", "East")) <= 4  # the HP-11C pane's East row
