"""A round's seating (core/tournament/seating.py): every player once, repeat meetings
as few as any seating has, the lower bound a bound, teams apart, the winds, the seed."""

from __future__ import annotations

import itertools
import random

import pytest

from mjtui.core.tournament.model import Player, Round
from mjtui.core.tournament.seating import seat_round, seating_of


def names(n: int, **kinds) -> list[Player]:
    return [Player(f"P{i:02d}", **{k: f(i) for k, f in kinds.items()}) for i in range(n)]


def season(
    players: list[Player],
    rounds: int,
    method: str = "random",
    seed: int = 1,
    keep_apart=(),
    order=None,
) -> list[tuple[Round, object]]:
    """Seat ``rounds`` rounds in turn; each round with its seating."""
    history: list[Round] = []
    out = []
    for r in range(1, rounds + 1):
        seating = seat_round(
            players, history, r, method if r > 1 else "random", 4, seed + r, keep_apart, order
        )
        history.append(Round(r, method, seating.tables))
        out.append((history[-1], seating))
    return out


def pairs_of(tables) -> set[frozenset[str]]:
    return {frozenset(p) for t in tables for p in itertools.combinations(t, 2)}


@pytest.mark.parametrize(
    "count, method", [(8, "random"), (20, "swiss"), (36, "interval"), (40, "random")]
)
def test_every_player_sits_once_a_round_at_tables_of_four(count: int, method: str) -> None:
    players = names(count)
    for seated, _ in season(players, 6, method, order=[p.name for p in reversed(players)]):
        flat = [n for t in seated.tables for n in t]
        assert sorted(flat) == sorted(p.name for p in players)
        assert all(len(t) == 4 for t in seated.tables) and len(seated.tables) == count // 4


def test_a_seed_gives_one_seating_and_another_seed_another() -> None:
    players = names(40)
    first = [s.tables for _, s in season(players, 4, seed=5)]
    again = [s.tables for _, s in season(players, 4, seed=5)]
    other = [s.tables for _, s in season(players, 4, seed=6)]
    assert first == again and first != other


def partitions(items: list[int], k: int):
    if not items:
        yield []
        return
    first = items[0]
    for rest in itertools.combinations(items[1:], k - 1):
        left = [x for x in items[1:] if x not in rest]
        for p in partitions(left, k):
            yield [(first, *rest), *p]


def counts(tables, history: list[Round], number: int) -> tuple[int, int]:
    """(pairs who met in the round before, pairs who met in any round before)."""
    before = pairs_of(history[-1].tables) if history else set()
    met = set().union(*(pairs_of(r.tables) for r in history)) if history else set()
    now = pairs_of(tables)
    return len(now & before), len(now & met)


@pytest.mark.parametrize("count", [8, 12])
def test_repeats_are_as_few_as_any_seating_has_and_never_below_the_bound(count: int) -> None:
    # Brute force over every seating of 8 and 12 players (35 and 5775 of them): the
    # search finds the fewest meetings from the round before, then the fewest repeats.
    players = names(count)
    every = list(partitions(list(range(count)), 4))
    history: list[Round] = []
    for r in range(1, 7):
        seating = seat_round(players, history, r, "random", 4, seed=r)
        before = pairs_of(history[-1].tables) if history else set()
        met = set().union(*(pairs_of(h.tables) for h in history)) if history else set()
        weight = {}  # (i, j) -> (met in the round before, met before)
        for i, j in itertools.combinations(range(count), 2):
            pair = frozenset((players[i].name, players[j].name))
            weight[i, j] = (int(pair in before), int(pair in met))
        best = min(
            tuple(
                map(
                    sum,
                    zip(
                        *(weight[pair] for t in part for pair in itertools.combinations(t, 2)),
                        strict=True,
                    ),
                )
            )
            for part in every
        )
        ours = counts(seating.tables, history, r)
        assert ours == best, (count, r)
        assert (seating.cost.consecutive, seating.cost.repeats) == ours
        assert seating.cost.repeats >= seating.cost.lower_bound
        history.append(Round(r, "random", seating.tables))
    # Eight players have all met after three rounds: from then on each sits with three
    # players met before, 12 pairs of 12, and the bound says so.
    assert seating.cost.lower_bound == seating.cost.repeats == 12 if count == 8 else True


