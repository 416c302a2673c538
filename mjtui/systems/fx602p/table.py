"""The table state and the fold: the winner gains the points, the other loses them.

Two players, zero-sum: after each hand the winner's total goes up by the
hand's points and the other player's goes down by as much (the seed shows
only the human's total, which is this same number). The winner deals the
next hand (dealer = last winner); seat 1 deals the first. The statistics the
game shows (running total, hands, average per hand) come from the state.

The game has no end; the one rule the table adds to a hand is who can have a
tenho (:func:`check_in_play`).
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.numbers import mean
from mjtui.systems.fx602p.events import Win, check, score
from mjtui.systems.fx602p.rules import PLAYERS, Rules
from mjtui.systems.fx602p.terms import say

WINDS = ("East", "South")


@dataclass(frozen=True)
class State:
    totals: tuple[int, ...]
    east: int  # 0-based seat of the dealer of the next hand
    hands: int  # hands folded
    start_points: int = 0
    last_change: tuple[int, ...] | None = None
    last_points: int | None = None  # what the last hand was worth
    wins: tuple[int, ...] = (0,) * PLAYERS  # hands won per seat

    @property
    def dealer(self) -> int:
        return self.east

    def wind(self, seat: int) -> str:
        """ "East" for the dealer of the next hand, "South" for the other player."""
        return WINDS[(seat - self.east) % PLAYERS]

    @property
    def finished(self) -> bool:
        return False  # two players play hand after hand

    @property
    def round_label(self) -> str:
        return f"Hand {self.hands + 1}"

    def running_total(self, seat: int) -> int:
        """Points won less points lost so far (the seed's running total)."""
        return self.totals[seat] - self.start_points

    def average(self, seat: int) -> float:
        """The running total per hand played (0 before the first hand)."""
        return mean(self.running_total(seat), self.hands)


def start(rules: Rules) -> State:
    return State(
        totals=(rules.table.start_points,) * PLAYERS,
        east=0,
        hands=0,
        start_points=rules.table.start_points,
    )


def change(winner: int, amount: int) -> tuple[int, ...]:
    return tuple(amount if seat == winner else -amount for seat in range(PLAYERS))


def apply(rules: Rules, state: State, hand: Win) -> State:
    amount = score(rules, hand).points
    delta = change(hand.winner, amount)
    return State(
        totals=tuple(t + d for t, d in zip(state.totals, delta, strict=True)),
        east=hand.winner,
        hands=state.hands + 1,
        start_points=state.start_points,
        last_change=delta,
        last_points=amount,
        wins=tuple(w + (seat == hand.winner) for seat, w in enumerate(state.wins)),
    )


def check_in_play(rules: Rules, state: State, hand: Win) -> None:
    """:func:`check`, and what the table before ``hand`` forbids (:func:`check_at_table`)."""
    check(rules, hand)
    check_at_table(rules, state, hand)


def check_at_table(rules: Rules, state: State, hand: Win) -> None:
    """For a hand :func:`check` has accepted: a tenho that fits the dealer (the
    dealer's is a self-draw on the deal, the other player's a win on the dealer's
    first discard)."""
    tenho = hand.tenho if hand.tiles is not None else "Tenho" in hand.yaku
    if not tenho:
        return
    seat = hand.winner + 1
    if hand.tsumo and hand.winner != state.east:
        raise HandError(
            say(
                "seat {seat} is not the dealer, so a tenho is a win on the dealer's "
                "first discard, not a self-draw: untick tsumo or tenho"
            ).format(seat=seat)
        )
    if not hand.tsumo and hand.winner == state.east:
        raise HandError(
            say(
                "seat {seat} deals this hand, so a tenho is a self-draw on the deal: "
                "tick tsumo, or untick tenho"
            ).format(seat=seat)
        )


def hand_words(state: State) -> str:
    """The next hand as the language spoken names it: "Hand 3", "第3局"."""
    return say("Hand {n}").format(n=state.hands + 1)


def state_text(state: State, players: tuple[str, ...]) -> str:
    """E.g. "Hand 3 next · Dealer: Ann · Ann +1,600 in 2 hands, Ave +800" (the
    numbers with thousands separators, as every other number on the sheet; Ave is
    the 1986 program's own word for the average)."""
    first = 0
    text = say("Hand {n} next · Dealer: {player}").format(
        n=state.hands + 1, player=players[state.east]
    )
    if state.hands:
        played = (
            say("{player} {total} in 1 hand, Ave {average}")
            if state.hands == 1
            else say("{player} {total} in {n} hands, Ave {average}")
        )
        text += " · " + played.format(
            player=players[first],
            total=f"{state.running_total(first):+,d}",
            n=state.hands,
            average=f"{state.average(first):+,.0f}",
        )
    return text


__all__ = [
    "WINDS",
    "State",
    "apply",
    "change",
    "check_at_table",
    "check_in_play",
    "hand_words",
    "start",
    "state_text",
]
