"""Exports (CSV, JSON, Markdown) read back, and the `mjtui export` handler.

The numbers are the hand-worked settlements of test_session_file (start
10000, East x2), extended by a hand 3 worked out below.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from datetime import datetime
from pathlib import Path

import pytest

from mjtui.cli.reports import REPORT_COMMANDS, add_report_commands
from mjtui.core.errors import MjtuiError, SessionError
from mjtui.core.model.session import Session
from mjtui.core.reports.export import (
    ExportError,
    export_session,
    hand_rows,
    standings,
    to_csv,
    to_json,
    to_markdown,
)
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.session_file import save_session
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
NAMES = ("Ann", "Bob", "Cy", "Di")
STARTED = datetime(2026, 11, 29, 20, 15)

# Hand 1: East Ann, Cy wins, 10 4 50 6: -80 -64 +200 -56 (test_session_file).
# Hand 2: a draw; Bob stays East.
# Hand 3: East Bob, Ann wins, points 40 10 20 8:
#   Ann receives 40 from Bob (x2: 80), Cy 40, Di 40: +160.
#   Bob receives 10 from Cy and Di, x2: +40.  Cy receives 20 from Bob (40), Di 20: +60.
#   Di receives 8 from Bob (16), Cy 8: +24.
#   Ann +160; Bob -80 + 40 - 40 - 16 = -96; Cy -40 - 20 + 60 - 8 = -8;
#   Di -40 - 20 - 20 + 24 = -56.
HANDS = [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0)), Hand(0, (40, 10, 20, 8))]
CHANGES = [(-80, -64, 200, -56), (0, 0, 0, 0), (160, -96, -8, -56)]
TOTALS = [(9920, 9936, 10200, 9944), (9920, 9936, 10200, 9944), (10080, 9840, 10192, 9888)]
EAST = [0, 1, 1]  # seat East during each hand
# Final: Cy 10192 (+192), Ann 10080 (+80), Di 9888 (-112), Bob 9840 (-160).


def make_session(players=NAMES, hands=HANDS) -> Session:
    session = Session(load_ruleset(HP11C), tuple(players), STARTED)
    for hand in hands:
        session.add(hand)
    return session


def test_hand_rows_are_the_worked_settlements() -> None:
    rows = hand_rows(make_session())
    assert [r.change for r in rows] == CHANGES
    assert [r.totals for r in rows] == TOTALS
    assert [r.east for r in rows] == EAST
    assert [r.next_east for r in rows] == [1, 1, 2]
    assert [r.winner for r in rows] == [2, None, 0]
    assert [r.number for r in rows] == [1, 2, 3]


def test_standings_rank_by_total_and_share_equal_ranks() -> None:
    table = standings(make_session())
    assert [(s.rank, s.player, s.total, s.net) for s in table] == [
        (1, "Cy", 10192, 192),
        (2, "Ann", 10080, 80),
        (3, "Di", 9888, -112),
        (4, "Bob", 9840, -160),
    ]
    # A draw leaves everyone level: all share first place, listed in seat order.
    level = standings(make_session(hands=[Hand(None, (0, 0, 0, 0))]))
    assert [s.rank for s in level] == [1, 1, 1, 1]
    assert [s.seat for s in level] == [0, 1, 2, 3]


def test_csv_reads_back_with_the_csv_module() -> None:
    rows = list(csv.DictReader(io.StringIO(to_csv(make_session()))))
    assert len(rows) == 3
    assert [int(r["hand"]) for r in rows] == [1, 2, 3]
    assert [r["outcome"] for r in rows] == ["win", "draw", "win"]
    assert [r["winner"] for r in rows] == ["Cy", "", "Ann"]
    assert [r["east"] for r in rows] == ["Ann", "Bob", "Bob"]
    for i, row in enumerate(rows):
        for seat, name in enumerate(NAMES):
            assert int(row[f"{name} points"]) == HANDS[i].points[seat]
            assert int(row[f"{name} change"]) == CHANGES[i][seat]
            assert int(row[f"{name} total"]) == TOTALS[i][seat]


def test_csv_quotes_awkward_names() -> None:
    names = ("Ann, Jr.", 'Bob "B"', "Cy", "Di")
    text = to_csv(make_session(players=names))
    header = next(csv.reader(io.StringIO(text)))
    assert header[4:6] == ["Ann, Jr. points", 'Bob "B" points']
    assert header[8:10] == ["Ann, Jr. change", "Ann, Jr. total"]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[2]["winner"] == "Ann, Jr." and int(rows[2]["Ann, Jr. change"]) == 160


def test_json_reads_back() -> None:
    doc = json.loads(to_json(make_session()))
    assert doc["format"] == "mjtui-export/2"
    assert doc["started"] == "2026-11-29T20:15:00"
    assert doc["ruleset"]["id"] == "hp11c"
    assert doc["ruleset"]["rules"]["payments"]["east_multiplier"] == 2
    assert doc["players"] == list(NAMES)
    assert doc["start_totals"] == [10000] * 4
    assert [h["winner"] for h in doc["hands"]] == [3, None, 1]
    assert [h["east"] for h in doc["hands"]] == [1, 2, 2]
    assert [h["outcome"] for h in doc["hands"]] == ["win", "draw", "win"]
    assert [tuple(h["change"]) for h in doc["hands"]] == CHANGES
    assert [tuple(h["totals"]) for h in doc["hands"]] == TOTALS
    assert doc["hands"][0]["points"] == [10, 4, 50, 6]
    assert doc["standings"][0] == {"rank": 1, "seat": 3, "player": "Cy", "total": 10192, "net": 192}
    assert [s["player"] for s in doc["standings"]] == ["Cy", "Ann", "Di", "Bob"]


def test_markdown_report_has_title_standings_and_hands() -> None:
    text = to_markdown(make_session(), source="night.toml")
    lines = text.splitlines()
    assert lines[0] == "# Mahjong series of 2026-11-29 20:15"
    assert "- Ruleset: HP-11C East doubling (hp11c)" in lines
    assert "- Hands: 3 (1 drawn)" in lines
    assert "- File: night.toml" in lines
    assert any(line.startswith("- Players: Ann, Bob, Cy, Di") for line in lines)
    start = lines.index("## Final standings")
    standings_rows = [line for line in lines[start:] if line.startswith("| ")][:5]
    assert standings_rows == [
        "| Rank | Player | Total | Net |",
        "| 1 | Cy | 10192 | +192 |",
        "| 2 | Ann | 10080 | +80 |",
        "| 3 | Di | 9888 | -112 |",
        "| 4 | Bob | 9840 | -160 |",
    ]
    hands = lines[lines.index("## Hands") :]
    assert (
        "| 1 | Cy won | 10 / -80 / 9920 | 4 / -64 / 9936 | 50 / +200 / 10200 "
        "| 6 / -56 / 9944 |" in hands
    )
    assert any(line.startswith("| 2 | draw | 0 / 0 / 9920") for line in hands)
    assert any(line.startswith("- End: ") for line in lines)


def test_markdown_escapes_names_that_would_break_a_table() -> None:
    text = to_markdown(make_session(players=("A|nn", "Bob", "Cy", "Di")))
    row = next(line for line in text.splitlines() if line.startswith("| 2 | A"))
    assert row.startswith("| 2 | A\\|nn | 10080 |")
    # Unescaped, the row would have one cell too many.
    assert row.replace("\\|", "").count("|") == 5


def test_markdown_of_an_empty_session() -> None:
    text = to_markdown(make_session(hands=[]))
    assert "No hands were played." in text
    assert "| 1 | Ann | 10000 | 0 |" in text


def test_unknown_format_is_refused() -> None:
    with pytest.raises(ExportError, match=r"cannot be written as 'xml'.*csv, json, md"):
        export_session(make_session(), "xml")


# --------------------------------------------------------------------------
# `mjtui export` handler, through the same argparse setup mjtui/cli/entry.py uses
# --------------------------------------------------------------------------


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="mjtui")
    parser.add_argument("--ruleset")
    add_report_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    return REPORT_COMMANDS[args.command](args)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "night.toml"
    save_session(make_session(), path)
    return path


def test_export_command_prints_to_stdout(saved: Path, capsys) -> None:
    assert run("export", str(saved), "--format", "json") == 0
    doc = json.loads(capsys.readouterr().out)
    assert [tuple(h["totals"]) for h in doc["hands"]] == TOTALS


def test_export_command_writes_output_and_takes_the_format_from_it(saved, tmp_path, capsys) -> None:
    out = tmp_path / "report.md"
    assert run("export", str(saved), "--output", str(out)) == 0
    assert capsys.readouterr().out == ""
    assert "| 1 | Cy | 10192 | +192 |" in out.read_text(encoding="utf-8")
    out_csv = tmp_path / "hands.txt"
    assert run("export", str(saved), "--format", "csv", "-o", str(out_csv)) == 0
    assert len(list(csv.DictReader(out_csv.open(encoding="utf-8", newline="")))) == 3


def test_export_command_needs_a_format(saved: Path, tmp_path: Path) -> None:
    # mjtui's formats, then the system's own (none for this one): the whole list, said.
    with pytest.raises(
        ExportError, match=r"say which format to write: --format csv, json, md, results$"
    ):
        run("export", str(saved))
    with pytest.raises(ExportError, match=r"out\.txt: say which format"):
        run("export", str(saved), "-o", str(tmp_path / "out.txt"))


def test_export_command_will_not_overwrite_the_session(saved: Path) -> None:
    before = saved.read_text(encoding="utf-8")
    with pytest.raises(ExportError, match="is the session file itself"):
        run("export", str(saved), "--format", "md", "--output", str(saved))
    assert saved.read_text(encoding="utf-8") == before


def test_export_command_refuses_a_damaged_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "damaged.toml"
    path.write_text(
        "\n".join(
            [
                'format = "mjtui-session/1"',
                'ruleset = "hp11c"',
                'players = ["Ann", "Bob", "Cy", "Di"]',
                "",
                "[[hands]]",
                "winner = 1",
                "points = [8, 0, 0, 0]",
                "",
                "[[hands]]",
                "winner = 7",
                "points = [8, 0, 0, 0]",
                "",
            ]
        ),
        encoding="utf-8",
    )
    with pytest.raises(SessionError) as caught:
        run("export", str(path), "--format", "csv")
    message = str(caught.value)
    assert str(path) in message and "hand 2 (line 9)" in message
    assert "nothing was exported" in message
    assert capsys.readouterr().out == ""


def test_export_command_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(MjtuiError, match=r"nope.toml: no such file"):
        run("export", str(missing), "--format", "md")


def test_export_command_unwritable_output(saved: Path, tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(ExportError, match="a-folder: could not write it"):
        run("export", str(saved), "--format", "md", "--output", str(folder))


# --------------------------------------------------------------------------
# `mjtui export` as users run it (mjtui/cli/entry.py adds the report commands)
# --------------------------------------------------------------------------


def test_cli_export_csv(run_mjtui, folders, saved: Path) -> None:
    result = run_mjtui("export", str(saved), "--format", "csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [int(r["Cy total"]) for r in rows] == [t[2] for t in TOTALS]


def test_cli_export_of_a_damaged_file_exits_2(run_mjtui, folders, tmp_path: Path) -> None:
    path = tmp_path / "damaged.toml"
    path.write_text(
        'format = "mjtui-session/1"\nruleset = "hp11c"\n'
        'players = ["A", "B", "C", "D"]\n\n[[hands]]\nwinner = 9\n'
        "points = [1, 1, 1, 1]\n",
        encoding="utf-8",
    )
    result = run_mjtui("export", str(path), "--format", "md")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert str(path) in result.stderr and "hand 1 (line 5)" in result.stderr


def test_a_riichi_series_exports_its_winners_and_counts_in_the_stats(folders) -> None:
    from datetime import datetime

    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.reports.stats import compute
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.systems.riichi.events import Win, Winner

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 29, 20, 0))
    # Cy (non-dealer) wins 3 han 40 fu off Ann: 5200, paid by Ann alone.
    session.add(Win(winners=(Winner(seat=2, han=3, fu=40),), discarder=0))
    rows = list(csv.reader(io.StringIO(export_session(session, "csv"))))
    assert rows[0][1:7] == ["outcome", "winners", "discarder", "han", "fu", "yakuman"]
    assert rows[1][1:7] == ["ron", "Cy", "Ann", "3", "40", "0"]
    assert rows[1][-1] == "Cy ron off Ann, 3 han 40 fu"
    document = json.loads(export_session(session, "json"))
    assert document["hands"][0]["winners"] == [3]
    assert document["hands"][0]["change"] == [-5200, 0, 5200, 0]
    stats = compute([(None, session)])
    cy = next(p for p in stats.players if p.name == "Cy")
    assert (cy.hands_won, cy.net) == (1, 5200)
