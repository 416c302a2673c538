"""`mjtui waits` for riichi against the `mahjong` library's shanten and agari modules.

Generated hands one tile short (tests/riichi_hand_gen.py: winning hands less a
tile, some with a tile or two changed, and hands drawn from a shuffled wall)
must get the library's shanten and the tiles its ``Agari.is_agari`` completes.
The library reads the concealed tiles alone, so two kinds of difference are
expected and each is checked to be one of them: a wait on a tile of which the
hand's melds or kans hold the other copies (the library cannot see them, so it
calls such a hand tenpai where a ruleset without ``draws.held_tiles_wait``
does not), and, under a ruleset with ``held_tiles_wait``, a wait on a fifth
copy, which the library never counts.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.tiles.notation import WaitingHand, parse_waiting_hand
from mjtui.core.tiles.shanten import completing_tiles, shanten
from mjtui.systems.riichi.hand import WinContext
from mjtui.systems.riichi.hand.waits import read_waits

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))

from riichi_hand_gen import waiting_hands  # noqa: E402

WRC = load_ruleset(REPO / "rulesets" / "riichi-wrc.toml").rules
TENHOU = load_ruleset(REPO / "rulesets" / "riichi-tenhou.toml").rules
HANDS = 3000
# Waits on a fifth copy or on copies held in the hand's kan, which random hands rarely have.
HELD = (
    "1111m234p567p789s",
    "5555p123456789m",
    "1111z234p567p789s",
    "12s444p666p88p(3333s)",
    "1112223334444m",
    "11112222333m44z",
)


def library_shanten(hand: WaitingHand) -> int:
    closed = not hand.melds
    return Shanten.calculate_shanten(
        hand.concealed_counts(), use_chiitoitsu=closed, use_kokushi=closed
    )


def library_waits(hand: WaitingHand) -> list[int]:
    counts = hand.concealed_counts()
    found = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if Agari.is_agari(counts):
                found.append(t)
            counts[t] -= 1
    return found


def hands() -> list[WaitingHand]:
    return waiting_hands(HANDS, seed=7) + [parse_waiting_hand(text) for text in HELD]


def test_shanten_and_waits_agree_with_the_mahjong_library() -> None:
    tenpai = far = 0
    for hand in hands():
        counts = hand.concealed_counts()
        theirs = library_shanten(hand)
        waits = completing_tiles(hand)
        assert [t for t in waits if counts[t] < 4] == library_waits(hand), hand
        fifth = [t for t in waits if counts[t] == 4]  # the hand holds four: the library no
        if fifth and not [t for t in waits if counts[t] < 4]:
            assert (shanten(hand), theirs) == (0, 1), hand  # it needs a fifth copy: one away
        else:
            assert shanten(hand) == theirs, hand
        tenpai += theirs == 0
        far += theirs >= 2
    assert tenpai > HANDS * 0.3 and far > HANDS * 0.15  # both kinds of hand are compared


def test_tenpai_under_a_ruleset_agrees_but_for_the_held_tiles_the_library_cannot_see() -> None:
    explained = 0
    for hand in hands():
        theirs = library_shanten(hand)
        for rules in (WRC, TENHOU):
            found = read_waits(rules, hand, WinContext(), WinContext(tsumo=True))
            if (found.shanten, found.tenpai) == (theirs, theirs == 0):
                continue
            held = hand.counts()
            concealed = hand.concealed_counts()
            if rules.draws.held_tiles_wait:
                # a fifth copy counts as a wait here; the library never counts one
                assert theirs == 1 and all(held[w.tile] == 4 for w in found.waits), hand
            else:
                # the melds hold the copies the library does not see
                shape = completing_tiles(hand)
                assert theirs == 0 and found.shanten == 1, hand
                assert all(held[t] == 4 and concealed[t] < 4 for t in shape), hand
            explained += 1
    assert explained >= 3  # the hands of HELD at least
