"""What-if: the same hands under start points 25000 and East x3, worked by hand."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from mjtui.core.errors import RulesetError
from mjtui.core.model.session import Session
from mjtui.core.reports.whatif import (
    IncompatibleRulesError,
    parse_value,
    rescore,
    rescore_with,
    rule_differences,
    variant,
)
from mjtui.core.rulesets.ruleset import Ruleset, load_ruleset
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
NAMES = ("Ann", "Bob", "Cy", "Di")
HANDS = [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0)), Hand(0, (40, 10, 20, 8))]
OVERRIDES = {"table.start_points": 25000, "payments.east_multiplier": 3}

# As played (10000, East x2), see test_export: totals after each hand.
PLAYED = [
    (10000,) * 4,
    (9920, 9936, 10200, 9944),
    (9920, 9936, 10200, 9944),
    (10080, 9840, 10192, 9888),
]
# What if (25000, East x3):
# Hand 1, East Ann, Cy wins 10 4 50 6 (worked in test_session_file): -120 -70 +250 -60.
# Hand 2, a draw: nothing; Bob (East since hand 1) stays East.
# Hand 3, East Bob, Ann wins 40 10 20 8:
#   Ann receives 40 from Bob (x3: 120), Cy 40, Di 40: +200.
#   Bob receives 10 from Cy and Di, x3: +60.   Cy receives 20 from Bob (60) and Di (20): +80.
#   Di receives 8 from Bob (24) and Cy (8): +32.
#   Ann +200; Bob -120 + 60 - 60 - 24 = -144; Cy -40 - 30 + 80 - 8 = +2;
#   Di -40 - 30 - 20 + 32 = -58.  (Sum 0.)
WHAT_IF = [
    (25000,) * 4,
    (24880, 24930, 25250, 24940),
    (24880, 24930, 25250, 24940),
    (25080, 24786, 25252, 24882),
]


def make_session() -> Session:
    session = Session(load_ruleset(HP11C), NAMES, datetime(2026, 11, 29, 20, 15))
    for hand in HANDS:
        session.add(hand)
    return session


def test_rescore_with_other_start_points_and_multiplier() -> None:
    session = make_session()
    result = rescore(session, variant(session.ruleset, OVERRIDES))
    assert [s.totals for s in result.played] == PLAYED
    assert [s.totals for s in result.what_if] == WHAT_IF
    assert [s.east for s in result.what_if] == [0, 1, 1, 2]
    played_rows, what_if_rows = result.rows()
    assert what_if_rows[2].change == (200, -144, 2, -58)
    assert played_rows[2].change == (160, -96, -8, -56)
    assert [(c.player, c.played_net, c.what_if_net, c.difference) for c in result.comparison()] == [
        ("Ann", 80, 80, 0),
        ("Bob", -160, -214, -54),
        ("Cy", 192, 252, 60),
        ("Di", -112, -118, -6),
    ]
    assert [s.player for s in result.standings()[1]] == ["Cy", "Ann", "Di", "Bob"]
    assert result.differences() == [
        ("table.start_points", 10000, 25000),
        ("payments.east_multiplier", 2, 3),
    ]


def test_rescore_leaves_the_session_as_played() -> None:
    session = make_session()
    rules_before = session.ruleset.rules
    result = rescore_with(session, OVERRIDES)
    assert session.ruleset.rules == rules_before
    assert session.state.totals == PLAYED[-1]
    assert result.rescored.hands == session.hands and result.rescored.hands is not session.hands
    assert result.rescored.players == NAMES
    assert result.rescored.ruleset.start_points == 25000


def test_rescore_a_saved_file(tmp_path: Path) -> None:
    path = tmp_path / "night.toml"
    save_session(make_session(), path)
    # The file's [rules] are used; the library is asked only to check the id's system.
    session = load_session(path, lambda rid: load_ruleset(HP11C)).session
    result = rescore_with(session, {"payments.east_multiplier": 3, "table.start_points": 25000})
    assert result.what_if[-1].totals == WHAT_IF[-1]
    assert result.rescored.ruleset.origin.startswith(str(path))


def test_variant_is_named_for_what_changed() -> None:
    base = load_ruleset(HP11C)
    assert variant(base, OVERRIDES).name == (
        "HP-11C East doubling, what if table.start_points = 25000, payments.east_multiplier = 3"
    )
    assert variant(base, OVERRIDES, name="Club rules").name == "Club rules"
    assert variant(base, {"rotation.on_draw": "next"}).rules.rotation.on_draw == "next"
    assert variant(base, {}).rules == base.rules


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (
            {"table.start_points": -5},
            "key 'table.start_points': expected an integer >= 0, got -5 (integer)",
        ),
        (
            {"payments.east_multiplier": "3"},
            "key 'payments.east_multiplier': expected an integer >= 1, got '3' (string)",
        ),
        (
            {"payments.east_multipler": 3},
            "key 'payments.east_multipler': unknown key (known here: east_multiplier)",
        ),
        (
            {"rotation.on_draw": "pass"},
            "key 'rotation.on_draw': expected one of 'stay', 'next', got 'pass' (string)",
        ),
        ({"bonus.x": 1}, "key 'bonus': unknown key"),
        ({"name.x": 1}, "key 'name' is not a table, so 'name.x' cannot be set"),
        ({"table..players": 3}, "key 'table..players': expected a dotted key"),
    ],
)
def test_bad_overrides_get_the_strict_readers_message(overrides, message) -> None:
    base = load_ruleset(HP11C)
    with pytest.raises(RulesetError) as caught:
        variant(base, overrides)
    text = str(caught.value)
    assert text.startswith(f"{HP11C} (what-if changes): ")
    assert message in text


def test_other_table_size_is_incompatible() -> None:
    session = make_session()
    three = variant(session.ruleset, {"table.players": 3})
    with pytest.raises(IncompatibleRulesError, match="is for 3 players, but the session has 4"):
        rescore(session, three)


def test_other_scoring_system_is_incompatible() -> None:
    session = make_session()
    base = session.ruleset
    other = Ruleset(
        "riichi", "rulesets/riichi.toml", replace(base.rules, system="riichi", name="Riichi")
    )
    with pytest.raises(IncompatibleRulesError) as caught:
        rescore(session, other)
    text = str(caught.value)
    assert text.startswith("rulesets/riichi.toml: 'Riichi' uses the scoring system 'riichi'")
    assert "played with 'east-doubling'" in text


def test_rule_differences_ignore_the_name() -> None:
    base = load_ruleset(HP11C)
    renamed = variant(base, {"name": "Other", "description": "x"})
    assert rule_differences(base, renamed) == []
    assert rule_differences(base, variant(base, {"rotation.on_draw": "next"})) == [
        ("rotation.on_draw", "stay", "next")
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("25000", 25000),
        (" 3 ", 3),
        ("25_000", 25000),
        ("true", True),
        ('"next"', "next"),
        ("next", "next"),
        ("25,000", "25,000"),
    ],
)
def test_parse_value_reads_what_a_form_gives(text, value) -> None:
    assert parse_value(text) == value
