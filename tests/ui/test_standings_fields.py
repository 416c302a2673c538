"""The standings screen draws any system's placings from their fields' metadata alone.

A system the screens have never heard of gives its placings and a note; the screen
titles each field, writes it as its ``shown`` says, and leaves out on a narrow screen
a ``drop-if-zero`` column that no one has, with no line of the screen written for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest
from textual.app import App
from textual.widgets import DataTable, Static
from waiting import until

from mjtui.ui.screens.standings import StandingsScreen


@dataclass(frozen=True)
class ClubPlacing:
    rank: int
    seat: int
    chips: int = field(metadata={"title": "Chips", "shown": "points"})
    bonus: float = field(metadata={"title": "Bonus", "shown": "score", "narrow": "drop-if-zero"})
    result: float = field(metadata={"title": "Result", "shown": "final"})
    games: int = 0  # no metadata: titled by its name, written as it reads


class Club:
    """A scoring system of a club's own, as far as the standings screen reads one."""

    def __init__(self, bonus: float) -> None:
        self.bonus = bonus

    def standings(self, rules: object, state: object) -> tuple[ClubPlacing, ...]:
        return (
            ClubPlacing(1, 2, 31000, self.bonus, 12.5, 3),
            ClubPlacing(2, 0, 9000, 0.0, -12.5, 3),
        )

    def standings_note(self, rules: object, state: object) -> str:
        return "chips bought at 20,000"

    def describe_state(self, state: object, players: tuple[str, ...]) -> str:
        return "the evening is over"


class Shown(App[None]):
    def __init__(self, bonus: float, players: tuple[str, ...] = ("Ann", "Bob", "Cy")) -> None:
        super().__init__()
        self.bonus, self.players = bonus, players

    def on_mount(self) -> None:
        ruleset: Any = SimpleNamespace(system=Club(self.bonus), rules=None)
        state = SimpleNamespace(finished=True, hands=8)
        self.push_screen(StandingsScreen(ruleset, self.players, state))


def shown(app: Shown) -> tuple[list[str], dict[str, list[str]], str]:
    """The columns' titles, each row's cells by seat, and the note under the table."""
    table: DataTable[Any] = app.screen.query_one(DataTable)
    titles = [str(c.label) for c in table.columns.values()]
    rows = {str(key.value): [str(c) for c in table.get_row(key)] for key in table.rows}
    note = str(app.screen.query_one("#st-extra", Static).render())
    return titles, rows, note


@pytest.mark.parametrize(
    ("size", "bonus", "titles", "first"),
    [
        ((80, 24), 0.0, ["Rank", "Player", "Chips", "Bonus", "Result", "Games"],
         ["1", "Cy", "31,000", "0.0", "+12.5", "3"]),
        ((60, 20), 0.0, ["Rank", "Player", "Chips", "Result", "Games"],
         ["1", "Cy", "31,000", "+12.5", "3"]),
        ((60, 20), 2.0, ["Rank", "Player", "Chips", "Bonus", "Result", "Games"],
         ["1", "Cy", "31,000", "+2.0", "+12.5", "3"]),
    ],
)  # fmt: skip
async def test_a_systems_own_placings_are_drawn_by_their_metadata(
    size: tuple[int, int], bonus: float, titles: list[str], first: list[str]
) -> None:
    app = Shown(bonus)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
        await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 2, "the rows")
        got_titles, rows, note = shown(app)
        assert got_titles == titles
        assert rows["2"] == first
        assert rows["0"][-2] == "-12.5"  # the final score, signed as every score part
        assert note == "chips bought at 20,000"
        final = app.screen.query_one(DataTable).get_row("2")[titles.index("Result")]
        assert "bold" in str(final.style)  # the final score stands out; the others do not
        assert "bold" not in str(app.screen.query_one(DataTable).get_row("2")[2].style)


LONG_NAMES = ("Alexandrina-Maximiliana", "Bob", "Bartholomew-Christopher", "Di")


class RiichiShown(App[None]):
    def on_mount(self) -> None:
        from mjtui import paths
        from mjtui.core.rulesets.ruleset import RulesetLibrary

        ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
        state = ruleset.system.start(ruleset.rules)
        self.push_screen(StandingsScreen(ruleset, LONG_NAMES, state))


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
@pytest.mark.parametrize("which", ["riichi", "club"])
async def test_a_long_name_gives_way_to_the_final_score(size: tuple[int, int], which: str) -> None:
    """The longest names the new-series form takes: the table still fits its frame, so
    the final score is on screen without scrolling sideways; a name that must give way
    keeps its beginning and ends in an ellipsis."""
    app = RiichiShown() if which == "riichi" else Shown(2.0, LONG_NAMES[:3])
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
        table: DataTable[Any] = app.screen.query_one(DataTable)
        await until(
            pilot,
            lambda: table.row_count == len(app.screen.entries) and table.size.width > 0,
            "the rows",
        )
        await pilot.pause()
        assert table.virtual_size.width <= table.size.width
        _titles, rows, _note = shown(app)
        for seat, cells in rows.items():
            name = LONG_NAMES[int(seat)]
            assert cells[1] == name or (cells[1].endswith("…") and name.startswith(cells[1][:-1]))
        if which == "riichi" and size == (80, 24):
            assert rows["0"][1] != LONG_NAMES[0]  # eight columns: this one must give way
