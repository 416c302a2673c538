"""HP-11C listings: the key spellings, the .hp11c format, printed listings, key words.

The seed listing is someone else's program: it is read from ../shared/seeds/
at run time (skipped when absent) and never copied here. The printed-listing
examples below are made up, written in the seed's typography.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjtui.calc.errors import KeyWordError, ListingError
from mjtui.calc.hp11c.keys import TESTS, Key, UnknownKey, parse_key
from mjtui.calc.hp11c.keywords import parse_key_words
from mjtui.calc.hp11c.listing import (
    MAX_STEPS,
    Program,
    format_listing,
    parse_listing,
    read_listing,
)
from mjtui.calc.programs import EAST_DOUBLING, shipped

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
SEED = SEEDS / "000_efbfaf89b1e00d0d.txt"

NBSP = "\u00a0"

# --------------------------------------------------------------------------
# Spellings
# --------------------------------------------------------------------------

SPELLINGS = [
    ("5", Key("digit", "5")),
    (".", Key("point")),
    ("EEX", Key("eex")),
    ("chs", Key("chs")),
    ("ENTER", Key("enter")),
    ("ENTER↑", Key("enter")),
    ("CLx", Key("clx")),
    ("LASTx", Key("lastx")),
    ("LSTx", Key("lastx")),
    ("x <=> y", Key("swap")),
    ("x<>y", Key("swap")),
    ("x⇄y", Key("swap")),
    ("X≷Y", Key("swap")),
    ("R↓", Key("rdown")),
    ("RDN", Key("rdown")),
    ("R↑", Key("rup")),
    ("+", Key("add")),
    ("–", Key("sub")),  # en dash, as printed
    ("−", Key("sub")),  # minus sign
    ("*", Key("mul")),
    ("×", Key("mul")),
    ("÷", Key("div")),
    ("1/x", Key("recip")),
    ("y^x", Key("pow")),
    ("yˣ", Key("pow")),
    ("√x", Key("sqrt")),
    ("SQRT", Key("sqrt")),
    ("x²", Key("square")),
    ("INT", Key("int")),
    ("FRAC", Key("frac")),
    ("ABS", Key("abs")),
    ("π", Key("pi")),
    ("Sto 1", Key("sto", "1")),
    ("STO1", Key("sto", "1")),
    ("Sto I", Key("sto", "I")),
    ("sto .5", Key("sto", ".5")),
    ("Sto + (i)", Key("sto+", "(i)")),
    ("STO+(I)", Key("sto+", "(i)")),
    ("Sto – 1", Key("sto-", "1")),
    ("STO × 2", Key("sto*", "2")),
    ("STO / 3", Key("sto/", "3")),
    ("Rcl (i)", Key("rcl", "(i)")),
    ("RCL .0", Key("rcl", ".0")),
    ("x<>(i)", Key("x<>(i)")),
    ("x⇄(i)", Key("x<>(i)")),
    ("x<>I", Key("x<>I")),
    ("Lbl A", Key("lbl", "A")),
    ("LBL .3", Key("lbl", ".3")),
    ("GTO 0", Key("gto", "0")),
    ("goto b", Key("gto", "B")),
    ("GTO I", Key("gto", "I")),
    ("GSB 7", Key("gsb", "7")),
    ("Gsb 9", Key("gsb", "9")),
    ("C", Key("gsb", "C")),
    ("Rtn", Key("rtn")),
    ("r/s", Key("rs")),
    ("PSE", Key("pse")),
    ("x≤y?", Key("test", "x<=y")),
    ("x<=y?", Key("test", "x<=y")),
    ("X<0?", Key("test", "x<0")),
    ("x>y?", Key("test", "x>y")),
    ("x>0", Key("test", "x>0")),
    ("x≠y?", Key("test", "x!=y")),
    ("x!=0?", Key("test", "x!=0")),
    ("x=y?", Key("test", "x=y")),
    ("x=0?", Key("test", "x=0")),
    ("SF 0", Key("sf", "0")),
    ("CF 1", Key("cf", "1")),
    ("F 0?", Key("fs", "0")),
    ("F? 1", Key("fs", "1")),
    ("FS? 0", Key("fs", "0")),
    ("ISG", Key("isg")),
    ("DSE", Key("dse")),
    ("FIX 2", Key("fix", "2")),
    ("SCI 6", Key("sci", "6")),
    ("ENG 3", Key("eng", "3")),
]


@pytest.mark.parametrize(("spelled", "key"), SPELLINGS, ids=[s for s, _ in SPELLINGS])
def test_spelling(spelled: str, key: Key) -> None:
    assert parse_key(spelled) == key


def test_every_test_of_the_11c_is_spelled() -> None:
    assert {parse_key(t + "?").arg for t in TESTS} == set(TESTS)
    assert len(TESTS) == 8


@pytest.mark.parametrize("key", sorted({k for _, k in SPELLINGS}, key=str))
def test_text_and_label_read_back(key: Key) -> None:
    # What the listing writer prints and what the pane shows must parse to the same key.
    assert parse_key(key.text) == key
    assert parse_key(key.label) == key


@pytest.mark.parametrize(
    ("spelled", "expected"),
    [
        ("x≤0?", "is not an HP-11C test; it has x<=y? x<0?"),
        ("x<y?", "is not an HP-11C test"),
        ("RCL + 1", "no recall arithmetic"),
        ("STO 12", "STO takes a register: 0-9, .0-.9, I or (i)"),
        ("Rcl J", "RCL takes a register"),
        ("LBL F", "LBL takes a label: 0-9, .0-.9 or A-E"),
        ("GTO 12", "GTO and GSB take a label"),
        ("SF 3", "flags 0 and 1"),
        ("F 2?", "flags 0 and 1"),
        ("FIX", "FIX takes one digit"),
        ("10", "one digit per step"),
        ("SIN", "'SIN' is not an HP-11C key"),
    ],
)
def test_unknown_keys_say_what_was_expected(spelled: str, expected: str) -> None:
    with pytest.raises(UnknownKey) as caught:
        parse_key(spelled)
    assert expected in str(caught.value)


@pytest.mark.parametrize("spelled", ["SST", "BST", "<-", "GTO .012"])
def test_keyboard_keys_are_no_program_steps(spelled: str) -> None:
    with pytest.raises(UnknownKey, match="acts from the keyboard"):
        parse_key(spelled)
    assert parse_key(spelled, keyboard=True).op in {"sst", "bst", "back", "gto_line"}


def test_gto_line_keeps_its_three_digits() -> None:
    assert parse_key("GTO .012", keyboard=True) == Key("gto_line", "012")
    assert parse_key("GTO .1") == Key("gto", ".1")


# --------------------------------------------------------------------------
# The .hp11c format
# --------------------------------------------------------------------------


def test_hp11c_format_steps_comments_and_numbers() -> None:
    text = "# a header\n\nLBL A   # the label\n001x\n002  1\n\n   STO 1\n003 hmm\n"
    with pytest.raises(ListingError) as caught:
        parse_listing(text, "t.hp11c")
    # "001x" is not a numbered step (no space), so it is read as a key and refused.
    assert str(caught.value).startswith("t.hp11c, line 4: '001x' is not an HP-11C key")
    program = parse_listing("# header\n\nLBL A   # label\n002  1\n\n   STO 1\n", "t.hp11c")
    assert [s.key for s in program.steps] == [Key("lbl", "A"), Key("digit", "1"), Key("sto", "1")]
    assert [s.line for s in program.steps] == [3, 4, 6]


def test_hp11c_format_refuses_prose() -> None:
    with pytest.raises(ListingError, match=r"^t\.hp11c, line 2: 'Press A to start' is not"):
        parse_listing("LBL A\nPress A to start\n", "t.hp11c")


def test_step_numbers_must_run_in_order() -> None:
    with pytest.raises(ListingError) as caught:
        parse_listing("001 LBL A\n002 1\n004 RTN\n", "t.hp11c")
    assert str(caught.value) == (
        "t.hp11c, line 3: step 004 where step 003 was expected (steps run 001, 002, ... in order)"
    )


def test_an_empty_listing_is_an_error() -> None:
    with pytest.raises(ListingError, match=r"t.hp11c: no program found: it holds no steps"):
        parse_listing("# nothing\n\n", "t.hp11c")


def test_program_memory_holds_203_steps() -> None:
    assert len(parse_listing("1\n" * MAX_STEPS)) == MAX_STEPS
    with pytest.raises(ListingError, match=r"line 204: more than 203 steps"):
        parse_listing("1\n" * (MAX_STEPS + 1), "long.hp11c")


def test_format_listing_reads_back() -> None:
    program = parse_listing("\n".join(s for s, _ in SPELLINGS), "all.hp11c")
    text = format_listing(program, "every spelling\n\nonce")
    assert text.startswith("# every spelling\n#\n# once\n001  5\n002  .\n")
    again = parse_listing(text, "again.hp11c")
    assert [s.key for s in again.steps] == [s.key for s in program.steps]


def test_program_from_keys() -> None:
    program = Program.from_keys(["LBL A", "1", "RTN"])
    assert [s.text for s in program.steps] == ["LBL A", "1", "RTN"]


# --------------------------------------------------------------------------
# Printed listings
# --------------------------------------------------------------------------

# Made up, in the typography of the published listing: no-break spaces
# between the columns, an en dash, ≤, "x <=> y", trailing spaces, prose with
# numbers in it, and numbered prose lines of one digit.
PRINTED = (
    "(11C) A made-up program\n"
    "\n"
    "• Gsb 1: starts (lines 002-003, vary at will)\n"
    "  1 > input points > r/s >\n"
    "Code:\n"
    f"001{NBSP * 4}Lbl{NBSP}1{NBSP * 4}\n"
    f"002{NBSP * 4}7\n"
    f"003{NBSP}{NBSP}Sto{NBSP}–{NBSP}2{NBSP * 8}\n"
    f"004    x <=> y\n"
    f"005\tx≤y?\n"
    "006 rcl  (I)\n"
    "Used Registers:\n"
    "R2: a total\n"
)


def test_printed_listing_among_prose() -> None:
    program = parse_listing(PRINTED, "made-up.txt", printed=True)
    assert [s.key for s in program.steps] == [
        Key("lbl", "1"),
        Key("digit", "7"),
        Key("sto-", "2"),
        Key("swap"),
        Key("test", "x<=y"),
        Key("rcl", "(i)"),
    ]
    assert [s.line for s in program.steps] == [6, 7, 8, 9, 10, 11]


def test_printed_listing_with_a_byte_order_mark_and_crlf() -> None:
    text = "\ufeff001 LBL A\r\n002 RTN\r\n"
    assert len(parse_listing(text, "bom.txt", printed=True)) == 2


def test_printed_listing_unknown_key_names_its_line() -> None:
    text = PRINTED.replace("x≤y?", "x≤y?!")
    with pytest.raises(ListingError, match=r"^made-up\.txt, line 10: 'x≤y\?!' is not"):
        parse_listing(text, "made-up.txt", printed=True)


def test_printed_listing_without_numbered_lines() -> None:
    with pytest.raises(ListingError, match="no line starts with a step number"):
        parse_listing("LBL A\n1\nRTN\n", "plain.txt", printed=True)


def test_read_listing_picks_the_layout_by_suffix(tmp_path: Path) -> None:
    (tmp_path / "p.txt").write_text(PRINTED, encoding="utf-8")
    (tmp_path / "p.hp11c").write_text(PRINTED, encoding="utf-8")
    assert len(read_listing(tmp_path / "p.txt")) == 6
    with pytest.raises(ListingError, match=r"p\.hp11c, line 1: '\(11C\) A made-up program'"):
        read_listing(tmp_path / "p.hp11c")


def test_read_listing_reports_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(ListingError, match="no such file"):
        read_listing(tmp_path / "missing.hp11c")
    (tmp_path / "latin1.txt").write_bytes("001 Sto \xb1 1\n".encode("latin-1"))
    with pytest.raises(ListingError, match="not UTF-8"):
        read_listing(tmp_path / "latin1.txt")


@pytest.fixture
def seed_path() -> Path:
    if not SEED.is_file():
        pytest.skip(f"the seed listing is not at {SEED}")
    return SEED


def test_the_seed_reads_as_published(seed_path: Path) -> None:
    raw = seed_path.read_bytes()
    assert "\u00a0".encode() in raw and "–".encode() in raw and "≤".encode() in raw
    program = read_listing(seed_path)
    assert len(program) == 124
    ops = {s.key.op for s in program.steps}
    assert {"swap", "sto-", "sto+", "fs", "eex", "test", "gsb", "rs"} <= ops
    assert Key("test", "x<=y") in {s.key for s in program.steps}
    # Five LBL 2 steps: the program relies on the forward label search.
    assert sum(s.key == Key("lbl", "2") for s in program.steps) == 5


# --------------------------------------------------------------------------
# The shipped program
# --------------------------------------------------------------------------


def test_the_shipped_program_reads() -> None:
    assert shipped() == {"east_doubling": EAST_DOUBLING}
    program = read_listing(EAST_DOUBLING)
    labels = {s.key.arg for s in program.steps if s.key.op == "lbl"}
    assert {"9", "A", "B", "C", "D"} <= labels
    # Short enough that a real 11C keeps R.0 and R.1, which it uses.
    assert len(program) <= 63 + 7 * 7


# --------------------------------------------------------------------------
# Key words (--keys)
# --------------------------------------------------------------------------


def words(text: str) -> list[str]:
    return [k.text for k in parse_key_words(text)]


def test_key_words_read_multi_word_keys() -> None:
    assert words("GSB 9 A 10 R/S") == ["GSB 9", "GSB A", "1", "0", "R/S"]
    assert words("Sto + 5 x <=> y STO (i) F? 0") == ["STO + 5", "x<>y", "STO (i)", "F? 0"]
    assert words("SST BST <- GTO .012") == ["SST", "BST", "<-", "GTO .012"]


def test_key_words_expand_numbers() -> None:
    assert words("2.5") == ["2", ".", "5"]
    assert words("-3") == ["3", "CHS"]
    assert words("1.5e3") == ["1", ".", "5", "EEX", "3"]
    assert words("1E-3") == ["1", "EEX", "3", "CHS"]
    assert words(".5") == [".", "5"]
    assert words("5 - 3") == ["5", "-", "3"]


def test_key_words_name_the_bad_word() -> None:
    with pytest.raises(KeyWordError) as caught:
        parse_key_words("GSB 9 A 10 R/Z 20")
    assert (
        str(caught.value) == "--keys: word 5: 'R/Z' is not an HP-11C key "
        "(the spellings are listed in docs/hp11c.md)"
    )
