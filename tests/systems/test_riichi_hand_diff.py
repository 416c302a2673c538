"""The analyzer against the `mahjong` library (2.1.0, a test dependency) on generated hands.

Every generated winning hand (open melds, kans, red fives, dora and ura,
riichi, every seat and round wind, situational yaku; tests/riichi_hand_gen.py)
must get the same han, fu and payments from both, or the same refusal (no
yaku). The library is configured from each preset (open tanyao, red fives,
double yakuman, kazoe, kiriage, open pinfu, pinfu tsumo). Two ruleset
options have no library setting (docs/tiles.md): a double-wind pair of 2 fu
(M-League, WRC) and one yakuman for a composite yakuman hand (WRC). Those
presets are compared with the two options set as the library has them, and
then as shipped, where every disagreement must come from one of the two.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mjtui.core.errors import HandError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.riichi.hand import analyze

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))

from riichi_hand_gen import (  # noqa: E402
    agrees,
    as_library,
    cases,
    library_rules,
    library_score,
    to_library,
)

HANDS = {"tenhou": 6000, "mleague": 2500, "wrc": 2500}


def score(rules, case):
    try:
        return analyze(rules, case.hand, case.ctx)
    except HandError as e:
        return e


def double_wind_pair(case) -> bool:
    ctx = case.ctx
    wind = 27 + ctx.seat_wind
    return ctx.seat_wind == ctx.round_wind and case.hand.counts()[wind] >= 2


@pytest.mark.parametrize("name", list(HANDS))
def test_the_analyzer_agrees_with_the_mahjong_library(name: str) -> None:
    shipped = load_ruleset(REPO / "rulesets" / f"riichi-{name}.toml").rules
    rules = as_library(shipped)
    options = library_rules(rules)
    generated = cases(HANDS[name], seed=len(name))
    scored = disagree = explained = 0
    for case in generated:
        result = library_score(to_library(case, options))
        ours = score(rules, case)
        assert agrees(ours, result, case.ctx), (case.text, case.win, case.ctx, ours, result)
        scored += not isinstance(ours, HandError)
        if rules == shipped:
            continue
        actual = score(shipped, case)
        if not agrees(actual, result, case.ctx):
            disagree += 1
            composite = (
                not isinstance(actual, HandError)
                and actual.yakuman
                and (not shipped.limits.multiple_yakuman)
                and result.han >= 26
            )
            explained += double_wind_pair(case) or bool(composite)
    assert scored > HANDS[name] * 0.7
    assert disagree == explained
    if rules != shipped:
        assert disagree > 0  # the documented differences do show up


def test_the_generated_hands_cover_every_yaku() -> None:
    from mjtui.systems.riichi.hand.yaku import YAKU, YAKUMAN

    rules = load_ruleset(REPO / "rulesets" / "riichi-tenhou.toml").rules
    seen: set[str] = set()
    features = {"open": 0, "kan": 0, "red": 0, "tsumo": 0, "riichi": 0, "dealer": 0}
    for case in cases(HANDS["tenhou"], seed=len("tenhou")):
        ours = score(rules, case)
        features["open"] += not case.hand.closed
        features["kan"] += any(m.kind == "kan" for m in case.hand.melds)
        features["red"] += case.hand.red > 0
        features["tsumo"] += case.ctx.tsumo
        features["riichi"] += case.ctx.riichi
        features["dealer"] += case.ctx.dealer
        if not isinstance(ours, HandError):
            seen.update(ours.yaku_names)
    assert set(YAKU) - seen == set()
    assert set(YAKUMAN) - seen == set()
    assert min(features.values()) > 500, features
