"""Reading an East-doubling hand as typed (mjtui.systems.east_doubling.form), no app."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.east_doubling.form import (
    WINNER_KEYS,
    blank,
    fields,
    points_problem,
    read_entry,
    values_of,
    winner_problem,
)
from mjtui.systems.east_doubling.system import MAX_POINTS, SYSTEM, Hand

RULES = load_ruleset(Path(__file__).resolve().parents[2] / "rulesets" / "hp11c.toml").rules
START = SYSTEM.start(RULES)
NAMES = ("Ann", "Bob", "Cy", "Di")
ALL = frozenset(fields(4))


def read(winner: str, *points: str, before=START, names=NAMES):
    values = {"winner": winner, **{f"points-{i}": p for i, p in enumerate(points)}}
    return read_entry(RULES, before, values, names)


def test_the_fields_in_form_order() -> None:
    assert fields(4) == ("winner", "points-0", "points-1", "points-2", "points-3")
    assert fields(2) == ("winner", "points-0", "points-1")


@pytest.mark.parametrize(
    "key, seat",
    [
        ("1", 0),
        ("2", 1),
        ("3", 2),
        ("4", 3),
        ("a", 0),
        ("b", 1),
        ("c", 2),
        ("d", 3),
        ("D", 3),
        (" 2 ", 1),
    ],
)
def test_winner_keys_digits_and_the_calculators_letters(key, seat) -> None:
    entry = read(key, "10", "20", "30", "40")
    assert entry.errors == () and entry.winner == seat and not entry.draw
    assert entry.hand == Hand(seat, (10, 20, 30, 40))
    assert entry.active == ALL


def test_zero_is_a_draw_whose_points_take_no_part() -> None:
    # Whatever was left in the points fields: a draw exchanges nothing.
    entry = read("0", "1x", "20", "", "")
    assert entry.errors == () and entry.draw and entry.winner_known
    assert entry.hand == Hand(None, (0, 0, 0, 0)) and entry.after.last_change == (0, 0, 0, 0)
    assert entry.active == {"winner"}


@pytest.mark.parametrize("key", ["", "5", "e", "x", "-", "9"])
def test_a_key_that_is_no_seat_is_refused_and_every_field_stays_open(key) -> None:
    entry = read(key, "10")
    assert entry.hand is None and not entry.winner_known
    assert entry.errors == ("Winner: type 1-4 (or a-d), or 0 for a draw",)
    assert entry.active == ALL


def test_the_winner_message_follows_the_number_of_players() -> None:
    assert winner_problem("4", 3) == "Winner: type 1-3 (or a-c), or 0 for a draw"
    assert winner_problem("c", 2) == "Winner: type 1-2 (or a-b), or 0 for a draw"
    assert winner_problem("c", 3) is None and winner_problem("0", 2) is None
    assert set(WINNER_KEYS) == set("01234abcd")


def test_empty_points_are_zero_and_spaces_do_not_count() -> None:
    assert read("1", "", " 5 ", "0", "007").hand == Hand(0, (0, 5, 0, 7))
    assert read("1").hand == Hand(0, (0, 0, 0, 0))  # fields not given are empty


@pytest.mark.parametrize(
    "text, words",
    [
        ("1x", "'1x' is not a whole number of points (digits only)"),
        ("-5", "'-5' is not a whole number of points (digits only)"),
        ("2.5", "is not a whole number"),
        ("1 000", "is not a whole number"),
        ("²", "is not a whole number"),  # a digit to str.isdigit, not to int()
        ("٣", "is not a whole number"),
        (str(MAX_POINTS + 1), f"{MAX_POINTS + 1} is more points than any hand scores"),
    ],
)
def test_points_that_are_not_a_score_are_refused_with_the_reason(text, words) -> None:
    assert words in points_problem(text)
    entry = read("2", "10", text)
    assert entry.hand is None and entry.after is None
    assert entry.errors == (f"Bob: {points_problem(text)}",)


def test_the_bound_is_the_cores() -> None:
    assert MAX_POINTS == 10**9
    assert points_problem(str(MAX_POINTS)) is None
    assert read("1", str(MAX_POINTS)).hand == Hand(0, (MAX_POINTS, 0, 0, 0))


def test_every_mistake_is_listed_in_form_order() -> None:
    entry = read("7", "x", "1", "y")
    assert entry.errors == (
        "Winner: type 1-4 (or a-d), or 0 for a draw",
        "Ann: 'x' is not a whole number of points (digits only)",
        "Cy: 'y' is not a whole number of points (digits only)",
    )


def test_the_tables_own_check_is_the_last_word() -> None:
    # Three names at a four-player table: the core refuses the hand, the message says why.
    entry = read("1", "1", "2", "3", names=NAMES[:3])
    assert entry.hand is None and entry.errors == ("expected 4 points (one per seat), got 3",)


def test_the_settlement_is_the_systems() -> None:
    # Cy (seat 3) wins; East (Ann) pays and receives double (tests/ui/test_app.py's hand 1).
    entry = read("3", "10", "20", "30", "40")
    assert entry.after.last_change == (-140, -30, 120, 50)
    after = entry.after
    assert after == SYSTEM.apply(RULES, START, entry.hand)
    entry = read("b", "5", "50", "0", "10", before=after)  # Bob is East now
    assert entry.after == SYSTEM.apply(RULES, after, entry.hand)


def test_a_new_hand_starts_with_the_key_pressed_on_the_sheet() -> None:
    assert blank(4, 2) == {
        "winner": "3",
        "points-0": "",
        "points-1": "",
        "points-2": "",
        "points-3": "",
    }
    assert blank(2, None) == {"winner": "0", "points-0": "", "points-1": ""}


hands = st.builds(
    Hand,
    st.one_of(st.none(), st.integers(0, 3)),
    st.tuples(*[st.integers(0, MAX_POINTS)] * 4),
).map(lambda h: h if h.winner is not None else Hand(None, (0, 0, 0, 0)))


@settings(max_examples=200, database=None, deadline=None)
@given(hands)
def test_a_recorded_hand_reads_back_as_itself(hand) -> None:
    values = values_of(hand)
    assert set(values) == set(fields(4))
    assert read_entry(RULES, START, values, NAMES).hand == hand
