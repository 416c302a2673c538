"""The rules reference: computed from the ruleset (a changed key changes it), every
pattern and yaku present, the claiming order, `mjtui rules`, and its screen at 80x24."""

from __future__ import annotations

import dataclasses
from datetime import datetime

import pytest

from mjtui import paths
from mjtui.cli.entry import main
from mjtui.core.model.session import Session
from mjtui.core.reports.reference import WIDTH, reference, reference_text
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import new_session_path
from mjtui.private_api import screen_strips
from mjtui.systems.east_doubling.system import settle
from mjtui.systems.riichi.points import payment
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.reference import ReferenceScreen

SHIPPED = (
    "fx602p",
    "hk-common",
    "hp11c",
    "pocket",
    "pocket-3fan",
    "riichi-mleague",
    "riichi-sanma",
    "riichi-tenhou",
    "riichi-wrc",
)


def ruleset(rid: str):
    return RulesetLibrary(paths.ruleset_folders()).get(rid)


def with_rules(rs, **parts):
    return dataclasses.replace(rs, rules=dataclasses.replace(rs.rules, **parts))


def section(rs, start: str) -> list[str]:
    (found,) = [s for s in reference(rs) if s.title.startswith(start)]
    return list(found.lines)


def row(lines: list[str], label: str) -> list[str]:
    (line,) = [line for line in lines if line.startswith(label + " ")]
    return line.split()[len(label.split()) :]


@pytest.mark.parametrize("rid", SHIPPED)
def test_every_shipped_reference_fits_the_screen(rid) -> None:
    text = reference_text(ruleset(rid))
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    assert ruleset(rid).name in text


def test_riichi_tables_are_the_ruleset_s_payments() -> None:
    rs = ruleset("riichi-tenhou")
    rules = rs.rules
    ron = section(rs, "Non-dealer ron")
    assert row(ron, "30 fu") == ["1000", "2000", "3900", "7700"]
    assert row(ron, "20 fu") == ["-"] * 4  # no 20 fu ron where an open pinfu is 30
    assert row(ron, "25 fu")[0] == "-"  # seven pairs start at 2 han
    tsumo = section(rs, "Non-dealer tsumo")
    assert row(tsumo, "20 fu")[1] == payment(rules, 2, 20, dealer=False, tsumo=True).short()
    assert row(section(rs, "Dealer tsumo"), "40 fu")[0:2] == ["700", "all"]
    assert row(section(rs, "Dealer ron"), "30 fu")[3] == "11600"
    limits = section(rs, "Limits")
    assert row(limits, "mangan (5 han)") == ["2000", "8000", "2000/4000", "12000", "4000", "all"]
    # A ruleset that changes a key changes its reference: kiriage, rounding, the mangan.
    kiri = with_rules(rs, limits=dataclasses.replace(rules.limits, kiriage=True))
    assert row(section(kiri, "Non-dealer ron"), "30 fu")[3] == "8000"
    assert row(section(rs, "Non-dealer ron"), "30 fu")[3] == "7700"
    big = with_rules(rs, limits=dataclasses.replace(rules.limits, mangan=2500))
    assert row(section(big, "Limits"), "mangan (5 han)")[:2] == ["2500", "10000"]


def test_riichi_fu_items_and_yaku_come_from_the_keys() -> None:
    rs = ruleset("riichi-mleague")
    fu = section(rs, "Fu items")
    assert any(
        line.split()[:4] == ["double", "wind", "pair", str(rs.rules.fu.double_wind_pair)]
        for line in fu
    )
    changed = with_rules(rs, fu=dataclasses.replace(rs.rules.fu, closed_kan_terminals=40))
    assert any(
        line.split()[:4] == ["closed", "kan", "terminals", "40"]
        for line in section(changed, "Fu items")
    )
    yaku = " ".join(section(rs, "Yaku"))
    assert "chinitsu 6/5" in yaku and "iipeikou 1/-" in yaku and "kokushi musou" in yaku


def test_riichi_final_standings_come_from_the_keys() -> None:
    rs = ruleset("riichi-sanma")
    final = " ".join(section(rs, "Final standings"))
    assert "(points - 40000) / 1000" in final
    assert "Uma, 1st to last: +20.0 / 0.0 / -20.0; oka +15.0" in final
    assert "count as they are" in final and "seat nearer the first dealer" in final
    old = with_rules(rs, final=dataclasses.replace(rs.rules.final, rounding="4-down-5-up"))
    assert "500 or more up (4 down, 5 up); first place takes the difference" in " ".join(
        section(old, "Final standings")
    )
    split = " ".join(section(ruleset("riichi-mleague"), "Final standings"))
    assert "share the rank" in split and "+30.0 / +10.0 / -10.0 / -30.0" in split


