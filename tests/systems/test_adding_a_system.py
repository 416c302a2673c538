"""A scoring system installed as a distribution of its own plays through mjtui unchanged.

tests/plugins/tiny is the plugin docs/adding-a-system.md walks through, file by
file: its own pyproject.toml declares the system and its rulesets under
mjtui's entry points. The tests install it for real (pip, into a folder of
their own: no network, the build backend from the test extras), then play it
through the app (every sheet key, the board, the reference, undo and redo,
the seats), the command line (`mjtui hand`, `mjtui rulesets`, export, replay)
and the library, with no line of mjtui changed for it; and check that a broken
plugin is named at start-up without taking the others down.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from waiting import until

from mjtui.cli import entry
from mjtui.core.errors import MjtuiError
from mjtui.core.sessions.ledger import latest_session
from mjtui.core.systems import SYSTEMS, check_systems
from mjtui.core.systems.base import ScoringSystem, SystemDeclarationError, check_declaration
from mjtui.ui.screens.board import BoardScreen
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.screens.reference import ReferenceScreen
from mjtui.ui.screens.score import ScoreScreen

REPO = Path(__file__).resolve().parents[2]
PLUGIN = REPO / "tests" / "plugins" / "tiny"
DOC = REPO / "docs" / "adding-a-system.md"


def install(into: Path) -> Path:
    """pip installs the plugin into ``into`` (once per test run: a lock for the workers)."""
    done = into / "installed"
    if done.exists():
        return into
    import fcntl

    into.mkdir(parents=True, exist_ok=True)
    with open(into / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            subprocess.run(
                [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                 "--no-build-isolation", "--disable-pip-version-check", "--target",
                 str(into / "site"), str(PLUGIN)],
                check=True, capture_output=True, timeout=300,
                cwd=into)  # fmt: skip
            done.write_text("ok")
    return into


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the plugin is installed in, shared by every worker of the run."""
    return install(tmp_path_factory.getbasetemp().parent / "tiny-plugin") / "site"


@pytest.fixture
def tiny(site: Path, folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The plugin on this process's path, as an installed package is."""
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), str(REPO)]))
    SYSTEMS.refresh()
    yield folders["data"]
    monkeypatch.undo()
    SYSTEMS.unregister("tiny")
    SYSTEMS.refresh()


