"""The table rules in the core: Session.add and replace refuse what the table would
refuse (a hand after the end, a riichi without the deposit, situations that cannot
happen together), a file that breaks them is read hand by hand, and a refused
redo changes nothing. Seats are 0-based in the events, 1-based in the messages."""

from __future__ import annotations

import contextlib
import re
import tempfile
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjtui.core.errors import HandError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset, load_ruleset
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.core.systems import SYSTEMS
from mjtui.systems.east_doubling import system as ed
from mjtui.systems.fx602p import system as fx602p
from mjtui.systems.pocket import system as pocket
from mjtui.systems.riichi import system as riichi
from mjtui.systems.riichi.events import RIICHI_YAKU, RON_YAKU, TSUMO_YAKU
from mjtui.systems.riichi.hand.yaku import YAKU_KEYS, YAKUMAN
from mjtui.systems.riichi.system import AbortiveDraw, ExhaustiveDraw, Win, Winner

REPO = Path(__file__).resolve().parents[2]
STARTED = datetime(2026, 11, 30, 20, 0)
NAMES = ("Ann", "Bob", "Cy", "Di")


def ruleset(name: str) -> Ruleset:
    return load_ruleset(REPO / "rulesets" / f"{name}.toml")


def no_other(name: str) -> Ruleset:
    """The file names its own [rules]: the shipped ruleset of its id is asked only
    which system it is, that the two agree."""
    return ruleset(name)


TENHOU, MLEAGUE = ruleset("riichi-tenhou"), ruleset("riichi-mleague")
POCKET, FX, HP11C = ruleset("pocket"), ruleset("fx602p"), ruleset("hp11c")


def session(rs: Ruleset, *hands) -> Session:
    s = Session(rs, NAMES[: rs.players], STARTED)
    for hand in hands:
        s.add(hand)
    return s


def refused(s: Session, hand, words: str) -> None:
    """``hand`` is refused with ``words`` in the message, and nothing changed."""
    hands, state = list(s.hands), s.state
    with pytest.raises(HandError, match=words):
        s.add(hand)
    assert s.hands == hands and s.state == state


def ron(
    winner: int,
    discarder: int,
    han: int,
    fu: int | None = None,
    riichi=(),
    yaku=(),
    yakuman: int = 0,
) -> Win:
    return Win((Winner(winner, han, fu, yakuman, "", tuple(yaku)),), discarder, tuple(riichi))


def tsumo(
    winner: int, han: int, fu: int | None = None, riichi=(), yaku=(), yakuman: int = 0
) -> Win:
    return Win((Winner(winner, han, fu, yakuman, "", tuple(yaku)),), None, tuple(riichi))


def test_every_system_checks_hands_against_the_table() -> None:
    for name, system in SYSTEMS.items():
        assert callable(getattr(system, "check_in_play", None)), name


# --------------------------------------------------------------------------
# Riichi
# --------------------------------------------------------------------------


def test_riichi_no_hand_after_the_game_is_over() -> None:
    # A dealer yakuman ron (48000) takes seat 2 below zero: Tenhou plays tobi.
    s = session(TENHOU, ron(0, 1, 0, yakuman=1))
    assert s.state.finished
    refused(s, ron(2, 3, 1, 30), "the game is over: seat 2 went below zero")
    refused(s, AbortiveDraw(), "the game is over")


def test_riichi_needs_the_deposit_on_tenhou_not_on_mleague() -> None:
    poor = TENHOU.with_start_points(900)
    refused(
        session(poor),
        ExhaustiveDraw(tenpai=(1,), riichi=(1,)),
        "seat 2 has 900 points, less than the 1000 riichi deposit",
    )
    session(MLEAGUE.with_start_points(900), ExhaustiveDraw(tenpai=(1,), riichi=(1,)))
    # Exactly the deposit is enough.
    session(TENHOU.with_start_points(1000), ExhaustiveDraw(tenpai=(1,), riichi=(1,)))


def test_riichi_points_are_those_before_the_hand() -> None:
    # A dealer baiman (24000) off seat 2 leaves 1000, a noten payment 0.
    s = session(TENHOU, ron(0, 1, 8), ExhaustiveDraw(tenpai=(0,)))
    assert s.state.totals[1] == 0 and not s.state.finished
    refused(s, ExhaustiveDraw(tenpai=(0, 1), riichi=(1,)), "seat 2 has 0 points")
    s.add(ExhaustiveDraw(tenpai=(0, 2), riichi=(2,)))  # the others still may


