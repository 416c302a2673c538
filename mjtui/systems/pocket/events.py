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

from mjtui.core.errors import HandError
from mjtui.core.tiles import TileHand, parse_hand
from mjtui.systems.pocket.rules import PLAYERS, Rules
from mjtui.systems.pocket.terms import say

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
        """The :class:`~mjtui.systems.pocket.patterns.Context` field (and CLI dest)."""
        return self.word.replace("-", "_")


# The one list of situations: the form's boxes, the CLI's flags, the Context
# fields and the words of Win.context are all read from it, in this order.
SITUATIONS = (
    Situation(
        "robbing-kong",
        "robbing_kong",
        "Robbed kong",
        "won on a tile robbed from another player's kong",
    ),
    Situation(
        "kong-replacement", "kong_replacement", "Kong tile", "won on a kong's replacement tile"
    ),
    Situation("last-tile", "last_tile", "Last tile", "won on the last tile of the wall"),
    Situation(
        "heavenly",
        "heavenly_hand",
        "Heavenly",
        "the starter won on the tiles dealt (with --seat E --self-draw)",
    ),
    Situation("earthly", "earthly_hand", "Earthly", "won on the starter's first discard"),
)
CONTEXT = tuple(s.word for s in SITUATIONS)  # the words Win.context takes

# Two situations that cannot both be true of one win, and why. With the rules
# of how each is won and by whom (situation_problem) and of the tiles
# (tiles_problem), this is the one list the form, the command line and the
# session files refuse by.
EXCLUSIVE = (
    (
        "robbing-kong",
        "last-tile",
        "a robbed kong is never the last tile: no kong is declared on the last tile",
    ),
    ("heavenly", "earthly", "a hand cannot be both heavenly and earthly"),
    (
        "heavenly",
        "kong-replacement",
        "a heavenly hand is won on the tiles dealt, not on a kong's replacement tile",
    ),
    ("heavenly", "last-tile", "a heavenly hand is won on the tiles dealt, not on the last tile"),
    (
        "earthly",
        "robbing-kong",
        "an earthly hand is won on the starter's first discard, not on a robbed kong",
    ),
    (
        "earthly",
        "last-tile",
        "an earthly hand is won on the starter's first discard, not on the last tile",
    ),
)
BONUS_NUMBERS = range(1, 5)  # flowers 1-4 and seasons 1-4: East 1 ... North 4


