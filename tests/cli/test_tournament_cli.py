"""`mjtui tournament`: what a director types, from the players' file to the EMA results,
and a table's game scored in the app (cli/tournament.py)."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from waiting import until

from mjtui.cli import entry
from mjtui.core.tournament.model import FILE_NAME, game_file
from mjtui.core.tournament.tournament_file import load_tournament
from mjtui.ui.screens.score import ScoreScreen

NAME = "Spring Open"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = entry.main(["tournament", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def players_csv(tmp_path: Path) -> Path:
    path = tmp_path / "players.csv"
    path.write_text(
        "name,team,country,ema\n"
        + "".join(
            f"Player {i:02d},Team {i % 4},{'NL' if i % 2 else 'DE'},{4010000 + i:08d}\n"
            for i in range(14)
        ),
        encoding="utf-8",
    )
    return path


def folder(folders) -> Path:
    return folders["data"] / "tournaments" / "spring-open"


def test_a_director_s_evening_from_the_command_line(capsys, folders, players_csv) -> None:
    code, out, _ = run(
        capsys,
        "new",
        NAME,
        "--ruleset",
        "riichi-ema2025",
        "--rounds",
        "3",
        "--players",
        str(players_csv),
        "--minutes",
        "90",
        "--seed",
        "5",
        "--keep-apart",
        "team",
        "--cut",
        "4",
    )
    assert code == 0 and "14 players at 4 tables" in out
    assert "added 2 substitute seats to fill the tables: Substitute 1, Substitute 2" in out
    assert (
        run(
            capsys,
            "new",
            NAME,
            "--ruleset",
            "riichi-ema",
            "--rounds",
            "3",
            "--players",
            str(players_csv),
        )[0]
        == 2
    )  # never over a tournament
    code, out, _ = run(capsys, "seat", NAME, "--round", "1", "--json")
    seating = json.loads(out)
    assert code == 0 and {"round", "tables", "repeats", "lower_bound"} <= set(seating)
    assert seating["round"] == 1 and len(seating["tables"]) == 4
    assert sorted(n for t in seating["tables"] for n in t) == sorted(
        [f"Player {i:02d}" for i in range(14)] + ["Substitute 1", "Substitute 2"]
    )
    assert (seating["repeats"], seating["lower_bound"]) == (0, 0)
    code, _, err = run(capsys, "seat", NAME, "--round", "1")
    assert code == 2 and "round 1 is seated already; --force" in err
    code, _, err = run(capsys, "seat", NAME, "--round", "3")
    assert code == 2 and "round 2 is not seated yet" in err
    # The same seed seats the same tables again.
    code, out, _ = run(capsys, "seat", NAME, "--round", "1", "--json", "--force")
    assert json.loads(out)["tables"] == seating["tables"]

    t = load_tournament(folder(folders) / FILE_NAME)
    east = seating["tables"][0][0]
    code, out, _ = run(capsys, "penalty", NAME, east, "2000", "--reason", "late")
    assert code == 0 and f"penalty #1: {east}, round 1, 2000 points (2 off the total)" in out
    run(capsys, "penalty", NAME, east, "1000", "--reason", "noise")
    code, out, _ = run(capsys, "penalty", NAME, "--cancel", "2")
    assert code == 0 and "penalty #2 cancelled" in out
    code, out, _ = run(capsys, "penalty", NAME, "--list")
    assert "#1" in out and "#2" in out and "(cancelled)" in out
    code, _, err = run(capsys, "penalty", NAME, "Nobody", "1000", "--reason", "x")
    assert code == 2 and "no player named 'Nobody'" in err
    code, _, err = run(capsys, "penalty", NAME, east, "two", "--reason", "x")
    assert code == 2 and "AMOUNT is table points" in err

    code, out, _ = run(capsys, "timer", NAME, "--start")
    assert code == 0 and "90 minutes from" in out
    code, out, _ = run(capsys, "timer", NAME, "--extra", "2", "5", "--json")
    clock = json.loads(out)
    assert clock["minutes"] == 90 and [c["extra"] for c in clock["tables"]] == [0, 5, 0, 0]

    code, out, _ = run(capsys, "standings", NAME, "--json")
    s = json.loads(out)
    assert code == 0 and s["after_round"] == 1 and s["waiting"] == [1, 2, 3, 4]
    code, out, err = run(capsys, "standings", NAME, "--round", "2")
    assert (code, out) == (2, "") and "round 2 of Spring Open is not seated yet" in err
    assert "(round 1 is seated)" in err
    code, out, _ = run(capsys, "standings", NAME, "--round", "1", "--json")
    assert code == 0 and json.loads(out)["after_round"] == 1
    first = {p["name"]: p for p in s["players"]}
    assert first[east]["total"] == -2.0 and first[east]["penalty"] == 2.0
    assert [p["name"] for p in s["substitutes"]] == ["Substitute 1", "Substitute 2"]
    assert t.round(1).tables[0][0] == east

    code, out, _ = run(capsys, "standings", NAME, "--format", "ema")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == [
        "Place",
        "First name",
        "Last name",
        "EMA number",
        "Table points",
        "Score",
        "EMA member",
        "Country",
    ]
    assert len(rows) == 15 and rows[-1][4] == "-2.0"
    code, out, _ = run(capsys, "standings", NAME, "--format", "csv")
    assert out.startswith("place,player,team,country,ema,total,penalty,games,round_1,")
    code, out, _ = run(capsys, "standings", NAME, "--format", "md")
    assert out.startswith("# Spring Open\n")
    code, out, _ = run(capsys, "standings", NAME)
    assert (
        # Before any game all but the penalised share 1st: the cut says they are not parted.
        "--- the cut: the first 4 go on; 13 share place 1, which the tiebreaks do not part ---"
        in out
        and "not started: tables 1, 2, 3, 4" in out
        and "table 2 +5 min" in out
    )

    # Swiss seating needs the round before finished; --force seats it as it stands.
    code, _, err = run(capsys, "seat", NAME, "--round", "2", "--method", "swiss")
    assert code == 2 and "tables 1, 2, 3, 4 have not finished" in err
    code, out, _ = run(capsys, "seat", NAME, "--round", "2", "--method", "swiss", "--force")
    assert code == 0 and "seated by swiss" in out and "0 pairs meet again" in out
    code, out, _ = run(capsys, "substitute", NAME, east, "Ola", "--round", "2", "--to", "3")
    assert code == 0 and f"Ola plays {east}'s seat in rounds 2-3" in out
    code, out, _ = run(capsys, "substitute", NAME, east, east, "--round", "3")
    assert code == 0 and f"{east} plays round 3 again" in out
    # Each wrong round says which option is wrong, and how.
    code, _, err = run(capsys, "substitute", NAME, east, "Ola", "--round", "3", "--to", "2")
    assert code == 2 and "--to 2 comes before --round 3: --to is the last round" in err
    code, _, err = run(capsys, "substitute", NAME, east, "Ola", "--round", "2", "--to", "4")
    assert code == 2 and "--to: Spring Open has rounds 1 to 3" in err
    code, _, err = run(capsys, "substitute", NAME, east, "Ola", "--round", "0")
    assert code == 2 and "--round: Spring Open has rounds 1 to 3" in err
    t = load_tournament(folder(folders) / FILE_NAME)
    assert [(s.round, s.by) for s in t.substitutes] == [(2, "Ola")]
    # Ola plays one seat a round: rounds 1 to 2 of another seat are refused whole (round
    # 1 is free, round 2 is not), and the file is left as it was.
    south = t.need_round(2).tables[0][1]
    before = (folder(folders) / FILE_NAME).read_bytes()
    code, _, err = run(capsys, "substitute", NAME, south, "ola", "--round", "1", "--to", "2")
    assert code == 2 and f"Ola plays {east}'s seat in round 2 already" in err
    assert (folder(folders) / FILE_NAME).read_bytes() == before


def test_a_substitute_s_game_counts_the_fixed_points_as_the_score_in_every_format(
    capsys, folders, players_csv
) -> None:
    """The director's substitute and a seat taken over at the table (`mjtui seats`):
    each player's game is EMA's -15.0 points and -15 uma, so his Score in the EMA file
    (and his raw in the CSV and JSON) is -15000, not the points won in his seat."""
    from tournament_helpers import TWO_HANDS, play

    code, _, _ = run(
        capsys, "new", NAME, "--ruleset", "riichi-ema2025", "--rounds", "4", "--players",
        str(players_csv), "--minutes", "90", "--tiebreak", "places", "--seed", "5",
    )  # fmt: skip
    assert code == 0 and run(capsys, "seat", NAME, "--round", "1")[0] == 0
    where = folder(folders)
    tables = load_tournament(where / FILE_NAME).need_round(1).tables
    # Two tables whose East is a player (East wins the mangan of TWO_HANDS: +12000).
    first, second = [n for n, names in enumerate(tables, 1) if "Substitute" not in names[0]][:2]
    away, left = tables[first - 1][0], tables[second - 1][0]
    code, out, _ = run(capsys, "substitute", NAME, away, "Pat New", "--round", "1")
    assert code == 0 and f"Pat New plays {away}'s seat in round 1" in out
    t = load_tournament(where / FILE_NAME)
    for table in range(1, len(tables) + 1):
        play(t, where, 1, table, TWO_HANDS)
    # At the other table Zed takes East's seat from the second hand (`s` on the sheet).
    path = str(where / game_file(1, second))
    assert entry.main(["seats", path, "--substitute", "1", "Zed Zee", "--from", "2"]) == 0
    capsys.readouterr()

    code, out, _ = run(capsys, "standings", NAME, "--format", "ema")
    rows = {(r[1], r[2]): r for r in csv.reader(io.StringIO(out))}
    for name in (away, left):
        first_name, last_name = name.rsplit(" ", 1)
        assert rows[(first_name, last_name)][4:6] == ["-30.0", "-15000"]
    code, out, _ = run(capsys, "standings", NAME, "--format", "csv")
    raw = {r["player"]: (r["total"], r["raw"]) for r in csv.DictReader(io.StringIO(out))}
    assert raw[away] == raw[left] == ("-30.0", "-15000")
    assert raw["Substitute 1"] == raw["Substitute 2"] == ("-30.0", "-15000")
    code, out, _ = run(capsys, "standings", NAME, "--json")
    players = {p["name"]: p for p in json.loads(out)["players"]}
    for name, sat in ((away, ["Pat New"]), (left, [left, "Zed Zee"])):
        assert players[name]["raw"] == -15000
        assert [(g["score"], g["raw"], g["fixed"], g["sat"]) for g in players[name]["games"]] == [
            (-30.0, -15000, True, sat)
        ]
    code, out, _ = run(capsys, "standings", NAME)
    lines = [line for line in out.splitlines() if away in line or left in line]
    assert len(lines) == 2 and all("-30s" in line for line in lines)


def test_the_folder_may_be_another_but_must_hold_that_tournament(
    capsys, tmp_path: Path, players_csv
) -> None:
    shared = tmp_path / "shared"
    assert (
        run(
            capsys,
            "new",
            "Club",
            "--ruleset",
            "riichi-ema",
            "--rounds",
            "2",
            "--players",
            str(players_csv),
            "--folder",
            str(shared),
        )[0]
        == 0
    )
    assert (shared / FILE_NAME).is_file()
    code, _, err = run(capsys, "standings", "Other", "--folder", str(shared))
    assert code == 2 and "is the tournament 'Club', not 'Other'" in err
    code, _, err = run(capsys, "standings", "Club")
    assert code == 2 and "no tournament here (give its folder with --folder)" in err
    code, _, err = run(
        capsys,
        "new",
        "X",
        "--ruleset",
        "riichi-ema",
        "--rounds",
        "0",
        "--players",
        str(players_csv),
        "--folder",
        str(tmp_path / "x"),
    )
    assert code == 2 and "--rounds: expected 1 to 50" in err


async def test_a_table_plays_its_game_in_the_app_and_the_standings_follow(
    capsys, folders, players_csv
) -> None:
    run(
        capsys,
        "new",
        NAME,
        "--ruleset",
        "riichi-ema",
        "--rounds",
        "2",
        "--players",
        str(players_csv),
        "--seed",
        "3",
    )
    run(capsys, "seat", NAME, "--round", "1")
    t = load_tournament(folder(folders) / FILE_NAME)
    args = entry.build_parser().parse_args(["tournament", "play", NAME, "--table", "2"])
    assert entry._opens_app(args)  # the app's start-up, as for `mjtui resume`
    app = entry._command("tournament")(args)
    path = folder(folders) / game_file(1, 2)
    assert path.is_file() and (path.parent / (path.name + ".lock")).is_file()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score sheet")
        assert app.screen.book.session.players == t.round(1).tables[1]
        assert app.screen.book.session.table == "Table 2"
        # Seat 3 wins 3 han 40 fu off seat 2.
        for key in ("3", "3", "enter", "4", "0", "enter", "2", "ctrl+s"):
            await pilot.press(key)
        await until(pilot, lambda: len(app.screen.book.session.hands) == 1, "the hand saved")
    app.release_sessions()
    _code, out, _ = run(capsys, "standings", NAME, "--json")
    s = json.loads(out)
    west = t.round(1).tables[1][2]
    line = next(p for p in s["players"] if p["name"] == west)
    # 5200 (EMA: no kiriage) at 30000 to return: +5.2, first place's uma +15.
    assert line["total"] == 20.2 and line["games"][0]["finished"] is False
    assert s["still_playing"] == [2]
    # The table opens its game again where it was.
    again = entry._command("tournament")(args)
    assert len(again.book.session.hands) == 1
    again.release_sessions()


def test_the_tournament_command_is_headless_but_for_play(tmp_path: Path) -> None:
    from test_lazy_imports import assert_headless
    from test_lazy_imports import run as fresh

    result = fresh(tmp_path, "tournament", "standings", "X", "--folder", str(tmp_path))
    assert result["code"] == 2 and "no tournament here" in result["err"]
    assert_headless(result["modules"])
    assert "tournament" in fresh(tmp_path, "--help")["out"]


def test_no_two_directors_change_the_file_at_once(capsys, folders, players_csv) -> None:
    from mjtui.core.sessions.lock import SessionLock

    run(
        capsys,
        "new",
        NAME,
        "--ruleset",
        "riichi-ema",
        "--rounds",
        "2",
        "--players",
        str(players_csv),
    )
    path = folder(folders) / FILE_NAME
    held = SessionLock.take(path)
    try:
        if held.warning is None:  # a folder that can hold locks
            code, _, err = run(capsys, "seat", NAME, "--round", "1")
            assert code == 2 and "another `mjtui tournament` is changing it" in err
            assert load_tournament(path).seatings == ()
    finally:
        held.release()
    assert run(capsys, "seat", NAME, "--round", "1")[0] == 0
    assert not os.path.exists(str(path) + ".lock")


def test_the_standings_read_again_only_the_files_changed_since(
    capsys, folders, players_csv, monkeypatch
) -> None:
    from tournament_helpers import TWO_HANDS, play

    from mjtui.cli.tournament import _cache_file
    from mjtui.core.tournament.games import GameReader

    run(
        capsys,
        "new",
        NAME,
        "--ruleset",
        "riichi-ema",
        "--rounds",
        "2",
        "--players",
        str(players_csv),
    )
    run(capsys, "seat", NAME, "--round", "1")
    where = folder(folders)
    t = load_tournament(where / FILE_NAME)
    for table in (1, 2, 3, 4):
        play(t, where, 1, table, TWO_HANDS)
    reads = []
    real = GameReader._read
    monkeypatch.setattr(GameReader, "_read", lambda self, *a: reads.append(a[2]) or real(self, *a))

    def standings() -> dict:
        code, out, _ = run(capsys, "standings", NAME, "--json")
        assert code == 0
        return json.loads(out)

    first = standings()
    assert len(reads) == 4
    assert standings() == first and len(reads) == 4  # nothing changed: nothing read
    play(t, where, 1, 2, [*TWO_HANDS, {"ron": 2, "from": 1, "han": 1, "fu": 30}])
    third = standings()
    assert reads[4:] == [2] and third != first
    _cache_file(where).write_text("{not json", encoding="utf-8")  # a damaged cache
    assert standings() == third and len(reads) == 9


async def test_an_mcr_tournament_from_new_to_the_results_and_the_teams(
    capsys, folders, players_csv
) -> None:
    """An MCR tournament end to end: made, seated, each table's game written as the
    tables write it, the standings by table points then score, a penalty off the score,
    the EMA file's table points and score, and the team standings."""
    from tournament_helpers import play

    code, out, _ = run(
        capsys, "new", NAME, "--ruleset", "mcr", "--rounds", "2", "--players",
        str(players_csv), "--seed", "3",
    )  # fmt: skip
    assert code == 0 and "14 players at 4 tables, 2 rounds of mcr" in out
    assert run(capsys, "seat", NAME, "--round", "1")[0] == 0
    t = load_tournament(folder(folders) / FILE_NAME)
    tables = t.need_round(1).tables
    # Table 3 opens its game in the app, the tournament's MCR rules and its players seated.
    args = entry.build_parser().parse_args(["tournament", "play", NAME, "--table", "3"])
    app = entry._command("tournament")(args)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score sheet")
        session = app.screen.book.session
        assert session.ruleset.id == "mcr" and session.players == tables[2]
        assert "Hand 1" in session.ruleset.system.hand_title(session.state, session.players)
    app.release_sessions()
    # Table 1: East wins 12 fan off South, then West self-draws 9 (East 19, South -37,
    # West 43, North -25); table 2: East wins 12 off South, and 15 draws end the game.
    play(t, folder(folders), 1, 1, [{"win": 1, "fan": 12, "from": 2}, {"win": 3, "fan": 9}])
    play(t, folder(folders), 1, 2, [{"win": 1, "fan": 12, "from": 2}] + [{"draw": True}] * 15)
    code, out, _ = run(capsys, "standings", NAME, "--json")
    data = json.loads(out)
    top = [(p["name"], p["place"], p["total"], p["raw"]) for p in data["players"][:2]]
    assert code == 0 and top == [(tables[0][2], 1, 4, 43), (tables[1][0], 2, 4, 36)]
    assert [x["status"] for x in data["tables"][:2]] == ["playing", "finished"]
    code, out, _ = run(capsys, "penalty", NAME, tables[0][2], "10", "--reason", "late")
    assert code == 0 and "10 points (10 off the score): late" in out
    code, out, _ = run(capsys, "standings", NAME, "--format", "ema")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][4:6] == ["Table points", "Score"]
    assert [r[2:6] for r in rows[1:3]] == [
        [tables[1][0].split()[-1], f"{4010000 + int(tables[1][0][-2:]):08d}", "4.0", "36"],
        [tables[0][2].split()[-1], f"{4010000 + int(tables[0][2][-2:]):08d}", "4.0", "33"],
    ]
    # The teams: each its players' table points and scores summed.
    code, out, _ = run(capsys, "standings", NAME, "--teams", "--json")
    teams = json.loads(out)["teams"]
    players = {p["name"]: p for p in data["players"]}
    for team in teams:
        assert team["players"] and all(players[n]["team"] == team["team"] for n in team["players"])
    by_team = {x["team"]: x for x in teams}
    want = {name: sum(p["total"] for p in data["players"] if p["team"] == name) for name in by_team}
    assert {n: x["total"] for n, x in by_team.items()} == pytest.approx(want)
    assert sum(len(x["players"]) for x in teams) == 14 and len(teams) == 4
    code, out, _ = run(capsys, "standings", NAME, "--teams")
    assert code == 0 and "team standings after round 1 of 2" in out and "Table points" in out
    code, _, err = run(capsys, "standings", NAME, "--teams", "--format", "ema")
    assert code == 2 and "the EMA results file is the players'" in err


