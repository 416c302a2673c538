"""The MCR hand form's model without the app: what the fields make, which fields are
active, the notes and lines it shows, and a recorded hand read back into the fields."""

from __future__ import annotations

import pytest

from mjtui import paths
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.systems.fields import TICKED
from mjtui.systems.mcr import table
from mjtui.systems.mcr.calculator import Situation, score_text
from mjtui.systems.mcr.entry import FIELDS, active_fields, read_entry, values_of
from mjtui.systems.mcr.events import Draw, FalseWin, Penalty, Win
from mjtui.systems.mcr.form import MOST_LINES, WIDTH, McrForm, score_lines
from mjtui.systems.mcr.system import SYSTEM
from mjtui.systems.mcr.wording import cells, fan_item, pack, pack_dense

RULESET = RulesetLibrary(paths.ruleset_folders()).get("mcr")
RULES = RULESET.rules
PLAYERS = ("Ann", "Bob", "Cy", "Di")
START = table.start(RULES)


def form(hand=None, winner: int | None = 2, before=START) -> McrForm:
    return McrForm(RULES, before, PLAYERS, hand, winner)


def read(**typed: str):
    values = dict.fromkeys(FIELDS, "")
    values.update({k.replace("_", "-"): v for k, v in typed.items()})
    return read_entry(RULES, START, values)


def test_the_system_is_registered_and_its_form_is_its_own() -> None:
    assert RULESET.system is SYSTEM and SYSTEM.name == "mcr"
    model = SYSTEM.entry(RULES, START, PLAYERS, None, 2)
    assert isinstance(model, McrForm)
    assert model.start()["outcome"] == "r" and model.start()["winner"] == "3"


def test_a_fan_and_a_discarder_make_a_win() -> None:
    entry = read(outcome="r", winner="3", fan="12", **{"from": "2"})
    assert entry.errors == () and entry.hand == Win(2, 12, discarder=1)
    assert entry.after is not None and entry.after.totals == (-8, -20, 36, -8)
    # The fan typed leaves the tiles out of the walk, and the situations with them.
    assert "tiles" not in entry.active and "fourth-tile" not in entry.active


def test_a_self_draw_needs_no_discarder() -> None:
    entry = read(outcome="t", winner="1", fan="9")
    assert entry.hand == Win(0, 9) and "from" not in entry.active


def test_the_tiles_give_the_fan_with_the_table_s_winds() -> None:
    # Seat 2 sits South in the first hand: a pung of South is a Seat Wind.
    tiles = "123m456p789s99m [222z]"
    entry = read(outcome="t", winner="2", tiles=tiles, flowers="1")
    assert entry.errors == ()
    assert entry.score is not None and dict(entry.score.fans)["seat_wind"] == 1
    assert entry.hand == Win(1, entry.score.fan, None, flowers=1, tiles=tiles)
    assert entry.score.fan == entry.score.hand_fan + 1
    assert "fan" not in entry.active and "kong" in entry.active


def test_the_situations_are_read_with_the_tiles() -> None:
    tiles = "123m456p11z [555z] (6666z)"
    entry = read(outcome="t", winner="1", tiles=tiles, kong=TICKED)
    assert entry.errors == () and entry.hand is not None
    assert entry.hand.context == ("kong",)
    assert "out_with_replacement_tile" in dict(entry.score.fans)
    # On a discard the same box is a robbed kong, which these tiles cannot be.
    entry = read(outcome="r", winner="1", tiles=tiles, kong=TICKED, **{"from": "2"})
    assert entry.hand is None and "robbing a kong" in entry.errors[0]


@pytest.mark.parametrize(
    "typed, words",
    [
        ({}, "Outcome: type r"),
        ({"outcome": "r"}, "Winner: type"),
        ({"outcome": "r", "winner": "3"}, "Fan: type the fan"),
        ({"outcome": "r", "winner": "3", "fan": "12"}, "Discard from: type"),
        ({"outcome": "r", "winner": "3", "fan": "12", "from": "3"}, "own discard"),
        ({"outcome": "t", "winner": "3", "fan": "9", "flowers": "9"}, "Flowers: type"),
        ({"outcome": "c"}, "False win by: type"),
        ({"outcome": "p", "penalised": "2"}, "Points: type"),
        ({"outcome": "p", "penalised": "2", "points": "0"}, "from 1 to 100"),
        ({"outcome": "t", "winner": "1", "tiles": "123m"}, "a complete hand has 14 tiles"),
    ],
)
def test_what_is_wrong_is_said(typed: dict[str, str], words: str) -> None:
    entry = read(**typed)
    assert entry.hand is None and words in entry.errors[0], entry.errors


