"""Three-player riichi (sanma): the riichi-sanma ruleset, its payments and its table flow.

Seats are 0-based here (seat 0 deals first). The amounts of a tsumo with tsumo loss
are the four-player table's without the absent North's share (riichi.wiki, "Sanma":
"for tsumo, no change is used to account and adjust for the missing player"); the
north split shares that part between the two payers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_riichi_table import SANMA, at, fold, rules, tsumo

from mjtui.core.errors import HandError
from mjtui.systems.riichi.system import (
    SYSTEM,
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Win,
    Winner,
    check,
    final_standings,
    payment,
)

NORTH_SPLIT = rules("sanma", payments__tsumo_loss=False)


def test_the_ruleset() -> None:
    r = SANMA
    assert SYSTEM.players(r) == 3 and SYSTEM.start(r).totals == (35000,) * 3
    assert (r.table.start_points, r.table.target_points) == (35000, 40000)
    # Tenhou's numbers, as its three-player logs show them (tests/data/tenhou6/sanma,
    # test_tenhou6.py): uma 20/0/-20, 200 a honba on a ron, 2000 of noten payments.
    assert r.final.uma == (20000, 0, -20000)
    assert r.final.oka == (40000 - 35000) * 3
    assert (r.payments.honba_ron, r.payments.honba_tsumo) == (200, 100)
    assert r.draws.noten_total == 2000
    assert r.payments.tsumo_loss


@pytest.mark.parametrize(
    "r,dealer,short,total",
    [
        # Tsumo loss: a non-dealer's mangan is 2000/4000, 6000 in all (riichi.wiki, Sanma).
        (SANMA, False, "2000/4000", 6000),
        (SANMA, True, "4000 all", 8000),
        # North split: the North's 2000 (4000 from a dealer's win) shared by the two payers.
        (NORTH_SPLIT, False, "3000/5000", 8000),
        (NORTH_SPLIT, True, "6000 all", 12000),
    ],
)
def test_a_mangan_tsumo(r, dealer, short, total) -> None:
    pay = payment(r, 5, None, dealer=dealer, tsumo=True)
    assert (pay.short(), pay.total) == (short, total)


# A published table of Tenhou's three-player tsumo with tsumo loss, non-dealer winner:
# tenhou.club, "天鳳 三麻ツモ和了時(ツモ損ルール) 点数一覧表(子/親)"
# (https://tenhou.club/sanma-tumo-tensuu): (han, fu) -> (from the dealer, from the
# other non-dealer).
TENHOU_CLUB_TSUMO = {
    (1, 30): (500, 300),
    (1, 40): (700, 400),
    (1, 50): (800, 400),
    (1, 60): (1000, 500),
    (2, 20): (700, 400),
    (2, 30): (1000, 500),
    (2, 40): (1300, 700),
    (2, 60): (2000, 1000),
    (3, 20): (1300, 700),
    (3, 30): (2000, 1000),
    (3, 40): (2600, 1300),
    (3, 60): (3900, 2000),
    (4, 20): (2600, 1300),
    (4, 30): (3900, 2000),
    (5, 30): (4000, 2000),
    (6, 30): (6000, 3000),
    (8, 30): (8000, 4000),
    (11, 30): (12000, 6000),
    (13, 30): (16000, 8000),
}


@pytest.mark.parametrize("han,fu", sorted(TENHOU_CLUB_TSUMO))
def test_a_non_dealer_tsumo_as_tenhou_clubs_table_gives_it(han, fu) -> None:
    pay = payment(SANMA, han, fu, dealer=False, tsumo=True)
    assert (pay.dealer, pay.non_dealer) == TENHOU_CLUB_TSUMO[han, fu]
    assert pay.total == sum(TENHOU_CLUB_TSUMO[han, fu])


def test_the_honba_are_200_a_counter_in_all() -> None:
    # A ron: 200 a counter from the discarder (tests/data/tenhou6/sanma,
    # 2024010120gm-00b9-0000-ef5da89f: 25符4飜6400点 at 2 honba is paid 6800).
    assert payment(SANMA, 3, 40, dealer=False, tsumo=False, honba=1).discarder == 5400
    assert payment(SANMA, 4, 25, dealer=False, tsumo=False, honba=2).discarder == 6800
    # A tsumo's honba: 100 from each of the two payers.
    pay = payment(SANMA, 1, 30, dealer=False, tsumo=True, honba=2)
    assert (pay.dealer, pay.non_dealer, pay.honba) == (700, 500, 400)


def test_a_tsumo_is_paid_by_the_two_others() -> None:
    _, after = fold(SANMA, tsumo(1, 5))
    assert after.last_change == (-4000, 6000, -2000)
    _, after = fold(NORTH_SPLIT, tsumo(0, 5))
    assert after.last_change == (12000, -6000, -6000)


@pytest.mark.parametrize(
    "tenpai,change",
    [
        ((), (0, 0, 0)),
        ((1,), (-1000, 2000, -1000)),
        ((0, 2), (1000, -2000, 1000)),
        ((0, 1, 2), (0, 0, 0)),
    ],
)
def test_noten_payments(tenpai, change) -> None:
    _, after = fold(SANMA, ExhaustiveDraw(tenpai=tenpai))
    assert after.last_change == change


def test_nagashi_pao_and_chombo_with_three_seats() -> None:
    _, after = fold(SANMA, ExhaustiveDraw(nagashi=(2,)))
    assert after.last_change == (-4000, -2000, 6000)
    pao = Win((Winner(1, 0, None, 1),), discarder=None, pao=2)
    _, after = fold(SANMA, pao)
    assert after.last_change == (0, 24000, -24000)  # 8000 + 16000, all from seat 2
    _, after = fold(SANMA, Chombo(1))
    assert after.last_change == (4000, -6000, 2000)  # as a mangan tsumo lost by seat 1


def test_the_deal_goes_round_three_seats() -> None:
    states = fold(SANMA, tsumo(1, 1, 30), tsumo(2, 1, 30), tsumo(0, 1, 30))
    assert [(s.round, s.east) for s in states] == [("E1", 0), ("E2", 1), ("E3", 2), ("S1", 0)]
    assert states[1].wind(1) == "East" and states[1].wind(0) == "West"


def test_the_game_ends_after_south_3_or_goes_into_west() -> None:
    # South 3, seat 2 deals; seat 0 wins and has 40000 or more: the game ends.
    last = at(SANMA, round_wind=1, hand_number=3, east=2, totals=(38000, 35000, 32000))
    _, after = fold(SANMA, Win((Winner(0, 3, 40),), discarder=1), state=last)
    assert after.end == "length" and after.totals[0] >= 40000
    # Nobody has 40000: West 1.
    _, after = fold(SANMA, Win((Winner(0, 1, 30),), discarder=1), state=last)
    assert not after.finished and after.round == "W1"


def test_seats_beyond_three_are_refused() -> None:
    with pytest.raises(HandError, match="from 1 to 3"):
        check(SANMA, tsumo(3, 2, 30))
    with pytest.raises(HandError, match="from 1 to 3"):
        SYSTEM.hand_from_record(SANMA, {"ron": 4, "from": 1, "han": 2, "fu": 30})
    with pytest.raises(HandError, match="from 1 to 3"):
        check(SANMA, ExhaustiveDraw(tenpai=(3,)))
    # All three may declare riichi: there is no four-riichi abortive draw.
    check(SANMA, ExhaustiveDraw(tenpai=(0, 1, 2), riichi=(0, 1, 2)))
    check(SANMA, AbortiveDraw())


def test_final_standings_add_up_to_zero() -> None:
    end = at(SANMA, totals=(52000, 38000, 15000))
    standings = final_standings(SANMA, end)
    assert [s.score for s in standings] == [12.0 + 20 + 15, -2.0, -25.0 - 20]
    assert sum(s.score for s in standings) == 0


def test_a_three_player_ruleset_is_checked_as_a_whole() -> None:
    from mjtui.core.rulesets.schema import SchemaError

    with pytest.raises(SchemaError, match="expected 3 amounts"):
        replace(SANMA, final=replace(SANMA.final, uma=(1, 2, 3, 4)))
    with pytest.raises(SchemaError, match="multiple of 2"):
        replace(SANMA, draws=replace(SANMA.draws, noten_total=1001))


# ------------------------------------------------------------ the tiles analyzer


def hand_json(argv: list[str], capsys) -> tuple[int, dict | str]:
    import json

    from test_riichi_hand_cli import run

    code, out = run(argv, capsys)
    return code, json.loads(out) if code == 0 else capsys.readouterr().err


HAND = "123p456p789s111z99m"  # East triplet, 9m pair: seat and round wind East


def test_kita_are_dora_and_a_west_indicator_doubles_them(capsys) -> None:
    code, data = hand_json(["riichi-sanma", HAND, "--tsumo", "--kita", "2", "--json"], capsys)
    assert code == 0 and data["dora"]["kita"] == 2
    assert data["han"] == 3 + 2  # menzen tsumo, double East; two kita
    # The payment is the three-player table's: the dealer's mangan 4000 all, 8000.
    assert data["points"] == {"total": 8000, "payments": {"non_dealer": 4000}}
    # West (3z) shows North: each kita counts once more.
    code, data = hand_json(["riichi-sanma", HAND, "--kita", "1", "--dora", "3z", "--json"], capsys)
    assert data["dora"] == {"dora": 1, "ura": 0, "red": 0, "kita": 1}


def test_the_tiles_form_reads_kita_as_the_command_line_does(capsys) -> None:
    from mjtui.systems.riichi.tiles_entry import TilesContext, read_tiles

    known = TilesContext("Ann", tsumo=True, seat_wind=0, round_wind=0, riichi=False, honba=0)
    entry = read_tiles(SANMA, known, {"tiles": HAND, "kita": "2"})
    assert "kita" in entry.active and entry.result is not None
    _, data = hand_json(["riichi-sanma", HAND, "--tsumo", "--kita", "2", "--json"], capsys)
    analysis = entry.result.analysis
    assert (analysis.han, analysis.dora.kita, analysis.payment.total) == (
        data["han"],
        2,
        data["points"]["total"],
    )
    assert "kita 2" in entry.result.yaku
    assert read_tiles(SANMA, known, {"tiles": HAND, "kita": "5"}).errors == (
        "kita: 0 to 4 North tiles set aside, got 5",
    )
    # Four players: no kita field, and what it would hold is not read.
    four = read_tiles(rules("tenhou"), known, {"tiles": HAND, "kita": "2"})
    assert "kita" not in four.active and four.result is not None
    assert four.result.analysis.dora.kita == 0


def test_a_1m_indicator_shows_9m(capsys) -> None:
    _, data = hand_json(["riichi-sanma", HAND, "--dora", "1m", "--json"], capsys)
    assert data["dora"]["dora"] == 2  # the pair of 9m
    _, data = hand_json(["riichi-tenhou", HAND, "--dora", "1m", "--json"], capsys)
    assert data["dora"]["dora"] == 0  # 2m at four players


@pytest.mark.parametrize(
    "argv,words",
    [
        (["riichi-sanma", "234m456p789s111z99s"], "2m is not in the three-player set"),
        (["riichi-sanma", HAND, "--dora", "5m"], "5m is not in the three-player set"),
        (["riichi-sanma", "123p456p99s111z[789s]", "--tsumo"], "no chi at a three-player table"),
        (["riichi-sanma", HAND, "--seat", "N"], "no North seat"),
        (["riichi-sanma", HAND, "--kita", "5"], "0 to 4 North tiles"),
        (["riichi-sanma", "123p456p789s444z99m", "--kita", "2"], "four North tiles"),
        (["riichi-tenhou", HAND, "--kita", "1"], "three players only"),
    ],
)
def test_what_the_three_player_set_refuses(argv, words, capsys) -> None:
    from test_riichi_hand_cli import run

    from mjtui.core.errors import MjtuiError

    try:
        code, _ = run(argv, capsys)
    except MjtuiError as e:
        assert words in str(e)
        return
    assert code == 2 and words in capsys.readouterr().err


def test_a_three_player_session_replays_and_rescores_under_the_north_split(tmp_path) -> None:
    from mjtui import paths
    from mjtui.core.reports.whatif import variant
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.session_file import load_session

    path = tmp_path / "sanma.toml"
    path.write_text(
        """format = "mjtui-session/1"
ruleset = "riichi-sanma"
players = ["Ann", "Bob", "Cy"]

[[hands]]          # E1: Bob's mangan tsumo, Cy's riichi on the table
tsumo = 2
han = 5
riichi = [3]

[[hands]]          # E2: Ann's nagashi mangan; Cy tenpai (no noten payments)
draw = "exhaustive"
tenpai = [3]
nagashi = [1]

[[hands]]          # E3, 1 honba: Ann's yakuman off Cy, Bob liable for half
ron = 1
from = 3
yakuman = 1
pao = 2
""",
        encoding="utf-8",
    )
    library = RulesetLibrary(paths.ruleset_folders())
    loaded = load_session(path, library.get)
    session = loaded.session
    assert [s.totals for s in session.states()[1:]] == [
        (31000, 42000, 32000),
        (37000, 38000, 30000),
        (69200, 22000, 13800),
    ]
    north = variant(session.ruleset, {"payments.tsumo_loss": False}, name="north split")
    again = replace(session, ruleset=north)
    # Bob's mangan: 3000 from Cy and 5000 from the dealer, plus Cy's stick.
    assert again.states()[1].totals == (30000, 44000, 31000)
