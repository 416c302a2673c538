"""The game engine for play against the computer (seed 001's game).

Tiles 1-9 come in unlimited copies, so every draw is a number from 1 to 9
drawn uniformly from a seedable :class:`random.Random` (the tile source).
Each player is dealt 8 tiles, then the dora is shown, then the dealer draws
first. A player with 9 tiles wins by self-draw (tsumo) when they make three
melds, or discards one; the other player may then win on that discard (ron),
or draws. There is no exhaustive draw: the hand goes on until someone wins.
Tenho: the dealer wins on the first draw, or the other player on the
dealer's first discard. The winner deals the next hand.

What a player may see is a :class:`View`: its own hand and draw, both
players' discards, the dora, the dealer and whose turn it is, all plain
numbers. The engine keeps the hands and the tile source private and gives a
player object nothing else, so no player (the computer included) can look
at the opponent's tiles or the next draw.

Two ways to drive it:

* a screen steps a :class:`Round` itself: ``view(seat)``, ``can_win(seat)``,
  ``tsumo(seat)``, ``discard(seat, tile)``, ``ron(seat)``, ``pass_claim(seat)``,
  then reads ``result``; ``result.event`` is the :class:`~.events.Win` to add
  to the session;
* :func:`play_hand` runs a whole hand between two :class:`Player` objects.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from mjtui.core.errors import HandError
from mjtui.systems.fx602p.evaluate import Score, evaluate, is_complete
from mjtui.systems.fx602p.events import Win
from mjtui.systems.fx602p.rules import PLAYERS, Rules
from mjtui.systems.fx602p.terms import say

HAND = 8
WIN = 0  # what a player's discard() returns to declare a win by self-draw (the seed's 0 EXE)

Phase = Literal["discard", "claim", "over"]


@dataclass(frozen=True, slots=True)
class View:
    """Everything one player may see, as plain numbers; nothing of the opponent's hand."""

    seat: int  # whose view this is (0-based)
    hand: tuple[int, ...]  # own tiles, sorted: 9 when about to discard, 8 otherwise
    drawn: int | None  # the tile just drawn, when it is this player's discard
    discards: tuple[tuple[int, ...], ...]  # each seat's discards, oldest first
    dora: int
    dealer: int
    turn: int  # the seat to act
    claim: int | None  # the opponent's last discard, which this player may win on

    def can_win(self) -> bool:
        """Whether the own tiles (with the claimable discard) make three melds."""
        tiles = self.hand if self.claim is None else (*self.hand, self.claim)
        return is_complete(tiles)


class Player(Protocol):
    """A player: it gets only :class:`View` objects and answers with tiles."""

    def discard(self, view: View) -> int:
        """With 9 tiles: the tile to discard, or :data:`WIN` to win by self-draw."""
        ...

    def claim(self, view: View) -> bool:
        """Win on ``view.claim`` (the opponent's discard)?"""
        ...


@dataclass(frozen=True)
class Result:
    """How a hand ended: the winner, the winning tiles and the score."""

    winner: int
    tiles: tuple[int, ...]  # the winner's nine tiles, sorted
    win_tile: int
    tsumo: bool
    tenho: bool
    dora: int
    score: Score
    hands: tuple[tuple[int, ...], ...]  # both hands at the end (shown after the win)
    turns: int  # discards made in the hand

    @property
    def event(self) -> Win:
        """The hand for the score sheet (a session's ``add``)."""
        return Win(
            self.winner,
            tiles=self.tiles,
            win_tile=self.win_tile,
            dora=self.dora,
            tsumo=self.tsumo,
            tenho=self.tenho,
        )


