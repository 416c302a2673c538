"""An East-doubling hand: the winner (None for a draw) and each seat's points."""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.files.reading import show_number
from mjtui.systems.east_doubling.rules import Rules
from mjtui.systems.east_doubling.terms import say

MAX_POINTS = 10**9
"""The most points one seat can score in a hand: far beyond any real hand, a typo guard
(a pasted phone number). The hand form refuses more; hands read from files get the same bound."""


@dataclass(frozen=True, init=False)
class Hand:
    """One hand as entered: the winner's seat (None for a draw) and each seat's points."""

    winner: int | None
    points: tuple[int, ...]

    def __init__(self, winner: int | None, points: tuple[int, ...]) -> None:
        # Every hand of a series is made again on each resume (10,000 of a long one): its
        # fields set in its __dict__, as a plain class's are, in half the time the frozen
        # dataclass's __init__ takes through object.__setattr__ field by field.
        fields = self.__dict__
        fields["winner"] = winner
        fields["points"] = points


def check(rules: Rules, hand: Hand) -> None:
    """HandError unless every seat's points are a whole number in range and the winner
    is a seat."""
    n = rules.table.players
    if hand.winner is not None and not 0 <= hand.winner < n:
        raise HandError(
            say("the winner must be a seat from 1 to {n}, got {seat}").format(
                n=n, seat=hand.winner + 1
            )
        )
    if len(hand.points) != n:
        raise HandError(
            say("expected {n} points (one per seat), got {got}").format(n=n, got=len(hand.points))
        )
    for p in hand.points:  # every hand of a long series read on resume: the quick way first
        if type(p) is not int or not 0 <= p <= MAX_POINTS:
            break
    else:
        return
    for seat, p in enumerate(hand.points, 1):
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= MAX_POINTS:
            raise HandError(
                say(
                    "points of seat {seat} must be a whole number from 0 to {most}, got {value}"
                ).format(seat=seat, most=f"{MAX_POINTS:,}", value=_show(p))
            )


def _show(value: object) -> str:
    """A value for a message; a number of many digits by its length."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**20:
        return show_number(value)
    return repr(value)


def describe(hand: Hand, players: tuple[str, ...]) -> str:
    if hand.winner is None:
        return say("draw")
    return say("{player} won").format(player=players[hand.winner])


def winners(hand: Hand) -> tuple[int, ...]:
    return () if hand.winner is None else (hand.winner,)
