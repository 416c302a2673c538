"""Importing tenhou.net/6 game records: the real ones in tests/data/tenhou6 (README there
names their sources), hand-made ones for each outcome, and logs that cannot be read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.cli.entry import main
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.session_file import load_session
from mjtui.systems.riichi.events import AbortiveDraw, ExhaustiveDraw, Win, Winner
from mjtui.systems.riichi.tenhou6 import (
    LogError,
    import_log,
    loads_log,
    read_log,
    turned,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou6"
NAMES = ["Ann", "Bob", "Chen", "Dora"]
SANMA_NAMES = ["Ann", "Bob", "Cy"]


def library() -> RulesetLibrary:
    return RulesetLibrary(paths.ruleset_folders())


def imported(document: dict, ruleset: str = "riichi-tenhou"):
    return import_log(document, library().get(ruleset))


# --------------------------------------------------------------------------
# Real logs
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hands", "reproduced"),
    [
        ("mleague_2023-04-28.json", 11, 11),
        ("ranked_game.json", 3, 3),
        ("double_ron.json", 1, 1),
        ("four_reach.json", 1, 1),
    ],
)
def test_real_logs_reproduce_under_tenhou_rules(name, hands, reproduced):
    result = imported(read_log(DATA / name))
    assert (result.compared, result.reproduced) == (hands, reproduced)
    assert len(result.session.hands) == hands
    assert not [line for line in result.lines if line.startswith("hand ")]


SANMA = DATA / "sanma"
# Tenhou's three-player phoenix room (三鳳南喰赤): (file, hands) of the real games in
# tests/data/tenhou6/sanma (its README names their sources).
SANMA_GAMES = [
    ("2024010120gm-00b9-0000-e324b88a.json", 8),
    ("2024010120gm-00b9-0000-ef5da89f.json", 9),
    ("2024123123gm-00b9-0000-09c44fd1.json", 10),
    ("2024123123gm-00b9-0000-4a3a3639.json", 5),
    ("2024123123gm-00b9-0000-56cca963.json", 7),
    ("2025020203gm-00b9-0000-bea67528.json", 10),
    ("2025020501gm-00b9-0000-2c6f867d.json", 7),  # a daiminkan
    ("2025020508gm-00b9-0000-79ddbd9d.json", 7),  # rinshan after a kita
    ("2025021501gm-00b9-0000-f91fb013.json", 9),  # a total below zero ends it
    ("2025021522gm-00b9-0000-b5a02c99.json", 7),
    ("2025040519gm-00b9-0000-5f46d99c.json", 11),  # 8 honba
    ("2025060717gm-00b9-0000-5fafbe59.json", 12),
    ("2025072919gm-00b9-0000-a7cc0243.json", 13),  # nine terminals
    ("2025121618gm-00b9-0000-0bbd79eb.json", 6),
    ("2026040200gm-00b9-0000-08bea818.json", 7),
]


def log_final(document):
    """The log's own final points and scores, by seat (its "sc": points, score, ...)."""
    n = len([name for name in document["name"] if name])
    sc = document["sc"]
    return tuple(sc[0 : 2 * n : 2]), tuple(sc[1 : 2 * n : 2])


def our_final(result):
    """The session's final totals and scores (one decimal), by seat."""
    session = result.session
    rules = session.ruleset.rules
    scores = {
        s.seat: round(s.score, 1) for s in session.ruleset.system.standings(rules, session.state)
    }
    return session.state.totals, tuple(scores[seat] for seat in range(len(scores)))


@pytest.mark.parametrize(("name", "hands"), SANMA_GAMES)
def test_real_three_player_games_reproduce_with_riichi_sanma(name, hands):
    document = read_log(SANMA / name)
    result = imported(document, "riichi-sanma")
    assert (result.compared, result.reproduced) == (hands, hands), result.lines
    assert not [line for line in result.lines if line.startswith("hand ")]
    assert result.session.state.finished
    # Every hand, then the final standings: uma 20/0/-20, oka 15 to first place.
    assert our_final(result) == log_final(document)


