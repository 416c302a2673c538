"""The Pocket Mahjong hand as typed (systems/pocket/entry.py), without the app:
which fields count for each outcome, every message, the hand, and editing back."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.pocket.entry import (
    FIELDS,
    OUTCOMES,
    TICKED,
    active_fields,
    fan_note,
    patterns_text,
    read_entry,
    values_of,
)
from mjtui.systems.pocket.events import CONTEXT, MAX_FAN, SITUATIONS
from mjtui.systems.pocket.patterns import Context, Found, Score
from mjtui.systems.pocket.system import Draw, FalseWin, Win, table

REPO = Path(__file__).resolve().parents[2]
POCKET = load_ruleset(REPO / "rulesets" / "pocket.toml").rules
NO_GUARANTEE = replace(POCKET, payments=replace(POCKET.payments, guarantee=False))
START = table.start(POCKET)  # seat 1 (index 0) is the starter, East round
WIN_FIELDS = {"outcome", "winner", "fan", "tiles"}
# Ann (the starter) self-draws: semi-pure 3, round and seat wind East 1 + 1, self-draw 1.
ANN_TILES = "123m456m789m111z55m"


def read(rules=POCKET, before=START, **values: str):
    return read_entry(rules, before, values)


def active(rules=POCKET, before=START, **values: str) -> set[str]:
    return set(active_fields(rules, before, values))


def error(**values: str) -> str:
    entry = read(**values)
    assert entry.hand is None and len(entry.errors) == 1
    return entry.errors[0]


# ------------------------------------------------------------------ the lists


def test_one_list_of_situations_names_the_fields_the_context_and_the_words() -> None:
    words = [s.word for s in SITUATIONS]
    assert list(CONTEXT) == words
    assert list(FIELDS) == [
        "outcome",
        "winner",
        "fan",
        "tiles",
        *words,
        "flowers",
        "seasons",
        "from",
        "guarantor",
        "offender",
    ]
    flags = [f.name for f in dataclasses.fields(Context)]
    assert flags == [
        "seat_wind",
        "round_wind",
        "self_draw",
        *(s.field for s in SITUATIONS),
        "flowers",
        "seasons",
    ]
    patterns = {key for key, _ in POCKET.patterns.items()}
    assert {s.pattern for s in SITUATIONS} <= patterns
    assert all(len(s.label) <= 12 for s in SITUATIONS)  # five boxes on one line at 80 columns


def test_the_outcome_letters_are_every_systems() -> None:
    assert list(OUTCOMES) == ["r", "t", "d", "c"]


# ------------------------------------------------------------------ active fields


def test_active_fields_per_outcome() -> None:
    assert active() == {"outcome"}
    assert active(outcome="x") == {"outcome"}
    assert active(outcome="d", winner="2", fan="4") == {"outcome"}
    assert active(outcome="c") == {"outcome", "offender"}
    assert active(outcome="r") == WIN_FIELDS | {"from"}
    assert active(outcome="R") == WIN_FIELDS | {"from"}
    assert active(outcome="t") == WIN_FIELDS | {"guarantor"}
    assert active(NO_GUARANTEE, outcome="t") == WIN_FIELDS


def test_fan_or_tiles_whichever_is_typed_leaves_the_other_out() -> None:
    assert active(outcome="r", fan="4") == {"outcome", "winner", "fan", "from"}
    with_tiles = active(outcome="r", winner="2", tiles="123m")
    assert "fan" not in with_tiles and "tiles" in with_tiles
    # Both given (a file, or a paste): the tiles count.
    assert "fan" not in active(outcome="r", fan="4", tiles="123m")


def test_situations_only_with_tiles_and_only_those_that_can_happen() -> None:
    def situations(**values: str) -> set[str]:
        return active(**values) & set(CONTEXT)

    assert situations(outcome="t", winner="1", fan="4") == set()
    # A self-draw: no robbed kong; heavenly only for the starter (seat 1).
    assert situations(outcome="t", winner="1", tiles=ANN_TILES) == {
        "kong-replacement",
        "last-tile",
        "heavenly",
    }
    # An earthly hand is won on the starter's first discard, never a self-draw.
    assert situations(outcome="t", winner="2", tiles=ANN_TILES) == {"kong-replacement", "last-tile"}
    # A discard: no kong replacement; earthly only for another than the starter.
    assert situations(outcome="r", winner="2", tiles=ANN_TILES) == {
        "robbing-kong",
        "last-tile",
        "earthly",
    }
    assert situations(outcome="r", winner="1", tiles=ANN_TILES) == {"robbing-kong", "last-tile"}
    # The starter moves with the table.
    later = replace(START, passes=1)
    assert "heavenly" in active(before=later, outcome="t", winner="2", tiles=ANN_TILES)


def test_a_field_that_is_not_active_is_not_read() -> None:
    # A box left ticked that cannot go with the outcome: the hand is scored without it.
    entry = read(outcome="t", winner="1", tiles=ANN_TILES, **{"robbing-kong": TICKED})
    assert entry.hand == Win(0, 7, tiles=ANN_TILES, context=())
    assert read(
        outcome="r",
        winner="3",
        fan="4",
        **{"from": "2"},
        guarantor="4",
        offender="1",
        **{"last-tile": TICKED},
    ).hand == Win(2, 4, 1)
    assert read(outcome="d", winner="3", fan="4").hand == Draw()
    assert read(outcome="c", offender="4", winner="3", fan="x").hand == FalseWin(3)
    assert read(outcome="t", winner="1", fan="4", tiles=ANN_TILES).hand.tiles == ANN_TILES


# ------------------------------------------------------------------ every message


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({}, "Outcome: type r discard · t self-draw · d draw · c false win"),
        ({"outcome": "w"}, "Outcome: type r discard"),
        ({"outcome": "c"}, "Offender: type the seat (1-4) of the player who declared a false win"),
        ({"outcome": "c", "offender": "5"}, "Offender: type the seat (1-4)"),
        ({"outcome": "r", "fan": "4"}, "Winner: type the winner's seat, 1-4"),
        ({"outcome": "r", "winner": "0", "fan": "4"}, "Winner: type the winner's seat, 1-4"),
        ({"outcome": "r", "winner": "3"}, "Fan: type the fan, or the winner's tiles below it"),
        ({"outcome": "r", "winner": "3", "fan": "4x"}, "Fan: type the fan as a whole number"),
        (
            {"outcome": "r", "winner": "3", "fan": "4"},
            "Discard from: type the seat (1-4) of the player who discarded the winning tile",
        ),
        ({"outcome": "r", "winner": "3", "fan": "4", "from": "9"}, "Discard from: type the seat"),
        (
            {"outcome": "t", "winner": "3", "fan": "4", "guarantor": "x"},
            "Guarantor: type the seat (1-4) of the player who pays for all, or leave it empty",
        ),
        (
            {"outcome": "r", "winner": "3", "fan": "2", "from": "2"},
            "2 fan is under the minimum of 3 fan to win: the hand cannot be declared",
        ),
        (
            {"outcome": "r", "winner": "3", "fan": "100", "from": "2"},
            f"fan must be a whole number from 0 to {MAX_FAN}",
        ),
        (
            {"outcome": "r", "winner": "3", "fan": "4", "from": "3"},
            "seat 3 cannot win on his own discard",
        ),
        (
            {"outcome": "t", "winner": "3", "fan": "4", "guarantor": "3"},
            "the winner cannot guarantee his own self-draw",
        ),
        (
            {"outcome": "t", "winner": "1", "tiles": ANN_TILES + "5m"},
            "a complete hand has 14 tiles",
        ),
        (
            {"outcome": "t", "winner": "1", "tiles": "123m456m789m111z56m"},
            "these tiles are not a winning hand",
        ),
        (
            {"outcome": "t", "winner": "1", "tiles": ANN_TILES, "kong-replacement": TICKED},
            "a win on a kong's replacement tile needs a kong in the hand",
        ),
        (
            {
                "outcome": "r",
                "winner": "3",
                "tiles": "123m456m789m222z55m",
                "earthly": TICKED,
                "from": "2",
            },
            "an earthly hand is won on the starter's first discard, not another's "
            "(seat 1 is the starter)",
        ),
    ],
)
def test_each_message(values: dict[str, str], message: str) -> None:
    assert error(**values).startswith(message)


def test_no_hand_after_the_end_of_the_series() -> None:
    over = replace(START, passes=16)
    entry = read(before=over, outcome="d")
    assert entry.hand is None and entry.errors == (
        "the series is over: the North round was the last",
    )


def test_the_score_shows_while_the_discarder_is_missing() -> None:
    entry = read(outcome="r", winner="2", tiles="123m456m789m[222z]55m")
    assert entry.errors[0].startswith("Discard from:")
    assert entry.score is not None and entry.score.fan == 4  # semi-pure 3, seat wind 1


# ------------------------------------------------------------------ the hand


def test_hands_with_what_the_form_shows() -> None:
    draw = read(outcome="d")
    assert (draw.hand, draw.errors, draw.outcome) == (Draw(), (), "draw")
    assert draw.after.hands == 1 and draw.after.east == 0
    false_win = read(outcome="c", offender="4")
    assert false_win.hand == FalseWin(3) and false_win.seats == {"offender": 3}
    assert false_win.after.totals == (5128, 5128, 5128, 4616)
    # Cy off Bob with 4 fan: portion 16; Bob 16, Ann and Di 8 each; the starter passes.
    win = read(outcome="r", winner="3", fan="4", **{"from": "2"})
    assert win.hand == Win(2, 4, discarder=1) and win.outcome == "win on a discard"
    assert win.seats == {"winner": 2, "from": 1}
    assert win.after.totals == (4992, 4984, 5032, 4992) and win.after.east == 1
    guaranteed = read(outcome="t", winner="2", fan="5", guarantor="4")
    assert guaranteed.hand == Win(1, 5, guarantor=3)
    assert guaranteed.after.totals == (5000, 5072, 5000, 4928)


def test_tiles_with_a_situation() -> None:
    entry = read(outcome="t", winner="1", tiles=f" {ANN_TILES} ", **{"last-tile": TICKED})
    assert entry.hand == Win(0, 8, tiles=ANN_TILES, context=("last-tile",))
    text = patterns_text(entry.score)
    assert text.startswith("123m 456m 789m 111z 55m\n")
    assert "Chi Mo (self-draw) 1" in text and "Semi-Pure Hand 3" in text
    assert "Round Wind (East) 1 · Seat Wind (East) 1" in text
    assert text.endswith("Win on the Last Tile 1 = 8 fan")
    # Another seat's tiles are read with his seat wind: South has no wind pattern.
    assert read(outcome="t", winner="2", tiles=ANN_TILES).hand.fan == 6


def test_patterns_text_of_a_capped_and_a_limit_hand() -> None:
    found = (
        Found("pure_hand", "Pure Hand", 6),
        Found("all_triplets", "All Triplets", 3),
        Found("dragon_triplet", "Dragon (Red)", 1),
        Found("self_draw", "Chi Mo", 1),
    )
    assert patterns_text(Score(10, 11, found, False, "r")).endswith("= 11 fan (paid as 10)")
    limit = Score(10, 10, (Found("all_honors", "All Honors", "limit"),), True, "r")
    assert patterns_text(limit) == "r\nAll Honors limit: limit hand, 10 fan"
    assert patterns_text(None) == ""
    assert fan_note(POCKET) == "at least 3, paid up to 10"


# ------------------------------------------------------------------ editing back


def test_values_of_a_new_hand() -> None:
    assert values_of(None, 2) == {**dict.fromkeys(FIELDS, ""), "outcome": "r", "winner": "3"}
    assert values_of(None)["outcome"] == "d"


def test_a_tiles_hand_edits_back_as_typed() -> None:
    hand = Win(0, 8, tiles=ANN_TILES, context=("last-tile",))
    values = values_of(hand)
    assert values["tiles"] == ANN_TILES and values["fan"] == ""
    assert values["last-tile"] == TICKED and values["heavenly"] == ""
    assert read_entry(POCKET, START, values).hand == hand


seat = st.integers(0, 3)


@st.composite
def fan_hands(draw):
    kind = draw(st.sampled_from(["draw", "false", "discard", "self"]))
    if kind == "draw":
        return Draw()
    if kind == "false":
        return FalseWin(draw(seat))
    winner = draw(seat)
    fan = draw(st.integers(POCKET.fan.minimum, MAX_FAN))
    if kind == "discard":
        return Win(winner, fan, discarder=draw(seat.filter(lambda s: s != winner)))
    guarantor = draw(st.none() | seat.filter(lambda s: s != winner))
    return Win(winner, fan, guarantor=guarantor)


@given(fan_hands(), st.integers(0, 15))
def test_values_of_reads_back_to_the_hand(hand, passes: int) -> None:
    before = replace(START, passes=passes)
    entry = read_entry(POCKET, before, values_of(hand))
    assert entry.errors == () and entry.hand == hand
    assert entry.after == table.apply(POCKET, before, hand)


@given(
    st.dictionaries(st.sampled_from(FIELDS), st.text("rtdcRTDC0123456789 mpsz[]()x", max_size=20))
)
def test_any_typing_gives_a_message_or_a_hand(values: dict[str, str]) -> None:
    entry = read_entry(POCKET, START, values)
    assert (entry.hand is None) == bool(entry.errors)
    assert "outcome" in entry.active and entry.active <= set(FIELDS)


def test_thirteen_tiles_show_the_waits_each_as_the_outcome_would_win() -> None:
    from mjtui.systems.pocket.entry import waits_text

    e = read(outcome="t", winner="1", tiles="123m456m789m111z5m")  # Ann waits on 5m alone
    assert e.hand is None and "13 tiles wait; type the winning tile" in e.errors[0]
    assert e.waits is not None
    said = waits_text(e.waits, True)
    assert said[0] == "Ready: waits on 5m (2 unseen)"
    assert said[1].startswith("  5m  ") and "fan: " in said[1]
    assert said[1].split()[1] == str(read(outcome="t", winner="1", tiles=ANN_TILES).score.fan)
    off = read(outcome="r", winner="1", tiles="13579m2468p1357s")
    assert off.waits is not None and waits_text(off.waits, False) == ("Not ready: 4 shanten",)


@pytest.mark.parametrize(
    ("spoken", "self_drawn", "won"),
    [
        (
            "zh_Hant",
            "牌：13 張聽牌；輸入和牌張即按自摸計番",
            "牌：13 張聽牌；輸入和牌張即按食出銃計番",
        ),
        (
            "zh_Hans",
            "牌：13 张听牌；输入和牌张即按自摸计番",
            "牌：13 张听牌；输入和牌张即按食出铳计番",
        ),
    ],
)
def test_the_thirteen_tiles_hint_is_said_in_chinese(spoken: str, self_drawn: str, won: str) -> None:
    from mjtui.core import language

    language.install(spoken)
    try:
        tiles = "123m456m789m111z5m"
        assert read(outcome="t", winner="1", tiles=tiles).errors[0] == self_drawn
        assert read(outcome="r", winner="1", tiles=tiles, **{"from": "2"}).errors[0] == won
    finally:
        language.install("en")
