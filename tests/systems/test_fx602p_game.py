"""The game engine, the computer player and what a player may see."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from mjtui.core.errors import HandError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.fx602p.computer import Computer, RandomDiscards
from mjtui.systems.fx602p.game import WIN, Round, View, play_hand
from mjtui.systems.fx602p.system import SYSTEM, is_complete

REPO = Path(__file__).resolve().parents[2]
RULES = load_ruleset(REPO / "rulesets" / "fx602p.toml").rules
VISIBLE = {"seat", "hand", "drawn", "discards", "dora", "dealer", "turn", "claim"}


class Spy:
    """Plays like another player and keeps every view it was given."""

    def __init__(self, inner) -> None:
        self.inner, self.views = inner, []

    def discard(self, view: View) -> int:
        self.views.append(view)
        return self.inner.discard(view)

    def claim(self, view: View) -> bool:
        self.views.append(view)
        return self.inner.claim(view)


def plain(value) -> bool:
    """Only numbers, None and tuples of them: no object a player could dig into."""
    if isinstance(value, tuple):
        return all(plain(v) for v in value)
    return value is None or type(value) is int


def test_a_view_holds_only_what_the_player_may_see() -> None:
    assert {f.name for f in dataclasses.fields(View)} == VISIBLE
    assert not hasattr(View(0, (), None, ((), ()), 1, 0, 0, None), "__dict__")  # slots only
    spies = (Spy(Computer(RULES)), Spy(RandomDiscards(random.Random(1))))
    for seed in range(30):
        rng = random.Random(seed)
        game = Round(RULES, rng, dealer=seed % 2)
        hidden = [list(game._hands[0]), list(game._hands[1])]
        for seat, _spy in enumerate(spies):
            view = game.view(seat)
            assert view.hand == tuple(sorted(hidden[seat]))
        play_hand(RULES, random.Random(seed), spies, dealer=seed % 2)
    for seat, spy in enumerate(spies):
        assert spy.views
        for view in spy.views:
            assert view.seat == seat
            assert all(plain(getattr(view, name)) for name in VISIBLE)


def test_the_computer_decides_from_the_view_alone() -> None:
    # two rounds whose opponent hands differ but whose own hand and table are the
    # same: the computer's choice is the same
    computer = Computer(RULES)
    a, b = Round(RULES, random.Random(5)), Round(RULES, random.Random(5))
    b._hands[1] = [9] * 8
    assert a.view(0) == b.view(0)
    assert computer.discard(a.view(0)) == computer.discard(b.view(0))


def test_the_deal_and_the_flow() -> None:
    game = Round(RULES, random.Random(3), dealer=1)
    assert game.turn == 1 and game.phase == "discard"
    assert len(game.view(1).hand) == 9 and len(game.view(0).hand) == 8
    assert game.view(1).drawn in game.view(1).hand and game.view(0).drawn is None
    with pytest.raises(HandError):
        game.discard(0, game.view(0).hand[0])  # not seat 1's turn
    tile = game.view(1).hand[0]
    game.discard(1, tile)
    assert game.phase == "claim" and game.view(0).claim == tile and game.view(1).claim is None
    assert game.view(0).discards == ((), (tile,))
    game.pass_claim(0)
    assert game.turn == 0 and len(game.view(0).hand) == 9


def fixed(rng_tiles: list[int]) -> random.Random:
    """A tile source that deals the given tiles in order."""

    class Fixed(random.Random):
        def randint(self, a: int, b: int) -> int:
            return rng_tiles.pop(0)

    return Fixed()


def test_tenho_for_the_dealer_and_on_the_dealers_first_discard() -> None:
    # seat 1 deals 12345678, seat 2 11122233; dora 9; seat 1 draws 9: tenho by tsumo
    game = Round(RULES, fixed([1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 1, 2, 2, 2, 3, 3, 9, 9]))
    result = game.tsumo(0)
    assert result.tenho and result.tsumo and "Tenho" in result.score.yaku
    assert result.event.tenho and SYSTEM.apply(RULES, SYSTEM.start(RULES), result.event).east == 0
    # seat 1 draws 5 and discards 3: seat 2 (11122233 + 3) wins by ron: tenho
    game = Round(RULES, fixed([1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 1, 2, 2, 2, 3, 3, 9, 5]))
    assert not game.can_win(0)
    with pytest.raises(HandError):
        game.tsumo(0)
    game.discard(0, 3)
    assert game.can_win(1)
    result = game.ron(1)
    assert result.winner == 1 and not result.tsumo and result.tenho
    assert result.tiles == (1, 1, 1, 2, 2, 2, 3, 3, 3) and result.score.points == 28160
    # a win on the dealer's second discard is not tenho
    game = Round(RULES, fixed([1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 1, 2, 2, 2, 3, 9, 9, 5, 4, 2]))
    game.discard(0, 5)
    game.pass_claim(1)  # draws 4
    game.discard(1, 9)  # 11122234: waits on 2 or 5
    game.pass_claim(0)  # draws 2
    game.discard(0, 2)
    result = game.ron(1)
    assert result.tiles == (1, 1, 1, 2, 2, 2, 2, 3, 4) and not result.tenho
    assert result.score.yaku == () and result.score.points == 16 * 70 * 1
    with pytest.raises(HandError):
        game.discard(0, 1)  # the hand is over


def test_the_claimable_tile_is_the_discard_just_made_not_the_claimers_own() -> None:
    # seat 1 (dealer) 12345678 draws 9 (dora 9) and discards 9; seat 2 11122233 draws 4
    # and discards 4; seat 1 draws 1 and discards 3: seat 2 may claim the 3,
    # not the 4 it threw itself
    game = Round(RULES, fixed([1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 1, 2, 2, 2, 3, 3, 9, 9, 4, 1]))
    assert game.last_discard is None
    game.discard(0, 9)
    assert game.last_discard == 9 == game.view(1).claim
    game.pass_claim(1)
    assert game.last_discard is None
    game.discard(1, 4)
    assert game.last_discard == 4 == game.view(0).claim
    game.pass_claim(0)
    game.discard(0, 3)
    assert game.last_discard == 3 == game.view(1).claim
    assert game.ron(1).win_tile == 3
    assert game.last_discard is None  # the hand is over


def test_the_computer_wins_when_it_can_and_keeps_the_best_wait() -> None:
    computer = Computer(RULES)
    view = View(0, (1, 2, 3, 4, 5, 6, 7, 8, 9), 9, ((), ()), 5, 0, 0, None)
    assert computer.discard(view) == WIN
    assert computer.claim(View(0, (1, 2, 3, 4, 5, 6, 7, 8), None, ((), (9,)), 5, 0, 1, 9))
    assert not computer.claim(View(0, (1, 2, 3, 4, 5, 6, 7, 8), None, ((), (1,)), 5, 0, 1, 1))
    # 123456788: discarding an 8 keeps 12345678, which waits on 3, 6 and 9; the
    # computer must keep a hand that waits rather than break it
    hand = (2, 3, 4, 5, 6, 7, 8, 8, 1)
    tile = computer.choose(tuple(sorted(hand)), dora=9)
    rest = list(sorted(hand))
    rest.remove(tile)
    assert any(is_complete([*rest, t]) for t in range(1, 10))


def test_the_computer_beats_random_discards() -> None:
    rng = random.Random(602)
    players = (Computer(RULES), RandomDiscards(random.Random(1)))
    state = SYSTEM.start(RULES)
    for _ in range(200):
        result = play_hand(RULES, rng, players, dealer=state.east)
        assert is_complete(result.tiles)
        state = SYSTEM.apply(RULES, state, result.event)
    assert state.wins[0] > 2 * state.wins[1] and state.totals[0] > 0


def test_a_false_win_or_a_tile_not_held_is_ignored() -> None:
    class Stubborn:
        def discard(self, view: View) -> int:
            return WIN if len(view.discards[view.seat]) % 2 else 10

        def claim(self, view: View) -> bool:
            return True  # even when it is no win: ignored

    result = play_hand(RULES, random.Random(9), (Stubborn(), Computer(RULES)))
    assert is_complete(result.tiles)
