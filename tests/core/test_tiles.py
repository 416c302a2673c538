"""The mpsz notation, the readings of a hand and the preview forms."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjtui.core.errors import HandError
from mjtui.core.tiles import (
    Meld,
    decompose,
    parse_hand,
    parse_tiles,
    readings,
    seven_pairs,
    thirteen_orphans,
    tile_glyph,
    tile_name,
    tile_text,
)
from mjtui.core.tiles.render import format_hand, hand_glyphs, hand_text


def test_tile_names_cover_the_34_tiles() -> None:
    assert [tile_name(t) for t in (0, 8, 9, 17, 18, 26, 27, 33)] == [
        "1m",
        "9m",
        "1p",
        "9p",
        "1s",
        "9s",
        "1z",
        "7z",
    ]
    assert [tile_text(t) for t in range(27, 34)] == [
        "East",
        "South",
        "West",
        "North",
        "White",
        "Green",
        "Red",
    ]
    assert tile_text(4) == "5m"
    assert tile_glyph(0) == "\U0001f007"  # one of characters
    assert tile_glyph(9) == "\U0001f019"  # one of circles
    assert tile_glyph(18) == "\U0001f010"  # one of bamboo
    assert tile_glyph(27) == "\U0001f000"  # East
    assert tile_glyph(31) == "\U0001f006"  # White
    assert tile_glyph(33) == "\U0001f004"  # Red
    assert len({tile_glyph(t) for t in range(34)}) == 34


def test_a_closed_hand_and_its_winning_tile() -> None:
    hand = parse_hand("123m 456p 789s 11222z")
    assert hand.concealed == (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28, 28)
    assert hand.melds == ()
    assert hand.win == 28  # the last tile written
    assert hand.red == 0
    assert hand.closed
    assert parse_hand("123m456p789s11222z", win="1z").win == 27


def test_melds_red_fives_and_counts() -> None:
    hand = parse_hand("11z [0555s] (7777z) [789m] 46p 0p")
    assert hand.melds == (
        Meld("kan", (22, 22, 22, 22), True, 1),
        Meld("kan", (33, 33, 33, 33), False, 0),
        Meld("chi", (6, 7, 8), True, 0),
    )
    assert hand.red == 2
    assert hand.red_fives == (13,)
    assert hand.win == 13
    assert not hand.closed
    counts = hand.counts()
    assert sum(counts) == 16 and counts[22] == 4 and counts[33] == 4 and counts[13] == 1
    assert sum(hand.concealed_counts()) == 5


def test_a_closed_kan_keeps_the_hand_closed() -> None:
    hand = parse_hand("(1111z)123m456p789s22z")
    assert hand.closed and hand.melds[0].kind == "kan"


def test_the_winning_tile_may_be_red() -> None:
    assert parse_hand("123m406p789s11222z", win="0p").win == 13
    with pytest.raises(HandError, match="red 5p is not among"):
        parse_hand("123m456p789s11222z", win="0p")


@pytest.mark.parametrize(
    "text, column, reason",
    [
        ("123m4x5p", 5, "unknown character 'x'"),
        ("123m45", 4, "no suit letter"),
        ("123m456p789s11z8z", 15, "there is no 8z"),
        ("123m456p789s11z0z", 15, "there is no 0z"),
        ("m123", 0, "has no digits before it"),
        ("123m456p[124s]11z", 8, "run of one suit"),
        ("123m456p[123z]11z", 8, "honors do not make runs"),
        ("123m456p[12m3p]11z", 8, "run of one suit"),
        ("123m456p(111z)11z", 8, "closed kan"),
        ("123m[456p[789s]11z", 9, "cannot start inside"),
        ("123m456p]789s11z", 8, "closes nothing"),
        ("123m456p[789s)11z", 13, "closes nothing"),
        ("123m[456p", 4, "not closed"),
        ("11111m", 4, "a fifth 1m"),
        ("0m0m", 2, "second red five"),
        ("123m456p789s1122z", 17, "14 tiles plus one per kan; this one has 13"),
        ("[1111z]123m456p789s2z", 21, "(15 with 1 kan); this one has 14"),
        ("", 0, "no tiles"),
    ],
)
def test_mistakes_point_at_the_character(text: str, column: int, reason: str) -> None:
    with pytest.raises(HandError) as caught:
        parse_hand(text)
    message = str(caught.value)
    assert reason in message
    _, shown, caret = message.split("\n")
    assert shown == "  " + text
    assert caret == "  " + " " * column + "^"


def test_the_winning_tile_must_be_concealed() -> None:
    with pytest.raises(HandError, match="not among the concealed"):
        parse_hand("123m456p22z[789s]111z", win="8s")
    with pytest.raises(HandError, match="one tile"):
        parse_hand("123m456p789s11222z", win="12z")


def test_bare_tile_lists() -> None:
    assert parse_tiles("3m1z0p") == ((2, 27, 13), 1)
    assert parse_tiles("") == ((), 0)
    with pytest.raises(HandError, match="not allowed here"):
        parse_tiles("[1z]")


def _reading_tiles(pair: int, sets: tuple) -> list[int]:
    counts = [0] * 34
    counts[pair] += 2
    for kind, first in sets:
        for t in (first,) * 3 if kind == "pon" else (first, first + 1, first + 2):
            counts[t] += 1
    return counts


def test_every_reading_of_a_nine_gates_shape() -> None:
    counts = parse_hand("11112345678999m").concealed_counts()
    found = readings(counts)
    assert [(r.pair, r.sets) for r in found] == [
        (8, (("chi", 0), ("pon", 0), ("chi", 3), ("chi", 6)))
    ]
    assert all(_reading_tiles(*r) == counts for r in found)
    assert len(set(found)) == len(found)


def test_readings_of_a_ryanpeikou_shape() -> None:
    found = readings(parse_hand("22334455667788m").concealed_counts())
    assert sorted(found) == sorted(
        [
            (1, (("chi", 2), ("chi", 2), ("chi", 5), ("chi", 5))),
            (4, (("chi", 1), ("chi", 1), ("chi", 5), ("chi", 5))),
            (7, (("chi", 1), ("chi", 1), ("chi", 4), ("chi", 4))),
        ]
    )


def test_triplets_read_as_runs_too() -> None:
    found = readings(parse_hand("11122233344455m").concealed_counts())
    assert (4, (("pon", 0), ("pon", 1), ("pon", 2), ("pon", 3))) in found
    assert (4, (("chi", 0), ("chi", 0), ("chi", 0), ("pon", 3))) in found
    assert len(found) == 4


def test_hands_with_no_reading() -> None:
    assert readings(parse_hand("123m456p789s12345z").concealed_counts()) == []
    assert readings(parse_hand("1133m2255p6688s11z").concealed_counts()) == []
    assert readings(parse_hand("19m19p19s12345677z").concealed_counts()) == []


@pytest.mark.parametrize("first, size", decompose.SUITS)
def test_a_suit_read_when_met_is_read_as_the_whole_table_reads_it(first: int, size: int) -> None:
    """The tables fill as vectors are met; every readable vector gets the readings the
    table built up front gives, in the same order, and no other vector gets any."""
    full = decompose.suit_table(first, size)
    for counts, entry in full.items():
        assert decompose.suit_readings(counts, first, size) == entry, counts
    rng = random.Random(first)
    for _ in range(3000):
        counts = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4, 5)) for _ in range(size))
        if counts not in full:
            assert decompose.suit_readings(counts, first, size) is None, counts


def test_readings_fill_the_tables_as_hands_come_and_build_tables_fills_them_all() -> None:
    counts = parse_hand("123m456p789s234s55z").concealed_counts()
    decompose.suit_table.cache_clear()
    for table in decompose._TABLES:
        table.clear()
    first = readings(counts)
    assert [len(table) for table in decompose._TABLES] == [1, 1, 1, 1]
    assert decompose.suit_table.cache_info().currsize == 0  # nothing built up front
    decompose.build_tables()
    assert [len(t) for t in decompose._TABLES] == [
        len(decompose.suit_table(f, n)) for f, n in decompose.SUITS
    ]
    assert readings(counts) == first


def test_readings_match_a_brute_force_search() -> None:
    rng = random.Random(4)
    for _ in range(300):
        counts = [0] * 34
        for t in rng.sample(range(27), 5) + rng.sample(range(27, 34), 1):
            counts[t] += 2
        n = rng.choice([8, 11, 14])
        while sum(counts) > n:
            t = rng.randrange(34)
            if counts[t]:
                counts[t] -= 1
        while sum(counts) < n:
            t = rng.randrange(27)
            if counts[t] < 4:
                counts[t] += 1
        found = readings(counts)
        assert len(set(found)) == len(found)
        assert sorted(found) == sorted(_brute_force(counts))


def _brute_force(counts: list[int]) -> set:
    """Pairs and sets chosen in every order, the remaining tiles checked at each step."""
    found = set()

    def take(left: list[int], sets: tuple, lowest: int) -> None:
        if not any(left):
            found.add((pair, tuple(sorted(sets, key=lambda s: (s[1], s[0])))))
            return
        for kind in ("chi", "pon"):
            for t in range(34):
                tiles = (t,) * 3 if kind == "pon" else (t, t + 1, t + 2)
                if kind == "chi" and (t >= 27 or t % 9 > 6):
                    continue
                order = (t, kind)
                if order < lowest or any(left[x] < tiles.count(x) for x in tiles):
                    continue
                for x in tiles:
                    left[x] -= 1
                take(left, (*sets, (kind, t)), order)
                for x in tiles:
                    left[x] += 1

    for pair in range(34):
        if counts[pair] >= 2:
            left = list(counts)
            left[pair] -= 2
            take(left, (), (0, ""))
    return found


def test_seven_pairs_and_thirteen_orphans() -> None:
    assert seven_pairs(parse_hand("1133m2255p6688s11z").counts()) == (0, 2, 10, 13, 23, 25, 27)
    assert seven_pairs(parse_hand("1111m2255p6688s11z").counts()) is None
    assert seven_pairs(parse_hand("1111m2255p6688s11z").counts(), four_alike=True) == (
        0,
        0,
        10,
        13,
        23,
        25,
        27,
    )
    assert thirteen_orphans(parse_hand("19m19p19s12345677z").counts()) == 33
    assert thirteen_orphans(parse_hand("19m19p19s12345667z").counts()) == 32
    assert thirteen_orphans(parse_hand("119m19p19s1234566z").counts()) is None


def test_previews() -> None:
    hand = parse_hand("123m406p1z[0555s](7777z)1z")
    assert format_hand(hand) == "123m406p1z [0555s] (7777z) 1z"
    assert hand_text(hand) == (
        "1m 2m 3m 4p 5p* 6p East  [5s* 5s 5s 5s]  (Red Red Red Red)  win East"
    )
    assert hand_glyphs(hand).startswith("\U0001f007\U0001f008\U0001f009")
    assert hand_glyphs(hand).endswith("win \U0001f000")
    assert parse_hand(format_hand(hand).replace(" ", "")) == hand


def test_a_preview_grows_with_the_typing() -> None:
    from mjtui.core.tiles.render import preview

    assert preview("12m") == ("1m 2m", "\U0001f007\U0001f008")
    assert preview("123m 0p [555z] (7777z)") == (
        "1m 2m 3m 5p*  [White White White]  (Red Red Red Red)",
        "\U0001f007\U0001f008\U0001f009\U0001f01d*  [\U0001f006\U0001f006\U0001f006]  "
        "(\U0001f004\U0001f004\U0001f004\U0001f004)",
    )
    with pytest.raises(HandError, match="unknown character"):
        preview("12q")


def test_the_plain_reading_of_a_hand_is_the_scanners_and_leaves_it_every_error() -> None:
    from mjtui.core.tiles import notation

    rng = random.Random(3)
    texts = ["123m456p789s1122z", "0m234m567p789s11z2z", "1m1m1m1m2m3m4m"]
    for _ in range(400):
        tiles = [rng.randrange(34) for _ in range(rng.choice((13, 14, 14, 15)))]
        text = " ".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in tiles)
        texts.append(text.replace("5p", "0p", rng.random() < 0.3).replace("8z", "9z"))
    texts += ["123m456p789s1122 z", "123m456p789s11228z", "0m0m234567p789s11z", "0z123m456p789s12z"]
    for text in texts:
        wins = [rng.choice(("5m", "0p", "0s", "1z", "9z", "５m", "m5")), text.replace(" ", "")[-2:]]
        readers = [lambda t, w=w: notation.parse_hand(t, w) for w in wins]
        for parse in (notation.parse_hand, notation.parse_waiting_hand, *readers):
            try:
                fast = parse(text)
            except HandError as e:
                fast = str(e)
            assert fast == _scanned(parse, text), text
    assert notation._plain_hand("123m456p789s11z222z", 14) is not None  # the common case
    assert notation._plain_hand("123m456p789s11z [222z]", 11) is None  # melds: read apart


def _scanned(parse: Callable[[str], object], text: str) -> object:
    """What ``parse`` makes of ``text`` with the scanner alone (or its message)."""
    from mjtui.core.tiles import notation

    plain, melds = notation._plain_hand, notation._plain_melds
    notation._plain_hand = lambda t, s: None
    notation._plain_melds = lambda t, s: None
    try:
        return parse(text)
    except HandError as e:
        return str(e)
    finally:
        notation._plain_hand, notation._plain_melds = plain, melds


_TILE = st.integers(0, 33).map(lambda t: f"{t % 9 + 1}{'mpsz'[t // 9]}")
_MELD = st.one_of(
    st.tuples(st.integers(0, 33)).map(lambda t: (t[0],) * 3),
    st.tuples(st.integers(0, 33)).map(lambda t: (t[0],) * 4),
    st.integers(0, 26).filter(lambda t: t % 9 <= 6).map(lambda t: (t, t + 1, t + 2)),
    st.lists(st.integers(0, 35), min_size=1, max_size=5).map(tuple),  # mostly no meld
)


@st.composite
def _melded_text(draw: st.DrawFn) -> str:
    """A hand with melds as a player might type it, now and then a mistake in it."""
    melds = draw(st.integers(1, 4))
    # Mostly the tiles a hand of these melds holds (a kan's fourth tile is extra), or one
    # more or less: a complete hand, a waiting hand, a miscount.
    concealed = max(0, 14 - 3 * melds + draw(st.sampled_from((0, 0, 0, -1, 1))))
    parts = [draw(_TILE) for _ in range(concealed)]
    for _ in range(melds):
        ids = draw(_MELD)
        suit = "mpsz"[min(ids[0], 33) // 9]
        digits = "".join(str(t % 9 + 1) for t in ids)
        if draw(st.booleans()) and "5" in digits and suit != "z":
            digits = digits.replace("5", "0", 1)  # a red five
        opener = draw(st.sampled_from("[[[[(<"))
        closer = {"[": "]", "(": ")", "<": "]"}[opener]
        parts.insert(draw(st.integers(0, len(parts))), f"{opener}{digits}{suit}{closer}")
    return draw(st.sampled_from(("", " "))).join(parts).replace("8z", "9z")


@settings(max_examples=300, deadline=None)
@given(_melded_text(), st.sampled_from((None, "5m", "0p", "1z", "last")))
def test_the_plain_reading_of_melds_is_the_scanners(text: str, win: str | None) -> None:
    from mjtui.core.tiles import notation

    if win == "last":
        win = text.replace(" ", "").rstrip("])")[-2:]
    for parse in (
        lambda t: notation.parse_hand(t, win),
        notation.parse_waiting_hand,
    ):
        try:
            fast: object = parse(text)
        except HandError as e:
            fast = str(e)
        assert fast == _scanned(parse, text), text


def test_a_plain_hand_with_melds_is_read_without_the_scanner() -> None:
    from mjtui.core.tiles import notation

    found = notation._plain_melds("123m 406p 1z [0555s] (7777z) 1z", 14)
    assert found is not None and found[2][0].red == 1 and found[3] == 2
    assert notation._plain_melds("123m456p11z [12m3m]", 14) is None  # a meld of two groups


def test_the_plain_reading_of_a_tile_list_is_the_scanners_and_leaves_it_every_error() -> None:
    """Dora indicators (parse_tiles) read by the regular expressions give what the
    scanner gives, the same ids in the order written and the same red count, and leave
    every mistake to it (its message)."""
    from mjtui.core.tiles import notation

    rng = random.Random(5)
    texts = ["", "1z", "0z", "8z", "0p0p", "5p0p", "0m0p0s", "1111m", "11111m", "1m1m1m1m1m"]
    texts += ["2z 4p", " 3m4p ", "m", "12", "0p 0p", "[1z]", "5５p", "3m1z\t2s"]
    for _ in range(3000):
        groups = [
            "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 5))) + rng.choice("mpsz")
            for _ in range(rng.randint(1, 4))
        ]
        texts.append(rng.choice(("", " ")).join(groups))
        texts.append("".join(rng.choice("0123456789mpsz [") for _ in range(rng.randint(1, 8))))
    plain = 0
    for text in texts:
        plain += notation._plain_tiles(text) is not None
        try:
            fast: object = notation._parse_tiles(text)
        except HandError as e:
            fast = str(e)
        assert fast == _scanned_tiles(text), text
    assert plain > 1000  # most of them were read without the scanner


def _scanned_tiles(text: str) -> object:
    from mjtui.core.tiles import notation

    kept = notation._plain_tiles
    notation._plain_tiles = lambda t: None
    try:
        return notation._parse_tiles(text)
    except HandError as e:
        return str(e)
    finally:
        notation._plain_tiles = kept


def test_waits_lines_join_the_tiles_that_win_alike_and_a_long_list_on_one_line() -> None:
    from mjtui.core.tiles.render import waits_lines

    said = [("2s", "no yaku"), ("5s", "1 han · 1000"), ("8s", "no yaku")]
    assert waits_lines(said) == ["  2s 8s no yaku", "  5s  1 han · 1000"]
    many = [(f"{n}m", f"{n} fan") for n in range(1, 10)]
    assert waits_lines(many) == ["  " + " · ".join(f"{n}m {n} fan" for n in range(1, 10))]


def test_tiles_without_a_red_five_are_written_as_with_one_they_do_not_hold() -> None:
    from mjtui.core.tiles.notation import format_tiles

    rng = random.Random(5)
    for _ in range(500):
        ids = [rng.randrange(34) for _ in range(rng.randrange(15))]
        assert format_tiles(ids) == format_tiles(ids, [40]), ids  # the two ways of writing


def test_a_hand_without_red_fives_or_melds_is_written_as_by_the_general_way() -> None:
    from mjtui.core.tiles.notation import TileHand, format_tiles

    rng = random.Random(6)
    for _ in range(500):
        ids = tuple(sorted(rng.randrange(34) for _ in range(rng.randrange(1, 15))))
        win = rng.choice(ids)
        rest = list(ids)
        rest.remove(win)
        general = " ".join(p for p in (format_tiles(rest, [40]), format_tiles([win], [40])) if p)
        assert format_hand(TileHand(ids, (), win, 0)) == general, ids


def _each_tile_tried(hand: object, pairs: bool, orphans: bool, tiles: list[int]) -> list[int]:
    """completing_tiles as it was: completes() of each tile in full."""
    from mjtui.core.tiles.shanten import completes

    counts = hand.concealed_counts()  # type: ignore[attr-defined]
    melds = len(hand.melds)  # type: ignore[attr-defined]
    found = []
    for t in tiles:
        counts[t] += 1
        if completes(counts, melds, pairs=pairs, orphans=orphans):
            found.append(t)
        counts[t] -= 1
    return found


def test_the_tiles_completing_a_hand_are_those_each_tried_in_full_finds() -> None:
    from mjtui.core.tiles.notation import Meld, WaitingHand
    from mjtui.core.tiles.shanten import completing_tiles

    rng = random.Random(8)
    orphans = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    tenpai = 0
    for n in range(3000):
        melds = rng.choice((0, 0, 0, 1, 2))
        # Few kinds of tile, so that many hands are tenpai: sets, pairs, four alike,
        # seven pairs and thirteen orphans one short
        kinds = orphans if n % 7 == 0 else rng.sample(range(34), rng.randrange(4, 9))
        held: list[int] = []
        if n % 7 == 0 and not melds:  # thirteen orphans, one short or thirteen-sided
            held = list(orphans)
            if n % 2:
                held.remove(rng.choice(orphans))
                held.append(rng.choice(held))
        elif n % 2:  # sets and a pair, less a tile (the rest at random if they run out)
            for _ in range(50):
                if len(held) >= 14 - 3 * melds:
                    break
                t = rng.choice(kinds)
                chi = t < 27 and t % 9 < 7 and rng.random() < 0.5
                more = [t, t + 1, t + 2] if chi else [t] * (2 if len(held) == 0 else 3)
                if all(held.count(u) + more.count(u) <= 4 for u in more):
                    held += more
            held = held[: 13 - 3 * melds] if len(held) < 14 - 3 * melds else held
            if len(held) == 14 - 3 * melds:
                held.remove(rng.choice(held))
        while len(held) < 13 - 3 * melds:
            t = rng.choice(kinds)
            if held.count(t) < 4:
                held.append(t)
        hand = WaitingHand(
            tuple(sorted(held)), tuple(Meld("pon", (33, 33, 33), True, 0) for _ in range(melds)), 0
        )
        pairs, thirteen = rng.random() < 0.8, rng.random() < 0.8
        tiles = list(range(34)) if n % 5 else rng.sample(range(34), 20)
        found = completing_tiles(hand, pairs=pairs, orphans=thirteen, tiles=iter(tiles))
        assert found == _each_tile_tried(hand, pairs, thirteen, tiles), hand
        tenpai += bool(found)
    assert tenpai > 600  # hands that wait, not only hands that do not
