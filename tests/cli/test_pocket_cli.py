"""`mjtui hand pocket TILES ...` (mjtui/cli/scorers/pocket.py), through the command's parser."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from mjtui.cli.hand import add_hand_command, hand_command
from mjtui.core.errors import MjtuiError
from mjtui.systems.pocket.events import SITUATIONS


def run(argv: list[str], capsys, stdin: str | None = None, monkeypatch=None):
    parser = argparse.ArgumentParser(prog="mjtui")
    add_hand_command(parser.add_subparsers(dest="command"))
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = hand_command(parser.parse_args(["hand", *argv]))
    return code, capsys.readouterr().out


def test_json_gives_fan_patterns_and_points(capsys) -> None:
    code, out = run(["pocket", "123m456m789m234m55m", "--self-draw", "--json"], capsys)
    data = json.loads(out)
    assert code == 0
    assert data["fan"] == 9 and data["total"] == 9 and not data["limit_hand"]
    assert [(p["name"], p["fan"]) for p in data["patterns"]] == [
        ("Chi Mo (self-draw)", 1),
        ("Clean Door (concealed)", 1),
        ("Pure Hand", 6),
        ("All Sequences", 1),
    ]
    # 9 fan half-spicy: 96 from each of the three; a guarantor would pay all 288.
    assert data["points"] == {"total": 288, "each": 96, "guarantor": 288}
    assert data["reading"] == "123m 234m 456m 789m 55m"
    assert (data["seat"], data["round"], data["self_draw"]) == ("East", "East", True)


def test_a_discard_under_each_ruleset(capsys) -> None:
    hand = ["123m456p789s[222z]55p", "--seat", "S", "--round", "s", "--last-tile"]
    _, out = run(["pocket", *hand, "--json"], capsys)
    data = json.loads(out)
    # Round wind 1 + seat wind 1 + last tile 1 = 3 fan: portion 8.
    assert data["fan"] == 3 and data["context"] == ["last-tile"]
    assert data["points"] == {"total": 16, "discarder": 8, "others": 4}
    _, out = run(["pocket-3fan", *hand, "--json"], capsys)
    assert json.loads(out)["points"] == {"total": 3, "discarder": 3, "others": 0}


def test_each_situation_is_a_flag_of_its_word(capsys) -> None:
    with pytest.raises(SystemExit):
        run(["pocket", "--help"], capsys)
    helped = capsys.readouterr().out
    assert all(f"--{s.word}" in helped for s in SITUATIONS)
    # Given out of the list's order, named in its order, each scoring its pattern.
    hand = [
        "123m456p789s[2222z]55p",
        "--seat",
        "S",
        "--self-draw",
        "--last-tile",
        "--kong-replacement",
        "--json",
    ]
    _, out = run(["pocket", *hand], capsys)
    data = json.loads(out)
    assert data["context"] == ["kong-replacement", "last-tile"]
    assert {"kong_replacement", "last_tile"} <= {p["key"] for p in data["patterns"]}
    with pytest.raises(MjtuiError, match="a win on a kong's replacement tile is a self-draw"):
        run(["pocket", "123m456p789s[2222z]55p", "--kong-replacement"], capsys)


def test_words_for_the_terminal(capsys) -> None:
    _, out = run(["pocket", "[111z][222z]555z666z77z", "--self-draw"], capsys)
    assert "All Honors limit: limit hand, 10 fan" in out
    assert "each of the three others pays 128 (384 in all)" in out


def test_under_the_minimum_is_refused_with_the_reason(capsys) -> None:
    reason = r"2 fan is under the minimum of 3 .*Clean Door \(concealed\) 1, All Sequences 1"
    with pytest.raises(MjtuiError, match=reason):
        run(["pocket", "123m456p789s234m55p", "--seat", "S", "--json"], capsys)


def test_batch_goes_on_after_a_bad_line(capsys, monkeypatch) -> None:
    lines = (
        "123m456m789m234m55m --self-draw\n"
        "# a comment\n"
        "123m456p789s234m56p\n"
        "123m456p789s234m55p --seat X\n"
        "[111z][222z][333z]444z55m --json\n"
    )
    code, out = run(["pocket", "--batch"], capsys, stdin=lines, monkeypatch=monkeypatch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert rows[0]["fan"] == 9
    assert rows[1]["line"] == 3 and "not a winning hand" in rows[1]["error"]
    assert rows[2]["line"] == 4 and "E, S, W or N" in rows[2]["error"]
    assert rows[3]["line"] == 5 and "unrecognized" in rows[3]["error"]


def test_the_command_runs(run_mjtui) -> None:
    result = run_mjtui("hand", "pocket", "19m19p19s1234567z1m", "--self-draw", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["patterns"] == [
        {"key": "thirteen_orphans", "name": "Thirteen Orphans", "fan": "limit"}
    ]
    bad = run_mjtui("hand", "pocket", "123m456p789s234m55p")
    assert bad.returncode == 2 and "under the minimum" in bad.stderr
