"""The hall display and the director's screens (ui/screens/hall.py, director.py): the
round's clock in large digits with the tables' extra time (or none), the tables still
playing, the standings in pages with the penalties and the cut marked, following the
folder, the served page no key ends; the seating with its cost above 20 tables at 80x24,
a round seated, a penalty given and cancelled, the clock started and a table's extra
time, a substitute seated, from the keyboard, and each refusal said."""

from __future__ import annotations

import json
import os
import re
from datetime import datetime, timedelta
from pathlib import Path

from textual.widgets import DataTable, Digits
from tournament_helpers import TWO_HANDS, make, play, save, seated
from waiting import until

from mjtui.cli import entry
from mjtui.cli.serve_limits import SERVED_BY
from mjtui.core.tournament.hall import HallFollower
from mjtui.core.tournament.links import LINKS_FILE, load_links
from mjtui.core.tournament.model import FILE_NAME
from mjtui.core.tournament.tournament_file import load_tournament
from mjtui.private_api import notifications, screen_strips
from mjtui.ui.screens.director import (
    ClockForm,
    PenaltiesScreen,
    PenaltyForm,
    SeatForm,
    SeatingScreen,
    SubstituteForm,
)
from mjtui.ui.screens.hall import HallApp, HallScreen

TABLES = [[f"P{4 * t + s}" for s in range(4)] for t in range(5)]  # 20 players


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in screen_strips(app.screen))