def test_a_hand_under_the_minimum_shows_its_fans_and_why() -> None:
    # mahjongjoy.com's Two Terminal Chows example: 7 fan, and 3 flowers do not help.
    entry = read(
        outcome="r", winner="1", tiles="789m123s789s55s [123m]", flowers="3", **{"from": "2"}
    )
    assert entry.score is not None and not entry.score.minimum_met
    assert entry.under == "7 fan: under the minimum of 8; flowers do not count"
    lines = [line.text for line in score_lines(RULES, entry.score)]
    assert lines[0].endswith("= 10 fan (7 + 3 for 3 flowers)")
    assert "Two Terminal Chows 老少副 1" in " ".join(lines)


@pytest.mark.parametrize(
    "typed, under",
    [
        ({"outcome": "r", "winner": "3", "fan": "7"}, "7 fan: under the minimum of 8"),
        ({"outcome": "r", "winner": "3", "fan": "7", "from": "2"}, "7 fan: under"),
        ({"outcome": "t", "winner": "3", "fan": "9", "flowers": "2"}, "flowers do not count"),
        ({"outcome": "r", "winner": "3", "tiles": "789m123s789s55s [123m]"}, "7 fan: under"),
    ],
)
def test_a_win_under_the_minimum_is_a_false_win_by_the_winner(typed, under: str) -> None:
    # The rules make a declared win under 8 fan a false win: that is what it reads as,
    # said why, and the form asks before recording it (Reading.question).
    entry = read(**typed)
    assert entry.errors == () and entry.hand == FalseWin(2) and under in entry.under
    reading = form(winner=2).read({**form().start(), **typed})
    assert reading.value == FalseWin(2) and reading.after == (10, 10, -30, 10)
    assert reading.question.startswith(entry.under)
    assert reading.question.endswith("Record it as a false win by Cy, 10 to each other player?")
    said = " ".join(line.text for line in reading.lines[:2])
    assert f"{entry.under}: a false win by Cy, 10 to each other player" in said


def test_a_long_false_win_line_is_cut_in_two_and_the_fans_keep_to_the_form() -> None:
    long = ("Alexandra", "Benjamin", "Bartholomew-Ng", "Dominique")
    typed = {"outcome": "r", "tiles": "789m123s789s55s [123m]", "flowers": "3", "from": "1"}
    reading = McrForm(RULES, START, long, None, 2).read({**form().start(), **typed})
    texts = [line.text for line in reading.lines]
    assert texts[:2] == [
        "7 fan: under the minimum of 8; flowers do not count:",
        "a false win by Bartholomew-Ng, 10 to each other player",
    ]
    assert len(texts) <= MOST_LINES and max(cells(t) for t in texts) <= WIDTH


def test_a_win_at_the_minimum_or_a_bad_fan_is_not_a_false_win() -> None:
    assert read(outcome="t", winner="3", fan="8").hand == Win(2, 8)
    assert form().read({**form().start(), "outcome": "t", "fan": "8"}).question == ""
    assert read(outcome="t", winner="3", fan="9", flowers="1").hand == Win(2, 9, flowers=1)
    entry = read(outcome="t", winner="3", fan="2", flowers="3")  # 3 flowers are 3 fan
    assert entry.hand is None and "cannot hold 3 flowers" in entry.errors[0]


def test_draws_false_wins_and_penalties() -> None:
    assert read(outcome="d").hand == Draw()
    assert read(outcome="c", offender="4").hand == FalseWin(3)
    assert read(outcome="p", penalised="2", points="10").hand == Penalty(1, 10)
    assert active_fields(RULES, {"outcome": "p"}) == {"outcome", "penalised", "points"}
    assert active_fields(RULES, {"outcome": "d"}) == {"outcome"}


@pytest.mark.parametrize(
    "hand",
    [
        Win(2, 12, discarder=1),
        Win(0, 9, flowers=1),
        Win(1, 24, discarder=0, tiles="123456789s11z [123s]"),
        Win(1, 18, tiles="123m456p11z [555z] (6666z)", win_tile="1z", context=("kong",)),
        Draw(),
        FalseWin(3),
        Penalty(0, 10),
    ],
)
def test_a_recorded_hand_opens_as_it_was_typed_and_reads_back_the_same(hand) -> None:
    model = form(hand)
    reading = model.read(model.start())
    assert reading.errors == () and reading.value == hand


