"""The HP-11C East-doubling system (seed 000): settlement, rotation, hand checks.

Seats are 0-based here (seat 0 is "player 1" of the seed). The worked examples
are done by hand from the prose rules of the seed:

* for every ordered pair (receiver i, payer j) with j != i, j pays i the points
  i scored, unless j is the winner (the winner pays nothing);
* the amount is doubled when East is the receiver or the payer;
* a draw exchanges nothing and East stays; when someone other than East wins,
  East passes to the next player (1 -> 2 -> 3 -> 4 -> 1).
"""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mjtui.core.errors import HandError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset, load_ruleset, rules_from_table
from mjtui.systems.east_doubling.system import (
    SYSTEM,
    EastDoubling,
    Hand,
    State,
    next_east,
    settle,
)

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"

FAST = settings(
    max_examples=250,
    database=None,  # leave no .hypothesis folder behind
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def hp11c() -> Ruleset:
    return load_ruleset(HP11C)


def make_ruleset(
    players: int = 4,
    start: int = 10000,
    multiplier: int = 2,
    east_win: str = "stay",
    other_win: str = "next",
    draw: str = "stay",
) -> Ruleset:
    text = f"""
name = "test"
system = "east-doubling"
[table]
players = {players}
start_points = {start}
[payments]
east_multiplier = {multiplier}
[rotation]
on_east_win = "{east_win}"
on_other_win = "{other_win}"
on_draw = "{draw}"
"""
    return Ruleset("test", "test", rules_from_table(tomllib.loads(text), "test"))


NAMES = ("Ann", "Bob", "Cy", "Di")


# --------------------------------------------------------------------------
# Worked examples (multiplier 2, four players)
# --------------------------------------------------------------------------


def test_east_wins() -> None:
    # East = player 1 (seat 0) wins; points P1..P4 = 40, 10, 20, 8.
    # Winner P1 receives 40 from P2, P3, P4, doubled (East receives): 3 x 80 = +240;
    #   P2, P3, P4 pay 80 each.
    # P2 receives 10 from P3 and P4 (the winner pays nothing): +20; P3 -10, P4 -10.
    # P3 receives 20 from P2 and P4: +40; P2 -20, P4 -20.
    # P4 receives 8 from P2 and P3: +16; P2 -8, P3 -8.
    # P1: +240
    # P2: -80 + 20 - 20 - 8 = -88
    # P3: -80 - 10 + 40 - 8 = -58
    # P4: -80 - 10 - 20 + 16 = -94          (sum 240 - 88 - 58 - 94 = 0)
    assert settle((40, 10, 20, 8), winner=0, east=0, multiplier=2) == (240, -88, -58, -94)
    assert next_east(hp11c().rules.rotation, east=0, winner=0, players=4) == 0  # East stays


def test_non_east_wins() -> None:
    # East = player 1 (seat 0); player 3 (seat 2) wins; points 10, 4, 50, 6.
    # Winner P3 receives 50 from P1 (East pays: 100), P2 (50), P4 (50): +200.
    # P1 (East) receives 10 from P2 and P4, doubled: 2 x 20 = +40; P2 -20, P4 -20.
    # P2 receives 4 from P1 (East: 8) and P4 (4): +12; P1 -8, P4 -4.
    # P4 receives 6 from P1 (East: 12) and P2 (6): +18; P1 -12, P2 -6.
    # P1: -100 + 40 - 8 - 12 = -80
    # P2: -50 - 20 + 12 - 6 = -64
    # P3: +200
    # P4: -50 - 20 - 4 + 18 = -56           (sum 0)
    assert settle((10, 4, 50, 6), winner=2, east=0, multiplier=2) == (-80, -64, 200, -56)
    assert next_east(hp11c().rules.rotation, east=0, winner=2, players=4) == 1


def test_non_east_wins_with_east_in_the_middle() -> None:
    # East = player 3 (seat 2); player 1 (seat 0) wins; points 24, 2, 6, 0.
    # Winner P1 receives 24 from P2 (24), P3 (East: 48), P4 (24): +96.
    # P2 receives 2 from P3 (East: 4) and P4 (2): +6; P3 -4, P4 -2.
    # P3 (East) receives 6 from P2 and P4, doubled: +24; P2 -12, P4 -12.
    # P4 scored 0 and receives nothing.
    # P1: +96; P2: -24 + 6 - 12 = -30; P3: -48 - 4 + 24 = -28; P4: -24 - 2 - 12 = -38.
    assert settle((24, 2, 6, 0), winner=0, east=2, multiplier=2) == (96, -30, -28, -38)
    # East (seat 2) did not win: East passes to seat 3, then wraps to seat 0.
    rotation = hp11c().rules.rotation
    assert next_east(rotation, east=2, winner=0, players=4) == 3
    assert next_east(rotation, east=3, winner=0, players=4) == 0


def test_winner_who_scored_zero() -> None:
    # East = P1 (seat 0); P2 (seat 1) wins with 0 points; points 8, 0, 4, 2.
    # The winner receives 0 from everybody and pays nothing.
    # P1 (East) receives 8 from P3 and P4, doubled: +32; P3 -16, P4 -16.
    # P3 receives 4 from P1 (East: 8) and P4 (4): +12; P1 -8, P4 -4.
    # P4 receives 2 from P1 (East: 4) and P3 (2): +6; P1 -4, P3 -2.
    # P1: 32 - 8 - 4 = 20; P2: 0; P3: -16 + 12 - 2 = -6; P4: -16 - 4 + 6 = -14.
    assert settle((8, 0, 4, 2), winner=1, east=0, multiplier=2) == (20, 0, -6, -14)
    # A win is a win, even for 0 points: East passes on.
    assert next_east(hp11c().rules.rotation, east=0, winner=1, players=4) == 1


def test_east_wins_with_zero_points_gets_nothing() -> None:
    # East = P2 (seat 1) wins with 0; points 8, 0, 4, 2; nobody else is East.
    # P1 receives 8 from P3, P4: +16; P3 receives 4 from P1, P4: +8;
    # P4 receives 2 from P1, P3: +4.
    # P1: 16 - 4 - 2 = 10; P2: 0; P3: -8 + 8 - 2 = -2; P4: -8 - 4 + 4 = -8.
    assert settle((8, 0, 4, 2), winner=1, east=1, multiplier=2) == (10, 0, -2, -8)


def test_draw_exchanges_nothing_and_east_stays() -> None:
    ruleset = hp11c()
    session = Session(ruleset, NAMES, datetime(2026, 11, 29, 20, 15))
    session.add(Hand(winner=2, points=(10, 4, 50, 6)))  # East passes to seat 1
    session.add(Hand(winner=None, points=(10, 20, 30, 40)))  # a draw, points ignored
    before, after = session.states()[1:]
    assert after.totals == before.totals == (9920, 9936, 10200, 9944)
    assert after.last_change == (0, 0, 0, 0)
    assert before.east == after.east == 1
    assert settle((10, 20, 30, 40), None, 0, 2) == (0, 0, 0, 0)


def test_seed_rotation_example() -> None:
    # "if player 3 wins the first game, in the next game 1 = NORTH, 2 = EAST,
    # 3 = SOUTH, 4 = WEST"
    session = Session(hp11c(), NAMES, datetime(2026, 11, 29, 20, 15))
    first = session.state
    assert [first.wind(s) for s in range(4)] == ["East", "South", "West", "North"]
    session.add(Hand(winner=2, points=(10, 4, 50, 6)))
    second = session.state
    assert second.east == 1
    assert [second.wind(s) for s in range(4)] == ["North", "East", "South", "West"]
    assert second.totals == (9920, 9936, 10200, 9944)
    assert second.hands == 1


def test_start_state() -> None:
    state = SYSTEM.start(hp11c().rules)
    assert state == State(totals=(10000,) * 4, east=0, hands=0)


# --------------------------------------------------------------------------
# An independent oracle: the calculator program's shortcut
# --------------------------------------------------------------------------


def calculator(points: tuple[int, ...], winner: int | None, east: int) -> tuple[int, ...]:
    """What the HP-11C listing computes, register by register (4 players).

    R5..R8 hold the points, I the East register, R9 the winner.
    """
    if winner is None:
        return (0, 0, 0, 0)  # "Do not do anything for games that end undecided"
    scored = list(points)  # R5..R8
    scored[east] += scored[east]  # 048-049: Rcl (i), Sto + (i): East's points doubled
    factor = 3  # 052: 3 Sto 5
    if winner != east:  # 054-057: Rcl 9, Rcl I, x=y? GTO 2
        factor += 1  # 058-059: 1 Sto + 5
    total = 0  # R0: the total of all points, East's doubled (050-076)
    change = [0, 0, 0, 0]
    for seat in range(4):
        total += scored[seat]
        change[seat] += scored[seat] * factor  # Sto + 1..4
    for seat in range(4):  # 080-106: every non-winner pays R0, East twice (Lbl 7)
        if seat != winner:
            change[seat] -= total + total if seat == east else total
    return tuple(change)


def test_calculator_oracle_agrees_with_the_worked_examples() -> None:
    # The oracle itself must reproduce the hand-made examples, or it proves nothing.
    assert calculator((40, 10, 20, 8), 0, 0) == (240, -88, -58, -94)
    assert calculator((10, 4, 50, 6), 2, 0) == (-80, -64, 200, -56)
    assert calculator((24, 2, 6, 0), 0, 2) == (96, -30, -28, -38)
    assert calculator((8, 0, 4, 2), 1, 0) == (20, 0, -6, -14)


points4 = st.tuples(*[st.integers(0, 100000)] * 4)


@FAST
@given(points=points4, winner=st.one_of(st.none(), st.integers(0, 3)), east=st.integers(0, 3))
def test_settle_matches_the_calculator_shortcut(points, winner, east) -> None:
    assert settle(points, winner, east, 2) == calculator(points, winner, east)


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------


@st.composite
def table_hand(draw):
    n = draw(st.integers(2, 4))
    points = tuple(draw(st.lists(st.integers(0, 100000), min_size=n, max_size=n)))
    winner = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    east = draw(st.integers(0, n - 1))
    multiplier = draw(st.integers(1, 5))
    return points, winner, east, multiplier


def pairwise(
    points: tuple[int, ...], winner: int | None, east: int, multiplier: int
) -> tuple[int, ...]:
    """The rule as table.py words it, pair by pair: each payer but the winner pays each
    receiver its points, multiplied when either of them is East."""
    change = [0] * len(points)
    if winner is None:
        return tuple(change)
    for receiver, scored in enumerate(points):
        for payer in range(len(points)):
            if payer in (receiver, winner):
                continue
            amount = scored * multiplier if east in (receiver, payer) else scored
            change[receiver] += amount
            change[payer] -= amount
    return tuple(change)


@FAST
@given(table_hand())
def test_settle_is_the_rule_pair_by_pair(case) -> None:
    assert settle(*case) == pairwise(*case)


def test_settle_is_the_rule_pair_by_pair_in_every_seating() -> None:
    for n in range(2, 5):
        points = tuple(range(3, 3 + 7 * n, 7))  # every seat a different, nonzero score
        for winner in (None, *range(n)):
            for east in range(n):
                for multiplier in (1, 2, 3):
                    case = (points, winner, east, multiplier)
                    assert settle(*case) == pairwise(*case), case


@FAST
@given(table_hand())
def test_every_settlement_sums_to_zero(case) -> None:
    points, winner, east, multiplier = case
    change = settle(points, winner, east, multiplier)
    assert len(change) == len(points)
    assert sum(change) == 0
    if winner is not None:
        # The winner pays nothing, so his change is never negative.
        assert change[winner] >= 0
        n = len(points)
        # East winner: n - 1 payers, each multiplied; another winner: East pays
        # multiplied, the n - 2 others once.
        factor = (n - 1) * multiplier if winner == east else (n - 2) + multiplier
        assert change[winner] == points[winner] * factor


moves = st.sampled_from(["stay", "next"])


@st.composite
def series(draw):
    n = draw(st.integers(2, 4))
    ruleset = make_ruleset(
        players=n,
        start=draw(st.integers(0, 50000)),
        multiplier=draw(st.integers(1, 5)),
        east_win=draw(moves),
        other_win=draw(moves),
        draw=draw(moves),
    )
    hands = draw(
        st.lists(
            st.builds(
                Hand,
                winner=st.one_of(st.none(), st.integers(0, n - 1)),
                points=st.tuples(*[st.integers(0, 100000)] * n),
            ),
            max_size=30,
        )
    )
    return ruleset, hands


@FAST
@given(series())
def test_session_fold_equals_a_plain_loop(case) -> None:
    ruleset, hands = case
    rules = ruleset.rules
    n = rules.table.players
    session = Session(ruleset, NAMES[:n], datetime(2026, 1, 1))
    for hand in hands:
        session.add(hand)
    states = session.states()
    assert len(states) == len(hands) + 1

    totals = [rules.table.start_points] * n
    east = 0
    assert states[0].totals == tuple(totals) and states[0].east == 0
    for k, hand in enumerate(hands, 1):
        change = settle(hand.points, hand.winner, east, rules.payments.east_multiplier)
        totals = [t + c for t, c in zip(totals, change, strict=False)]
        east = next_east(rules.rotation, east, hand.winner, n)
        assert states[k].totals == tuple(totals)
        assert states[k].east == east
        assert states[k].hands == k
        assert states[k].last_change == change
    assert sum(session.state.totals) == n * rules.table.start_points


@FAST
@given(series())
def test_east_rotation_follows_the_rotation_table(case) -> None:
    ruleset, hands = case
    rotation = ruleset.rules.rotation
    n = ruleset.players
    session = Session(ruleset, NAMES[:n], datetime(2026, 1, 1))
    session.hands.extend(hands)
    states = session.states()
    for hand, before, after in zip(hands, states, states[1:], strict=False):
        if hand.winner is None:
            move = rotation.on_draw
        elif hand.winner == before.east:
            move = rotation.on_east_win
        else:
            move = rotation.on_other_win
        if move == "stay":
            assert after.east == before.east
            assert [after.wind(s) for s in range(n)] == [before.wind(s) for s in range(n)]
        else:
            # The seat that was South (the next seat) becomes East, and every
            # seat takes the wind its left-hand neighbour had.
            south = next(s for s in range(n) if before.wind(s) == "South")
            assert after.east == south
            assert after.wind(south) == "East"
            assert [after.wind(s) for s in range(n)] == [before.wind((s - 1) % n) for s in range(n)]


@FAST
@given(st.lists(st.one_of(st.none(), st.integers(0, 3)), max_size=40))
def test_hp11c_east_passes_only_when_someone_else_wins(winners) -> None:
    session = Session(hp11c(), NAMES, datetime(2026, 1, 1))
    session.hands.extend(Hand(w, (1, 2, 3, 4)) for w in winners)
    states = session.states()
    passes = 0
    for w, before, after in zip(winners, states, states[1:], strict=False):
        if w is not None and w != before.east:
            passes += 1
            assert after.east == (before.east + 1) % 4
        else:
            assert after.east == before.east
    assert states[-1].east == passes % 4


# --------------------------------------------------------------------------
# Hand checks and hand records
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (Hand(winner=4, points=(0, 0, 0, 0)), ["winner", "1 to 4", "got 5"]),
        (Hand(winner=-1, points=(0, 0, 0, 0)), ["winner", "got 0"]),
        (Hand(winner=0, points=(1, 2, 3)), ["expected 4 points", "got 3"]),
        (Hand(winner=None, points=(1, 2, 3, 4, 5)), ["expected 4 points", "got 5"]),
        (Hand(winner=0, points=(10, -1, 0, 0)), ["seat 2", "from 0 to 1,000,000,000", "-1"]),
        # The hand form's bound holds for hands read from files too.
        (Hand(winner=0, points=(10, 10**9 + 1, 0, 0)), ["seat 2", "1000000001"]),
        (Hand(winner=0, points=(10, 10**400, 0, 0)), ["seat 2", "a number of 401 digits"]),
        (Hand(winner=0, points=(10, True, 0, 0)), ["seat 2", "True"]),
        (Hand(winner=0, points=(10, 0, 2.5, 0)), ["seat 3", "2.5"]),
    ],
)
def test_check_refuses(hand, words) -> None:
    with pytest.raises(HandError) as caught:
        SYSTEM.check(hp11c().rules, hand)
    for word in words:
        assert word in str(caught.value)


