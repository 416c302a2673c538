"""Final standings: places, uma, oka and chombo penalties on top of the raw points.

Final score = (points - target) / 1000 + uma of the place + oka (first place)
- penalties / 1000. Equal totals follow the ruleset's ``final.ties``:

* ``"seat"``: the seat nearer the first dealer (seat 1) ranks higher, so
  every place is distinct (Tenhou);
* ``"split"``: tied players share the rank and split the uma of the places
  they occupy equally, and the oka when they tie for first (WRC, M-League).

The same order decides who takes the left-over deposits at the end and
whether the dealer is first for agari-yame.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from mjtui.core.systems.riichi.rules import Rules


@dataclass(frozen=True)
class Standing:
    """One player's result; score parts are in final-score units (thousands of points)."""

    rank: int  # 1 to 4; players tied under "split" share one
    seat: int  # 0-based
    points: int  # the total at the end (raw points)
    base: float  # (points - target) / 1000
    uma: float
    oka: float
    penalty: float  # chombo penalties, 0 or negative
    score: float  # base + uma + oka + penalty


def places(totals: Sequence[int], ties: str) -> list[list[int]]:
    """The seats grouped by place, best first; a group holds several seats only
    when totals are equal and ``ties`` is "split"."""
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    groups: list[list[int]] = []
    for seat in order:
        if ties == "split" and groups and totals[groups[-1][0]] == totals[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def first_place(totals: Sequence[int], ties: str) -> list[int]:
    """The seat(s) in first place."""
    return places(totals, ties)[0]


def share(amount: int, seats: Sequence[int], unit: int) -> dict[int, int]:
    """``amount`` split among ``seats`` in multiples of ``unit``; what is left
    over goes to the seats nearer the first dealer."""
    each = amount // len(seats) // unit * unit
    parts = {s: each for s in seats}
    rest = amount - each * len(seats)
    for seat in sorted(seats):
        if rest <= 0:
            break
        step = min(unit, rest)
        parts[seat] += step
        rest -= step
    return parts


def final_standings(rules: Rules, state: Any) -> tuple[Standing, ...]:
    """The players from first to last, by ``state.totals`` (provisional before the end)."""
    totals = state.totals
    penalties = getattr(state, "penalties", (0,) * len(totals))
    uma = rules.final.uma
    result = []
    place = 0
    for group in places(totals, rules.final.ties):
        k = len(group)
        group_uma = Fraction(sum(uma[place:place + k]), k)
        group_oka = Fraction(rules.final.oka, k) if place == 0 else Fraction(0)
        for seat in group:
            base = Fraction(totals[seat] - rules.table.target_points, 1000)
            penalty = -Fraction(penalties[seat], 1000)
            score = base + group_uma / 1000 + group_oka / 1000 + penalty
            result.append(Standing(
                rank=place + 1, seat=seat, points=totals[seat], base=float(base),
                uma=float(group_uma / 1000), oka=float(group_oka / 1000),
                penalty=float(penalty), score=float(score),
            ))
        place += k
    return tuple(result)