def test_a_winning_tile_named_apart_holds_only_while_the_tiles_are_as_recorded() -> None:
    hand = Win(1, 18, tiles="123m456p11z [555z] (6666z)", win_tile="1z", context=("kong",))
    model = form(hand)
    values = model.start()
    values["tiles"] = "123m456p11z (6666z) [555z]"  # retyped: the last tile (1z) wins
    assert model.read(values).value == Win(1, 18, tiles=values["tiles"], context=("kong",))


def test_the_notes_say_the_letters_the_seats_and_the_kong() -> None:
    model = form()
    values = model.start()
    values.update(fan="12", **{"from": "2"})
    reading = model.read(values)
    assert reading.notes["outcome"] == "discard · t self-draw d draw c false win p penalty"
    assert reading.notes["winner"] == "Cy (West)" and reading.notes["from"] == "Bob (South)"
    assert reading.notes["situations"] == "kong: robbing a kong"
    assert reading.next == "Next: East 2 · dealer Bob"
    assert cells(reading.notes["outcome"]) <= 59  # the note's room beside the outcome


def test_every_fan_is_shown_with_its_value_in_english_and_chinese() -> None:
    model = form(winner=0)
    values = model.start()
    values.update(outcome="t", tiles="123456789m1z123m1z")
    reading = model.read(values)
    text = " ".join(line.text for line in reading.lines)
    for item in (
        "Pure Straight 清龙 16",
        "Half Flush 混一色 6",
        "Fully Concealed Hand 不求人 4",
        "Pure Double Chow 一般高 1",
        "Single Wait 单钓将 1",
    ):
        assert item in text
    assert reading.lines[0].text == "123m 123m 456m 789m 11z  = 28 fan"


def test_fans_are_packed_in_cells_and_never_split() -> None:
    items = [fan_item("greater_honors_and_knitted_tiles", 24), fan_item("pure_double_chow", 1, 2)]
    assert items == ["Greater Honors and Knitted Tiles 七星不靠 24", "Pure Double Chow 一般高 1×2"]
    assert cells(items[0]) == 44  # 40 characters, 4 of them two cells wide
    assert pack(items, 60) == items  # 44 + 3 + 27 > 60: one a line
    assert pack(items, 80) == [" · ".join(items)]


def test_a_hand_of_many_fans_keeps_to_the_lines_the_form_has() -> None:
    # Random hands reach five lines at most with the reading apart (tests/mcr_hand_gen.py,
    # 40,000 hands); a longer list puts the reading in the flow.
    s = score_text(RULES, "12399m999p13s2s (9999s)", Situation(seat_wind=3, round_wind=2))
    lines = score_lines(RULES, s)
    assert len(lines) <= MOST_LINES and all(cells(line.text) <= WIDTH for line in lines)
    tight = score_lines(RULES, s, most=4)
    assert len(tight) == 4 and tight[0].text.startswith("= 17 fan · ")
    # The one hand of 40,000 (seed 1) whose fans in order took six lines of the form's 74
    # cells: out of their order they take five.
    situation = Situation(self_draw=True, seat_wind=3, round_wind=3, kong=True, last_tile=True)
    s = score_text(RULES, "5557z7z [333m] (4444z) [1111z]", situation)
    lines = score_lines(RULES, s)
    assert len(lines) == MOST_LINES and all(cells(line.text) <= WIDTH for line in lines)
    shown = " · ".join(line.text for line in lines).split(" · ")
    assert sorted(shown) == sorted(
        ["= 43 fan", *(fan_item(k, RULES.value(k), n) for k, n in s.fans)]
    )


def test_dense_packing_keeps_each_line_in_order_and_every_item_once() -> None:
    items = ["a" * 40, "b" * 40, "c" * 30, "d" * 30]
    assert pack(items, 74) == ["a" * 40, "b" * 40 + " · " + "c" * 30, "d" * 30]
    assert pack_dense(items, 74) == ["a" * 40 + " · " + "c" * 30, "b" * 40 + " · " + "d" * 30]
    assert pack_dense([], 74) == [] and pack_dense(["x" * 90], 74) == ["x" * 90]


def test_values_of_gives_every_field() -> None:
    assert set(values_of(None, 1)) == set(FIELDS)
    assert values_of(None)["outcome"] == "d"
