"""A session whose header holds, inside a string, what TOML or UTF-8 refuses (a raw
control character, a byte of another encoding) is read whole: the string is repaired
as its escaped form reads, each repair is said with its line and key, the file as it
was is kept before anything writes it, and what is written then is a file the reader
takes as it is. Before, one such byte in a player's name cost every hand of the series.
"""

from __future__ import annotations

import json
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.errors import SessionError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.library import summarize
from mjtui.core.sessions.scorebook import open_scorebook
from mjtui.core.sessions.session_file import load_session, save_session, session_text
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
NAMES = ("Ann", "Bob", "Cy", "Di")
STARTED = datetime(2026, 11, 29, 20, 15, 0, tzinfo=timezone(timedelta(hours=1)))
HANDS = [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0)), Hand(0, (40, 10, 20, 8))]
BOB_LINE = 6  # the header line, format, ruleset, "players = [", "Ann", then Bob

# Bob's name as another program left it, raw, and what it stands for.
DAMAGE = {
    "escape": (b"B\x1b[31mob\x1b[0m", "control characters written raw in a string (U+001B)"),
    "byte": (b"B\xcbob", "bytes that are not UTF-8 in a string (0xCB); left out"),
}
ESCAPED = b"B\\u001b[31mob\\u001b[0m"  # the escaped form, which the reader took before