async def test_the_halls_clock_ticking_as_its_screen_closes_does_nothing(
    tmp_path: Path,
) -> None:
    # The director's hall closes (Esc) between two ticks of its clock: the tick that
    # comes after its widgets went found no clock and raised NoMatches.
    t = seated(make(20, minutes=90), 1, TABLES)
    save(t, tmp_path)
    app = HallApp(HallFollower(tmp_path, "Club Night"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Club Night" in screen_text(app), "the hall")
        hall = app.screen
        assert isinstance(hall, HallScreen)
        for clock in hall.query("#hall-clock"):
            await clock.remove()  # as the screen's removal takes its widgets first
        hall.tick()
        # The page timer (and a resize) that comes after the standings went, as well.
        for standings in hall.query("#hall-standings"):
            await standings.remove()
        hall.turn_page()
        hall.on_resize()
        await pilot.pause()


async def test_the_hall_shows_the_clock_the_tables_and_the_standings_in_pages(
    tmp_path: Path,
) -> None:
    started = datetime.now().astimezone().replace(microsecond=0) - timedelta(minutes=10)
    t = seated(make(20, minutes=90), 1, TABLES, started=started, extra=(0, 0, 5))
    save(t, tmp_path)
    play(t, tmp_path, 1, 1, TWO_HANDS)
    app = HallApp(HallFollower(tmp_path, "Club Night"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "P0" in screen_text(app), "the standings")
        hall = app.screen
        assert isinstance(hall, HallScreen)
        text = screen_text(app)
        assert "Club Night" in text and "round 1 of 4" in text
        assert "Table 3 +5 min" in text and "Still playing: 1" in text
        assert "Not started: 2, 3, 4, 5" in text
        clock = hall.query_one("#hall-clock", Digits)
        assert re.fullmatch(r"1:(19:\d\d|20:00)", clock.value), clock.value
        assert clock.region.height == 3
        assert all(len(line) <= 80 for line in text.splitlines())
        # 20 players do not fit in 80x24: the first page has the leader, the next the rest,
        # then the teams' page (T0 the even players, T1 the odd: each its players' sum).
        assert hall.pages() == 3 and "page 1 of 3" in text
        assert re.search(r"\b1 +P0 +\+27\.0\*", text)
        first = set(re.findall(r"\bP\d+\b", text.split("Standings")[1]))
        await pilot.press("right")
        await until(pilot, lambda: "page 2 of 3" in screen_text(app), "the second page")
        second = set(re.findall(r"\bP\d+\b", screen_text(app).split("Standings")[1]))
        assert first | second == {f"P{i}" for i in range(20)} and not first & second
        await pilot.press("right")
        await until(pilot, lambda: "Team standings" in screen_text(app), "the teams' page")
        teams = screen_text(app).split("Team standings")[1]
        # P0 +27, P2 +9.2 (T0: 36.2); P1 -27, P3 -9.2 (T1); the others 0; ten players each.
        assert re.search(r"\b1 +T0 +\+36\.2\* +10\b", teams), teams
        assert re.search(r"\b2 +T1 +-36\.2\* +10\b", teams), teams
        assert "page 3 of 3" in teams and not re.search(r"\bP\d+\b", teams)
        await pilot.press("right")
        await until(pilot, lambda: "page 1 of 3" in screen_text(app), "the first page again")
        # A hand saved at table 2: the hall follows the folder.
        play(t, tmp_path, 1, 2, [{"ron": 2, "from": 3, "han": 5}])
        await until(pilot, lambda: "Still playing: 1, 2" in screen_text(app), "table 2 playing")
        assert re.search(r"P5 +\+23\.0\*", screen_text(app))  # 8000 from P6, and uma
        # A penalty given: the hall takes it off the total and shows it beside.
        t, _ = t.with_penalty("P5", 2000, "late", 1)
        save(t, tmp_path)
        await until(
            pilot,
            lambda: re.search(r"P5 +\+21\.0\* +-2\.0 +1\b", screen_text(app)),
            "P5's penalty",
        )
        # A wide screen holds every player on one page, and the teams under them.
        await pilot.resize_terminal(140, 40)
        await until(pilot, lambda: hall.pages() == 1, "one page")
        assert re.search(r"Team standings.*\n.*\n.*\b1 +T0 ", screen_text(app))


async def test_an_mcr_hall_shows_the_table_points_and_the_score_they_are_parted_by(
    tmp_path: Path,
) -> None:
    t = seated(make(8, ruleset="mcr"), 1, TABLES[:2])
    save(t, tmp_path)
    play(t, tmp_path, 1, 1, [{"win": 1, "fan": 12, "from": 2}, {"win": 3, "fan": 9}])
    play(t, tmp_path, 1, 2, [{"win": 1, "fan": 12, "from": 2}])
    app = HallApp(HallFollower(tmp_path, "Club Night"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "P2" in screen_text(app), "the standings")
        text = screen_text(app)
        assert all(len(line) <= 80 for line in text.splitlines())
        # Both first at their tables, 4 table points each: P2's 43 before P4's 36.
        assert re.search(r"\b1 +P2 +\+4\.0\* +\+43\b", text), text
        assert re.search(r"\b2 +P4 +\+4\.0\* +\+36\b", text), text
        assert re.search(r"Total +Score +Pen\. +G", text)
        # The teams fit under the players: on the same page.
        # T0 (P0 2, P2 4, P4 4, P6 1.5) and T1 (P1 0, P3 1, P5 0, P7 1.5), four players each.
        assert app.screen.pages() == 1 and "Team standings" in text
        teams = text.split("Team standings")[1]
        assert re.search(r"\b1 +T0 +\+11\.5\* +\+90 +4\b", teams), teams
        assert re.search(r"\b2 +T1 +\+2\.5\* +-90 +4\b", teams), teams


async def test_the_hall_says_so_when_no_round_is_seated_or_its_clock_not_started(
    tmp_path: Path,
) -> None:
    save(make(minutes=90), tmp_path)
    app = HallApp(HallFollower(tmp_path, "Club Night"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "no round seated yet" in screen_text(app), "the hall")
        save(seated(make(minutes=90), 1, TABLES[:2]), tmp_path)
        await until(pilot, lambda: "round 1 of 4" in screen_text(app), "round 1")
        text = screen_text(app)
        assert "clock has not been started" in text
        clock = app.screen.query_one("#hall-clock", Digits)
        assert clock.value == "--:--" and clock.display
        # A tournament with no round length has no clock to wait for: no digits.
        save(seated(make(), 1, TABLES[:2]), tmp_path)
        await until(pilot, lambda: "No round clock" in screen_text(app), "no clock")
        assert not clock.display and "not been started" not in screen_text(app)


def new_tournament(tmp_path: Path, *more: str) -> Path:
    players = tmp_path / "players.csv"
    players.write_text("".join(f"Player {i:02d}\n" for i in range(8)), encoding="utf-8")
    folder = tmp_path / "t"
    assert (
        entry.main(
            [
                "tournament",
                "new",
                "Spring Open",
                "--ruleset",
                "riichi-ema",
                "--rounds",
                "3",
                "--players",
                str(players),
                "--seed",
                "2",
                "--folder",
                str(folder),
                *more,
            ]
        )
        == 0
    )
    assert (
        entry.main(["tournament", "seat", "Spring Open", "--round", "1", "--folder", str(folder)])
        == 0
    )
    return folder


async def test_the_director_seats_a_round_and_gives_and_cancels_a_penalty(
    tmp_path: Path, capsys
) -> None:
    folder = new_tournament(tmp_path)
    capsys.readouterr()
    args = entry.build_parser().parse_args(
        ["tournament", "director", "Spring Open", "--folder", str(folder)]
    )
    assert entry._opens_app(args)
    app = entry._command("tournament")(args)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "Standings" in screen_text(app), "the hall")
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SeatingScreen), "the seating")
        await until(
            pilot,
            lambda: "Cost: 0 pairs meet again (lower bound 0)" in screen_text(app),
            "round 1's cost",
        )
        assert "round 1 of 3, seated by random" in screen_text(app)
        # Round 1 again, refused: it is seated (no --force); the form says so and stays.
        await pilot.press("n")
        await until(
            pilot, lambda: isinstance(app.screen, SeatForm) and app.screen.ready, "the form"
        )
        # The box is drawn on its one line with its words (not a bordered box cut off).
        assert "▐ ▌ again, or before the round before has finished (--force)" in screen_text(app)
        await pilot.press("1", "enter", "r", "ctrl+s")
        await until(pilot, lambda: "round 1 is seated already" in screen_text(app), "the refusal")
        assert isinstance(app.screen, SeatForm)
        # Round 2, swiss: the round before has not finished, so --force (the box) is needed.
        await pilot.press("shift+tab", "2", "enter", "s", "ctrl+s")
        await until(pilot, lambda: "have not finished" in screen_text(app), "swiss refused")
        await pilot.press("enter", "space", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, SeatingScreen), "back to the seating")
        await until(pilot, lambda: "round 2 of 3, seated by swiss" in screen_text(app), "round 2")
        assert (
            "Its sheet, with each table's link: mjtui tournament sheet 'Spring Open' --round 2"
            in screen_text(app)
        )
        t = load_tournament(folder / FILE_NAME)
        assert t.last_round == 2 and t.round(2).method == "swiss"
        assert len(load_links(folder / LINKS_FILE).of(2)) == 2
        await pilot.press("left")
        await until(pilot, lambda: "round 1 of 3" in screen_text(app), "round 1 again")
        await pilot.press("escape", "p")
        await until(pilot, lambda: isinstance(app.screen, PenaltiesScreen), "the penalties")
        await pilot.press("a")
        await until(
            pilot, lambda: isinstance(app.screen, PenaltyForm) and app.screen.ready, "the form"
        )
        for key in ("P", "l", "a", "y", "e", "r", " ", "0"):
            await pilot.press(key)
        await until(
            pilot, lambda: "8 players: Player 00" in screen_text(app), "the players who match"
        )
        await pilot.press("3", "enter", "2", "0", "0", "0", "enter")
        await until(pilot, lambda: "→ Player 03" in screen_text(app), "the one who matches")
        await pilot.press(*"late", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PenaltiesScreen), "back to the list")
        table = app.screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 1, "the penalty listed")
        assert "penalty #1: Player 03, round 2, 2000 points (2 off the total): late" in screen_text(
            app
        )
        t = load_tournament(folder / FILE_NAME)
        assert [(p.player, p.amount, p.reason, p.round) for p in t.penalties] == [
            ("Player 03", 2000, "late", 2)
        ]
        await pilot.press("c")
        await until(pilot, lambda: "Cancel penalty #1?" in screen_text(app), "the question")
        await pilot.press("y")
        await until(pilot, lambda: "penalty #1 cancelled" in screen_text(app), "cancelled")
        assert load_tournament(folder / FILE_NAME).penalties[0].cancelled
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HallScreen), "the hall again")


