"""The hand events of a Chinese Official game, and their checks.

Seats are 0-based here (seat 0 sits East in the first round); files and
screens show them 1-based. Seats are the players' places in the first round:
the seat changes between rounds (:mod:`.table`) move players, not numbers.

* :class:`Win`: the winner, the fan (flowers included: what the table pays
  on), and how: on a discard (``discarder``) or self-drawn (None). When the
  fan was counted from the tiles, ``tiles`` and the situation words
  (``context``) keep them so the hand can be edited as it was typed.
* :class:`Draw`: the wall ran out; nothing is paid.
* :class:`FalseWin`: a player declared a win he did not have; he pays the
  false-win penalty and the hand goes on, so it is no hand of the sixteen.
* :class:`Penalty`: points taken off a player for a foul (the rules' other
  penalties), received by nobody or shared by the others as the ruleset says.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.systems.mcr.rules import PLAYERS, Rules
from mjtui.systems.mcr.terms import say

MAX_FAN = 999  # far beyond any real hand (the largest are a few hundred); a typo guard
# The situation words of a win from its tiles (the CLI's flags): the seat and
# round winds come from the table, the self-draw from the discarder.
CONTEXT = ("fourth-tile", "kong", "last-tile")


@dataclass(frozen=True)
class Win:
    winner: int
    fan: int  # the fans and the flowers
    discarder: int | None = None  # None: self-drawn
    flowers: int = 0  # the winner's flower tiles (their fan is in ``fan``)
    tiles: str | None = None  # the winner's tiles as typed, when the fan came from them
    win_tile: str | None = None  # with tiles: the winning tile, if not the last written
    context: tuple[str, ...] = ()  # with tiles: which of CONTEXT applied

    @property
    def self_draw(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class FalseWin:
    offender: int


@dataclass(frozen=True)
class Penalty:
    offender: int
    points: int


Hand = Win | Draw | FalseWin | Penalty


def counts_as_hand(hand: Hand) -> bool:
    """Whether the event ends a hand (one of the game's sixteen)."""
    return isinstance(hand, (Win, Draw))


def _seat(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS:
        shown = value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
        raise HandError(
            say("{what} must be a seat from 1 to {players}, got {value}").format(
                what=say(what), players=PLAYERS, value=repr(shown)
            )
        )


def under_minimum(counted: int, minimum: int, flowers_left_out: bool | int) -> str:
    """Why a win of ``counted`` fan cannot be declared, in the language spoken."""
    if flowers_left_out:
        return say(
            "{fan} fan is under the minimum of {minimum} fan (flowers do not count toward "
            "it): the hand cannot be declared"
        ).format(fan=counted, minimum=minimum)
    return say(
        "{fan} fan is under the minimum of {minimum} fan: the hand cannot be declared"
    ).format(fan=counted, minimum=minimum)


def fan_problem(rules: Rules, fan: object, flowers: int = 0) -> str | None:
    """Why a win of ``fan`` (with ``flowers`` flower tiles in it) cannot be declared under
    ``rules``, or None when it can."""
    if isinstance(fan, bool) or not isinstance(fan, int) or not 0 <= fan <= MAX_FAN:
        return say("fan must be a whole number from 0 to {most}, got {value}").format(
            most=MAX_FAN, value=repr(fan)
        )
    flower_fan = flowers * rules.value("flower_tiles")
    counted = fan if rules.win.flowers_count else fan - flower_fan
    if counted < 0:
        return say("{fan} fan cannot hold {flowers} flowers of {each} fan each").format(
            fan=fan, flowers=flowers, each=rules.value("flower_tiles")
        )
    if counted < rules.win.minimum:
        return under_minimum(counted, rules.win.minimum, flowers and not rules.win.flowers_count)
    return None


def check(rules: Rules, hand: Hand) -> None:
    """Refuse a hand that cannot happen under ``rules``; the message says why."""
    if isinstance(hand, Draw):
        return
    if isinstance(hand, FalseWin):
        _seat(hand.offender, "the offender")
        return
    if isinstance(hand, Penalty):
        _seat(hand.offender, "the offender")
        p = hand.points
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= rules.penalty.most:
            raise HandError(
                say("a penalty is a whole number of points from 1 to {most}, got {value}").format(
                    most=rules.penalty.most, value=repr(p)
                )
            )
        if rules.penalty.paid_to == "others" and p % (PLAYERS - 1):
            raise HandError(
                say(
                    "this ruleset shares a penalty among the three others: give a "
                    "multiple of {n}, got {value}"
                ).format(n=PLAYERS - 1, value=p)
            )
        return
    if not isinstance(hand, Win):
        raise HandError(say("not a Chinese Official hand: {hand}").format(hand=repr(hand)))
    _seat(hand.winner, "the winner")
    if hand.discarder is not None:
        _seat(hand.discarder, "the discarder")
        if hand.discarder == hand.winner:
            raise HandError(
                say(
                    "seat {seat} cannot win on his own discard: name "
                    "the discarder or make it a self-draw"
                ).format(seat=hand.winner + 1)
            )
    f = hand.flowers
    if isinstance(f, bool) or not isinstance(f, int) or not 0 <= f <= rules.win.max_flowers:
        raise HandError(
            say("flowers: a player has 0 to {most} flower tiles, got {value}").format(
                most=rules.win.max_flowers, value=repr(f)
            )
        )
    unknown = [c for c in hand.context if c not in CONTEXT]
    if unknown:
        raise HandError(
            say("unknown context {unknown} (known: {names})").format(
                unknown=repr(unknown[0]), names=", ".join(CONTEXT)
            )
        )
    if (hand.context or hand.win_tile is not None) and hand.tiles is None:
        raise HandError(say("the situation of a win goes with its tiles: give the tiles too"))
    problem = fan_problem(rules, hand.fan, hand.flowers)
    if problem:
        raise HandError(problem)


def winners(hand: Hand) -> tuple[int, ...]:
    return (hand.winner,) if isinstance(hand, Win) else ()


def describe(hand: Hand, players: tuple[str, ...] | list[str]) -> str:
    """A hand in a few words: "Ann self-draw, 12 fan", "Bob off Cy, 9 fan", "draw"."""
    from mjtui.systems.mcr.terms import say

    if isinstance(hand, Draw):
        return say("draw")
    if isinstance(hand, FalseWin):
        return say("false win by {player}").format(player=players[hand.offender])
    if isinstance(hand, Penalty):
        return say("penalty of {points} for {player}").format(
            points=hand.points, player=players[hand.offender]
        )
    fan = say("{n} fan").format(n=hand.fan)
    if hand.discarder is not None:
        return say("{winner} off {discarder}, {fan}").format(
            winner=players[hand.winner], discarder=players[hand.discarder], fan=fan
        )
    return say("{winner} self-draw, {fan}").format(winner=players[hand.winner], fan=fan)


__all__ = [
    "CONTEXT",
    "MAX_FAN",
    "Draw",
    "FalseWin",
    "Hand",
    "Penalty",
    "Win",
    "check",
    "counts_as_hand",
    "describe",
    "fan_problem",
    "winners",
]
