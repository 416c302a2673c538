"""Each system's own columns in the exports, and the standings as its ruleset scores them."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

import pytest

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.reports.export import (
    export_session,
    final_standings,
    hand_columns,
    to_csv,
    to_markdown,
)
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.systems import SYSTEMS
from mjtui.core.systems.base import SystemDeclarationError, check_declaration

NAMES = ("Ann", "Bob", "Cy", "Di")
WHEN = datetime(2026, 11, 29, 20, 0)


def session_of(rid: str, players=NAMES) -> Session:
    return Session(RulesetLibrary(paths.ruleset_folders()).get(rid), players, WHEN)


def rows(session: Session) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(to_csv(session))))


def riichi() -> Session:
    from mjtui.systems.riichi.events import Chombo, ExhaustiveDraw, Win, Winner

    s = session_of("riichi-tenhou")
    s.add(
        Win(
            winners=(Winner(seat=2, han=3, fu=40, yaku=("riichi", "tanyao")),),
            discarder=0,
            riichi=(2,),
        )
    )
    s.add(ExhaustiveDraw(tenpai=(1,)))
    s.add(Chombo(offender=3))
    return s


def test_riichi_columns_say_the_hand_in_riichi_terms(folders) -> None:
    got = rows(riichi())
    assert not any(" points" in key for key in got[0])  # no column of zeros
    assert [r["outcome"] for r in got] == ["ron", "exhaustive draw", "chombo"]
    first = got[0]
    assert (first["winners"], first["discarder"], first["han"], first["fu"]) == (
        "Cy",
        "Ann",
        "3",
        "40",
    )
    assert first["yaku"] == "riichi, tanyao" and first["riichi"] == "Cy" and first["pao"] == ""
    assert (first["round"], first["dealer"], first["honba"], first["deposits"]) == (
        "E1",
        "Ann",
        "0",
        "0",
    )
    assert got[1]["tenpai"] == "Bob" and got[1]["winners"] == ""
    assert got[2]["offender"] == "Di" and got[2]["honba"] == "1"


def test_riichi_standings_carry_uma_and_oka(folders) -> None:
    s = riichi()
    table = final_standings(s)
    assert [r["player"] for r in table] == ["Bob", "Cy", "Ann", "Di"]
    bob = table[0]
    # 32000 at the end, target 30000: +2, uma +20, oka +20 (tenhou: 25000 start, 30000 back).
    assert (bob["total"], bob["net"], bob["base"], bob["uma"], bob["oka"], bob["score"]) == (
        32000,
        7000,
        2,
        20,
        20,
        42,
    )
    assert sum(r["score"] for r in table) == pytest.approx(0)
    text = to_markdown(s)
    assert "| Rank | Player | Total | Net | Base | Uma | Oka | Penalty | Score |" in text
    assert "| 1 | Bob | 32000 | +7000 | +2 | +20 | +20 | 0 | +42 |" in text
    assert "Provisional" in text  # three hands do not finish a game
    doc = json.loads(export_session(s, "json"))
    assert doc["standings"][0]["score"] == 42 and doc["ruleset"]["system"] == "riichi"


def test_split_ties_share_rank_and_uma(folders) -> None:
    from mjtui.systems.riichi.events import ExhaustiveDraw

    s = session_of("riichi-wrc")  # ties: split
    assert s.ruleset.rules.final.ties == "split"
    s.add(ExhaustiveDraw())  # all noten: nobody pays
    table = final_standings(s)
    assert {r["rank"] for r in table} == {1}
    assert len({r["score"] for r in table}) == 1  # everyone level: uma and oka split four ways


def test_pocket_false_win_is_not_a_draw(folders) -> None:
    from mjtui.systems.pocket.events import Draw, FalseWin, Win

    s = session_of("pocket")
    s.add(Win(winner=1, fan=3, discarder=2))
    s.add(FalseWin(offender=0))
    s.add(Draw())
    s.add(Win(winner=3, fan=5, guarantor=0))
    s.add(Win(2, 4, discarder=1, tiles="123m456m789m111z55m", context=("last-tile",)))
    got = rows(s)
    assert [r["outcome"] for r in got] == ["discard", "false win", "draw", "self-draw", "discard"]
    assert got[1]["winner"] == "" and got[1]["responsible"] == "Ann"
    assert got[0]["responsible"] == "Cy" and got[3]["responsible"] == "Ann"
    assert got[0]["fan"] == "3" and got[1]["fan"] == ""
    assert got[4]["patterns"] and got[4]["fan"] == "4"
    assert not any(" points" in key for key in got[0])
    assert "- Hands: 5 (1 drawn)" in to_markdown(s)


def test_pocket_patterns_come_from_the_tiles(folders) -> None:
    from mjtui.systems.pocket.events import Win

    s = session_of("pocket")
    s.add(Win(2, 4, discarder=1, tiles="123m456m789m111z55m", context=("last-tile",)))
    doc = json.loads(export_session(s, "json"))
    patterns = doc["hands"][0]["patterns"]
    assert patterns and all(isinstance(p, str) for p in patterns)
    assert any("last" in p.casefold() for p in patterns)


def test_fx602p_columns_are_yaku_and_triplets(folders) -> None:
    from mjtui.systems.fx602p.events import Win

    s = session_of("fx602p", ("Ann", "Bob"))
    s.add(Win(winner=1, yaku=("Tanyao",), triplets=1, tsumo=True))
    got = rows(s)[0]
    assert (got["winner"], got["how"], got["yaku"], got["triplets"]) == (
        "Bob",
        "tsumo",
        "Tanyao",
        "1",
    )
    assert "outcome" not in got  # every FX-602P hand is a win


def test_every_shipped_system_declares_columns_that_load() -> None:
    for name in list(SYSTEMS):
        columns = hand_columns(SYSTEMS[name])
        assert columns.fields and columns.seats <= set(columns.fields)
        assert {f for f, _ in columns.docs} == set(columns.fields)


def test_a_system_that_is_not_a_scoring_system_is_refused() -> None:
    class Bad:  # every member of a system, copied onto an object of another class
        pass

    bad = Bad()
    system = SYSTEMS["east-doubling"]
    for attr in dir(system):
        if not attr.startswith("_"):
            setattr(bad, attr, getattr(system, attr))
    with pytest.raises(SystemDeclarationError, match="is not a ScoringSystem"):
        check_declaration(bad)


def test_results_are_the_standings_one_line_per_player(folders) -> None:
    s = riichi()
    s.table = "Table 2"
    got = list(csv.DictReader(io.StringIO(export_session(s, "results"))))
    assert [r["player"] for r in got] == ["Bob", "Cy", "Ann", "Di"]
    assert list(got[0]) == [
        "rank",
        "player",
        "seat",
        "total",
        "net",
        "base",
        "uma",
        "oka",
        "penalty",
        "score",
        "table",
        "started",
        "ruleset",
    ]
    assert (got[0]["score"], got[0]["table"], got[0]["ruleset"]) == (
        "42",
        "Table 2",
        "riichi-tenhou",
    )
    from mjtui.systems.pocket.events import Draw

    pocket = session_of("pocket")
    pocket.add(Draw())
    head = export_session(pocket, "results").splitlines()[0]
    assert head == "rank,player,seat,total,net,table,started,ruleset"


def test_a_riichi_game_as_pantheon_s_text_log(folders) -> None:
    from mjtui.core.reports.export import ExportError
    from mjtui.systems.riichi.events import AbortiveDraw, ExhaustiveDraw, Win, Winner

    s = session_of("riichi-tenhou", ("Ann Lee", "Bob", "Cy", "ann.lee"))
    s.add(Win(winners=(Winner(seat=2, han=3, fu=40),), discarder=0, riichi=(2, 1)))
    s.add(ExhaustiveDraw(tenpai=(0, 1, 2, 3)))
    s.add(Win(winners=(Winner(seat=1, han=2, fu=30), Winner(seat=3, han=6)), discarder=0))
    s.add(Win(winners=(Winner(seat=0, yakuman=1),), discarder=None))
    lines = export_session(s, "pantheon").splitlines()
    totals = s.ruleset.system.replay_fields(s.state)["totals"]
    assert lines[0] == " ".join(
        f"{a}:{t}" for a, t in zip(("ann_lee", "bob", "cy", "ann.lee"), totals, strict=False)
    )
    assert lines[1:] == [
        "ron cy from ann_lee 3han 40fu riichi bob cy",
        "draw tempai all",
        "ron bob from ann_lee 2han 30fu also ann.lee 6han",
        "tsumo ann_lee yakuman",
    ]
    # A format of riichi's own: a Pocket session has no such format.
    with pytest.raises(ExportError, match="cannot be written as 'pantheon'"):
        export_session(session_of("pocket"), "pantheon")
    tenhou = session_of("riichi-tenhou")
    tenhou.add(AbortiveDraw())
    with pytest.raises(ExportError, match="hand 1: an abortive draw cannot be written"):
        export_session(tenhou, "pantheon")


def test_a_pantheon_log_may_leave_out_the_hands_it_cannot_say(folders) -> None:
    from mjtui.systems.riichi.events import AbortiveDraw, Win, Winner

    s = session_of("riichi-tenhou")
    s.add(Win(winners=(Winner(seat=2, han=3, fu=40),), discarder=0))
    s.add(AbortiveDraw(note="nine terminals"))
    s.add(Win(winners=(Winner(seat=1, han=1, fu=30),), discarder=None))
    skipped: list[str] = []
    lines = export_session(s, "pantheon", skipped=skipped).splitlines()
    assert len(lines) == 3 and lines[2].startswith("tsumo ")
    assert skipped == [
        "left out hand 2: an abortive draw cannot be written in Pantheon's "
        "text log (its parser knows ron, tsumo, draw and chombo)"
    ]
    # The formats every session has never leave a hand out.
    assert export_session(s, "csv", skipped=[]).count("\n") == 4


def test_export_skip_unwritable_writes_the_rest_and_says_what_it_left(
    folders, tmp_path, capsys
) -> None:
    from mjtui.cli import entry
    from mjtui.core.sessions.session_file import save_session
    from mjtui.systems.riichi.events import AbortiveDraw, Win, Winner

    s = session_of("riichi-tenhou")
    s.add(AbortiveDraw())
    s.add(Win(winners=(Winner(seat=1, han=1, fu=30),), discarder=None))
    path = tmp_path / "night.toml"
    save_session(s, path)
    assert entry.main(["export", str(path), "--format", "pantheon"]) == 2
    assert "hand 1: an abortive draw" in capsys.readouterr().err
    assert entry.main(["export", str(path), "--format", "pantheon", "--skip-unwritable"]) == 0
    out, err = capsys.readouterr()
    assert out.count("\n") == 2 and "left out hand 1" in err
