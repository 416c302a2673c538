"""The MCR game: payments, the fold over sixteen hands, seats, standings, records and the
points needed."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjtui.core.errors import HandError
from mjtui.core.rulesets.schema import SchemaError, read_struct
from mjtui.systems.mcr import table
from mjtui.systems.mcr.events import Draw, FalseWin, Penalty, Win, check
from mjtui.systems.mcr.needed import needed
from mjtui.systems.mcr.payments import by_role, change
from mjtui.systems.mcr.records import hand_from_record, hand_to_record
from mjtui.systems.mcr.rules import PRESET, Rules
from mjtui.systems.mcr.standings import final_standings

REPO = Path(__file__).resolve().parents[2]
TABLE = tomllib.loads((PRESET).read_text())
RULES = read_struct(Rules, TABLE)


def test_a_discard_costs_the_discarder_8_plus_fan_and_the_others_8() -> None:
    assert change(RULES, Win(0, 10, discarder=2)) == (34, -8, -18, -8)
    assert by_role(RULES, 10, self_draw=False) == {"total": 34, "discarder": 18, "others": 8}


def test_a_self_draw_costs_each_8_plus_fan() -> None:
    assert change(RULES, Win(1, 12)) == (-20, 60, -20, -20)
    assert by_role(RULES, 12, self_draw=True) == {"total": 60, "each": 20}


def test_a_false_win_pays_10_to_each_other_and_is_no_hand() -> None:
    state = table.apply(RULES, table.start(RULES), FalseWin(3))
    assert state.totals == (10, 10, 10, -30) and state.hands == 0 and state.events == 1


def test_a_penalty_goes_to_nobody() -> None:
    state = table.apply(RULES, table.start(RULES), Penalty(1, 20))
    assert state.totals == (0, -20, 0, 0) and state.penalties == (0, 20, 0, 0)


hands = st.one_of(
    st.builds(
        Win, st.integers(0, 3), st.integers(8, 400), st.one_of(st.none(), st.integers(0, 3))
    ).filter(lambda w: w.discarder != w.winner),
    st.just(Draw()),
    st.builds(FalseWin, st.integers(0, 3)),
)


@given(st.lists(hands, max_size=20))
def test_every_settlement_sums_to_zero(events: list[Win | Draw | FalseWin]) -> None:
    state = table.start(RULES)
    for hand in events:
        check(RULES, hand)
        assert sum(change(RULES, hand)) == 0
        state = table.apply(RULES, state, hand)
    assert sum(state.totals) == 0


def test_sixteen_hands_the_dealer_passing_and_the_seats_changing() -> None:
    state = table.start(RULES)
    dealers, rounds = [], []
    for _ in range(16):
        dealers.append(state.east)
        rounds.append(state.round_wind_name)
        assert state.wind(state.east) == "East"
        state = table.apply(RULES, state, Draw())
    assert state.finished
    assert rounds == ["East"] * 4 + ["South"] * 4 + ["West"] * 4 + ["North"] * 4
    # Each round every player deals once; the seats of game.seats move them.
    for r in range(4):
        assert sorted(dealers[4 * r : 4 * r + 4]) == [0, 1, 2, 3]
    assert dealers[:8] == [0, 1, 2, 3, 1, 0, 3, 2]
    with pytest.raises(HandError, match="game is over"):
        table.check_in_play(RULES, state, Draw())
    table.check_in_play(RULES, state, FalseWin(0))  # a penalty may still come


def test_a_win_with_tiles_is_checked_against_the_table_winds() -> None:
    state = table.start(RULES)
    # Seat 2 (South in the first hand) wins with a pung of South: seat wind 2 fan.
    hand = Win(1, 9, discarder=0, tiles="123m456p789s99m [222z]")
    with pytest.raises(HandError, match="tiles score"):
        table.check_in_play(RULES, state, hand)
    with pytest.raises(HandError, match="under the minimum"):
        table.check_in_play(RULES, state, Win(1, 8, discarder=0, tiles="123m456p678s99m [444z]"))


def test_a_win_under_the_minimum_is_refused() -> None:
    with pytest.raises(HandError, match="under the minimum of 8"):
        check(RULES, Win(0, 7))
    with pytest.raises(HandError, match="flowers do not count"):
        check(RULES, Win(0, 9, flowers=2))


def test_table_points_shared_by_ties() -> None:
    state = SimpleNamespace(totals=(30, 30, -10, -50))
    standings = final_standings(RULES, state)
    assert [(s.seat, s.rank, s.table_points) for s in standings] == [
        (0, 1, 3),
        (1, 1, 3),
        (2, 3, 1),
        (3, 4, 0),
    ]
    state = SimpleNamespace(totals=(0, 0, 0, 0))
    assert {s.table_points for s in final_standings(RULES, state)} == {Fraction(7, 4)}


@pytest.mark.parametrize(
    "record",
    [
        {"win": 2, "fan": 12, "from": 3},
        {
            "win": 1,
            "fan": 25,
            "flowers": 2,
            "tiles": "123m456p789s11z [555z]",
            "win_tile": "1z",
            "context": ["kong"],
        },
        {"draw": True},
        {"false_win": 4},
        {"penalty": 1, "points": 10},
    ],
)
def test_records_round_trip(record: dict[str, object]) -> None:
    assert hand_to_record(hand_from_record(RULES, record)) == record


@pytest.mark.parametrize(
    "record, words",
    [
        ({"win": 2}, "'fan' is missing"),
        ({"win": 2, "fan": 12, "from": 2}, "own discard"),
        ({"win": 5, "fan": 12}, "seat from 1 to 4"),
        ({"draw": True, "win": 1}, "cannot both"),
        ({"penalty": 1, "points": 0}, "from 1 to 100"),
        ({"win": 1, "fan": 9, "context": ["kong"]}, "with its tiles"),
        ({"win": 1, "fan": 9, "bonus": 1}, "unknown key 'bonus'"),
    ],
)
def test_bad_records_are_refused(record: dict[str, object], words: str) -> None:
    with pytest.raises(HandError, match=words):
        hand_from_record(RULES, record)


def test_bad_seat_changes_are_refused() -> None:
    bad = {**TABLE, "game": {**TABLE["game"], "seats": [[1, 2, 3, 3]]}}
    with pytest.raises(SchemaError, match=r"game.seats"):
        read_struct(Rules, bad)


@given(st.lists(st.integers(-300, 300), min_size=4, max_size=4), st.integers(0, 3))
def test_the_points_needed_are_the_least_that_go_ahead(totals: list[int], seat: int) -> None:
    found = needed(RULES, totals, seat)
    others = [s for s in range(4) if s != seat]
    if found is None:
        assert all(totals[seat] > totals[s] for s in others)
        return

    def ahead(fan: int, discarder: int | None) -> bool:
        delta = change(RULES, Win(seat, fan, discarder=discarder))
        after = [t + d for t, d in zip(totals, delta, strict=False)]
        return all(after[seat] > after[s] for s in others)

    ways = [(found.self_draw, None), (found.off_leader, found.leader)]
    ways += [(fan, d) for d, fan in found.off_other.items()]
    for fan, discarder in ways:
        assert fan >= RULES.win.minimum and ahead(fan, discarder)
        assert fan == RULES.win.minimum or not ahead(fan - 1, discarder)
