"""Every whole-number option of every system's `mjtui hand`, `points` and `waits` is bounded
as the session reader bounds a number (MAX_NUMBER either way): one beyond it, however
many digits, is refused in one line with exit status 2, on the command line, in a
--batch line of words and in a --batch line of JSON, never a traceback."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from mjtui.cli.entry import main
from mjtui.cli.tools import LineReader, parser, run_batch
from mjtui.core.errors import HandError
from mjtui.core.files.reading import MAX_NUMBER
from mjtui.core.systems import SYSTEMS
from mjtui.core.systems.tools import Option, Tool

HUGE = "9" * 4299  # what int() still reads; str() of it, not (Python's 4,300 digits)


def _int_options() -> list[tuple[str, Tool[Any], Option]]:
    found = []
    for name, system in SYSTEMS.items():
        for kind in ("hand", "points", "waits"):
            tool = getattr(system, f"{kind}_tool")()
            if tool is None:
                continue
            found += [(f"{name} {kind}", tool, o) for o in tool.options if o.kind == "int"]
    return found


INT_OPTIONS = _int_options()
IDS = [f"{w} --{o.name}" for w, _, o in INT_OPTIONS]


def _words(tool: Tool[Any], option: Option, value: str) -> list[str]:
    """A command line that gives ``option`` the ``value`` and every other positional
    and required choice something, so that the parser gets to the end."""
    words: list[str] = []
    groups: set[str] = set()
    for o in tool.options:
        if o.positional:
            words.append(value if o is option else {"int": "1", "wind": "E"}.get(o.kind, "x"))
        elif o.group and o.group not in groups:
            groups.add(o.group)
            words.append(f"--{o.name}")
    return words if option.positional else [*words, f"--{option.name}", value]


def test_the_shipped_systems_have_whole_number_options() -> None:
    # riichi's --honba, --kita, --han, --fu, --yakuman; MCR's --flowers; FX-602P's --win
    assert len(INT_OPTIONS) >= 8


@pytest.mark.parametrize("tool, option", [(t, o) for _, t, o in INT_OPTIONS], ids=IDS)
@pytest.mark.parametrize("value", [str(MAX_NUMBER + 1), str(-MAX_NUMBER - 1), HUGE, "9" * 5000])
def test_a_number_beyond_the_readers_bound_is_refused(
    tool: Tool[Any], option: Option, value: str
) -> None:
    with pytest.raises(HandError, match="beyond the largest number mjtui takes") as refused:
        parser("mjtui hand", tool).parse_args(_words(tool, option, value))
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


@pytest.mark.parametrize("tool, option", [(t, o) for _, t, o in INT_OPTIONS], ids=IDS)
def test_the_bound_itself_is_taken(tool: Tool[Any], option: Option) -> None:
    for value in (MAX_NUMBER, -MAX_NUMBER):
        args = parser("mjtui hand", tool).parse_args(_words(tool, option, str(value)))
        assert getattr(args, option.dest) == value


def test_a_batch_line_beyond_the_bound_says_so_and_goes_on() -> None:
    from mjtui import paths
    from mjtui.core.rulesets.ruleset import RulesetLibrary

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    tool = ruleset.system.hand_tool()
    assert tool is not None
    lines = (
        f"123m456p789s2355s4s --honba {HUGE}\n"
        + json.dumps({"tiles": "123m456p789s2355s4s", "honba": MAX_NUMBER + 1})
        + "\n123m456p789s2355s4s --honba 2\n"
    )
    out = io.StringIO()
    assert run_batch(ruleset.rules, tool, io.StringIO(lines), out) == 2
    first, second, third = (json.loads(line) for line in out.getvalue().splitlines())
    assert "beyond the largest number" in first["error"] and first["line"] == 1
    assert "beyond the largest number" in second["error"] and second["line"] == 2
    assert third["honba"] == 2
    with pytest.raises(HandError, match="beyond"):
        LineReader(tool).read(json.dumps({"tiles": "1m", "honba": -MAX_NUMBER - 1}))


@pytest.mark.parametrize(
    "argv",
    [
        ["points", "riichi-tenhou", "--han", "4", "--fu", "30", "--ron", "--honba", HUGE],
        ["points", "riichi-tenhou", "--han", "4", "--fu", "30", "--ron", "--honba", "9" * 20],
        ["hand", "riichi-tenhou", "123m456p789s2355s4s", "--honba", HUGE],
        ["hand", "riichi-tenhou", "123m456p789s2355s4s", "--honba", HUGE, "--json"],
        ["waits", "mcr", "123m456p789s1z [555z]", "--flowers", HUGE],
    ],
    ids=["points", "points-20-digits", "hand", "hand-json", "waits"],
)
def test_the_command_refuses_in_one_line_with_status_2(capsys, argv: list[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "beyond the largest number mjtui takes" in err
    assert "1,000,000,000 either way" in err and "Traceback" not in err


@pytest.mark.parametrize("spoken", ["ja", "zh_Hans", "zh_Hant"])
@pytest.mark.parametrize("value", ["9" * 20, "x"])
def test_the_refusal_is_said_in_the_language(capsys, spoken: str, value: str) -> None:
    from test_argparse_words import left, run

    argv = ("points", "riichi-tenhou", "--han", "4", "--fu", "30", "--ron", "--honba", value)
    code, _out, err = run(capsys, "--language", spoken, *argv)
    assert code == 2 and err.count("\n") == 1 and left(err) == [], err
