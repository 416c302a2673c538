"""The seating of a round: tables that keep repeat meetings down, the winds balanced.

A seating splits the players into tables of the ruleset's size. Its cost is a
sum over the pairs of players at one table, each pair weighing, from the most
to the least:

1. a pair kept apart (the same team or the same country where the tournament
   asks, two substitutes) sitting together;
2. a pair who met in the round just before: meeting again in consecutive
   rounds weighs most;
3. a pair who met in an earlier round; then, lighter, each time such a pair
   met past the first (a third meeting is worse than a second);
4. the method's own wish: ``swiss`` keeps players near their place in the
   standings (the difference of the two places), ``interval`` gives each table
   one player of each part of the standings (a pair from one part costs);
   ``random`` has none.

The weights are far apart, so no amount of a lighter one outweighs one of a
heavier. An exact search is out of reach (80 players have some 10^87
seatings), so the seating is a local search, as tournament programs do: from
the method's ideal seating, a player in a costly pair is swapped with the one
player of another table that lowers the cost most, until no swap does; then
a few players are swapped at random (a kick: players in costly pairs, or at a
table where someone cannot get a wind he needs) and the search goes on from
there, the best seating seen kept, for at most :data:`KICKS` kicks or until
nothing is left to mend. Everything is driven by a random generator seeded
with the round's seed, so one seed always gives one seating.

**Winds.** Each table's seat order (East first) gives each player the winds he
has had least, over the orders of its players. So that a table can, two
players who both need the same one wind (or the same two) weigh a little as
a pair, below the method's wish in interval, about a few places in swiss;
swiss spends no kicks on the winds, and mends them only by swaps that move
players a table at most. Seated round by round, a search cannot always give
everyone the winds he needs (the cost says how many players it misses).

**The lower bound** printed beside the repeats: a player who has not yet met
``u`` of the others has at least ``seats - 1 - u`` tablemates met before,
whatever the seating; each repeated pair is counted by both its players, so
the repeats are at least half the sum of these, rounded up. It is 0 while
everyone can still meet enough new players; the kicks stop once the repeats
reach it with none from the round before. For the winds, a player seated
``r`` times can at best have every wind ``r // seats`` or ``r // seats + 1``
times: a spread of 0 when ``r`` is a multiple of the seats, else 1.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjtui.core.language import _
from mjtui.core.model.players import player_key
from mjtui.core.tournament.model import Player, Round, TournamentError

W_APART = 10**12
W_CONSECUTIVE = 10**9
W_REPEAT = 10**6
W_AGAIN = 10**4  # each meeting of a pair past its second
W_PART = 1000  # interval: two players of one part of the standings at a table
W_WIND = 30  # two players who both need the same one wind: a few places in swiss
BAD = W_REPEAT  # a player in a pair at least this costly is worth moving
KICKS = 150  # kicks tried, at most, after the first descent


@dataclass(frozen=True)
class Cost:
    repeats: int  # pairs at one table who had met before
    consecutive: int  # of them, pairs who met in the round just before
    lower_bound: int  # the fewest repeats any seating can have (see the module)
    apart: int  # pairs kept apart who sit together
    winds: int  # the widest spread of one player's seat winds over the rounds
    winds_best: int  # the narrowest spread possible
    winds_off: int  # players whose spread is wider than that
    method: int  # the method's own cost: 0 for random


@dataclass(frozen=True)
class Seating:
    tables: tuple[tuple[str, ...], ...]  # East first
    cost: Cost


class _Problem:
    """The players as numbers, the weight of every pair, each player's winds so far."""

    def __init__(
        self,
        players: Sequence[Player],
        history: Sequence[Round],
        number: int,
        seats: int,
        keep_apart: Sequence[str],
        method: str,
        order: Sequence[str] | None,
    ) -> None:
        self.players = list(players)
        self.seats = seats
        self.method = method
        n = len(self.players)
        if n == 0 or n % seats:
            raise TournamentError(
                _("{n} players do not fill tables of {seats}").format(n=n, seats=seats)
            )
        self.index = {p.key: i for i, p in enumerate(self.players)}
        ranked = [
            self.index[player_key(name)] for name in order or () if player_key(name) in self.index
        ]
        ranked += [i for i in range(n) if i not in set(ranked)]
        self.rank = [0] * n
        for place, i in enumerate(ranked):
            self.rank[i] = place
        self.ranked = ranked
        times = [[0] * n for _row in range(n)]
        self.before = [[False] * n for _row in range(n)]  # met in the round just before
        self.winds = [[0] * seats for _row in range(n)]
        self.rounds_seated = 0
        for past in history:
            if past.number >= number:
                continue
            self.rounds_seated += 1
            for table in past.tables:
                idx = [self.index.get(player_key(name)) for name in table]
                for seat, at in enumerate(idx):
                    if at is not None and seat < seats:
                        self.winds[at][seat] += 1
                for a, b in itertools.combinations([i for i in idx if i is not None], 2):
                    times[a][b] += 1
                    times[b][a] += 1
                    if past.number == number - 1:
                        self.before[a][b] = self.before[b][a] = True
        self.times = times
        apart = [[False] * n for _row in range(n)]
        for a, b in itertools.combinations(range(n), 2):
            pa, pb = self.players[a], self.players[b]
            if (pa.substitute and pb.substitute) or any(
                getattr(pa, key) and player_key(getattr(pa, key)) == player_key(getattr(pb, key))
                for key in keep_apart
            ):
                apart[a][b] = apart[b][a] = True
        self.apart = apart
        tables = n // seats
        # The winds each player has had least: two who need the same single wind (or
        # the same two) cannot both get it at one table.
        self.wanted = [
            sum(1 << seat for seat, c in enumerate(counts) if c == min(counts))
            for counts in self.winds
        ]
        w = [[0] * n for _row in range(n)]
        for a in range(n):
            wa, ta, ba, aa = w[a], times[a], self.before[a], apart[a]
            for b in range(n):
                if a == b:
                    continue
                c = W_APART if aa[b] else 0
                if ta[b]:
                    c += W_REPEAT + W_AGAIN * (ta[b] - 1) + (W_CONSECUTIVE if ba[b] else 0)
                wa[b] = c + self.method_cost(a, b, tables) + self.wind_cost(a, b)
        self.w = w

    def wind_cost(self, a: int, b: int) -> int:
        ma, mb = self.wanted[a], self.wanted[b]
        if ma != mb or not self.rounds_seated:
            return 0
        bits = bin(ma).count("1")
        return W_WIND if bits == 1 else W_WIND // 3 if bits == 2 and self.seats > 2 else 0

    def method_cost(self, a: int, b: int, tables: int) -> int:
        """What the method's wish charges for ``a`` and ``b`` at one table."""
        if self.method == "swiss":
            return abs(self.rank[a] - self.rank[b])
        if self.method == "interval" and self.rank[a] // tables == self.rank[b] // tables:
            return W_PART
        return 0

    def start(self, rng: random.Random) -> list[list[int]]:
        """The method's ideal seating: chunks of the standings (swiss), every part of the
        standings at each table (interval), or shuffled (random)."""
        n, k = len(self.players), self.seats
        tables = n // k
        if self.method == "swiss":
            return [self.ranked[t * k : (t + 1) * k] for t in range(tables)]
        if self.method == "interval":
            return [[self.ranked[t + part * tables] for part in range(k)] for t in range(tables)]
        order = list(range(n))
        rng.shuffle(order)
        return [order[t * k : (t + 1) * k] for t in range(tables)]

    def wind_short(self, groups: list[list[int]]) -> int:
        """Players of these tables who cannot get a wind they have had least."""
        if not self.rounds_seated:
            return 0
        return sum(_unmatched(tuple(sorted(self.wanted[i] for i in g)), self.seats) for g in groups)

    def lower_bound(self) -> int:
        n, k = len(self.players), self.seats
        forced = 0
        for i in range(n):
            unmet = sum(1 for j in range(n) if j != i and not self.times[i][j])
            forced += max(0, k - 1 - unmet)
        return (forced + 1) // 2

    def cost(self, groups: list[list[int]]) -> tuple[int, int, int, int]:
        """(repeats, consecutive, apart, the method's cost) of a seating."""
        repeats = consecutive = apart = method = 0
        tables = len(groups)
        for g in groups:
            for a, b in itertools.combinations(g, 2):
                repeats += self.times[a][b] > 0
                consecutive += self.before[a][b]
                apart += self.apart[a][b]
                method += self.method_cost(a, b, tables)
        return repeats, consecutive, apart, method


