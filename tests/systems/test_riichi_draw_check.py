"""The tiles form's waits and the tenpai check at a draw, read without the app.

The models of systems/riichi/form.py and draw_check.py: 13 tiles in the tiles
form show the waits, each as the hand would win; the tenpai check reads each
seat's typed hand, sets the Tenpai field from it, and a seat typed tenpai whose
hand reads noten is asked about before the draw is recorded.
"""

from __future__ import annotations

from mjtui import paths
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.systems.riichi.draw_check import TenpaiCheck
from mjtui.systems.riichi.events import ExhaustiveDraw
from mjtui.systems.riichi.form import RiichiForm, TilesForm
from mjtui.systems.riichi.table import start
from mjtui.systems.riichi.tiles_entry import TilesContext

LIBRARY = RulesetLibrary(paths.ruleset_folders())
RULES = LIBRARY.get("riichi-tenhou").rules
PLAYERS = ("Ann", "Bob", "Cy", "Di")
TENPAI = "234m456p22678s55z"  # waits on 2s (no yaku) and 5z (a dragon pung)
NOTEN = "13579m2468p1357s"


def texts(reading) -> list[str]:
    return [line.text for line in reading.lines]


def test_thirteen_tiles_in_the_tiles_form_show_each_wait_as_it_would_win() -> None:
    form = TilesForm(RULES, TilesContext("Ann", False, 0, 0, False, 0))
    r = form.read({"tiles": TENPAI})
    assert r.value is None and "type the winning tile last to score the ron" in r.errors[0]
    assert texts(r) == [
        "Tenpai: waits on 2s 5z (4 unseen)",
        "  2s  no yaku",
        "  5z  1 han 40 fu · 2000",
    ]
    assert texts(form.read({"tiles": NOTEN})) == ["Not tenpai: 4 shanten"]
    tsumo = TilesForm(RULES, TilesContext("Bob", True, 1, 0, True, 0)).read({"tiles": TENPAI})
    assert texts(tsumo)[1] == "  2s  2 han 30 fu · 500/1000"  # riichi, menzen tsumo


def test_the_check_reads_each_seat_and_leaves_an_empty_one_alone() -> None:
    check = TenpaiCheck(RULES, PLAYERS, 0, 0)
    r = check.read({"hand-0": TENPAI, "hand-1": NOTEN, "hand-2": ""})
    assert r.notes == {"seat-0": "tenpai: 2s 5z", "seat-1": "noten: 4 shanten"}
    assert r.value is not None and (r.value.tenpai, r.value.noten) == ((0,), (1,))
    bad = check.read({"hand-0": TENPAI, "hand-3": "123m"})
    assert bad.value is None and bad.errors[0].startswith("Seat 4 (Di): a waiting hand has 13")
    six = check.read({"hand-0": "5555z123m456p789s", "hand-1": "55z12m456p789s123s"})
    assert six.value is None and six.errors == ("the hands hold 6 5z together: there are four",)


def draw_form() -> RiichiForm:
    return RiichiForm(RULES, start(RULES), PLAYERS)


def test_the_check_sets_the_tenpai_field_and_a_noten_seat_typed_tenpai_is_asked() -> None:
    form = draw_form()
    values = {**form.start(), "outcome": "d", "tenpai": "34"}
    assert form.read(values).actions == frozenset({"tiles"})
    sub = form.open("tiles", values, "tenpai")
    checked = sub.model.read({"hand-0": TENPAI, "hand-2": NOTEN}).value
    put, go_on = sub.done(checked)
    # Ann read tenpai goes in, Cy read noten goes out, Di not checked stays.
    assert put == {"tenpai": "14"} and go_on == "riichi"
    values |= put
    r = form.read(values)
    assert r.question == "" and isinstance(r.value, ExhaustiveDraw)
    r = form.read({**values, "tenpai": "134"})
    assert r.question == (
        "Cy is typed tenpai, but the hand checked is 4 shanten. "
        "Record the draw as typed all the same?"
    )
    # The hands come back when the check opens again.
    assert form.open("tiles", values, None).model.start()["hand-2"] == NOTEN
    assert form.read({**values, "outcome": "r"}).question == ""
