"""argparse's own words, and the commands' help, in the language spoken: "usage:",
"options", "show this help message and exit", a bad option's "argument --seat: ...",
"the following arguments are required", "invalid choice"; English stays argparse's own,
byte for byte (the other tests of the commands' output read it)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_python
from babel.messages.pofile import read_po
from test_snapshots_languages import english_left

from mjtui.cli.entry import COMMANDS, main
from mjtui.core.cells import cells

LOCALE = Path(__file__).resolve().parents[2] / "mjtui" / "locale"
LANGUAGES = ("ja", "zh_Hans", "zh_Hant")
_PERCENT = re.compile(r"%(?:\(\w+\))?[sr]")
# What stays in Latin letters in a translated help beside what is typed (left() finds the
# options, metavars and commands): the formats', systems' and languages' codes and the
# values of an option (--player efficient, --format text).
NAMES = {"Markdown", "csv", "json", "results", "pantheon", "Hans", "Hant", "mjtui", "east"}
NAMES |= {"doubling", "riichi", "pocket", "efficient", "drawn", "text", "mpsz"}  # mpsz: tiles


def argparse_messages() -> dict[str, str]:
    """Each message this Python's argparse.py looks up (a plural's by its singular) ->
    its English plural, or the message itself."""
    with open(argparse.__file__, "rb") as f:
        found = extract_python(f, {"_": None, "ngettext": (1, 2)}, [], {})
        return {
            (m[0] if isinstance(m, tuple) else m): (m[1] if isinstance(m, tuple) else m)
            for _line, _call, m, _comments in found
            if m and (m[0] if isinstance(m, tuple) else m)
        }


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_every_message_of_argparse_is_in_the_catalog(spoken: str) -> None:
    with (LOCALE / spoken / "LC_MESSAGES" / "argparse.po").open("rb") as f:
        catalog = {str(m.id[0] if isinstance(m.id, tuple) else m.id): m for m in read_po(f)}
    messages = argparse_messages()
    assert "show this help message and exit" in messages
    assert sorted(m for m in messages if m not in catalog or not catalog[m].string) == []
    for message, plural in messages.items():
        string = catalog[message].string
        for form in string if isinstance(string, (tuple, list)) else (string,):
            # argparse fills them by name (%(prog)s) or in order (%s): the same ones
            assert sorted(_PERCENT.findall(form)) == sorted(_PERCENT.findall(plural)), message


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:  # argparse's --help and its errors end so
        code = int(e.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def left(text: str) -> list[str]:
    """The English words of ``text`` but what is typed as it stands: the usage lines, the
    options and metavars of the listing's left column, what is quoted in backticks, a
    path, an option named in a sentence, a format's or a language's code."""
    usage = re.compile(r"^\S+[:：] ?mjtui[^\n]*(?:\n {4,}[^\n]+)*", re.M)
    typed = re.compile(r"^ {2,6}\S.*?(?: {2,}|$)|`[^`]*`|\S*[/.]\S*|--?\w[\w-]*|'[^']*'", re.M)
    said = typed.sub(" ", usage.sub(" ", text))
    names = NAMES | set(COMMANDS)
    return [w for w in english_left(said.splitlines()) if w not in names and not w.isupper()]


@pytest.mark.parametrize("spoken", ["ja", "zh_Hans"])
@pytest.mark.parametrize(
    "argv",
    [
        ("--help",),
        ("export", "--help"),
        ("import", "--help"),
        ("hand", "--help"),
        ("calc", "run", "--help"),
        ("stats", "--help"),
    ],
)
def test_help_is_said_in_the_language(
    capsys, monkeypatch: pytest.MonkeyPatch, spoken: str, argv: tuple[str, ...]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _err = run(capsys, "--language", spoken, *argv)
    assert code == 0
    assert left(out) == []
    assert [line for line in out.splitlines() if cells(line) > 80] == []  # wrapped by cells
    _code, english, _ = run(capsys, *argv)
    assert "usage: mjtui" in english and "options:" in english  # English is argparse's


@pytest.mark.parametrize(
    ("spoken", "argv", "said"),
    [
        ("ja", ("export",), "次の引数が必要です: FILE"),
        ("zh_Hans", ("export",), "缺少以下必需参数：FILE"),
        ("zh_Hant", ("export",), "缺少以下必需引數：FILE"),
        ("ja", ("bogus",), "無効な選択: 'bogus'"),
        ("zh_Hans", ("export", "a.toml", "--bogus"), "无法识别的参数：--bogus"),
        ("ja", ("hand", "riichi-tenhou", "123m456p789s2355s4s", "--seat", "Q"), "引数 --seat: "),
    ],
)
def test_argparse_s_errors_are_said_in_the_language(
    capsys, spoken: str, argv: tuple[str, ...], said: str
) -> None:
    code, _out, err = run(capsys, "--language", spoken, *argv)
    assert code == 2 and said in err
    assert left(err) == []


def test_english_after_another_language_is_argparse_s_own_again(capsys) -> None:
    run(capsys, "--language", "ja", "export")
    code, _out, err = run(capsys, "export")
    assert code == 2
    assert "mjtui export: error: the following arguments are required: FILE" in err


def test_the_usage_lines_up_by_cells(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse indents a usage's next lines by its prefix's len(): "使い方: " is five
    characters in eight cells, so the prefix is measured in cells."""
    monkeypatch.setenv("COLUMNS", "60")
    _code, out, _err = run(capsys, "--language", "ja", "export", "--help")
    first, second = out.splitlines()[:2]
    assert first.startswith("使い方: mjtui export [-h]")
    assert cells(second) - cells(second.lstrip()) == cells("使い方: mjtui export ")


@pytest.mark.parametrize(
    ("spoken", "argv"),
    [
        ("ja", ("hand", "riichi-tenhou", "--help")),
        ("ja", ("waits", "riichi-tenhou", "--help")),
        ("ja", ("points", "riichi-tenhou", "--help")),
        ("zh_Hant", ("waits", "hk-common", "--help")),
        ("zh_Hans", ("hand", "mcr", "--help")),
        ("zh_Hant", ("hand", "fx602p", "--help")),
    ],
)
def test_a_system_s_options_are_said_in_its_words(
    capsys, monkeypatch: pytest.MonkeyPatch, spoken: str, argv: tuple[str, ...]
) -> None:
    """The options a scoring system declares for its tools: their help from the
    system's own catalog."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _err = run(capsys, "--language", spoken, *argv)
    assert code == 0 and left(out) == []
