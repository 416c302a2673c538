"""A --batch line read the cheap way is read as the full parsers read it: the quote
splitter as shlex (mjtui/cli/tools.py split_words), the words by hand as argparse
(LineReader.from_words), on generated lines (hypothesis)."""

from __future__ import annotations

import argparse
import functools
import json
import shlex
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjtui import paths
from mjtui.cli.tools import LineReader, answer_encoder, parser, split_words
from mjtui.core.errors import HandError
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.systems.tools import Tool


def _split(split: object, text: str) -> list[str] | str:
    try:
        return split(text)  # type: ignore[operator, no-any-return]
    except ValueError as e:
        return f"ValueError: {e}"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab1m[] \t'\"\\#-\x0c", max_size=30))
def test_the_quote_splitter_splits_as_shlex(text: str) -> None:
    assert _split(split_words, text) == _split(shlex.split, text)


@pytest.mark.parametrize(
    "text",
    ["'123m 456p' --seat S", '"123m [555z]"x --win 3m', "'' a", "a'b'\"c d\" e", "'open"],
)
def test_the_quote_splitter_on_batch_lines(text: str) -> None:
    assert _split(split_words, text) == _split(shlex.split, text)


# Words of a riichi and an MCR line: the positionals, options known and unknown, values
# good and bad, flags with and without values.
_WORD = st.sampled_from(
    (
        "123m456p789s2355s4s",
        "123m456p789s11z [555z]",
        "--seat",
        "S",
        "x",
        "--round",
        "--win",
        "4s",
        "--tsumo",
        "--tsumo=1",
        "--self-draw",
        "--honba",
        "2",
        "-1",
        "--dora",
        "3m",
        "--riichi",
        "--flowers",
        "--flowers=3",
        "--seat=W",
        "--self_draw",
        "--tiles",
        "--also",
        "rd",
        "--nope",
        "-h",
        "--",
    )
)


def _parsed(read: object, words: list[str]) -> object:
    try:
        found = read(words)  # type: ignore[operator]
    except HandError as e:
        return f"HandError: {e}"
    return None if found is None else vars(found)


@functools.cache
def _hand_tool(ruleset: str) -> Tool[Any]:
    """The ruleset's hand tool, read once for all the examples: ``--batch`` too reads
    every line of a run with one tool (the file read again gave the same tool, and
    took two thirds of each example's time)."""
    tool = RulesetLibrary(paths.ruleset_folders()).get(ruleset).system.hand_tool()
    assert tool is not None
    return tool


@pytest.mark.parametrize("ruleset", ["riichi-tenhou", "mcr"])
@settings(max_examples=300, deadline=None)
@given(words=st.lists(_WORD, max_size=7))
def test_the_words_read_by_hand_are_what_argparse_reads(ruleset: str, words: list[str]) -> None:
    tool = _hand_tool(ruleset)
    lines = LineReader(tool)  # each example its own reader and parser, as before
    fast = _parsed(lines.from_words, words)
    if fast is None:
        return  # left to the parser: nothing to compare
    full = parser("line", tool, line=True)
    assert fast == _parsed(full.parse_args, words), words
    assert isinstance(lines.read(shlex.join(words)), argparse.Namespace)


def test_the_winds_looked_up_are_what_wind_of_reads() -> None:
    from mjtui.cli.tools import _WINDS
    from mjtui.core.systems.winds import wind_of

    assert {k: wind_of(k) for k in _WINDS} == _WINDS


_JSON_VALUE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # nan and infinities too, as json.dumps writes them
    | st.text(alphabet=st.characters(codec="utf-8"), max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(answer=st.dictionaries(st.text(max_size=6), _JSON_VALUE, max_size=6))
def test_the_batch_writes_an_answer_as_json_dumps_does(answer: dict[str, Any]) -> None:
    assert answer_encoder()(answer) == json.dumps(answer)
