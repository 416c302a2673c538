"""A system added from the tests folder alone plays through the app and the CLI.

tests/tiny_system.py is the walk-through of docs/adding-a-system.md: it is
registered here, its ruleset goes in the user's folder, and nothing in the
package knows it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import tiny_system

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.errors import MjtuiError
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.ledger import latest_session
from mjtui.core.sessions.session_file import load_session
from mjtui.core.systems import SYSTEMS, check_systems, register, unregister
from mjtui.core.systems.base import ScoringSystem, SystemDeclarationError
from mjtui.ui.screens.score import ScoreScreen


@pytest.fixture
def tiny(folders: dict[str, Path]) -> Iterator[Path]:
    register(tiny_system.SYSTEM)
    folders["rulesets"].mkdir(parents=True)
    (folders["rulesets"] / "tiny.toml").write_text(tiny_system.RULESET)
    yield folders["data"]
    unregister("tiny")


async def test_the_tiny_system_in_the_app(tiny: Path) -> None:
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "tiny"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for name in ("Ann", "Bob", "Cy", "Di"):
            await pilot.press(*name, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("2", "enter", "0", "enter", "3", "enter")
        await pilot.pause()
        book = app.screen.book
        assert [h.winner for h in book.session.hands] == [1, None, 2]
        assert book.session.state.totals == (8, 12, 12, 8)  # each winner takes 1 from 3
    path = latest_session(tiny / "sessions")
    assert path is not None
    loaded = load_session(path, lambda name: book.session.ruleset)
    assert loaded.problems == [] and loaded.session.hands == book.session.hands


def test_the_tiny_system_on_the_command_line(tiny: Path, capsys) -> None:
    assert entry.main(["hand", "tiny", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"winner": 3, "takes": 3}
    assert entry.main(["hand", "tiny", "x"]) == 2
    assert "give the winner's seat" in capsys.readouterr().err


def test_a_system_must_declare_its_hand_form() -> None:
    members = {k: v for k, v in vars(tiny_system.Tiny).items() if k != "entry"}
    no_form = type("NoForm", (ScoringSystem,), members)()
    with pytest.raises(SystemDeclarationError, match="does not declare entry"):
        register(no_form)
    assert "tiny" not in SYSTEMS


def test_a_system_that_cannot_load_stops_mjtui_at_start_up(tiny: Path, capsys) -> None:
    unregister("tiny")
    SYSTEMS.declare("tiny", "tiny_nowhere:PLUGIN")  # an installed package that is gone
    with pytest.raises(MjtuiError, match=r"'tiny' .* cannot be loaded"):
        check_systems()
    assert entry.main(["--ruleset", "tiny"]) == 2
    assert "cannot be loaded" in capsys.readouterr().err


def test_every_system_state_is_a_table_state() -> None:
    from mjtui.core.systems.base import TableState

    library = RulesetLibrary(paths.ruleset_folders())
    for found in library.entries():
        ruleset = found.ruleset
        assert ruleset is not None, found.error
        state = ruleset.system.start(ruleset.rules)
        assert isinstance(state, TableState), ruleset.id
        assert not state.finished and state.round_label and state.wind(state.east) == "East"
