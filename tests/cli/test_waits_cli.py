"""`mjtui waits RULESET TILES ...` for riichi, driven through the command's parser."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from mjtui.cli.waits import add_waits_command, waits_command
from mjtui.core.errors import MjtuiError


def run(argv: list[str], capsys, stdin: str | None = None, monkeypatch=None):
    parser = argparse.ArgumentParser(prog="mjtui")
    add_waits_command(parser.add_subparsers(dest="command"))
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = waits_command(parser.parse_args(["waits", *argv]))
    return code, capsys.readouterr().out


def waits(capsys, *argv: str) -> dict:
    code, out = run([*argv, "--json"], capsys)
    assert code == 0
    return json.loads(out)


def test_a_pinfu_hand_waits_on_both_sides_with_each_way_scored(capsys) -> None:
    found = waits(capsys, "riichi-tenhou", "123m456p789s2355s", "--seat", "S", "--riichi")
    assert found["tenpai"] is True and found["shanten"] == 0 and not found["furiten"]
    assert [w["tile"] for w in found["waits"]] == ["1s", "4s"]
    one = found["waits"][0]
    assert one["unseen"] == 4
    assert (one["ron"]["han"], one["ron"]["fu"], one["ron"]["points"]["total"]) == (2, 30, 2000)
    assert [name for name, _ in one["tsumo"]["yaku_han"]] == ["riichi", "menzen tsumo", "pinfu"]
    assert one["tsumo"]["points"]["payments"] == {"dealer": 1300, "non_dealer": 700}


def test_a_wait_among_the_own_discards_is_furiten_and_wins_only_by_tsumo(capsys) -> None:
    found = waits(capsys, "riichi-tenhou", "123m456p789s2355s", "--riichi", "--discards", "4s9m")
    assert found["furiten"] is True
    for w in found["waits"]:
        assert w["ron"] == {"wins": False, "problem": "furiten", "why": w["ron"]["why"]}
        assert w["tsumo"]["wins"]
    assert [w["unseen"] for w in found["waits"]] == [4, 3]  # a 4s discarded is seen


def test_the_unseen_count_takes_out_the_seen_tiles_and_the_dora_indicators(capsys) -> None:
    found = waits(capsys, "riichi-tenhou", "234m456p22s55z[888s]", "--dora", "5z", "--seen", "2s")
    assert {w["tile"]: w["unseen"] for w in found["waits"]} == {"2s": 1, "5z": 1}
    by_tile = {w["tile"]: w for w in found["waits"]}
    assert by_tile["2s"]["ron"]["problem"] == "no yaku"  # an open hand, no yaku on 2s
    assert by_tile["5z"]["ron"]["yaku_han"] == [["haku (white dragon)", 1]]


def test_more_copies_seen_than_there_are_is_refused(capsys) -> None:
    with pytest.raises(MjtuiError, match="more 5z than there are"):
        run(["riichi-tenhou", "234m456p22s55z[888s]", "--seen", "5z5z5z"], capsys)


def test_a_wait_on_a_tile_held_four_times_counts_only_where_the_ruleset_says(capsys) -> None:
    tenhou = waits(capsys, "riichi-tenhou", "1111m234p567p789s")
    assert tenhou["tenpai"] and [w["tile"] for w in tenhou["waits"]] == ["1m"]
    assert tenhou["waits"][0]["unseen"] == 0
    assert tenhou["waits"][0]["tsumo"]["problem"] == "all four held"
    wrc = waits(capsys, "riichi-wrc", "1111m234p567p789s")
    assert not wrc["tenpai"] and wrc["waits"] == [] and wrc["shanten"] == 1
    assert wrc["not_waits"] == ["1m"]
    # a kan holds the four: 12s waits on 3s, the kan of 3s holds them all
    beside = waits(capsys, "riichi-wrc", "12s444p666p88p(3333s)")
    assert [w["tile"] for w in beside["waits"]] == [] and beside["not_waits"] == ["3s"]


def test_not_tenpai_gives_the_shanten(capsys) -> None:
    found = waits(capsys, "riichi-tenhou", "159m159p159s1234z")
    assert found == {
        "tiles": "159m159p159s1234z",
        "tenpai": False,
        "shanten": found["shanten"],
        "furiten": False,
        "waits": [],
        "not_waits": [],
    }
    # thirteen orphans: 10 of its 13 kinds held, no pair (the sets: 8, seven pairs: 6)
    assert found["shanten"] == 3


def test_the_last_tile_is_haitei_by_tsumo_and_houtei_by_ron(capsys) -> None:
    found = waits(capsys, "riichi-tenhou", "234m456p22s55z[888s]", "--also", "l")
    two = next(w for w in found["waits"] if w["tile"] == "2s")
    assert two["ron"]["yaku_han"] == [["houtei raoyui", 1]]
    assert two["tsumo"]["yaku_han"] == [["haitei raoyue", 1]]
    first = waits(capsys, "riichi-tenhou", "123m456p789s2355s", "--tenhou")
    assert first["waits"][0]["ron"]["wins"] is False
    assert first["waits"][0]["tsumo"]["yakuman"] == 1


def test_three_players_wait_on_no_2m_to_8m_and_refuse_them_in_the_hand(capsys) -> None:
    found = waits(capsys, "riichi-sanma", "99m456p789s111z22z")
    assert [w["tile"] for w in found["waits"]] == ["9m", "2z"]
    with pytest.raises(MjtuiError, match="2m is not in the three-player set"):
        run(["riichi-sanma", "234m456p789s1122z"], capsys)


def test_the_text_names_each_wait_and_what_it_wins(capsys) -> None:
    code, out = run(["riichi-tenhou", "123m456p789s2355s", "--riichi"], capsys)
    assert code == 0
    assert out.splitlines()[0] == "123m456p2355789s: tenpai, 2 waits, 8 tiles unseen"
    assert out.splitlines()[1:4] == [
        "  1s  4 left",
        "      ron   2 han 30 fu, 2900 (riichi 1, pinfu 1)",
        "      tsumo 3 han 20 fu, 3900 (riichi 1, menzen tsumo 1, pinfu 1)",
    ]
    code, out = run(["riichi-tenhou", "159m159p159s1234z"], capsys)
    assert out.strip().endswith("not tenpai, 3 shanten")


def test_batch_reads_command_lines_and_json_lines(capsys, monkeypatch) -> None:
    lines = (
        "123m456p789s2355s --riichi\n"
        '{"tiles": "123m456p789s2355s", "riichi": true}\n'
        '{"tiles": "123m"}\n'
        '{"tile": "123m"}\n'
    )
    code, out = run(["riichi-tenhou", "--batch"], capsys, lines, monkeypatch)
    assert code == 2
    first, second, short, unknown = map(json.loads, out.splitlines())
    assert first == second and first["tenpai"]
    assert "a waiting hand has 13 tiles" in short["error"] and short["line"] == 3
    assert "'tile' is not an option here" in unknown["error"]


def test_a_system_with_no_waits_says_which_do(capsys) -> None:
    with pytest.raises(MjtuiError, match=r"reads no waits from tiles.*riichi"):
        run(["hp11c", "123m456p789s2355s"], capsys)


def test_pocket_waits_score_each_way_and_say_under_the_minimum(capsys) -> None:
    found = waits(capsys, "pocket", "123m456p789s1122z")
    assert found["tenpai"] and [w["tile"] for w in found["waits"]] == ["1z", "2z"]
    east, south = found["waits"]
    assert east["ron"]["fan"] == 3 and east["tsumo"]["fan"] == 4
    assert east["tsumo"]["points"]["total"] == 48
    assert south["ron"] == {
        "wins": False,
        "problem": "under the minimum",
        "why": south["ron"]["why"],
        "fan": 1,
    }
    assert "under the minimum of 3 fan" in south["ron"]["why"]


def test_pocket_situations_go_with_their_way_and_seen_tiles_are_not_unseen(capsys) -> None:
    found = waits(capsys, "pocket", "123m456p789s1z[555z]", "--heavenly", "--seen", "1z")
    (east,) = found["waits"]
    assert east["unseen"] == 2 and east["ron"]["problem"] == "not this way"
    ready = waits(capsys, "pocket", "159m159p159s1234z")
    assert not ready["tenpai"] and ready["shanten"] == 3
