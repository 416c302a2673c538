"""Statistics over hand-made sessions, every figure worked out by hand."""

from __future__ import annotations

import argparse
import json
from datetime import date, datetime
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.cli.reports import REPORT_COMMANDS, add_report_commands
from mjtui.core.model.session import Session
from mjtui.core.reports import stats as core_stats
from mjtui.core.reports.stats import compute, to_plain
from mjtui.core.rulesets.ruleset import Ruleset, load_ruleset
from mjtui.core.sessions.library import ruleset_finder
from mjtui.core.sessions.session_file import save_session
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"

# Night 1 (Ann Bob Cy Di, start 10000, East x2), the hands of test_export:
#   hand 1 Cy wins, East Ann: -80 -64 +200 -56
#   hand 2 draw
#   hand 3 Ann wins, East Bob: +160 -96 -8 -56        final: Cy first (10192)
NIGHT1 = [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0)), Hand(0, (40, 10, 20, 8))]
# Night 2 ("ann " Eve Cy Bob): Eve (seat 2) wins 8 with ann East: Eve receives 8 from
#   ann (x2: 16), Cy and Bob: +32; ann -16, Cy -8, Bob -8.    final: Eve first
NIGHT2 = [Hand(1, (0, 8, 0, 0))]


def collect_all(**filters) -> core_stats.BySystem:
    """The statistics of the sessions folder, gathered as `mjtui stats` does."""
    return core_stats.collect(
        paths.sessions_dir(), ruleset_finder(paths.ruleset_folders()), **filters
    )


def collect(**filters) -> core_stats.Statistics:
    """East doubling's statistics: the nights' system (HP-11C)."""
    found = collect_all(**filters)
    return found.systems.get("east-doubling") or compute([], found.skipped)


def save(name: str, players, started: datetime, hands, ruleset: Ruleset | None = None) -> Path:
    session = Session(ruleset or load_ruleset(HP11C), tuple(players), started)
    for hand in hands:
        session.add(hand)
    path = paths.sessions_dir() / name
    save_session(session, path)
    return path


@pytest.fixture
def nights(folders) -> dict[str, Path]:
    return {
        "night1": save("n1.toml", ["Ann", "Bob", "Cy", "Di"], datetime(2026, 11, 1, 20), NIGHT1),
        "night2": save("n2.toml", ["ann ", "Eve", "Cy", "Bob"], datetime(2026, 11, 8, 20), NIGHT2),
        "empty": save("n3.toml", ["Ann", "Bob", "Cy", "Di"], datetime(2026, 11, 9, 20), []),
    }


def row(stats, name):
    (found,) = [p for p in stats.players if p.name == name]
    return found


def test_player_statistics_worked_by_hand(nights) -> None:
    stats = collect()
    assert stats.series == 2  # the empty session is not a series
    assert stats.skipped == []
    # Players by net: Cy +184, Ann +64, Eve +32, Di -112, Bob -168.
    assert [p.name for p in stats.players] == ["Cy", "ann", "Eve", "Di", "Bob"]

    # "Ann" and "ann ": one player, the newest spelling shown as kept (trimmed)
    ann = row(stats, "ann")
    assert (ann.series, ann.series_won, ann.hands_played, ann.hands_won) == (2, 0, 4, 1)
    assert ann.win_rate == 0.25
    assert ann.net == -80 + 0 + 160 - 16 == 64 and ann.average == 16.0
    assert (ann.best_hand.change, ann.best_hand.hand) == (160, 3)
    assert ann.best_hand.path == nights["night1"]
    assert ann.best_hand.started == datetime(2026, 11, 1, 20)
    assert (ann.biggest_swing.change, ann.biggest_swing.hand) == (160, 3)

    bob = row(stats, "Bob")
    assert (bob.series, bob.series_won, bob.hands_played, bob.hands_won) == (2, 0, 4, 0)
    assert bob.net == -64 - 96 - 8 == -168 and bob.average == -42.0
    assert bob.best_hand is None  # never gained
    assert (bob.biggest_swing.change, bob.biggest_swing.hand) == (-96, 3)

    cy = row(stats, "Cy")
    assert (cy.series, cy.series_won, cy.hands_played, cy.hands_won) == (2, 1, 4, 1)
    assert cy.net == 200 - 8 - 8 == 184
    assert (cy.best_hand.change, cy.best_hand.hand) == (200, 1)
    assert cy.biggest_swing.change == 200

    di = row(stats, "Di")
    assert (di.series, di.hands_played, di.hands_won, di.net) == (1, 3, 0, -112)
    # -56 in hand 1 and again in hand 3: the earlier is kept.
    assert (di.biggest_swing.change, di.biggest_swing.hand) == (-56, 1)

    eve = row(stats, "Eve")
    assert (eve.series, eve.series_won, eve.hands_played, eve.hands_won) == (1, 1, 1, 1)
    assert eve.win_rate == 1.0 and eve.net == 32 and eve.best_hand.path == nights["night2"]


