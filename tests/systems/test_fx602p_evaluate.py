"""The FX-602P hand evaluator and the points formula (seed 001, rules.md §2)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from mjtui.core.errors import HandError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.fx602p.system import evaluate, points, readings

REPO = Path(__file__).resolve().parents[2]
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "001_5ccb119688289e7f.txt"
RULES = load_ruleset(REPO / "rulesets" / "fx602p.toml").rules

# Seed 001's quick score table: rows 0-8 han, columns all sequences, 1, 2, 3 triplets.
QUICK_TABLE = [
    [800, 960, 1120, 1280],
    [1600, 1920, 2240, 2560],
    [3200, 3840, 4480, 5120],
    [5600, 6720, 7840, 8960],
    [8800, 10560, 12320, 14080],
    [12800, 15360, 17920, 20480],
    [17600, 21120, 24640, 28160],
    [23200, 27840, 32480, 37120],
    [29600, 35520, 41440, 47360],
]


def score(tiles: str, win: int | None = None, dora: int | None = None, tenho: bool = False):
    return evaluate(RULES, [int(c) for c in tiles], win, dora, tenho)


@pytest.mark.parametrize("han", range(9))
@pytest.mark.parametrize("triplets", range(4))
def test_the_36_cells_of_the_quick_table(han: int, triplets: int) -> None:
    assert points(RULES, han, triplets) == QUICK_TABLE[han][triplets]


def test_the_quick_table_is_the_seeds() -> None:
    if not SEED.is_file():
        pytest.skip("seed 001 not available")
    lines = [
        unicodedata.normalize("NFKC", line).strip()
        for line in SEED.read_text(encoding="utf-8").splitlines()
    ]
    start = next(i for i, line in enumerate(lines) if line.startswith("合計翻数すべて順子"))
    for han, line in enumerate(lines[start + 1 : start + 10]):
        # each row is printed as one run of digits: han, then the four cells
        # (impossible combinations in parentheses)
        assert line.replace("(", "").replace(")", "") == f"{han}" + "".join(
            str(points(RULES, han, t)) for t in range(4)
        ), line


def test_the_coefficients_follow_n_n_plus_1_over_2() -> None:
    assert RULES.points.coefficients == tuple((n * n + n + 2) // 2 for n in range(9))


YAKU_CASES = [
    # yaku, a hand that has it (tiles, win, dora, tenho), one that does not
    ("Pinfu", ("234567789", 9, None), ("123456789", 3, None)),
    ("Tanyao", ("234456678", 8, None), ("123456678", 8, None)),
    ("Iipeiko", ("234234678", 8, None), ("234345678", 8, None)),
    ("Dora", ("234456678", 8, 6), ("234456678", 8, 9)),
    ("Ittsu", ("123456789", 9, None), ("123456678", 8, None)),
    ("Chanta", ("123789999", 9, None), ("123456999", 9, None)),
    ("Toitoi", ("222555888", 8, None), ("222555678", 8, None)),
    ("Sanrenko", ("444555666", 6, None), ("444555777", 7, None)),
    ("Chinroto", ("111999999", 9, None), ("111999789", 9, None)),
    ("Isshoku", ("777777777", 7, None), ("777777888", 8, None)),
]


@pytest.mark.parametrize("name,has,lacks", YAKU_CASES, ids=[c[0] for c in YAKU_CASES])
def test_every_yaku_with_and_without(name: str, has: tuple, lacks: tuple) -> None:
    with_it, without = score(*has), score(*lacks)
    assert name in with_it.yaku, with_it
    assert name not in without.yaku + without.shown, without


def test_pinfu_needs_a_two_sided_wait_and_all_sequences() -> None:
    assert "Pinfu" in score("234567789", 7).yaku  # 56 waiting on 4 or 7
    assert "Pinfu" not in score("123456789", 3).yaku  # 12 waiting on 3: edge wait
    assert "Pinfu" not in score("123456789", 7).yaku  # 89 waiting on 7: edge wait
    assert "Pinfu" in score("123456789", 9).yaku  # 78 waits on 6 or 9
    assert "Pinfu" not in score("135246111", 5).yaku  # a triplet


def test_tenho_is_a_flag() -> None:
    assert "Tenho" in score("234456678", 8, tenho=True).yaku
    assert score("234456678", 8, tenho=True).han == score("234456678", 8).han + 2


def test_111222333_shapes_are_read_as_triplets() -> None:
    assert len(readings((1, 1, 1, 2, 2, 2, 3, 3, 3))) == 2  # triplets or 123 x 3
    s = score("123123123", 3)
    assert s.melds == ((1, 1, 1), (2, 2, 2), (3, 3, 3))
    assert s.yaku == ("Toitoi", "Sanrenko") and s.triplets == 3
    assert s.points == points(RULES, 4, 3) == 14080  # not 16 x 50 x 11 = 8800
    s = score("777888999", 8, dora=8)
    assert s.yaku == ("Dora", "Toitoi", "Sanrenko") and s.points == 20480


def test_dora_counts_once() -> None:
    assert score("234456789", 9, dora=4).han == score("234456789", 9, dora=2).han == 2
    assert score("222456789", 9, dora=2).yaku == ("Dora",)


def test_yakuman_do_not_combine() -> None:
    s = score("111999999", 9, dora=9, tenho=True)
    assert s.yaku == ("Chinroto",) and s.han == 8 and s.points == 47360
    assert "Tenho" in s.shown and "Dora" in s.shown and "Toitoi" in s.shown
    both = score("999999999", 9)
    assert both.yaku == ("Chinroto", "Isshoku") and both.han == 8  # no double yakuman


def test_the_largest_hand_without_yakuman() -> None:
    # tanyao, dora, toitoi, sanrenko, tenho: 8 han, the last row of the table
    s = score("333444555", 5, dora=4, tenho=True)
    assert s.han == 8 and s.points == 47360


def test_han_beyond_the_table_use_its_last_coefficient() -> None:
    assert points(RULES, 12, 3) == points(RULES, 8, 3)


@pytest.mark.parametrize(
    "tiles,win", [("12345678", 8), ("123456788", 8), ("123456789", 5 + 5), ("234567888", 1)]
)
def test_bad_hands_are_refused(tiles: str, win: int) -> None:
    with pytest.raises(HandError):
        score(tiles, win)


def test_readings_are_all_found() -> None:
    # brute force over every 9-tile hand: each reading's melds give back the tiles
    from itertools import combinations_with_replacement

    complete, ambiguous = 0, []
    for tiles in combinations_with_replacement(range(1, 10), 9):
        options = readings(tiles)
        complete += bool(options)
        for melds in options:
            assert tuple(sorted(t for m in melds for t in m)) == tiles
        if len(options) > 1:
            ambiguous.append(tiles)
    # 9 triplets and 7 sequences make C(16 + 2, 3) = 816 multisets of three melds,
    # 7 of which (xxx yyy zzz = xyz xyz xyz) have the same tiles
    assert complete == 816 - 7
    # the only tiles that read two ways: three consecutive triplets (111222333-like)
    assert ambiguous == [(n,) * 3 + (n + 1,) * 3 + (n + 2,) * 3 for n in range(1, 8)]
