"""The standings (core/tournament/standings.py, games.py, ema.py): every table's file
summed as its ruleset scores it, penalties, substitutes, places and ties, the EMA file,
the tables still playing, and files read while they are written."""

from __future__ import annotations

import csv
import io
import os
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from tournament_helpers import START, TWO_HANDS, make, play, seated

from mjtui import paths
from mjtui.core.model.seats import Seating
from mjtui.core.reports.export import final_standings
from mjtui.core.sessions.library import ruleset_finder
from mjtui.core.sessions.session_file import load_session
from mjtui.core.tournament.ema import ema_csv, split_name
from mjtui.core.tournament.games import Game, GameReader, SeatResult
from mjtui.core.tournament.model import Player, TournamentError, game_file
from mjtui.core.tournament.reports import (
    standings_csv,
    standings_plain,
    standings_text,
    teams_csv,
    teams_text,
)
from mjtui.core.tournament.standings import base_rank, compute
from mjtui.core.tournament.teams import team_standings

R1 = [["P0", "P1", "P2", "P3"], ["P4", "P5", "P6", "P7"]]
R2 = [["P0", "P4", "P2", "P6"], ["P1", "P5", "P3", "P7"]]
FIND = ruleset_finder(paths.ruleset_folders())


def standings(t, folder: Path, now=START, **kw):
    games, notes = GameReader(folder).read(t)
    return compute(t, games, now, notes=notes, **kw)


def totals(s) -> dict[str, float]:
    return {line.player.name: line.total for line in s.lines}


def test_a_player_s_total_is_the_sum_of_his_games_final_scores(tmp_path: Path) -> None:
    t = seated(seated(make(), 1, R1), 2, R2)
    play(t, tmp_path, 1, 1, TWO_HANDS)
    play(t, tmp_path, 1, 2, [{"tsumo": 2, "han": 2, "fu": 30}])
    play(t, tmp_path, 2, 1, [{"chombo": 4}, {"ron": 2, "from": 1, "han": 1, "fu": 30}])
    s = standings(t, tmp_path)
    # Worked by hand: East's mangan (12000) then West's 3 han 30 fu with a honba (4200):
    # P0 42000 +12 +15 uma; P2 34200 +4.2 +5; P3 25800 -4.2 -5; P1 18000 -12 -15.
    first = {line.player.name: [g.score for g in line.games if g.number == 1] for line in s.lines}
    assert (first["P0"], first["P2"], first["P3"], first["P1"]) == ([27.0], [9.2], [-9.2], [-27.0])
    # The fold of every file, seat by seat to the seated player, gives the same totals.
    folded: dict[str, float] = {p.name: 0.0 for p in t.players}
    for number, tables in ((1, R1), (2, R2)):
        for table, names in enumerate(tables, 1):
            if not (tmp_path / game_file(number, table)).exists():
                continue
            session = load_session(tmp_path / game_file(number, table), FIND).session
            for entry in final_standings(session):
                folded[names[entry["seat"] - 1]] += entry["score"]
    assert totals(s) == pytest.approx(folded, abs=1e-9)
    # P6's chombo in round 2 (EMA: no payment, 20 off after uma) is in his game's score:
    # P4 then wins 1000 off P0, P2 and P6 stay at 30000 and share the uma of 2nd and 3rd.
    p6 = next(line for line in s.lines if line.player.name == "P6")
    assert [g.score for g in p6.games if g.number == 2] == [-20.0]


def test_penalties_are_taken_off_with_their_reason_and_cancelled_ones_are_not(
    tmp_path: Path,
) -> None:
    t = seated(make(), 1, R1)
    play(t, tmp_path, 1, 1, TWO_HANDS)
    t, _late = t.with_penalty("p0", 2000, "late", 1)
    t, wrong = t.with_penalty("P1", 5000, "wrong call", 1)
    t, _ = t.cancel_penalty(wrong.id)
    s = standings(t, tmp_path)
    p0 = s.lines[[x.player.name for x in s.lines].index("P0")]
    assert p0.total == 25.0 and p0.penalty == 2.0 and [p.reason for p in p0.penalties] == ["late"]
    assert totals(s)["P1"] == -27.0
    with pytest.raises(Exception, match="cancelled already"):
        t.cancel_penalty(wrong.id)
    with pytest.raises(Exception, match="no player named 'Zed'"):
        t.with_penalty("Zed", 1000, "x", 1)


