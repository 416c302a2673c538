"""`mjtui calc run|show`: the argparse wiring and the headless run behind it.

mjtui/cli/entry.py wires these in; these tests build a parser the
way it does (add_calc_commands on its subparsers) and call calc_command.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from mjtui.calc.errors import CalcError, KeyWordError, ListingError
from mjtui.calc.hp11c.listing import Program, read_listing
from mjtui.calc.hp11c.run import run_keys
from mjtui.calc.programs import EAST_DOUBLING
from mjtui.cli.calc import add_calc_commands, calc_command
from mjtui.core.errors import MjtuiError

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_efbfaf89b1e00d0d.txt"
HAND = "GSB 9 C 10 R/S 20 R/S 30 R/S 40 R/S"


def calc(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="mjtui")
    add_calc_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["calc", *argv])
    assert args.command == "calc"
    return calc_command(args)


def test_run_prints_the_display(capsys: pytest.CaptureFixture[str]) -> None:
    assert calc("run", str(EAST_DOUBLING), "--keys", HAND) == 0
    assert capsys.readouterr().out == "2.0000\n"


def test_run_json(capsys: pytest.CaptureFixture[str]) -> None:
    # Player 3 wins, East (player 1) pays double: 1 -140, 2 -30, 3 +120, 4 +50.
    assert calc("run", "east_doubling", "--keys", HAND, "--json") == 0
    document = json.loads(capsys.readouterr().out)
    assert document["display"] == "2.0000" and document["x"] == 2
    assert list(document["registers"]) == [str(n) for n in range(10)] + ["I"]
    assert [document["registers"][r] for r in "1234"] == [9860, 9970, 10120, 10050]
    assert document["registers"]["0"] == 2  # our program's East
    assert isinstance(document["steps"], int) and document["steps"] > 100


def test_run_json_numbers_are_int_when_whole() -> None:
    program = Program.from_keys(["LBL A", "2", "ENTER", "3", "/", "STO 1", "RTN"])
    document = run_keys(program, "A").to_dict()
    assert document["x"] == pytest.approx(0.6666666667) and isinstance(document["x"], float)
    assert document["registers"]["0"] == 0 and isinstance(document["registers"]["0"], int)
    assert document["steps"] == 7


def test_steps_count_every_run_of_the_key_string() -> None:
    program = read_listing(EAST_DOUBLING)
    # GSB 9: eight steps, the loop over R4-R1 (4 + 4 + 4 + 3, the last GTO
    # skipped), then three more.
    assert run_keys(program, "GSB 9").to_dict()["steps"] == 26
    assert run_keys(program, "GSB 9 GSB 9").to_dict()["steps"] == 52


def test_run_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    if not SEED.is_file():
        pytest.skip(f"the seed listing is not at {SEED}")
    assert calc("run", str(SEED), "--keys", HAND, "--json") == 0
    document = json.loads(capsys.readouterr().out)
    assert [document["registers"][r] for r in "1234"] == [9860, 9970, 10120, 10050]
    assert document["registers"]["I"] - 4 == 2 and document["display"] == "2.0000"


def test_the_step_limit_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert calc("run", "east_doubling", "--keys", HAND, "--step-limit", "50") == 0
    captured = capsys.readouterr()
    assert captured.err == "mjtui: stopped after 50 steps (the step limit); R/S goes on\n"


def test_a_calculator_error_is_shown_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    assert calc("run", "east_doubling", "--keys", "GSB 7") == 0
    captured = capsys.readouterr()
    assert captured.out == "Error 4\n"
    assert captured.err == "mjtui: Error 4: no such label or line: there is no LBL 7\n"


def test_trace_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert calc("run", "east_doubling", "--keys", "GSB 9", "--trace") == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("001  LBL 9") and err[1].startswith("002  4") and "x = 4" in err[1]


def test_show_writes_the_hp11c_format(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert calc("show", "east_doubling") == 0
    text = capsys.readouterr().out
    copy = tmp_path / "copy.hp11c"
    copy.write_text(text, encoding="utf-8")
    assert [s.key for s in read_listing(copy).steps] == [
        s.key for s in read_listing(EAST_DOUBLING).steps
    ]


@pytest.mark.parametrize(
    ("argv", "error", "message"),
    [
        (
            ["run", "no-such-program", "--keys", "1"],
            ListingError,
            "no-such-program: no such file, nor a shipped program (shipped: east_doubling)",
        ),
        (
            ["run", "east_doubling", "--keys", "GSB 9 Q"],
            KeyWordError,
            "--keys: word 3: 'Q' is not an HP-11C key",
        ),
        (
            ["run", "east_doubling", "--keys", "1", "--step-limit", "0"],
            CalcError,
            "--step-limit: expected a whole number of 1 or more, got 0",
        ),
    ],
)
def test_user_errors_are_mjtui_errors(argv: list[str], error: type, message: str) -> None:
    with pytest.raises(error) as caught:
        calc(*argv)
    assert isinstance(caught.value, MjtuiError)
    assert str(caught.value).startswith(message)


def test_a_bad_listing_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.hp11c"
    bad.write_text("LBL A\nSTO 12\n", encoding="utf-8")
    with pytest.raises(ListingError, match=r"bad\.hp11c, line 2: 'STO 12': STO takes a register"):
        calc("run", str(bad), "--keys", "A")
