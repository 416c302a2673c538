"""The league: results per game, the openskill rating game by game, the CLI and the screen."""

from __future__ import annotations

import argparse
import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.reports.league import (
    Game,
    Leagues,
    apart,
    chooser,
    collect,
    compute,
    game_of,
    kind_said,
    to_plain,
)
from mjtui.core.reports.league_export import league_csv, league_markdown
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.session_file import save_session
from mjtui.private_api import screen_strips
from mjtui.systems.east_doubling.system import Hand

START = datetime(2026, 11, 1, 19, 0)


def game(
    players: tuple[str, ...],
    ranks: tuple[int, ...],
    day: int = 0,
    points: tuple[float, ...] | None = None,
) -> Game:
    return Game(
        None,
        START + timedelta(days=day),
        "",
        "hp11c",
        "east-doubling",
        players,
        ranks,
        points or tuple(0.0 for _ in players),
    )


def test_a_winner_rises_and_a_loser_falls() -> None:
    league = compute([game(("Ann", "Bob", "Cy", "Di"), (1, 2, 3, 4))])
    by_name = {p.name: p for p in league.players}
    assert [p.name for p in league.players] == ["Ann", "Bob", "Cy", "Di"]  # best first
    assert by_name["Ann"].rating > 0 > by_name["Di"].rating
    assert by_name["Ann"].sigma < 25 / 3  # a game makes the rating surer


def test_ratings_follow_the_games_in_date_order_not_in_the_order_given() -> None:
    early = game(("Ann", "Bob"), (1, 2), day=0)
    late = game(("Ann", "Bob"), (2, 1), day=1)
    one, other = compute([early, late]), compute([late, early])
    assert [(p.name, p.rating) for p in one.players] == [(p.name, p.rating) for p in other.players]
    ann = next(p for p in one.players if p.name == "Ann")
    assert [h.started for h in ann.history] == [early.started, late.started]
    assert ann.history[0].rating > ann.history[1].rating  # won, then lost


def test_ties_rate_alike_and_names_match_as_players_do() -> None:
    league = compute(
        [
            game(("Ann", "Bob", "Cy", "Di"), (1, 1, 3, 4)),
            game(("ann ", "BOB", "Cy", "Di"), (3, 4, 1, 1), day=1),
        ]
    )
    names = [p.name for p in league.players]
    assert sorted(names) == ["BOB", "Cy", "Di", "ann"]  # the latest spelling, cleaned
    after_one = {p.name: p.history[0].rating for p in league.players}
    assert after_one["ann"] == pytest.approx(after_one["BOB"])  # tied first: rated alike
    assert after_one["ann"] > after_one["Cy"] > after_one["Di"]
    assert {p.name: p.games for p in league.players}["ann"] == 2 and len(names) == 4


def test_the_average_rank_and_points_add_up() -> None:
    league = compute(
        [
            game(("Ann", "Bob"), (1, 2), 0, (30.0, -30.0)),
            game(("Ann", "Bob"), (2, 1), 1, (-10.0, 10.0)),
            game(("Ann", "Bob"), (1, 2), 2, (5.0, -5.0)),
        ]
    )
    ann = next(p for p in league.players if p.name == "Ann")
    assert (ann.games, ann.average_rank, ann.points, ann.firsts) == (3, 4 / 3, 25.0, 2)


def riichi_session(day: int, order: tuple[str, ...]) -> Session:
    from mjtui.systems.riichi.events import Win, Winner

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    session = Session(ruleset, order, START + timedelta(days=day))
    session.add(Win(winners=(Winner(seat=0, han=4, fu=30),), discarder=1))
    return session


def test_a_riichi_game_counts_its_final_score_uma_and_oka(folders) -> None:
    g = game_of(riichi_session(0, ("Ann", "Bob", "Cy", "Di")))
    assert g is not None and g.system == "riichi"
    # Ann (dealer) 4 han 30 fu ron off Bob: 11600. Ann 36600: +6.6 +20 uma +20 oka.
    assert g.ranks == (1, 4, 2, 3)
    assert g.points[0] == pytest.approx(46.6)
    assert sum(g.points) == pytest.approx(0)


def sanma_session(day: int, order: tuple[str, ...]) -> Session:
    from mjtui.systems.riichi.events import Win, Winner

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-sanma")
    session = Session(ruleset, order, START + timedelta(days=day))
    session.add(Win(winners=(Winner(seat=0, han=4, fu=30),), discarder=1))
    return session