def test_the_real_three_player_games_show_tenhou_s_honba_and_noten_payments():
    # 2024010120gm-00b9-0000-ef5da89f: East 2, two tenpai, 1000 each from the noten
    # player; at 1 honba one tenpai, 1000 from each of the others; at 2 honba a 6400 ron
    # paid 6800 (200 a counter), the winner taking the 3 riichi sticks on the table too.
    result = imported(read_log(SANMA / "2024010120gm-00b9-0000-ef5da89f.json"), "riichi-sanma")
    hands = result.log.hands
    assert [h.changes for h in hands[2:5]] == [
        (-2000, 1000, 1000),
        (1000, 1000, -2000),
        (-6800, 0, 10800),
    ]
    assert (hands[4].honba, hands[4].sticks, hands[4].scores_said) == (2, 3, ("25符4飜6400点",))
    assert result.reproduced == result.compared


@pytest.mark.parametrize("name", [name for name, _ in SANMA_GAMES])
def test_the_real_three_player_games_differ_under_the_four_player_numbers(name):
    # 300 a honba, 3000 of noten payments, uma 15/0/-15: what riichi-sanma had before.
    from mjtui.core.reports.whatif import variant

    ruleset = variant(
        library().get("riichi-sanma"),
        {"payments.honba_ron": 300, "draws.noten_total": 3000, "final.uma": [15000, 0, -15000]},
        name="four-player numbers",
    )
    document = read_log(SANMA / name)
    result = import_log(document, ruleset)
    assert result.reproduced < result.compared or our_final(result) != log_final(document)


# Tenhou's own JSON of whole four-player games (tests/data/tenhou6/README.md): (file,
# hands, the rounding its final standings show).
TENHOU_GAMES = [
    ("2019021004gm-00a9-0000-e2f6516d.json", 10, "4-down-5-up"),
    ("2019080322gm-00a9-0000-81e85e04.json", 13, "4-down-5-up"),
    ("2019081518gm-00a9-0000-cce9d00c.json", 16, "4-down-5-up"),
    ("2019103023gm-00a9-0000-f90e0fe9.json", 7, "4-down-5-up"),
    ("2019123123gm-00a9-0000-f4386d0e.json", 12, "4-down-5-up"),
    ("2023053016gm-0029-0000-e54b3b98.json", 12, "exact"),
]


@pytest.mark.parametrize(("name", "hands", "rounding"), TENHOU_GAMES)
def test_real_tenhou_games_and_the_rounding_their_standings_show(name, hands, rounding):
    from mjtui.systems.riichi.standings import final_standings

    document = read_log(DATA / name)
    result = imported(document)
    assert (result.compared, result.reproduced) == (hands, hands), result.lines
    assert result.exact and result.summary == f"{hands} of {hands} hands reproduce exactly"
    # The importer plays the rounding the log's own standings show, and says so.
    assert result.session.ruleset.rules.final.rounding == rounding
    adapted = [line for line in result.lines if "final.rounding" in line]
    assert adapted == (
        [
            f"the ruleset riichi-tenhou is played with final.rounding = "
            f'"{rounding}", as the log has it'
        ]
        if rounding != "exact"
        else []
    )
    assert our_final(result) == log_final(document)
    assert result.lines[-1].startswith("the final standings are the log's: ")
    exact = final_standings(library().get("riichi-tenhou").rules, result.session.state)
    assert (sorted(round(s.score, 1) for s in exact) == sorted(log_final(document)[1])) == (
        rounding == "exact"
    )


def test_the_rounding_is_said_with_the_log_s_standings():
    result = imported(read_log(DATA / "2019123123gm-00a9-0000-f4386d0e.json"))
    assert result.lines == [
        'the ruleset riichi-tenhou is played with final.rounding = "4-down-5-up", as the '
        "log has it",
        "the final standings are the log's: +48 / -21 / +8 / -35",
    ]


def test_a_ruleset_with_kiriage_differs_and_says_why():
    result = imported(read_log(DATA / "ranked_game.json"), "riichi-wrc")
    assert (result.compared, result.reproduced) == (3, 1)
    assert not result.exact and result.summary == "1 of 3 hands reproduce exactly; 2 differ"
    differing = [line for line in result.lines if "limits.kiriage" in line]
    assert len(differing) == 2
    assert "ours [0, 0, -8000, +8000], the log's [0, 0, -7700, +7700]" in differing[0]
    # From the first hand that differs, the session's totals are not the log's.
    assert any(
        line.startswith(
            "hand 2 (E2): the session's table before it is E2 with 0 "
            "riichi sticks and [25000, 25000, 17000, 33000], the log's"
        )
        for line in result.lines
    )
    assert result.lines[-1].startswith("the final totals: ours ")