class _Search:
    """A seating as positions, with each player's weight to every table (``S``)."""

    def __init__(self, problem: _Problem, groups: list[list[int]]) -> None:
        self.w = problem.w
        self.groups = [list(g) for g in groups]
        n = len(self.w)
        self.pos = [0] * n
        for t, g in enumerate(self.groups):
            for i in g:
                self.pos[i] = t
        tables = len(self.groups)
        self.S = []
        for i in range(n):
            row = [0] * tables
            wi = self.w[i]
            for t, g in enumerate(self.groups):
                row[t] = sum(wi[j] for j in g)
            self.S.append(row)

    @property
    def total(self) -> int:
        return sum(self.S[i][self.pos[i]] for i in range(len(self.pos))) // 2

    def copy(self) -> _Search:
        other = object.__new__(_Search)
        other.w = self.w
        other.groups = [list(g) for g in self.groups]
        other.pos = list(self.pos)
        other.S = [list(row) for row in self.S]
        return other

    def swap(self, p: int, q: int) -> None:
        a, b = self.pos[p], self.pos[q]
        ga, gb = self.groups[a], self.groups[b]
        ga[ga.index(p)] = q
        gb[gb.index(q)] = p
        self.pos[p], self.pos[q] = b, a
        wp, wq = self.w[p], self.w[q]
        for x, row in enumerate(self.S):
            d = wq[x] - wp[x]
            if d:
                row[a] += d
                row[b] -= d

    def best_swap(self, p: int) -> tuple[int, int]:
        """The swap of ``p`` that lowers the cost most: (change, the other player), or
        (0, -1) when none lowers it."""
        a = self.pos[p]
        sp = self.S[p]
        spa = sp[a]
        wp = self.w[p]
        best, other = 0, -1
        for b, g in enumerate(self.groups):
            if b == a:
                continue
            base = sp[b] - spa
            for q in g:
                sq = self.S[q]
                d = base + sq[a] - sq[b] - 2 * wp[q]
                if d < best:
                    best, other = d, q
        return best, other

    def descend_from(self, rng: random.Random, start: list[int], threshold: int) -> None:
        """:meth:`descend`, from the players of the tables of ``start`` only, then from
        the tables each swap touches."""
        todo = [i for p in start for i in self.groups[self.pos[p]]]
        seen = 0
        while todo and seen < 64:
            seen += 1
            p = todo.pop(rng.randrange(len(todo)))
            if self.S[p][self.pos[p]] < threshold:
                continue
            _change, q = self.best_swap(p)
            if q >= 0:
                self.swap(p, q)
                todo += self.groups[self.pos[p]] + self.groups[self.pos[q]]

    def descend(self, rng: random.Random, threshold: int) -> None:
        """Swap players whose own cost is at least ``threshold`` until no swap helps."""
        while True:
            moved = False
            todo = [i for i in range(len(self.pos)) if self.S[i][self.pos[i]] >= threshold]
            rng.shuffle(todo)
            for p in todo:
                if self.S[p][self.pos[p]] < threshold:
                    continue
                _change, q = self.best_swap(p)
                if q >= 0:
                    self.swap(p, q)
                    moved = True
            if not moved:
                return


