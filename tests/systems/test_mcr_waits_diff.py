"""MCR waits and shanten against PyMahjongGB 1.4.0's shanten functions on generated hands.

Waiting hands are winning hands of every form (tests/mcr_hand_gen.py) with one
concealed tile taken out; the peer's waits are the useful tiles of each of its
forms that calls the hand ready (regular, seven pairs, Thirteen Orphans,
Honors and Knitted Tiles, Knitted Straight), ours the waits by shape
(waits, and the tiles the hand holds all four of). Hands one or two tiles
further off (a second tile swapped for a random one) check the shanten against
the peer's MahjongShanten. Skipped where PyMahjongGB is not installed.
"""

from __future__ import annotations

import random
import tomllib

import pytest
from mcr_hand_gen import cases, peer_tile
from mcr_peer import PEER

from mjtui.core.rulesets.schema import read_struct
from mjtui.core.tiles.notation import WaitingHand, format_tiles, parse_waiting_hand
from mjtui.systems.mcr.calculator import Situation
from mjtui.systems.mcr.rules import PRESET, Rules
from mjtui.systems.mcr.waits import mcr_shanten, read_waits

RULES = read_struct(Rules, tomllib.loads(PRESET.read_text()))
pytestmark = pytest.mark.skipif(PEER is None, reason="PyMahjongGB is not installed")
FORMS = (
    "RegularShanten",
    "SevenPairsShanten",
    "ThirteenOrphansShanten",
    "HonorsAndKnittedTilesShanten",
    "KnittedStraightShanten",
)
_TILES = {peer_tile(t): t for t in range(34)}


def _packs(hand: WaitingHand) -> tuple[tuple[str, str, int], ...]:
    out = []
    for m in hand.melds:
        if m.kind == "chi":
            out.append(("CHI", peer_tile(m.tiles[1]), 1))
        else:
            out.append(("PENG" if m.kind == "pon" else "GANG", peer_tile(m.tiles[0]), 1))
    return tuple(out)


def peer_waits(hand: WaitingHand) -> set[int]:
    standing = tuple(peer_tile(t) for t in hand.concealed)
    found: set[int] = set()
    for name in FORMS:
        if name != "RegularShanten" and hand.melds and name != "KnittedStraightShanten":
            continue
        if name == "KnittedStraightShanten" and len(hand.melds) > 1:
            continue
        shanten, useful = getattr(PEER, name)(hand=standing)
        if shanten == 0:
            found.update(_TILES[t] for t in useful)
    return found


def waiting(r: random.Random, n: int) -> list[WaitingHand]:
    hands = []
    for case in cases(n, seed=32):
        concealed = list(case.concealed)
        concealed.remove(r.choice(concealed))
        melds = case.text.split(" ")[1:]
        hands.append(parse_waiting_hand(" ".join([format_tiles(sorted(concealed)), *melds])))
    return hands


def test_waits_are_the_peers_on_hands_of_every_form() -> None:
    r = random.Random(5)
    differ = []
    forms: set[str] = set()
    for hand in waiting(r, 1000):
        found = read_waits(RULES, hand, Situation())
        ours = {w.tile for w in found.waits} | set(found.not_waits)
        if ours != peer_waits(hand):
            differ.append((hand, sorted(ours), sorted(peer_waits(hand))))
        for w in found.waits:
            if w.discard.score is not None:
                forms.add(w.discard.score.form)
    assert not differ, differ[:3]
    assert {"regular", "seven pairs", "thirteen orphans", "knitted straight"} <= forms, forms
    assert "honors and knitted tiles" in forms, forms


def test_shanten_is_the_peers_a_tile_or_two_away() -> None:
    r = random.Random(6)
    differ = []
    for hand in waiting(r, 1000):
        concealed = list(hand.concealed)
        concealed[r.randrange(len(concealed))] = r.randrange(34)
        if max(concealed.count(t) for t in concealed) > 4:
            continue
        away = WaitingHand(tuple(sorted(concealed)), hand.melds, 0)
        theirs = PEER.MahjongShanten(
            pack=_packs(away), hand=tuple(peer_tile(t) for t in away.concealed)
        )
        if mcr_shanten(away) != theirs:
            differ.append((away, mcr_shanten(away), theirs))
    assert not differ, differ[:3]
