"""MCR as a registered system: its declaration, a whole game through the session and the
file, every settlement summing to zero (Hypothesis), the points-needed and standings
lines, the export columns and the rules reference (every fan, laid out in cells)."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.reports.export import export_session, final_standings, hand_records
from mjtui.core.reports.league import game_of
from mjtui.core.reports.reference import WIDTH, reference, reference_text
from mjtui.core.reports.stats import compute
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.core.systems import SYSTEMS, discovery
from mjtui.core.systems.base import check_declaration
from mjtui.systems.mcr import table
from mjtui.systems.mcr.events import Draw, FalseWin, Penalty, Win
from mjtui.systems.mcr.fans import ALL_FANS
from mjtui.systems.mcr.needed import needed_lines
from mjtui.systems.mcr.payments import change
from mjtui.systems.mcr.rules import PRESET
from mjtui.systems.mcr.system import SYSTEM
from mjtui.systems.mcr.wording import cells

RULESET = RulesetLibrary(paths.ruleset_folders()).get("mcr")
RULES = RULESET.rules
PLAYERS = ("Ann", "Bob", "Cy", "Di")
STARTED = datetime(2026, 12, 1, 20, 0).astimezone()


def session_of(hands: list, rules=RULES) -> Session:
    ruleset = dataclasses.replace(RULESET, rules=rules)
    session = Session(ruleset, PLAYERS, STARTED)
    for hand in hands:
        session.add(hand)
    return session


def test_the_entry_point_names_the_system_and_it_is_whole() -> None:
    assert "mcr" in SYSTEMS and SYSTEMS["mcr"] is SYSTEM
    check_declaration(SYSTEM)
    assert SYSTEM.players(RULES) == 4 and SYSTEM.start_points(RULES) == 0


def test_the_preset_ships_in_the_package_as_a_plugin_s_rulesets_do() -> None:
    # One preset, in the MCR package, found through the mjtui.rulesets entry point (not
    # in mjtui's own rulesets/ folder): the way a plugin in its own distribution ships it.
    assert Path(RULESET.origin) == PRESET
    assert PRESET.parent in discovery.ruleset_folders()
    assert not (paths.shipped_rulesets_dir() / "mcr.toml").exists()


def test_the_examples_are_hands_the_ruleset_takes_in_order(tmp_path: Path) -> None:
    hands = [SYSTEM.hand_from_record(RULES, dict(r)) for r in SYSTEM.examples().records]
    session = session_of(hands)  # every check at the table passes, tiles rescored
    assert [SYSTEM.hand_to_record(h) for h in hands] == [dict(r) for r in SYSTEM.examples().records]
    path = tmp_path / "s.toml"
    save_session(session, path)
    loaded = load_session(path, lambda name: RULESET)
    assert loaded.problems == [] and loaded.session.hands == hands


def _hands(rules_penalty_shared: bool):
    seat = st.integers(0, 3)
    wins = st.builds(
        Win,
        seat,
        st.integers(8, 400),
        st.one_of(st.none(), seat),
        flowers=st.integers(0, 8),
    ).filter(lambda w: w.discarder != w.winner and w.fan - w.flowers >= 8)
    points = st.integers(1, 33).map(lambda n: 3 * n) if rules_penalty_shared else st.integers(1, 99)
    return st.one_of(
        wins,
        st.just(Draw()),
        st.builds(FalseWin, seat),
        st.builds(Penalty, seat, points),
    )


SHARED = dataclasses.replace(RULES, penalty=dataclasses.replace(RULES.penalty, paid_to="others"))


@settings(max_examples=60, deadline=None)
@given(st.lists(_hands(True), max_size=24))
def test_every_settlement_sums_to_zero_when_penalties_go_to_the_others(hands: list) -> None:
    state = table.start(SHARED)
    for hand in hands:
        SYSTEM.check(SHARED, hand)
        assert sum(change(SHARED, hand)) == 0
        state = SYSTEM.apply(SHARED, state, hand)
    assert sum(state.totals) == 0 and state.penalties == (0, 0, 0, 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(_hands(False), max_size=24))
def test_what_leaves_the_table_is_the_penalties_taken_off(hands: list) -> None:
    state = table.start(RULES)
    for hand in hands:
        SYSTEM.check(RULES, hand)
        state = SYSTEM.apply(RULES, state, hand)
    # Wins and false wins are paid between the players; a penalty goes to nobody.
    assert sum(state.totals) == -sum(state.penalties)
    assert sum(state.penalties) == sum(h.points for h in hands if isinstance(h, Penalty))


def test_the_points_needed_line_for_each_player_behind() -> None:
    state = session_of([Win(2, 12, discarder=1), Win(0, 30)]).state
    assert state.totals == (106, -58, -2, -46)
    assert needed_lines(RULES, state, PLAYERS) == (
        "Bob needs 34 fan self-drawn, 67 off Ann, 133 off Cy or Di",
        "Cy needs 20 fan self-drawn, 39 off Ann, 77 off Bob or Di",
        "Di needs 31 fan self-drawn, 61 off Ann, 121 off Bob or Cy",
    )
    assert SYSTEM.sheet_lines(RULES, state, PLAYERS) == needed_lines(RULES, state, PLAYERS)
    # Everyone level: nobody is behind.
    assert SYSTEM.sheet_lines(RULES, table.start(RULES), PLAYERS) == ()


@given(st.lists(st.integers(-300, 300), min_size=4, max_size=4), st.integers(0, 3))
def test_off_either_other_player_the_fan_needed_is_the_same(totals: list[int], seat: int) -> None:
    from mjtui.systems.mcr.needed import needed

    found = needed(RULES, totals, seat)
    if found is not None:
        assert len(set(found.off_other.values())) <= 1


def test_long_names_keep_the_line_to_the_sheet() -> None:
    names = ("Alexandrina", "Bartholomew", "Christopher", "Dominique-Sophie")
    state = session_of([Win(2, 12, discarder=1), Win(0, 30)]).state
    for line in needed_lines(RULES, state, names):
        assert cells(line) <= 78 and "off another" in line


def test_the_last_line_of_a_game_is_its_table_points() -> None:
    hands = [Win(1, 40)] + [Draw()] * 15
    state = session_of(hands).state
    assert state.finished
    assert SYSTEM.sheet_lines(RULES, state, PLAYERS) == (
        "Table points: Bob 4 (+144) · Ann 1 (-48) · Cy 1 (-48) · Di 1 (-48)",
    )


def test_the_standings_are_table_points_in_the_export_the_league_and_the_tournament() -> None:
    # MCR's standing names its table points `score`, the final score every report adds
    # up: the export writes them, the league sums them (not the game score).
    session = session_of([Win(1, 40), Win(2, 8, discarder=0)] + [Draw()] * 14)
    table = final_standings(session)
    assert [(r["player"], r["rank"], r["total"], r["score"]) for r in table] == [
        ("Bob", 1, 136, 4),
        ("Cy", 2, -16, 2),
        ("Di", 3, -56, 1),
        ("Ann", 4, -64, 0),
    ]
    assert "| Rank | Player | Total | Net | Score |" in export_session(session, "md")
    game = game_of(session)
    assert game is not None and game.points == (0.0, 4.0, 2.0, 1.0)
    assert game.ranks == (4, 1, 2, 3)
    tied = session_of([Draw()] * 16)  # four equal: 7/4 each, ranks shared
    assert {(r["rank"], r["score"]) for r in final_standings(tied)} == {(1, 1.75)}


def test_stats_count_mcr_hands_false_wins_and_penalties_apart_from_wins() -> None:
    session = session_of([Win(1, 40), FalseWin(0), Penalty(2, 10), Win(2, 8, discarder=0)])
    stats = {p.name: p for p in compute([(None, session)]).players}
    assert (stats["Bob"].hands_won, stats["Bob"].net, stats["Bob"].hands_played) == (1, 146, 4)
    assert (stats["Ann"].hands_won, stats["Ann"].net) == (0, -48 - 30 - 16)
    assert (stats["Cy"].hands_won, stats["Cy"].net) == (1, -48 + 10 - 10 + 32)
    assert stats["Bob"].series_won == 1


def test_the_export_columns_say_each_hand_in_mcr_s_terms() -> None:
    hands = [
        Win(1, 24, discarder=0, tiles="123456789s11z [123s]"),
        Win(2, 12, flowers=2),
        Draw(),
        FalseWin(3),
        Penalty(0, 10),
    ]
    session = session_of(hands)
    rows = hand_records(session)
    assert rows[0]["outcome"] == "discard" and rows[0]["fan"] == 24
    assert rows[0]["fans"] == [
        "Pure Straight 清龙 16",
        "Half Flush 混一色 6",
        "Pure Double Chow 一般高 1",
        "Single Wait 单钓将 1",
    ]
    assert rows[0]["round"] == "East 1" and rows[0]["dealer"] == 1
    assert (rows[1]["outcome"], rows[1]["flowers"], rows[1]["fans"]) == ("self-draw", 2, [])
    assert [r["outcome"] for r in rows[2:]] == ["draw", "false win", "penalty"]
    assert (rows[4]["responsible"], rows[4]["penalty"]) == (1, 10)
    document = json.loads(export_session(session, "json"))
    assert document["hands"][0]["fans"][0] == "Pure Straight 清龙 16"
    csv = export_session(session, "csv")
    assert "Pure Straight 清龙 16" in csv and "Bob" in csv


def test_the_reference_lists_every_fan_with_its_value_and_names() -> None:
    text = reference_text(RULESET)
    for fan in ALL_FANS:
        assert f"{fan.name}: {fan.description}"[:30] in text.replace("\n", " "), fan.key
        assert fan.name_zh in text
    assert max(cells(line) for line in text.splitlines()) <= WIDTH
    fans = next(s for s in reference(RULESET) if s.title == "The fans").lines
    # The Chinese names in one column: each English name starts at the same cell.
    for fan in ALL_FANS:
        (line,) = [x for x in fans if x.split()[:1] == [fan.name_zh]]
        assert cells(line[: line.index(f"{fan.name}: ")]) == 14, line
    assert "88 fan (7)" in fans and "64 fan (6)" in fans


def test_a_fan_turned_off_is_listed_apart() -> None:
    rules = dataclasses.replace(
        RULES, fans=dataclasses.replace(RULES.fans, concealed_kong_and_melded_kong=0)
    )
    lines = reference(dataclasses.replace(RULESET, rules=rules))[-1].lines
    off = lines.index("Not played here (0 fan):")
    assert "明暗杠" in lines[off + 1] and "5 fan" not in lines


def test_the_reference_s_payments_are_the_ruleset_s() -> None:
    lines = next(s for s in reference(RULESET) if s.title == "Winning and paying").lines
    row = next(line for line in lines if line.startswith("12 "))
    assert row.split() == ["12", "20", "8", "36", "20", "60"]
    base = dataclasses.replace(RULES, payments=dataclasses.replace(RULES.payments, base=5))
    lines = reference(dataclasses.replace(RULESET, rules=base))[1].lines
    assert next(line for line in lines if line.startswith("12 ")).split()[1] == "17"


def test_every_key_is_documented_in_rulesets_md_and_set_in_the_preset() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rulesets.md").read_text()
    section = doc.split('## `system = "mcr"`')[1]
    keys = ["start_points"]
    for f in dataclasses.fields(type(RULES)):
        value = getattr(RULES, f.name)
        if f.name != "fans" and dataclasses.is_dataclass(value):
            keys += [f"{f.name}.{g.name}" for g in dataclasses.fields(value)]
    assert len(keys) == 13 and [k for k in keys if f"`{k}`" not in section] == []
    assert "`fans.KEY`" in section and "mjtui/systems/mcr/rulesets/mcr.toml" in doc