def test_the_real_double_ron_and_its_void_riichi():
    result = imported(read_log(DATA / "double_ron.json"))
    hand = result.log.hands[0].hand
    assert isinstance(hand, Win) and hand.discarder == 3
    assert [(w.seat, w.han, w.fu) for w in hand.winners] == [(0, 6, None), (2, 2, 30)]
    # Seat 4 declared riichi with the tile it dealt in: no stick, so no riichi.
    assert hand.riichi == (0,)
    # The log starts at South 4: its dealer (seat 4) is seat 1 of the session.
    assert result.session.players[0] == "Ⓟ多井隆晴"
    assert any("seats are turned" in line for line in result.lines)


def test_four_riichi_is_an_abortive_draw_with_four_sticks():
    hand = imported(read_log(DATA / "four_reach.json")).log.hands[0].hand
    assert isinstance(hand, AbortiveDraw) and hand.riichi == (0, 1, 2, 3)
    assert hand.note.startswith("四家立直")


def test_the_aka_and_start_points_are_taken_from_the_log():
    result = imported(read_log(DATA / "mleague_2023-04-28.json"), "riichi-wrc")
    rules = result.session.ruleset.rules
    assert rules.yaku.red_fives is True and rules.table.start_points == 25000
    assert any("yaku.red_fives = true" in line for line in result.lines)


# --------------------------------------------------------------------------
# Hand-made logs, one per outcome (the format of the module's docstring)
# --------------------------------------------------------------------------


def log_hand(result, round_=0, honba=0, sticks=0, scores=(25000,) * 4, discards=None):
    discards = discards or {}
    seats = []
    for seat in range(4):
        seats += [[11] * 13, [], discards.get(seat, [])]
    return [[round_, honba, sticks], list(scores), [11], [], *seats, result]


def document(*hands, aka=1, names=NAMES):
    return {
        "title": ["", ""],
        "name": list(names),
        "rule": {"disp": "test", "aka": aka},
        "log": list(hands),
    }


def only(result, **kwargs):
    out = imported(document(log_hand(result, **kwargs)))
    assert out.compared == 1
    return out


def test_ron():
    out = only(
        ["和了", [0, -2000, 2000, 0], [2, 1, 2, "30符2飜2000点", "役牌 中(1飜)", "ドラ(1飜)"]]
    )
    assert out.reproduced == 1
    hand = out.log.hands[0].hand
    assert hand == Win(
        (Winner(2, 2, 30),), discarder=1, note="30符2飜2000点 役牌 中(1飜) ドラ(1飜)"
    )


def test_dealer_tsumo():
    out = only(
        [
            "和了",
            [3900, -1300, -1300, -1300],
            [0, 0, 0, "40符2飜1300点∀", "門前清自摸和(1飜)", "ドラ(1飜)"],
        ]
    )
    assert out.reproduced == 1
    assert out.log.hands[0].hand.tsumo


def test_non_dealer_tsumo_with_honba_and_sticks():
    # 700-1300 and 1 honba: 800/1400; the stick on the table to the winner.
    out = only(
        [
            "和了",
            [-1400, 4000, -800, -800],
            [1, 1, 1, "40符2飜700-1300点", "門前清自摸和(1飜)", "ドラ(1飜)"],
        ],
        honba=1,
        sticks=1,
    )
    assert out.reproduced == 1


def test_double_ron_honba_and_sticks_to_the_first_in_turn():
    out = only(
        [
            "和了",
            [-2300, 3300, 0, 0],
            [1, 0, 1, "30符2飜2000点", "ドラ(2飜)"],
            [-8000, 0, 0, 8000],
            [3, 0, 3, "満貫8000点", "ドラ(5飜)"],
        ],
        round_=2,
        honba=1,
        sticks=1,
    )
    assert out.reproduced == 1
    hand = out.log.hands[0].hand
    assert [w.seat for w in hand.winners] == [1, 3] and hand.discarder == 0
    assert "seat 2: 30符2飜2000点" in hand.note and "seat 4: 満貫8000点" in hand.note


