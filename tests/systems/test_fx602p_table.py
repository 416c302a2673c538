"""The fx602p ruleset, the fold (zero-sum, dealer = last winner, statistics) and records."""

from __future__ import annotations

import dataclasses
import typing
from datetime import datetime
from pathlib import Path

import pytest

from mjtui.core.errors import HandError, RulesetError
from mjtui.core.model.session import Session
from mjtui.core.reports.replay import replay_document
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset, rules_from_table
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.core.systems import SYSTEMS
from mjtui.systems.fx602p.events import score
from mjtui.systems.fx602p.system import SYSTEM, Rules, Win

REPO = Path(__file__).resolve().parents[2]
RULESET = load_ruleset(REPO / "rulesets" / "fx602p.toml")
RULES = RULESET.rules


def tiles(text: str) -> tuple[int, ...]:
    return tuple(sorted(int(c) for c in text))


def fold(hands: list[Win]):
    state = SYSTEM.start(RULES)
    for hand in hands:
        SYSTEM.check(RULES, hand)
        state = SYSTEM.apply(RULES, state, hand)
    return state


def test_registered_and_shipped() -> None:
    assert SYSTEMS["fx602p"] is SYSTEM
    entries = {e.id: e for e in RulesetLibrary([REPO / "rulesets"]).entries()}
    assert entries["fx602p"].error is None
    assert RULESET.players == 2 and RULESET.start_points == 0
    assert RULES.points.multiplier == 16 and RULES.points.base == 50
    assert RULES.points.per_triplet == 10


def test_every_rules_key_is_documented() -> None:
    docs = (REPO / "docs" / "rulesets.md").read_text(encoding="utf-8")
    for part in ("table", "points", "yaku", "yakuman"):
        struct = typing.get_type_hints(Rules)[part]
        for f in dataclasses.fields(struct):
            assert f"`{part}.{f.name}`" in docs, f"{part}.{f.name}"
            assert f.metadata.get("doc")


def test_a_broken_ruleset_names_the_key() -> None:
    table = RULESET.table()
    table["points"]["coefficients"] = [1, 2, "four"]
    with pytest.raises(RulesetError, match=r"points.coefficients\[2\]"):
        rules_from_table(table, "club.toml")
    table = RULESET.table()
    table["table"]["players"] = 3
    with pytest.raises(RulesetError, match=r"table.players"):
        rules_from_table(table, "club.toml")


def test_zero_sum_and_the_dealer_is_the_last_winner() -> None:
    state = SYSTEM.start(RULES)
    assert state.east == 0 and state.wind(0) == "East" and state.wind(1) == "South"
    state = fold([Win(1, tiles=tiles("234567888"), win_tile=8, dora=2)])  # 3840
    assert state.totals == (-3840, 3840) and state.last_change == (-3840, 3840)
    assert state.east == 1 and state.wind(1) == "East" and state.wind(0) == "South"
    state = fold(
        [
            Win(1, tiles=tiles("234567888"), win_tile=8, dora=2),
            Win(1, yaku=("Tanyao",), triplets=0),  # 1600, seat 2 deals again
            Win(0, yaku=(), triplets=1),
        ]
    )  # 960, seat 1 deals next
    assert state.totals == (-3840 - 1600 + 960, 3840 + 1600 - 960)
    assert sum(state.totals) == 0
    assert state.east == 0 and state.hands == 3 and state.wins == (1, 2)


def test_statistics_running_total_hands_average() -> None:
    state = fold([Win(0, yaku=(), triplets=0), Win(0, yaku=(), triplets=0)])
    # the seed's display after two 800-point hands: 1600 / 2, Ave 800
    assert state.running_total(0) == 1600 and state.hands == 2 and state.average(0) == 800
    assert state.average(1) == -800
    assert SYSTEM.describe_state(state, ("Ann", "Bob")) == (
        "Hand 3 next · Dealer: Ann · Ann +1,600 in 2 hands, Ave +800"
    )
    assert SYSTEM.start(RULES).average(0) == 0


def test_entered_yaku_are_checked() -> None:
    for bad in (
        Win(0, yaku=("Toitoi",), triplets=1),
        Win(0, yaku=("Sanrenko",), triplets=3),
        Win(0, yaku=("Pinfu",), triplets=2),
        Win(0, yaku=("Riichi",)),
        Win(2, yaku=()),
        Win(0, yaku=("Dora", "Dora")),
        Win(0, tiles=tiles("12345678")),
    ):
        with pytest.raises(HandError):
            SYSTEM.check(RULES, bad)
    assert score(RULES, Win(0, yaku=("Isshoku", "Tanyao", "Toitoi"), triplets=3)).points == 47360