def open_table(number: int, table: int):
    """`mjtui tournament play NAME --table T --round N`: the app made, its game saved and
    locked, as a scorer opening the table's link leaves it before scoring."""
    args = entry.build_parser().parse_args(
        ["tournament", "play", NAME, "--table", str(table), "--round", str(number)]
    )
    return entry._command("tournament")(args)


def test_a_table_only_opened_has_not_begun_its_round(capsys, folders, players_csv) -> None:
    from tournament_helpers import TWO_HANDS, play

    run(
        capsys,
        "new",
        NAME,
        "--ruleset",
        "riichi-ema2025",
        "--rounds",
        "4",
        "--players",
        str(players_csv),
        "--minutes",
        "90",
        "--tiebreak",
        "places",
    )
    run(capsys, "seat", NAME, "--round", "1")
    run(capsys, "seat", NAME, "--round", "2")
    where = folder(folders)
    before = load_tournament(where / FILE_NAME).need_round(2).tables
    for table in (1, 4):  # opened, q pressed before any hand
        open_table(2, table).release_sessions()
    opened = [where / game_file(2, table) for table in (1, 4)]
    assert all(path.is_file() for path in opened)
    s = json.loads(run(capsys, "standings", NAME, "--json")[1])
    assert (s["still_playing"], s["waiting"]) == ([], [1, 2, 3, 4])
    assert "not started: tables 1, 2, 3, 4." in run(capsys, "standings", NAME)[1]

    # A game open in a window now would go on scoring the old players: said, kept.
    app = open_table(2, 1)
    try:
        if app.book.lock.held:  # a folder that can hold locks
            code, _, err = run(capsys, "seat", NAME, "--round", "2", "--force", "--seed", "9")
            assert code == 2 and "the game of table 1 is open with no hand recorded yet" in err
            assert load_tournament(where / FILE_NAME).need_round(2).tables == before
            assert all(path.is_file() for path in opened)
    finally:
        app.release_sessions()

    # Seated again: the games opened with the old seating are gone, made again anew.
    code, out, err = run(capsys, "seat", NAME, "--round", "2", "--force", "--seed", "9")
    assert code == 0 and "seated by random" in out, err
    after = load_tournament(where / FILE_NAME).need_round(2).tables
    assert after != before
    assert not any(path.exists() for path in opened)
    assert not [p.name for p in where.iterdir() if p.name.endswith(".lock")]
    app = open_table(2, 1)
    assert app.book.session.players == after[0]
    app.release_sessions()

    # A hand recorded is a table begun: refused, every such table named, nothing removed.
    t = load_tournament(where / FILE_NAME)
    for table in (1, 4):
        play(t, where, 2, table, TWO_HANDS[:1])
    code, _, err = run(capsys, "seat", NAME, "--round", "2", "--force")
    assert code == 2 and "hands are recorded at tables 1, 4; it cannot be seated" in err
    assert all(path.is_file() for path in opened)
    assert load_tournament(where / FILE_NAME).need_round(2).tables == after


