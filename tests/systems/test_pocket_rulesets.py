"""The shipped Pocket Mahjong rulesets: the seed's six lines and rules.md §4, every
key documented and set, and broken pocket rulesets reported with the key."""

from __future__ import annotations

import dataclasses
import tomllib
import typing
from pathlib import Path

import pytest

from mjtui.core.errors import RulesetError
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset, rules_from_table
from mjtui.core.systems import SYSTEMS
from mjtui.systems.pocket.rules import Patterns
from mjtui.systems.pocket.system import SYSTEM, Rules

REPO = Path(__file__).resolve().parents[2]
SHIPPED = ("pocket", "pocket-3fan", "hk-common")
# Keys a ruleset may leave out: the list of multipliers is for curve = "table" only.
OPTIONAL = {"payments.multipliers"}


def load(name: str):
    return load_ruleset(REPO / "rulesets" / f"{name}.toml")


def test_the_pocket_system_is_registered() -> None:
    assert SYSTEMS["pocket"] is SYSTEM
    entries = {e.id: e for e in RulesetLibrary([REPO / "rulesets"]).entries()}
    for name in SHIPPED:
        assert entries[name].error is None, entries[name].error
        assert entries[name].ruleset.players == 4


def test_the_seed_lines_and_the_completion() -> None:
    for name in ("pocket", "pocket-3fan"):
        p = load(name).rules.patterns
        # Seed 004: Chi Mo 1, Clean Door 1, Pure Hand 6, Semi-Pure Hand 3, Round Wind 1,
        # Seat Wind 1.
        assert [
            p.self_draw.fan,
            p.concealed.fan,
            p.pure_hand.fan,
            p.semi_pure_hand.fan,
            p.round_wind.fan,
            p.seat_wind.fan,
        ] == [1, 1, 6, 3, 1, 1]
        assert p.pure_hand.excludes == ("semi_pure_hand",)
        # rules.md §4: all sequences 1, all triplets 3, dragon triplet 1, small three
        # dragons 4 (instead of the dragon triplets), big three dragons 6, robbing a kong 1,
        # kong replacement 1, last tile 1; the limit hands.
        assert [
            p.all_sequences.fan,
            p.all_triplets.fan,
            p.dragon_triplet.fan,
            p.small_dragons.fan,
            p.big_dragons.fan,
            p.robbing_kong.fan,
            p.kong_replacement.fan,
            p.last_tile.fan,
        ] == [1, 3, 1, 4, 6, 1, 1, 1]
        assert "dragon_triplet" in p.small_dragons.excludes
        limits = [k for k, pattern in p.items() if pattern.fan == "limit"]
        assert limits == [
            "big_four_winds",
            "small_four_winds",
            "all_honors",
            "all_terminals",
            "nine_gates",
            "four_kongs",
            "four_concealed_triplets",
            "thirteen_orphans",
            "heavenly_hand",
            "earthly_hand",
        ]
    hk = load("pocket").rules
    assert (hk.fan.minimum, hk.fan.limit) == (3, 10)
    assert hk.payments.curve == "half-spicy" and hk.payments.discard == "half"
    assert hk.payments.guarantee and hk.false_win.fan == "limit"
    three = load("pocket-3fan").rules
    assert (three.fan.minimum, three.fan.limit, three.payments.curve) == (3, 10, "table")
    assert three.payments.multipliers[3:] == (1, 2, 2, 2, 4, 4, 4, 8)


def leaf_keys() -> list[str]:
    hints = typing.get_type_hints(Rules)
    keys = []
    for f in dataclasses.fields(Rules):
        if dataclasses.is_dataclass(hints[f.name]):
            keys += [f"{f.name}.{g.name}" for g in dataclasses.fields(hints[f.name])]
    return keys


def test_every_key_is_documented_and_set_in_every_shipped_ruleset() -> None:
    doc = (REPO / "docs" / "rulesets.md").read_text(encoding="utf-8")
    pocket = doc.split('## `system = "pocket"`')[1]
    assert [k for k in leaf_keys() if f"`{k}`" not in pocket] == []
    for word in ("`name`", "`fan`", "`excludes`"):
        assert word in pocket
    for name in SHIPPED:
        text = (REPO / "rulesets" / f"{name}.toml").read_text(encoding="utf-8")
        for key in leaf_keys():
            if key not in OPTIONAL:
                assert f"\n{key.split('.')[1]} = " in text, (name, key)
    assert len(dataclasses.fields(Patterns)) == 30