def test_the_lower_bound_is_a_bound_for_any_seating() -> None:
    rng = random.Random(3)
    players = names(16)
    history: list[Round] = []
    for r in range(1, 9):
        order = [p.name for p in players]
        rng.shuffle(order)
        tables = [order[i : i + 4] for i in range(0, 16, 4)]
        seating = seating_of(players, history, r, tables, 4)
        assert seating.cost.repeats >= seating.cost.lower_bound
        assert seating.cost.repeats == counts(tables, history, r)[1]
        history.append(Round(r, "csv", tuple(map(tuple, tables))))
    assert seating.cost.lower_bound > 0  # late on, a real bound


def test_teams_and_countries_are_kept_apart_where_asked() -> None:
    players = names(16, team=lambda i: f"T{i % 4}", country=lambda i: "NL" if i < 8 else "DE")
    for _, seating in season(players, 5, keep_apart=("team",)):
        team_of = {p.name: p.team for p in players}
        assert all(len({team_of[n] for n in t}) == 4 for t in seating.tables)
        assert seating.cost.apart == 0
    # Countries: 8 and 8, so two of each at every table at best; keep_apart counts them.
    for _, seating in season(players, 2, keep_apart=("country",)):
        country = {p.name: p.country for p in players}
        assert all(
            sorted(country[n] for n in t) == ["DE", "DE", "NL", "NL"] for t in seating.tables
        )
        assert seating.cost.apart == 8  # the pairs that cannot be avoided, said


def test_substitutes_sit_at_different_tables() -> None:
    players = [
        *names(14),
        Player("Substitute 1", substitute=True),
        Player("Substitute 2", substitute=True),
    ]
    for _, seating in season(players, 4):
        assert not any({"Substitute 1", "Substitute 2"} <= set(t) for t in seating.tables)


def test_swiss_seats_the_standings_in_order_and_interval_spreads_them() -> None:
    players = names(16)
    # Round 1 sat P00-P03, P04-P07... The standings' groups of four each hold one
    # player of every table, each from another seat: they never met, and can each
    # get a wind they have not had.
    order = [f"P{4 * t + (t + g) % 4:02d}" for g in range(4) for t in range(4)]
    first = Round(
        1, "csv", tuple(tuple(f"P{i:02d}" for i in range(t, t + 4)) for t in range(0, 16, 4))
    )
    swiss = seat_round(players, [first], 2, "swiss", 4, seed=1, order=order)
    # The first four of the standings never met: they make table 1, and so on.
    assert [sorted(t) for t in swiss.tables] == [sorted(order[i : i + 4]) for i in (0, 4, 8, 12)]
    interval = seat_round(players, [first], 2, "interval", 4, seed=1, order=order)
    part = {name: i // 4 for i, name in enumerate(order)}
    assert all(sorted(part[n] for n in t) == [0, 1, 2, 3] for t in interval.tables)
    assert interval.cost.method == 0


def test_swiss_avoids_a_repeat_by_the_smallest_move() -> None:
    players = names(16)
    order = [p.name for p in players]
    first = Round(1, "csv", tuple(tuple(order[i : i + 4]) for i in range(0, 16, 4)))
    seating = seat_round(players, [first], 2, "swiss", 4, seed=1, order=order)
    assert seating.cost.repeats == 0
    # Table 1 still holds the best of the standings it can: one of each first table.
    assert "P00" in seating.tables[0]


@pytest.mark.parametrize("count", [40, 80])
def test_winds_are_balanced_over_the_rounds(count: int) -> None:
    players = names(count)
    seen = {p.name: [0, 0, 0, 0] for p in players}
    for r, (_, seating) in enumerate(season(players, 8), 1):
        for table in seating.tables:
            for wind, name in enumerate(table):
                seen[name][wind] += 1
        spreads = [max(c) - min(c) for c in seen.values()]
        best = 0 if r % 4 == 0 else 1
        assert (seating.cost.winds, seating.cost.winds_best) == (max(spreads), best)
        assert seating.cost.winds_off == sum(s > best for s in spreads)
        # Each round few players are off the best, and none by more than one sitting.
        assert max(spreads) <= 2 and seating.cost.winds_off <= count // 8
    # After eight rounds nearly every player has sat each wind twice.
    assert sum(c == [2, 2, 2, 2] for c in seen.values()) >= count * 7 // 8


def test_a_seating_given_whole_keeps_its_order_and_says_its_cost() -> None:
    players = names(8)
    tables = [["P03", "P02", "P01", "P00"], ["P04", "P05", "P06", "P07"]]
    history = [Round(1, "csv", (("P00", "P01", "P04", "P05"), ("P02", "P03", "P06", "P07")))]
    seating = seating_of(players, history, 2, tables, 4)
    assert [list(t) for t in seating.tables] == tables
    assert (seating.cost.repeats, seating.cost.consecutive) == (4, 4)