def test_riichi_four_declarations_stop_the_hand_where_abortive_draws_are_played() -> None:
    four = (0, 1, 2, 3)
    for hand in (tsumo(1, 2, 30, riichi=four), ExhaustiveDraw(tenpai=four, riichi=four)):
        refused(session(TENHOU), hand, "all four players declared riichi")
        session(MLEAGUE, hand)  # M-League plays no abortive draws: the hand goes on
    session(TENHOU, AbortiveDraw(riichi=four))


def test_riichi_yaku_from_the_tiles_must_fit_the_declarations() -> None:
    refused(
        session(TENHOU),
        ron(1, 2, 2, 30, yaku=("riichi", "pinfu")),
        "the yaku of seat 2 have riichi, but seat 2 is not among the riichi declarations",
    )
    refused(
        session(TENHOU),
        ron(1, 2, 2, 30, riichi=(2,), yaku=("ura dora 1", "pinfu")),
        "have ura dora 1",
    )
    refused(
        session(TENHOU),
        ron(1, 2, 2, 30, riichi=(1,), yaku=("tanyao", "pinfu")),
        "seat 2 declared riichi, but the yaku from the tiles have no riichi",
    )
    session(TENHOU, ron(1, 2, 2, 30, riichi=(1,), yaku=("riichi", "pinfu")))
    session(TENHOU, ron(1, 2, 2, 30, riichi=(1,)))  # typed han and fu: no list to check
    session(TENHOU, ron(1, 2, 0, riichi=(1,), yakuman=1, yaku=("kokushi musou",)))


def test_riichi_yaku_from_the_tiles_must_fit_the_way_of_winning() -> None:
    refused(
        session(TENHOU),
        ron(1, 2, 2, 30, yaku=("menzen tsumo", "pinfu")),
        "seat 2 won by ron, but the yaku from the tiles have menzen tsumo, a tsumo yaku",
    )
    refused(
        session(TENHOU),
        tsumo(1, 2, 30, yaku=("chankan", "tanyao")),
        "won by tsumo, but the yaku from the tiles have chankan, a ron yaku",
    )


def test_riichi_yaku_from_the_tiles_must_fit_the_seats_and_winds() -> None:
    # East 1: seat 1 deals, seat 2 is South.
    refused(
        session(TENHOU),
        tsumo(1, 0, yakuman=1, yaku=("tenhou",)),
        r"tenhou is the dealer's win, and seat 2 does not deal this hand \(seat 1 does\)",
    )
    refused(
        session(TENHOU), tsumo(0, 0, yakuman=1, yaku=("chiihou",)), "chiihou is a non-dealer's win"
    )
    refused(
        session(TENHOU),
        tsumo(1, 0, riichi=(1,), yakuman=1, yaku=("chiihou",)),
        "cannot have declared riichi",
    )
    session(TENHOU, tsumo(0, 0, yakuman=1, yaku=("tenhou",)))
    session(TENHOU, tsumo(1, 0, yakuman=1, yaku=("chiihou",)))
    refused(
        session(TENHOU),
        ron(1, 2, 1, 40, yaku=("seat wind East",)),
        "have seat wind East, but its seat wind in East 1 is South",
    )
    refused(
        session(TENHOU),
        ron(1, 2, 1, 40, yaku=("round wind South",)),
        "have round wind South, but this hand is East 1",
    )
    s = session(TENHOU, ron(1, 2, 1, 40, yaku=("seat wind South",)))
    # Seat 2 dealt by winning East 1 off seat 3: now seat 2 is East.
    s.add(ron(1, 2, 2, 40, yaku=("seat wind East", "round wind East")))


def test_riichi_yaku_names_checked_are_names_the_analyzer_gives() -> None:
    known = set(YAKU_KEYS) | set(YAKUMAN)
    assert set(RIICHI_YAKU + TSUMO_YAKU + RON_YAKU) <= known


# --------------------------------------------------------------------------
# Pocket Mahjong
# --------------------------------------------------------------------------


def pocket_series() -> Session:
    """Four round winds: 16 hands, each won by the seat after the starter."""
    s = session(POCKET)
    for _ in range(16):
        s.add(pocket.Win((s.state.east + 1) % 4, 3))
    return s