def test_a_penalty_given_to_a_substitute_seat_is_in_the_penalties_line(tmp_path: Path) -> None:
    """A seat added to fill the tables is not ranked, but its penalty was given: the
    text's "Penalties:" line names it with the others."""
    from dataclasses import replace

    t = make(count=7)
    t = replace(t, players=(*t.players, Player("Substitute 1", substitute=True)))
    t = seated(t, 1, [["P0", "P1", "P2", "P3"], ["P4", "P5", "P6", "Substitute 1"]])
    play(t, tmp_path, 1, 1, TWO_HANDS)
    t, _ = t.with_penalty("P0", 1000, "late", 1)
    t, _ = t.with_penalty("Substitute 1", 2000, "wrong call", 1)
    text = standings_text(standings(t, tmp_path))
    line = next(x for x in text.splitlines() if x.startswith("Penalties:"))
    assert "#1 P0" in line and "#2 Substitute 1" in line and "wrong call" in line


def test_places_ties_tiebreaks_the_cut_and_the_base_rank(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    play(t, tmp_path, 1, 1, TWO_HANDS)
    play(t, tmp_path, 1, 2, TWO_HANDS)  # the same results at the other table
    s = standings(t, tmp_path, cut=4)
    by_name = {line.player.name: line for line in s.lines}
    # Equal totals share the place when the tournament breaks no ties.
    assert [by_name[n].place for n in ("P0", "P4", "P2", "P6", "P3", "P7", "P1", "P5")] == [
        1,
        1,
        3,
        3,
        5,
        5,
        7,
        7,
    ]
    assert by_name["P0"].base_rank == 1000 and by_name["P1"].base_rank == round(
        1000 * (8 - 7) / 7, 2
    )
    assert [line.in_cut for line in s.lines[:6]] == [True] * 4 + [False] * 2
    from mjtui.core.tournament.reports import standings_text

    assert "--- the cut: the first 4 go on ---" in standings_text(s)
    # A cut of 3 falls inside the tie for 3rd (P2 and P6): the line says so.
    three = standings(t, tmp_path, cut=3)
    assert [line.in_cut for line in three.lines[:5]] == [True] * 4 + [False]
    assert "the first 3 go on; 2 share place 3, which the tiebreaks do not part" in (
        standings_text(three)
    )
    assert base_rank(1, 80) == 1000 and base_rank(80, 80) == 0 and base_rank(41, 81) == 500


def game(number: int, results: list[tuple[str, int, float, int]]) -> Game:
    return Game(
        number,
        1,
        Path("x"),
        "finished",
        8,
        "",
        tuple(
            SeatResult(seat, name, (name,), rank, score, raw)
            for seat, (name, rank, score, raw) in enumerate(results)
        ),
    )


def test_equal_totals_are_told_apart_by_the_tiebreaks_in_turn() -> None:
    t = seated(seated(make(4), 1, [["P0", "P1", "P2", "P3"]]), 2, [["P1", "P0", "P3", "P2"]])
    games = [
        game(
            1,
            [
                ("P0", 1, 27.0, 12000),
                ("P1", 4, -27.0, -12000),
                ("P2", 2, 9.2, 4200),
                ("P3", 3, -9.2, -4200),
            ],
        ),
        game(
            2,
            [
                ("P1", 1, 27.0, 13000),
                ("P0", 4, -27.0, -12000),
                ("P3", 2, 9.2, 4200),
                ("P2", 3, -9.2, -4200),
            ],
        ),
    ]

    def places(tiebreak):
        s = compute(replace(t, tiebreak=tiebreak), games, START)
        return [(line.player.name, line.place) for line in s.ranked]

    assert places(()) == [("P0", 1), ("P1", 1), ("P2", 1), ("P3", 1)]  # all at 0
    # More first places: P0 and P1 (one each) above P2 and P3 (none).
    assert places(("places",)) == [("P0", 1), ("P1", 1), ("P2", 3), ("P3", 3)]
    # Then more points before uma: P1 won 13000, P0 12000.
    assert places(("places", "raw")) == [("P1", 1), ("P0", 2), ("P2", 3), ("P3", 3)]
    assert places(("best",))[:2] == [("P0", 1), ("P1", 1)]


def test_a_substitute_at_the_table_gives_the_seated_player_the_fixed_result(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)

    def eve_from_hand_2(session):
        s = Seating(session.players).substitute(1, "Eve", 2, 1)
        return s.players, s.changes

    play(t, tmp_path, 1, 1, TWO_HANDS, seats=eve_from_hand_2)  # Eve takes P1's seat
    s = standings(t, tmp_path)
    p1 = next(line for line in s.lines if line.player.name == "P1")
    assert [(g.score, g.fixed, g.sat) for g in p1.games] == [(-30.0, True, ("P1", "Eve"))]
    assert totals(s)["P0"] == 27.0  # the others keep their results
    # Under WRC rules the seat's result counts (no fixed result).
    wrc = seated(make(ruleset="riichi-wrc"), 1, R1)
    other = tmp_path / "wrc"
    other.mkdir()
    play(wrc, other, 1, 1, TWO_HANDS, seats=eve_from_hand_2)
    assert [g.fixed for g in standings(wrc, other).lines[-1].games] in ([], [False])
    p1 = next(line for line in standings(wrc, other).lines if line.player.name == "P1")
    assert not p1.games[0].fixed and p1.games[0].score < 0
    assert p1.games[0].raw == p1.raw == -12000  # the seat's own raw, South's mangan paid


def test_a_fixed_game_counts_the_fixed_raw_not_the_points_the_substitute_won(
    tmp_path: Path,
) -> None:
    """EMA fixes a substitute's game at -15.0 points and -15 uma: the player's raw (the
    EMA file's Score, the CSV's and JSON's raw, --tiebreak raw) is the -15000 points,
    not the seat's points, which the substitute won."""
    t = seated(make(), 1, R1).with_substitute("P4", "Ola", 1)  # East at table 2

    def eve_from_hand_2(session):  # P1, South at table 1, after paying East's mangan
        s = Seating(session.players).substitute(1, "Eve", 2, 1)
        return s.players, s.changes

    play(t, tmp_path, 1, 1, TWO_HANDS, seats=eve_from_hand_2)
    play(t, tmp_path, 1, 2, TWO_HANDS)  # Ola wins East's mangan, +12000
    games, _ = GameReader(tmp_path).read(t)
    seat_raw = {(g.table, r.seat): r.raw for g in games for r in g.results}
    assert (seat_raw[(2, 0)], seat_raw[(1, 1)]) == (12000, -12000)  # not what counts
    s = compute(t, games, START)
    fixed = {line.player.name: line for line in s.lines if line.player.name in ("P1", "P4")}
    for line in fixed.values():
        assert (line.total, line.raw) == (-30.0, -15000)
        assert [(g.score, g.raw, g.fixed) for g in line.games] == [(-30.0, -15000, True)]
    assert "7,,P1,00000001,-30.0,-15000,YES,NL" in ema_csv(s).splitlines()
    assert "7,,P4,00000004,-30.0,-15000,YES,NL" in ema_csv(s).splitlines()
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(standings_csv(s)))}
    assert (rows["P1"]["raw"], rows["P4"]["raw"]) == ("-15000", "-15000")
    plain = {p["name"]: p for p in standings_plain(s)["players"]}
    assert plain["P4"]["raw"] == -15000 and plain["P4"]["games"][0]["raw"] == -15000
    # --tiebreak raw: the two fixed games are equal, so P1 and P4 share the place (the
    # seats' +12000 and -12000 would have put Ola's points above Eve's).
    places = {
        line.player.name: line.place
        for line in compute(replace(t, tiebreak=("raw",)), games, START).ranked
    }
    assert places["P1"] == places["P4"] == 7
    # The others at the tables keep their own raw.
    assert {line.player.name: line.raw for line in s.lines}["P0"] == 12000


