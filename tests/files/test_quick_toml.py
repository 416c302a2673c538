"""The quick reader of hands gives what tomllib gives, or declines."""

from __future__ import annotations

import random
import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjtui.core.sessions.quick_toml import loads_hands

HEAD = 'format = "mjtui-session/1"\nplayers = ["Ann", "Bob"]\n\n[rules]\nname = "x"\n\n'
TOP = {"format": "mjtui-session/1", "players": ["Ann", "Bob"], "rules": {"name": "x"}}

keys = st.text("abcdefghijklmnopqrstuvwxyz_-0123456789", min_size=1, max_size=12)
scalars = st.one_of(
    st.integers(-(10**12), 10**12),
    st.booleans(),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12),
)
values = st.one_of(scalars, st.lists(scalars, max_size=6))
records = st.lists(st.dictionaries(keys, values, max_size=6), max_size=8)


def document(hands: list[dict]) -> str:
    """The text as the session writer lays it out: the whole document at once."""
    return tomli_w.dumps({**TOP, "hands": hands})


@given(records)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_what_tomli_w_writes_reads_as_tomllib_reads_it(hands) -> None:
    text = document(hands)
    quick = loads_hands(text, tomllib.loads)
    assert quick is None or quick == tomllib.loads(text)
    plain = all(
        isinstance(v, (int, bool))
        or (isinstance(v, list) and all(isinstance(x, (int, bool)) for x in v))
        for hand in hands
        for v in hand.values()
    )
    if "\n[[hands]]\n" in text and plain:  # numbers and booleans are always read quickly
        assert quick == tomllib.loads(text)


def test_a_long_series_of_plain_hands_is_read_quickly_and_exactly() -> None:
    rng = random.Random(15)
    hands = [
        {
            "winner": rng.randrange(4),
            "points": [rng.randrange(60) for _ in range(4)],
            "yaku": ["riichi", "tsumo"],
            "draw": "exhaustive",
            "riichi": [True, False],
            "fu": 30,
            "dealer": -0,
        }
        for _ in range(300)
    ]
    text = document(hands)
    assert loads_hands(text, tomllib.loads) == tomllib.loads(text)
    one_line = text.replace("[\n    ", "[").replace(",\n    ", ", ").replace(",\n]", "]")
    assert one_line != text
    assert loads_hands(one_line, tomllib.loads) == tomllib.loads(one_line)


@given(records, st.randoms(use_true_random=False), st.integers(1, 6))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_damaged_text_is_read_as_tomllib_reads_it_or_declined(hands, rnd, edits) -> None:
    chars = list(document(hands or [{"a": 1}]))
    for _ in range(edits):
        at = rnd.randrange(len(chars))
        what = rnd.choice(["drop", "put", "swap"])
        piece = rnd.choice(
            [
                '"',
                "[",
                "]",
                ",",
                "\n",
                " ",
                "=",
                "0",
                "x",
                "#",
                "\\",
                "1.5",
                "[[hands]]",
                "[hands.x]",
                "\r",
                "'''",
                "-",
                "_",
            ]
        )
        if what == "drop":
            del chars[at]
        elif what == "put":
            chars.insert(at, piece)
        else:
            chars[at] = piece
    text = "".join(chars)
    try:
        quick = loads_hands(text, tomllib.loads)
    except tomllib.TOMLDecodeError:
        return  # the head did not parse: the thorough reader says where
    if quick is not None:
        assert quick == tomllib.loads(text)


def test_declines_what_is_not_plain() -> None:
    for hand_text in [
        "a = 1.5",
        'a = "x\\"y"',
        "a = 1 # note",
        "a = 1\na = 2",
        "a = 01",
        "a = 1_000",
        "a = {b = 1}",
        "a = [[1]]",
        "[hands.x]\nb = 1",
        "a = 1234567890123456789012",
        "a.b = 1",
        " a = 1",
        "a = [\n  1,\n]",
    ]:
        text = HEAD + "[[hands]]\n" + hand_text + "\n"
        assert loads_hands(text, tomllib.loads) is None, hand_text
    assert loads_hands(HEAD, tomllib.loads) is None  # no hands at all
    twice = "hands = []\n" + "[[hands]]\na = 1\n"
    assert loads_hands(twice, tomllib.loads) is None
    after = HEAD + "[[hands]]\na = 1\n\n[other]\nb = 2\n"
    assert loads_hands(after, tomllib.loads) is None


def test_with_a_limit_a_number_beyond_it_either_way_is_declined() -> None:
    def hands(value: str) -> str:
        return f"{HEAD}[[hands]]\nwinner = 1\npoints = [{value}, 0]\n\n[[hands]]\nfu = {value}\n"

    for within in ("1000000000", "-1000000000"):
        assert loads_hands(hands(within), tomllib.loads, 10**9) == tomllib.loads(hands(within))
    for beyond in ("1000000001", "-1000000001"):
        text = hands(beyond)
        assert loads_hands(text, tomllib.loads) == tomllib.loads(text)  # no limit: read
        assert loads_hands(text, tomllib.loads, 10**9) is None
        assert loads_hands(text.replace(f"[{beyond}, 0]", "[0, 0]"), tomllib.loads, 10**9) is None


