"""Riichi hands in session files: reading hand-written records, saving, replaying."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjtui.cli import main
from mjtui.core.errors import HandError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.systems.riichi.system import (
    SYSTEM,
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Win,
    Winner,
)

REPO = Path(__file__).resolve().parents[2]
TENHOU_RULESET = load_ruleset(REPO / "rulesets" / "riichi-tenhou.toml")
TENHOU = TENHOU_RULESET.rules
WRC = load_ruleset(REPO / "rulesets" / "riichi-wrc.toml").rules
NAMES = ("Ann", "Bob", "Chen", "Dora")


def read(record: dict, rules=TENHOU):
    return SYSTEM.hand_from_record(rules, record)


# --------------------------------------------------------------------------
# Records read (seats 1-based in the file, 0-based in the events)
# --------------------------------------------------------------------------


def test_each_kind_of_record() -> None:
    assert read({"ron": 3, "from": 1, "han": 3, "fu": 40, "riichi": [2]}) == Win(
        (Winner(2, 3, 40),), discarder=0, riichi=(1,)
    )
    assert read({"tsumo": 2, "han": 6}) == Win((Winner(1, 6, None),))
    assert read({"tsumo": 2, "yakuman": 2}) == Win((Winner(1, 0, None, 2),))
    assert read({"ron": [4, 2], "from": 1, "han": [2, 5], "fu": [30, 0]}) == Win(
        (Winner(3, 2, 30), Winner(1, 5, None)), discarder=0
    )
    assert read({"draw": "exhaustive", "tenpai": [1, 3], "riichi": [3]}) == ExhaustiveDraw(
        tenpai=(0, 2), riichi=(2,)
    )
    assert read({"draw": "exhaustive"}) == ExhaustiveDraw()
    assert read({"draw": "abortive", "riichi": [4]}) == AbortiveDraw(riichi=(3,))
    assert read({"chombo": 4}) == Chombo(3)


BAD = [
    ({}, "one of 'ron', 'tsumo', 'draw' or 'chombo'"),
    ({"winner": 3, "points": [1, 2, 3, 4]}, "unknown key 'points'"),
    ({"ron": 3, "tsumo": 3, "han": 1, "fu": 30}, "'ron' and 'tsumo' cannot both be given"),
    ({"ron": 3, "han": 1, "fu": 30}, "'from' is missing"),
    ({"ron": 3, "from": 3, "han": 1, "fu": 30}, "cannot win on a tile they discarded"),
    ({"ron": 5, "from": 1, "han": 1, "fu": 30}, "'ron' must be a seat from 1 to 4"),
    ({"ron": "Chen", "from": 1, "han": 1, "fu": 30}, "got 'Chen'"),
    ({"ron": 3, "from": 0, "han": 1, "fu": 30}, "'from' must be a seat from 1 to 4, got 0"),
    ({"ron": 3, "from": 1, "fu": 30}, "'han' is missing"),
    ({"ron": 3, "from": 1, "han": 2}, "2 han needs its fu"),
    ({"ron": 3, "from": 1, "han": 1, "fu": 20}, "20 fu cannot be won by ron"),
    ({"ron": 3, "from": 1, "han": 2, "fu": 35}, "35 fu cannot exist"),
    ({"ron": 3, "from": 1, "han": "3", "fu": 30}, "'han' must be a whole number"),
    ({"ron": 3, "from": 1, "han": 2.0, "fu": 30}, "'han' must be a whole number"),
    ({"ron": 3, "from": 1, "han": 5, "fu": 0}, "'fu' is 0: leave it out"),
    ({"ron": [2, 3], "from": 1, "han": 2, "fu": 30}, "'han' must be an array of 2"),
    ({"ron": [2, 3], "from": 1, "han": [2, 1], "fu": [30]}, "'fu' must be an array of 2"),
    ({"ron": 2, "from": 1, "han": [2], "fu": 30}, "'han' must be one number"),
    ({"ron": [], "from": 1, "han": [], "fu": []}, "empty array"),
    ({"tsumo": [2, 3], "han": [1, 1], "fu": [30, 30]}, "a tsumo has one winner"),
    ({"tsumo": 2, "from": 1, "han": 1, "fu": 30}, "'from' does not go with 'tsumo'"),
    ({"tsumo": 2, "han": 1, "fu": 20}, "at least 2 han"),
    ({"tsumo": 2, "han": 2, "fu": 30, "yakuman": 1}, "without han and fu"),
    ({"draw": "exhaustive", "tenpai": [5]}, "'tenpai' must be an array of seats"),
    ({"draw": "exhaustive", "tenpai": 2}, "'tenpai' must be an array of seats"),
    ({"draw": "abortive", "tenpai": [1]}, "'tenpai' does not go with draw = \"abortive\""),
    ({"draw": "exhaustive", "tenpai": [1], "riichi": [2]}, "seat 2 declared riichi"),
    ({"draw": "yes"}, '\'draw\' must be "exhaustive" or "abortive"'),
    ({"chombo": 0}, "'chombo' must be a seat from 1 to 4, got 0"),
    ({"chombo": 2, "riichi": [2, 2]}, "riichi names a seat twice"),
    ({"chombo": 2, "riichi": "2"}, "'riichi' must be an array of seats"),
]


@pytest.mark.parametrize("record,words", BAD, ids=[w for _, w in BAD])
def test_bad_records_are_refused_with_a_message(record: dict, words: str) -> None:
    with pytest.raises(HandError) as caught:
        read(record)
    assert words in str(caught.value)


def test_the_ruleset_decides_what_a_record_may_hold() -> None:
    double = {"ron": [2, 4], "from": 1, "han": [1, 1], "fu": [30, 30]}
    read(double)  # Tenhou plays double ron
    with pytest.raises(HandError, match="head bump: only seat 2"):
        read(double, WRC)
    with pytest.raises(HandError, match="no abortive draws"):
        read({"draw": "abortive"}, WRC)


seat = st.integers(0, 3)


@st.composite
def events(draw):
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "abortive", "chombo"]))
    # With abortive draws (Tenhou) a fourth riichi stops the hand.
    most = 4 if kind in ("abortive", "chombo") else 3
    riichi = tuple(draw(st.lists(seat, unique=True, max_size=most)))
    score = st.sampled_from([(1, 30), (3, 25), (3, 40), (5, None), (0, None)])
    if kind in ("ron", "tsumo"):
        discarder = draw(seat) if kind == "ron" else None
        seats = draw(
            st.lists(
                seat.filter(lambda s: s != discarder),
                min_size=1,
                max_size=2 if kind == "ron" else 1,
                unique=True,
            )
        )
        winners = []
        for s in seats:
            han, fu = draw(score)
            tiles = draw(st.sampled_from(["", "234m456p2267s [777z] 5s"]))
            # A yaku list has riichi exactly when the winner declared it.
            yaku = (
                tuple(
                    (["riichi"] if s in riichi else [])
                    + draw(st.lists(st.just("dora 1"), max_size=1))
                )
                if draw(st.booleans())
                else ()
            )
            winners.append(Winner(s, han, fu, 0 if han else draw(st.integers(1, 3)), tiles, yaku))
        return Win(tuple(winners), discarder=discarder, riichi=riichi)
    if kind == "draw":
        return ExhaustiveDraw(
            tenpai=riichi
            + tuple(draw(st.lists(seat.filter(lambda s: s not in riichi), unique=True))),
            riichi=riichi,
        )
    if kind == "abortive":
        return AbortiveDraw(riichi=riichi)
    return Chombo(draw(seat), riichi=riichi)


def test_tiles_and_yaku_are_kept_per_winner_and_checked() -> None:
    one = read(
        {
            "ron": 3,
            "from": 1,
            "han": 1,
            "fu": 30,
            "tiles": "234m456p2267s [777z] 5s",
            "yaku": ["chun (red dragon)"],
        }
    )
    assert one.winners[0].yaku == ("chun (red dragon)",)
    assert one.winners[0].tiles == "234m456p2267s [777z] 5s"
    assert SYSTEM.describe_hand(one, NAMES) == "Chen ron off Ann, 1 han 30 fu (chun (red dragon))"
    two = read(
        {
            "ron": [2, 3],
            "from": 1,
            "han": [1, 2],
            "fu": [30, 30],
            "tiles": ["", "123m"],
            "yaku": [[], ["pinfu", "riichi"]],
            "riichi": [3],
        }
    )
    assert [w.yaku for w in two.winners] == [(), ("pinfu", "riichi")]
    with pytest.raises(HandError, match="'yaku' must be an array of 2 arrays"):
        read({"ron": [2, 3], "from": 1, "han": [1, 2], "fu": [30, 30], "yaku": ["pinfu"]})
    with pytest.raises(HandError, match="'yaku' must be an array of names"):
        read({"tsumo": 2, "han": 1, "fu": 30, "yaku": "pinfu"})
    with pytest.raises(HandError, match="'tiles' must be the hand as text"):
        read({"tsumo": 2, "han": 1, "fu": 30, "tiles": 123})
    with pytest.raises(HandError, match="'tiles' does not go with"):
        read({"draw": "abortive", "tiles": "123m"})


@settings(
    max_examples=200, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(events())
def test_records_round_trip(hand) -> None:
    assert read(SYSTEM.hand_to_record(hand)) == hand


# --------------------------------------------------------------------------
# Session files and replay
# --------------------------------------------------------------------------


def doc_example() -> str:
    text = (REPO / "docs" / "session-format.md").read_text(encoding="utf-8")
    section = text.split("## Riichi hands")[1]
    return re.search(r"```toml\n(.*?)```", section, re.S).group(1)


def test_the_documented_example_reads_and_replays(tmp_path: Path, capsys) -> None:
    path = tmp_path / "sheet.toml"
    path.write_text(doc_example(), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == list(NAMES)
    hands = out["hands"]
    assert [(h["round"], h["dealer"], h["honba"], h["deposits"]) for h in hands] == [
        ("E2", 2, 0, 0),  # Chen won off Ann: Bob deals E2
        ("E2", 2, 1, 0),  # drawn, Bob tenpai: he deals again, 1 honba
        ("E2", 2, 2, 0),  # double ron with Bob: he deals again, 2 honba
        ("E3", 3, 0, 0),  # Chen's tsumo
        ("E3", 3, 1, 0),  # abortive draw
        ("E3", 3, 1, 0),  # chombo: the same hand again
    ]
    for h in hands:
        assert h["east"] == h["dealer"]
        assert sum(h["totals"]) + h["deposits"] == 100000
    # E1: Chen 3 han 40 fu off Ann (5200) + Bob's riichi deposit (1000).
    assert hands[0]["totals"] == [19800, 24000, 31200, 25000]
    # E2: Bob and Dora tenpai get 1500 each from Ann and Chen.
    assert hands[1]["totals"] == [18300, 25500, 29700, 26500]
    # E2-1: Dora pays Ann 2000 + 300 honba and Bob (dealer, 5 han) 12000.
    assert hands[2]["totals"] == [20600, 37500, 29700, 12200]
    # E2-2: Chen's yakuman tsumo: 8000 + 200 from Ann and Dora, 16000 + 200 from Bob.
    assert hands[3]["totals"] == [12400, 21300, 62300, 4000]
    # Dora's chombo: a mangan tsumo's worth, 4000 to the dealer Chen, 2000 to the others.
    assert hands[5]["totals"] == [14400, 23300, 66300, -4000]


def test_bust_in_the_documented_example(tmp_path: Path) -> None:
    # Dora ends at -4000 under Tenhou: the game ended there (tobi).
    path = tmp_path / "sheet.toml"
    path.write_text(doc_example(), encoding="utf-8")
    loaded = load_session(path, RulesetLibrary([REPO / "rulesets"]).get)
    assert loaded.problems == []
    state = loaded.session.state
    assert state.end == "bust" and state.end_seat == 3
    assert state.end_text == "seat 4 went below zero"


def test_save_and_load_keep_every_hand(tmp_path: Path) -> None:
    session = Session(TENHOU_RULESET, NAMES, datetime(2026, 11, 29, 20, 15))
    hands = [
        Win((Winner(2, 3, 40),), discarder=0, riichi=(1,)),
        ExhaustiveDraw(tenpai=(1, 3), riichi=(3,)),
        Win((Winner(0, 2, 30), Winner(1, 5, None)), discarder=3),
        Win((Winner(2, 0, None, 1),)),
        AbortiveDraw(),
        Chombo(3),
    ]
    for hand in hands:
        session.add(hand)
    path = tmp_path / "riichi.toml"
    save_session(session, path)
    loaded = load_session(path, RulesetLibrary([REPO / "rulesets"]).get)
    assert loaded.problems == []
    assert loaded.session.hands == hands
    assert loaded.session.state == session.state
    text = path.read_text(encoding="utf-8")
    assert 'draw = "exhaustive"' in text and "chombo = 4" in text


def test_a_bad_hand_is_reported_with_its_number_and_the_rest_read(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'format = "mjtui-session/1"\nruleset = "riichi-wrc"\n'
        'players = ["Ann", "Bob", "Chen", "Dora"]\n\n'
        "[[hands]]\nron = 3\nfrom = 1\nhan = 1\nfu = 20\n\n"
        '[[hands]]\ndraw = "exhaustive"\ntenpai = [2]\n',
        encoding="utf-8",
    )
    loaded = load_session(path, RulesetLibrary([REPO / "rulesets"]).get)
    assert len(loaded.problems) == 1
    assert "hand 1 (line 5)" in loaded.problems[0]
    assert "20 fu cannot be won by ron" in loaded.problems[0]
    assert loaded.session.hands == [ExhaustiveDraw(tenpai=(1,))]


# Seven hands won by the seat after the dealer (E1 to S3), then South 4 drawn with
# Ann and Chen in riichi and tenpai, Dora (the dealer) noten: the game ends with
# their 2000 in deposits still on the table.
TO_THE_END = (
    'players = ["Ann", "Bob", "Chen", "Dora"]\n'
    + "".join(
        f"[[hands]]\nron = {winner}\nfrom = {winner % 4 + 1}\nhan = 2\nfu = 30\n"
        for winner in (2, 3, 4, 1, 2, 3, 4)
    )
    + '[[hands]]\ndraw = "exhaustive"\ntenpai = [1, 3]\nriichi = [1, 3]\n'
)


@pytest.mark.parametrize(
    "ruleset, totals, left_over",
    [
        # WRC: left-over deposits leave the game ("lost"): the totals add up to 118000.
        (
            "riichi-wrc",
            [28500, 30500, 30500, 28500],
            {"points": 2000, "to": "lost", "shares": [0, 0, 0, 0]},
        ),
        # M-League: to first place; Bob and Chen tie at 25500 and split them ("split").
        (
            "riichi-mleague",
            [23500, 26500, 26500, 23500],
            {"points": 2000, "to": "first", "shares": [0, 1000, 1000, 0]},
        ),
    ],
)
def test_replay_json_says_where_left_over_deposits_went(
    tmp_path: Path, capsys, ruleset, totals, left_over
) -> None:
    path = tmp_path / "game.toml"
    path.write_text(f'format = "mjtui-session/1"\nruleset = "{ruleset}"\n{TO_THE_END}')
    assert main(["replay", str(path), "--json"]) == 0
    hands = json.loads(capsys.readouterr().out)["hands"]
    assert len(hands) == 8
    assert all("left_over_deposits" not in h for h in hands[:-1])  # only once it is over
    last = hands[-1]
    assert last["totals"] == totals and last["deposits"] == 0
    assert last["left_over_deposits"] == left_over
    start = 30000 if ruleset == "riichi-wrc" else 25000
    lost = left_over["points"] if left_over["to"] == "lost" else 0
    assert sum(last["totals"]) + lost == 4 * start


def test_replay_json_of_a_game_ending_with_no_deposits_left(tmp_path: Path, capsys) -> None:
    # The documented example ends on Dora's chombo (tobi under Tenhou), nothing on the table.
    path = tmp_path / "sheet.toml"
    path.write_text(doc_example(), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    last = json.loads(capsys.readouterr().out)["hands"][-1]
    assert last["left_over_deposits"] == {"points": 0, "to": "none", "shares": [0, 0, 0, 0]}


@pytest.mark.parametrize(
    "record",
    [
        {"ron": 3, "from": 1, "han": 2, "fu": 30, "note": "30符2飜2000点 役牌 中(1飜)"},
        {"tsumo": 2, "yakuman": 1, "note": "役満"},
        {"draw": "exhaustive", "tenpai": [1], "note": "流局"},
        {"draw": "abortive", "note": "九種九牌 (nine terminals)"},
        {"chombo": 4, "note": "false ron"},
    ],
)
def test_a_note_is_kept_with_any_outcome(record: dict) -> None:
    hand = read(record)
    assert hand.note == record["note"]
    assert SYSTEM.hand_to_record(hand) == record


@pytest.mark.parametrize(("note", "words"), [(3, "must be text"), ("x" * 2001, "at most 2000")])
def test_a_bad_note_is_refused(note, words) -> None:
    with pytest.raises(HandError, match=words):
        read({"draw": "abortive", "note": note})