def test_a_league_is_of_one_system_at_one_table_size(folders) -> None:
    """Riichi's thousands and HP-11C's points are never added, nor a place of three
    ranked with a place of four: one league each, the latest played first."""
    names = ("Ann", "Bob", "Cy", "Di")
    games = [
        game_of(hp11c_session(0, names, 0)),
        game_of(riichi_session(1, names)),
        game_of(sanma_session(2, names[:3])),
        game_of(riichi_session(3, names)),
    ]
    leagues = apart(g for g in games if g is not None)
    assert [(x.system, x.seats, len(x.games)) for x in leagues] == [
        ("riichi", 4, 2),
        ("riichi", 3, 1),
        ("east-doubling", 4, 1),
    ]
    ann = [next(p for p in x.players if p.name == "Ann") for x in leagues]
    assert ann[0].points == pytest.approx(2 * 46.6)  # two riichi games, nothing else
    assert ann[2].points == games[0].points[0] == 120  # HP-11C's net: the dealer's 20, doubled
    assert [p.games for p in ann] == [2, 1, 1]
    assert [kind_said(x) for x in leagues][:2] == ["riichi, 4 players", "riichi, 3 players"]
    assert apart([]) == []


def hp11c_session(day: int, players: tuple[str, ...], winner: int) -> Session:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, players, START + timedelta(days=day))
    session.add(Hand(winner, tuple(20 if s == winner else 0 for s in range(4))))
    return session


@pytest.fixture
def club(folders) -> Path:
    folder = paths.sessions_dir()
    folder.mkdir(parents=True)
    names = ("Ann", "Bob", "Cy", "Di")
    for day in range(4):
        save_session(hp11c_session(day, names, day % 2), folder / f"hp-{day}.toml")
    save_session(riichi_session(5, names), folder / "riichi.toml")
    empty = Session(RulesetLibrary(paths.ruleset_folders()).get("hp11c"), names, START)
    save_session(empty, folder / "empty.toml")
    (folder / "broken.toml").write_text("not = [toml\n", encoding="utf-8")
    return folder


def games_in(leagues: Leagues) -> list[int]:
    return [len(league.games) for league in leagues.leagues]


def test_collect_filters_by_system_ruleset_and_day(club: Path) -> None:
    finder = RulesetLibrary(paths.ruleset_folders()).get
    # The empty session is no game; riichi (the latest) and East doubling are two leagues.
    assert games_in(collect(club, finder)) == [1, 4]
    assert games_in(collect(club, finder, system="riichi")) == [1]
    assert games_in(collect(club, finder, ruleset_id="hp11c")) == [4]
    assert games_in(collect(club, finder, since=date(2026, 11, 3))) == [1, 2]
    assert any("broken.toml" in note for note in collect(club, finder).skipped)
    keep = chooser(system="pocket")
    assert not keep(hp11c_session(0, ("A", "B", "C", "D"), 0))


def test_a_game_against_the_computer_is_no_league_game(folders) -> None:
    game = hp11c_session(0, ("You", "Bot", "Cy", "Di"), 0)
    assert chooser()(game)
    game.computer = (1,)
    assert not chooser()(game)
    folder = paths.sessions_dir()
    folder.mkdir(parents=True)
    save_session(game, folder / "game.toml")
    finder = RulesetLibrary(paths.ruleset_folders()).get
    assert collect(folder, finder).leagues == []
    from mjtui.core.reports.stats import collect as stats_of
    from mjtui.core.sessions.session_file import load_session

    assert load_session(folder / "game.toml", finder).session.computer == (1,)
    assert stats_of(folder, finder).series == 0


def run(*argv: str) -> int:
    from mjtui.cli.league import add_league_command, league_command

    parser = argparse.ArgumentParser(prog="mjtui")
    parser.add_argument("--ruleset")
    add_league_command(parser.add_subparsers(dest="command"))
    return league_command(parser.parse_args(argv))


