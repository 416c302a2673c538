"""Hong Kong additions to the Pocket system: the added pattern keys (each with a
near miss), the bonus tiles in every seat, the minimum without them, the
impossible situations, the zero sum with bonus fan, the command line's flags
and the session record (the form: tests/ui/test_pocket_entry.py)."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_pocket_cli import run

from mjtui.core.errors import HandError, MjtuiError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.core.tiles import parse_hand
from mjtui.systems.pocket.entry import read_entry
from mjtui.systems.pocket.events import EXCLUSIVE, SITUATIONS, read_bonus
from mjtui.systems.pocket.patterns import Context, score_hand
from mjtui.systems.pocket.records import hand_from_record, hand_to_record
from mjtui.systems.pocket.system import SYSTEM, Win, change
from mjtui.systems.pocket.table import start

REPO = Path(__file__).resolve().parents[2]
HK_SET = load_ruleset(REPO / "rulesets" / "hk-common.toml")
HK = HK_SET.rules
POCKET = load_ruleset(REPO / "rulesets" / "pocket.toml").rules
PLAIN = "123m456p789s234m55p"  # concealed, all sequences: 2 fan


def score(text: str, rules=HK, win: str | None = None, **ctx):
    return score_hand(rules, parse_hand(text, win), Context(**ctx))


def keys(text: str, rules=HK, **ctx) -> list[str]:
    return [f.key for f in score(text, rules, **ctx).patterns]


def with_fan(rules, **fans):
    table = rules.patterns
    for key, fan in fans.items():
        table = replace(table, **{key: replace(getattr(table, key), fan=fan)})
    return replace(rules, patterns=table)


SEVENS = with_fan(HK, seven_pairs=4)

# (pattern key, a hand that has it, a near miss that does not; context for both)
HK_CASES = [
    ("mixed_orphans", "111m999p[111z]555z99s", "111m999p[111z]555z88s", {}, {}),
    ("mixed_orphans", "111m999p[111z]555z99s", "123m999p[111z]555z99s", {}, {}),
    ("seven_pairs", "11m22m33p44p55s66s77z", "11m22m33p44p55s66s67s", {}, {}),
    ("no_bonus", PLAIN, PLAIN, {}, {"seasons": (3,)}),
    (
        "own_flower",
        PLAIN,
        PLAIN,
        {"flowers": (2,), "seat_wind": 1},
        {"flowers": (2,), "seat_wind": 2},
    ),
    ("flower_set", PLAIN, PLAIN, {"seasons": (1, 2, 3, 4)}, {"seasons": (1, 2, 3)}),
    (
        "all_bonus",
        PLAIN,
        PLAIN,
        {"flowers": (1, 2, 3, 4), "seasons": (1, 2, 3, 4)},
        {"flowers": (1, 2, 3, 4), "seasons": (1, 2, 4)},
    ),
]


@pytest.mark.parametrize(
    "key,has,near,ctx,near_ctx", HK_CASES, ids=[f"{c[0]}-{n}" for n, c in enumerate(HK_CASES)]
)
def test_each_added_pattern_and_a_near_miss(key, has, near, ctx, near_ctx) -> None:
    rules = SEVENS if key == "seven_pairs" else HK
    assert key in keys(has, rules, **ctx)
    try:
        assert key not in keys(near, rules, **near_ctx)
    except HandError as e:  # a near miss of seven pairs is no winning hand at all
        assert key == "seven_pairs" and "not a winning hand" in str(e)


def test_mixed_orphans_is_the_common_tables_plus_one() -> None:
    # All triplets 3 + mixed orphans 1 + dragon 1 + round and seat wind East 2 + no
    # flowers 1; not all terminals or all honors.
    result = score("111m999p[111z]555z99s")
    assert [f.key for f in result.patterns] == [
        "round_wind",
        "seat_wind",
        "all_triplets",
        "dragon_triplet",
        "mixed_orphans",
        "no_bonus",
    ]
    assert result.total == 3 + 1 + 1 + 2 + 1
    assert "mixed_orphans" not in keys("111m999p[111s]999s99m")  # all terminals: a limit
    assert keys("111m999p[111s]999s99m") == ["all_terminals"]
    assert "mixed_orphans" not in keys("111m999p[111z]555z99s", POCKET)  # off: 0 fan


def test_seven_pairs_is_a_winning_hand_only_where_it_scores() -> None:
    with pytest.raises(HandError, match="not a winning hand"):
        score("11m22m33p44p55s66s77z")
    result = score("11m22m33m44m55m66m77m", SEVENS, self_draw=True)
    assert [f.key for f in result.patterns] == [
        "self_draw",
        "concealed",
        "pure_hand",
        "seven_pairs",
        "no_bonus",
    ]
    # The pairs also read as 123m 123m 456m 456m 77m (all sequences, 11 fan): the
    # better reading is paid.
    assert result.reading == "11m 22m 33m 44m 55m 66m 77m"
    assert result.total == 1 + 1 + 7 + 4 + 1
    # Four alike are not two pairs.
    with pytest.raises(HandError, match="not a winning hand"):
        score("11m11m33p44p55s66s77z", SEVENS)


@pytest.mark.parametrize("seat", range(4))
def test_bonus_tiles_in_every_seat(seat: int) -> None:
    own = seat + 1
    other = own % 4 + 1
    only_own = score(PLAIN, flowers=(own,), seat_wind=seat)
    assert [f.name for f in only_own.patterns if f.key == "own_flower"] == [
        f"Own Flower (flower {own})"
    ]
    both = score(PLAIN, flowers=(own, other), seasons=(own,), seat_wind=seat)
    assert [f.fan for f in both.patterns if f.key == "own_flower"] == [1, 1]
    assert score(PLAIN, flowers=(other,), seasons=(other,), seat_wind=seat).total == 2
    # A full set is 2 fan and holds the own number; the own season adds 1.
    full = score(PLAIN, flowers=(1, 2, 3, 4), seasons=(own,), seat_wind=seat)
    assert [(f.key, f.fan) for f in full.patterns][-2:] == [("own_flower", 1), ("flower_set", 2)]
    assert full.total == 2 + 1 + 2 and full.bonus == 3


def test_all_eight_is_a_limit_and_numbered_it_replaces_the_sets() -> None:
    eight = {"flowers": (1, 2, 3, 4), "seasons": (1, 2, 3, 4)}
    result = score(PLAIN, **eight)
    assert result.limit_hand and result.fan == 13
    numbered = score(PLAIN, with_fan(HK, all_bonus=8), **eight)
    assert [f.key for f in numbered.patterns][-1:] == ["all_bonus"]
    assert numbered.total == 2 + 8 and numbered.bonus == 8


def test_the_bonus_fan_does_not_count_toward_the_minimum_where_the_ruleset_says_so() -> None:
    before = start(HK)
    values = {"outcome": "r", "winner": "1", "tiles": PLAIN, "from": "2", "flowers": "1"}
    entry = read_entry(HK, before, values)
    assert entry.errors == (
        "2 fan without the bonus tiles' 1 is under the minimum of 3 fan "
        "to win: the hand cannot be declared (bonus tiles do not count "
        "toward it)",
    )
    counting = replace(HK, bonus=replace(HK.bonus, counts_to_minimum=True))
    entry = read_entry(counting, before, values)
    assert not entry.errors and entry.hand == Win(0, 3, 1, tiles=PLAIN, flowers=(1,))


def test_bonus_tiles_are_refused_where_the_ruleset_plays_none() -> None:
    with pytest.raises(HandError, match="plays no flowers or seasons"):
        score(PLAIN, POCKET, flowers=(1,))
    # The form reads no bonus fields there at all.
    entry = read_entry(
        POCKET, start(POCKET), {"outcome": "r", "winner": "1", "tiles": PLAIN, "flowers": "1"}
    )
    assert "flowers" not in entry.active


@pytest.mark.parametrize(
    "text,message",
    [
        ("11", "flower 1 is given twice"),
        ("15", "a flower is numbered 1 to 4, got 5"),
        ("0", "a flower is numbered 1 to 4, got 0"),
        ("1;3", "type their numbers 1-4"),
    ],
)
def test_bad_bonus_numbers(text: str, message: str) -> None:
    with pytest.raises(HandError, match=message):
        read_bonus(text, "Flowers")
    assert read_bonus(" 3, 1 ", "Flowers") == (1, 3) and read_bonus("", "Seasons") == ()


# ---------------------------------------------------------------- impossible situations


def test_every_exclusive_pair_is_refused_everywhere() -> None:
    words = {s.word for s in SITUATIONS}
    for one, other, why in EXCLUSIVE:
        assert {one, other} <= words
        # The session record (Win.context) and the tiles' context both refuse it.
        for self_draw in (False, True):
            with pytest.raises(HandError):
                SYSTEM.check(
                    HK, Win(1, 13, None if self_draw else 2, tiles=PLAIN, context=(one, other))
                )
        ctx = {s.field: s.word in (one, other) for s in SITUATIONS}
        with pytest.raises(HandError, match=why.split(":")[0]):
            score(PLAIN, self_draw="heavenly" in (one, other), **ctx)


@pytest.mark.parametrize(
    "args,message",
    [
        (["122334m456p789s55z", "--robbing-kong", "--last-tile"], "a robbed kong is never the"),
        (
            ["122334m456p789s55z", "--seat", "S", "--earthly", "--self-draw"],
            "an earthly hand is won on the starter's first discard, not a self-draw",
        ),
        (
            ["122334m456p789s55z", "--seat", "S", "--heavenly", "--self-draw"],
            "a heavenly hand is the starter's",
        ),
        (["122334m456p789s55z", "--heavenly"], "a heavenly hand is the starter's"),
        (["122334m456p789s55z", "--self-draw", "--kong-replacement"], "needs a kong"),
        (["123m456p789s[2222z]55p", "--kong-replacement"], "replacement tile is a self-draw"),
        (["123m456p789s[222z]55p", "--seat", "S", "--earthly"], "so it has no meld"),
        (["122334m456p789s55z", "--seat", "E", "--earthly"], "other than the starter"),
    ],
)
def test_the_command_refuses_impossible_situations(capsys, args, message) -> None:
    with pytest.raises(MjtuiError, match=message):
        run(["hk-common", *args], capsys)


def test_a_session_record_with_an_impossible_situation_is_refused() -> None:
    record = {
        "win": 2,
        "fan": 4,
        "from": 3,
        "tiles": PLAIN,
        "context": ["robbing-kong", "last-tile"],
    }
    with pytest.raises(HandError, match="a robbed kong is never the last tile"):
        hand_from_record(HK, record)
    record = {"win": 2, "fan": 4, "tiles": PLAIN, "context": ["kong-replacement"]}
    with pytest.raises(HandError, match="needs a kong"):
        hand_from_record(HK, record)


# ---------------------------------------------------------------- payments


@given(
    fan_of=st.sampled_from(["no", "own", "set", "all"]),
    seat=st.integers(0, 3),
    winner=st.integers(0, 3),
    discarder=st.integers(-1, 3),
    curve=st.sampled_from(["half-spicy", "spicy", "table"]),
    discard=st.sampled_from(["half", "full", "all"]),
)
def test_every_payment_with_bonus_fan_sums_to_zero(
    fan_of, seat, winner, discarder, curve, discard
) -> None:
    bonus = {
        "no": {},
        "own": {"flowers": (seat + 1,)},
        "set": {"seasons": (1, 2, 3, 4)},
        "all": {"flowers": (1, 2, 3, 4), "seasons": (1, 2, 3, 4)},
    }[fan_of]
    pay = replace(
        HK.payments,
        curve=curve,
        discard=discard,
        multipliers=(1, 1, 1, 1, 2, 2, 2, 4, 4, 4, 8) if curve == "table" else (),
    )
    rules = replace(HK, payments=pay)
    result = score("123m456m789m234m55m", rules, seat_wind=seat, **bonus)
    assert result.bonus > 0 or fan_of == "all"
    by = None if discarder in (-1, winner) else discarder
    hand = Win(winner, result.fan, by, tiles="123m456m789m234m55m", **bonus)
    delta = change(rules, hand)
    assert sum(delta) == 0 and delta[winner] > 0


# ---------------------------------------------------------------- the command line


def test_the_flags_score_the_bonus_tiles(capsys) -> None:
    _, out = run(
        [
            "hk-common",
            "111m999p[111z]555z99s",
            "--seat",
            "W",
            "--flowers",
            "3,1",
            "--seasons",
            "3",
            "--json",
        ],
        capsys,
    )
    data = json.loads(out)
    assert (data["flowers"], data["seasons"]) == ([1, 3], [3])
    assert [(p["key"], p["name"]) for p in data["patterns"] if "flower" in p["key"]] == [
        ("own_flower", "Own Flower (flower 3)"),
        ("own_flower", "Own Flower (season 3)"),
    ]
    # All triplets, mixed orphans, a dragon, the round wind (East), two own.
    assert data["total"] == 3 + 1 + 1 + 1 + 2
    _, out = run(["hk-common", "111m999p[111z]555z99s", "--flowers", "1,3"], capsys)
    assert "flowers 1 3" in out and "Own Flower (flower 1) 1" in out
    for bad, message in (
        (["--flowers", "1,1"], "flower 1 is given twice"),
        (["--seasons", "5"], "numbered 1 to 4, got 5"),
    ):
        with pytest.raises(MjtuiError, match=message):
            run(["hk-common", PLAIN, *bad], capsys)
    with pytest.raises(MjtuiError, match="plays no flowers or seasons"):
        run(["pocket", PLAIN, "--flowers", "1"], capsys)


# ---------------------------------------------------------------- the session record


def test_flowers_and_seasons_round_trip_in_the_session_file(folders, tmp_path: Path) -> None:
    hand = Win(2, 7, discarder=1, tiles="111m999p[111z]555z99s", flowers=(1, 3), seasons=(3,))
    record = hand_to_record(hand)
    assert record["flowers"] == [1, 3] and record["seasons"] == [3]
    assert hand_from_record(HK, record) == hand
    session = Session(
        HK_SET,
        ("Ann", "Bob", "Cy", "Di"),
        datetime(2026, 11, 30, 20, 0, tzinfo=timezone(timedelta(hours=8))),
    )
    session.add(hand)
    path = tmp_path / "hk.toml"
    save_session(session, path)
    saved = tomllib.loads(path.read_text(encoding="utf-8"))["hands"][0]
    assert (saved["flowers"], saved["seasons"]) == ([1, 3], [3])
    loaded = load_session(path, lambda name: HK_SET).session
    assert loaded.hands == [hand]


@pytest.mark.parametrize(
    "extra,message",
    [
        ({"flowers": [1, 1]}, "flower 1 is given twice"),
        ({"seasons": [0]}, "a season is numbered 1 to 4, got 0"),
        ({"flowers": "13"}, "'flowers' must be an array of numbers 1 to 4"),
    ],
)
def test_bad_flowers_in_a_record(extra, message) -> None:
    with pytest.raises(HandError, match=message):
        hand_from_record(HK, {"win": 1, "fan": 5, "tiles": PLAIN, **extra})


def test_a_record_with_flowers_under_a_ruleset_without_them() -> None:
    with pytest.raises(HandError, match="plays no flowers or seasons"):
        hand_from_record(POCKET, {"win": 1, "fan": 5, "tiles": PLAIN, "flowers": [1]})
    # An old record (no flowers key) reads as before.
    assert hand_from_record(HK, {"win": 1, "fan": 5, "tiles": PLAIN}).flowers == ()


def test_a_file_hand_short_of_the_minimum_without_its_bonus_tiles_is_refused() -> None:
    # 2 fan from the tiles and 1 for seat 1's own flower: 3 fan paid, but under
    # hk-common the flower does not count toward the minimum of 3.
    session = Session(HK_SET, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30))
    short = hand_from_record(HK, {"win": 1, "fan": 3, "from": 2, "tiles": PLAIN, "flowers": [1]})
    with pytest.raises(HandError, match="2 fan without the bonus tiles' 1 is under the minimum"):
        session.add(short)
    assert session.hands == []
    # Two pungs of dragons reach the minimum on their own.
    enough = hand_from_record(
        HK, {"win": 1, "fan": 4, "from": 2, "tiles": "123m456p555z666z55p", "flowers": [1]}
    )
    session.add(enough)
    assert session.hands == [enough]
