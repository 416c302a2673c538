"""The screens of a Japanese riichi evening, a simplified-Chinese MCR evening and a
traditional-Chinese Hong Kong evening at 80x24, as SVG snapshots (as test_snapshots.py
keeps the English ones), with the players' names in their own scripts: every CJK
character two cells, nothing cut or misaligned. Then each screen's text is read: a
word of the interface left in English (a string missing from the catalogs) fails.

The language is installed by each test and English again after it (conftest.py);
nothing here depends on the machine's locale.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from test_snapshots import SIZE, screens, typing

from mjtui import paths
from mjtui.core import language
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.private_api import screen_lines
from mjtui.systems.mcr import system as mcr
from mjtui.systems.pocket import system as pocket
from mjtui.systems.riichi import system as riichi
from mjtui.ui.app import MjtuiApp

W = riichi.Winner
NAMES = {
    "ja": ("山田太郎", "鈴木", "Ann", "陳美玲"),
    "zh_Hans": ("王伟", "李娜", "张敏", "Mary"),
    "zh_Hant": ("陳大文", "黃小明", "Mary", "李嘉欣"),
}
EVENINGS: dict[str, tuple[str, str, list[object]]] = {
    "ja-riichi": (
        "ja",
        "riichi-tenhou",
        [
            riichi.Win((W(2, 3, 40, 0, yaku=("riichi", "sanankou")),), 1, (0, 2)),
            riichi.ExhaustiveDraw((0, 2), ()),
            riichi.Win((W(1, 0, None, 1, yaku=("kokushi musou",)),), None, ()),
        ],
    ),
    "zh_Hans-mcr": (
        "zh_Hans",
        "mcr",
        [mcr.Win(2, 16, 1), mcr.Draw(), mcr.Win(0, 9, None)],
    ),
    "zh_Hant-hk": (
        "zh_Hant",
        "hk-common",
        [pocket.Win(2, 4, 1, None), pocket.Draw(), pocket.FalseWin(3)],
    ),
}
STEPS: dict[str, list[tuple[str, list[str]]]] = {
    "ja-riichi": [
        ("sheet", []),
        ("ron", ["3", "3", "enter", "4", "0", "enter", "2"]),
        ("tiles", ["ctrl+t", *"234m406p22345s[555z]"]),
        ("fu", ["escape", "ctrl+f"]),
        ("draw", ["escape", "escape", "0", "1", "3"]),
        ("board", ["escape", "t"]),
        ("reference", ["escape", "r", "end"]),
        ("standings", ["escape", "f"]),
    ],
    "zh_Hans-mcr": [
        ("sheet", []),
        ("self-draw", ["1", "t", "enter", *"123m456m789m111z22m"]),
        ("board", ["escape", "t"]),
        ("standings", ["escape", "f"]),
    ],
    "zh_Hant-hk": [
        ("sheet", []),
        ("self-draw", ["1", "t", "enter", *"123m456m789m111z22m"]),
        ("board", ["escape", "t"]),
    ],
}
# What may stay in Latin letters on a translated screen: the players' and rulesets'
# names, the tile notation, the keys, a title's file name, the dealer's mark.
ALLOWED = {
    "Ann", "Mary", "Riichi", "Tenhou", "riichi", "tenhou", "Chinese", "Official", "MCR", "mcr",
    "Hong", "Kong", "common", "table", "hk", "ctrl", "Enter", "Esc", "esc", "all",
}  # fmt: skip
_WORD = re.compile(r"[A-Za-z]{3,}")


def book(evening: str, tmp_path: Path) -> Scorebook:
    spoken, ruleset_id, hands = EVENINGS[evening]
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(ruleset_id)
    session = Session(ruleset, NAMES[spoken], datetime(2026, 11, 30, 20, 0))
    for hand in hands:
        session.add(hand)
    return Scorebook(session, tmp_path / f"2026-11-30_200000_{ruleset_id}.toml")


@pytest.mark.parametrize("evening", list(STEPS))
async def test_screens_in_their_language(
    evening: str, kept: Callable[[str, str], bool], tmp_path: Path
) -> None:
    """Each screen of the evening, in one app as a table reaches them: as kept in
    __snapshots__, and with no word of the interface left in English (every string
    these screens show is in the catalogs; the rules reference's prose is English
    still: docs/languages.md)."""
    language.install(EVENINGS[evening][0])
    app = MjtuiApp(book=book(evening, tmp_path), sessions_dir=tmp_path)
    english: dict[str, list[str]] = {}

    def read(name: str, app: MjtuiApp) -> None:
        if name != "reference":
            english[name] = english_left(screen_lines(app.screen))

    steps = [(f"{evening}-{name}", keys) for name, keys in STEPS[evening]]
    taken = await screens(app, steps, each=lambda name, app: read(name.split("-")[-1], app))
    differ = [name for name, svg in taken if not kept(name, svg)]
    assert not differ, f"screens unlike their snapshots: {differ} (see snapshot_report.html)"
    assert {name: words for name, words in english.items() if words} == {}


def english_left(lines: list[str]) -> list[str]:
    """The words in Latin letters on a screen that are no name, notation or key."""
    words = (w for line in lines for w in _WORD.findall(line))
    return sorted({w for w in words if w not in ALLOWED and not re.fullmatch(r"[a-f0-9]+", w)})


def test_the_check_finds_a_string_left_in_english() -> None:
    assert english_left(["第1局 · 東1局 · dealer 山田太郎"]) == ["dealer"]
    assert english_left(["山田太郎 Ann 234m406p ctrl+s"]) == []


@pytest.mark.parametrize(
    ("spoken", "ruleset_id"), [("ja", "riichi-tenhou"), ("zh_Hant", "hk-common")]
)
def test_new_series_form_in_its_language(
    spoken: str, ruleset_id: str, snap_compare: Callable[..., bool], tmp_path: Path
) -> None:
    """The first screen, names typed in their scripts (the keys of a table at the laptop)."""
    language.install(spoken)
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(ruleset_id)
    app = MjtuiApp(rulesets=[ruleset], ruleset=ruleset, sessions_dir=tmp_path)
    names = [*NAMES[spoken][0], "enter", *NAMES[spoken][1]]
    assert snap_compare(app, terminal_size=SIZE, run_before=typing([names]))
