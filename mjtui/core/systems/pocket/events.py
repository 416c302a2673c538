"""The hand events of Pocket Mahjong, and their checks.

Seats are 0-based here (seat 0 is the first starter); files and screens show
them 1-based.

* :class:`Win`: the winner, the fan, and how: a self-draw (``discarder``
  None, perhaps with a ``guarantor`` who pays for all, 包自摸) or a discard.
  When the fan was counted from the tiles, ``tiles`` and ``context`` keep
  them so the hand can be edited as it was typed; ``fan`` is what is paid.
* :class:`Draw`: nobody won; nothing is paid.
* :class:`FalseWin`: a player declared a win he did not have and pays the
  false-win penalty to each other player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from mjtui.core.errors import HandError
from mjtui.core.systems.pocket.rules import PLAYERS, Rules

MAX_FAN = 99  # far beyond any real hand; a typo guard


@dataclass(frozen=True)
class Situation:
    """A way of winning that the tiles cannot show (docs/pocket.md)."""

    word: str  # in Win.context and the session file; the CLI's --word; the form's field
    pattern: str  # the ruleset's pattern key it scores
    label: str  # the form's checkbox, short enough for five on one line at 80 columns
    help: str  # what it means, for the CLI's --help

    @property
    def field(self) -> str:
        """The :class:`~mjtui.core.systems.pocket.patterns.Context` field (and CLI dest)."""
        return self.word.replace("-", "_")


# The one list of situations: the form's boxes, the CLI's flags, the Context
# fields and the words of Win.context are all read from it, in this order.
SITUATIONS = (
    Situation("robbing-kong", "robbing_kong", "Robbed kong",
              "won on a tile robbed from another player's kong"),
    Situation("kong-replacement", "kong_replacement", "Kong tile",
              "won on a kong's replacement tile"),
    Situation("last-tile", "last_tile", "Last tile",
              "won on the last tile of the wall"),
    Situation("heavenly", "heavenly_hand", "Heavenly",
              "the starter won on the tiles dealt (with --seat E --self-draw)"),
    Situation("earthly", "earthly_hand", "Earthly",
              "won on the starter's first discard"),
)
CONTEXT = tuple(s.word for s in SITUATIONS)  # the words Win.context takes


@dataclass(frozen=True)
class Win:
    winner: int
    fan: int
    discarder: int | None = None  # None: a self-draw
    guarantor: int | None = None  # with a self-draw: the seat that pays for all three
    tiles: str | None = None  # the winner's tiles as typed, when the fan came from them
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


Hand = Union[Win, Draw, FalseWin]


def _seat(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS:
        shown = value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
        raise HandError(f"{what} must be a seat from 1 to {PLAYERS}, got {shown!r}")


def fan_problem(rules: Rules, fan: object) -> str | None:
    """Why ``fan`` cannot win under ``rules``, or None when it can."""
    if isinstance(fan, bool) or not isinstance(fan, int) or not 0 <= fan <= MAX_FAN:
        return f"fan must be a whole number from 0 to {MAX_FAN}, got {fan!r}"
    if fan < rules.fan.minimum:
        return (f"{fan} fan is under the minimum of {rules.fan.minimum} fan to win: "
                "the hand cannot be declared")
    return None


def situation_problem(
    context: tuple[str, ...] | list[str], *, self_draw: bool, by_starter: bool | None = None,
    off_starter: bool | None = None,
) -> str | None:
    """Why the situations in ``context`` cannot go together or with how the hand was
    won, or None. ``by_starter``: the winner is the starter; ``off_starter``: the
    discarder is (None: not known here, not checked)."""
    given = set(context)
    if "robbing-kong" in given and self_draw:
        return "robbing a kong is a win on another player's tile, not a self-draw"
    if "kong-replacement" in given and not self_draw:
        return "a win on a kong's replacement tile is a self-draw"
    if "heavenly" in given and "earthly" in given:
        return "a hand cannot be both heavenly and earthly"
    if "heavenly" in given and (by_starter is False or not self_draw):
        return "a heavenly hand is the starter's (seat wind East) self-draw on the deal"
    if "earthly" in given:
        if self_draw:
            return "an earthly hand is won on the starter's first discard, not a self-draw"
        if by_starter:
            return "an earthly hand is won by a player other than the starter"
        if off_starter is False:
            return "an earthly hand is won on the starter's first discard, not another's"
    return None


def check(rules: Rules, hand: Hand) -> None:
    """Refuse a hand that cannot happen under ``rules``; the message says why."""
    if isinstance(hand, Draw):
        return
    if isinstance(hand, FalseWin):
        _seat(hand.offender, "the offender")
        return
    if not isinstance(hand, Win):
        raise HandError(f"not a Pocket Mahjong hand: {hand!r}")
    _seat(hand.winner, "the winner")
    if hand.discarder is not None:
        _seat(hand.discarder, "the discarder")
        if hand.discarder == hand.winner:
            raise HandError(f"seat {hand.winner + 1} cannot win on his own discard: name "
                            "the discarder or make it a self-draw")
        if hand.guarantor is not None:
            raise HandError("a guarantor pays for a self-draw only; on a discard the "
                            "discarder pays")
    if hand.guarantor is not None:
        if not rules.payments.guarantee:
            raise HandError("this ruleset plays no guarantee (包自摸): leave the guarantor out")
        _seat(hand.guarantor, "the guarantor")
        if hand.guarantor == hand.winner:
            raise HandError("the winner cannot guarantee his own self-draw")
    unknown = [c for c in hand.context if c not in CONTEXT]
    if unknown:
        raise HandError(f"unknown context {unknown[0]!r} (known: {', '.join(CONTEXT)})")
    problem = situation_problem(hand.context, self_draw=hand.self_draw)
    if problem:
        raise HandError(problem)
    problem = fan_problem(rules, hand.fan)
    if problem:
        raise HandError(problem)


def winners(hand: Hand) -> tuple[int, ...]:
    return (hand.winner,) if isinstance(hand, Win) else ()


def describe(hand: Hand, names: tuple[str, ...] | list[str]) -> str:
    """A hand in a few words: "Ann self-draw, 4 fan", "Bob off Cy, 3 fan", "draw"."""
    if isinstance(hand, Draw):
        return "draw"
    if isinstance(hand, FalseWin):
        return f"false win by {names[hand.offender]}"
    fan = f"{hand.fan} fan"
    if hand.discarder is not None:
        return f"{names[hand.winner]} off {names[hand.discarder]}, {fan}"
    text = f"{names[hand.winner]} self-draw, {fan}"
    if hand.guarantor is not None:
        text += f", {names[hand.guarantor]} pays all"
    return text


__all__ = ["CONTEXT", "Draw", "FalseWin", "Hand", "MAX_FAN", "SITUATIONS", "Situation", "Win",
           "check", "describe", "fan_problem", "situation_problem", "winners"]