def mjtui(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The `mjtui` command in a process of its own, with the plugin installed."""
    return subprocess.run([sys.executable, "-m", "mjtui", *argv], capture_output=True,
                          text=True, input=stdin, timeout=120)  # fmt: skip


# ------------------------------------------------------------------ the plugin


def test_the_plugin_is_found_as_an_installed_package_is(tiny: Path) -> None:
    assert "tiny" in SYSTEMS and SYSTEMS["tiny"].name == "tiny"
    listed = mjtui("rulesets")
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"^tiny +Tiny +\[tiny\] +.*mjtui_tiny/rulesets/tiny.toml$", listed.stdout,
                     re.M), listed.stdout  # fmt: skip
    assert "hp11c" in listed.stdout  # beside mjtui's own


def test_the_plugin_on_the_command_line(tiny: Path) -> None:
    said = mjtui("hand", "tiny", "3", "--json")
    assert said.returncode == 0, said.stderr
    assert json.loads(said.stdout) == {"winner": 3, "takes": 3}
    assert mjtui("hand", "tiny", "3").stdout == "seat 3 takes 3\n"
    wrong = mjtui("hand", "tiny", "9")
    assert wrong.returncode == 2 and "the winner is a seat from 1 to 4" in wrong.stderr
    helped = mjtui("hand", "tiny", "--help")
    assert helped.returncode == 0 and "the winner's seat" in helped.stdout
    rules = mjtui("rules", "tiny")
    assert rules.returncode == 0 and "table.players = 4" in rules.stdout


async def test_the_plugin_at_the_table(tiny: Path) -> None:
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "tiny"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for name in ("Ann", "Bob", "Cy", "Di"):
            await pilot.press(*name, "enter")
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the sheet")
        sheet = app.screen
        book = sheet.book
        # A win by each kind of key, a draw, Enter on the form's Confirm.
        await pilot.press("2", "enter", "0", "enter", "c", "enter")
        await until(pilot, lambda: len(book.session.hands) == 3, "three hands")
        assert [h.winner for h in book.session.hands] == [1, None, 2]
        assert book.session.state.totals == (8, 12, 12, 8)  # each winner takes 1 from 3
        status = str(sheet.query_one("#status").render())
        assert "Hand 4 · East: Cy" in status and "Leading: Bob, Cy" in status
        # Edit the last hand (its question answered), undo the edit, redo it.
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the edit form")
        await pilot.press("4", "ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: book.session.hands[2].winner == 3, "the edit")
        await pilot.press("u")
        await until(pilot, lambda: book.session.hands[2].winner == 2, "the undo")
        await pilot.press("U")
        await until(pilot, lambda: book.session.hands[2].winner == 3, "the redo")
        # The table display, the rules, the chart, the dice: each opens and closes.
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen), "the board")
        board = str(app.screen.query_one("#board-round").render())
        assert "Hand 4" in board
        await pilot.press("escape")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReferenceScreen), "the rules")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is sheet, "the sheet again")
        await pilot.press("g", "x")
        await pilot.pause()
        # The keys the system has no use for stay out of the footer: no final standings.
        assert not sheet.check_action("standings", ())
    path = latest_session(tiny / "sessions")
    assert path is not None
    exported = mjtui("export", str(path), "--format", "json")
    assert exported.returncode == 0, exported.stderr
    document = json.loads(exported.stdout)
    assert [h["winners"] for h in document["hands"]] == [[2], [], [4]]
    assert document["hands"][-1]["totals"] == [8, 12, 8, 12]
    replayed = mjtui("replay", str(path), "--json")
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["hands"][0]["totals"]


def test_the_plugin_is_a_whole_system() -> None:
    sys.path.insert(0, str(PLUGIN))
    try:
        from mjtui_tiny.system import SYSTEM

        check_declaration(SYSTEM)
        assert isinstance(SYSTEM, ScoringSystem)
    finally:
        sys.path.remove(str(PLUGIN))


# ------------------------------------------------------------------ broken plugins


def distribution(site: Path, name: str, entry_points: str) -> None:
    """An installed distribution as pip leaves one: a dist-info with its entry points."""
    info = site / f"{name}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(entry_points)


def test_a_broken_plugin_is_named_at_start_up_and_takes_nothing_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folders: dict[str, Path]
) -> None:
    site = tmp_path / "site"
    distribution(site, "mjtui_gone", "[mjtui.systems]\ngone = mjtui_gone:PLUGIN\n")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), str(REPO)]))
    started = mjtui("--ruleset", "hp11c")
    assert started.returncode == 2
    assert "the scoring system 'gone'" in started.stderr and "mjtui_gone" in started.stderr
    assert "Traceback" not in started.stderr
    listed = mjtui("rulesets")  # the others are read and listed as ever
    assert listed.returncode == 0 and "riichi-wrc" in listed.stdout
    assert "BROKEN" not in listed.stdout
    scored = mjtui("hand", "riichi-tenhou", "123m456p789s23455s", "--tsumo", "--json")
    assert scored.returncode == 0, scored.stderr


def test_a_plugin_that_is_not_whole_is_refused_with_what_it_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "site" / "mjtui_half"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from mjtui.core.systems.registry import Plugin\n"
        'PLUGIN = Plugin("half", rules="mjtui_half:Rules", system="mjtui_half:SYSTEM")\n'
        "from mjtui.core.systems.base import RulesHeader, ScoringSystem\n"
        "class Rules(RulesHeader): pass\n"
        "class State: totals = (); hands = 0; east = 0\n"
        "class Half(ScoringSystem):\n"
        '    name = "half"; rules_type = Rules; state_type = State\n'
        "SYSTEM = Half()\n"
    )
    distribution(tmp_path / "site", "mjtui_half", "[mjtui.systems]\nhalf = mjtui_half:PLUGIN\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    SYSTEMS.refresh()
    try:
        with pytest.raises(SystemDeclarationError, match="does not declare apply, check"):
            SYSTEMS["half"]
        with pytest.raises(MjtuiError, match="'half'"):
            check_systems()
        assert SYSTEMS["riichi"].name == "riichi"  # the others stand
    finally:
        monkeypatch.undo()
        SYSTEMS.unregister("half")
        SYSTEMS.refresh()


def test_a_state_without_what_the_screens_read_is_refused() -> None:
    from mjtui.systems.east_doubling.system import EastDoubling

    class Bare:
        totals = ()

    class Lacking(EastDoubling):
        state_type = Bare

    with pytest.raises(SystemDeclarationError, match="lacks hands, last_change, east"):
        check_declaration(Lacking())


# ------------------------------------------------------------------ the doc


def test_the_doc_holds_every_file_of_the_plugin_as_it_is() -> None:
    """docs/adding-a-system.md shows each file of tests/plugins/tiny whole, under its
    path: following the doc literally gives the plugin these tests install."""
    doc = DOC.read_text(encoding="utf-8")
    shown = dict(re.findall(r"^`(mjtui-tiny/[^`]+)`:\n\n```[a-z]*\n(.*?)```$", doc, re.M | re.S))
    files = {f"mjtui-tiny/{p.relative_to(PLUGIN)}": p.read_text(encoding="utf-8")
             for p in sorted(PLUGIN.rglob("*")) if p.is_file()
             and "__pycache__" not in p.parts}  # fmt: skip
    assert shown.keys() == files.keys()
    for name, text in files.items():
        assert shown[name] == text, f"docs/adding-a-system.md shows {name} otherwise"


def test_every_system_state_is_a_table_state() -> None:
    from mjtui import paths
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.systems.base import TableState

    library = RulesetLibrary(paths.ruleset_folders())
    for found in library.entries():
        ruleset = found.ruleset
        assert ruleset is not None, found.error
        state = ruleset.system.start(ruleset.rules)
        assert isinstance(state, TableState), ruleset.id
        assert not state.finished and state.round_label and state.wind(state.east) == "East"
