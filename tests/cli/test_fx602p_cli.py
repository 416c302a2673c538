"""`mjtui hand fx602p TILES ...` (mjtui/cli/hand.py), driven through its own parser."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from mjtui.cli.hand import add_hand_command, hand_command
from mjtui.core.errors import MjtuiError


def run(argv: list[str], capsys, stdin: str | None = None, monkeypatch=None):
    parser = argparse.ArgumentParser(prog="mjtui")
    add_hand_command(parser.add_subparsers(dest="command"))
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = hand_command(parser.parse_args(["hand", *argv]))
    return code, capsys.readouterr().out


def test_json_gives_yaku_han_triplets_points(capsys) -> None:
    code, out = run(["fx602p", "234567888", "--dora", "2", "--json"], capsys)
    data = json.loads(out)
    assert code == 0
    assert data["yaku"] == ["Tanyao", "Dora"] and data["han"] == 2
    assert data["triplets"] == 1 and data["points"] == 3840
    assert data["melds"] == ["234", "567", "888"] and data["win"] == 8


def test_win_tile_tsumo_dealer_tenho(capsys) -> None:
    _, out = run(["fx602p", "123456789", "--win", "3", "--json"], capsys)
    assert "Pinfu" not in json.loads(out)["yaku"]
    _, out = run(["fx602p", "123456789", "--win", "9", "--json"], capsys)
    assert json.loads(out)["yaku"] == ["Pinfu", "Ittsu"]
    _, out = run(
        ["fx602p", "333444555", "--dora", "4", "--tenho", "--dealer", "--tsumo", "--json"], capsys
    )
    data = json.loads(out)
    assert data["han"] == 8 and data["points"] == 47360 and data["tsumo"] and data["dealer"]
    with pytest.raises(MjtuiError, match="tenho"):
        run(["fx602p", "333444555", "--tenho", "--dealer"], capsys)


def test_plain_output_shows_the_formula(capsys) -> None:
    _, out = run(["fx602p", "111999999"], capsys)
    assert "Chinroto 8 = 8 han" in out and "16 x (50 + 10 x 3) x 37 = 47360" in out
    assert "not counted" in out


def test_bad_hands_and_other_systems_are_refused(capsys) -> None:
    with pytest.raises(MjtuiError, match="three melds"):
        run(["fx602p", "123456788"], capsys)
    # The tiles are read as the hand form reads them (mjtui.systems.fx602p.entry).
    with pytest.raises(MjtuiError, match="Nine tiles: 10 typed, 1 too many"):
        run(["fx602p", "1234567899"], capsys)
    with pytest.raises(MjtuiError, match="digits 1-9"):
        run(["fx602p", "12345678x"], capsys)
    _, out = run(["fx602p", "987 654 321", "--json"], capsys)
    assert json.loads(out)["win"] == 1  # the last tile typed, spaces left out
    with pytest.raises(MjtuiError, match="'east-doubling' system"):
        run(["hp11c", "123456789"], capsys)


def test_batch_one_object_per_line_and_errors_go_on(capsys, monkeypatch) -> None:
    lines = "123456789 --dora 5\n12345\n# a comment\n\n222333444 --win 2 --bogus\n777888999\n"
    code, out = run(["fx602p", "--batch"], capsys, lines, monkeypatch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(rows) == 4
    assert rows[0]["points"] == 8800 and rows[0]["yaku"] == ["Pinfu", "Dora", "Ittsu"]
    assert rows[1] == {"error": "Nine tiles: 5 typed, 4 to go", "line": 2}
    assert rows[2]["line"] == 5 and "--bogus" in rows[2]["error"]
    assert rows[3]["yaku"] == ["Toitoi", "Sanrenko"] and rows[3]["points"] == 14080
    code, out = run(["fx602p", "--batch"], capsys, "123456789\n", monkeypatch)
    assert code == 0 and json.loads(out)["points"] == 5600