@dataclass(frozen=True)
class Win:
    winner: int
    fan: int
    discarder: int | None = None  # None: a self-draw
    guarantor: int | None = None  # with a self-draw: the seat that pays for all three
    tiles: str | None = None  # the winner's tiles as typed, when the fan came from them
    context: tuple[str, ...] = ()  # with tiles: which of CONTEXT applied
    flowers: tuple[int, ...] = ()  # with tiles: the winner's flowers, 1-4
    seasons: tuple[int, ...] = ()  # with tiles: the winner's seasons, 1-4

    @property
    def self_draw(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class FalseWin:
    offender: int


Hand = Win | Draw | FalseWin


def _seat(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS:
        shown = value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
        raise HandError(
            say("{what} must be a seat from 1 to {players}, got {value}").format(
                what=say(what), players=PLAYERS, value=repr(shown)
            )
        )


def fan_problem(rules: Rules, fan: object) -> str | None:
    """Why ``fan`` cannot win under ``rules``, or None when it can."""
    if isinstance(fan, bool) or not isinstance(fan, int) or not 0 <= fan <= MAX_FAN:
        return say("fan must be a whole number from 0 to {most}, got {value}").format(
            most=MAX_FAN, value=repr(fan)
        )
    if fan < rules.fan.minimum:
        return say(
            "{fan} fan is under the minimum of {minimum} fan to win: the hand cannot be declared"
        ).format(fan=fan, minimum=rules.fan.minimum)
    return None


def situation_problem(
    context: tuple[str, ...] | list[str],
    *,
    self_draw: bool,
    by_starter: bool | None = None,
    off_starter: bool | None = None,
) -> str | None:
    """Why the situations in ``context`` cannot go together or with how the hand was
    won, or None. ``by_starter``: the winner is the starter; ``off_starter``: the
    discarder is (None: not known here, not checked)."""
    given = set(context)
    for one, other, why in EXCLUSIVE:
        if one in given and other in given:
            return say(why)
    if "robbing-kong" in given and self_draw:
        return say("robbing a kong is a win on another player's tile, not a self-draw")
    if "kong-replacement" in given and not self_draw:
        return say("a win on a kong's replacement tile is a self-draw")
    if "heavenly" in given and (by_starter is False or not self_draw):
        return say("a heavenly hand is the starter's (seat wind East) self-draw on the deal")
    if "earthly" in given:
        if self_draw:
            return say("an earthly hand is won on the starter's first discard, not a self-draw")
        if by_starter:
            return say("an earthly hand is won by a player other than the starter")
        if off_starter is False:
            return say("an earthly hand is won on the starter's first discard, not another's")
    return None


def tiles_problem(context: tuple[str, ...] | list[str], hand: TileHand) -> str | None:
    """Why the situations in ``context`` cannot go with the winner's tiles, or None."""
    given = set(context)
    if "kong-replacement" in given and not any(m.kind == "kan" for m in hand.melds):
        return say("a win on a kong's replacement tile needs a kong in the hand")
    if "heavenly" in given and hand.melds:
        return say(
            "a heavenly hand is won on the tiles dealt: it has no declared meld (a kong would "
            "have drawn a replacement tile)"
        )
    if "earthly" in given and hand.melds:
        return say(
            "an earthly hand is won on the starter's first discard: nothing was claimed or "
            "declared before it, so it has no meld"
        )
    return None


def bonus_problem(
    flowers: tuple[int, ...] | list[int],
    seasons: tuple[int, ...] | list[int],
) -> str | None:
    """Why these flower and season numbers cannot be a player's, or None."""
    for what, numbers in (("flower", flowers), ("season", seasons)):  # said by say(what)
        for n in numbers:
            if isinstance(n, bool) or not isinstance(n, int) or n not in BONUS_NUMBERS:
                return say("a {what} is numbered 1 to 4, got {n}").format(what=say(what), n=repr(n))
        repeated = sorted({n for n in numbers if list(numbers).count(n) > 1})
        if repeated:
            return say(
                "{what} {repeated} is given twice: there is one {what} of each number"
            ).format(what=say(what), repeated=repeated[0])
    return None


def read_bonus(text: str, what: str) -> tuple[int, ...]:
    """The numbers of the flowers (or seasons, ``what``) typed as ``"13"``, ``"1,3"`` or
    ``"1 3"``; HandError naming ``what`` when one is not 1-4 or comes twice."""
    digits = text.replace(",", " ").split()
    if not all(d.isdigit() for d in digits):
        raise HandError(
            say("{what}: type their numbers 1-4, e.g. 13 or 1,3; got {strip}").format(
                what=what, strip=repr(text.strip())
            )
        )
    numbers = tuple(int(c) for d in digits for c in d)
    flowers = "flower" in what.lower()
    problem = bonus_problem(numbers, ()) if flowers else bonus_problem((), numbers)
    if problem:
        raise HandError(f"{what}: {problem}")
    return tuple(sorted(numbers))


def check(rules: Rules, hand: Hand) -> None:
    """Refuse a hand that cannot happen under ``rules``; the message says why."""
    if isinstance(hand, Draw):
        return
    if isinstance(hand, FalseWin):
        _seat(hand.offender, "the offender")
        return
    if not isinstance(hand, Win):
        raise HandError(say("not a Pocket Mahjong hand: {hand}").format(hand=repr(hand)))
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
        if hand.guarantor is not None:
            raise HandError(
                say("a guarantor pays for a self-draw only; on a discard the discarder pays")
            )
    if hand.guarantor is not None:
        if not rules.payments.guarantee:
            raise HandError(
                say("this ruleset plays no guarantee (包自摸): leave the guarantor out")
            )
        _seat(hand.guarantor, "the guarantor")
        if hand.guarantor == hand.winner:
            raise HandError(say("the winner cannot guarantee his own self-draw"))
    unknown = [c for c in hand.context if c not in CONTEXT]
    if unknown:
        raise HandError(
            say("unknown context {unknown} (known: {names})").format(
                unknown=repr(unknown[0]), names=", ".join(CONTEXT)
            )
        )
    problem = situation_problem(hand.context, self_draw=hand.self_draw)
    if problem:
        raise HandError(problem)
    _check_bonus(rules, hand)
    if hand.tiles is not None and hand.context:
        problem = tiles_problem(hand.context, parse_hand(hand.tiles))
        if problem:
            raise HandError(problem)
    problem = fan_problem(rules, hand.fan)
    if problem:
        raise HandError(problem)


def _check_bonus(rules: Rules, hand: Win) -> None:
    if not (hand.flowers or hand.seasons):
        return
    if not rules.bonus.tiles:
        raise HandError(say("this ruleset plays no flowers or seasons (136 tiles): leave them out"))
    if hand.tiles is None:
        raise HandError(
            say("flowers and seasons are counted with the winner's tiles: give the tiles too")
        )
    problem = bonus_problem(hand.flowers, hand.seasons)
    if problem:
        raise HandError(problem)


def winners(hand: Hand) -> tuple[int, ...]:
    return (hand.winner,) if isinstance(hand, Win) else ()


def describe(hand: Hand, players: tuple[str, ...] | list[str]) -> str:
    """A hand in a few words: "Ann self-draw, 4 fan", "Bob off Cy, 3 fan", "draw"."""
    from mjtui.systems.pocket.terms import say

    if isinstance(hand, Draw):
        return say("draw")
    if isinstance(hand, FalseWin):
        return say("false win by {player}").format(player=players[hand.offender])
    fan = say("{n} fan").format(n=hand.fan)
    if hand.discarder is not None:
        return say("{winner} off {discarder}, {fan}").format(
            winner=players[hand.winner], discarder=players[hand.discarder], fan=fan
        )
    text = say("{winner} self-draw, {fan}").format(winner=players[hand.winner], fan=fan)
    if hand.guarantor is not None:
        text += say(", {player} pays all").format(player=players[hand.guarantor])
    return text


__all__ = [
    "BONUS_NUMBERS",
    "CONTEXT",
    "EXCLUSIVE",
    "MAX_FAN",
    "SITUATIONS",
    "Draw",
    "FalseWin",
    "Hand",
    "Situation",
    "Win",
    "bonus_problem",
    "check",
    "describe",
    "fan_problem",
    "read_bonus",
    "situation_problem",
    "tiles_problem",
    "winners",
]
