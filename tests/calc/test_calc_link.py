"""The calculator beside the sheet keys every hand and agrees with the engine."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.calc.hp11c.listing import read_listing
from mjtui.calc.link import CalculatorLink
from mjtui.calc.programs import load_program
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.systems.east_doubling.system import Hand

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_efbfaf89b1e00d0d.txt"


def hp11c(start: int | None = None):
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    return ruleset if start is None else ruleset.with_start_points(start)


def random_hands(rng: random.Random, count: int) -> list[Hand]:
    hands = []
    for _ in range(count):
        winner = rng.choice([None, 0, 1, 2, 3, 0, 1, 2, 3])
        points = (0,) * 4 if winner is None else tuple(rng.randint(0, 400) for _ in range(4))
        hands.append(Hand(winner, points))
    return hands


def programs() -> list:
    found = [pytest.param(load_program("east_doubling"), id="ours")]
    if SEED.exists():
        found.append(pytest.param(read_listing(SEED), id="seed"))
    return found


@pytest.mark.parametrize("program", programs())
@pytest.mark.parametrize("start", [10000, 25000])
def test_the_calculator_follows_the_sheet_hand_by_hand(program, start) -> None:
    rng = random.Random(start)
    session = Session(hp11c(start), ("A", "B", "C", "D"), datetime(2026, 11, 29))
    link = CalculatorLink(program, 4, start)
    assert link.differences(session.state.totals, session.state.east) == []
    for hand in random_hands(rng, 40):
        session.add(hand)
        link.follow(session.hands)
        state = session.state
        assert link.differences(state.totals, state.east) == []
    assert len(link.keyed) == 40


@pytest.mark.parametrize("program", programs())
def test_an_edit_or_undo_rekeys_the_series(program) -> None:
    session = Session(hp11c(), ("A", "B", "C", "D"), datetime(2026, 11, 29))
    link = CalculatorLink(program, 4, 10000)
    for hand in random_hands(random.Random(5), 12):
        session.add(hand)
    link.follow(session.hands)
    session.replace(3, Hand(2, (5, 10, 40, 0)))
    session.undo()
    link.follow(session.hands)
    assert link.differences(session.state.totals, session.state.east) == []


def test_a_difference_is_reported_by_seat() -> None:
    link = CalculatorLink(load_program("east_doubling"), 4, 10000)
    link.follow([Hand(0, (10, 0, 0, 0))])  # A (East) +60, the others -20 each
    assert link.differences((10060, 9980, 9980, 9980), 0) == []
    found = link.differences((10060, 9980, 9000, 9980), 1)
    assert found == ["seat 3: calculator 9980, sheet 9000", "East: calculator seat 1, sheet seat 2"]


def test_a_program_that_does_not_settle_is_a_problem(tmp_path: Path) -> None:
    listing = tmp_path / "wrong.hp11c"
    # GSB 9 works, but label A ends at once instead of asking for the points.
    listing.write_text("LBL 9\nRTN\nLBL A\n7\nRTN\n", encoding="utf-8")
    link = CalculatorLink(read_listing(listing), 4, 10000)
    link.follow([Hand(0, (10, 0, 0, 0))])
    problems = link.differences((10060, 9980, 9980, 9980), 0)
    assert len(problems) == 1 and "did not stop for the points" in problems[0]
