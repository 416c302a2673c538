"""The EMA rulesets (riichi-ema, riichi-ema2025) and the two riichi keys they brought:
``chombo.ends_last_hand`` and ``final.substitute`` (docs/tournament.md, docs/rulesets.md)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mjtui.core.errors import RulesetError
from mjtui.core.rulesets.ruleset import load_ruleset, rules_from_table
from mjtui.core.systems.capabilities import FixedResult
from mjtui.systems.riichi.system import SYSTEM, Chombo, ExhaustiveDraw, Win, Winner

REPO = Path(__file__).resolve().parents[2]


def rules(name: str):
    return load_ruleset(REPO / "rulesets" / f"{name}.toml").rules


EMA, EMA2025 = rules("riichi-ema"), rules("riichi-ema2025")


def test_the_ema_presets() -> None:
    for r in (EMA, EMA2025):
        assert (r.table.start_points, r.table.target_points) == (30000, 30000)
        assert r.final.uma == (15000, 5000, -5000, -15000) and r.final.oka == 0
        assert r.final.ties == "split"  # uma shared on ties
        assert (r.chombo.payment, r.chombo.final_penalty) == ("none", 20000)
        assert r.limits.kazoe == 6000 and not r.limits.multiple_yakuman  # no kazoe yakuman
        assert not r.yaku.double_yakuman and not r.yaku.red_fives
        assert not r.draws.abortive and not r.draws.nagashi_mangan
        assert r.payments.multiple_ron == "triple" and r.payments.multiple_ron_honba == "each"
        assert r.end.left_over_deposits == "first" and not r.end.tobi
        assert r.fu.double_wind_pair == 4
        assert r.final.substitute == (-15000, -15000)
    assert not EMA.limits.kiriage and EMA2025.limits.kiriage
    assert not EMA.chombo.ends_last_hand and EMA2025.chombo.ends_last_hand
    # The two differ in exactly these (and their names), as Pantheon's presets do.
    assert (
        replace(
            EMA2025,
            name=EMA.name,
            description=EMA.description,
            limits=EMA.limits,
            chombo=EMA.chombo,
        )
        == EMA
    )


def play(r, *hands):
    state = SYSTEM.start(r)
    for hand in hands:
        SYSTEM.check_in_play(r, state, hand)
        state = SYSTEM.apply(r, state, hand)
    return state


def to_south_4(r):
    """East 1 to South 3 passed on by draws with nobody tenpai: the next hand is South 4."""
    return [ExhaustiveDraw(tenpai=()) for _ in range(7)]


def test_a_chombo_in_the_last_hand_ends_the_game_under_ema_2025_only() -> None:
    for r in (EMA, EMA2025):
        before = play(r, *to_south_4(r))
        assert before.round == "S4" and not before.finished
    ended = play(EMA2025, *to_south_4(EMA2025), Chombo(2))
    assert ended.finished and ended.end == "chombo" and ended.end_seat == 2
    assert "seat 3's chombo in South 4" in ended.end_text
    assert ended.penalties == (0, 0, 20000, 0)
    # EMA 2016: the hand is played again.
    again = play(EMA, *to_south_4(EMA), Chombo(2))
    assert not again.finished and again.round == "S4" and again.penalties == (0, 0, 20000, 0)


def test_a_chombo_before_the_last_hand_is_played_again_under_ema_2025() -> None:
    state = play(EMA2025, Chombo(0))
    assert not state.finished and state.round == "E1"
    # South 4 repeated by the dealer's win is still the last hand.
    state = play(
        EMA2025, *to_south_4(EMA2025), Win(winners=(Winner(3, 2, 30),), discarder=0), Chombo(1)
    )
    assert state.finished and state.end == "chombo"


def test_with_extra_rounds_the_last_hand_is_the_one_that_would_end_the_game() -> None:
    # Tenhou's West round goes on while nobody has 30000: a chombo in South 4 with
    # everyone at 25000 is not the last hand, so it is played again even with the key.
    r = replace(
        rules("riichi-tenhou"), chombo=replace(rules("riichi-tenhou").chombo, ends_last_hand=True)
    )
    state = play(r, *to_south_4(r), Chombo(1))
    assert not state.finished and state.round == "S4"


def test_a_ruleset_or_session_without_the_new_keys_reads_as_before() -> None:
    table = load_ruleset(REPO / "rulesets" / "riichi-wrc.toml").table()
    del table["chombo"]["ends_last_hand"], table["final"]["substitute"]
    wrc = rules_from_table(table, "x", "rules.")
    assert wrc == rules("riichi-wrc")
    assert not wrc.chombo.ends_last_hand and wrc.final.substitute == ()


def test_the_ranking_gives_the_fixed_result_s_score_and_its_raw_part() -> None:
    """[points, uma]: both count in the score, the points alone in the raw (the EMA
    report's Score; Pantheon's replacementPlayerFixedPoints stands for the points won,
    its replacementPlayerOverrideUma for the uma)."""
    for r in (EMA, EMA2025):
        assert SYSTEM.ranking(r).substitute == FixedResult(score=-30000, raw=-15000)
    club = replace(EMA, final=replace(EMA.final, substitute=(-10000, -20000)))
    assert SYSTEM.ranking(club).substitute == FixedResult(score=-30000, raw=-10000)
    assert SYSTEM.ranking(rules("riichi-wrc")).substitute is None  # the seat's result


def test_a_substitute_of_one_number_is_refused_with_the_key(tmp_path: Path) -> None:
    text = (REPO / "rulesets" / "riichi-ema.toml").read_text(encoding="utf-8")
    path = tmp_path / "club.toml"
    path.write_text(
        text.replace("substitute = [-15000, -15000]", "substitute = [-15000]"), encoding="utf-8"
    )
    with pytest.raises(RulesetError, match=r"key 'final.substitute': expected \[points, uma\]"):
        load_ruleset(path)


@pytest.mark.parametrize("name", ["riichi-ema", "riichi-ema2025"])
def test_the_ema_rules_reference_fits_the_screen(name: str) -> None:
    from mjtui.core.reports.reference import WIDTH, reference_text

    text = reference_text(load_ruleset(REPO / "rulesets" / f"{name}.toml"))
    assert max(len(line) for line in text.splitlines()) <= WIDTH