def test_a_riichi_winner_collects_its_own_stick():
    out = only(
        ["和了", [3000, -2000, 0, 0], [0, 1, 0, "40符1飜2000点", "立直(1飜)"]],
        discards={0: [12, "r11"], 1: [13, 14]},
    )
    assert out.reproduced == 1 and out.log.hands[0].hand.riichi == (0,)


def test_a_riichi_declared_on_the_tile_that_deals_in_is_not_made():
    out = only(
        ["和了", [0, -2000, 2000, 0], [2, 1, 2, "30符2飜2000点", "ドラ(2飜)"]],
        discards={1: [13, "r15"]},
    )
    assert out.reproduced == 1 and out.log.hands[0].hand.riichi == ()


def test_a_mangan_below_5_han_gets_the_least_fu_that_makes_it():
    out = only(["和了", [0, -8000, 8000, 0], [2, 1, 2, "満貫8000点", "断幺九(1飜)", "ドラ(3飜)"]])
    assert out.reproduced == 1
    assert out.log.hands[0].hand.winners[0] == Winner(2, 4, 40)


def test_exhaustive_draw_tenpai_from_the_changes():
    out = only(["流局", [1500, -1500, 1500, -1500]])
    assert out.reproduced == 1
    assert out.log.hands[0].hand == ExhaustiveDraw(tenpai=(0, 2), note="流局")


def test_a_draw_where_nothing_moved_reads_the_next_hand():
    stays = log_hand(["流局", [0, 0, 0, 0]])
    moves = log_hand(["流局", [0, 0, 0, 0]])
    later = log_hand(["九種九牌"], round_=0, honba=1)
    out = imported(document(stays, later))
    assert out.log.hands[0].hand.tenpai == (0, 1, 2, 3)  # the dealer stayed: all tenpai
    out = imported(document(moves, log_hand(["九種九牌"], round_=1, honba=1)))
    assert out.log.hands[0].hand.tenpai == ()
    assert out.reproduced == 2 and not [x for x in out.lines if x.startswith("hand ")]


def test_nagashi_mangan():
    out = only(["流し満貫", [-4000, -2000, 8000, -2000]])
    assert out.reproduced == 1
    hand = out.log.hands[0].hand
    assert isinstance(hand, ExhaustiveDraw) and hand.nagashi == (2,)


@pytest.mark.parametrize(
    ("result", "changes"),
    [
        ([1, 1, 3, "役満8000-16000点", "大三元(役満)"], [0, 32000, 0, -32000]),
        ([1, 2, 3, "役満32000点", "大三元(役満)"], [0, 32000, -16000, -16000]),
    ],
)
def test_pao(result, changes):
    out = only(["和了", changes, result])
    assert out.reproduced == 1
    hand = out.log.hands[0].hand
    assert hand.pao == 3 and hand.winners[0].yakuman == 1


@pytest.mark.parametrize("kind", ["九種九牌", "四風連打", "四槓散了", "三家和了"])
def test_abortive_draws(kind):
    out = only([kind])
    assert out.reproduced == 1
    assert isinstance(out.log.hands[0].hand, AbortiveDraw)


def test_a_payment_that_differs_is_reported_with_both():
    out = only(["和了", [0, -2600, 2600, 0], [2, 1, 2, "30符2飜2600点", "ドラ(2飜)"]])
    assert out.reproduced == 0
    assert "30符2飜2600点 in the log" in out.lines[0] and "pays 2000" in out.lines[0]


def test_turned_moves_every_seat():
    hand = Win((Winner(2, 1, 30),), discarder=3, riichi=(3, 0), pao=None)
    assert turned(hand, 2) == Win((Winner(0, 1, 30),), discarder=1, riichi=(1, 2))


def test_a_hand_the_ruleset_cannot_hold_is_left_out_with_the_reason():
    doc = document(log_hand(["九種九牌"]), log_hand(["流局", [0, 0, 0, 0]], honba=1))
    out = imported(doc, "riichi-wrc")  # no abortive draws
    assert (out.compared, out.reproduced, out.left_out) == (2, 1, (1,))
    assert any("plays no abortive draws" in line and "left out" in line for line in out.lines)
    assert out.summary == "1 of 2 hands reproduce exactly; 1 left out (hand 1)"


# --------------------------------------------------------------------------
# Every hand counted, the seats from the first hand only, the end compared
# --------------------------------------------------------------------------

