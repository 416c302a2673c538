"""Drawing seats and rolling dice: the wall count, the seat order, the commands."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from mjtui.cli.entry import main
from mjtui.core.errors import MjtuiError
from mjtui.core.table.draws import Dice, draw_seats, roll, wall_for


@pytest.mark.parametrize(
    "totals, wall",
    [
        ((1, 5, 9), "self"),
        ((2, 6, 10), "right"),
        ((3, 7, 11), "opposite"),
        ((4, 8, 12), "left"),
    ],
)
def test_the_wall_is_counted_from_the_dealer(totals, wall) -> None:
    for total in totals:
        assert wall_for(total) == wall


def test_a_roll_is_two_dice_and_says_its_total_and_wall() -> None:
    rolls = [roll(random.Random(seed)) for seed in range(300)]
    assert {d for r in rolls for d in r.dice} == set(range(1, 7))
    assert {r.total for r in rolls} == set(range(2, 13))
    assert Dice((3, 4)).document() == {"dice": [3, 4], "total": 7, "wall": "opposite"}
    assert "opposite" in Dice((3, 4)).line() and "3 + 4 = 7" in Dice((3, 4)).line()


def test_seats_are_a_shuffle_of_the_names_the_same_for_a_seed() -> None:
    names = ["Ann", "Bob", "Cy", "Di"]
    drawn = [draw_seats(names, random.Random(seed)) for seed in range(200)]
    assert all(sorted(d) == sorted(names) for d in drawn)
    assert len(set(drawn)) > 12  # many of the 24 orders come up
    assert Counter(d[0] for d in drawn).keys() == set(names)  # anyone may draw East
    assert draw_seats(names, random.Random(5)) == draw_seats(names, random.Random(5))
    assert draw_seats([" Ann  Lee ", "Bob"], random.Random(1)) in (
        ("Ann Lee", "Bob"),
        ("Bob", "Ann Lee"),
    )


@pytest.mark.parametrize(
    "names, message",
    [
        (["Ann"], "2 to 4 players"),
        (["A", "B", "C", "D", "E"], "2 to 4 players"),
        (["Ann", " "], "name is empty"),
        (["Ann", "ann "], "same player"),
    ],
)
def test_bad_names_are_refused_with_a_reason(names, message) -> None:
    with pytest.raises(MjtuiError, match=message):
        draw_seats(names, random.Random(0))


def test_the_dice_command_prints_the_document(capsys) -> None:
    assert main(["dice", "--seed", "7", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"dice", "total", "wall"}
    a, b = document["dice"]
    assert document["total"] == a + b and document["wall"] == wall_for(a + b)
    assert main(["dice", "--seed", "7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == document
    assert main(["dice", "--seed", "7"]) == 0
    assert f"= {a + b}: break" in capsys.readouterr().out


def test_the_draw_seats_command_prints_the_seats_in_order(capsys) -> None:
    assert main(["draw-seats", "Ann", "Bob", "Cy", "Di", "--seed", "3", "--json"]) == 0
    seats = json.loads(capsys.readouterr().out)["seats"]
    assert seats == list(draw_seats(["Ann", "Bob", "Cy", "Di"], random.Random(3)))
    assert main(["draw-seats", "Ann", "Bob", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("seat 1  East") and out[1].startswith("seat 2  South")


def test_the_draw_seats_command_refuses_a_repeated_player(capsys) -> None:
    assert main(["draw-seats", "Ann", "ann"]) == 2
    assert "same player" in capsys.readouterr().err