async def test_an_mcr_director_s_penalty_is_points_off_the_score(tmp_path: Path, capsys) -> None:
    folder = new_tournament(tmp_path, "--ruleset", "mcr")  # the last --ruleset is taken
    capsys.readouterr()
    app = director(folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "Standings" in screen_text(app), "the hall")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PenaltiesScreen), "the penalties")
        await pilot.press("a")
        await until(
            pilot, lambda: isinstance(app.screen, PenaltyForm) and app.screen.ready, "the form"
        )
        await pilot.press(*"Player 03", "enter", "1", "0")
        await until(pilot, lambda: "points: 10 off the score" in screen_text(app), "the unit")
        await pilot.press("enter", *"late", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PenaltiesScreen), "back to the list")
        assert "10 points (10 off the score): late" in screen_text(app)
    s = json.loads(_standings_json(capsys, folder))
    line = next(p for p in s["players"] if p["name"] == "Player 03")
    assert (line["total"], line["raw"], line["penalty"]) == (0, -10, 10)


def _standings_json(capsys, folder: Path) -> str:
    capsys.readouterr()
    assert (
        entry.main(["tournament", "standings", "Spring Open", "--json", "--folder", str(folder)])
        == 0
    )
    return capsys.readouterr().out


def director(folder: Path, name: str = "Spring Open"):
    args = entry.build_parser().parse_args(
        ["tournament", "director", name, "--folder", str(folder)]
    )
    return entry._command("tournament")(args)