RON_E1 = ["和了", [0, -2000, 2000, 0], [2, 1, 2, "30符2飜2000点", "役牌 中(1飜)", "ドラ(1飜)"]]
AFTER_E1 = (25000, 23000, 27000, 25000)
RON_E2 = ["和了", [0, 0, -2000, 2000], [3, 2, 3, "30符2飜2000点", "役牌 中(1飜)", "ドラ(1飜)"]]
BROKEN = ["和了", [0, 0, 0, 0], [1, 2, 1, "lots"]]


@pytest.mark.parametrize(
    "first",
    [
        log_hand(BROKEN),  # where it is can be read, the rest cannot
        [[0, 0], [25000] * 4],  # nothing can be read
    ],
)
def test_a_broken_first_hand_never_turns_the_seats(first):
    # Before, the second hand (East 2) was taken for where the game starts: the seats
    # were turned, the names moved and the totals reset, and the summary said 1 of 1.
    out = imported(document(first, log_hand(RON_E2, round_=1, scores=AFTER_E1)))
    assert out.session.players == tuple(NAMES)
    assert not any("turned" in line for line in out.lines)
    assert (out.compared, out.reproduced, out.left_out) == (2, 1, (1,))
    assert out.summary == "1 of 2 hands reproduce exactly; 1 left out (hand 1)"
    assert not out.exact
    left = [line for line in out.lines if line.startswith(("hand 1:", "hand 1 (E1):"))]
    assert left[0].endswith("; left out")
    if len(first) == 2:
        assert out.lines[0].startswith("hand 1 does not say where the game starts")


def test_a_hand_left_out_is_counted_named_and_its_consequence_said(tmp_path, capsys):
    doc = document(
        log_hand(RON_E1),
        log_hand(BROKEN, round_=1, scores=AFTER_E1),
        log_hand(RON_E2, round_=2, scores=(25000, 25000, 25000, 25000)),
    )
    out = imported(doc)
    assert out.summary == "2 of 3 hands reproduce exactly; 1 left out (hand 2)"
    assert "hand 2 (E2): the score 'lots': expected e.g." in out.lines[0]
    assert out.lines[0].endswith("; left out")
    assert out.lines[1].startswith("hand 3 (E3): the session's table before it is E2")
    assert out.lines[1].endswith("from here on the session's totals are not the log's")
    # The command writes what it could and says, by its exit status, that it is not all.
    log = tmp_path / "log.json"
    log.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert main(["import", "tenhou6", str(log), "--output", str(tmp_path / "s.toml")]) == 3
    printed = capsys.readouterr().out
    assert "2 of 3 hands reproduce exactly; 1 left out (hand 2)" in printed
    assert len(load_session(tmp_path / "s.toml", library().get).session.hands) == 2


def test_a_hand_that_differs_makes_the_command_exit_3(tmp_path, capsys):
    out = tmp_path / "s.toml"
    assert (
        main(
            [
                "import",
                "tenhou6",
                str(DATA / "ranked_game.json"),
                "--ruleset",
                "riichi-wrc",
                "--output",
                str(out),
            ]
        )
        == 3
    )
    assert "1 of 3 hands reproduce exactly; 2 differ" in capsys.readouterr().out
    assert len(load_session(out, library().get).session.hands) == 3


def scored(doc, points, scores):
    return {**doc, "sc": [v for pair in zip(points, scores, strict=False) for v in pair]}


def test_a_start_at_the_target_has_no_oka():
    # 30000 to start, 30000 returned, uma 20/10/-10/-20: Ann and Dora tie at 30000 (Ann,
    # nearer the first dealer, is second): 2 + 20, 0 + 10, -2 - 20, 0 - 10; no oka. Before,
    # the oka of 20000 stayed, and first place had 42.
    start = (30000,) * 4
    doc = scored(
        document(log_hand(RON_E1, scores=start)),
        (30000, 28000, 32000, 30000),
        (10.0, -22.0, 22.0, -10.0),
    )
    out = imported(doc)
    rules = out.session.ruleset.rules
    assert (rules.table.start_points, rules.final.oka) == (30000, 0)
    assert out.lines[0] == (
        "the ruleset riichi-tenhou is played with table.start_points = "
        "30000, final.oka = 0 (to balance it), as the log has it"
    )
    assert out.lines[-1] == "the final standings are the log's: +10 / -22 / +22 / -10"
    assert out.exact


