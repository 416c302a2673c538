"""What the table does before and between hands: drawing seats and rolling dice.

Seats are drawn the way a table does it with wind tiles: one tile per
player, shuffled face down, each player takes one; East sits in seat 1 and
the others follow in the order of play (South, West, North). The dice say
where the wall is broken: counting from the dealer, 1, 5, 9 is the dealer's
own wall, 2, 6, 10 the wall to the right, 3, 7, 11 the opposite one and
4, 8, 12 the one to the left.

Both take a :class:`random.Random`, so a seed gives the same draw again
(`--seed`) and a test need not guess.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mjtui.core.errors import MjtuiError
from mjtui.core.language import N_, _
from mjtui.core.model.players import clean_name, first_repeat
from mjtui.core.systems.base import WINDS

WALLS = ("self", "right", "opposite", "left")  # counted from the dealer, 1 = self
WALL_WORDS = {
    "self": N_("the dealer's own wall"),
    "right": N_("the wall to the dealer's right"),
    "opposite": N_("the wall opposite the dealer"),
    "left": N_("the wall to the dealer's left"),
}


@dataclass(frozen=True)
class Dice:
    dice: tuple[int, int]

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def wall(self) -> str:
        """Whose wall is broken, counted from the dealer: a key of WALL_WORDS."""
        return wall_for(self.total)

    def document(self) -> dict[str, int | str | list[int]]:
        return {"dice": list(self.dice), "total": self.total, "wall": self.wall}

    def line(self) -> str:
        a, b = self.dice
        return _("{a} + {b} = {total}: break {wall}").format(
            a=a, b=b, total=self.total, wall=_(WALL_WORDS[self.wall])
        )


def wall_for(total: int) -> str:
    """The wall a dice total breaks: 1, 5, 9 self; 2, 6, 10 right; 3, 7, 11 opposite;
    4, 8, 12 left."""
    if total < 1:
        raise ValueError(_("a dice total is 1 or more, got {total}").format(total=total))
    return WALLS[(total - 1) % len(WALLS)]


def roll(rng: random.Random) -> Dice:
    return Dice((rng.randint(1, 6), rng.randint(1, 6)))


def draw_seats(names: list[str] | tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    """The names in seat order (East first) after each drew a shuffled wind tile.

    MjtuiError for fewer than two names, more than four, an empty name or one
    player twice.
    """
    cleaned = [clean_name(n) for n in names]
    if not 2 <= len(cleaned) <= len(WINDS):
        raise MjtuiError(
            _("seats are drawn for 2 to {most} players, got {n} names").format(
                most=len(WINDS), n=len(cleaned)
            )
        )
    if not all(cleaned):
        raise MjtuiError(_("a name is empty: type every player's name first"))
    repeat = first_repeat(cleaned)
    if repeat is not None:
        raise MjtuiError(
            _("{cleaned} and {cleaned2} are the same player: give each their own name").format(
                cleaned=repr(cleaned[repeat[0]]), cleaned2=repr(cleaned[repeat[1]])
            )
        )
    tiles = list(range(len(cleaned)))  # the wind tiles East, South... face down
    rng.shuffle(tiles)
    seats = [""] * len(cleaned)
    for name, tile in zip(cleaned, tiles, strict=False):
        seats[tile] = name
    return tuple(seats)


def seeded(seed: int | None) -> random.Random:
    """A generator: the same draws again for a seed, else fresh ones."""
    return random.Random(seed) if seed is not None else random.Random()