def test_the_directors_substitute_sits_in_the_game_and_counts_fixed(tmp_path: Path) -> None:
    t = seated(make(), 1, R1).with_substitute("P5", "Ola", 1)
    path = play(t, tmp_path, 1, 2, TWO_HANDS)
    assert load_session(path, FIND).session.players == ("P4", "Ola", "P6", "P7")
    p5 = next(line for line in standings(t, tmp_path).lines if line.player.name == "P5")
    assert p5.total == -30.0 and p5.games[0].sat == ("Ola",)
    assert t.with_substitute("P5", "p5", 1).substitutes == ()  # P5 is back
    with pytest.raises(Exception, match="plays in Club Night already"):
        t.with_substitute("P5", "P6", 1)


def test_one_person_plays_one_seat_a_round(tmp_path: Path) -> None:
    # Ola in P5's seat cannot also take P1's (another table) or P6's (her table) in
    # round 1, her name written in any case: she would sit at two tables at once, or
    # her table's game could not be made.
    t = seated(make(), 1, R1).with_substitute("P5", "Ola", 1)
    for player in ("P1", "P6"):
        with pytest.raises(
            TournamentError,
            match=f"Ola plays P5's seat in round 1 already and cannot take {player}",
        ):
            t.with_substitute(player, "ola", 1)
    # Another round is hers to play, and P5's seat given her again changes nothing else.
    t = t.with_substitute("P1", "Ola", 2).with_substitute("P5", "OLA", 1)
    assert [(s.player, s.by, s.round) for s in t.substitutes] == [
        ("P1", "Ola", 2),
        ("P5", "OLA", 1),
    ]
    # P5 back in his seat, she may take P6's.
    t = t.with_substitute("P5", "P5", 1).with_substitute("P6", "Ola", 1)
    path = play(t, tmp_path, 1, 2, TWO_HANDS)
    assert load_session(path, FIND).session.players == ("P4", "P5", "Ola", "P7")


