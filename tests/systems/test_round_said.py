"""Each system names the next hand in the table's language for the exports and the
board (``round_said``), while ``round_label`` stays the records' English."""

from __future__ import annotations

from datetime import datetime

import pytest

from mjtui import paths
from mjtui.core import language
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary


@pytest.mark.parametrize(
    ("rid", "code", "english", "said"),
    [
        ("riichi-tenhou", "ja", "East 1", "東1局"),
        ("mcr", "zh_Hans", "East 1", "东1"),
        ("hk-common", "zh_Hant", "East round", "東圈"),
        ("hp11c", "ja", "Hand 1", "第1局"),
        ("fx602p", "zh_Hans", "Hand 1", "第1局"),
    ],
)
def test_the_next_hand_is_named_in_the_language_spoken(
    rid: str, code: str, english: str, said: str
) -> None:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(rid)
    names = ("Ann", "Bob", "Cy", "Di")[: ruleset.players]
    state = Session(ruleset, names, datetime(2026, 12, 1)).state
    assert ruleset.system.round_said(state) == english == state.round_label
    language.install(code)
    assert ruleset.system.round_said(state) == said
    assert state.round_label == english  # the records' words never change
