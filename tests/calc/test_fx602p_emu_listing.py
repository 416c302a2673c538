"""Reading FX-602P program lists: the seed's step counts and the parse errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjtui.calc.errors import ListingError
from mjtui.calc.fx602p.listing import looks_like_listing, parse_listing, read_listing

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "001_5ccb119688289e7f.txt"
HP11C_SEED = SEED.with_name("000_efbfaf89b1e00d0d.txt")


def seed_listing():
    if not SEED.is_file():
        pytest.skip(f"the seed listing is not at {SEED}")
    return read_listing(SEED)


def test_the_seed_step_counts() -> None:
    listing = seed_listing()
    assert listing.step_counts() == {
        "P0": 206,
        "P1": 16,
        "P2": 34,
        "P3": 192,
        "P4": 3,
        "P5": 7,
        "P6": 10,
        "P7": 26,
        "P8": 11,
        "P9": 5,
    }
    assert listing.total_steps == 510


def test_steps_of_keys_numbers_and_strings() -> None:
    listing = parse_listing('P3: Min1F M-06 X←→M06 IND MR05 x>=F 1.89 11 "Ron□ AR12 " "#"')
    area = listing.area(3)
    ops = [s.op for s in area.instructions]
    assert ops == [
        "min",
        "mminus",
        "xchg",
        "ind",
        "mr",
        "gef",
        "digit",
        "digit",
        "digit",
        "digit",
        "digit",
        "digit",
        "alpha",
        "alpha",
    ]
    # 6 one-step keys + 4 + 2 for the numbers + (4 + 1 + 2) + (1 + 2) + the end step
    assert area.steps == 6 + 6 + 7 + 3 + 1
    assert listing.area(5).steps == 1  # an area not in the listing: the end step only


def test_printed_layout_with_counts_prose_and_total() -> None:
    text = (
        "Some prose P0 in a sentence.\n"
        "P1\n(5 steps)   MR01 + 2\n    = \n\n"
        "P0\n(3 steps)\t\t GSBP1 XD\n"
        "  total 8 steps\n"
        "more prose\n"
    )
    listing = parse_listing(text)
    assert listing.step_counts() == {"P0": 3, "P1": 5}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("P0: 1 + FOO =", ["line 1", "'FOO'"]),
        ("P0\n(9 steps) 1 + 2", ["line 1", "P0 says 9 steps", "make 4"]),
        ('P2: "Ron AR12', ["line 1", "not closed"]),
        ("P0: AC\nP0: AC", ["line 2", "twice"]),
        ("P0\n(2 steps) AC\ntotal 7 steps", ["line 3", "7 steps"]),
        ("no areas here at all", ["not an FX-602P listing"]),
        ("P0: GOTOA", ["'GOTOA'"]),
        ("P0: MR20", ["'MR20'"]),
    ],
)
def test_errors_name_the_line_and_the_token(text: str, words: list[str]) -> None:
    with pytest.raises(ListingError) as caught:
        parse_listing(text, "prog.txt")
    message = str(caught.value)
    assert message.startswith("prog.txt")
    for word in words:
        assert word in message


def test_four_steps_counted_right_is_accepted() -> None:
    assert parse_listing("P0\n(4 steps) 1 + 2").area(0).steps == 4


def test_missing_and_foreign_files(tmp_path: Path) -> None:
    with pytest.raises(ListingError, match="no such file"):
        read_listing(tmp_path / "nope.txt")
    with pytest.raises(ListingError, match="folder"):
        read_listing(tmp_path)
    binary = tmp_path / "b.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ListingError, match="UTF-8"):
        read_listing(binary)
    assert not looks_like_listing("001 LBL A\n002 RTN\n")
    if HP11C_SEED.is_file():
        assert not looks_like_listing(HP11C_SEED.read_text(encoding="utf-8"))