class Round:
    """One hand being played. The hands and the tile source stay private."""

    def __init__(self, rules: Rules, rng: random.Random, dealer: int = 0) -> None:
        if not 0 <= dealer < PLAYERS:
            raise HandError(
                say("the dealer must be seat 1 or 2, got {dealer}").format(dealer=dealer + 1)
            )
        self._rules = rules
        self._draw: Callable[[], int] = lambda: rng.randint(1, 9)
        self._hands = [sorted(self._draw() for _ in range(HAND)) for _ in range(PLAYERS)]
        self.dora = self._draw()
        self.dealer = dealer
        self.turn = dealer
        self._discards: list[list[int]] = [[] for _ in range(PLAYERS)]
        self._drawn: int | None = None
        self.phase: Phase = "discard"
        self.result: Result | None = None
        self._take()

    def _take(self) -> None:
        self._drawn = self._draw()
        self._hands[self.turn].append(self._drawn)
        self._hands[self.turn].sort()

    @property
    def last_discard(self) -> int | None:
        """The tile the other player may win on: the discard just made (by ``turn``)."""
        return self._discards[self.turn][-1] if self.phase == "claim" else None

    def view(self, seat: int) -> View:
        mine = self.turn == seat
        claim = self.last_discard if not mine else None
        return View(
            seat=seat,
            hand=tuple(self._hands[seat]),
            drawn=self._drawn if mine and self.phase == "discard" else None,
            discards=tuple(tuple(d) for d in self._discards),
            dora=self.dora,
            dealer=self.dealer,
            turn=self.turn if self.phase != "claim" else 1 - self.turn,
            claim=claim,
        )

    def can_win(self, seat: int) -> bool:
        return (
            self.phase != "over"
            and self.view(seat).can_win()
            and (self.phase == "claim" or self.turn == seat)
        )

    def _expect(self, seat: int, phase: Phase, who: int) -> None:
        if self.phase != phase or seat != who:
            raise HandError(
                say("not seat {seat}'s move: the hand is at {phase}, seat {who}").format(
                    seat=seat + 1,
                    phase=repr(self.phase),
                    who=who + 1 if self.phase != "over" else "-",
                )
            )

    def tsumo(self, seat: int) -> Result:
        """Win on the own draw; HandError if the nine tiles do not make three melds."""
        self._expect(seat, "discard", self.turn)
        if not is_complete(self._hands[seat]):
            raise HandError(say("no win: the nine tiles do not make three melds"))
        tenho = seat == self.dealer and not any(self._discards)
        assert self._drawn is not None
        return self._finish(seat, self._drawn, tsumo=True, tenho=tenho)

    def discard(self, seat: int, tile: int) -> None:
        self._expect(seat, "discard", self.turn)
        hand = self._hands[seat]
        if tile not in hand:
            raise HandError(
                say("tile {tile} is not in the hand {names}").format(
                    tile=tile, names="".join(map(str, hand))
                )
            )
        hand.remove(tile)
        self._discards[seat].append(tile)
        self._drawn = None
        self.phase = "claim"

    def ron(self, seat: int) -> Result:
        """Win on the other player's last discard; HandError if it does not complete the hand."""
        self._expect(seat, "claim", 1 - self.turn)
        tile = self.last_discard
        assert tile is not None
        if not is_complete(self._hands[seat] + [tile]):
            raise HandError(say("no win: {tile} does not complete the hand").format(tile=tile))
        self._hands[seat].append(tile)
        self._hands[seat].sort()
        tenho = (
            self.turn == self.dealer
            and len(self._discards[self.dealer]) == 1
            and not self._discards[seat]
        )
        return self._finish(seat, tile, tsumo=False, tenho=tenho)

    def pass_claim(self, seat: int) -> None:
        """Do not win on the discard: this player draws and is to discard."""
        self._expect(seat, "claim", 1 - self.turn)
        self.turn = seat
        self.phase = "discard"
        self._take()

    def _finish(self, seat: int, tile: int, tsumo: bool, tenho: bool) -> Result:
        tiles = tuple(sorted(self._hands[seat]))
        self.phase = "over"
        self.result = Result(
            winner=seat,
            tiles=tiles,
            win_tile=tile,
            tsumo=tsumo,
            tenho=tenho,
            dora=self.dora,
            score=evaluate(self._rules, tiles, tile, self.dora, tenho),
            hands=tuple(tuple(h) for h in self._hands),
            turns=sum(len(d) for d in self._discards),
        )
        return self.result


def play_hand(
    rules: Rules,
    rng: random.Random,
    players: tuple[Player, Player],
    dealer: int = 0,
    max_turns: int = 100_000,
) -> Result:
    """Play one hand to its win between two players that see only their views."""
    game = Round(rules, rng, dealer)
    for _ in range(max_turns):
        seat = game.turn
        choice = players[seat].discard(game.view(seat))
        if choice == WIN and is_complete(game.view(seat).hand):
            return game.tsumo(seat)
        if choice == WIN or choice not in game.view(seat).hand:
            # a false win or a tile not held: the seed ignores it; discard the draw
            drawn = game.view(seat).drawn
            assert drawn is not None  # the seat to discard has just drawn
            choice = drawn
        game.discard(seat, choice)
        other = 1 - seat
        if game.view(other).can_win() and players[other].claim(game.view(other)):
            return game.ron(other)
        game.pass_claim(other)
    raise HandError(say("no win in {max_turns} turns").format(max_turns=max_turns))


__all__ = ["HAND", "WIN", "Player", "Result", "Round", "View", "play_hand"]