def seat_round(
    players: Sequence[Player],
    history: Sequence[Round],
    number: int,
    method: str,
    seats: int,
    seed: int,
    keep_apart: Sequence[str] = (),
    order: Sequence[str] | None = None,
    kicks: int | None = None,
) -> Seating:
    """Round ``number``'s seating (see the module): ``history`` holds the rounds seated
    before, ``order`` the players best first (swiss and interval)."""
    if method not in ("random", "swiss", "interval"):
        raise TournamentError(
            _("no seating method {method} (random, swiss, interval)").format(method=repr(method))
        )
    problem = _Problem(players, history, number, seats, keep_apart, method, order)
    rng = random.Random(seed)
    bound = problem.lower_bound()
    search = _Search(problem, problem.start(rng))
    search.descend(rng, BAD)
    search.descend(rng, 1)  # the method's wish and the winds, once the pairs are as good
    best = search.copy()
    budget = kicks if kicks is not None else KICKS
    for _kick in range(budget):
        repeats, consecutive, apart, _cost = problem.cost(best.groups)
        # Swiss keeps players near their place before it balances the winds: its
        # kicks are for the pairs alone (the winds get what a table's move allows).
        short = problem.wind_short(best.groups) if method != "swiss" else 0
        if repeats <= bound and not consecutive and not apart and not short:
            break  # no seating does better on the pairs and the winds
        trial = best.copy()
        bad = [i for i in range(len(trial.pos)) if trial.S[i][trial.pos[i]] >= BAD]
        kicked = []
        for _swap in range(rng.randint(1, 3)):
            if bad or not short:
                p = rng.choice(bad) if bad else rng.randrange(len(trial.pos))
                q = rng.randrange(len(trial.pos))
            else:
                p, q = _wind_kick(problem, trial, rng)
            if trial.pos[p] != trial.pos[q]:
                trial.swap(p, q)
                kicked += [p, q]
        trial.descend(rng, BAD)
        trial.descend_from(rng, kicked, 1)
        if trial.total < best.total:
            best = trial
    best.descend(rng, 1)
    _balance_winds(problem, best, rng, 6 * seats if method == "swiss" else 0)
    return _finish(problem, best.groups, bound, rng)


