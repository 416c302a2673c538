"""The computer player, and a random-discard baseline to measure it against.

The computer sees only its :class:`~.game.View`. It always wins when it can
(by self-draw or on a discard). Otherwise it keeps the 8 tiles with the
highest *value*: the points it can expect to win from them over the next
draws, found once per ruleset and dora by value iteration over every 8-tile
hand (there are only 12,870 of them, tiles 1-9 being unlimited):

    V(h) = RON * win(h) + (1 - RON * p(h)) * KEEP * (win(h) + later(h))

where ``p(h)`` is the share of the nine tiles that complete ``h``, ``win(h)``
the points those completions score on average over all nine draws (so both
the number of ways to win and their value count: a wait on a valuable yaku
outweighs a slightly wider cheap one), ``later(h)`` what the best discard
keeps after a draw that does not win, ``RON`` how likely the opponent's
discard is taken as one of the nine tiles and ``KEEP`` the chance that the
opponent has not won before the next draw. Ties go to the wider acceptance.

The constants were tuned by self-play (10,000 hands a setting against the
previous choice): looking 3 draws ahead beat 5 and 8 by about 200-350
points a hand; RON between 0 and 0.25 and KEEP between 0.7 and 0.9 were
within the noise of each other.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations_with_replacement

from mjtui.systems.fx602p.evaluate import YAKUMAN, evaluate, is_complete, points
from mjtui.systems.fx602p.game import WIN, View
from mjtui.systems.fx602p.rules import Rules

RON = 0.25  # weight of the chance to win on the opponent's next discard
KEEP = 0.8  # the chance the hand is still on at the next own draw
ROUNDS = 3  # value-iteration sweeps: how many draws ahead the computer looks

Counts = tuple[int, ...]


def _hands(size: int) -> list[Counts]:
    found = []
    for tiles in combinations_with_replacement(range(9), size):
        c = [0] * 9
        for t in tiles:
            c[t] += 1
        found.append(tuple(c))
    return found


def _plus(c: Counts, t: int) -> Counts:
    return (*c[:t], c[t] + 1, *c[t + 1 :])


def _minus(c: Counts, t: int) -> Counts:
    return (*c[:t], c[t] - 1, *c[t + 1 :])


def _tiles(c: Counts) -> tuple[int, ...]:
    return tuple(t + 1 for t in range(9) for _ in range(c[t]))


class _Shapes:
    """The hands and moves between them, the same for every ruleset."""

    def __init__(self) -> None:
        self.eights = _hands(8)
        self.index8 = {c: i for i, c in enumerate(self.eights)}
        nines = _hands(9)
        index9 = {c: j for j, c in enumerate(nines)}
        self.complete = [is_complete(_tiles(c)) for c in nines]
        # discards from each 9-tile hand that is not a win: the 8-tile hands kept
        self.keep = [
            () if self.complete[j] else tuple(self.index8[_minus(c, t)] for t in range(9) if c[t])
            for j, c in enumerate(nines)
        ]
        # per 8-tile hand: the winning draws (tile, 9-hand) and the others (9-hand)
        self.wins: list[tuple[tuple[int, Counts], ...]] = []
        self.misses: list[tuple[int, ...]] = []
        for c in self.eights:
            nxt = [(t, _plus(c, t)) for t in range(9)]
            self.wins.append(tuple((t + 1, n) for t, n in nxt if self.complete[index9[n]]))
            self.misses.append(tuple(index9[n] for _, n in nxt if not self.complete[index9[n]]))


@lru_cache(maxsize=1)
def _shapes() -> _Shapes:
    return _Shapes()


@lru_cache(maxsize=64)
def values(
    rules: Rules, dora: int, ron: float = RON, keep: float = KEEP, rounds: int = ROUNDS
) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """V and the number of winning tiles for every 8-tile hand (by the index of _Shapes)."""
    shapes = _shapes()
    won = [sum(points_of(rules, n, t, dora) for t, n in w) / 9 for w in shapes.wins]
    share = [len(w) / 9 for w in shapes.wins]
    value = [0.0] * len(shapes.eights)
    for _ in range(rounds):
        best = [max(map(value.__getitem__, k)) if k else 0.0 for k in shapes.keep]
        value = [
            ron * w + (1 - ron * p) * keep * (w + sum(map(best.__getitem__, m)) / 9)
            for w, p, m in zip(won, share, shapes.misses, strict=False)
        ]
    return tuple(value), tuple(len(w) for w in shapes.wins)


@lru_cache(maxsize=8192)
def _score_parts(rules: Rules, nine: Counts, win: int) -> tuple[int, int, bool]:
    s = evaluate(rules, _tiles(nine), win)
    return s.han, s.triplets, any(n in YAKUMAN for n in s.yaku)


def points_of(rules: Rules, nine: Counts, win: int, dora: int) -> int:
    han, triplets, yakuman = _score_parts(rules, nine, win)
    if not yakuman and nine[dora - 1]:
        han += rules.yaku.dora
    return points(rules, han, triplets)


class Computer:
    """Wins whenever it can; otherwise keeps the 8 tiles worth most (see the module)."""

    def __init__(
        self, rules: Rules, ron: float = RON, keep: float = KEEP, rounds: int = ROUNDS
    ) -> None:
        self.rules = rules
        self.params = (ron, keep, rounds)

    def discard(self, view: View) -> int:
        if is_complete(view.hand):
            return WIN
        return self.choose(view.hand, view.dora)

    def choose(self, hand: tuple[int, ...], dora: int) -> int:
        """The tile to discard from nine tiles."""
        value, accept = values(self.rules, dora, *self.params)
        index = _shapes().index8
        counts = [0] * 9
        for t in hand:
            counts[t - 1] += 1
        best, best_key = hand[-1], None
        for t in sorted(set(hand)):
            i = index[_minus(tuple(counts), t - 1)]
            key = (value[i], accept[i])
            if best_key is None or key > best_key:
                best, best_key = t, key
        return best

    def claim(self, view: View) -> bool:
        return view.can_win()


class RandomDiscards:
    """The baseline: wins whenever it can, otherwise discards a tile at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def discard(self, view: View) -> int:
        if is_complete(view.hand):
            return WIN
        return self.rng.choice(view.hand)

    def claim(self, view: View) -> bool:
        return view.can_win()


__all__ = ["KEEP", "RON", "ROUNDS", "Computer", "RandomDiscards", "values"]