def test_damaged_and_unreadable_files_are_skipped_with_a_note(nights) -> None:
    folder = paths.sessions_dir()
    good = nights["night1"].read_text(encoding="utf-8")
    (folder / "bad-hand.toml").write_text(
        good + "\n[[hands]]\nwinner = 9\npoints = [1, 1, 1, 1]\n", encoding="utf-8"
    )
    (folder / "bad-header.toml").write_text(
        good.replace("players = [", "players = [7, "), encoding="utf-8"
    )
    stats = collect()
    assert stats.series == 2  # the same two as without the bad files
    assert row(stats, "Cy").net == 184
    assert len(stats.skipped) == 2
    bad_hand, bad_header = sorted(stats.skipped, key=lambda note: "header" in note)
    assert bad_hand.startswith("skipped, damaged: ")
    assert str(folder / "bad-hand.toml") in bad_hand and "hand 4" in bad_hand
    assert bad_header.startswith("skipped, cannot be read: ")
    assert str(folder / "bad-header.toml") in bad_header and "key 'players'" in bad_header


def test_per_ruleset_and_filters(nights) -> None:
    base = load_ruleset(HP11C)
    house = Ruleset("house", "test", base.system.with_start_points(base.rules, 500))
    # East Ann, Di wins 10: Di +40 (10 from Ann x2, Bob, Cy); Ann -20, Bob -10, Cy -10.
    save(
        "h.toml",
        ["Ann", "Bob", "Cy", "Di"],
        datetime(2026, 12, 2, 20),
        [Hand(3, (0, 0, 0, 10))],
        ruleset=house,
    )
    stats = collect()
    assert stats.series == 3
    assert [(r.id, r.series) for r in stats.rulesets] == [("house", 1), ("hp11c", 2)]
    house_di = next(p for p in stats.rulesets[0].players if p.name == "Di")
    assert (house_di.net, house_di.hands_won, house_di.series_won) == (40, 1, 1)
    assert row(stats, "Di").net == -112 + 40

    only_house = collect(ruleset_id="house")
    assert only_house.series == 1 and next(p.name for p in only_house.players) == "Di"
    november = collect(since=date(2026, 11, 1), until=date(2026, 11, 30))
    assert november.series == 2 and row(november, "Di").net == -112
    assert collect(since=date(2026, 11, 2), until=date(2026, 11, 30)).series == 1


def test_compute_without_files() -> None:
    session = Session(load_ruleset(HP11C), ("A", "B", "C", "D"), datetime(2026, 1, 1))
    session.add(Hand(None, (0, 0, 0, 0)))
    stats = compute([(None, session)])
    assert stats.series == 1
    # A draw only: everybody level, so everybody shares first place; no gains, no swings.
    assert all(
        p.series_won == 1
        and p.hands_played == 1
        and p.hands_won == 0
        and p.best_hand is None
        and p.biggest_swing is None
        for p in stats.players
    )


# --------------------------------------------------------------------------
# `mjtui stats` handler, through the argparse setup mjtui/cli/entry.py uses
# --------------------------------------------------------------------------


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="mjtui")
    parser.add_argument("--ruleset")
    add_report_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    return REPORT_COMMANDS[args.command](args)


