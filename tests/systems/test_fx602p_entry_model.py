"""Reading an FX-602P hand as typed (mjtui.systems.fx602p.entry), without the app."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.fx602p.entry import (
    FIELDS,
    OUTCOMES,
    TICKED,
    active_fields,
    blank,
    find_yaku,
    outcome_values,
    read_entry,
    read_yaku,
    values_of,
)
from mjtui.systems.fx602p.events import score
from mjtui.systems.fx602p.system import ALL_YAKU, SYSTEM, Win, evaluate

RULES = load_ruleset(Path(__file__).resolve().parents[2] / "rulesets" / "fx602p.toml").rules
START = SYSTEM.start(RULES)  # seat 1 deals the first hand
SEAT_2_DEALS = replace(START, east=1)
ALL = frozenset(FIELDS)
NO_YAKU = ALL - {"yaku", "triplets"}
NO_TILES = ALL - {"tiles", "win", "dora", "tenho"}  # yaku typed: the tiles are out
FAST = settings(max_examples=200, database=None, deadline=None)


def read(before=START, **values: str):
    values.setdefault("winner", "1")
    return read_entry(RULES, before, values)


def test_fields_in_form_order_and_the_outcome_letters() -> None:
    assert FIELDS == ("winner", "tiles", "win", "dora", "yaku", "triplets", "tsumo", "tenho")
    assert "".join(OUTCOMES) == "rt"
    assert outcome_values("t") == {"tsumo": TICKED}
    assert outcome_values("r") == {"tsumo": ""}


def test_nine_tiles_give_the_score_and_the_settlement() -> None:
    entry = read(winner="2", tiles="123456789")
    assert entry.errors == ()
    assert entry.hand == Win(winner=1, tiles=tuple(range(1, 10)), win_tile=9)
    # Pinfu 1 + Ittsu 2 = 3 han, no triplets: 16 x 50 x 7 = 5600.
    assert entry.score.yaku == ("Pinfu", "Ittsu") and entry.score.points == 5600
    assert entry.after.last_change == (-5600, 5600)
    assert entry.active == NO_YAKU


def test_the_tile_won_on_is_the_last_typed_unless_given() -> None:
    assert read(tiles="987654321").hand.win_tile == 1  # before sorting
    entry = read(tiles="123456789", win="3")
    assert entry.hand.win_tile == 3 and "Pinfu" not in entry.score.yaku


def test_dora_tsumo_and_tenho() -> None:
    entry = read(tiles="234567888", dora="2", tsumo=TICKED)
    assert entry.hand == Win(0, tiles=(2, 3, 4, 5, 6, 7, 8, 8, 8), win_tile=8, dora=2, tsumo=True)
    assert entry.score.yaku == ("Tanyao", "Dora") and entry.score.points == 3840
    # The dealer's tenho is a self-draw on the deal.
    entry = read(tiles="333444555", dora="4", tsumo=TICKED, tenho=TICKED)
    assert entry.hand.tenho and "Tenho" in entry.score.yaku


def test_the_yaku_as_read_off_the_table_in_any_case() -> None:
    entry = read(winner="b", yaku=" toitoi, SANRENKO,, ", triplets="3")
    assert entry.errors == ()
    assert entry.hand == Win(1, yaku=("Toitoi", "Sanrenko"), triplets=3)
    assert entry.score.points == 14080 and entry.active == NO_TILES
    assert read_yaku("iipeiko,Tanyao") == ("Iipeiko", "Tanyao")  # as typed, spelt as the rules
    assert find_yaku(" ISSHOKU ") == "Isshoku" and find_yaku("Riichi") is None


def test_nothing_typed_is_a_hand_without_yaku() -> None:
    entry = read()
    assert entry.hand == Win(0) and entry.score.points == 800 and entry.active == ALL


def test_whichever_is_typed_leaves_the_other_out() -> None:
    assert active_fields({}) == ALL
    assert active_fields({"tiles": "1"}) == NO_YAKU
    assert active_fields({"yaku": "Tanyao"}) == NO_TILES
    assert active_fields({"tiles": "1", "yaku": "Tanyao"}) == NO_YAKU  # the tiles decide
    assert active_fields({"tiles": " ", "yaku": " "}) == ALL
    # A field left out is not read, whatever it holds.
    entry = read(tiles="123456789", yaku="Nonsense", triplets="x")
    assert entry.errors == () and entry.hand.yaku == () and entry.hand.triplets == 0
    entry = read(yaku="Tanyao", win="x", dora="y", tenho=TICKED)
    assert entry.errors == () and entry.hand == Win(0, yaku=("Tanyao",))


@pytest.mark.parametrize(
    "values, error",
    [
        ({"winner": ""}, "Winner: type 1 or 2"),
        ({"winner": "3"}, "Winner: type 1 or 2"),
        ({"winner": "c"}, "Winner: type 1 or 2"),
        ({"winner": "0"}, "Winner: type 1 or 2"),  # no draws in this game
        ({"tiles": "12345"}, "Nine tiles: 5 typed, 4 to go"),
        ({"tiles": "1234567899"}, "Nine tiles: 10 typed, 1 too many"),
        ({"tiles": "12345678x"}, "tiles are the digits 1-9, got '12345678x'"),
        ({"tiles": "123456780"}, "tiles are the digits 1-9"),
        ({"tiles": "123456789", "win": "0"}, "Won on: a tile 1-9, not '0'"),
        ({"tiles": "123456789", "win": "12"}, "Won on: a tile 1-9, not '12'"),
        ({"tiles": "123456789", "dora": "x"}, "Dora: a tile 1-9, not 'x'"),
        ({"tiles": "111222333", "win": "5"}, "the winning tile 5 is not in the hand 111222333"),
        ({"tiles": "123456788"}, "123456788 is not three melds (triplets or sequences)"),
        ({"yaku": "Tanyao, Riichi"}, "Unknown yaku 'Riichi'"),
        ({"yaku": "Tanyao, tanyao"}, "a yaku is given twice"),
        ({"triplets": "x"}, "Triplets: a number 0 to 3, not 'x'"),
        ({"triplets": "²"}, "Triplets: a number 0 to 3, not '²'"),
        ({"triplets": "4"}, "triplets must be 0 to 3, got 4"),
        ({"yaku": "Toitoi", "triplets": "2"}, "toitoi and the yakuman need 3 triplets"),
        ({"yaku": "Sanrenko", "triplets": "3"}, "sanrenko always comes with toitoi"),
        ({"yaku": "Pinfu", "triplets": "1"}, "pinfu is all sequences: 0 triplets"),
    ],
)
def test_each_mistake_is_named(values, error) -> None:
    entry = read(**values)
    assert entry.hand is None and entry.score is None and entry.after is None
    assert len(entry.errors) == 1 and error in entry.errors[0]


def test_a_tenho_must_fit_the_dealer() -> None:
    # Seat 1 deals: its tenho is a self-draw, seat 2's a win on seat 1's first discard.
    assert read(tiles="333444555", tsumo=TICKED, tenho=TICKED).hand is not None
    assert read(winner="2", tiles="333444555", tenho=TICKED).hand is not None
    entry = read(tiles="333444555", tenho=TICKED)
    assert "seat 1 deals this hand" in entry.errors[0]
    entry = read(winner="2", tiles="333444555", tsumo=TICKED, tenho=TICKED)
    assert "seat 2 is not the dealer" in entry.errors[0]
    entry = read(SEAT_2_DEALS, winner="2", yaku="Tenho, Toitoi", triplets="3")
    assert "seat 2 deals this hand" in entry.errors[0]
    assert read(SEAT_2_DEALS, winner="2", yaku="Tenho", tsumo=TICKED).hand is not None


def test_a_new_hand_and_an_edit_start_from_these_values() -> None:
    assert blank(1) == {**dict.fromkeys(FIELDS, ""), "winner": "2"}
    assert blank(None)["winner"] == "1"
    tiles = Win(1, tiles=(2, 3, 4, 5, 6, 7, 8, 8, 8), win_tile=8, dora=2, tsumo=True)
    assert values_of(tiles) == {
        "winner": "2",
        "tiles": "234567888",
        "win": "8",
        "dora": "2",
        "yaku": "",
        "triplets": "",
        "tsumo": TICKED,
        "tenho": "",
    }
    yaku = Win(0, yaku=("Toitoi", "Sanrenko"), triplets=3)
    assert values_of(yaku) == {
        "winner": "1",
        "tiles": "",
        "win": "",
        "dora": "",
        "yaku": "Toitoi, Sanrenko",
        "triplets": "3",
        "tsumo": "",
        "tenho": "",
    }


def test_a_file_hand_without_its_tile_won_on_reads_back_with_the_same_score() -> None:
    hand = Win(0, tiles=(1, 2, 3, 4, 5, 6, 7, 8, 9))  # as a session file may give it
    entry = read_entry(RULES, START, values_of(hand))
    assert entry.hand.win_tile == 9 and entry.score == score(RULES, hand)


MELDS = [(t, t, t) for t in range(1, 10)] + [(t, t + 1, t + 2) for t in range(1, 8)]


@st.composite
def typed_tiles(draw) -> dict[str, str]:
    """The values of a complete nine-tile hand as someone might type it."""
    tiles = [t for m in draw(st.lists(st.sampled_from(MELDS), min_size=3, max_size=3)) for t in m]
    order = draw(st.permutations(tiles))
    return {
        "winner": draw(st.sampled_from("12ab")),
        "tiles": "".join(map(str, order)),
        "win": draw(st.sampled_from(["", *map(str, tiles)])),
        "dora": draw(st.sampled_from(["", *"123456789"])),
        "tsumo": draw(st.sampled_from(["", TICKED])),
        "tenho": draw(st.sampled_from(["", TICKED])),
    }


@FAST
@given(typed_tiles())
def test_a_complete_hand_reads_as_the_evaluator_scores_it_and_back(values) -> None:
    entry = read_entry(RULES, START, values)
    dealer = values["winner"] in "1a"
    if values["tenho"] and (values["tsumo"] == TICKED) != dealer:
        assert entry.hand is None and "tenho" in entry.errors[0]
        return
    hand = entry.hand
    assert hand is not None and entry.errors == ()
    win = int(values["win"] or values["tiles"][-1])
    assert hand.win_tile == win
    assert entry.score == evaluate(RULES, hand.tiles, win, hand.dora, hand.tenho)
    assert read_entry(RULES, START, values_of(hand)).hand == hand


@FAST
@given(
    st.lists(st.sampled_from(ALL_YAKU), unique=True, max_size=4),
    st.integers(0, 3),
    st.sampled_from("12"),
    st.booleans(),
    st.randoms(),
)
def test_yaku_typed_in_any_case_read_back_as_themselves(
    names, triplets, winner, tsumo, rnd
) -> None:
    typed = ", ".join(rnd.choice([n, n.upper(), n.lower()]) for n in names)
    values = {
        "winner": winner,
        "yaku": typed,
        "triplets": str(triplets),
        "tsumo": TICKED if tsumo else "",
    }
    entry = read_entry(RULES, START, values)
    if entry.hand is None:  # a combination the rules refuse, said in words
        assert entry.errors and "Unknown" not in entry.errors[0]
        return
    assert entry.hand.yaku == tuple(names)
    assert read_entry(RULES, START, values_of(entry.hand)).hand == entry.hand