def test_standings_that_no_rounding_gives_are_said_and_make_it_inexact():
    doc = scored(document(log_hand(RON_E1)), AFTER_E1, (-5.0, -27.0, 47.0, -15.0))
    out = imported(doc)
    assert any("do not follow from its final points" in line for line in out.lines)
    assert out.lines[-1].startswith(
        "the final standings: ours +5 / -27 / +37 / -15, the log's -5 / -27 / +47 / -15"
    )
    assert not out.exact and out.reproduced == out.compared == 1


def test_final_scores_that_cannot_be_read_are_said():
    out = imported({**document(log_hand(RON_E1)), "sc": [1, 2]})
    assert out.lines[-1].startswith('key "sc" (the final points and scores): expected 8')
    assert out.exact  # the hands are the log's: the end is only not compared


def test_a_yaku_text_past_the_session_s_limit_is_cut_short_and_the_file_reads(tmp_path):
    # Before, the whole text went into the note, which the reader refuses past 2000
    # characters: the hand was dropped the next time the file was read.
    details = ["30符2飜2000点", "x" * 2500 + "(1飜)", "ドラ(1飜)"]
    doc = document(
        log_hand(["和了", [0, -2000, 2000, 0], [2, 1, 2, *details]]),
        names=["Ann\x1b[2J", "Bob", "Chen", "Dora\u2028"],
    )
    out_file = tmp_path / "s.toml"
    assert main(["import", "tenhou6", str(_written(tmp_path, doc)), "--output", str(out_file)]) == 0
    loaded = load_session(out_file, library().get)
    assert not loaded.problems and len(loaded.session.hands) == 1
    note = loaded.session.hands[0].note
    assert len(note) == 2000
    assert note.endswith(f"... [cut short: {len(' '.join(details)):,} characters in the log]")
    assert loaded.session.players[0] == "Ann" and loaded.session.players[3] == "Dora"


def _written(tmp_path, doc):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# Logs that cannot be read
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 40 + "]" * 40, "nest more than 32"),
        ("{", "not a JSON document"),
        ('{"name": NaN}', "NaN is not a number a log holds"),
        ('{"name": 1' + "0" * 4300 + "}", "a number of 4301 digits .*at most 20"),
        ('{"name": 1e999}', "too large for a log"),
        ("[1]", "not a tenhou.net/6 log"),
        ('"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["', "not a tenhou.net/6 log"),
    ],
)
def test_unreadable_text(text, message):
    with pytest.raises(LogError, match=message):
        loads_log(text)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"log": []}, "the players' names"),
        ({"name": ["a", "b"], "log": []}, "the players' names"),
        ({"name": ["a", "", "c", "d"], "log": [1]}, "a name is empty"),
        ({"name": ["a", "b", "c", ""], "log": [1]}, "three-player"),
        ({"name": NAMES, "log": []}, "at least one"),
        ({"name": NAMES, "log": [[1, 2]]}, "hand 1: expected an array"),
        (document(log_hand(["和了", [0, 0, 0, 0], [9, 1, 9, "1点"]])), "the winner"),
        (document(log_hand(["和了", [0, 0, 0, 0], [1, 2, 1, "lots"]])), "the score 'lots'"),
        (document(log_hand(["ツモ"])), "not one mjtui knows"),
        (document(log_hand(["流局", [1, 2]])), "4 numbers"),
        (document(log_hand(["流局", [0, 0, 0, 0]], round_=3), names=SANMA_NAMES), "riichi-sanma"),
    ],
)
def test_unusable_logs(doc, message):
    with pytest.raises(LogError, match=message):
        imported(doc)


# --------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------


