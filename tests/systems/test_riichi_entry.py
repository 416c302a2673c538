"""The riichi hand-input models, without the app: the hand form, the tiles form, the fu
calculator, and the situation letters the tiles form and `mjtui hand` share."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from test_riichi_records import TENHOU, WRC, events
from test_riichi_table import SANMA

from mjtui.cli.tools import parser as tool_parser
from mjtui.core import language
from mjtui.core.errors import HandError
from mjtui.systems.riichi import tools as riichi_cli
from mjtui.systems.riichi.entry import (
    FIELDS,
    OUTCOMES,
    TILES_NEED,
    fields,
    kept_of,
    key_values,
    next_field,
    read_entry,
    row_of,
    score_values,
    seats_of,
    tiles_context,
    values_of,
    winner_rows,
)
from mjtui.systems.riichi.form import RiichiForm
from mjtui.systems.riichi.fu_entry import CODES, FuEntry, read_fu, start_values
from mjtui.systems.riichi.fu_entry import FIELDS as FU_FIELDS
from mjtui.systems.riichi.hand.context import (
    SITUATION_HELP,
    SITUATION_LETTERS,
    SITUATIONS,
    STATED,
    WinContext,
    situation_flags,
)
from mjtui.systems.riichi.hand.yaku import STATED_YAKU
from mjtui.systems.riichi.system import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Win,
    Winner,
    check_in_play,
)
from mjtui.systems.riichi.table import start
from mjtui.systems.riichi.terms import yaku_name
from mjtui.systems.riichi.tiles_entry import (
    TilesContext,
    TilesResult,
    read_tiles,
    situation_letters,
    win_context,
)

TRIPLE = replace(TENHOU, payments=replace(TENHOU.payments, multiple_ron="triple"))
NAMES = ("Ann", "Bob", "Cy", "Di")
BEFORE = start(TENHOU)  # East 1, Ann deals


def read(values: dict[str, str], rules=TENHOU, before=BEFORE, from_tiles=None):
    return read_entry(rules, before, values, 4, from_tiles)


def ron(**more: str) -> dict[str, str]:
    """Cy (seat 3) ron off Bob, 3 han 40 fu, with ``more`` fields."""
    return {"outcome": "r", "seat-0": "3", "han-0": "3", "fu-0": "40", "from": "2", **more}


# ------------------------------------------------------------ fields and rows


def test_the_fields_in_form_order_and_the_rows_per_ruleset() -> None:
    assert FIELDS[:7] == ("outcome", "seat-0", "han-0", "fu-0", "yakuman-0", "from", "pao")
    # The seats a hand names, in one order in every ruleset: nagashi, which some do not
    # play, last, so the same keys give the same seats whatever is left out.
    assert FIELDS[-4:] == ("offender", "tenpai", "riichi", "nagashi")
    assert (winner_rows(WRC), winner_rows(TENHOU), winner_rows(TRIPLE)) == (1, 2, 3)
    assert fields(1) == (
        "outcome",
        "seat-0",
        "han-0",
        "fu-0",
        "yakuman-0",
        "from",
        "pao",
        "offender",
        "tenpai",
        "riichi",
        "nagashi",
    )
    assert fields(3) == FIELDS and "seat-1" in fields(2) and "seat-2" not in fields(2)
    assert [row_of(f) for f in ("han-1", "yakuman-2", "from", "seat-0", "riichi")] == [
        1,
        2,
        None,
        0,
        None,
    ]
    assert seats_of("3191") == (0, 2) and seats_of("5x0") == ()


def test_enter_walks_the_active_fields_in_form_order() -> None:
    active = read(ron()).active
    assert next_field(active, "fu-0") == "from"  # the yakuman count is left out
    assert next_field(active, "from") == "seat-1"
    assert next_field(active, "seat-1") == "riichi" and next_field(active, "riichi") is None
    draw = read({"outcome": "d"}).active
    assert next_field(draw, "outcome") == "tenpai" and next_field(draw, "tenpai") == "riichi"
    assert next_field(draw, "riichi") == "nagashi"
    wrc = read({"outcome": "d"}, rules=WRC).active  # no nagashi played: riichi is last
    assert next_field(wrc, "tenpai") == "riichi" and next_field(wrc, "riichi") is None


def test_values_for_a_key_on_the_sheet() -> None:
    assert key_values(2) == {"outcome": "r", "seat-0": "3"}
    assert key_values(None) == {"outcome": "d"}
    entry = read(key_values(None))
    assert entry.hand == ExhaustiveDraw() and entry.errors == ()


# ------------------------------------------------------------ what is wrong


@pytest.mark.parametrize(
    "values,message",
    [
        ({}, "Outcome: type r ron · t tsumo · d draw · a abortive · c chombo"),
        ({"outcome": "x"}, "Outcome: type r ron"),
        ({"outcome": "r", "han-0": "3", "from": "2"}, "Winner: type the winner's seat, 1-4"),
        (
            {"outcome": "r", "seat-0": "3", "from": "2"},
            "han: type the han (1 or more), or a yakuman count",
        ),
        (
            {"outcome": "r", "seat-0": "3", "han-0": "3", "fu-0": "40"},
            "Ron off: type the seat (1-4) of the player who discarded the winning tile",
        ),
        (ron(**{"seat-1": "4"}), "winner 2 han: type the han (1 or more), or a yakuman count"),
        ({"outcome": "c"}, "Offender: type the seat (1-4) of the player who made the chombo"),
        ({"outcome": "r", "seat-0": "7", "han-0": "3", "from": "2"}, "Winner: type the winner's"),
        # The table's own checks, once the fields make a hand:
        (ron(**{"from": "3"}), "seat 3 cannot win on a tile they discarded"),
        (ron(**{"han-0": "1", "fu-0": "20"}), "20 fu cannot be won by ron"),
    ],
)
def test_each_mistake_has_its_message(values: dict[str, str], message: str) -> None:
    entry = read(values)
    assert entry.hand is None
    assert message in "\n".join(entry.errors)


def test_every_mistake_of_a_win_is_listed_at_once() -> None:
    entry = read({"outcome": "R"})  # any case
    assert entry.outcome == "ron"
    assert [e.split(":")[0] for e in entry.errors] == ["Winner", "Ron off"]


def test_a_game_that_is_over_takes_no_hand() -> None:
    over = replace(BEFORE, end="length", end_text="South 4 was the last hand")
    assert read(ron(), before=over).errors == ("the game is over: South 4 was the last hand",)


# ------------------------------------------------------------ the fields that count


@pytest.mark.parametrize(
    "letter,extra",
    [
        ("r", {"seat-0", "han-0", "fu-0", "yakuman-0", "from", "seat-1"}),
        ("t", {"seat-0", "han-0", "fu-0", "yakuman-0"}),
        ("d", {"tenpai", "nagashi"}),
        ("a", set()),
        ("c", {"offender"}),
        ("", set()),
    ],
)
def test_the_active_fields_per_outcome(letter: str, extra: set[str]) -> None:
    assert read({"outcome": letter}).active == {"outcome", "riichi"} | extra


def test_han_and_fu_or_a_yakuman_count_whichever_is_typed() -> None:
    active = read(ron()).active
    assert {"han-0", "fu-0"} <= active and "yakuman-0" not in active
    active = read(ron(**{"han-0": "", "fu-0": "", "yakuman-0": "2"})).active
    assert "yakuman-0" in active and not {"han-0", "fu-0"} & active
    # A second winner is scored only once its seat is typed.
    assert read(ron(**{"seat-1": "4"})).active >= {"han-1", "fu-1", "yakuman-1"}
    # Three rows where the ruleset plays triple ron; the third as the second.
    assert read(ron(), rules=TRIPLE).active >= {"seat-1", "seat-2"}
    assert "seat-1" not in read(ron(), rules=WRC).active


def test_a_tsumo_reads_the_first_row_only() -> None:
    entry = read(
        {
            "outcome": "t",
            "seat-0": "4",
            "han-0": "2",
            "fu-0": "40",
            "from": "2",
            "seat-1": "3",
            "han-1": "1",
            "riichi": "4",
        }
    )
    assert entry.hand == Win((Winner(3, 2, 40),), None, (3,))
    assert entry.pays == {0: "700/1300"}
    assert entry.seats["seat-1"] == 2 and "seat-1" not in entry.active


# ------------------------------------------------------------ the hands and the preview


def test_a_ron_its_payment_and_the_table_after() -> None:
    entry = read(ron(riichi="31"))
    assert entry.errors == ()
    assert entry.hand == Win((Winner(2, 3, 40),), 1, (0, 2))
    assert entry.pays == {0: "5200"}
    assert entry.playing.totals == (24000, 25000, 24000, 25000)
    assert entry.playing.deposits == 2000
    assert entry.after is not None and entry.after.totals == (24000, 19800, 31200, 25000)
    assert entry.seats["from"] == 1 and entry.riichi == (0, 2)


def test_a_double_ron_pays_each_row() -> None:
    entry = read(ron(**{"seat-1": "4", "han-1": "", "yakuman-1": "1"}))
    assert entry.hand == Win((Winner(2, 3, 40), Winner(3, 0, None, 1)), 1, ())
    assert entry.pays == {0: "5200", 1: "yakuman 32000"}
    # The first row is the one a win needs, whatever the second holds.
    entry = read({"outcome": "r", "from": "2", "seat-1": "4", "han-1": "5"})
    assert entry.hand is None and entry.errors[0].startswith("Winner")


def test_nagashi_seats_at_a_draw_where_played() -> None:
    entry = read({"outcome": "d", "tenpai": "2", "nagashi": "3"})
    assert entry.hand == ExhaustiveDraw((1,), (), (2,)) and entry.nagashi == (2,)
    assert next_field(entry.active, "riichi") == "nagashi"
    # Mangan 2000/4000 to seat 3; no noten payments under Tenhou's rules.
    assert entry.after is not None and entry.after.last_change == (-4000, -2000, 8000, -2000)
    entry = read({"outcome": "d", "nagashi": "3"}, rules=WRC)
    assert "nagashi" not in entry.active and entry.hand == ExhaustiveDraw()


def test_pao_once_a_lone_winner_has_a_yakuman() -> None:
    yakuman = {"outcome": "t", "seat-0": "2", "yakuman-0": "1", "pao": "4"}
    entry = read(yakuman)
    assert "pao" in entry.active and next_field(entry.active, "yakuman-0") == "pao"
    assert entry.hand == Win((Winner(1, 0, None, 1),), None, (), 3)
    assert entry.after is not None and entry.after.last_change == (0, 32000, 0, -32000)
    assert values_of(entry.hand)["pao"] == "4"
    # Not for han and fu, not with a second winner, not where no pao is played.
    assert "pao" not in read({**yakuman, "yakuman-0": "", "han-0": "5"}).active
    double = {**yakuman, "outcome": "r", "from": "1", "seat-1": "3", "han-1": "2", "fu-1": "30"}
    assert "pao" not in read(double).active and read(double).hand.pao is None
    assert (
        "pao"
        not in read(
            yakuman, rules=replace(TENHOU, payments=replace(TENHOU.payments, pao=()))
        ).active
    )


def test_draws_and_chombo() -> None:
    assert read({"outcome": "d", "tenpai": "31", "riichi": "3"}).hand == ExhaustiveDraw(
        (0, 2), (2,)
    )
    assert read({"outcome": "a", "riichi": "2"}).hand == AbortiveDraw((1,))
    entry = read({"outcome": "c", "offender": "2", "seat-0": "3"})
    assert entry.hand == Chombo(1) and entry.seats["offender"] == 1


# ------------------------------------------------------------ rows kept from the tiles


SCORED = Winner(2, 4, 30, 0, "234m406p2256778s 9s", ("riichi", "pinfu", "dora 1", "red fives 1"))


def test_a_row_keeps_its_tiles_while_seat_and_score_are_the_tiles_own() -> None:
    values = ron(**{"han-0": "4", "fu-0": "30", "riichi": "3"})
    entry = read(values, from_tiles={0: SCORED})
    assert entry.hand == Win((SCORED,), 1, (2,))
    assert entry.yaku == ((0, 2, SCORED.yaku),)
    typed_over = read({**values, "han-0": "5"}, from_tiles={0: SCORED})
    assert typed_over.hand == Win((Winner(2, 5, 30),), 1, (2,))
    assert typed_over.yaku == ((0, 2, None),)  # the form says the list is dropped
    other_seat = read({**values, "seat-0": "4"}, from_tiles={0: SCORED})
    assert other_seat.hand.winners[0] == Winner(3, 4, 30)
    assert other_seat.yaku == ()
    assert read({**values, "outcome": "d"}, from_tiles={0: SCORED}).yaku == ()


def test_a_yakuman_from_the_tiles_keeps_its_name_while_the_form_is_unfinished() -> None:
    kokushi = Winner(0, 0, None, 1, "19m19p19s1234567z 1z", ("kokushi musou",))
    values = {"outcome": "r", "seat-0": "1", **score_values(0, kokushi)}
    assert values["yakuman-0"] == "1" and values["han-0"] == ""
    entry = read(values, from_tiles={0: kokushi})
    assert entry.errors[0].startswith("Ron off") and entry.yaku == ((0, 0, ("kokushi musou",)),)
    entry = read({**values, "from": "2"}, from_tiles={0: kokushi})
    assert entry.hand == Win((kokushi,), 1, ())


def test_what_the_tiles_form_is_told() -> None:
    south = replace(BEFORE, east=3, round_wind=1, honba=2)  # Di deals: Cy is West
    entry = read(ron(riichi="3"), before=south)
    known, typed = tiles_context(entry, south, 0, NAMES, {0: SCORED})
    assert known == TilesContext("Cy", tsumo=False, seat_wind=3, round_wind=1, riichi=True, honba=2)
    assert typed == {"tiles": SCORED.tiles, "dora": "", "ura": "", "kita": "", "extras": "r"}
    other_seat = tiles_context(entry, south, 0, NAMES, {0: replace(SCORED, seat=1)})[1]
    assert other_seat == {"tiles": "", "dora": "", "ura": "", "kita": "", "extras": "r"}
    for values, row in ((ron(outcome="d"), 0), (ron(**{"seat-0": ""}), 0), (ron(), 1)):
        with pytest.raises(HandError, match=re.escape(TILES_NEED)):
            tiles_context(read(values, before=south), south, row, NAMES, {})


# ------------------------------------------------------------ editing a recorded hand


@pytest.mark.parametrize(
    "hand",
    [
        Win((Winner(2, 3, 40),), 1, (0, 2)),
        Win((Winner(3, 2, 40),), None, (3,)),
        Win((SCORED, Winner(3, 0, None, 2)), 1, (2,)),
        ExhaustiveDraw((0, 2), (2,)),
        AbortiveDraw((1,)),
        Chombo(1, (3,)),
    ],
)
def test_a_recorded_hand_reads_back_from_its_fields(hand) -> None:
    entry = read(values_of(hand), from_tiles=kept_of(hand))
    assert entry.errors == () and entry.hand == hand


@settings(
    max_examples=150, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(events())
def test_every_hand_the_table_takes_reads_back_from_its_fields(hand) -> None:
    hand = replace(hand, riichi=tuple(sorted(hand.riichi)))
    if isinstance(hand, ExhaustiveDraw):
        hand = replace(hand, tenpai=tuple(sorted(hand.tenpai)))
    try:
        check_in_play(TENHOU, BEFORE, hand)
    except HandError:
        assume(False)
    values = values_of(hand, winner_rows(TENHOU))
    assert set(values) <= set(FIELDS) and set(values["outcome"]) <= set(OUTCOMES)
    assert read(values, from_tiles=kept_of(hand)).hand == hand


# Hands recorded from the tiles with each situation letter: (ruleset, letters typed,
# tsumo, winner's seat (Ann deals), tiles, riichi declared, other fields of the form).
RECORDED = [
    (TENHOU, "r", False, 1, "234m406p2256778s 9s", True, {}),
    (TENHOU, "ri", True, 1, "234m406p22678s 555z", True, {"dora": "1m", "ura": "3p"}),
    (TENHOU, "d", True, 2, "234m406p22678s 555z", True, {}),
    (TENHOU, "di", False, 3, "234m406p2256778s 9s", True, {}),
    (TENHOU, "l", True, 1, "234m406p22678s 555z", False, {}),  # haitei
    (TENHOU, "l", False, 2, "234m406p22678s55z 5z", False, {}),  # houtei
    (TENHOU, "rl", False, 2, "234m406p2256778s 9s", True, {}),
    (TENHOU, "k", True, 1, "234m406p22s55z (7777s) 5z", False, {}),
    (TENHOU, "rk", True, 0, "234m406p22s55z (7777s) 5z", True, {}),
    (TENHOU, "c", False, 1, "234m406p2256778s 9s", False, {}),
    (TENHOU, "h", True, 0, "234m406p22678s55z 5z", False, {}),  # tenhou
    (TENHOU, "h", True, 3, "234m406p22678s55z 5z", False, {}),  # chiihou
    (SANMA, "ri", True, 1, "123p456p789s111z99m", True, {"kita": "2", "dora": "3z"}),
]


def recorded(rules, letters, tsumo, seat, tiles, riichi, more) -> tuple[Win, TilesResult]:
    """The hand as the tiles form scored it and the hand form recorded it."""
    names = NAMES[: rules.players]
    known = TilesContext(names[seat], tsumo, seat, 0, riichi, 0)
    result = read_tiles(rules, known, {"tiles": tiles, "extras": letters, **more}).result
    assert result is not None
    discarder = None if tsumo else (seat + 1) % rules.players
    return Win((result.winner(seat),), discarder, (seat,) if riichi else ()), result


@pytest.mark.parametrize(
    "rules,letters,tsumo,seat,tiles,riichi,more",
    RECORDED,
    ids=[f"{r.players}p-{c}-{'tsumo' if t else 'ron'}-{s}" for r, c, t, s, *_ in RECORDED],
)
def test_an_edited_hand_opens_its_tiles_form_as_it_was_scored(
    rules, letters, tsumo, seat, tiles, riichi, more
) -> None:
    hand, result = recorded(rules, letters, tsumo, seat, tiles, riichi, more)
    form = RiichiForm(rules, start(rules), NAMES[: rules.players], hand)
    values = form.start()
    sub = form.open("tiles", values, "han-0")
    typed = sub.model.start()
    assert typed["extras"] == letters and {k: typed[k] for k in more} == more
    again = sub.model.read(typed)
    assert again.errors == () and again.value is not None
    a, b = result.analysis, again.value.analysis
    assert (b.han, b.fu, b.yakuman, b.payment) == (a.han, a.fu, a.yakuman, a.payment)
    # Used unchanged, the tiles record the same hand.
    put, _ = sub.done(again.value)
    assert form.read({**values, **put}).value == hand


def test_every_situation_letter_is_edited_above() -> None:
    by_letter = {s.letter: s for s in SITUATIONS}
    flags = {
        by_letter[c].flag_for(tsumo=tsumo, dealer=seat == 0)
        for _, letters, tsumo, seat, *_ in RECORDED
        for c in letters
    }
    assert flags == set(STATED)  # haitei and houtei, tenhou and chiihou each
    assert any(more.get("kita") for *_, more in RECORDED)


def test_a_yakuman_edited_scores_the_same_without_the_situations_it_hid() -> None:
    # Kokushi won on the last tile: a yakuman lists no haitei, and needs none.
    hand, result = recorded(TENHOU, "l", True, 1, "19m19p19s1234567z 1z", False, {})
    form = RiichiForm(TENHOU, BEFORE, NAMES, hand)
    sub = form.open("tiles", form.start(), "han-0")
    assert sub.model.start()["extras"] == ""
    again = sub.model.read(sub.model.start()).value
    assert again is not None and again.winner(1) == hand.winners[0]
    assert again.analysis.payment == result.analysis.payment


def test_the_riichi_letters_follow_the_hand_forms_riichi_field() -> None:
    hand, _ = recorded(TENHOU, "ril", True, 1, "234m406p22678s 555z", True, {})
    form = RiichiForm(TENHOU, BEFORE, NAMES, hand)
    assert form.open("tiles", form.start(), "han-0").model.start()["extras"] == "ril"
    # Taken out of the riichi field before the tiles form opens: no riichi, no ippatsu.
    dama = form.open("tiles", {**form.start(), "riichi": ""}, "han-0").model.start()
    assert dama["extras"] == "l"
    assert situation_letters(("double riichi", "ippatsu"), riichi=True) == "di"
    assert situation_letters((), riichi=True) == "r"  # a new winner who declared riichi
    assert situation_letters((), riichi=False) == ""


# ------------------------------------------------------------ situations: one list


def test_the_situation_letters_and_the_cli_options_are_one_list() -> None:
    assert SITUATION_LETTERS == "rdilkch"
    assert SITUATION_HELP == (
        "r riichi · d double riichi · i ippatsu · l last tile · k rinshan · c chankan · h tenhou"
    )
    flags = {f for s in SITUATIONS for f in (s.flag, s.ron, s.non_dealer) if f}
    assert flags == set(STATED)  # riichi too: the tiles may be scored before its field
    assert set(STATED_YAKU) == set(STATED)  # and each names the yaku it gives
    assert set(STATED) < set(WinContext.__dataclass_fields__)
    options = {o.dest for o in riichi_cli.HAND.options}
    assert set(STATED) <= options


def test_situation_letters_follow_how_the_hand_was_won() -> None:
    assert situation_flags("l", tsumo=True, dealer=True) == {"haitei"}
    assert situation_flags("L", tsumo=False, dealer=True) == {"houtei"}
    assert situation_flags("hh", tsumo=True, dealer=False) == {"chiihou"}
    assert situation_flags("dik", tsumo=True, dealer=False) == {
        "double_riichi",
        "ippatsu",
        "rinshan",
    }
    with pytest.raises(
        HandError, match="'x' is not a situation letter: r riichi · d double riichi"
    ):
        situation_flags("dx", tsumo=True, dealer=True)
    ron = TilesContext("Bob", tsumo=False, seat_wind=1, round_wind=0, riichi=True, honba=2)
    ctx = win_context(ron, "ilh", (0,), ())
    assert ctx.houtei and not ctx.haitei and ctx.ippatsu and ctx.riichi
    assert ctx.chiihou and not ctx.tenhou and ctx.honba == 2 and ctx.dora == (0,)
    dealer = TilesContext("Ann", tsumo=True, seat_wind=0, round_wind=1, riichi=True, honba=0)
    ctx = win_context(dealer, "dLH", (), ())
    assert ctx.double_riichi and not ctx.riichi and ctx.haitei and ctx.tenhou


@pytest.mark.parametrize("letters", ["", "i", "l", "dl", "h", "k", "c"])
@pytest.mark.parametrize("tsumo,seat", [(True, "E"), (False, "S")])
def test_the_cli_takes_the_tiles_forms_letters(letters: str, tsumo: bool, seat: str) -> None:
    parser = tool_parser("test", riichi_cli.HAND)
    argv = ["1m", "--seat", seat, "--riichi", "--also", letters] + (["--tsumo"] if tsumo else [])
    args = parser.parse_args(argv)
    known = TilesContext(
        "", tsumo=tsumo, seat_wind=0 if seat == "E" else 1, round_wind=0, riichi=True, honba=0
    )
    assert riichi_cli.context(args) == win_context(known, letters, (), ())


# ------------------------------------------------------------ the tiles form


RON = TilesContext("Bob", tsumo=False, seat_wind=1, round_wind=0, riichi=True, honba=0)


def test_the_tiles_read_into_a_score_and_the_yaku_kept() -> None:
    entry = read_tiles(TENHOU, RON, {"tiles": "234m406p2256778s9s", "dora": "1m"})
    assert entry.errors == () and entry.result is not None
    a = entry.result.analysis
    assert (a.han, a.fu, a.payment.short()) == (4, 30, "7700")
    assert entry.result.yaku == ("riichi", "pinfu", "dora 1", "red fives 1")
    # The indicators go with the hand, so the tiles form opens again as it was.
    assert entry.result.winner(1) == Winner(
        1, 4, 30, 0, "234m406p2256778s 9s", entry.result.yaku, dora="1m"
    )
    assert entry.active == {"tiles", "dora", "ura", "extras"}
    yakuman = read_tiles(TENHOU, RON, {"tiles": "19m19p19s1234567z1z"}).result
    assert yakuman is not None and yakuman.winner(1) == Winner(
        1, 0, None, 1, yakuman.tiles, yakuman.yaku
    )


def test_the_yaku_are_kept_in_english_whatever_the_language_spoken() -> None:
    language.install("ja")
    entry = read_tiles(TENHOU, RON, {"tiles": "234m406p2256778s9s", "dora": "1m"})
    assert entry.result is not None
    # The record's names, each dora with its count; said in Japanese on the screens.
    assert entry.result.yaku == ("riichi", "pinfu", "dora 1", "red fives 1")
    assert [yaku_name(n) for n in entry.result.yaku] == ["立直", "平和", "ドラ 1", "赤ドラ 1"]


def test_what_is_wrong_with_the_tiles() -> None:
    def error(**values: str) -> str:
        return "\n".join(read_tiles(TENHOU, RON, values).errors)

    assert error() == "Tiles: type the winner's hand, e.g. 234m456p2267s [777z] 5s"
    assert "no suit letter" in error(tiles="234m406p22s567s78")
    assert error(tiles="234m406p2256778s9s", dora="9").startswith("Dora: ")
    assert error(tiles="234m406p2256778s9s", extras="k").startswith("rinshan kaihou")
    assert error(tiles="234m406p2256778s9s", extras="x").startswith("'x' is not a situation")
    # The tiles parsed are shown even when they cannot win.
    cannot = read_tiles(TENHOU, RON, {"tiles": "123m456p789s13579p"})
    assert cannot.hand is not None and cannot.result is None and cannot.errors
    picked = read_tiles(TENHOU, RON, {"tiles": "234m406p2256778s9s", "extras": "il"}).picked
    assert picked == ("ippatsu", "last tile (haitei / houtei)")


def test_ura_dora_only_with_riichi() -> None:
    dama = replace(RON, riichi=False)
    entry = read_tiles(TENHOU, dama, {"tiles": "234m406p2256778s9s", "ura": "1m"})
    assert "ura" not in entry.active and entry.result is not None
    assert entry.result.analysis.dora.ura == 0


# ------------------------------------------------------------ the fu calculator


def fu(**changed: str) -> FuEntry:
    return read_fu(TENHOU, {**start_values(), **changed})


def test_the_fu_calculator_starts_on_a_plain_closed_ron() -> None:
    entry = fu()
    assert entry.errors == () and entry.result is not None and entry.result.fu == 30
    assert entry.active == set(FU_FIELDS)
    assert (
        entry.words["wait"] == "ryanmen (two-sided)" and entry.words["meld-0"] == "closed sequence"
    )
    assert start_values(tsumo=True, closed=False)["win"] == "t"


def test_the_fu_calculator_reads_the_codes() -> None:
    # Closed ron, kanchan wait, dragon pair, a closed triplet of terminals: 42, up to 50.
    entry = fu(wait="K", pair="d", **{"kind-0": "t", "tiles-0": "h"})
    assert entry.result is not None and entry.result.fu == 50
    assert "42 fu rounds up to 50" in entry.result.rounding
    assert entry.words["meld-0"] == "closed triplet T/H"
    assert entry.hand is not None and entry.hand.melds[0].terminals


def test_the_meld_a_shanpon_ron_completed() -> None:
    won = fu(wait="s", won="2", **{"kind-0": "t", "kind-1": "t"})
    assert won.hand is not None and won.hand.melds[1].winning
    lines = dict(won.result.lines)  # type: ignore[union-attr]
    assert lines["meld 2: closed triplet of simples, completed by ron (counts as open)"] == 2
    assert lines["meld 1: closed triplet of simples"] == 4


@pytest.mark.parametrize(
    "changed,message",
    [
        ({"win": ""}, "Win: type one of r/t"),
        ({"closed": "x"}, "Hand: type one of c/o"),
        ({"shape": ""}, "Shape: type one of s/p/7"),
        ({"wait": ""}, "Wait: type one of r/s/k/p/t"),
        ({"pair": "q"}, "Pair: type one of n/g/d/s/r/w"),
        ({"kind-2": ""}, "Meld 3: kind s/t/k, then c/o, then s/h"),
        ({"won": "5"}, "Won on meld: type the meld (1-4)"),
        ({"won": "12"}, "Won on meld"),
    ],
)
def test_each_fu_mistake_has_its_message(changed: dict[str, str], message: str) -> None:
    entry = fu(**changed)
    assert entry.result is None and message in entry.errors[0]


def test_pinfu_and_seven_pairs_leave_the_melds_out() -> None:
    for shape, total in (("p", 30), ("7", 25)):
        entry = fu(shape=shape)
        assert entry.result is not None and entry.result.fu == total
        assert not {"wait", "pair", "won", "kind-0", "tiles-3"} & entry.active
        assert entry.words["meld-0"] == ""
    assert set(CODES) == {"win", "closed", "shape", "wait", "pair", "kind", "open", "tiles"}
