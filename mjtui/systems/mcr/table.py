"""The table state and the fold: scores, the dealer, the seats and the round wind.

A game is ``game.hands`` hands (16) in rounds of ``game.hands_per_round`` (4):
the dealer passes every hand, won or drawn, to the next chair
counter-clockwise (East, South, West, North); after each round the round wind
advances and the players change seats as ``game.seats`` says. A false win or
a penalty is settled at once and is no hand of the game. Hands folded after
the end are still scored (a re-scoring under other rules may hold them) but
the state stays finished; :func:`check_in_play` refuses them.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.systems.mcr.calculator import Situation, score_text
from mjtui.systems.mcr.events import Hand, Win, check, counts_as_hand
from mjtui.systems.mcr.payments import change
from mjtui.systems.mcr.rules import PLAYERS, Rules


@dataclass(frozen=True)
class State:
    """The table after some hands; ``east`` and the winds are the next hand's."""

    totals: tuple[int, ...]
    hands: int  # hands played (wins and draws)
    length: int  # hands in the game
    per_round: int
    chairs: tuple[tuple[int, ...], ...]  # for each round, each player's chair (0 East)
    last_change: tuple[int, ...] | None = None
    events: int = 0  # every event folded, false wins and penalties too
    penalties: tuple[int, ...] = (0,) * PLAYERS  # points taken off each player, to nobody

    @property
    def finished(self) -> bool:
        return self.hands >= self.length

    @property
    def round_index(self) -> int:
        """0 for the first round ...; after the end, the last round's."""
        return min(self.hands, self.length - 1) // self.per_round

    @property
    def round_wind(self) -> int:
        """0 East ... 3 North."""
        return self.round_index % PLAYERS

    @property
    def round_wind_name(self) -> str:
        return WINDS[self.round_wind]

    @property
    def dealer_chair(self) -> int:
        return min(self.hands, self.length - 1) % self.per_round % PLAYERS

    def chair(self, seat: int) -> int:
        """Where a player sits this round (0 East ... 3 North)."""
        return self.chairs[min(self.round_index, len(self.chairs) - 1)][seat]

    @property
    def east(self) -> int:
        """The dealer of the next hand: his seat wind is East."""
        return next(s for s in range(PLAYERS) if self.chair(s) == self.dealer_chair)

    def seat_wind(self, seat: int) -> int:
        return (self.chair(seat) - self.dealer_chair) % PLAYERS

    def wind(self, seat: int) -> str:
        """The seat wind of ``seat`` in the next hand."""
        return WINDS[self.seat_wind(seat)]

    @property
    def round_label(self) -> str:
        within = min(self.hands, self.length - 1) % self.per_round + 1
        return f"{self.round_wind_name} {within}"


def start(rules: Rules) -> State:
    rounds = -(-rules.game.hands // rules.game.hands_per_round)
    chairs = tuple(tuple(rules.seat_of(r, p) for p in range(PLAYERS)) for r in range(rounds))
    return State(
        totals=(rules.start_points,) * PLAYERS,
        hands=0,
        length=rules.game.hands,
        per_round=rules.game.hands_per_round,
        chairs=chairs,
    )


def apply(rules: Rules, state: State, hand: Hand) -> State:
    """The table after ``hand`` (which :func:`check` has accepted)."""
    delta = change(rules, hand)
    lost = [0] * PLAYERS
    if not isinstance(hand, Win):
        received = sum(delta)
        if received < 0:  # what nobody received was taken off the offender's score
            offender = next(s for s in range(PLAYERS) if delta[s] < 0)
            lost[offender] = -received
    return State(
        totals=tuple(t + d for t, d in zip(state.totals, delta, strict=True)),
        hands=state.hands + (1 if counts_as_hand(hand) else 0),
        length=state.length,
        per_round=state.per_round,
        chairs=state.chairs,
        last_change=delta,
        events=state.events + 1,
        penalties=tuple(p + x for p, x in zip(state.penalties, lost, strict=True)),
    )


def check_in_play(rules: Rules, state: State, hand: Hand) -> None:
    """:func:`check`, and what the table before ``hand`` forbids (:func:`check_at_table`)."""
    check(rules, hand)
    check_at_table(rules, state, hand)


def situation_at(state: State, hand: Win) -> Situation:
    """The situation of a win from its tiles: its context words and the table's winds."""
    return Situation(
        self_draw=hand.self_draw,
        seat_wind=state.seat_wind(hand.winner),
        round_wind=state.round_wind,
        fourth_tile="fourth-tile" in hand.context,
        kong="kong" in hand.context,
        last_tile="last-tile" in hand.context,
        flowers=hand.flowers,
    )


def check_at_table(rules: Rules, state: State, hand: Hand) -> None:
    """For a hand :func:`check` has accepted: no hand after the end of the game, and a
    win given with its tiles scores the fan it says at this table (the winner's seat
    wind and the round wind count)."""
    if state.finished and counts_as_hand(hand):
        from mjtui.systems.mcr.terms import say

        raise HandError(say("the game is over: it was {n} hands").format(n=state.length))
    if isinstance(hand, Win) and hand.tiles is not None:
        score = score_text(rules, hand.tiles, situation_at(state, hand), hand.win_tile)
        if not score.minimum_met:
            from mjtui.systems.mcr.terms import say

            raise HandError(score.reason or say("under the minimum"))
        if score.fan != hand.fan:
            from mjtui.core.systems.winds import wind_name
            from mjtui.systems.mcr.terms import say

            raise HandError(
                say("the tiles score {fan} fan (seat {seat}, round {round}), not {given}").format(
                    fan=score.fan,
                    seat=wind_name(state.seat_wind(hand.winner)),
                    round=wind_name(state.round_wind),
                    given=hand.fan,
                )
            )


def state_text(state: State, players: tuple[str, ...] | list[str]) -> str:
    """E.g. "South 2 · dealer Bob", or "Game over: 16 hands"."""
    from mjtui.systems.mcr.terms import say

    if state.finished:
        return say("Game over: {n} hands").format(n=state.length)
    return say("{round} · dealer {dealer}").format(
        round=round_words(state), dealer=players[state.east]
    )


def round_words(state: State) -> str:
    """The next hand as the language spoken says it: "South 2", "南2"."""
    from mjtui.core.systems.winds import wind_name
    from mjtui.systems.mcr.terms import say

    within = min(state.hands, state.length - 1) % state.per_round + 1
    return say("{wind} {n}").format(wind=wind_name(state.round_wind), n=within)


__all__ = [
    "State",
    "apply",
    "check_at_table",
    "check_in_play",
    "situation_at",
    "start",
    "state_text",
]