async def test_the_director_starts_the_clock_and_gives_a_table_extra_time(
    tmp_path: Path, capsys
) -> None:
    folder = new_tournament(tmp_path, "--minutes", "60")
    app = director(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "clock has not been started" in screen_text(app), "the hall")
        await pilot.press("t")
        await until(
            pilot, lambda: isinstance(app.screen, ClockForm) and app.screen.ready, "the form"
        )
        assert "▐X▌ start it now" in screen_text(app)  # ticked: the clock has not started
        # The minutes without the table: said, nothing written.
        await pilot.press("enter", "enter", "enter", "5", "ctrl+s")
        await until(pilot, lambda: "needs the table and its minutes" in screen_text(app), "why")
        assert load_tournament(folder / FILE_NAME).round(1).started is None
        await pilot.press("shift+tab", "2", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, HallScreen), "the hall again")
        seated = load_tournament(folder / FILE_NAME).round(1)
        assert seated.started is not None and seated.extra_for(2) == 5
        await until(pilot, lambda: "Table 2 +5 min" in screen_text(app), "the extra time")
        assert re.search(r"Round 1: (59:\d\d|1:00:00) left", screen_text(app))
        # Extra time taken back, the clock left as it was: the box unticked.
        await pilot.press("t")
        await until(
            pilot, lambda: isinstance(app.screen, ClockForm) and app.screen.ready, "the form"
        )
        assert "▐ ▌ start it now (again: it was started)" in screen_text(app)
        await pilot.press("enter", "enter", "2", "enter", "0", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, HallScreen), "the hall again")
        again = load_tournament(folder / FILE_NAME).round(1)
        assert again.started == seated.started and again.extra_for(2) == 0