def test_stats_command_json(nights, capsys) -> None:
    assert run("stats", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc == to_plain(collect_all())  # the same data, through JSON
    (system,) = doc["systems"]
    assert (doc["series"], system["system"], system["series"]) == (2, "east-doubling", 2)
    cy = system["players"][0]
    assert cy["name"] == "Cy" and cy["win_rate"] == 0.25 and cy["average"] == 46.0
    assert cy["best_hand"] == {
        "change": 200,
        "file": str(nights["night1"]),
        "started": "2026-11-01T20:00:00",
        "hand": 1,
    }
    assert system["players"][3]["best_hand"] is None  # Di never gained
    assert [r["id"] for r in system["rulesets"]] == ["hp11c"] and doc["skipped"] == []


def test_stats_command_table_is_aligned(nights, capsys) -> None:
    assert run("stats") == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert lines[0] == "east-doubling: all sessions (2 series)"
    header, *rows = lines[1:]
    assert header.split()[:2] == ["Player", "Series"]
    assert [r.split()[0] for r in rows] == ["Cy", "ann", "Eve", "Di", "Bob"]
    # Numbers are right-aligned: each column ends where its heading ends.
    net_end = header.index("Net") + len("Net")
    assert [r[:net_end].split()[-1] for r in rows] == ["+184", "+64", "+32", "-112", "-168"]
    win_end = header.index("Win %") + len("Win %")
    assert [r[:win_end].split()[-1] for r in rows] == ["25.0", "25.0", "100.0", "0.0", "0.0"]
    assert "+200 (2026-11-01 20:00 hand 1)" in rows[0]
    assert out.err == ""


def test_stats_command_with_no_sessions_and_with_a_ruleset(nights, capsys) -> None:
    assert run("stats", "--ruleset", "nosuch") == 0
    assert capsys.readouterr().out.startswith("no sessions of ruleset 'nosuch' with any hands in ")
    assert run("stats", "--ruleset", "hp11c") == 0
    assert "east-doubling: all sessions (2 series)" in capsys.readouterr().out


def test_the_net_of_two_systems_is_never_added(nights, capsys) -> None:
    """The tester's folder: HP-11C's nights and a riichi game by some of the same players.
    Riichi points and HP-11C points are counted apart, each system with its own table."""
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.systems.riichi.events import Win, Winner

    riichi = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    # Cy (seat 1, East) 4 han 30 fu ron off Ann: 11600.
    save(
        "r.toml",
        ["Cy", "Ann", "Bob", "Di"],
        datetime(2026, 12, 1, 20),
        [Win(winners=(Winner(seat=0, han=4, fu=30),), discarder=1)],
        ruleset=riichi,
    )
    both = collect_all()
    assert list(both.systems) == ["riichi", "east-doubling"]  # the latest played first
    assert both.series == 3
    assert row(both.systems["riichi"], "Cy").net == 11600
    assert row(both.systems["east-doubling"], "Cy").net == 184  # not 11784
    assert run("stats") == 0
    out = capsys.readouterr().out
    assert out.startswith("2 scoring systems, each counted apart")
    heads = [line for line in out.splitlines() if "all sessions" in line]
    assert heads == [
        "riichi: all sessions (1 series)",
        "east-doubling: all sessions (2 series)",
    ]
    assert "+11784" not in out and "+11600" in out
    assert run("stats", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(s["system"], s["series"]) for s in doc["systems"]] == [
        ("riichi", 1),
        ("east-doubling", 2),
    ]
    assert "players" not in doc  # no table of every system's points summed


def test_stats_command_notes_skipped_files_on_stderr(nights, capsys) -> None:
    (paths.sessions_dir() / "broken.toml").write_text("format = [", encoding="utf-8")
    assert run("stats") == 0
    err = capsys.readouterr().err
    assert "mjtui: skipped, cannot be read: " in err and "broken.toml" in err


# --------------------------------------------------------------------------
# `mjtui stats` as users run it (mjtui/cli/entry.py adds the report commands)
# --------------------------------------------------------------------------


def test_cli_stats_json_with_a_damaged_file_in_the_folder(run_mjtui, nights) -> None:
    (paths.sessions_dir() / "broken.toml").write_text("format = [", encoding="utf-8")
    result = run_mjtui("stats", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["series"] == 2 and doc["systems"][0]["players"][0]["name"] == "Cy"
    assert len(doc["skipped"]) == 1 and "broken.toml" in doc["skipped"][0]
