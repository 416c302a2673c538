"""Text from files: cleaned where read, folded for comparison, look-alikes found, escaped
where shown (core/text.py, core/model/players.py)."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjtui.core.model.players import clean_name, first_repeat, look_alike_notes, player_key
from mjtui.core.text import (
    clean_line,
    fold,
    json_text,
    look_alike,
    mixed_script,
    odd_letters,
    shown,
    skeleton,
)

# What no terminal may get raw: C0 but line ends and tabs, DEL, C1, surrogates, the line
# and paragraph separators and the bidirectional controls.
RAW = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u061c\u200e\u200f"
    "\u202a-\u202e\u2066-\u2069]"
)

# The sequences of the issue, each before a name, and what is kept of it.
HOSTILE = {
    "OSC 0 (window title)": ("\x1b]0;TITLE\x07Eve", "Eve"),
    "OSC 0 ended by ST": ("\x1b]0;TITLE\x1b\\Eve", "Eve"),
    "CSI clear screen": ("\x1b[2JEve", "Eve"),
    "C1 CSI colour": ("\x9b31mEve", "Eve"),
    "OSC 52 clipboard": ("\x1b]52;c;SGVsbG8=\x07Eve", "Eve"),
    "NUL": ("E\x00ve", "Eve"),
    "right-to-left override": ("\u202eEve", "Eve"),
    "isolates and marks": ("\u2066E\u200fve\u2069", "Eve"),
    "zero-width space": ("Eve\u200b", "Eve"),
    "BOM and word joiner": ("\ufeffE\u2060ve", "Eve"),
    "lone surrogate": ("Eve\ud800", "Eve"),
    "DEL and a last ESC": ("E\x7fve\x1b", "Eve"),
    "two-character ESC sequence": ("E\x1bcve", "Eve"),  # ESC c resets the terminal
    "line breaks": ("Eve\nLee\u2028Kim\tJo\x85Al", "Eve Lee Kim Jo Al"),
    "joiner in Latin": ("E\u200dve", "Eve"),
}


@pytest.mark.parametrize("raw,kept", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_line_keeps_nothing_a_terminal_obeys(raw: str, kept: str) -> None:
    assert clean_line(raw) == kept
    assert not RAW.search(clean_line(raw)) and not RAW.search(shown(raw))


def test_text_without_controls_is_kept_as_it_is() -> None:
    for text in (
        "Ann",
        "Chén",
        unicodedata.normalize("NFD", "Chén"),
        "陳大文",
        "Ａｎｎ",
        "Ли",
        "[b]Ann",
        "👨\u200d👩\u200d👧",
        "می\u200cخواهم",
        "🇯🇵",
        "Ann  Lee",
    ):
        assert clean_line(text) == text, text  # not normalised, joiners where they join


def test_an_unfinished_control_string_is_not_taken_for_the_whole_text() -> None:
    assert clean_line("\x1b]0;Eve") == "0;Eve"  # no BEL or ST: only the ESC ] goes


def test_a_name_is_cleaned_and_its_spaces_made_single() -> None:
    assert clean_name("  \x1b]0;T\x07Ann \u202e Lee\u200b ") == "Ann Lee"
    assert clean_name("\x1b[2J") == ""  # nothing left: the readers refuse it


def test_shown_escapes_as_json_does() -> None:
    assert shown("a\x1bb\x9bc\u202ed\ne") == "a\\u001bb\\u009bc\\u202ed\\u000ae"
    assert shown("a\nb\tc\rd", lines=True) == "a\nb\tc\\u000dd"
    raw = "a\x1b\x9b\u202e"
    assert json.loads('"' + shown(raw) + '"') == raw
    assert shown("Chén 陳 ZWJ\u200d") == "Chén 陳 ZWJ\u200d"  # no control: as it is


def test_json_text_escapes_c1_and_bidi_and_reads_back_the_same() -> None:
    data = {"name": "\x9b31m\u202eEve\ud800", "n": [1, 2]}
    assert "\x9b" in json.dumps(data, ensure_ascii=False)  # what json.dumps leaves raw
    text = json_text(data)
    assert not RAW.search(text) and "\n" in text  # indented
    assert json.loads(text) == data


def test_fold_makes_one_key_of_one_name() -> None:
    nfc, nfd = "Chén", unicodedata.normalize("NFD", "Chén")
    assert nfc != nfd and fold(nfc) == fold(nfd) == "chén"
    assert fold("Ａｎｎ") == fold("ANN") == fold("ann") == fold("Ann\u200b") == "ann"
    assert fold(" Ann \u3000 Lee ") == "ann lee"
    assert fold("Straße") == fold("STRASSE")
    assert fold("Ann") != fold("Аnn")  # a Cyrillic А is another letter


def test_player_key_and_repeats_follow_the_fold() -> None:
    nfd = unicodedata.normalize("NFD", "Chén")
    assert player_key("Chén") == player_key(nfd) == player_key(" CHÉN ")
    assert first_repeat(["Chén", "Bob", nfd]) == (0, 2)
    assert first_repeat(["Ann", "Bob", "Ann\u200b"]) == (0, 2)  # cleaned: the same name
    assert first_repeat(["Ann", "Bob", "Аnn"]) is None  # drawn alike, another name


def test_look_alikes_across_scripts() -> None:
    cyrillic, greek = "\u0410nn", "\u0391nn"
    assert look_alike("Ann", cyrillic) and look_alike(greek, cyrillic)
    assert not look_alike("Ann", "ann")  # the same name, not a look-alike
    assert not look_alike("Ann", "Anna")
    assert skeleton("Вов") != skeleton("Bob")  # the small в is drawn otherwise
    assert skeleton("ВОВ") == skeleton("BOB")
    assert mixed_script(cyrillic) == ("Latin", "Cyrillic")
    assert mixed_script("Ann Ли") == () and mixed_script("Анна") == ()
    assert odd_letters(cyrillic) == ["U+0410 CYRILLIC CAPITAL LETTER A"]


def test_look_alike_names_are_reported_never_merged() -> None:
    notes = look_alike_notes(["Ann", "\u0410nn", "Ann\u200b", "Bob"])
    assert len(notes) == 1  # Ann+ZWSP is Ann: one pair, told once
    assert (
        "'Ann' and 'Аnn' look alike but are different names, counted as 2 players" in notes[0]
        and "U+0410 CYRILLIC CAPITAL LETTER A" in notes[0]
    )
    alone = look_alike_notes(["\u0410nn", "Bob"])
    assert len(alone) == 1 and "mixes Latin and Cyrillic letters" in alone[0]
    assert (
        look_alike_notes(["Ann", "Bob", "Chén", unicodedata.normalize("NFD", "Chén"), "Ли", "陳"])
        == []
    )


@given(st.text(alphabet=st.characters(), max_size=40))
def test_no_text_keeps_or_shows_a_control(text: str) -> None:
    cleaned = clean_line(text)
    assert not RAW.search(cleaned) and "\n" not in cleaned and "\t" not in cleaned
    assert clean_line(cleaned) == cleaned  # cleaning once is enough
    assert not RAW.search(shown(text)) and not RAW.search(shown(text, lines=True))
    assert fold(fold(text)) == fold(text)