def _wind_kick(problem: _Problem, search: _Search, rng: random.Random) -> tuple[int, int]:
    """A swap for a table where someone cannot get a wind he needs: one of its players
    who needs what another of them needs, for a player of another table who needs a wind
    nobody at this table does."""
    short = [g for g in search.groups if problem.wind_short([g])]
    if not short:  # an earlier swap of this kick mended it
        return rng.randrange(len(search.pos)), rng.randrange(len(search.pos))
    group = rng.choice(short)
    masks = [problem.wanted[i] for i in group]
    covered = 0
    for m in masks:
        covered |= m
    uncovered = ((1 << problem.seats) - 1) & ~covered
    twins = [i for i, m in zip(group, masks, strict=False) if masks.count(m) > 1] or list(group)
    p = rng.choice(twins)
    others = [
        q
        for q in range(len(search.pos))
        if search.pos[q] != search.pos[p] and (not uncovered or problem.wanted[q] & uncovered)
    ]
    return p, rng.choice(others) if others else rng.randrange(len(search.pos))


def _balance_winds(problem: _Problem, search: _Search, rng: random.Random, tolerance: int) -> None:
    """Swap players between tables where some player cannot get a wind he has had least,
    when the swap lets more of them get one and costs the pairs at most ``tolerance``
    (nothing for random; a little of the method's wish otherwise, never a repeat)."""
    wanted = problem.wanted
    if not problem.rounds_seated:
        return  # every wind is wanted by everyone
    k = problem.seats

    def short(group: list[int]) -> int:
        return _unmatched(tuple(sorted(wanted[i] for i in group)), k)

    for _sweep in range(10):
        moved = False
        order = list(range(len(search.groups)))
        rng.shuffle(order)
        for a in order:
            if not short(search.groups[a]):
                continue
            others = [b for b in order if b != a]
            for p in list(search.groups[a]):
                done = False
                for b in others:
                    before = short(search.groups[a]) + short(search.groups[b])
                    if not before:
                        continue
                    for q in list(search.groups[b]):
                        change = _pair_change(search, p, q)
                        if change > tolerance:
                            continue
                        ga = [q if i == p else i for i in search.groups[a]]
                        gb = [p if i == q else i for i in search.groups[b]]
                        if short(ga) + short(gb) < before:
                            search.swap(p, q)
                            moved = done = True
                            break
                    if done:
                        break
                if not short(search.groups[a]):
                    break
        if not moved:
            return