async def test_the_director_is_told_when_the_tournament_has_no_round_length(
    tmp_path: Path, capsys
) -> None:
    folder = new_tournament(tmp_path)
    app = director(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Standings" in screen_text(app), "the hall")
        await pilot.press("t")
        await until(
            pilot, lambda: isinstance(app.screen, ClockForm) and app.screen.ready, "the form"
        )
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "has no round length" in screen_text(app), "the refusal")
        assert isinstance(app.screen, ClockForm)


async def test_the_director_seats_a_substitute_for_some_rounds(tmp_path: Path, capsys) -> None:
    folder = new_tournament(tmp_path)
    app = director(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Standings" in screen_text(app), "the hall")
        # Every key in the footer, whole, at 80 columns.
        await until(
            pilot,
            lambda: "t Clock  u Substitute" in screen_text(app).splitlines()[-1],
            "the footer",
        )
        assert "q Quit  s Seating  p Penalties" in screen_text(app).splitlines()[-1]
        await pilot.press("u")
        await until(
            pilot, lambda: isinstance(app.screen, SubstituteForm) and app.screen.ready, "the form"
        )
        # Another player of the tournament cannot take the seat: said, the form stays.
        await pilot.press(*"07", "enter", *"Player 01", "enter", "enter", "3", "ctrl+s")
        await until(pilot, lambda: "plays in Spring Open already" in screen_text(app), "why")
        assert isinstance(app.screen, SubstituteForm)
        assert not load_tournament(folder / FILE_NAME).substitutes
        await pilot.press("shift+tab", "shift+tab")  # from To back to By
        for _ in "Player 01":
            await pilot.press("backspace")
        await pilot.press(*"Eve Poe", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, HallScreen), "the hall again")
        subs = load_tournament(folder / FILE_NAME).substitutes
        assert [(s.player, s.by, s.round) for s in subs] == [
            ("Player 07", "Eve Poe", 2),
            ("Player 07", "Eve Poe", 3),
        ]
        # Said in a toast (drawn over the screen, not in its own strips).
        said = "Eve Poe plays Player 07's seat in rounds 2-3"
        await until(pilot, lambda: [n.message for n in notifications(app)] == [said], said)


async def test_a_round_of_20_tables_on_the_seating_screen_at_80x24(tmp_path: Path) -> None:
    """The cost and its bound above the tables, the tables scrolled to the last, the
    rounds turned with the arrows, and only the screen's own keys in its footer."""
    tables = [[f"P{4 * t + s}" for s in range(4)] for t in range(20)]
    again = [[f"P{(4 * t + 5 * s) % 80}" for s in range(4)] for t in range(20)]
    save(seated(seated(make(80), 1, tables), 2, again), tmp_path)
    app = director(tmp_path, "Club Night")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Standings" in screen_text(app), "the hall")
        await pilot.press("s")
        await until(pilot, lambda: "round 2 of 4" in screen_text(app), "round 2's seating")
        text = screen_text(app)
        assert re.search(r"Cost: \d+ pairs meet again \(lower bound \d+\)", text), text
        assert "   20  " not in text  # below the screen
        footer = text.splitlines()[-1]
        assert "n Seat a round" in footer and "Penalties" not in footer, footer
        for _ in range(3):
            await pilot.press("pagedown")
        await until(pilot, lambda: re.search(r" 20  P\d+", screen_text(app)), "table 20")
        await pilot.press("left")
        await until(pilot, lambda: "round 1 of 4" in screen_text(app), "round 1")
        assert "Cost: 0 pairs meet again" in screen_text(app)  # from the top again
        assert re.search(r" 1  P0 +P1 +P2 +P3\b", screen_text(app))
        await pilot.press("escape")
        await until(
            pilot, lambda: "p Penalties" in screen_text(app).splitlines()[-1], "the hall's keys"
        )