def test_league_json_is_sorted_best_first(club: Path, capsys) -> None:
    assert run("league", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    # One league per system and table size, the latest played first: never one sum.
    assert [(x["system"], x["seats"], x["rulesets"], x["games"]) for x in doc["leagues"]] == [
        ("riichi", 4, ["riichi-tenhou"], 1),
        ("east-doubling", 4, ["hp11c"], 4),
    ]
    for league in doc["leagues"]:
        ratings = [p["rating"] for p in league["players"]]
        assert ratings == sorted(ratings, reverse=True)
    first = doc["leagues"][1]["players"][0]
    assert {"name", "rating", "games", "average_rank", "points", "history"} <= set(first)
    assert len(first["history"]) == first["games"]
    assert any("broken.toml" in s for s in doc["skipped"]) and doc["warnings"] == []


def test_league_text_csv_and_markdown(club: Path, capsys) -> None:
    assert run("league", "--system", "east-doubling") == 0
    out, err = capsys.readouterr()
    assert out.startswith("east-doubling, 4 players: league of 4 games\n") and "Avg rank" in out
    assert "broken.toml" in err
    assert run("league", "--format", "csv") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "place,player,rating,games,average_rank,firsts,points,mu,sigma,system,seats"
    assert len(lines) == 9 and lines[1].startswith("1,") and lines[5].startswith("1,")
    assert [line.rsplit(",", 2)[1:] for line in lines[1::4]] == [
        ["riichi", "4"],
        ["east-doubling", "4"],
    ]
    assert run("league", "--format", "md") == 0
    md = capsys.readouterr().out
    assert md.count("| # | Player | Rating | Games | Avg rank | 1st | Points |") == 2
    assert "# League: riichi, 4 players\n\n- Games: 1, 2026-11-06 to 2026-11-06" in md
    assert "# League: east-doubling, 4 players\n\n- Games: 4, 2026-11-01 to 2026-11-04" in md


def test_league_text_heads_each_league_and_never_adds_two_systems(club: Path, capsys) -> None:
    """The tester's folder: riichi's thousands, HP-11C's points and riichi-sanma's ranks."""
    save_session(sanma_session(6, ("Ann", "Bob", "Cy")), club / "sanma.toml")
    assert run("league") == 0
    blocks = capsys.readouterr().out.rstrip("\n").split("\n\n")
    assert blocks[0].startswith("3 leagues, one per scoring system and table size")
    heads = [block.splitlines()[0] for block in blocks[1:]]
    assert heads == [
        "riichi, 3 players: league of 1 game",
        "riichi, 4 players: league of 1 game",
        "east-doubling, 4 players: league of 4 games",
    ]
    riichi = {row.split()[1]: row.split()[-1] for row in blocks[2].splitlines()[2:]}
    assert riichi["Ann"] == "+46.6"  # the riichi game alone: no HP-11C points in it


def test_league_refuses_an_unknown_system_and_a_missing_folder(club: Path, tmp_path: Path) -> None:
    from mjtui.core.errors import MjtuiError

    with pytest.raises(MjtuiError, match="no scoring system named 'mahjongg'"):
        run("league", "--system", "mahjongg")
    with pytest.raises(MjtuiError, match="no such folder"):
        run("league", "--folder", str(tmp_path / "nowhere"))


def test_cli_league_has_no_traceback_for_a_bad_date(run_mjtui) -> None:
    result = run_mjtui("league", "--since", "yesterday")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "expected a date such as" in result.stderr


def test_the_league_exports_of_an_empty_league() -> None:
    empty = Leagues([], [])
    assert league_csv(empty).count("\n") == 1
    assert "# League\n\n- Games: 0" in league_markdown(empty)
    assert to_plain(empty) == {"leagues": [], "skipped": [], "warnings": []}


async def test_the_league_screen_from_the_library(club: Path) -> None:
    from textual.app import App
    from textual.widgets import DataTable

    from mjtui.ui.screens.league import LeagueScreen, RatingChart, history_lines
    from mjtui.ui.screens.library import LibraryScreen
    from mjtui.ui.styles import BASE, ScreenStyles

    class _App(ScreenStyles, App):
        CSS_PATH = str(BASE)
        ENABLE_COMMAND_PALETTE = False

        def on_mount(self) -> None:
            self.push_screen(LibraryScreen())

    save_session(sanma_session(4, ("Ann", "Bob", "Cy")), club / "sanma.toml")
    app = _App()
    async with app.run_test(size=(80, 24)) as pilot:
        footer = ""
        for _ in range(20):  # drawn after a pause or a few, on a busy machine
            await pilot.pause()
            footer = " ".join(s.text for s in screen_strips(app.screen)[-1:])
            if footer.strip():
                break
        # The league's key fits the footer at 80 columns, with every key of the library.
        assert footer.rstrip().endswith("f Ruleset") and "l League" in footer
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LeagueScreen)
        table = screen.query_one("#league-table", DataTable)
        assert table.row_count == 4
        league = screen.league
        # It opens on the system played last (the riichi game), never adding the
        # points of two systems together; East doubling's four games are a choice.
        assert league is not None and len(league.games) == 1
        assert "mu - 3 sigma" in str(screen.query_one("#league-ranked-by").render())
        from textual.widgets import Select

        filters = screen.query_one("#league-filter", Select)
        # Riichi at tables of three is a league apart: its ranks are not those of four.
        assert filters.value == "system:riichi:4"
        filters.value = "system:riichi:3"  # a choice of the filter, else Select refuses it
        await pilot.pause()
        league = screen.league
        assert league is not None and len(league.games) == 1 and len(league.players) == 3
        filters.value = "system:east-doubling:4"
        await pilot.pause()
        league = screen.league
        assert league is not None and len(league.games) == 4
        chart = screen.query_one(RatingChart)
        assert chart.names == tuple(p.name for p in league.players[:4])
        lines = history_lines(league, league.players[:1])
        assert len(lines) == 5 and lines[0] == (0,)
        assert lines[-1] == (round(league.players[0].rating * 100),)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)


@pytest.mark.parametrize("value", ["[5]", "[1, 1]", "[1, 2, 3, 4]", '"2"', "[true]"])
def test_a_computer_key_that_names_no_seat_is_refused(folders, tmp_path, value: str) -> None:
    from mjtui.core.errors import SessionError
    from mjtui.core.sessions.session_file import load_session

    path = tmp_path / "game.toml"
    save_session(hp11c_session(0, ("A", "B", "C", "D"), 0), path)
    text = path.read_text(encoding="utf-8").replace("[rules]", f"computer = {value}\n[rules]", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SessionError, match="key 'computer'"):
        load_session(path, RulesetLibrary(paths.ruleset_folders()).get)
