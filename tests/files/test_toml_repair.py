"""core/files/toml_repair.py: a string or comment holding what TOML or UTF-8 refuses is
rewritten so the text parses as the value meant; nothing else is touched."""

from __future__ import annotations

import contextlib
import tomllib

import pytest

from mjtui.core.files.toml_repair import Repair, longest_repaired, needs_repair, repair_strings

# Each: damaged text, what tomllib reads once repaired, the repairs (line, key, controls,
# bytes, comment). "\udccb" is how a lenient read of the byte 0xCB holds it.
CASES = {
    "escape in an array item": (
        'players = [\n    "Ann",\n    "B\x1b[31mob\x1b[0m",\n]\n',
        {"players": ["Ann", "B\x1b[31mob\x1b[0m"]},
        [Repair(3, "players", ("\x1b",))],
    ),
    "byte in a string": (
        'name = "B\udccbob"\n',
        {"name": "Bob"},
        [Repair(1, "name", (), (0xCB,))],
    ),
    "a table's key": (
        'a = 1\n[rules.table]\nname = "x\x07y\x7f"\n',
        {"a": 1, "rules": {"table": {"name": "x\x07y\x7f"}}},
        [Repair(3, "rules.table.name", ("\x07", "\x7f"))],
    ),
    "literal string made basic": (
        "name = 'a\\\"b\x1bc'\n",
        {"name": 'a\\"b\x1bc'},
        [Repair(1, "name", ("\x1b",))],
    ),
    "multi-line literal": (
        "name = '''\nx\x01\"\"\"\n''''\n",
        {"name": 'x\x01"""\n\''},
        [Repair(1, "name", ("\x01",))],
    ),
    "multi-line basic keeps its line ends and continuations": (
        'name = """\nx\x1b\n  "q" \\\n  y"""\nb = 2\n',
        {"name": 'x\x1b\n  "q" y', "b": 2},
        [Repair(1, "name", ("\x1b",))],
    ),
    "a backslash before it escapes nothing": (
        'name = "x\\\x1by\\\udccbz"\n',
        {"name": "x\\\x1by\\z"},
        [Repair(1, "name", ("\x1b",), (0xCB,))],
    ),
    "inside an inline table": (
        'seat = { name = "B\x1bob" }\n',
        {"seat": {"name": "B\x1bob"}},
        [Repair(1, "seat", ("\x1b",))],
    ),
    "a comment": (
        'a = 1 # x\x1b\udccby\nb = "\x1b"\n',
        {"a": 1, "b": "\x1b"},
        [Repair(1, "", comment=True), Repair(2, "b", ("\x1b",))],
    ),
    "a quoted key": (
        '"k\x1b" = 1\n',
        {"k\x1b": 1},
        [Repair(1, "", ("\x1b",))],
    ),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_a_string_is_read_as_its_escaped_form(case: str) -> None:
    text, value, repairs = CASES[case]
    assert needs_repair(text)
    # tomllib takes a lone surrogate in a string: the reader never gives it one (below).
    refused = any((c < " " and c not in "\t\n") or c == "\x7f" for c in text)
    with pytest.raises(tomllib.TOMLDecodeError) if refused else contextlib.nullcontext():
        tomllib.loads(text)
    repaired = repair_strings(text)
    assert tomllib.loads(repaired.text) == value
    assert list(repaired.repairs) == repairs
    assert repaired.unrepaired is None
    assert repaired.text.count("\n") == text.count("\n")  # every line keeps its number
    if "'" not in text:  # a literal string made basic escapes its quotes too
        assert len(repaired.text) <= longest_repaired(text)


@pytest.mark.parametrize(
    "text",
    [
        'a = "unended\x1b\nb = 2\n',  # a string that does not end: beyond repair
        "a = 'unended\x1b\n",
        'a = """never ends\x1b\n',
        "a\x1b = 1\n",  # outside every string
    ],
)
def test_damage_outside_an_ended_string_is_left_for_the_parser(text: str) -> None:
    repaired = repair_strings(text)
    assert repaired.text == text and repaired.repairs == ()
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(repaired.text)


def test_a_byte_outside_every_string_is_pointed_at() -> None:
    text = 'a = "x\udccb"\nb\udcff = 1\n'
    repaired = repair_strings(text)
    assert repaired.unrepaired == text.index("\udcff")
    assert repaired.repairs == (Repair(1, "a", (), (0xCB,)),)


def test_a_sound_text_needs_nothing() -> None:
    text = 'a = "tab\tand \\u001b escaped" # fine\n[t]\nb = [1, "x"]\n'
    assert not needs_repair(text)
    assert repair_strings(text).text == text