async def test_the_cut_is_marked_without_colour_and_columns_fit_the_width(tmp_path: Path) -> None:
    t = seated(make(20, cut=3), 1, TABLES)
    save(t, tmp_path)
    play(t, tmp_path, 1, 1, TWO_HANDS)
    app = HallApp(HallFollower(tmp_path, "Club Night"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "P0" in screen_text(app), "the standings")
        text = screen_text(app)
        heading = next(line for line in text.splitlines() if "Standings" in line)
        assert heading.rstrip().endswith("* still playing  ▸ the first 3 go on"), heading
        # P0 and P2 lead; the 16 at 0 share 3rd place, within the cut; P3 and P1 not.
        assert re.search(r"▸1 +P0 ", text) and re.search(r"▸2 +P2 ", text), text
        assert re.search(r"▸=3 +P10 ", text)
        view = app.hall.view
        assert [x.name for x in view.lines if not x.in_cut] == ["P3", "P1"]
        # Two groups side by side from 112 columns (110 within the padding), each whole.
        for width, groups in ((111, 1), (112, 2)):
            await pilot.resize_terminal(width, 24)

            def drawn(groups: int = groups) -> bool:
                return app.hall._fit()[1] == groups and (
                    screen_text(app).count("Pen.   G") == groups
                )

            await until(pilot, drawn, f"{groups} groups drawn whole at {width} columns")


async def test_the_served_hall_page_has_no_key_that_ends_it(tmp_path: Path, monkeypatch) -> None:
    save(seated(make(), 1, TABLES[:2]), tmp_path)
    monkeypatch.setenv(SERVED_BY, str(os.getpid() + 10**6))  # no such process to follow
    monkeypatch.setattr("mjtui.cli.board.end_with_the_server", lambda: None)
    args = entry.build_parser().parse_args(
        ["tournament", "hall", "Club Night", "--folder", str(tmp_path)]
    )
    app = entry._command("tournament")(args)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Standings" in screen_text(app), "the hall")
        assert "Quit" not in screen_text(app).splitlines()[-1]
        await pilot.press("q", "ctrl+q")
        await pilot.pause()
        assert app.is_running and "Standings" in screen_text(app)
    monkeypatch.delenv(SERVED_BY)
    app = entry._command("tournament")(args)  # in a terminal, q ends it
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "q Quit" in screen_text(app), "the footer")
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the hall ended")


async def test_a_seat_change_at_a_table_takes_no_one_from_another_table(tmp_path: Path) -> None:
    """At table 1, s puts a substitute in seat 3: a player seated at table 2 of the round is
    refused in the form, with why, and nothing is saved; a newcomer is taken."""
    from mjtui.core.sessions.session_file import load_session
    from mjtui.core.tournament.model import game_file
    from mjtui.ui.screens.score import ScoreScreen
    from mjtui.ui.screens.seats import SeatsScreen

    folder = new_tournament(tmp_path)
    t = load_tournament(folder / FILE_NAME)
    other = t.need_round(1).tables[1][0]  # sits at table 2
    args = entry.build_parser().parse_args(
        ["tournament", "play", "Spring Open", "--table", "1", "--folder", str(folder)]
    )
    app = entry._command("tournament")(args)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the sheet")
        await pilot.press("s", "s", "3", "enter", *other, "ctrl+s")
        error = lambda: str(app.screen.query_one("#st-error").render())  # noqa: E731
        await until(pilot, lambda: "plays at table 2" in error(), "the refusal")
        assert isinstance(app.screen, SeatsScreen)
        assert f"{other} plays at table 2 in round 1 and cannot sit here too" in error()
        await pilot.press("ctrl+u", *"Newcomer", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the sheet again")
    saved = load_session(folder / game_file(1, 1), lambda rid: t.ruleset).session
    assert saved.current_players[2] == "Newcomer"
    assert other not in saved.current_players
