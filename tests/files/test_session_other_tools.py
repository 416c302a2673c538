"""Session files cut short or re-encoded by other programs (issue 26, item 7).

A sync tool, `cp` or a full disk on the receiving side can leave only the
start of a file, without the zero byte an interrupted append leaves; Windows
editors save a byte-order mark, UTF-16 or CRLF line ends; a damaged disk puts
a zero byte in place of a line end. Whatever the damage, every complete hand
before it is read, a hand it touched is reported and left out, never read as
another hand, and a re-encoded file reads as the file it was.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from pathlib import Path

import pytest
from fuzz.corpus import session_text, shipped_rulesets
from fuzz.mutate import name_ruleset

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import open_scorebook
from mjtui.core.sessions.session_file import (
    HEADER,
    Loaded,
    hand_text,
    load_session,
    save_session,
)
from mjtui.systems.east_doubling.system import Hand

DRAW = Hand(None, (0, 0, 0, 0))
RULESET_IDS = sorted(shipped_rulesets())
OLD_HEADER = "# An mjtui session. Format: mjtui-session/1 (see docs/session-format.md).\n"
HANDS = b"[[hands]]"


@functools.cache
def find(rid: str):
    return RulesetLibrary(paths.ruleset_folders()).get(rid)


@functools.cache
def saved(rid: str) -> tuple[bytes, tuple]:
    """The corpus session of ``rid`` as the app saves it, and its hands as read."""
    data = session_text(rid)[0]
    return data, tuple(read(data).session.hands)


@functools.cache
def _folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="mjtui-other-tools-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


@functools.cache
def light(rid: str) -> tuple[bytes, tuple]:
    """:func:`saved` without its [rules] (the installed ones, the same): a quarter of the
    text, for the tests that read a file at every offset of it."""
    data, hands = saved(rid)
    lighter = name_ruleset(data, rid)
    assert len(lighter) < len(data) and tuple(read(lighter).session.hands) == hands
    return lighter, hands


def read(data: bytes) -> Loaded:
    path = _folder() / "s.toml"
    path.write_bytes(data)
    return load_session(path, find)


def hand_starts(data: bytes) -> list[int]:
    return [i for i in range(len(data)) if data.startswith(b"\n" + HANDS, i - 1)]


def cut_note(loaded: Loaded, number: int) -> str:
    [problem] = loaded.problems
    assert f": hand {number} (line " in problem and "cut short" in problem, problem
    assert problem.endswith("this hand was left out"), problem
    return problem


def as_before(data: bytes) -> bytes:
    """The file as an mjtui from before each hand ended with a blank line wrote it."""
    text = data.decode()
    assert text.startswith(HEADER) and text.endswith("\n\n")
    return (OLD_HEADER + text[len(HEADER) : -1]).encode()


# --------------------------------------------------------------------------
# How the writer ends a hand
# --------------------------------------------------------------------------


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_every_hand_the_app_writes_ends_with_its_only_blank_line(rid: str) -> None:
    data, hands = saved(rid)
    system = find(rid).system
    for hand in hands:
        text = hand_text(system.hand_to_record(hand))
        assert text.startswith("[[hands]]\n") and text.endswith("\n\n"), text
        assert text.count("\n\n") == 1, text  # a cut at any line end leaves no blank end
    assert data.startswith(HEADER.encode()) and data.endswith(b"\n\n")


# --------------------------------------------------------------------------
# Cut short by another program
# --------------------------------------------------------------------------


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_a_cut_inside_a_hands_line_never_takes_the_hand_before_it(rid: str) -> None:
    """Issue 26: a cut in "[[han" lost the hand before it (7 offsets a ruleset)."""
    data, hands = light(rid)
    for number, start in enumerate(hand_starts(data)[1:], 2):
        for cut in range(start + 1, start + len(HANDS) + 1):
            loaded = read(data[:cut])
            assert loaded.session.hands == list(hands[: number - 1]), (number, data[start:cut])
            cut_note(loaded, number)
            assert not loaded.appendable


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_every_cut_inside_the_last_hand_is_reported_never_read_as_another_hand(rid: str) -> None:
    """Issue 26: a cut at a line end read a different last hand (a riichi hand without
    its riichi line, a bare [[hands]] as a draw), with no problem reported."""
    data, hands = light(rid)
    last = hand_starts(data)[-1]
    for cut in range(last + 1, len(data)):
        loaded = read(data[:cut])
        assert loaded.session.hands == list(hands[:-1]), data[last:cut]
        cut_note(loaded, len(hands))
    assert read(data[:last]).problems == []  # a cut between hands: a shorter series
    assert read(data).session.hands == list(hands)


def test_the_riichi_line_cut_off_is_reported_not_scored_without_its_stick() -> None:
    data, hands = saved("riichi-tenhou")
    first = hand_starts(data)[0]  # ron = 3 from 1, han 3, fu 40, riichi = [2]
    end = data.index(b"\n\n", first) + 2
    riichi = data.index(b"riichi = [", first)
    one_hand = data[:end]
    loaded = read(one_hand[:riichi])
    assert loaded.session.hands == []
    assert "hand 1 (line " in cut_note(loaded, 1)
    assert read(one_hand).session.hands == [hands[0]]


def test_a_bare_hands_line_left_by_a_cut_is_not_a_draw() -> None:
    data, hands = saved("hp11c")
    last = hand_starts(data)[-1]
    loaded = read(data[:last] + b"[[hands]]\n")
    assert loaded.session.hands == list(hands[:-1])
    cut_note(loaded, len(hands))
    # A sheet written by hand ends where it likes: its bare [[hands]] is still a draw.
    sheet = data.decode().split("\n", 1)[1][: last - len(HEADER)] + "[[hands]]"
    loaded = read(sheet.encode())
    assert loaded.problems == [] and loaded.session.hands == [*hands[:-1], DRAW]


def test_a_cut_inside_the_header_is_refused_naming_what_to_do() -> None:
    data = saved("riichi-tenhou")[0]
    end = data.index(b"oka = ")
    with pytest.raises(SessionError, match="cut short: the file ends inside its header"):
        read(data[:end])


@pytest.mark.parametrize("rid", ["hp11c", "riichi-tenhou", "pocket", "fx602p"])
def test_a_file_written_before_the_blank_line_end_is_read_as_it_was(rid: str) -> None:
    data, hands = light(rid)
    before = as_before(data)
    loaded = read(before)
    assert loaded.problems == [] and loaded.session.hands == list(hands)
    assert not loaded.appendable  # its next hand rewrites it, each hand ending blank
    last = before.rfind(b"\n" + HANDS) + 1
    for cut in range(last + 1, len(before)):
        if before[cut - 1 : cut] == b"\n":
            continue  # a cut at a line end cannot be told: why each hand now ends blank
        loaded = read(before[:cut])
        assert loaded.session.hands == list(hands[:-1]), before[last:cut]
        cut_note(loaded, len(hands))


def test_the_next_hand_rewrites_a_file_written_before_as_the_app_writes_it_now(
    tmp_path: Path,
) -> None:
    data, hands = saved("hp11c")
    path = tmp_path / "s.toml"
    path.write_bytes(as_before(data))
    book, warnings = open_scorebook(path, find)
    try:
        assert warnings == [] and book.session.hands == list(hands)
        book.add(hands[-1])  # not appended to a file without the blank line ends
        assert path.read_bytes() == data + data[hand_starts(data)[-1] :]
    finally:
        book.close()


def test_a_file_an_older_mjtui_appended_to_is_read_whole(tmp_path: Path) -> None:
    """An older mjtui appends "\\n[[hands]]..." (ending with its last line) to a new file."""
    data, hands = saved("hp11c")
    last = hand_starts(data)[-1]
    older = data[:last] + b"\n" + data[last:-1] + b"\n" + data[last:-1]
    loaded = read(older)
    assert loaded.problems == [] and loaded.session.hands == [*hands, hands[-1]]
    assert not loaded.appendable


def test_resume_keeps_the_cut_copy_and_writes_the_hands_before_it(tmp_path: Path) -> None:
    data, hands = saved("hp11c")
    path = tmp_path / "s.toml"
    path.write_bytes(data[:-1])  # the last byte did not arrive
    book, warnings = open_scorebook(path, find)
    try:
        assert book.session.hands == list(hands[:-1])
        assert any(f"hand {len(hands)} (line" in w and "cut short" in w for w in warnings)
        assert (tmp_path / "s.toml.damaged").read_bytes() == data[:-1]
        book.add(hands[-1])
        assert path.read_bytes() == data  # written whole, the last hand ended again
    finally:
        book.close()


# --------------------------------------------------------------------------
# A zero byte in place of a line end
# --------------------------------------------------------------------------


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_a_zero_byte_for_a_line_end_loses_only_the_hand_it_is_in(rid: str) -> None:
    """Issue 26: one zero byte in place of a line end lost two hands."""
    data, hands = light(rid)
    starts = hand_starts(data)
    for at in range(starts[0] - 1, len(data)):  # from the blank line that ends the header
        if data[at : at + 1] != b"\n":
            continue
        loaded = read(data[:at] + b"\0" + data[at + 1 :])
        got = loaded.session.hands
        # The hand the byte is in: the blank line that ends a hand is that hand's.
        number = sum(1 for s in starts if s <= at)
        if len(got) == len(hands):
            assert got == list(hands) and loaded.problems == [], at
            continue
        assert got == [h for i, h in enumerate(hands, 1) if i != number], (number, at)
        [problem] = loaded.problems
        assert f"hand {number} (line" in problem and "\0" not in problem, problem


# --------------------------------------------------------------------------
# Saved by Windows editors
# --------------------------------------------------------------------------

ENCODINGS = {
    "utf-8 with a byte-order mark": lambda d: b"\xef\xbb\xbf" + d,
    "CRLF line ends": lambda d: d.replace(b"\n", b"\r\n"),
    "CR line ends": lambda d: d.replace(b"\n", b"\r"),
    "UTF-16 LE with a byte-order mark": lambda d: d.decode().encode("utf-16"),  # Notepad
    "UTF-16 BE with a byte-order mark": lambda d: b"\xfe\xff" + d.decode().encode("utf-16-be"),
    "UTF-16 LE, CRLF": lambda d: d.decode().replace("\n", "\r\n").encode("utf-16"),
    "UTF-32 with a byte-order mark": lambda d: d.decode().encode("utf-32"),
}


@pytest.mark.parametrize("rid", ["hp11c", "riichi-tenhou", "pocket", "fx602p"])
@pytest.mark.parametrize("how", list(ENCODINGS))
def test_a_file_saved_by_a_windows_editor_reads_as_it_was(rid: str, how: str) -> None:
    """Issue 26: a byte-order mark, UTF-16 or CR line ends refused the whole file."""
    data, hands = saved(rid)
    loaded = read(ENCODINGS[how](data))
    assert loaded.problems == [] and loaded.session.hands == list(hands)
    assert not loaded.appendable  # the next save writes it whole, as UTF-8 with LF


def test_the_next_hand_writes_a_re_encoded_file_as_the_app_writes_it(tmp_path: Path) -> None:
    data, hands = saved("hp11c")
    path = tmp_path / "s.toml"
    path.write_bytes(ENCODINGS["UTF-16 LE, CRLF"](data[:-1]))  # and cut short too
    book, _ = open_scorebook(path, find)
    try:
        assert book.session.hands == list(hands[:-1])
        book.add(hands[-1])
        assert path.read_bytes() == data
    finally:
        book.close()


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_byte_order_mark_says_what_to_do(codec: str) -> None:
    data = saved("hp11c")[0]
    with pytest.raises(SessionError) as caught:
        read(data.decode().encode(codec))
    bare = codec.upper().replace("-LE", "LE").replace("-BE", "BE")
    assert f"looks like {bare} text without a byte-order mark" in str(caught.value)
    assert f"iconv -f {bare} -t UTF-8" in str(caught.value)


def test_a_file_that_only_starts_like_utf16_says_how_it_was_read() -> None:
    with pytest.raises(SessionError, match=r"read as UTF-16 text, as its first bytes say"):
        read(b"\xff\xfe" + "not toml at all\n".encode("utf-16-le"))
    with pytest.raises(SessionError, match=r"not UTF-16 text \(byte 4\), though it starts"):
        read(b"\xff\xfe" + b"a\x00\x00\xd8")  # a lone surrogate


def test_a_re_encoded_session_is_saved_back_the_app_s_way_by_a_whole_save(tmp_path: Path) -> None:
    data, _hands = saved("pocket")
    path = tmp_path / "s.toml"
    path.write_bytes(ENCODINGS["CRLF line ends"](data))
    loaded = load_session(path, find)
    save_session(loaded.session, path)
    assert path.read_bytes() == data
