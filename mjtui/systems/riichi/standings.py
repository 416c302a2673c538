"""Final standings: places, uma, oka and chombo penalties on top of the raw points.

Final score = (points - target) / 1000 + uma of the place + oka (first place)
- penalties / 1000. Equal totals follow the ruleset's ``final.ties``:

* ``"seat"``: the seat nearer the first dealer (seat 1) ranks higher, so
  every place is distinct (Tenhou);
* ``"split"``: tied players share the rank and split the uma of the places
  they occupy equally, and the oka when they tie for first (WRC, M-League).

The same order decides who takes the left-over deposits at the end and
whether the dealer is first for agari-yame.

``final.rounding`` may round the points before they are scored: each player's
but first place's (points - target) goes to a multiple of 1000, and first place
(the players tied for it under "split", in equal shares) takes what the others
gained or lost by it, so the scores add up to what they did exactly. The
remainder is counted up from the multiple below (Python's floor division), so
-1500 is -1000 under "4-down-5-up" and -2000 under "5-down-6-up", as the
tables of the Japanese practice show (w.atwiki.jp/mahjlocal, 点数計算 端数の計算:
28500 is -1 with 四捨五入 and -2 with 五捨六入 at 30000 returned). Tenhou's
logs until early 2022 are "4-down-5-up" (tests/data/tenhou6: 18600, 27600 and
15000 of 2019123123gm-00a9-0000-f4386d0e score -21, 8 and -35; first 48).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol

from mjtui.core.numbers import signed_tenth
from mjtui.systems.riichi.rules import Rules, say


class Totals(Protocol):
    """What the standings read of a table: its totals (and chombo ``penalties`` where it
    has them: a State at the end, or the totals of a game record)."""

    @property
    def totals(self) -> tuple[int, ...]: ...


# How the standings screen shows each part (core/systems/base.py Placing): a total as
# the sheet writes it, a part of the final score signed to one decimal; an oka or a
# penalty that no one has gives way on a narrow screen, so that the final score stays.
_POINTS = {"title": "Points", "shown": "points"}
_OFTEN_NONE = {"shown": "score", "narrow": "drop-if-zero"}


@dataclass(frozen=True)
class Standing:
    """One player's result; score parts are in final-score units (thousands of points)."""

    rank: int  # 1 to 4; players tied under "split" share one
    seat: int  # 0-based
    points: int = field(metadata=_POINTS)  # the total at the end (raw points)
    # (points - target) / 1000, rounded as final.rounding says
    base: float = field(metadata={"title": "Base", "shown": "score"})
    uma: float = field(metadata={"title": "Uma", "shown": "score"})
    oka: float = field(metadata={"title": "Oka", **_OFTEN_NONE})
    # chombo penalties, 0 or negative
    penalty: float = field(metadata={"title": "Penalty", **_OFTEN_NONE})
    # base + uma + oka + penalty
    score: float = field(metadata={"title": "Final", "shown": "final"})


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


UNIT = 1000  # points in one whole final score: what the rounding keeps whole
UP_FROM = {"4-down-5-up": 500, "5-down-6-up": 501}  # the remainder that rounds up


def rounded(points: int, rounding: str) -> int:
    """``points`` (above or below the target) as ``rounding`` counts them: as they are
    ("exact"), or to a multiple of 1000, the remainder above the multiple below
    rounding up from 500 ("4-down-5-up") or from more than 500 ("5-down-6-up")."""
    if rounding not in UP_FROM:
        return points
    below = points // UNIT * UNIT
    return below + UNIT if points - below >= UP_FROM[rounding] else below


def _bases(rules: Rules, totals: Sequence[int], groups: list[list[int]]) -> dict[int, Fraction]:
    """Each seat's (total - target) in points, rounded as ``final.rounding`` says: first
    place takes what the rounding gave or took from the others."""
    target = rules.table.target_points
    bases = {seat: Fraction(totals[seat] - target) for seat in range(len(totals))}
    moved = Fraction(0)
    for group in groups[1:]:
        for seat in group:
            exact = totals[seat] - target
            bases[seat] = Fraction(rounded(exact, rules.final.rounding))
            moved += bases[seat] - exact
    for seat in groups[0]:
        bases[seat] -= moved / len(groups[0])
    return bases


def final_standings(rules: Rules, state: Totals) -> tuple[Standing, ...]:
    """The players from first to last, by ``state.totals`` (provisional before the end)."""
    totals = state.totals
    penalties = getattr(state, "penalties", (0,) * len(totals))
    uma = rules.final.uma
    result = []
    place = 0
    groups = places(totals, rules.final.ties)
    bases = _bases(rules, totals, groups)
    for group in groups:
        k = len(group)
        group_uma = Fraction(sum(uma[place : place + k]), k)
        group_oka = Fraction(rules.final.oka, k) if place == 0 else Fraction(0)
        for seat in group:
            base = bases[seat] / 1000
            penalty = -Fraction(penalties[seat], 1000)
            score = base + group_uma / 1000 + group_oka / 1000 + penalty
            result.append(
                Standing(
                    rank=place + 1,
                    seat=seat,
                    points=totals[seat],
                    base=float(base),
                    uma=float(group_uma / 1000),
                    oka=float(group_oka / 1000),
                    penalty=float(penalty),
                    score=float(score),
                )
            )
        place += k
    return tuple(result)


class Deposits(Protocol):
    """What the note reads of a table: the deposits still on it and those that left."""

    @property
    def deposits(self) -> int: ...

    @property
    def forfeited(self) -> int: ...


def standings_note(rules: Rules, state: Deposits) -> str:
    """How the standings were reckoned, under them: the target, the uma, the oka, the
    rounding where there is one, and the deposits that did not go to a winner."""
    uma = " / ".join(signed_tenth(u / 1000) for u in rules.final.uma)
    parts = [
        say("target {points}").format(points=f"{rules.table.target_points:,}"),
        say("uma {uma}").format(uma=uma),
        say("oka {oka}").format(oka=signed_tenth(rules.final.oka / 1000)),
    ]
    if rules.final.rounding != "exact":
        parts.append(say("points rounded {how} but first place's").format(how=rules.final.rounding))
    if state.deposits:
        parts.append(say("{n} still on the table").format(n=state.deposits))
    if state.forfeited:
        parts.append(say("{n} in deposits left the game").format(n=state.forfeited))
    return " · ".join(parts)