def test_check_accepts_good_hands() -> None:
    rules = hp11c().rules
    SYSTEM.check(rules, Hand(winner=3, points=(0, 0, 0, 100000)))
    SYSTEM.check(rules, Hand(winner=None, points=(0, 0, 0, 0)))


def test_session_add_refuses_a_bad_hand_and_keeps_the_others() -> None:
    session = Session(hp11c(), NAMES, datetime(2026, 1, 1))
    session.add(Hand(0, (1, 1, 1, 1)))
    with pytest.raises(HandError):
        session.add(Hand(9, (1, 1, 1, 1)))
    assert session.hands == [Hand(0, (1, 1, 1, 1))]


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"winner": 5, "points": [1, 2, 3, 4]}, ["winner", "got 5"]),
        ({"winner": -1, "points": [1, 2, 3, 4]}, ["winner", "got -1"]),
        ({"winner": 1, "points": [1, 2, 3]}, ["expected 4 points", "got 3"]),
        ({"winner": 1, "points": [1, 2, -3, 4]}, ["seat 3", "-3"]),
        ({"winner": 1, "points": [1, False, 3, 4]}, ["seat 2", "False"]),
        ({"winner": 1, "points": [1, 2, 3.0, 4]}, ["seat 3"]),
        ({"winner": 1, "points": [1, 2, 3, 4], "loser": 2}, ["unknown key", "'loser'"]),
        ({"winner": True, "points": [1, 2, 3, 4]}, ["'winner'", "True"]),
        ({"winner": "2", "points": [1, 2, 3, 4]}, ["'winner'", "'2'"]),
        ({"winner": 2}, ["'points' is missing"]),
        ({"winner": 2, "points": "1 2 3 4"}, ["'points'", "array"]),
    ],
)
def test_hand_from_record_refuses(record, words) -> None:
    with pytest.raises(HandError) as caught:
        SYSTEM.hand_from_record(hp11c().rules, record)
    for word in words:
        assert word in str(caught.value), str(caught.value)


