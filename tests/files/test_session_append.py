"""A new hand is appended to the session file: the same file as a whole save, failures
cut back, a hand cut short by a crash reported and repaired on resume."""

from __future__ import annotations

import errno
import os
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import tomli_w

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.scorebook import Scorebook, open_scorebook
from mjtui.core.sessions.session_file import (
    HEADER,
    hand_text,
    load_session,
    save_session,
    session_text,
    to_document,
)
from mjtui.systems.east_doubling.system import Hand
from mjtui.systems.riichi.system import AbortiveDraw, ExhaustiveDraw, Win, Winner

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
NAMES = ("Ann", "Bob", "Cy", "Di")
STARTED = datetime(2026, 11, 29, 20, 15, 0, tzinfo=timezone(timedelta(hours=1)))
HANDS = [
    Hand(2, (10, 4, 50, 6)),
    Hand(None, (0, 0, 0, 0)),
    Hand(0, (40, 10, 20, 8)),
    Hand(3, (1, 2, 3, 900)),
]


def find(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


def hp11c() -> Session:
    return Session(load_ruleset(HP11C), NAMES, STARTED)


def riichi_hands() -> list:
    return [
        Win((Winner(2, han=3, fu=40),), discarder=0),  # short: tomli-w would inline these
        AbortiveDraw(),
        ExhaustiveDraw(tenpai=(1, 3), riichi=(1,)),
        Win(
            (Winner(1, han=1, fu=30, tiles="234m456p789s23455s", yaku=("riichi", "menzen tsumo")),),
            discarder=None,
            riichi=(1,),
        ),
    ]


class NoWholeSave:
    """Fails every whole save (its rename), so a passing add is an append."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0

        def refuse(src, dst):
            self.calls += 1
            raise OSError(errno.EPERM, "a whole save where an append was expected")

        monkeypatch.setattr(os, "replace", refuse)


def test_appending_writes_the_file_a_whole_save_writes(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "s.toml"
    book = Scorebook(hp11c(), path)
    book.save()  # a new series: written whole, with no hands key
    assert "hands" not in path.read_text()
    whole = NoWholeSave(monkeypatch)
    for n, hand in enumerate(HANDS, 1):
        book.add(hand)
        assert book.save_error is None
        text = path.read_text()
        assert text == session_text(book.session)
        # ... which is tomli-w's own layout of the document, byte for byte, with the
        # blank line it puts before each table after the last one too
        assert text == HEADER + tomli_w.dumps(to_document(book.session)) + "\n"
        assert len(load_session(path, find).session.hands) == n
    assert whole.calls == 0


def test_hands_tomli_w_would_inline_are_tables_too(tmp_path: Path, monkeypatch) -> None:
    ruleset = find("riichi-tenhou")
    path = tmp_path / "r.toml"
    book = Scorebook(Session(ruleset, NAMES, STARTED), path)
    book.save()
    whole = NoWholeSave(monkeypatch)
    for hand in riichi_hands()[:2]:
        book.add(hand)
    assert whole.calls == 0 and book.save_error is None
    text = path.read_text()
    assert text == session_text(book.session) and text.count("\n[[hands]]\n") == 2
    # tomli-w alone writes these two as one inline array: the same document
    assert "hands = [" in tomli_w.dumps(to_document(book.session))
    assert tomllib.loads(text) == tomllib.loads(tomli_w.dumps(to_document(book.session)))
    monkeypatch.undo()
    book.add(riichi_hands()[2])
    book.add(riichi_hands()[3])
    loaded = load_session(path, find)
    assert loaded.problems == [] and loaded.session.hands == riichi_hands()


@pytest.mark.parametrize(
    "records",
    [
        [{"a": 1, "s": "x" * 120}, {"b": [1, 2]}],
        [{"a": 1, "sub": {"b": 2, "deep": {"c": "y" * 120}}}, {"sub": {"c": 3}}, {}],
        [{"t": [{"u": "z" * 120}, {"u": 2}], "v": True}],
    ],
    ids=["keys", "sub-tables", "array-of-tables"],
)
def test_hand_text_is_tomli_w_layout_of_a_hand(records) -> None:
    assert tomli_w.dumps({"k": 1, "hands": records}) + "\n" == "k = 1\n\n" + "".join(
        hand_text(r) for r in records
    )


def test_a_resumed_file_is_appended_to(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "s.toml"
    save_session(Session(load_ruleset(HP11C), NAMES, STARTED, HANDS[:2]), path)
    book, warnings = open_scorebook(path, find)
    try:
        whole = NoWholeSave(monkeypatch)
        book.add(HANDS[2])
        assert warnings == [] and book.save_error is None and whole.calls == 0
        assert path.read_text() == session_text(book.session)
    finally:
        book.close()


@pytest.mark.parametrize(
    "hands",
    [
        "hands = []\n",
        "hands = [{ winner = 1, points = [1, 2, 3, 4] }]\n",
    ],
    ids=["empty-array", "inline"],
)
def test_a_hand_written_array_is_saved_whole(tmp_path: Path, hands: str) -> None:
    path = tmp_path / "sheet.toml"
    path.write_text(
        f'format = "mjtui-session/1"\nruleset = "hp11c"\n'
        f'players = ["Ann", "Bob", "Cy", "Di"]\n{hands}'
    )
    book, _ = open_scorebook(path, find)
    try:
        before = len(book.session.hands)
        book.add(HANDS[0])
        assert book.save_error is None
    finally:
        book.close()
    loaded = load_session(path, find)
    assert loaded.problems == [] and len(loaded.session.hands) == before + 1
    assert path.read_text() == session_text(loaded.session)


def test_a_file_changed_under_the_book_is_saved_whole(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    book = Scorebook(hp11c(), path)
    book.add(HANDS[0])
    with open(path, "a") as f:  # another program (an editor) wrote it since
        f.write("# a note\n")
    book.add(HANDS[1])
    assert book.save_error is None
    assert path.read_text() == session_text(book.session)  # the note went with the rewrite


@pytest.mark.parametrize("fail_at", ["first write", "fsync", "last write"])
def test_a_failed_append_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch, fail_at: str
) -> None:
    path = tmp_path / "s.toml"
    book = Scorebook(hp11c(), path)
    book.add(HANDS[0])
    before = path.read_bytes()
    real_pwrite, real_fsync = os.pwrite, os.fsync
    writes = []

    def pwrite(fd, data, offset):
        writes.append(offset)
        if fail_at == "first write" and len(writes) == 1:
            real_pwrite(fd, bytes(data)[:7], offset)  # part of it, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        if fail_at == "last write" and len(writes) == 2:
            raise OSError(errno.EIO, "Input/output error")
        return real_pwrite(fd, data, offset)

    def fsync(fd):
        if fail_at == "fsync":
            raise OSError(errno.EIO, "Input/output error")
        return real_fsync(fd)

    monkeypatch.setattr(os, "pwrite", pwrite)
    monkeypatch.setattr(os, "fsync", fsync)
    book.add(HANDS[1])
    monkeypatch.undo()
    assert book.save_error is not None and str(path) in book.save_error
    assert path.read_bytes() == before
    assert book.session.hands == HANDS[:2]  # kept in memory
    book.add(HANDS[2])  # the next hand saves the whole file, the failed one with it
    assert book.save_error is None
    loaded = load_session(path, find)
    assert loaded.problems == [] and loaded.session.hands == HANDS[:3]


def appended_cut_short(tmp_path: Path) -> tuple[Path, bytes, bytes]:
    """A file of three hands, and the text the append of a fourth writes."""
    path = tmp_path / "s.toml"
    session = Session(load_ruleset(HP11C), NAMES, STARTED, HANDS[:3])
    save_session(session, path)
    record = session.ruleset.system.hand_to_record(HANDS[3])
    return path, path.read_bytes(), hand_text(record).encode()


def test_every_cut_of_an_append_reads_as_the_hands_before_it(tmp_path: Path) -> None:
    path, whole, text = appended_cut_short(tmp_path)
    line = whole.count(b"\n") + 1
    for cut in range(2, len(text) + 1):
        # As a kill leaves it: the gap not filled yet, part of the rest written.
        path.write_bytes(whole + b"\0" + text[1:cut])
        loaded = load_session(path, find)
        assert loaded.session.hands == HANDS[:3], cut
        assert loaded.problems == [
            f"{path}: hand 4 (line {line}): cut short as it was saved (mjtui stopped during "
            "the save); this hand was left out"
        ], cut
        assert not loaded.appendable
    path.write_bytes(whole + text)
    assert load_session(path, find).session.hands == HANDS


def test_a_zero_byte_elsewhere_is_not_taken_for_a_cut(tmp_path: Path) -> None:
    path, whole, text = appended_cut_short(tmp_path)
    first = whole.index(b"\n[[hands]]\nwinner") + len(b"\n[[hands]]\n")
    path.write_bytes(whole[:first] + b"\0" + whole[first:] + text)  # hand 1 damaged
    loaded = load_session(path, find)
    assert loaded.session.hands == HANDS[1:]
    assert len(loaded.problems) == 1 and "hand 1 (line" in loaded.problems[0]
    assert "cut short" not in loaded.problems[0]


def test_resume_repairs_a_hand_cut_short(tmp_path: Path, monkeypatch) -> None:
    path, whole, text = appended_cut_short(tmp_path)
    damaged = whole + b"\0" + text[1:12]
    path.write_bytes(damaged)
    book, warnings = open_scorebook(path, find)
    try:
        assert book.session.hands == HANDS[:3]
        assert any("hand 4" in w and "cut short" in w for w in warnings)
        backup = path.with_name("s.toml.damaged")
        assert backup.read_bytes() == damaged
        assert f"kept as {backup}" in warnings[-1]
        book.add(HANDS[3])  # never appended after the cut: the file is written whole
        assert b"\0" not in path.read_bytes()
        assert path.read_text() == session_text(book.session)
        whole_saves = NoWholeSave(monkeypatch)
        book.add(HANDS[0])  # and the next hand is appended to the clean file
        assert whole_saves.calls == 0 and book.save_error is None
    finally:
        book.close()
    loaded = load_session(path, find)
    assert loaded.problems == [] and loaded.session.hands == HANDS + HANDS[:1]


def test_undo_and_edit_rewrite_and_appends_go_on(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    book = Scorebook(hp11c(), path)
    for hand in HANDS[:3]:
        book.add(hand)
    book.undo()
    book.replace(0, HANDS[3])
    book.add(HANDS[2])
    book.undo()
    book.redo()  # a redone hand is appended again
    assert book.save_error is None
    assert path.read_text() == session_text(book.session)
    assert load_session(path, find).session.hands == [HANDS[3], HANDS[1], HANDS[2]]


@pytest.mark.parametrize("ruleset_id", sorted(p.stem for p in (REPO / "rulesets").glob("*.toml")))
def test_a_file_saved_whole_takes_appends(tmp_path: Path, ruleset_id: str) -> None:
    ruleset = load_ruleset(REPO / "rulesets" / f"{ruleset_id}.toml")
    path = tmp_path / "s.toml"
    save_session(Session(ruleset, NAMES[: ruleset.players], STARTED), path)
    assert load_session(path, find).appendable


def test_a_hand_written_sheet_gets_its_rules_from_a_whole_save(tmp_path: Path) -> None:
    path = tmp_path / "sheet.toml"
    path.write_text(
        'format = "mjtui-session/1"\nruleset = "hp11c"\n'
        'players = ["Ann", "Bob  Lee", "Cy", "Di"]\nstarted = 2026-11-28T19:30:00\n\n'
        "[[hands]]\nwinner = 3\npoints = [10, 20, 30, 40]\n"
    )
    assert not load_session(path, find).appendable
    book, _ = open_scorebook(path, find)
    try:
        book.add(HANDS[0])
    finally:
        book.close()
    text = path.read_text()
    assert "[rules]" in text and '"Bob Lee"' in text
    assert text == session_text(load_session(path, find).session)


def test_a_named_table_round_trips_and_stays_appendable(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "t.toml"
    session = Session(load_ruleset(HP11C), NAMES, STARTED, table="Table 2")
    save_session(session, path)
    assert 'table = "Table 2"' in path.read_text()
    loaded = load_session(path, find)
    assert loaded.session.table == "Table 2" and loaded.appendable
    book, _ = open_scorebook(path, find)
    whole = NoWholeSave(monkeypatch)
    book.add(HANDS[0])
    assert whole.calls == 0 and book.save_error is None  # resumed, then appended
    book.close()
    monkeypatch.undo()
    again = load_session(path, find)
    assert again.session.table == "Table 2" and len(again.session.hands) == 1
    assert again.appendable


def test_a_file_without_a_table_loads_and_stays_appendable(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    save_session(hp11c(), path)
    assert "\ntable =" not in path.read_text()  # as files were before tables were named
    loaded = load_session(path, find)
    assert loaded.session.table == "" and loaded.appendable


def test_a_table_that_is_not_a_name_is_refused(tmp_path: Path) -> None:
    from mjtui.core.errors import SessionError

    path = tmp_path / "bad.toml"
    save_session(hp11c(), path)
    text = path.read_text().replace("started =", "table = 7\nstarted =", 1)
    path.write_text(text)
    with pytest.raises(SessionError, match="key 'table'"):
        load_session(path, find)
    path.write_text(text.replace("table = 7", 'table = "  Table   3 "'))
    loaded = load_session(path, find)
    assert loaded.session.table == "Table 3" and not loaded.appendable  # a save cleans it