def test_pocket_no_seventeenth_hand() -> None:
    s = pocket_series()
    assert s.state.finished
    refused(s, pocket.Win(0, 3), "the series is over: the North round was the last")
    refused(s, pocket.Draw(), "the series is over")


def test_pocket_situations_that_cannot_go_together() -> None:
    def win(winner: int, *context: str, discarder: int | None = None) -> pocket.Win:
        return pocket.Win(winner, 13, discarder, tiles="123m456m789m234m55m", context=context)

    refused(session(POCKET), win(1, "robbing-kong"), "robbing a kong is a win on another")
    refused(session(POCKET), win(1, "kong-replacement", discarder=2), "is a self-draw")
    refused(session(POCKET), win(0, "heavenly", "earthly"), "both heavenly and earthly")
    # The first starter is seat 1.
    refused(
        session(POCKET),
        win(1, "heavenly"),
        r"heavenly hand is the starter's .* \(seat 1 is the starter\)",
    )
    refused(session(POCKET), win(0, "earthly", discarder=1), "won by a player other than")
    refused(session(POCKET), win(2, "earthly", discarder=1), "won on the starter's first discard")
    refused(session(POCKET), win(2, "earthly"), "not a self-draw")
    session(POCKET, win(0, "heavenly"))
    session(POCKET, win(2, "earthly", discarder=0))
    # After seat 2 wins the starter is seat 2: its heavenly hand now fits.
    session(POCKET, pocket.Win(1, 3), win(1, "heavenly"))


# --------------------------------------------------------------------------
# FX-602P and east doubling
# --------------------------------------------------------------------------


def fx(winner: int, tsumo: bool, tenho: bool = True) -> fx602p.Win:
    return fx602p.Win(
        winner, tiles=(2, 3, 4, 5, 6, 7, 8, 8, 8), win_tile=8, tsumo=tsumo, tenho=tenho
    )


def test_fx602p_tenho_fits_the_dealer() -> None:
    refused(session(FX), fx(1, tsumo=True), "seat 2 is not the dealer")
    refused(session(FX), fx(0, tsumo=False), "seat 1 deals this hand")
    refused(session(FX), fx602p.Win(0, yaku=("Tenho",)), "seat 1 deals this hand")
    session(FX, fx(0, tsumo=True))
    session(FX, fx(1, tsumo=False))
    # Seat 2 won, so deals next: its tenho is now the self-draw.
    session(FX, fx(1, tsumo=False), fx(1, tsumo=True))
    session(FX, fx(0, tsumo=True, tenho=False), fx(1, tsumo=True, tenho=False))


def test_east_doubling_has_no_table_rule_but_checks_the_hand() -> None:
    s = session(HP11C, *[ed.Hand(seat % 4, (10, 4, 50, 6)) for seat in range(40)])
    assert len(s.hands) == 40
    refused(s, ed.Hand(5, (1, 2, 3, 4)), "the winner must be a seat from 1 to 4")


# --------------------------------------------------------------------------
# Editing a hand
# --------------------------------------------------------------------------


def test_an_edit_is_checked_against_the_table_before_it() -> None:
    s = session(TENHOU.with_start_points(900), ExhaustiveDraw())
    with pytest.raises(HandError, match="seat 2 has 900 points"):
        s.replace(0, ExhaustiveDraw(tenpai=(1,), riichi=(1,)))
    assert s.hands == [ExhaustiveDraw()]


def test_an_edit_that_makes_a_later_hand_impossible_is_refused() -> None:
    s = session(
        TENHOU,
        ExhaustiveDraw(tenpai=(0,)),
        ExhaustiveDraw(tenpai=(1,), riichi=(1,)),
        AbortiveDraw(),
    )
    hands, states = list(s.hands), s.states()
    # A dealer baiman (24000) off seat 2 in hand 1 leaves it 1000: hand 2's riichi
    # is still possible, with exactly the deposit.
    s.replace(0, ron(0, 1, 8))
    assert s.states()[1].totals[1] == 1000 and len(s.hands) == 3
    s.replace(0, hands[0])
    assert s.states() == states
    # A dealer yakuman instead ends the game (tobi): hand 2 could not have been played.
    with pytest.raises(
        HandError,
        match=r"with this change hand 2 could not have been played "
        r"\(the game is over: seat 2 went below zero\)",
    ):
        s.replace(0, ron(0, 1, 0, yakuman=1))
    assert s.hands == hands and s.states() == states