def pocket_text(old: str = "", new: str = "") -> str:
    text = (REPO / "rulesets" / "pocket.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "old,new,key,words",
    [
        ("minimum = 3", "minimum = 11", "fan.minimum", "at most fan.limit"),
        ("limit = 10", "limit = 0", "fan.limit", "from 1 to 99"),
        (
            'curve = "half-spicy"',
            'curve = "mild"',
            "payments.curve",
            "'half-spicy', 'spicy', 'table'",
        ),
        ('curve = "half-spicy"', 'curve = "table"', "payments.multipliers", "missing"),
        (
            'curve = "half-spicy"',
            'curve = "spicy"\nmultipliers = [1, 2]',
            "payments.multipliers",
            "only read with curve = 'table'",
        ),
        ('discard = "half"', 'discard = "double"', "payments.discard", "'half', 'full', 'all'"),
        (
            'fan = "limit"\nstarter',
            'fan = "max"\nstarter',
            "false_win.fan",
            "an integer >= 0 or one of 'limit'",
        ),
        (
            'pure_hand = { name = "Pure Hand", fan = 6, excludes = ["semi_pure_hand"] }',
            'pure_hand = { name = "Pure Hand", fan = 6, excludes = ["semipure"] }',
            "patterns.pure_hand.excludes",
            "'semipure' is not another pattern key",
        ),
        (
            'last_tile = { name = "Win on the Last Tile", fan = 1 }\n',
            "",
            "patterns.last_tile",
            "missing",
        ),
        ("rounds = 4", "rounds = 5", "table.rounds", "from 1 to 4"),
        ("guarantee = true", "guarantee = true\nbao = 1", "payments.bao", "unknown key"),
    ],
)
def test_broken_pocket_rulesets(tmp_path: Path, old, new, key, words) -> None:
    path = tmp_path / "club.toml"
    path.write_text(pocket_text(old, new), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert str(path) in message and f"key '{key}'" in message and words in message


def test_hk_common_plays_the_common_table_with_flowers() -> None:
    rules = load("hk-common").rules
    p = rules.patterns
    assert (p.pure_hand.fan, p.small_dragons.fan, p.big_dragons.fan, p.mixed_orphans.fan) == (
        7,
        5,
        "limit",
        1,
    )
    assert (p.no_bonus.fan, p.own_flower.fan, p.flower_set.fan, p.all_bonus.fan) == (
        1,
        1,
        2,
        "limit",
    )
    assert p.seven_pairs.fan == 0
    assert rules.bonus.tiles and not rules.bonus.counts_to_minimum
    assert (rules.fan.minimum, rules.fan.limit) == (3, 13)
    # The Pocket page plays 136 tiles; its rulesets no flowers and no added pattern.
    for name in ("pocket", "pocket-3fan"):
        old = load(name).rules
        assert not old.bonus.tiles
        assert all(
            getattr(old.patterns, k).fan == 0
            for k in (
                "mixed_orphans",
                "seven_pairs",
                "no_bonus",
                "own_flower",
                "flower_set",
                "all_bonus",
            )
        )


def test_a_ruleset_written_before_the_added_keys_still_reads() -> None:
    text = (REPO / "rulesets" / "pocket.toml").read_text(encoding="utf-8")
    for key in (
        "mixed_orphans",
        "seven_pairs",
        "no_bonus",
        "own_flower",
        "flower_set",
        "all_bonus",
    ):
        text = "\n".join(line for line in text.split("\n") if not line.startswith(key))
    text = (
        text.replace("[bonus]\n", "")
        .replace("tiles = false\n", "")
        .replace("counts_to_minimum = true\n", "")
    )
    rules = rules_from_table(tomllib.loads(text), "old", "")
    assert rules == load("pocket").rules


def test_a_ruleset_table_round_trips() -> None:
    for name in SHIPPED:
        ruleset = load(name)
        assert rules_from_table(ruleset.table(), "x", "rules.") == ruleset.rules


def test_other_start_points() -> None:
    ruleset = load("pocket").with_start_points(2000)
    assert SYSTEM.start(ruleset.rules).totals == (2000,) * 4
