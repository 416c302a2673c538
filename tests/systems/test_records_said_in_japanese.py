"""A riichi session record that cannot be read says why in Japanese: each bad record of
test_riichi_records.py, its keys and values quoted as the file writes them, and no other
English word (the winner's seat, han, draw, tiles: whole sentences, not pieces)."""

from __future__ import annotations

import re

import pytest
from test_riichi_records import BAD, read
from test_snapshots_languages import english_left

from mjtui.core import language
from mjtui.core.errors import HandError
from mjtui.systems.riichi.records import KEYS

# A record's own words, quoted or not: its keys and values as typed in the file.
_TYPED = re.compile(r"'[^']*'|\"[^\"]*\"|\w+ = \"\w+\"")


def said(record: dict[str, object]) -> str:
    with pytest.raises(HandError) as caught:
        read(record)
    return str(caught.value)


@pytest.mark.parametrize("record,words", BAD, ids=[w for _, w in BAD])
def test_a_bad_record_says_why_in_japanese(record: dict[str, object], words: str) -> None:
    english = said(record)
    language.install("ja")
    japanese = said(record)
    assert japanese != english
    keys = {key for allowed in KEYS.values() for key in allowed}  # a list of them, unquoted
    assert [w for w in english_left([_TYPED.sub(" ", japanese)]) if w not in keys] == []


def test_the_seat_and_han_are_whole_sentences() -> None:
    language.install("ja")
    assert said({"ron": 5, "from": 1, "han": 1, "fu": 30}) == (
        "'ron' は1から4の席か、席の配列です (5 が書かれています)"
    )
    assert said({"tsumo": 5, "han": 1, "fu": 30}) == "'tsumo' は1から4の席です (5 が書かれています)"
    assert said({"ron": 3, "from": 1, "han": 0, "fu": 30}) == (
        "席3の 'han' は1以上です。役満なら 'yakuman' を書いてください"
    )
