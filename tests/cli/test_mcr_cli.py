"""`mjtui hand mcr TILES ...` (mjtui/systems/mcr/tools.py) through `mjtui`'s own entry:
the JSON, the words, a hand under the minimum (exit 2, its fans and why), --batch, and
that it imports MCR alone."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from test_lazy_imports import assert_headless, run, systems_in

from mjtui.cli.entry import main


def hand(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["hand", "mcr", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_gives_the_fan_each_fan_the_flowers_and_the_points(capsys) -> None:
    # mahjongtime.com's example 23 (Pure Straight), self-drawn with two flowers.
    code, out, _ = hand(capsys, "123456789s1z[123s]1z", "--self-draw", "--flowers", "2", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["fan"] == 27 and data["hand_fan"] == 25 and data["flowers"] == 2
    assert data["fans"] == [
        {"key": "pure_straight", "name": "Pure Straight", "name_zh": "清龙", "fan": 16, "count": 1},
        {"key": "half_flush", "name": "Half Flush", "name_zh": "混一色", "fan": 6, "count": 1},
        {
            "key": "pure_double_chow",
            "name": "Pure Double Chow",
            "name_zh": "一般高",
            "fan": 1,
            "count": 1,
        },
        {"key": "single_wait", "name": "Single Wait", "name_zh": "单钓将", "fan": 1, "count": 1},
        {"key": "self_drawn", "name": "Self-Drawn", "name_zh": "自摸", "fan": 1, "count": 1},
    ]
    assert data["minimum_met"] is True
    assert data["points"] == {"total": 105, "each": 35}
    assert data["reading"] == "123s 456s 789s [123s] 11z"


def test_the_winds_the_flags_and_a_named_winning_tile(capsys) -> None:
    tiles = "123m456p789s[222z]55p"
    _, out, _ = hand(capsys, tiles, "--seat", "S", "--round", "s", "--last-tile", "--json")
    data = json.loads(out)
    # South as seat and round wind, the last tile claimed; the pung of South is no
    # Pung of Terminals or Honors beside them; 5p the only wait, as 46p's middle.
    assert [f["key"] for f in data["fans"]] == [
        "mixed_straight",
        "last_tile_claim",
        "prevalent_wind",
        "seat_wind",
        "closed_wait",
    ]
    assert (data["seat"], data["round"], data["context"]) == ("South", "South", ["last-tile"])
    assert data["points"] == {
        "total": 8 + data["fan"] + 16,
        "discarder": 8 + data["fan"],
        "others": 8,
    }
    _, out, _ = hand(capsys, "11m123456789s[123s]", "--win", "2s", "--json")
    data = json.loads(out)
    assert data["fan"] == 21 and data["fans"][-1]["key"] == "closed_wait"


def test_a_kong_robbed_and_a_replacement_tile(capsys) -> None:
    _, out, _ = hand(capsys, "123m456p11z[555z](6666z)", "--win", "1z", "--kong", "--self-draw")
    assert "Out with Replacement Tile 杠上开花 8" in out and "= 18 fan" in out
    code, _, err = hand(capsys, "123m456p11z[555z](6666z)", "--win", "1z", "--kong")
    assert code == 2 and "robbing a kong" in err


def test_the_words_list_every_fan_and_who_pays(capsys) -> None:
    code, out, _ = hand(capsys, "123456789s11z[123s]")
    assert code == 0
    assert out.splitlines() == [
        "123s 456s 789s [123s] 11z: won on a discard, seat East, round East",
        "  Pure Straight 清龙 16",
        "  Half Flush 混一色 6",
        "  Pure Double Chow 一般高 1",
        "  Single Wait 单钓将 1",
        "  = 24 fan",
        "  the discarder pays 32, each of the two others 8 (48 in all)",
    ]


def test_a_hand_under_the_minimum_says_its_fans_and_why_with_exit_2(capsys) -> None:
    # mahjongjoy.com's Two Terminal Chows example: 7 fan; flowers do not help.
    code, out, err = hand(capsys, "789m123s789s55s[123m]", "--flowers", "3")
    assert code == 2 and out == ""
    assert "7 fan is under the minimum of 8 fan (flowers do not count toward it)" in err
    assert "All Chows 平和 2" in err and "Mixed Double Chow 喜相逢 1×2" in err


def test_json_prints_a_hand_under_the_minimum_with_minimum_met_false(capsys) -> None:
    code, out, err = hand(capsys, "789m123s789s55s[123m]", "--flowers", "3", "--json")
    data = json.loads(out)
    assert code == 2 and "7 fan is under the minimum of 8 fan" in err
    assert data["minimum_met"] is False and data["points"] is None
    assert (data["hand_fan"], data["flowers"], data["fan"]) == (7, 3, 10)
    assert {"key": "all_chows", "name": "All Chows", "name_zh": "平和", "fan": 2, "count": 1} in (
        data["fans"]
    )
    assert data["reading"] == "789m 123s 789s [123m] 55s"


def test_not_a_winning_hand_is_said_with_a_caret(capsys) -> None:
    code, _, err = hand(capsys, "123m456p789s11z5z")
    assert code == 2 and "a complete hand has 14 tiles" in err
    code, _, err = hand(capsys, "123m456p789s123z55z")
    assert code == 2 and "not a winning hand" in err
    code, _, err = hand(capsys, "123m406p789s111z55s")
    assert code == 2 and "no red fives" in err


def test_batch_reads_one_hand_a_line(capsys, monkeypatch) -> None:
    lines = (
        "'123456789s11z [123s]'\n"
        "# a comment, then an empty line\n"
        "\n"
        "123456789s1z[123s]1z --self-draw --flowers 2\n"
        "789m123s789s55s[123m]\n"
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code, out, _ = hand(capsys, "--batch")
    got = [json.loads(line) for line in out.splitlines()]
    assert code == 2  # the last line is under the minimum
    assert [g.get("fan") for g in got] == [24, 27, 7]
    assert got[2]["line"] == 5 and "under the minimum" in got[2]["error"]
    assert got[2]["minimum_met"] is False and got[2]["hand_fan"] == 7


def test_help_lists_the_options(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["hand", "mcr", "--help"])
    out = capsys.readouterr().out
    for option in ("--win TILE", "--self-draw", "--seat E|S|W|N", "--round E|S|W|N"):
        assert option in out
    for option in ("--fourth-tile", "--kong", "--last-tile", "--flowers N", "--batch"):
        assert option in out


def test_hand_imports_mcr_alone(tmp_path: Path) -> None:
    result = run(tmp_path, "hand", "mcr", "123456789s11z[123s]", "--json")
    assert result["code"] == 0, result["err"]
    assert_headless(result["modules"])
    assert systems_in(result["modules"]) == {"mcr"}


def test_the_doc_s_example_is_what_the_command_prints(capsys) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "mcr.md").read_text(encoding="utf-8")
    command = "    $ mjtui hand mcr '123m456p789s11z [555z]' --seat S\n"
    shown = doc.split(command, 1)[1].split("\n\n", 1)[0].splitlines()
    code, out, _ = hand(capsys, "123m456p789s11z [555z]", "--seat", "S")
    assert code == 0 and out.splitlines() == [line[4:] for line in shown]
