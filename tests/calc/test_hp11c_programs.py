"""The settlement programs on the emulator against the ruleset engine.

Both programs, the published seed (read from ../shared/seeds/, skipped when
absent) and mjtui's own east_doubling.hp11c, are keyed as at the table:
GSB 9 once, then for each hand the winner's key and the four points with
R/S, nothing for a draw. After every hand the totals in R1-R4 and the next
East must be what mjtui.core's east-doubling system computes with the
shipped rulesets/hp11c.toml.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from mjtui.calc.hp11c.keywords import parse_key_words
from mjtui.calc.hp11c.listing import read_listing
from mjtui.calc.hp11c.machine import Machine, RunState
from mjtui.calc.programs import EAST_DOUBLING
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_efbfaf89b1e00d0d.txt"
HANDS = 500

# How each program keeps the next East (a player number 1-4).
EastReader = Callable[[Machine], Decimal]
OURS: EastReader = lambda m: m.register("0")  # noqa: E731 - R0 holds it
SEEDS: EastReader = lambda m: m.register("I") - 4  # noqa: E731  I holds 5-8


def program(name: str) -> tuple[Machine, EastReader]:
    if name == "seed":
        if not SEED.is_file():
            pytest.skip(f"the seed listing is not at {SEED}")
        return Machine(read_listing(SEED)), SEEDS
    return Machine(read_listing(EAST_DOUBLING)), OURS


def random_hands(rnd: random.Random, count: int) -> list[Hand]:
    hands = []
    for _ in range(count):
        if rnd.random() < 0.1:
            hands.append(Hand(None, (0, 0, 0, 0)))
            continue
        kind = rnd.random()
        if kind < 0.6:
            points = [rnd.randrange(0, 60) * 10 for _ in range(4)]
        elif kind < 0.9:
            points = [rnd.randrange(0, 3000) for _ in range(4)]
        else:
            points = [rnd.choice([0, 1, 99999, rnd.randrange(0, 100000)]) for _ in range(4)]
        hands.append(Hand(rnd.randrange(4), tuple(points)))
    return hands


def key_hand(machine: Machine, hand: Hand) -> list[str]:
    """Key one hand as a player would; returns what the display showed at each stop."""
    if hand.winner is None:
        return []  # a draw: nothing is keyed
    shown = []
    machine.press("ABCD"[hand.winner])
    for points in hand.points:
        assert machine.state is RunState.WAITING
        shown.append(machine.display)
        machine.press_keys(parse_key_words(f"{points} R/S"))
    assert machine.state is RunState.IDLE and machine.error is None
    return shown


@pytest.mark.parametrize("name", ["ours", "seed"])
def test_worked_examples(name: str) -> None:
    machine, east = program(name)
    machine.press("GSB 9")
    assert [machine.register(r) for r in "1234"] == [10000] * 4 and east(machine) == 1
    # East (player 1) wins with 40; the others scored 10, 20, 8. By hand:
    # P1 gets 40 from each of the three, doubled: +240; P2 gets 10 from P3
    # and P4 and pays 80 + 20 + 8: -88; P3: 40 - 80 - 10 - 8 = -58;
    # P4: 16 - 80 - 10 - 20 = -94. East stays.
    prompts = key_hand(machine, Hand(0, (40, 10, 20, 8)))
    assert prompts == ["1.0000", "2.0000", "3.0000", "4.0000"]
    assert [machine.register(r) for r in "1234"] == [10240, 9912, 9942, 9906]
    assert machine.display == "1.0000" and east(machine) == 1
    # Player 3 wins the next hand with 50; 10, 4, 6 for the others (East = P1):
    # P3 +200; P1 -100 + 40 - 8 - 12 = -80; P2 -64; P4 -56. East passes to P2.
    key_hand(machine, Hand(2, (10, 4, 50, 6)))
    assert [machine.register(r) for r in "1234"] == [10160, 9848, 10142, 9850]
    assert machine.display == "2.0000" and east(machine) == 2


@pytest.mark.parametrize("name", ["ours", "seed"])
def test_random_series_agree_with_the_engine(name: str) -> None:
    machine, east = program(name)
    ruleset = load_ruleset(REPO / "rulesets" / "hp11c.toml")
    system, rules = ruleset.system, ruleset.rules
    state = system.start(rules)
    machine.press("GSB 9")
    rnd = random.Random(11)
    for number, hand in enumerate(random_hands(rnd, HANDS), 1):
        key_hand(machine, hand)
        state = system.apply(rules, state, hand)
        totals = [machine.register(r) for r in "1234"]
        assert (totals, east(machine)) == (list(state.totals), state.east + 1), (
            f"hand {number}: {hand}"
        )
        if hand.winner is not None:
            assert machine.x == state.east + 1  # the program ends showing the next East
    assert sum(state.totals) == 40000


def test_our_program_is_not_the_seeds() -> None:
    # Our own program, keyed the same, but written differently: no run of
    # three consecutive steps of ours appears in the seed.
    if not SEED.is_file():
        pytest.skip(f"the seed listing is not at {SEED}")
    ours = [s.key for s in read_listing(EAST_DOUBLING).steps]
    seed = [s.key for s in read_listing(SEED).steps]
    runs = {tuple(seed[i : i + 3]) for i in range(len(seed) - 2)}
    assert [i + 1 for i in range(len(ours) - 2) if tuple(ours[i : i + 3]) in runs] == []