def test_import_command_writes_a_session_that_loads(tmp_path, capsys):
    out = tmp_path / "game.toml"
    assert (
        main(["import", "tenhou6", str(DATA / "mleague_2023-04-28.json"), "--output", str(out)])
        == 0
    )
    printed = capsys.readouterr().out
    assert "11 of 11 hands reproduce exactly" in printed
    loaded = load_session(out, library().get)
    assert not loaded.problems and loaded.appendable and len(loaded.session.hands) == 11
    assert loaded.session.players[0] == "松ヶ瀬隆弥"
    assert "立直(1飜)" in loaded.session.hands[0].note
    # never over a file that is there, unless told
    assert main(["import", "tenhou6", str(DATA / "double_ron.json"), "--output", str(out)]) == 2
    assert "is there already" in capsys.readouterr().err
    assert len(load_session(out, library().get).session.hands) == 11
    assert (
        main(["import", "tenhou6", str(DATA / "double_ron.json"), "--output", str(out), "--force"])
        == 0
    )
    assert len(load_session(out, library().get).session.hands) == 1


def test_import_command_default_goes_to_the_sessions_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MJTUI_DATA_DIR", str(tmp_path))
    assert main(["import", "tenhou6", str(DATA / "ranked_game.json")]) == 0
    files = list((tmp_path / "sessions").glob("*.toml"))
    # Named by when the game began and the ruleset, then this machine (docs/ledger.md).
    assert len(files) == 1
    assert re.fullmatch(r"2019-05-04_170000_riichi-tenhou_[0-9a-f]{6}\.toml", files[0].name)


def test_a_log_imported_twice_is_refused_the_second_time(tmp_path, monkeypatch, capsys):
    """Twice in the sessions folder it would be counted twice in the stats and the league.
    Its id is not in the file, but the log's start, players and hands are: another
    ruleset's copy of it is found too; --force imports it again."""
    monkeypatch.setenv("MJTUI_DATA_DIR", str(tmp_path))
    log = str(SANMA / "2024010120gm-00b9-0000-e324b88a.json")
    other = str(SANMA / "2024010120gm-00b9-0000-ef5da89f.json")  # begun the same hour
    broken = tmp_path / "sessions" / "2024-01-01_200000_riichi-sanma_elsewhere.toml"
    broken.parent.mkdir(parents=True)
    broken.write_text("format = [", encoding="utf-8")  # named for that second, unreadable
    assert main(["import", "tenhou6", log]) == 0
    (first,) = set((tmp_path / "sessions").glob("*.toml")) - {broken}
    broken.unlink()
    assert main(["import", "tenhou6", other]) == 0  # the same hour, another game
    capsys.readouterr()
    assert main(["import", "tenhou6", log]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"mjtui: {first}: holds this game already")
    assert "--force imports it again" in err
    assert len(list((tmp_path / "sessions").glob("*.toml"))) == 2
    # A copy scored with another ruleset is the same game too.
    phoenix = str(DATA / "2019021004gm-00a9-0000-e2f6516d.json")
    assert main(["import", "tenhou6", phoenix]) == 0
    assert main(["import", "tenhou6", phoenix, "--ruleset", "riichi-ema"]) == 2
    assert len(list((tmp_path / "sessions").glob("*.toml"))) == 3
    assert main(["import", "tenhou6", log, "--force"]) == 0
    assert len(list((tmp_path / "sessions").glob("*.toml"))) == 4
    # --output into the same folder finds it as well; into another folder it is new.
    assert main(["import", "tenhou6", log, "--output", str(first.with_name("x.toml"))]) == 2
    assert main(["import", "tenhou6", log, "--output", str(tmp_path / "x.toml")]) == 0


