"""What is typed is what is saved, in the MCR form: each kind of hand of docs/mcr.md typed
into the running app at 10 ms a key (tests/ui/test_typing_fast.py's driver), some with
an Enter too many, and the hands in the session and its file checked exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_typing_fast
from test_typing_fast import keys_of, typed

from mjtui.systems.mcr.events import Draw, FalseWin, Penalty, Win


@pytest.fixture(autouse=True)
def space_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """␣ in a sequence is the space bar (a checkbox ticked)."""
    monkeypatch.setitem(test_typing_fast.KEY_NAMES, "␣", "space")


def test_the_space_key_is_written_as_a_sign() -> None:
    assert keys_of("⏎␣2") == ["enter", "space", "2"]


async def test_fan_typed(tmp_path: Path) -> None:
    hands = await typed(
        "mcr",
        "3 12⏎2^s"  # seat 3 wins 12 fan off seat 2
        " 1 t9^s"  # seat 1 self-draws 9 fan
        " 4 10⏎1⏎2^s"  # seat 4 wins 10 fan (2 flowers in it) off seat 1
        " 2 t8⏎⏎⏎",  # seat 2 self-draws 8 fan; Enter onto Confirm, Enter again, one more
        tmp_path,
    )
    assert hands == [
        Win(2, 12, discarder=1),
        Win(0, 9),
        Win(3, 10, discarder=0, flowers=2),
        Win(1, 8),
    ]


async def test_tiles_typed(tmp_path: Path) -> None:
    pure_straight = "123456789s11z[123s]"
    kongs = "123m456p1z[555z](6666z)1z"
    hands = await typed(
        "mcr",
        f"3 ⏎{pure_straight}⏎2^s"  # the digit on the first box goes on to the discarder
        f" 2 t⏎{kongs}⏎⏎␣^s"  # self-drawn on a kong's replacement tile: the kong box
        f" 1 t⏎{pure_straight}⏎1^s",  # the digit on a box goes on to the flowers: 1
        tmp_path,
    )
    assert hands == [
        Win(2, 24, discarder=1, tiles=pure_straight),
        Win(1, 18, tiles=kongs, context=("kong",)),
        # Pure Straight 16, Half Flush 6, Pure Double Chow 1, Single Wait 1, Self-Drawn 1
        # and a flower.
        Win(0, 26, flowers=1, tiles=pure_straight),
    ]


async def test_draws_false_wins_and_penalties(tmp_path: Path) -> None:
    hands = await typed(
        "mcr",
        "0⏎"  # a draw
        " 0 c2^s"  # a false win by seat 2, from the draw form
        " 0 p3⏎10^s"  # a penalty of 10 on seat 3
        " 0^s⏎",  # a draw by ctrl+s, an Enter too many on the sheet
        tmp_path,
    )
    assert hands == [Draw(), FalseWin(1), Penalty(2, 10), Draw()]


async def test_a_win_under_the_minimum_is_asked_and_recorded_as_a_false_win(tmp_path: Path) -> None:
    # 7 typed for 17: ctrl+s asks whether it is the false win the rules make of it; n goes
    # back to the form, Esc leaves it, and only y records the false win.
    assert await typed("mcr", "3 7⏎2^s n esc", tmp_path) == []
    assert await typed("mcr", "3 7⏎2^s y", tmp_path / "false") == [FalseWin(2)]
