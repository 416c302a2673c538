"""The table state and the fold: totals, the starter and the round wind.

Seat 0 is the first starter, in the East round. The starter keeps the role
after his own win or a draw (and after a false win when ``false_win.starter``
is "stay"); otherwise it passes to the next seat counter-clockwise (seat + 1).
Every four passes the role is back with seat 0 and the round wind advances
East -> South -> West -> North; the series ends when the last round wind of
``table.rounds`` is over. Hands folded after the end are still scored (a
re-scoring under other rules may hold them) but the state stays finished;
:func:`check_in_play` refuses them when a hand is entered or a file is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.winds import wind_name
from mjtui.core.tiles import parse_hand
from mjtui.systems.pocket.events import FalseWin, Hand, Win, check, situation_problem
from mjtui.systems.pocket.patterns import context_of, score_hand, score_problem
from mjtui.systems.pocket.payments import change
from mjtui.systems.pocket.rules import PLAYERS, Rules
from mjtui.systems.pocket.terms import say


@dataclass(frozen=True)
class State:
    """The table after some hands; ``east`` (the starter) and the winds are the next hand's."""

    totals: tuple[int, ...]
    passes: int  # times the starter role has passed; round wind = passes // 4
    hands: int
    rounds: int  # round winds the series lasts
    last_change: tuple[int, ...] | None = None
    repeats: int = 0  # hands the starter has kept the role in a row

    @property
    def east(self) -> int:
        """The starter's seat: his seat wind is East."""
        return self.passes % PLAYERS

    @property
    def starter(self) -> int:
        return self.east

    @property
    def finished(self) -> bool:
        return self.passes >= self.rounds * PLAYERS

    @property
    def round_wind(self) -> int:
        """0 East ... 3 North; after the end, the last round's."""
        return min(self.passes // PLAYERS, self.rounds - 1)

    @property
    def round_wind_name(self) -> str:
        return WINDS[self.round_wind]

    def seat_wind(self, seat: int) -> int:
        return (seat - self.east) % PLAYERS

    @property
    def round_label(self) -> str:
        return f"{self.round_wind_name} round"

    def wind(self, seat: int) -> str:
        """The seat wind of ``seat`` in the next hand."""
        return WINDS[self.seat_wind(seat)]


def start(rules: Rules) -> State:
    return State(
        totals=(rules.table.start_points,) * PLAYERS, passes=0, hands=0, rounds=rules.table.rounds
    )


def starter_stays(rules: Rules, state: State, hand: Hand) -> bool:
    if isinstance(hand, Win):
        return hand.winner == state.east
    if isinstance(hand, FalseWin):
        return rules.false_win.starter == "stay"
    return True  # a draw


def apply(rules: Rules, state: State, hand: Hand) -> State:
    """The table after ``hand`` (which :func:`check` has accepted)."""
    delta = change(rules, hand)
    stays = starter_stays(rules, state, hand) or state.finished
    return State(
        totals=tuple(t + d for t, d in zip(state.totals, delta, strict=True)),
        passes=state.passes if stays else state.passes + 1,
        hands=state.hands + 1,
        rounds=state.rounds,
        last_change=delta,
        repeats=state.repeats + 1 if stays else 0,
    )


def check_in_play(rules: Rules, state: State, hand: Hand) -> None:
    """:func:`check`, and what the table before ``hand`` forbids (:func:`check_at_table`)."""
    check(rules, hand)
    check_at_table(rules, state, hand)


def check_at_table(rules: Rules, state: State, hand: Hand) -> None:
    """For a hand :func:`check` has accepted: no hand after the end of the series, and
    the situations that name the starter (a heavenly hand is his, an earthly hand
    another's, on his discard) checked against this hand's starter."""
    if state.finished:
        raise HandError(
            say("the series is over: the {wind} round was the last").format(
                wind=wind_name(state.rounds - 1)
            )
        )
    if isinstance(hand, Win) and hand.context:
        problem = situation_problem(
            hand.context,
            self_draw=hand.self_draw,
            by_starter=hand.winner == state.east,
            off_starter=None if hand.self_draw else hand.discarder == state.east,
        )
        if problem:
            raise HandError(
                say("{problem} (seat {seat} is the starter)").format(
                    problem=problem, seat=state.east + 1
                )
            )
    if isinstance(hand, Win) and hand.tiles is not None and (hand.flowers or hand.seasons):
        _check_bonus_fan(rules, state, hand, hand.tiles)


def _check_bonus_fan(rules: Rules, state: State, hand: Win, tiles: str) -> None:
    """A win with bonus tiles reaches the minimum without them where the ruleset
    says they do not count toward it; the fan alone cannot tell, the tiles can."""
    ctx = context_of(
        state.seat_wind(hand.winner),
        state.round_wind,
        hand.self_draw,
        hand.context,
        hand.flowers,
        hand.seasons,
    )
    try:
        score = score_hand(rules, parse_hand(tiles), ctx)
    except HandError:
        return  # tiles that score no hand are the fan's business (events.check)
    problem = score_problem(rules, score)
    if problem:
        raise HandError(problem)


def state_text(state: State, players: tuple[str, ...] | list[str]) -> str:
    """E.g. "South round · starter Bob (2nd hand)", or "Series over: ..."."""
    from mjtui.systems.pocket.terms import say

    if state.finished:
        return say("Series over: the {wind} round was the last").format(
            wind=wind_name(state.rounds - 1)
        )
    text = say("{wind} round · starter {starter}").format(
        wind=wind_name(state.round_wind), starter=players[state.east]
    )
    if state.repeats:
        text += say(" (hand {n} as starter)").format(n=state.repeats + 1)
    return text


def round_words(state: State) -> str:
    """The round being played as the language spoken says it: "South round", "南圈"."""
    from mjtui.systems.pocket.terms import say

    return say("{wind} round").format(wind=wind_name(state.round_wind))


__all__ = [
    "State",
    "apply",
    "check_at_table",
    "check_in_play",
    "round_words",
    "start",
    "starter_stays",
    "state_text",
]