def test_substitute_seats_are_not_ranked_and_not_in_the_ema_file(tmp_path: Path) -> None:
    base = make(6)
    t = replace(
        base,
        players=(
            *base.players,
            Player("Substitute 1", substitute=True),
            Player("Substitute 2", substitute=True),
        ),
    )
    t = seated(t, 1, [["P0", "P1", "P2", "Substitute 1"], ["P3", "P4", "P5", "Substitute 2"]])
    play(t, tmp_path, 1, 1, TWO_HANDS)
    s = standings(t, tmp_path)
    assert [line.player.name for line in s.ranked] == ["P0", "P2", "P3", "P4", "P5", "P1"]
    sub = [line for line in s.lines if not line.place]
    assert [(line.player.name, line.total, line.raw) for line in sub] == [
        ("Substitute 1", -30.0, -15000),  # the fixed result, not the seat's -4200
        ("Substitute 2", 0.0, 0),
    ]
    # P1 was fourth at the table (-27): the substitute's -9.2 does not count for anyone.
    assert totals(s)["P1"] == -27.0
    text = ema_csv(s)
    assert "Substitute" not in text
    assert text.splitlines()[:3] == [
        "Place,First name,Last name,EMA number,Table points,Score,EMA member,Country",
        "1,,P0,00000000,27.0,12000,YES,NL",
        "2,,P2,00000002,9.2,4200,YES,NL",
    ]
    assert base_rank(6, 6) == 0 and s.ranked[-1].base_rank == 0


def test_names_split_for_the_ema_file() -> None:
    assert split_name("Lee, Ann") == ("Ann", "Lee")
    assert split_name("Ann Mary Lee") == ("Ann Mary", "Lee")
    assert split_name("Ann") == ("", "Ann")


def test_tables_waiting_playing_and_finished_by_the_rules_or_the_clock(tmp_path: Path) -> None:
    t = seated(replace(make(), minutes=60), 1, R1, started=START)
    play(t, tmp_path, 1, 1, TWO_HANDS)
    s = standings(t, tmp_path, now=START + timedelta(minutes=30))
    assert (s.still_playing(), s.waiting()) == ([1], [2])
    assert s.clock is not None and s.clock.table(1).left(
        START + timedelta(minutes=30)
    ) == timedelta(minutes=30)
    # Time is up and the file was saved after it: the hand being played was the last.
    path = tmp_path / game_file(1, 1)
    late = (START + timedelta(minutes=61)).timestamp()
    os.utime(path, (late, late))
    s = standings(t, tmp_path, now=START + timedelta(minutes=70))
    assert s.still_playing() == [] and [x.status for x in s.tables] == ["finished", "waiting"]
    # With five minutes more for table 1 the same save was before its end.
    t = seated(t, 1, R1, started=START, extra=(15, 0))
    s = standings(t, tmp_path, now=START + timedelta(minutes=70))
    assert s.still_playing() == [1]
    # A game the rules ended is finished whatever the clock: eight hands, each won off
    # the dealer by the next seat, pass the deal from East 1 to South 4.
    play(
        t,
        tmp_path,
        1,
        2,
        [{"ron": (d + 1) % 4 + 1, "from": d + 1, "han": 1, "fu": 30} for d in (0, 1, 2, 3) * 2],
    )
    assert [x.status for x in standings(t, tmp_path, now=START).tables][1] == "finished"