def test_records_round_trip_and_errors() -> None:
    hands = [
        Win(0, tiles=tiles("123456789"), win_tile=9, dora=5, tsumo=True, tenho=True),
        Win(1, yaku=("Tanyao", "Dora"), triplets=1),
        Win(0, tiles=tiles("111222333")),
    ]
    for hand in hands:
        record = SYSTEM.hand_to_record(hand)
        assert SYSTEM.hand_from_record(RULES, record) == hand
    assert (
        SYSTEM.hand_from_record(RULES, {"winner": 2, "yaku": ["tanyao", "DORA"], "triplets": 1})
        == hands[1]
    )
    for record, message in [
        ({"winner": 3, "tiles": "123456789"}, "seat 1 or 2"),
        ({"winner": 1}, "'tiles'"),
        ({"winner": 1, "tiles": "123456789", "yaku": []}, "'tiles'"),
        ({"winner": 1, "tiles": "12345678x"}, "digits"),
        ({"winner": 1, "tiles": "123456788"}, "three melds"),
        ({"winner": 1, "tiles": "123456789", "win": 10}, "'win'"),
        ({"winner": 1, "yaku": ["Tanyao"], "dora": 3}, "'dora' does not go"),
        ({"winner": 1, "points": [1, 2]}, "unknown key 'points'"),
    ]:
        with pytest.raises(HandError, match=message):
            SYSTEM.hand_from_record(RULES, record)


def test_a_session_saves_replays_and_describes(tmp_path: Path) -> None:
    session = Session(RULESET, ("Ann", "Bob"), datetime(2026, 11, 29, 22, 0))
    session.add(Win(1, tiles=tiles("234567888"), win_tile=8, dora=2, tsumo=True))
    session.add(Win(1, yaku=("Toitoi", "Sanrenko"), triplets=3))
    path = tmp_path / "fx.toml"
    save_session(session, path)
    loaded = load_session(path, RulesetLibrary([REPO / "rulesets"]).get)
    assert loaded.problems == [] and loaded.session.hands == session.hands
    doc = replay_document(loaded.session)
    assert doc["hands"][-1]["totals"] == [-3840 - 14080, 3840 + 14080]
    assert doc["hands"][-1]["east"] == 2 and doc["hands"][-1]["points"] == 14080
    names = ("Ann", "Bob")
    assert SYSTEM.describe_hand(session.hands[0], names) == (
        "Bob won by tsumo: Tanyao, Dora (1 triplet)"
    )
    assert SYSTEM.describe_hand(session.hands[1], names) == "Bob won: Toitoi, Sanrenko (3 triplets)"
    assert SYSTEM.winners(session.hands[0]) == (1,)
    assert SYSTEM.hand_scores(session.hands[0]) is None


def test_the_session_format_example_replays(tmp_path: Path) -> None:
    text = (REPO / "docs" / "session-format.md").read_text(encoding="utf-8")
    section = text[text.index("## FX-602P hands") :]
    example = section.split("```toml\n")[1].split("```")[0]
    path = tmp_path / "sheet.toml"
    path.write_text(example, encoding="utf-8")
    loaded = load_session(path, RulesetLibrary([REPO / "rulesets"]).get)
    assert loaded.problems == []
    doc = replay_document(loaded.session)
    assert doc["hands"][-1] == {
        "totals": [-10240, 10240],
        "east": 2,
        "dealer": 2,
        "hands": 2,
        "points": 14080,
        "average": [-5120.0, 5120.0],
    }


def test_what_if_and_export_read_fx602p_sessions() -> None:
    from mjtui.core.reports.export import hand_rows
    from mjtui.core.reports.whatif import rescore_with

    session = Session(RULESET, ("Ann", "Bob"), datetime(2026, 11, 29, 22, 0))
    session.add(Win(0, tiles=tiles("234567888"), win_tile=8, dora=2))
    session.add(Win(1, yaku=("Tanyao",), triplets=0))
    doubled = rescore_with(session, {"points.multiplier": 32})
    assert doubled.what_if[-1].totals == tuple(2 * t for t in doubled.played[-1].totals)
    assert len(hand_rows(session)) == 2