def _pair_change(search: _Search, p: int, q: int) -> int:
    a, b = search.pos[p], search.pos[q]
    sp, sq = search.S[p], search.S[q]
    return sp[b] - sp[a] + sq[a] - sq[b] - 2 * search.w[p][q]


@functools.cache
def _unmatched(masks: tuple[int, ...], seats: int) -> int:
    """How many of a table's players cannot each get a wind of their mask (bit s: the
    seat wind s is one the player has had least), at best."""
    best = 0
    for order in itertools.permutations(range(len(masks))):
        best = max(best, sum(1 for seat, i in enumerate(order) if masks[i] >> seat & 1))
        if best == len(masks):
            break
    return len(masks) - best


def seating_of(
    players: Sequence[Player],
    history: Sequence[Round],
    number: int,
    tables: Sequence[Sequence[str]],
    seats: int,
    keep_apart: Sequence[str] = (),
    seed: int = 0,
) -> Seating:
    """A seating given whole (a CSV file), with its cost; its seat orders are kept."""
    problem = _Problem(players, history, number, seats, keep_apart, "random", None)
    groups = [[problem.index[player_key(name)] for name in table] for table in tables]
    return _finish(problem, groups, problem.lower_bound(), None)


def _finish(
    problem: _Problem, groups: list[list[int]], bound: int, rng: random.Random | None
) -> Seating:
    """The seat orders (winds balanced, unless ``rng`` is None: kept as given), the
    tables in the method's order, and the cost."""
    if problem.method in ("swiss", "interval"):
        groups = sorted(groups, key=lambda g: min(problem.rank[i] for i in g))
    if rng is not None:
        groups = [_wind_order(problem, g, rng) for g in groups]
    repeats, consecutive, apart, method = problem.cost(groups)
    k = problem.seats
    seated = problem.rounds_seated + 1
    best = 0 if seated % k == 0 else 1
    spread = off = 0
    for g in groups:
        for seat, i in enumerate(g):
            counts = list(problem.winds[i])
            counts[seat] += 1
            spread = max(spread, max(counts) - min(counts))
            off += max(counts) - min(counts) > best
    names = tuple(tuple(problem.players[i].name for i in g) for g in groups)
    return Seating(names, Cost(repeats, consecutive, bound, apart, spread, best, off, method))


def _wind_order(problem: _Problem, group: list[int], rng: random.Random) -> list[int]:
    """The order of the table's players (East first) that gives each the winds he has had
    least: the fewest times anyone sits a wind again, then the least spread."""
    shuffled = list(group)
    rng.shuffle(shuffled)
    best: list[int] = shuffled
    best_key: tuple[int, int, int] | None = None
    for order in itertools.permutations(shuffled):
        again = sum(problem.winds[i][seat] for seat, i in enumerate(order))
        spread = worst = 0
        for seat, i in enumerate(order):
            counts = list(problem.winds[i])
            counts[seat] += 1
            spread += max(counts) - min(counts)
            worst = max(worst, max(counts) - min(counts))
        key = (worst, spread, again)
        if best_key is None or key < best_key:
            best, best_key = list(order), key
    return best
