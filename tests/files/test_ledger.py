"""One ledger for many tables: the table's name in the file, and a folder read while other
machines' files arrive and change in it (core/sessions/ledger.py, docs/ledger.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions import ledger
from mjtui.core.sessions.ledger import kind_of, read_folder, session_names
from mjtui.core.sessions.library import ruleset_finder, scan
from mjtui.core.sessions.session_file import save_session
from mjtui.systems.east_doubling.system import Hand

HERE = Path(__file__).resolve().parents[1]
NAMES = ("Ann", "Bob", "Cy", "Di")


def find():
    return ruleset_finder(paths.ruleset_folders())


def saved(folder: Path, name: str, hands: int = 2, table: str = "") -> Path:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, NAMES, datetime(2026, 11, 30, 19, 0), table=table)
    for n in range(hands):
        session.add(Hand(n % 4, (8, 0, 0, 0)))
    path = folder / name
    save_session(session, path)
    return path


@pytest.mark.parametrize(
    "name, kind",
    [
        ("2026-11-30_190000_hp11c_table-1_a1b2c3.toml", "session"),
        (".syncthing.2026-11-30_190000_hp11c.toml.tmp", "ignored"),
        (".night.toml.1234.tmp", "ignored"),
        ("night.toml~", "ignored"),
        ("night.toml.part", "ignored"),
        ("notes.txt", "ignored"),
        ("night.sync-conflict-20261130-201500-ABCDEFG.toml", "conflict"),
        ("night (conflicted copy 2026-11-30).toml", "conflict"),
    ],
)
def test_what_a_sync_tool_leaves_is_ignored_and_conflicts_are_told_apart(name, kind) -> None:
    assert kind_of(name) == kind


def test_a_folder_read_counts_settled_files_and_says_what_it_skips(folders, tmp_path: Path) -> None:
    folder = tmp_path / "ledger"
    folder.mkdir()
    good = saved(folder, "good.toml", table="Table 1")
    saved(folder, "night.sync-conflict-20261130-201500-ABCDEFG.toml")
    (folder / ".syncthing.good2.toml.tmp").write_text("half a file", encoding="utf-8")
    (folder / "good.toml~").write_text("an editor's backup", encoding="utf-8")
    cut = saved(folder, "cut.toml")
    with open(cut, "ab") as f:  # an append stopped half way: the zero byte, part of a hand
        f.write(b"\0[[hands]]\nwinner = 2\npoi")
    short = saved(folder, "short.toml")
    short.write_bytes(short.read_bytes()[:-1])  # a copy cut short: its last hand unended
    sheet = saved(folder, "sheet.toml")  # a sheet written by hand, without a last line end
    sheet.write_text(sheet.read_text().split("\n", 1)[1].rstrip("\n"), encoding="utf-8")
    result = read_folder(folder, find())
    assert [p for p, _ in result.sessions] == [good]
    assert result.sessions[0][1].table == "Table 1"
    notes = "\n".join(result.skipped)
    assert "sync conflict copy" in notes and "cut.toml" in notes and "short.toml" in notes
    assert "skipped for now: " + str(sheet) in notes
    assert "syncthing" not in notes and "~" not in notes
    # The library lists the conflict copy, marked, and not what the tools leave.
    listed = {s.path.name: s for s in scan(folder, find())}
    assert set(listed) == {
        "good.toml",
        "cut.toml",
        "short.toml",
        "sheet.toml",
        "night.sync-conflict-20261130-201500-ABCDEFG.toml",
    }
    assert "sync conflict" in listed["night.sync-conflict-20261130-201500-ABCDEFG.toml"].problems[0]
    # A sheet without a last line end written long ago was written so: it is read as it
    # is. A file mjtui wrote says where each hand ends: one cut short stays damaged.
    old = time.time() - 3600
    for path in (short, sheet):
        os.utime(path, (old, old))
    result = read_folder(folder, find())
    assert [p for p, _ in result.sessions] == [good, sheet]
    assert f"skipped, damaged: {short}: hand 2 (line" in "\n".join(result.skipped)


def test_a_file_that_changes_while_read_is_skipped_then_read_next_time(
    folders, tmp_path: Path, monkeypatch
) -> None:
    folder = tmp_path / "ledger"
    folder.mkdir()
    path = saved(folder, "growing.toml", hands=1)
    real = ledger.load_session
    grown = []

    def load_while_a_hand_arrives(p, find_ruleset):
        loaded = real(p, find_ruleset)
        if not grown:
            saved(folder, "growing.toml", hands=2)
            st = os.stat(path)
            os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
            grown.append(True)
        return loaded

    monkeypatch.setattr(ledger, "load_session", load_while_a_hand_arrives)
    first = read_folder(folder, find())
    assert first.sessions == [] and "changed while it was read" in first.skipped[0]
    second = read_folder(folder, find())
    assert [len(s.hands) for _, s in second.sessions] == [2] and second.skipped == []


def test_two_writers_and_a_reader_share_one_folder(folders, tmp_path: Path) -> None:
    folder = tmp_path / "ledger"
    folder.mkdir()
    stop = tmp_path / "stop"
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    script = str(HERE / "ledger_processes.py")

    def start(*args: str) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, script, *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    reader = start("read", str(folder), str(stop))
    writers = [start("write", str(folder), table, "2", "60") for table in ("Table 1", "Table 2")]
    for w in writers:
        _, err = w.communicate(timeout=120)
        assert w.returncode == 0, err
    stop.touch()
    out, err = reader.communicate(timeout=120)
    assert reader.returncode == 0, err  # no error, no partial hand counted
    seen = json.loads(out)
    # Both tables started the same sessions in the same minutes: four files, none shared.
    names = sorted(p.name for p in session_names(folder)[0])
    assert len(names) == 4 and sum("table-1" in n for n in names) == 2
    # The last read, after the writers were done, counted every hand of every session.
    assert seen["sessions"] == 4 and seen["hands"] == [60] * 4
    assert seen["final_skipped"] == []
    assert seen["reads"] >= 1


async def test_the_new_series_form_takes_the_table_from_the_config(folders) -> None:
    from mjtui.cli import entry
    from mjtui.core.sessions.ledger import latest_session
    from mjtui.core.sessions.session_file import load_session

    folders["config"].mkdir(parents=True, exist_ok=True)
    (folders["config"] / "config.toml").write_text('table = "Table 2"\n', encoding="utf-8")
    app = entry.new_series(entry.build_parser().parse_args([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from textual.widgets import Input

        assert app.screen.query_one("#table", Input).value == "Table 2"
        for name in NAMES:
            for key in name:
                await pilot.press(key)
            await pilot.press("enter")
        await pilot.pause()
    path = latest_session(paths.sessions_dir())
    assert path is not None and "_table-2_" in path.name
    assert (
        load_session(path, RulesetLibrary(paths.ruleset_folders()).get).session.table == "Table 2"
    )
