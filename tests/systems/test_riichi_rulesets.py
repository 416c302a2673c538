"""The shipped riichi rulesets: the presets of rules.md §3, every key documented,
and broken riichi rulesets reported with the key."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest

from mjtui.core.errors import RulesetError
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset, rules_from_table
from mjtui.core.systems import SYSTEMS
from mjtui.systems.riichi.system import SYSTEM, Rules

REPO = Path(__file__).resolve().parents[2]
SHIPPED = ("riichi-tenhou", "riichi-wrc", "riichi-mleague")


def load(name: str):
    return load_ruleset(REPO / "rulesets" / f"{name}.toml")


def test_the_riichi_system_is_registered() -> None:
    assert SYSTEMS["riichi"] is SYSTEM
    entries = {e.id: e for e in RulesetLibrary([REPO / "rulesets"]).entries()}
    for name in SHIPPED:
        assert entries[name].error is None, entries[name].error
        assert entries[name].ruleset.players == 4


def test_the_presets_of_rules_md() -> None:
    # | preset | start / target | uma | notes |
    # | WRC | 30000 / 30000 | +15/+5/-5/-15 | kiriage, no kazoe, no double yakuman,
    #                                          head bump, left-over sticks vanish |
    wrc = load("riichi-wrc").rules
    assert (wrc.table.start_points, wrc.table.target_points) == (30000, 30000)
    assert wrc.final.uma == (15000, 5000, -5000, -15000) and wrc.final.oka == 0
    assert wrc.limits.kiriage and wrc.limits.kazoe == 6000
    assert not wrc.limits.multiple_yakuman
    assert wrc.payments.multiple_ron == "head-bump"
    assert wrc.end.left_over_deposits == "lost"
    # | M-League | 25000 / 30000 | +30/+10/-10/-30 (+20 oka to 1st) | double-wind
    #                                          pair 2 fu, head bump |
    ml = load("riichi-mleague").rules
    assert (ml.table.start_points, ml.table.target_points) == (25000, 30000)
    assert ml.final.uma == (30000, 10000, -10000, -30000) and ml.final.oka == 20000
    assert ml.fu.double_wind_pair == 2 and ml.payments.multiple_ron == "head-bump"
    assert ml.end.left_over_deposits == "first"
    # | Tenhou | 25000 / 30000 | +20/+10/-10/-20 (+20 oka) | double-wind pair 4 fu,
    #                                          double ron, tobi, west round to 30000 |
    th = load("riichi-tenhou").rules
    assert (th.table.start_points, th.table.target_points) == (25000, 30000)
    assert th.final.uma == (20000, 10000, -10000, -20000) and th.final.oka == 20000
    assert th.fu.double_wind_pair == 4 and th.payments.multiple_ron == "double"
    assert th.end.tobi and (th.length.rounds, th.length.extra_rounds) == (2, 1)
    assert th.end.left_over_deposits == "first"
    # Shared by all three (rules.md §3): honba 300 / 100, riichi 1000, noten 3000,
    # pinfu tsumo 20, open pinfu shape 30, seven pairs 25.
    for r in (wrc, ml, th):
        assert (r.payments.honba_ron, r.payments.honba_tsumo) == (300, 100)
        assert (r.payments.riichi_deposit, r.draws.noten_total) == (1000, 3000)
        assert (r.fu.pinfu_tsumo, r.fu.open_pinfu, r.fu.seven_pairs) == (20, 30, 25)
        assert r.final.oka == (r.table.target_points - r.table.start_points) * 4


def leaf_keys() -> list[str]:
    hints = typing.get_type_hints(Rules)
    keys = []
    for f in dataclasses.fields(Rules):
        tp = hints[f.name]
        if dataclasses.is_dataclass(tp):
            keys += [f"{f.name}.{g.name}" for g in dataclasses.fields(tp)]
    return keys


def test_every_key_is_documented_and_set_in_every_shipped_ruleset() -> None:
    doc = (REPO / "docs" / "rulesets.md").read_text(encoding="utf-8")
    riichi = doc.split('## `system = "riichi"`')[1]
    missing = [k for k in leaf_keys() if f"`{k}`" not in riichi]
    assert missing == []
    for name in SHIPPED:
        text = (REPO / "rulesets" / f"{name}.toml").read_text(encoding="utf-8")
        for key in leaf_keys():
            assert f"\n{key.split('.')[1]} = " in text, (name, key)


def riichi_text(old: str = "", new: str = "") -> str:
    text = (REPO / "rulesets" / "riichi-tenhou.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "old,new,key,words",
    [
        (
            "uma = [20000, 10000, -10000, -20000]",
            "uma = [20000, -20000]",
            "final.uma",
            "expected 4 amounts",
        ),
        ("extra_rounds = 1", "extra_rounds = 3", "length.extra_rounds", "4 or less"),
        ("noten_total = 3000", "noten_total = 1000", "draws.noten_total", "multiple of 12"),
        ("open_pinfu = 30", "open_pinfu = 25", "fu.open_pinfu", "one of 20, 30"),
        (
            'multiple_ron = "double"',
            'multiple_ron = "yes"',
            "payments.multiple_ron",
            "'head-bump', 'double', 'triple'",
        ),
        ("kiriage = false", 'kiriage = "no"', "limits.kiriage", "true or false"),
        ("rounds = 2", "rounds = 0", "length.rounds", "from 1 to 4"),
        ("tobi = true\n", "", "end.tobi", "missing"),
        ("[chombo]", "[chombo]\nfine = 1", "chombo.fine", "unknown key"),
    ],
)
def test_broken_riichi_rulesets(tmp_path: Path, old, new, key, words) -> None:
    path = tmp_path / "club.toml"
    path.write_text(riichi_text(old, new), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert str(path) in message and f"key '{key}'" in message and words in message


def test_a_ruleset_table_round_trips() -> None:
    # The session file keeps the rules as a table; reading it back gives the same rules.
    for name in SHIPPED:
        ruleset = load(name)
        assert rules_from_table(ruleset.table(), "x", "rules.") == ruleset.rules