def test_a_game_opened_with_no_hand_has_not_started(tmp_path: Path) -> None:
    # Opening a table's game saves it at once (a scorer checking the QR code early):
    # no hand, no start.
    t = seated(make(), 1, R1)
    play(t, tmp_path, 1, 1, [])
    s = standings(t, tmp_path)
    assert (s.still_playing(), s.waiting()) == ([], [1, 2])
    assert [x.status for x in s.tables] == ["waiting", "waiting"]
    assert "not started: tables 1, 2." in standings_text(s)
    play(t, tmp_path, 1, 1, TWO_HANDS[:1])
    s = standings(t, tmp_path)
    assert (s.still_playing(), s.waiting()) == ([1], [2])


def test_what_an_older_reader_kept_is_read_again(tmp_path: Path) -> None:
    # A reader before games.begun kept a game opened with no hand as "playing".
    t = seated(make(), 1, R1)
    play(t, tmp_path, 1, 1, [])
    reader = GameReader(tmp_path)
    reader.read(t)
    kept = reader.to_plain()
    kept["format"] = 1
    kept["games"][0]["game"]["status"] = "playing"
    again = GameReader(tmp_path)
    again.take_plain(kept)
    games, _notes = again.read(t)
    assert again.reads == 1 and games[0].status == "waiting"