def test_an_edit_that_ends_the_pocket_series_earlier_is_refused() -> None:
    s = pocket_series()
    s.undo()
    s.add(pocket.Draw())  # the last starter stays: one more hand is owed
    s.add(pocket.Win((s.state.east + 1) % 4, 3))
    assert s.state.finished and len(s.hands) == 17
    with pytest.raises(HandError, match=r"hand 17 could not have been played .*series is over"):
        s.replace(15, pocket.Win((s.states()[15].east + 1) % 4, 3))
    assert len(s.hands) == 17 and isinstance(s.hands[15], pocket.Draw)


def test_an_edit_after_undo_starts_a_new_history(tmp_path: Path) -> None:
    # Redo puts back exactly what undo took, on the table it was taken from; an
    # edit in between changes that table, so it clears what was to redo rather
    # than let a hand come back that the table now refuses.
    book = Scorebook(
        session(TENHOU, ExhaustiveDraw(tenpai=(0,)), ExhaustiveDraw(tenpai=(1,), riichi=(1,))),
        tmp_path / "s.toml",
    )
    book.undo()
    # Hand 1 becomes a dealer sanbaiman (36000) off seat 2: below zero, the game is over.
    book.replace(0, ron(0, 1, 11))
    assert book.session.state.finished
    assert not book.can_redo and book.redo() is None
    with pytest.raises(HandError, match="the game is over"):
        book.add(ExhaustiveDraw(tenpai=(1,), riichi=(1,)))
    on_disk = load_session(book.path, no_other)
    assert on_disk.problems == [] and on_disk.session.hands == book.session.hands
    assert str(book.undo()) == "The edit of hand 1"
    assert book.session.hands == [ExhaustiveDraw(tenpai=(0,))]


# --------------------------------------------------------------------------
# Session files
# --------------------------------------------------------------------------


def written(tmp_path: Path, rs: Ruleset, hands: list) -> Path:
    """A file holding ``hands`` as they are, checked or not (a hand-written sheet)."""
    path = tmp_path / "sheet.toml"
    save_session(Session(rs, NAMES[: rs.players], STARTED, list(hands)), path)
    return path


def test_a_file_with_a_riichi_without_the_points_keeps_the_other_hands(tmp_path: Path) -> None:
    hands = [
        ron(0, 1, 8),
        ExhaustiveDraw(tenpai=(0,)),
        ExhaustiveDraw(tenpai=(0, 1), riichi=(1,)),
        AbortiveDraw(),
    ]
    loaded = load_session(written(tmp_path, TENHOU, hands), no_other)
    assert loaded.session.hands == [hands[0], hands[1], hands[3]]
    [problem] = loaded.problems
    assert ": hand 3" in problem
    assert problem.endswith(
        "seat 2 has 0 points, less than the 1000 riichi deposit, and "
        "cannot declare riichi; this hand was left out"
    )


def test_a_file_with_hands_after_the_end_reports_each(tmp_path: Path) -> None:
    series = pocket_series().hands
    extra = [pocket.Win(0, 3), pocket.Draw()]
    loaded = load_session(written(tmp_path, POCKET, series + extra), no_other)
    assert loaded.session.hands == series
    assert [re.search(r": (hand \d+)\b", p).group(1) for p in loaded.problems] == [
        "hand 17",
        "hand 18",
    ]
    assert all("the series is over" in p and p.endswith("left out") for p in loaded.problems)


def test_a_file_with_a_bad_situation_reports_it(tmp_path: Path) -> None:
    hands = [fx(1, tsumo=True, tenho=False), fx(0, tsumo=True), fx(1, tsumo=True)]
    loaded = load_session(written(tmp_path, FX, hands), no_other)
    assert loaded.session.hands == [hands[0], hands[2]]
    [problem] = loaded.problems
    assert ": hand 2" in problem and "seat 1 is not the dealer" in problem


# --------------------------------------------------------------------------
# Laws: whatever Session.add accepts is saved, read back and edited the same
# --------------------------------------------------------------------------

seat = st.integers(0, 3)


