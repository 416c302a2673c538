"""Our MCR calculator against PyMahjongGB 1.4.0 (Botzone's reference) on generated hands.

Seeded hands of every form and situation (tests/mcr_hand_gen.py); every one
must score the same fans, counts and total as the peer, and together they must
reach every fan. Skipped where PyMahjongGB is not installed (the test extras).
docs/mcr.md has the larger run's figures (scripts/mcr_differential.py).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from mcr_hand_gen import cases
from mcr_peer import PEER, peer_fans

from mjtui.core.rulesets.schema import read_struct
from mjtui.systems.mcr.calculator import score_text
from mjtui.systems.mcr.fans import KEYS
from mjtui.systems.mcr.rules import PRESET, Rules

REPO = Path(__file__).resolve().parents[2]
RULES = read_struct(Rules, tomllib.loads((PRESET).read_text()))

pytestmark = pytest.mark.skipif(PEER is None, reason="PyMahjongGB is not installed")


def test_every_generated_hand_scores_as_the_reference_scores_it() -> None:
    reached: set[str] = set()
    differ = []
    for case in cases(3000, seed=29):
        ours = score_text(RULES, case.text, case.situation)
        theirs = peer_fans(case.peer_args())
        assert theirs is not None, case.text
        found = dict(ours.fans)
        reached.update(found)
        if found != theirs[0] or ours.fan != theirs[1]:
            differ.append((case.text, case.situation, found, theirs))
    assert not differ, differ[:3]
    assert set(KEYS) - reached <= {"flower_tiles"}, sorted(set(KEYS) - reached)


def test_the_peer_is_the_pinned_version() -> None:
    from importlib.metadata import version

    assert version("PyMahjongGB") == "1.4.0"
