"""Pocket Mahjong hands in session files: the round trip, hand-written records,
and `mjtui replay --json` showing the round wind and the starter after each hand."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core.errors import HandError
from mjtui.core.model.session import Session
from mjtui.core.reports.replay import replay_document
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.systems.pocket.system import SYSTEM, Draw, FalseWin, Win

REPO = Path(__file__).resolve().parents[2]
POCKET = load_ruleset(REPO / "rulesets" / "pocket.toml")
NAMES = ("Ann", "Bob", "Cy", "Di")
STARTED = datetime(2026, 11, 29, 23, 0, tzinfo=timezone(timedelta(hours=8)))
HANDS = [
    Win(0, 3),
    Draw(),
    Win(2, 4, discarder=1, tiles="123m456m789m111z55m", context=("last-tile",)),
    Win(1, 5, guarantor=3),
    FalseWin(3),
    Win(3, 10, discarder=0),
    Win(0, 3, discarder=2),
    Draw(),
    Win(1, 6),
]


def find_ruleset(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


def session(hands=HANDS) -> Session:
    s = Session(POCKET, NAMES, STARTED)
    for hand in hands:
        s.add(hand)
    return s


def test_round_trip(folders, tmp_path: Path) -> None:
    original = session()
    path = tmp_path / "pocket.toml"
    save_session(original, path)
    loaded = load_session(path, find_ruleset)
    assert loaded.problems == []
    assert loaded.session.hands == HANDS
    assert loaded.session.ruleset.rules == POCKET.rules
    assert loaded.session.state == original.state
    text = path.read_text(encoding="utf-8")
    assert 'tiles = "123m456m789m111z55m"' in text and "guarantor = 4" in text


def test_records_read_and_write_each_other() -> None:
    for hand in HANDS:
        record = SYSTEM.hand_to_record(hand)
        assert SYSTEM.hand_from_record(POCKET.rules, record) == hand
    assert SYSTEM.hand_to_record(Win(2, 4, discarder=1)) == {"win": 3, "fan": 4, "from": 2}
    assert SYSTEM.hand_to_record(Draw()) == {"draw": True}
    assert SYSTEM.hand_to_record(FalseWin(0)) == {"false_win": 1}


@pytest.mark.parametrize(
    "record,words",
    [
        ({"win": 1}, "'fan' is missing"),
        ({"win": 1, "fan": 2}, "under the minimum of 3 fan"),
        ({"win": 5, "fan": 3}, "'win' must be a seat from 1 to 4"),
        ({"win": 1, "fan": 3, "from": 1}, "own discard"),
        ({"win": 1, "fan": "3"}, "'fan' must be a whole number"),
        ({"draw": True, "fan": 3}, "'fan' does not go with 'draw'"),
        ({"draw": False}, "'draw' must be true"),
        ({"win": 1, "draw": True}, "cannot both be given"),
        ({"winner": 1}, "unknown key 'winner'"),
        ({}, "one of 'win', 'draw' or 'false_win'"),
        ({"win": 1, "fan": 3, "context": ["doubled"]}, "'context' must be an array"),
    ],
)
def test_bad_records_are_refused_with_the_key(record, words) -> None:
    with pytest.raises(HandError, match=words):
        SYSTEM.hand_from_record(POCKET.rules, record)


def test_replay_document_has_round_and_starter() -> None:
    document = replay_document(session())
    rounds = [(h["round"], h["starter"]) for h in document["hands"]]
    assert rounds == [
        ("East", 1),
        ("East", 1),
        ("East", 2),
        ("East", 2),
        ("East", 2),
        ("East", 3),
        ("East", 4),
        ("East", 4),
        ("South", 1),
    ]
    assert all(sum(h["totals"]) == 4 * 5000 for h in document["hands"])


def test_replay_json_from_the_command(run_mjtui, folders, tmp_path: Path) -> None:
    path = tmp_path / "pocket.toml"
    save_session(session(), path)
    result = run_mjtui("replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    hands = json.loads(result.stdout)["hands"]
    assert len(hands) == len(HANDS)
    assert hands[-1]["round"] == "South" and hands[-1]["starter"] == 1
    # Ann's 3 fan self-draw: 8 from each; Cy's 4 fan off Bob: 16 from Bob, 8 from the others.
    assert hands[2] == {
        "totals": [5016, 4976, 5024, 4984],
        "east": 2,
        "round": "East",
        "starter": 2,
        "finished": False,
    }