@st.composite
def riichi_hands(draw):
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "abortive", "chombo"]))
    declared = tuple(draw(st.lists(seat, unique=True, max_size=4)))
    han = draw(st.sampled_from([1, 2, 3, 5, 8, 13]))
    fu = 40 if han < 5 else None
    if kind == "ron":
        winner = draw(seat)
        discarder = draw(seat.filter(lambda s: s != winner))
        return ron(winner, discarder, han, fu, riichi=declared)
    if kind == "tsumo":
        return tsumo(draw(seat), han, fu, riichi=declared)
    if kind == "draw":
        return ExhaustiveDraw(tenpai=declared, riichi=declared)
    if kind == "abortive":
        return AbortiveDraw(riichi=declared)
    return riichi.Chombo(draw(seat), riichi=declared)


@st.composite
def pocket_hands(draw):
    kind = draw(st.sampled_from(["win", "win", "draw", "false"]))
    if kind == "draw":
        return pocket.Draw()
    if kind == "false":
        return pocket.FalseWin(draw(seat))
    winner = draw(seat)
    discarder = draw(st.none() | seat.filter(lambda s: s != winner))
    context = tuple(draw(st.lists(st.sampled_from(pocket.CONTEXT), unique=True, max_size=2)))
    return pocket.Win(
        winner,
        draw(st.integers(3, 13)),
        discarder,
        tiles="123m456m789m234m55m" if context else None,
        context=context,
    )


def accepted(rs: Ruleset, hands: list) -> Session:
    s = session(rs)
    for hand in hands:
        with contextlib.suppress(HandError):
            s.add(hand)
    return s


LAW = settings(
    max_examples=40, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
GAMES = st.one_of(
    st.tuples(
        st.sampled_from([TENHOU, MLEAGUE, TENHOU.with_start_points(3000)]),
        st.lists(riichi_hands(), max_size=30),
    ),
    st.tuples(
        st.sampled_from(
            [
                POCKET,
                replace(
                    POCKET, rules=replace(POCKET.rules, table=replace(POCKET.rules.table, rounds=1))
                ),
            ]
        ),
        st.lists(pocket_hands(), max_size=30),
    ),
)


@LAW
@given(GAMES)
def test_what_add_accepts_is_read_back_and_folds_the_same(game) -> None:
    rs, hands = game
    s = accepted(rs, hands)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.toml"
        save_session(s, path)
        loaded = load_session(path, no_other)
    assert loaded.problems == []
    assert loaded.session.hands == s.hands and loaded.session.states() == s.states()


@LAW
@given(GAMES, st.data())
def test_putting_a_hand_back_as_it_was_is_always_accepted(game, data) -> None:
    rs, hands = game
    s = accepted(rs, hands)
    if not s.hands:
        return
    states = s.states()
    index = data.draw(st.integers(0, len(s.hands) - 1))
    s.replace(index, s.hands[index])
    assert s.states() == states


RIICHI_MIX = [
    ron(0, 1, 8),
    ExhaustiveDraw(tenpai=(0,)),
    ExhaustiveDraw(tenpai=(0, 1), riichi=(1,)),
    AbortiveDraw(),
    ron(1, 0, 13),
    ron(2, 3, 1, 30, riichi=(2,)),
]


@given(
    st.lists(st.sampled_from(range(len(RIICHI_MIX))), max_size=14),
    st.lists(st.sampled_from([pocket.Win(0, 3), pocket.Draw(), pocket.Win(2, 10)]), max_size=6),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_loading_hands_in_one_pass_keeps_and_refuses_what_adding_them_one_by_one_does(
    riichi_order, pocket_extra
) -> None:
    for rs, hands in (
        (TENHOU, [RIICHI_MIX[i] for i in riichi_order]),
        (POCKET, pocket_series().hands + pocket_extra),
    ):
        one_pass = Session(rs, NAMES[: rs.players], STARTED)
        refused = [i for i, _ in one_pass.add_read(hands)]
        one_by_one = Session(rs, NAMES[: rs.players], STARTED)
        kept_out = []
        for i, hand in enumerate(hands):
            try:
                one_by_one.add(hand, checked=True)
            except HandError:
                kept_out.append(i)
        assert refused == kept_out
        assert one_pass.hands == one_by_one.hands
        assert one_pass.states() == one_by_one.states()