def test_with_a_limit_an_item_of_an_array_over_lines_beyond_it_is_declined() -> None:
    def hands(value: str) -> str:
        return f"{HEAD}[[hands]]\nwinner = 1\npoints = [\n    0,\n    {value},\n]\n"

    for within in ("1000000000", "-1000000000", "0", "-0"):
        text = hands(within)
        assert loads_hands(text, tomllib.loads, 10**9) == tomllib.loads(text)
    for beyond in ("1000000001", "-1000000001"):
        text = hands(beyond)
        assert loads_hands(text, tomllib.loads) == tomllib.loads(text)  # no limit: read
        assert loads_hands(text, tomllib.loads, 10**9) is None


shapes = st.lists(
    st.lists(st.tuples(keys, st.one_of(st.none(), st.integers(0, 4))), max_size=4),
    min_size=1,
    max_size=3,
)


@st.composite
def hands_of_few_shapes(draw: st.DrawFn) -> list[dict]:
    """Hands as a series has them: a few shapes (keys, and each array's length), many times."""
    kinds = draw(shapes)
    hands = []
    for _ in range(draw(st.integers(1, 12))):
        shape = dict(draw(st.sampled_from(kinds)))  # a key given twice keeps one value
        hands.append(
            {
                key: draw(scalars)
                if items is None
                else draw(st.lists(scalars, min_size=items, max_size=items))
                for key, items in shape.items()
            }
        )
    return hands


@given(hands_of_few_shapes(), st.randoms(use_true_random=False), st.integers(0, 3))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hands_of_a_shape_read_before_are_read_as_tomllib_reads_them(hands, rnd, edits) -> None:
    # The hands after the first of a shape are read by its pattern: a damage in one of
    # them must be found as the line reader finds it, and the rest read alike.
    chars = list(document(hands))
    for _ in range(edits):
        at = rnd.randrange(len(chars))
        chars.insert(at, rnd.choice(["\n", " ", "0", "x", "]", "[[hands]]\n", "    1,\n", '"']))
    text = "".join(chars)
    try:
        quick = loads_hands(text, tomllib.loads, 10**9)
    except tomllib.TOMLDecodeError:
        return
    if quick is not None:
        assert quick == tomllib.loads(text)
    elif (
        not edits
        and "\n[[hands]]\n" in text
        and all(
            isinstance(v, int) and abs(v) <= 10**9
            for hand in hands
            for value in hand.values()
            for v in (value if isinstance(value, list) else [value])
        )
    ):
        raise AssertionError("plain hands of numbers were not read quickly")


def test_a_shape_of_whole_numbers_takes_only_whole_numbers_within_the_limit() -> None:
    # The first hand's winner and points are numbers: its pattern reads numbers alone,
    # so a later hand's winner that is a boolean or a string is read by lines, and a
    # number beyond the limit, where the pattern reads it, declines the file.
    def hand(winner: str, point: str = "5") -> str:
        return f"[[hands]]\nwinner = {winner}\npoints = [\n    0,\n    {point},\n]\n\n"

    text = HEAD + hand("1") * 3 + hand("true") + hand('"x"') + hand("-0") + hand("2")
    assert loads_hands(text, tomllib.loads, 10**9) == tomllib.loads(text)
    for beyond in (hand("1000000001"), hand("1", "-1000000001")):
        text = HEAD + hand("1") * 2 + beyond
        assert loads_hands(text, tomllib.loads) == tomllib.loads(text)  # no limit: read
        assert loads_hands(text, tomllib.loads, 10**9) is None


def test_a_run_of_hands_of_whole_numbers_is_read_hand_by_hand_whatever_its_shape() -> None:
    # Such a run is read at once, its values converted together and shared out: a hand of
    # one value, of several, a run cut by a hand of another shape or by a blank line more,
    # and one that ends the file, each as tomllib reads it.
    def one(value: str) -> str:
        return f"[[hands]]\nscore = {value}\n\n"

    def two(winner: str, point: str) -> str:
        return f"[[hands]]\nwinner = {winner}\npoints = [\n    {point},\n    -{point},\n]\n\n"

    texts = [
        HEAD + one("0") + one("10") + one("-123456789012345678") + one("7"),
        HEAD + two("1", "0") + two("22", "333") + "\n" + two("4", "55") + one("6") + two("7", "8"),
        HEAD + one("1") + two("2", "3") + one("45") + one("6"),
    ]
    for text in texts:
        assert loads_hands(text, tomllib.loads, 10**18) == tomllib.loads(text)