def test_only_changed_files_are_read_again(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    play(t, tmp_path, 1, 1, TWO_HANDS)
    play(t, tmp_path, 1, 2, TWO_HANDS)
    reader = GameReader(tmp_path)
    reader.read(t)
    assert reader.reads == 2
    reader.read(t)
    assert reader.reads == 2
    play(t, tmp_path, 1, 2, TWO_HANDS[:1])
    games, _ = reader.read(t)
    assert reader.reads == 3 and [g.hands for g in games] == [2, 1]


def test_a_file_still_arriving_counts_as_last_read_and_a_damaged_one_what_can_be_read(
    tmp_path: Path,
) -> None:
    t = seated(make(), 1, R1)
    path = play(t, tmp_path, 1, 1, TWO_HANDS[:1])
    reader = GameReader(tmp_path)
    first, _ = reader.read(t)
    assert first[0].hands == 1 and not first[0].notes
    # A sync tool's copy cut short: no line end at the end, written just now.
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n[[hands]]\nron = 3\nfrom = 4\nhan = 3\nfu = 3", encoding="utf-8")
    games, _ = reader.read(t)
    assert games[0].hands == 1 and "counted as it was after hand 1" in games[0].notes[-1]
    # An append a crash cut short: the zero byte before it; the hand before it counts.
    path.write_text(text + "\0[[hands]]\nron = 3\n", encoding="utf-8")
    old = time.time() - 3600
    os.utime(path, (old, old))
    games, _ = reader.read(t)
    assert games[0].hands == 1 and "cut short as it was saved" in games[0].notes[0]
    # A file nobody can read is said, and the rest still counts.
    play(t, tmp_path, 1, 2, TWO_HANDS)
    path.write_text("this is not a session\n", encoding="utf-8")
    s = standings(t, tmp_path)
    assert [x.status for x in s.tables] == ["unreadable", "playing"]
    assert any("not valid TOML" in n or "format" in n for n in s.notes)
    assert totals(s)["P4"] == 27.0


def test_a_sync_conflict_copy_of_a_game_is_said(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    path = play(t, tmp_path, 1, 1, TWO_HANDS)
    (tmp_path / "round-01_table-01.sync-conflict-20261205-101500-ABCDEFG.toml").write_bytes(
        path.read_bytes()
    )
    s = standings(t, tmp_path)
    assert any("sync conflict copy" in n for n in s.notes)
    assert totals(s)["P0"] == 27.0  # counted once


def test_a_game_named_for_other_players_counts_for_the_seated_ones(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    path = play(t, tmp_path, 1, 1, TWO_HANDS)
    path.write_text(
        path.read_text(encoding="utf-8").replace('"P1"', '"Pee \\u001b[31m"'), encoding="utf-8"
    )
    s = standings(t, tmp_path)
    note = next(n for n in s.notes if "seat 2" in n)
    assert "\x1b" not in note and "counted for P1" in note
    # Someone else sat in P1's seat from the first hand: a substitute's fixed result.
    assert totals(s)["P1"] == -30.0 and totals(s)["P0"] == 27.0


def test_a_game_file_that_is_a_link_is_not_followed(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    elsewhere = play(t, tmp_path, 1, 1, TWO_HANDS).rename(tmp_path / "elsewhere.toml")
    (tmp_path / game_file(1, 1)).symlink_to(elsewhere)
    s = standings(t, tmp_path)
    assert s.tables[0].status == "unreadable" and "symbolic link" in s.notes[0]
    assert totals(s)["P0"] == 0.0


def test_a_tournament_of_another_system_sums_its_net_points(tmp_path: Path) -> None:
    """Not only riichi: a Hong Kong tournament counts each game's net points (no uma),
    a penalty in the same points, the fold of every file the same."""
    t = seated(make(ruleset="hk-common"), 1, R1)
    assert t.unit == 1
    play(t, tmp_path, 1, 1, [{"win": 2, "fan": 3, "from": 3}, {"win": 1, "fan": 4}])
    play(t, tmp_path, 1, 2, [{"win": 4, "fan": 5, "from": 1}])
    t, _ = t.with_penalty("P5", 10, "late", 1)
    s = standings(t, tmp_path)
    folded: dict[str, float] = {p.name: 0.0 for p in t.players}
    for table, names in enumerate(R1, 1):
        session = load_session(tmp_path / game_file(1, table), FIND).session
        for entry in final_standings(session):
            folded[names[entry["seat"] - 1]] += entry["net"]
    assert any(folded.values()) and sum(folded.values()) == 0
    folded["P5"] -= 10
    assert totals(s) == pytest.approx(folded, abs=1e-9)
    assert s.lines[0].player.name == max(folded, key=folded.__getitem__)


def test_an_mcr_tournament_ranks_by_table_points_then_by_the_score(tmp_path: Path) -> None:
    """MCR (the system's Ranking): a game counts its table points (4/2/1/0, ties share),
    equal table points are told apart by the sum of the game scores (MahjongTournamentSuite
    ranks so), a director's penalty is points off the score, and the EMA file gives the
    table points and the score."""
    t = seated(make(ruleset="mcr"), 1, R1)
    assert t.ranking.then == ("raw",) and t.ranking.penalties == "raw"
    # Table 1: P0 wins 12 fan off P1 (+36, P1 -20, the others -8), then P2 self-draws 9
    # (+51, each -17): P2 43, P0 19, P3 -25, P1 -37.
    play(t, tmp_path, 1, 1, [{"win": 1, "fan": 12, "from": 2}, {"win": 3, "fan": 9}])
    # Table 2: P4 wins 12 off P5, then 15 draws end the sixteen hands: P4 36, P6 and P7
    # -8 each (sharing 2nd and 3rd: 1.5 each), P5 -20.
    play(t, tmp_path, 1, 2, [{"win": 1, "fan": 12, "from": 2}] + [{"draw": True}] * 15)
    s = standings(t, tmp_path)
    assert [x.status for x in s.tables] == ["playing", "finished"]
    folded: dict[str, float] = {p.name: 0.0 for p in t.players}
    for table, names in enumerate(R1, 1):
        session = load_session(tmp_path / game_file(1, table), FIND).session
        for entry in final_standings(session):
            folded[names[entry["seat"] - 1]] += entry["score"]
    assert totals(s) == pytest.approx(folded, abs=1e-9)
    ranked = [(x.player.name, x.place, x.total, x.raw) for x in s.ranked]
    assert ranked[:3] == [("P2", 1, 4.0, 43), ("P4", 2, 4.0, 36), ("P0", 3, 2.0, 19)]
    assert ranked[3:5] == [("P6", 4, 1.5, -8), ("P7", 4, 1.5, -8)]  # all equal: shared
    assert ranked[-2:] == [("P5", 7, 0.0, -20), ("P1", 8, 0.0, -37)]
    # A penalty of 10 points for P2: off his score, not his table points; P4 goes first.
    t, _ = t.with_penalty("P2", 10, "late", 1)
    s = standings(t, tmp_path)
    first = [(x.player.name, x.place, x.total, x.raw, x.penalty) for x in s.ranked[:2]]
    assert first == [("P4", 1, 4.0, 36, 0.0), ("P2", 2, 4.0, 33, 10.0)]
    rows = list(csv.reader(io.StringIO(ema_csv(s))))
    assert rows[1][4:6] == ["4.0", "36"] and rows[2][4:6] == ["4.0", "33"]
    text = standings_text(s)
    assert "Table points  Score" in text and "10 off the score: late" in text


def test_team_standings_sum_their_players_and_leave_out_players_without_a_team(
    tmp_path: Path,
) -> None:
    """Each team is its players' totals summed (penalties already off); a player without a
    team is in none; a team of fewer players sums those it has; equal teams share the
    place in riichi, and are told apart by the summed score in MCR (its Ranking)."""
    teams = dict(P0="Red", P1="red", P2="Blue", P3="Blue", P4="Blue", P5="Gold", P6="Gold")

    def with_teams(t):
        return replace(t, players=tuple(replace(p, team=teams.get(p.name, "")) for p in t.players))

    t = seated(with_teams(make()), 1, R1)
    play(t, tmp_path, 1, 1, TWO_HANDS)  # P0 +27.0, P2 +9.2, P3 -9.2, P1 -27.0
    t, _ = t.with_penalty("P4", 2000, "late", 1)
    s = standings(t, tmp_path)
    got = [
        (x.place, x.team, x.total, [p.player.name for p in x.players]) for x in team_standings(s)
    ]
    # Red is P0 and P1 ("red" is the same team): 27 - 27; Gold two players, no game yet;
    # Blue three players, P4's penalty in: 9.2 - 2.0 - 9.2. P7 has no team.
    assert got == [
        (1, "Gold", 0.0, ["P5", "P6"]),  # equal to Red: the place shared
        (1, "Red", 0.0, ["P0", "P1"]),
        (3, "Blue", -2.0, ["P2", "P4", "P3"]),  # its players best first
    ]
    assert "Red" in teams_text(s) and "team" in teams_csv(s).splitlines()[0]
    # MCR: equal table points are told apart by the score, summed.
    m = seated(with_teams(make(ruleset="mcr")), 1, R1)
    play(m, tmp_path, 1, 1, [{"win": 1, "fan": 12, "from": 3}])  # P0 +36, P2 -20, P1 P3 -8
    play(m, tmp_path, 1, 2, [{"win": 2, "fan": 8, "from": 1}])  # P5 +32, P4 -16, P6 P7 -8
    s = standings(m, tmp_path)
    got = [(x.place, x.team, x.total, x.raw) for x in team_standings(s)]
    # Firsts take 4, the two at -8 share 2nd and 3rd (1.5 each): Red P0 4 + P1 1.5 (+28),
    # Gold P5 4 + P6 1.5 (+24), equal table points parted by the score; Blue 0 + 1.5 + 0.
    assert got == [(1, "Red", 5.5, 28), (2, "Gold", 5.5, 24), (3, "Blue", 1.5, -44)]


def test_a_penalty_names_what_it_takes_off_in_the_language_spoken() -> None:
    """The director's penalty form, the reports and the desk say "2 off the total" in
    the language spoken (the interface's _, by default); ``str`` keeps the English."""
    from mjtui.core import language
    from mjtui.core.tournament.model import SUM_NAMES

    riichi, mcr = make(), make(ruleset="mcr")
    for t in (riichi, mcr):
        assert {t.ranking.total, t.ranking.raw} <= set(SUM_NAMES)
    language.install("zh_Hans")
    assert riichi.penalty_off(2000, language._) == "总分扣 2"
    assert mcr.penalty_off(10, language._) == "比赛分扣 10"
    assert riichi.penalty_off(2000) == "总分扣 2"  # a report's words, said as well
    assert riichi.penalty_off(2000, str) == "2 off the total"
    language.install("ja")
    assert riichi.penalty_off(2000, language._) == "合計から2を引く"
    language.install("zh_Hant")
    assert mcr.penalty_off(10, language._) == "比賽分扣 10"
    language.install(language.ENGLISH)
    assert mcr.penalty_off(10, language._) == "10 off the score"
