"""`mjtui hand RULESET TILES ...` for riichi rulesets, driven through the command's parser."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from mjtui.cli.entry import main
from mjtui.cli.hand import add_hand_command, hand_command
from mjtui.cli.points import add_points_command, points_command
from mjtui.core.errors import MjtuiError


def run(argv: list[str], capsys, stdin: str | None = None, monkeypatch=None):
    parser = argparse.ArgumentParser(prog="mjtui")
    add_hand_command(parser.add_subparsers(dest="command"))
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = hand_command(parser.parse_args(["hand", *argv]))
    return code, capsys.readouterr().out


def points_json(argv: list[str], capsys) -> dict:
    parser = argparse.ArgumentParser(prog="mjtui")
    add_points_command(parser.add_subparsers(dest="command"))
    points_command(parser.parse_args(["points", *argv, "--json"]))
    return json.loads(capsys.readouterr().out)


def test_json_has_han_fu_yaku_and_the_points_object(capsys) -> None:
    code, out = run(
        [
            "riichi-tenhou",
            "123m456p789s2355s4s",
            "--seat",
            "S",
            "--riichi",
            "--dora",
            "3s",
            "--json",
        ],
        capsys,
    )
    data = json.loads(out)
    assert code == 0
    assert (data["han"], data["fu"], data["yakuman"]) == (3, 30, 0)
    assert data["yaku"] == ["riichi", "pinfu"]
    assert data["yaku_han"] == [["riichi", 1], ["pinfu", 1]]
    assert data["dora"] == {"dora": 1, "ura": 0, "red": 0, "kita": 0}
    assert data["fu_items"][:2] == [["base", 20], ["closed hand won by ron", 10]]
    assert data["fu_total"] == 30
    assert data["points"] == points_json(
        ["riichi-tenhou", "--han", "3", "--fu", "30", "--ron"], capsys
    )
    assert data["points"] == {"total": 3900, "payments": {"discarder": 3900}}


def test_tsumo_winds_honba_and_the_winning_tile(capsys) -> None:
    _, out = run(
        [
            "riichi-mleague",
            "123m456p222s79s11z8s",
            "--tsumo",
            "--seat",
            "east",
            "--round",
            "E",
            "--honba",
            "1",
            "--json",
        ],
        capsys,
    )
    data = json.loads(out)
    assert (data["han"], data["fu"]) == (1, 30)  # the double-wind pair is 2 fu here
    assert data["points"] == {"total": 1800, "payments": {"non_dealer": 600}}
    _, out = run(
        ["riichi-tenhou", "123m456p789s23455s", "--win", "2s", "--seat", "W", "--tsumo", "--json"],
        capsys,
    )
    data = json.loads(out)
    assert data["yaku"] == ["menzen tsumo", "pinfu"]
    assert data["points"]["payments"] == {"dealer": 700, "non_dealer": 400}


def test_a_yakuman_and_the_plain_output(capsys) -> None:
    _, out = run(["riichi-tenhou", "19m19p19s12345677z", "--json"], capsys)
    data = json.loads(out)
    assert (data["han"], data["fu"], data["yakuman"]) == (0, None, 1)
    assert data["points"]["total"] == 48000
    _, out = run(["riichi-tenhou", "123m456p789s2355s4s", "--seat", "S", "--riichi"], capsys)
    assert "riichi  1 han" in out and "pinfu   1 han" in out
    assert "= 2 han 30 fu" in out
    assert "closed hand won by ron     10" in out and "total                      30" in out
    assert "non-dealer ron: 2000" in out and "the discarder pays 2000" in out


def test_mistakes_are_reported(capsys) -> None:
    with pytest.raises(MjtuiError, match=r"unknown character 'x'(.|\n)*\^"):
        run(["riichi-tenhou", "123m456p789s2355x4s"], capsys)
    with pytest.raises(MjtuiError, match="no yaku"):
        run(["riichi-tenhou", "123m456p789s11222z"], capsys)
    with pytest.raises(MjtuiError, match="a wind is E, S, W or N"):
        run(["riichi-tenhou", "123m456p789s2355s4s", "--seat", "X"], capsys)
    with pytest.raises(MjtuiError, match="ippatsu needs riichi"):
        run(["riichi-tenhou", "123m456p789s2355s4s", "--ippatsu"], capsys)


def test_batch_prints_one_object_per_line(capsys, monkeypatch) -> None:
    lines = (
        "# a comment\n123m456p789s2355s4s --seat S\n\n123m456p789s11222z\n"
        "19m19p19s12345677z --tsumo\n"
    )
    code, out = run(["riichi-wrc", "--batch"], capsys, stdin=lines, monkeypatch=monkeypatch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert rows[0]["points"]["total"] == 1000
    assert rows[1]["line"] == 4 and "no yaku" in rows[1]["error"]
    assert rows[1]["yaku_met"] is False and rows[1]["reading"].startswith("123m 456p 789s")
    assert rows[2]["yakuman"] == 1 and rows[2]["points"]["payments"] == {"non_dealer": 16000}


def test_json_prints_a_hand_without_a_yaku_beside_the_refusal(capsys) -> None:
    # Open, no yaku, one dora: the reading and the dora on stdout, the reason on stderr.
    code = main(["hand", "riichi-tenhou", "123m567p22s[888s]345s", "--dora", "1s", "--json"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert code == 2 and "no yaku" in err
    assert data["yaku_met"] is False and data["points"] is None and data["han"] == 0
    assert data["dora"]["dora"] == 2 and data["reading"].startswith("123m 567p 345s [888s] 22s")