@pytest.mark.parametrize("content", [b"\xff\xfe", b"[" * 5000, b'{"name": 1}', b""])
def test_import_command_exits_2_without_a_traceback(tmp_path, capsys, content):
    log = tmp_path / "log.json"
    log.write_bytes(content)
    assert main(["import", "tenhou6", str(log), "--output", str(tmp_path / "s.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjtui: ") and "Traceback" not in err
    assert not (tmp_path / "s.toml").exists()


def test_import_command_refuses_a_folder_and_another_system(tmp_path, capsys):
    assert main(["import", "tenhou6", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert (
        main(
            [
                "import",
                "tenhou6",
                str(DATA / "double_ron.json"),
                "--ruleset",
                "pocket",
                "--output",
                str(tmp_path / "s.toml"),
            ]
        )
        == 2
    )
    assert "choose a riichi ruleset" in capsys.readouterr().err


def test_the_stored_logs_are_small():
    # The three-player logs of Lawrencelea/Mortal_Sanma are kept as published, indented.
    for folder, most in ((DATA, 16_000), (SANMA, 32_000)):
        for f in folder.glob("*.json"):
            assert f.stat().st_size < most, f
            json.loads(f.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------
# Three-player logs (hand-made in the shape of a converted record: three names or a
# fourth empty one, three seats' arrays or a fourth empty one, the round 4 x wind +
# dealer as at four players)
# --------------------------------------------------------------------------


def sanma_hand(result, round_, scores, fourth=False, discards=None, honba=0):
    discards = discards or {}
    seats = []
    for seat in range(4 if fourth else 3):
        seats += [[] if seat == 3 else [12] * 13, [], discards.get(seat, [])]
    return [[round_, honba, 0], list(scores) + ([0] if fourth else []), [21], [], *seats, result]


def sanma_log(fourth: bool) -> dict:
    pad = [0] if fourth else []
    hands = [
        # East 1: Cy 2000 off Bob.
        sanma_hand(
            [
                "和了",
                [0, -2000, 2000, *pad],
                [2, 1, 2, "30符2飜2000点", "役牌 中(1飜)", "ドラ(1飜)"],
            ],
            0,
            [35000] * 3,
            fourth,
        ),
        # East 2 (Bob deals): Ann tsumo 300-500, tsumo loss: Ann +800.
        sanma_hand(
            ["和了", [800, -500, -300, *pad], [0, 0, 0, "30符1飜300-500点", "門前清自摸和(1飜)"]],
            1,
            [35000, 33000, 37000],
            fourth,
            discards={0: ["f44", 17]},
        ),
        # East 3 (Cy deals): Ann 2000 off Cy.
        sanma_hand(
            [
                "和了",
                [2000, 0, -2000, *pad],
                [0, 2, 0, "30符2飜2000点", "役牌 白(1飜)", "ドラ(1飜)"],
            ],
            2,
            [35800, 32500, 36700],
            fourth,
        ),
        # South 1 (Ann deals): Ann tsumo 1300 all, tsumo loss: 2600.
        sanma_hand(
            [
                "和了",
                [2600, -1300, -1300, *pad],
                [0, 0, 0, "40符2飜1300点∀", "門前清自摸和(1飜)", "抜きドラ(1飜)"],
            ],
            4,
            [37800, 32500, 34700],
            fourth,
        ),
        # South 1, 1 honba: a draw, Ann alone tenpai: 1000 from each other.
        sanma_hand(["流局", [2000, -1000, -1000, *pad]], 4, [40400, 31200, 33400], fourth, honba=1),
    ]
    names = SANMA_NAMES + ([""] if fourth else [])
    return {
        "title": ["", ""],
        "name": names,
        "rule": {"disp": "三南喰赤", "aka53": 1, "aka52": 1, "aka51": 0},
        "log": hands,
    }


@pytest.mark.parametrize("fourth", [False, True])
def test_a_three_player_log_into_riichi_sanma(fourth):
    result = imported(sanma_log(fourth), "riichi-sanma")
    assert (result.reproduced, result.compared) == (5, 5), result.lines
    assert not any("next hand" in line for line in result.lines), result.lines
    session = result.session
    assert session.players == tuple(SANMA_NAMES)
    assert session.state.totals == (42400, 30200, 32400)
    assert session.state.round_wind == 1 and session.state.east == 0  # South 1 was played
    assert session.state.honba == 2  # the dealer won, then a draw with the dealer tenpai
    assert isinstance(session.hands[4], ExhaustiveDraw) and session.hands[4].tenpai == (0,)


def test_a_three_player_log_needs_a_three_player_ruleset():
    with pytest.raises(LogError, match="three-player riichi ruleset"):
        imported(sanma_log(True))
    with pytest.raises(LogError, match="four-player riichi ruleset"):
        imported(document(log_hand(["流局", [0, 0, 0, 0]])), "riichi-sanma")


def test_import_picks_riichi_sanma_for_a_three_player_log(tmp_path, capsys):
    log = tmp_path / "sanma.json"
    log.write_text(json.dumps(sanma_log(True), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "sanma.toml"
    assert main(["import", "tenhou6", str(log), "--output", str(out)]) == 0
    assert "5 of 5 hands reproduce exactly" in capsys.readouterr().out
    session = load_session(out, library().get).session
    assert session.ruleset.id == "riichi-sanma" and len(session.players) == 3