def test_a_substitute_for_a_table_only_opened_sits_in_its_game(
    capsys, folders, players_csv
) -> None:
    from tournament_helpers import TWO_HANDS, play

    run(
        capsys,
        "new",
        NAME,
        "--ruleset",
        "riichi-ema2025",
        "--rounds",
        "2",
        "--players",
        str(players_csv),
    )
    run(capsys, "seat", NAME, "--round", "1")
    where = folder(folders)
    t = load_tournament(where / FILE_NAME)
    east, others = t.need_round(1).tables[0][0], t.need_round(1).tables[1]
    open_table(1, 1).release_sessions()
    open_table(1, 2).release_sessions()
    code, out, err = run(capsys, "substitute", NAME, east, "Ola", "--round", "1")
    assert code == 0 and f"Ola plays {east}'s seat in round 1" in out, err
    # The player's table's game is made again with the substitute; the others' stay.
    assert not (where / game_file(1, 1)).exists() and (where / game_file(1, 2)).exists()
    app = open_table(1, 1)
    assert app.book.session.players[0] == "Ola"
    app.release_sessions()
    # Once a hand is recorded, the substitute is the table's change.
    play(load_tournament(where / FILE_NAME), where, 1, 2, TWO_HANDS[:1])
    code, _, err = run(capsys, "substitute", NAME, others[0], "Eve", "--round", "1")
    assert code == 2 and "round 1: table 2 has begun" in err