def find_ruleset(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


def saved() -> bytes:
    """A series of three hands as mjtui writes it."""
    session = Session(load_ruleset(REPO / "rulesets" / "hp11c.toml"), NAMES, STARTED)
    for hand in HANDS:
        session.add(hand)
    return session_text(session).encode("utf-8")


def with_bob(name: bytes) -> bytes:
    data = saved()
    assert data.count(b'"Bob"') == 1
    return data.replace(b'"Bob"', b'"' + name + b'"')


def write(folder: Path, name: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    return path


@pytest.fixture(params=list(DAMAGE))
def damaged(request: pytest.FixtureRequest) -> tuple[Path, str]:
    """A saved series with Bob's name damaged in the file, and how the repair is said."""
    raw, said = DAMAGE[request.param]
    return write(paths.sessions_dir(), "club.toml", with_bob(raw)), said


# --------------------------------------------------------------------------
# The reader
# --------------------------------------------------------------------------


def test_a_damaged_name_is_read_with_every_hand_and_the_repair_said(damaged) -> None:
    path, said = damaged
    loaded = load_session(path, find_ruleset)
    assert loaded.session.players == NAMES  # cleaned as an escaped name is
    assert loaded.session.hands == HANDS
    assert loaded.problems == [] and loaded.warnings == []
    assert len(loaded.repairs) == 1
    assert loaded.repairs[0].startswith(f"{path}: line {BOB_LINE}, key 'players': {said}")
    assert not loaded.appendable  # the next save writes the file whole, repaired


def test_a_raw_escape_reads_as_the_escaped_form_does(folders) -> None:
    raw = load_session(
        write(folders["data"], "raw.toml", with_bob(DAMAGE["escape"][0])), find_ruleset
    )
    escaped = load_session(write(folders["data"], "esc.toml", with_bob(ESCAPED)), find_ruleset)
    assert escaped.repairs == [] and escaped.problems == []
    assert raw.session.players == escaped.session.players == NAMES
    assert raw.session.states() == escaped.session.states()


def test_the_repaired_series_is_saved_as_a_file_the_reader_takes_as_it_is(damaged) -> None:
    path, _said = damaged
    save_session(load_session(path, find_ruleset).session, path)
    data = path.read_bytes()
    assert tomllib.loads(data.decode("utf-8"))["players"] == list(NAMES)  # strict UTF-8 too
    again = load_session(path, find_ruleset)
    assert again.repairs == [] and again.problems == [] and again.appendable
    assert again.session.hands == HANDS


def test_strings_anywhere_in_the_header_are_repaired(folders) -> None:
    """A literal string, a comment, [rules]: each said where."""
    data = saved().replace(b'"Bob"', b"'B\x1b[0mob'")
    data = data.replace(b'name = "HP-11C East doubling"', b'name = "HP-11C \xcbEast doubling"')
    data = data.replace(b"\n[rules.table]", b"# moved \x07\n[rules.table]")
    path = write(folders["data"], "s.toml", data)
    lines = data.split(b"\n")
    name, rules, comment = (
        next(n for n, line in enumerate(lines, 1) if line.startswith(start))
        for start in (b"    'B", b"name =", b"# moved")
    )
    loaded = load_session(path, find_ruleset)
    assert loaded.session.players == NAMES
    assert loaded.session.ruleset.rules.name == "HP-11C East doubling"
    assert loaded.session.hands == HANDS and loaded.problems == []
    assert [r.split(": ", 2)[1] for r in loaded.repairs] == [
        f"line {name}, key 'players'",
        f"line {rules}, key 'rules.name'",
        f"line {comment}",
    ]


def test_a_byte_that_is_not_utf8_in_a_hand_costs_only_that_hand(folders) -> None:
    data = saved()
    at = data.index(b"0,\n    0,\n    0,\n    0,\n]") + 1  # in hand 2, the draw
    path = write(folders["data"], "s.toml", data[:at] + b"\xcb" + data[at:])
    hand2 = data[: data.index(b"[[hands]]\npoints")].count(b"\n") + 1
    loaded = load_session(path, find_ruleset)
    assert loaded.session.hands == [HANDS[0], HANDS[2]]
    assert loaded.repairs == []
    assert loaded.problems == [
        f"{path}: hand 2 (line {hand2}): not UTF-8 text (byte {at}); this hand was left out"
    ]


# Damage beyond repair: refused, with the message it had before.
BEYOND = {
    "a byte outside every string": (
        lambda d: d.replace(b'ruleset = "hp11c"', b'ruleset = "hp11c"\xcb'),
        "not UTF-8 text (byte {at}); save it as UTF-8",
    ),
    "a byte outside every string after the hands, one in a hand before it": (
        lambda d: d.replace(b"winner = 3", b"winner = 3\xcb") + b"[late]\nx = 1\xcb\n\n",
        "not UTF-8 text (byte {at}); save it as UTF-8",
    ),
    "a name that does not end": (
        lambda d: d.replace(b'"Bob"', b'"B\x1bob'),
        "not valid TOML",
    ),
    "a control character outside every string": (
        lambda d: d.replace(b"players = [", b"players\x1b = ["),
        "not valid TOML",
    ),
    "a header of escapes past the largest file": (
        lambda d: d.replace(b'"Bob"', b'"B' + b"\x1b" * 1_000_000 + b'ob"'),
        "not valid TOML: Illegal character '\\x1b'",
    ),
}


@pytest.mark.parametrize("case", list(BEYOND), ids=list(BEYOND))
def test_a_header_damaged_beyond_repair_is_refused_as_before(folders, case: str) -> None:
    change, words = BEYOND[case]
    data = change(saved())
    path = write(folders["data"], "s.toml", data)
    with pytest.raises(SessionError) as caught:
        load_session(path, find_ruleset)
    at = data.rfind(b"\xcb")  # the last: the one beyond repair
    assert str(caught.value).startswith(f"{path}: " + words.format(at=at)), caught.value


# --------------------------------------------------------------------------
# What reads sessions: every valid hand, the repair said, the file kept as it was
# --------------------------------------------------------------------------


def test_resume_keeps_the_file_as_it_was_and_saves_it_repaired(damaged) -> None:
    path, said = damaged
    original = path.read_bytes()
    book, warnings = open_scorebook(path, find_ruleset)
    try:
        assert book.session.hands == HANDS and book.session.players == NAMES
        assert any(f"line {BOB_LINE}, key 'players': {said}" in w for w in warnings)
        assert warnings[-1] == f"The file as it was is kept as {path}.damaged."
        assert Path(f"{path}.damaged").read_bytes() == original
        book.add(Hand(1, (0, 5, 0, 0)))
    finally:
        book.close()
    again = load_session(path, find_ruleset)
    assert again.repairs == [] and again.problems == [] and again.appendable
    assert again.session.hands == [*HANDS, Hand(1, (0, 5, 0, 0))]
    tomllib.loads(path.read_bytes().decode("utf-8"))


def test_replay_json_prints_every_hand_and_warns(damaged, capsys) -> None:
    path, said = damaged
    assert entry.main(["replay", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    document = json.loads(out)
    assert document["players"] == list(NAMES) and document["problems"] == []
    assert len(document["hands"]) == len(HANDS)
    assert f"mjtui: warning: {path}: line {BOB_LINE}, key 'players': {said}" in err


@pytest.mark.parametrize("fmt", ["csv", "json", "md"])
def test_export_writes_every_hand_and_warns(damaged, capsys, fmt: str) -> None:
    path, said = damaged
    assert entry.main(["export", str(path), "--format", fmt]) == 0
    out, err = capsys.readouterr()
    assert "Bob" in out and "\x1b" not in out
    assert f"line {BOB_LINE}, key 'players': {said}" in err
    if fmt == "json":
        assert len(json.loads(out)["hands"]) == len(HANDS)


def test_seats_shows_them_and_a_change_keeps_the_file_as_it_was(damaged, capsys) -> None:
    path, said = damaged
    original = path.read_bytes()
    assert entry.main(["seats", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "2: Bob" in out and said in err
    assert entry.main(["seats", str(path), "--swap", "1", "2"]) == 0
    err = capsys.readouterr().err
    assert f"kept as {path}.damaged" in err
    assert Path(f"{path}.damaged").read_bytes() == original
    again = load_session(path, find_ruleset)
    assert again.repairs == [] and again.session.players == ("Bob", "Ann", "Cy", "Di")


def test_stats_and_the_library_count_the_series(damaged, capsys) -> None:
    path, said = damaged
    assert entry.main(["stats", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["skipped"] == []
    players = [p for system in document["systems"] for p in system["players"]]
    assert {p["name"] for p in players} == set(NAMES)
    summary = summarize(path, find_ruleset)
    assert summary.readable and summary.hands == len(HANDS) and summary.players == NAMES
    assert summary.damaged and said in summary.problems[0]  # resuming it keeps a copy


async def test_the_app_resumes_it_with_every_hand(damaged) -> None:
    from mjtui.private_api import notifications
    from mjtui.ui.screens.score import ScoreScreen

    path, said = damaged
    original = path.read_bytes()
    app = entry.resume(entry.build_parser().parse_args(["resume", str(path)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert app.screen.book.session.hands == HANDS
        assert app.screen.book.session.players == NAMES
        shown = [n.message for n in notifications(app)]
        assert any(f"line {BOB_LINE}, key 'players'" in m and said in m for m in shown), shown
        assert any("club.toml.damaged" in m for m in shown), shown
        app.screen.book.add(Hand(1, (0, 5, 0, 0)))
    assert Path(f"{path}.damaged").read_bytes() == original
    again = load_session(path, find_ruleset)
    assert again.repairs == [] and len(again.session.hands) == len(HANDS) + 1