def test_hand_from_record_reads_one_based_seats() -> None:
    rules = hp11c().rules
    assert SYSTEM.hand_from_record(rules, {"winner": 1, "points": [5, 0, 0, 0]}) == Hand(
        0, (5, 0, 0, 0)
    )
    assert SYSTEM.hand_from_record(rules, {"winner": 4, "points": [0, 0, 0, 7]}) == Hand(
        3, (0, 0, 0, 7)
    )


def test_a_draw_may_leave_out_its_points() -> None:
    rules = hp11c().rules
    assert SYSTEM.hand_from_record(rules, {}) == Hand(None, (0, 0, 0, 0))
    # ...but a draw whose points are written keeps them (they change nothing).
    assert SYSTEM.hand_from_record(rules, {"points": [1, 2, 3, 4]}) == Hand(None, (1, 2, 3, 4))
    three = make_ruleset(players=3).rules
    assert SYSTEM.hand_from_record(three, {}) == Hand(None, (0, 0, 0))


def test_hand_records_round_trip_with_one_based_winner() -> None:
    system = EastDoubling()
    rules = hp11c().rules
    win = Hand(2, (10, 4, 50, 6))
    draw = Hand(None, (0, 0, 0, 0))
    assert system.hand_to_record(win) == {"winner": 3, "points": [10, 4, 50, 6]}
    assert "winner" not in system.hand_to_record(draw)
    for hand in (win, draw):
        assert system.hand_from_record(rules, system.hand_to_record(hand)) == hand


