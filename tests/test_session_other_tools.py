"""Session files re-encoded by other programs (issue 26, item 7).

Windows editors save a byte-order mark, UTF-16 or CRLF line ends: a
re-encoded file reads as the file it was.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from pathlib import Path

import pytest
from fuzz.corpus import session_text

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.ruleset import RulesetLibrary
from mjtui.core.scorebook import open_scorebook
from mjtui.core.session_file import Loaded, load_session, save_session
from mjtui.core.session_file import session_text as whole_text


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


def read(data: bytes) -> Loaded:
    path = _folder() / "s.toml"
    path.write_bytes(data)
    return load_session(path, find)


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
    path.write_bytes(ENCODINGS["UTF-16 LE, CRLF"](data))
    book, _ = open_scorebook(path, find)
    try:
        assert book.session.hands == list(hands)
        book.add(hands[-1])
        assert path.read_bytes() == whole_text(book.session).encode()
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


def test_a_re_encoded_session_is_saved_back_the_app_s_way_by_a_whole_save(tmp_path: Path
                                                                           ) -> None:
    data, hands = saved("pocket")
    path = tmp_path / "s.toml"
    path.write_bytes(ENCODINGS["CRLF line ends"](data))
    loaded = load_session(path, find)
    save_session(loaded.session, path)
    assert path.read_bytes() == data
