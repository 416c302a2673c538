"""`mjtui calc autoplay-fx602p`: JSON per hand, readable lines, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjtui.cli import main

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "001_5ccb119688289e7f.txt"
FIELDS = {"winner", "how", "hand", "yaku", "points", "total", "native", "agreement", "quirk"}


def seed() -> str:
    if not SEED.is_file():
        pytest.skip(f"the seed listing is not at {SEED}")
    return str(SEED)


def test_json_prints_one_object_per_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "autoplay-fx602p", seed(), "--hands", "3", "--seed", "5", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    hands = [json.loads(line) for line in lines]
    running = 0
    for hand in hands:
        assert set(hand) >= FIELDS
        assert hand["winner"] in ("human", "calculator") and hand["how"] in ("ron", "tsumo")
        assert len(hand["hand"]) == 9
        assert (hand["points"] > 0) == (hand["winner"] == "human")
        running += hand["points"]
        assert hand["total"] == running
        assert hand["agreement"] in ("agree", "quirk")
        if hand["agreement"] == "agree":
            assert hand["native"] == abs(hand["points"])


def test_readable_lines_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["calc", "autoplay-fx602p", seed(), "--hands", "2", "--seed", "5", "--player", "drawn"]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("hand 1: ") and out[1].startswith("hand 2: ")
    assert out[2].startswith("2 hands: ") and "native evaluator" in out[2]


@pytest.mark.parametrize("make", ["missing", "folder", "hp11c", "prose", "no-p0"])
def test_bad_listings_exit_2_with_a_message(
    make: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "listing.txt"
    if make == "folder":
        path = tmp_path
    elif make == "hp11c":
        path.write_text("001 LBL A\n002 RTN\n", encoding="utf-8")
    elif make == "prose":
        path.write_text("just some text\n", encoding="utf-8")
    elif make == "no-p0":
        path.write_text("P1: 1 + 2 =\n", encoding="utf-8")
    assert main(["calc", "autoplay-fx602p", str(path), "--hands", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjtui: ") and "Traceback" not in err


def test_bad_numbers_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "autoplay-fx602p", seed(), "--hands", "0"]) == 2
    assert "--hands" in capsys.readouterr().err