def test_replay_fields_are_one_based() -> None:
    state = State(totals=(1, 2, 3, 4), east=3, hands=7)
    assert SYSTEM.replay_fields(state) == {"totals": [1, 2, 3, 4], "east": 4}


def test_hands_and_states_are_frozen_values() -> None:
    import dataclasses

    hand = Hand(winner=1, points=(10, 0, 5, 0))
    assert hand == Hand(1, (10, 0, 5, 0)) and hash(hand) == hash(Hand(1, (10, 0, 5, 0)))
    assert repr(hand) == "Hand(winner=1, points=(10, 0, 5, 0))"
    assert dataclasses.replace(hand, winner=None) == Hand(None, (10, 0, 5, 0))
    state = State((1, 2), east=1, hands=3)
    assert state.last_change is None and state == State(totals=(1, 2), east=1, hands=3)
    assert dataclasses.asdict(state) == {
        "totals": (1, 2),
        "east": 1,
        "hands": 3,
        "last_change": None,
    }
    for value, field in ((hand, "winner"), (state, "totals")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, 0)


def test_a_resumed_long_series_has_every_hand_and_the_totals_it_was_played_to(
    tmp_path: Path,
) -> None:
    # 10,000 hands, one of them damaged, as the start-up benchmark resumes them: every
    # other hand is read, the damaged one is said, and the totals and East are those
    # of the rules folded pair by pair over the hands, hand after hand.
    import random

    from mjtui.core.sessions.session_file import load_session, save_session

    ruleset = hp11c()
    rng = random.Random(32)
    hands = [
        Hand(rng.choice([None, 0, 1, 2, 3]), tuple(rng.randrange(60) for _ in range(4)))
        for _ in range(10_000)
    ]
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 12, 1, 19))
    session.hands.extend(hands)
    path = tmp_path / "long.toml"
    save_session(session, path)
    text = path.read_text(encoding="utf-8")
    cut = text.index("[[hands]]", len(text) // 2)  # hand 5,001 or so loses a seat's points
    item = text.index("\n    ", cut)
    damaged = text[:item] + text[text.index("\n", item + 1) :]
    path.write_text(damaged, encoding="utf-8")
    number = damaged[:cut].count("[[hands]]") + 1

    loaded = load_session(path, lambda name: ruleset)
    kept = hands[: number - 1] + hands[number:]
    assert loaded.session.hands == kept
    assert len(loaded.problems) == 1 and f"hand {number} (line " in loaded.problems[0]
    assert "expected 4 points" in loaded.problems[0]
    totals, east = [10_000] * 4, 0
    for hand in kept:
        change = pairwise(hand.points, hand.winner, east, 2)
        totals = [t + c for t, c in zip(totals, change, strict=True)]
        east = east if hand.winner in (None, east) else (east + 1) % 4
    state = loaded.session.state
    assert list(state.totals) == totals and state.east == east and state.hands == len(kept)
    assert [s.last_change for s in loaded.session.states()[-3:]] == [
        pairwise(h.points, h.winner, s.east, 2)
        for h, s in zip(kept[-3:], loaded.session.states()[-4:-1], strict=True)
    ]


@FAST
@given(series())
def test_the_fold_of_a_series_is_apply_hand_after_hand(case) -> None:
    # A resume folds a series with the system's fold, its lookups made once: the same
    # states as apply gives, from the start and from a state half way.
    ruleset, hands = case
    rules = ruleset.rules
    states = [SYSTEM.start(rules)]
    for hand in hands:
        states.append(SYSTEM.apply(rules, states[-1], hand))
    assert SYSTEM.fold(rules, states[0], hands) == states[1:]
    half = len(hands) // 2
    assert SYSTEM.fold(rules, states[half], hands[half:]) == states[half + 1 :]
    assert not SYSTEM.checks_at_table()  # so a resume folds its hands in one go


records = st.one_of(
    st.fixed_dictionaries(
        {"points": st.lists(st.integers(-1, 10**9 + 1) | st.booleans(), min_size=3, max_size=5)},
        optional={
            "winner": st.integers(-1, 5) | st.booleans() | st.text(max_size=1),
            "loser": st.integers(0, 4),
        },
    ),
    st.fixed_dictionaries({}, optional={"winner": st.integers(0, 4), "points": st.text()}),
)


@FAST
@given(st.lists(records, max_size=12))
# The edges of the usual record, each a step off it: a point below 0 or past the most,
# a flag for a point, a winner past the seats, a key too many, a draw with a winner 0.
@example(
    [
        {"winner": 1, "points": [-1, 0, 0, 0]},
        {"points": [0, 0, 0, 10**9 + 1]},
        {"winner": 2, "points": [0, True, 0, 0]},
        {"winner": 5, "points": [0, 0, 0, 0]},
        {"winner": 1, "points": [5, 0, 0, 0], "loser": 2},
        {"winner": 0, "points": [0, 0, 0, 0]},
        {"winner": 4, "points": [0, 0, 0, 10**9]},
    ]
)
def test_reading_the_records_together_is_reading_each_alone(found) -> None:
    # hand_from_record's quick way through the usual record gives the hand its thorough
    # steps give (taken here by the points in a list of another type, which the quick
    # way leaves to them), and a resume's reading of all the records is each read alone:
    # the same hands, the same refusals.
    class Points(list):  # type: ignore[type-arg]
        pass

    rules = hp11c().rules

    def read(record: dict) -> Hand | str:  # type: ignore[type-arg]
        try:
            return SYSTEM.hand_from_record(rules, record)
        except HandError as e:
            return str(e)

    for record in found:
        if type(record.get("points")) is list:
            assert read(record) == read({**record, "points": Points(record["points"])})
    hands, refused = SYSTEM.hands_from_records(rules, found)
    alone = [(i, read(record)) for i, record in enumerate(found)]
    assert hands == [h for _, h in alone if isinstance(h, Hand)]
    assert [(i, str(e)) for i, e in refused] == [(i, h) for i, h in alone if isinstance(h, str)]
    assert all(type(p) is int for hand in hands for p in hand.points)