def test_claiming_order_follows_the_multiple_ron_rule() -> None:
    rs = ruleset("riichi-wrc")
    claims = " ".join(section(rs, "Claiming"))
    assert "a win beats everything" in claims and "pung or a kong beats a chow" in claims
    assert claims.index("win beats") < claims.index("beats a chow") < claims.index("chow comes")
    bump = with_rules(rs, payments=dataclasses.replace(rs.rules.payments, multiple_ron="head-bump"))
    assert "nearest player in turn" in " ".join(section(bump, "Claiming"))
    assert "nearest player in turn" in " ".join(section(ruleset("pocket"), "Claiming"))


def test_pocket_lists_every_pattern_and_the_curve() -> None:
    rs = ruleset("hk-common")
    rules = rs.rules
    text = reference_text(rs)
    for _, pattern in rules.patterns.items():
        assert pattern.name in text
    curve = section(rs, "Payments by fan")
    assert row(curve, "3")[:2] == ["8", str(rules.payments.base * 8)]
    assert any(line.startswith(f"{rules.fan.limit} (limit)") for line in curve)
    spicy = with_rules(rs, payments=dataclasses.replace(rules.payments, curve="spicy"))
    assert row(section(spicy, "Payments by fan"), "6")[0] == "64"
    assert row(curve, "6")[0] == "32"  # half-spicy


def test_east_doubling_works_a_hand_with_the_system_s_settlement() -> None:
    rs = ruleset("hp11c")
    worked = section(rs, "A worked hand")
    change = settle((8, 30, 4, 0), 1, 0, rs.rules.payments.east_multiplier)
    assert worked[-1].startswith("Changes: East -36, South +120, West -34, North -50")
    assert change == (-36, 120, -34, -50)
    assert "East pays South 30 x 2 (East) = 60" in " ".join(worked)
    triple = with_rules(rs, payments=dataclasses.replace(rs.rules.payments, east_multiplier=3))
    assert "multiplied by 3" in " ".join(section(triple, "East doubling"))


def test_fx602p_coefficient_table_and_yaku() -> None:
    rs = ruleset("fx602p")
    table = section(rs, "Points")
    for han, c in enumerate(rs.rules.points.coefficients):
        assert row(table, str(han))[:2] == [str(c), str(16 * 50 * c)]
    yaku = " ".join(section(rs, "Yaku ("))
    for name in (
        "pinfu",
        "tanyao",
        "iipeiko",
        "dora",
        "ittsu",
        "chanta",
        "toitoi",
        "sanrenko",
        "tenho",
    ):
        assert name in yaku
    assert "chinroto" in " ".join(section(rs, "Yakuman"))


def test_rules_command_prints_the_reference(capsys) -> None:
    assert main(["rules", "pocket"]) == 0
    assert capsys.readouterr().out == reference_text(ruleset("pocket"))
    assert main(["rules", "no-such-ruleset"]) == 2
    assert "no ruleset named" in capsys.readouterr().err


async def test_r_opens_the_reference_which_scrolls_and_goes_back() -> None:
    rs = ruleset("riichi-tenhou")
    session = Session(rs, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30).astimezone())
    app = MjtuiApp(book=Scorebook(session, new_session_path(paths.sessions_dir(), session)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sheet = app.screen
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReferenceScreen)
        lines = [s.text for s in screen_strips(screen)]
        assert "Ruleset" in lines[1] and all(len(line) <= 80 for line in lines)
        shown = screen.query_one("#reference-text")
        # Not a line wrapped: the text is as tall on screen as it has lines.
        sections = reference(rs)  # a title, the lines, a blank line between sections
        assert shown.region.height == sum(len(s.lines) + 2 for s in sections) - 1
        text = shown.render()
        # Titles read without colour: underlined, not only coloured.
        assert any("underline" in str(span.style) for span in text.spans)
        await pilot.press("space", "space")
        await pilot.pause()
        assert screen.query_one("#reference").scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        shown = "\n".join(s.text for s in screen_strips(screen))
        assert "Claiming a discard" in shown or "chow comes last" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is sheet
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)


@pytest.mark.parametrize(
    "rid, system", [("pocket", "pocket"), ("riichi-wrc", "riichi"), ("fx602p", "fx602p")]
)
def test_rules_command_is_headless_and_loads_its_system_alone(tmp_path, rid, system) -> None:
    from test_lazy_imports import assert_headless, run, systems_in

    result = run(tmp_path, "rules", rid)
    assert result["code"] == 0, result["err"]
    assert ("Claiming a discard" in result["out"]) == (system != "fx602p")
    assert_headless(result["modules"])
    assert systems_in(result["modules"]) <= {system}
