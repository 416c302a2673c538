"""Reading an East-doubling hand as typed at the table (the HP-11C hand form).

The form has a winner field and one points field per seat; their names, in
form order, are :func:`fields`: ``winner``, ``points-0``, ``points-1``...
Every value is the text typed. :func:`read_entry` turns them into what is
wrong, the hand, and the fields that can still change it; the form shows that
and nothing else.

* The winner is a key: ``1``-``4`` or ``a``-``d`` (the calculator's A-D keys)
  for a seat, ``0`` for a draw (:data:`WINNER_KEYS`), as on the score sheet.
* Points are whole numbers from 0 to :data:`MAX_POINTS`; an empty field is 0.
  On a draw no points change hands, so the points fields are not read and
  take no part (they are not in ``active``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.fields import Field, FormLayout, Reading, Row, SubForm
from mjtui.systems.east_doubling.events import MAX_POINTS, Hand, check
from mjtui.systems.east_doubling.rules import Rules
from mjtui.systems.east_doubling.table import State, apply, state_text
from mjtui.systems.east_doubling.terms import say, wind_words

WINNER_KEYS: dict[str, int | None] = {
    "0": None,
    "1": 0,
    "2": 1,
    "3": 2,
    "4": 3,
    "a": 0,
    "b": 1,
    "c": 2,
    "d": 3,
}
"""A key typed for the winner -> the seat (0-based), None for a draw."""

DRAW = "0"


def fields(players: int) -> tuple[str, ...]:
    """The form's fields in form order."""
    return ("winner", *(f"points-{seat}" for seat in range(players)))


def winner_problem(text: str, players: int) -> str | None:
    """What is wrong with a winner key, or None."""
    seat = WINNER_KEYS.get(text.strip().lower(), -1)
    if seat == -1 or (seat is not None and seat >= players):
        letters = "abcd"[:players]
        return say("Winner: type 1-{n} (or {first}-{last}), or 0 for a draw").format(
            n=players, first=letters[0], last=letters[-1]
        )
    return None


def points_problem(text: str) -> str | None:
    """What is wrong with a seat's points as typed, or None (empty is 0)."""
    typed = text.strip()
    if not typed:
        return None
    if not (typed.isascii() and typed.isdigit()):
        return say("{text} is not a whole number of points (digits only)").format(text=repr(text))
    if int(typed) > MAX_POINTS:
        return say("{points} is more points than any hand scores").format(points=typed)
    return None


@dataclass(frozen=True)
class Entry:
    """One reading of the form's fields."""

    errors: tuple[str, ...]  # what is wrong, for the player; empty when the hand is ready
    hand: Hand | None  # the hand when nothing is wrong (the table's checks passed)
    active: frozenset[str]  # the fields that can change the hand: the form enables these
    winner: int | None  # the seat typed for the winner (None: a draw or no valid key)
    draw: bool  # the winner key is the draw key
    after: State | None = None  # with a hand: the table after it (its last_change previewed)

    @property
    def winner_known(self) -> bool:
        return self.draw or self.winner is not None


def read_entry(
    rules: Rules, before: State, values: Mapping[str, str], players: Sequence[str]
) -> Entry:
    """The hand typed in ``values`` (field name -> text; a missing field is empty).

    ``players`` are the names at the table, in seat order: an error names the
    player whose points are wrong.
    """
    n = len(players)
    names = fields(n)
    key = values.get("winner", "")
    wrong = winner_problem(key, n)
    winner = None if wrong else WINNER_KEYS[key.strip().lower()]
    draw = wrong is None and winner is None
    active = frozenset(names[:1] if draw else names)
    errors = [wrong] if wrong else []
    points = [0] * n
    if not draw:
        for seat, name in enumerate(names[1:]):
            text = values.get(name, "")
            problem = points_problem(text)
            if problem:
                errors.append(f"{players[seat]}: {problem}")
            elif text.strip():
                points[seat] = int(text.strip())
    if errors:
        return Entry(tuple(errors), None, active, winner, draw)
    hand = Hand(winner=winner, points=tuple(points))
    try:
        check(rules, hand)
    except HandError as e:
        return Entry((str(e),), None, active, winner, draw)
    return Entry((), hand, active, winner, draw, apply(rules, before, hand))


def values_of(hand: Hand) -> dict[str, str]:
    """The fields that show a recorded hand for editing."""
    values = {"winner": DRAW if hand.winner is None else str(hand.winner + 1)}
    values.update({f"points-{seat}": str(p) for seat, p in enumerate(hand.points)})
    return values


def blank(players: int, winner: int | None) -> dict[str, str]:
    """The fields of a new hand, the winner given by the key pressed on the score sheet."""
    values = {"winner": DRAW if winner is None else str(winner + 1)}
    values.update({name: "" for name in fields(players)[1:]})
    return values


class EastDoublingForm:
    """The East-doubling hand form's model: the winner, then each seat's points."""

    def __init__(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> None:
        self.rules, self.before, self.players = rules, before, players
        self.values = values_of(hand) if hand else blank(len(players), winner)

    def layout(self) -> FormLayout:
        n = len(self.players)
        keys = "".join(k for k, seat in WINNER_KEYS.items() if seat is None or seat < n)
        rows = [
            Row(
                "winner",
                "Winner",
                (
                    Field(
                        "winner", "code", allowed=keys, problem=lambda text: winner_problem(text, n)
                    ),
                ),
            )
        ]
        rows += [
            Row(
                f"points-{seat}",
                f"{name} ({wind_words(self.before.wind(seat))})",
                (
                    Field(
                        f"points-{seat}",
                        "text",
                        width=10,
                        max_length=12,
                        placeholder="0",
                        problem=points_problem,
                    ),
                ),
            )
            for seat, name in enumerate(self.players)
        ]
        return FormLayout(tuple(rows), given=("winner",), label_width=22)

    def start(self) -> dict[str, str]:
        return dict(self.values)

    def read(self, values: Mapping[str, str]) -> Reading[Hand]:
        entry = read_entry(self.rules, self.before, values, self.players)
        if not entry.winner_known:
            who = "?"
        elif entry.draw:
            who = say("a draw: no points change hands; East stays")
        else:
            who = (
                f"{self.players[entry.winner]} ({wind_words(self.before.wind(entry.winner))})"
                if entry.winner is not None
                else ""
            )
        after = entry.after
        question = ""
        if entry.hand is not None and entry.winner is not None and not any(entry.hand.points):
            question = say(
                "{player} wins, and nobody scored a point: record a hand worth nothing?"
            ).format(player=self.players[entry.winner])
        return Reading(
            entry.errors,
            entry.hand,
            entry.active,
            {"winner": who},
            question=question,
            after=after.totals if after else None,
            next=(say("Next: ") + state_text(after, self.players)) if after else "",
        )

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        raise HandError(say("this form opens no other form"))


__all__ = [
    "DRAW",
    "MAX_POINTS",
    "WINNER_KEYS",
    "EastDoublingForm",
    "Entry",
    "blank",
    "fields",
    "points_problem",
    "read_entry",
    "values_of",
    "winner_problem",
]
