"""A session header that agrees with itself: [rules] and the ruleset id, and the
players' names compared the same way in the reader, the form and stats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.model.players import clean_name, first_repeat, player_key, same_player
from mjtui.core.reports.stats import collect
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.session_file import load_session, to_document

REPO = Path(__file__).resolve().parents[2]


def find_ruleset(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


def with_rules(
    ruleset_file: str, header_id: str, players: str = '["Ann", "Bob", "Cy", "Di"]', hands: str = ""
) -> str:
    """A session whose [rules] are ``ruleset_file``'s, under the id ``header_id``."""
    import tomli_w

    rules = load_ruleset(REPO / "rulesets" / ruleset_file).table()
    return (
        f'format = "mjtui-session/1"\nruleset = "{header_id}"\nplayers = {players}\n'
        f"{hands}\n" + tomli_w.dumps({"rules": rules})
    )


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# [rules] and the ruleset id
# --------------------------------------------------------------------------


def test_rules_of_another_system_than_the_id_are_refused(folders, run_mjtui) -> None:
    path = write(folders["data"], "mixed.toml", with_rules("pocket.toml", "riichi-tenhou"))
    with pytest.raises(SessionError) as caught:
        load_session(path, find_ruleset)
    message = str(caught.value)
    assert str(path) in message and "key 'rules.system'" in message
    assert "'pocket'" in message and "'riichi-tenhou' is a 'riichi' ruleset" in message
    result = run_mjtui("replay", str(path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "make 'ruleset' and [rules] system agree" in result.stderr


def test_rules_of_the_ids_system_are_read_whatever_else_differs(folders) -> None:
    # The same system with other numbers (start points chosen on the form) is normal.
    text = with_rules("pocket-3fan.toml", "pocket")
    loaded = load_session(write(folders["data"], "ok.toml", text), find_ruleset)
    assert loaded.problems == [] and loaded.warnings == []
    assert loaded.session.ruleset.rules.system == "pocket"


def test_an_unknown_id_with_rules_is_read_with_one_warning(folders, run_mjtui) -> None:
    hands = "[[hands]]\nwin = 3\nfan = 4\nfrom = 2\n"
    path = write(folders["data"], "club.toml", with_rules("pocket.toml", "our-club", hands=hands))
    loaded = load_session(path, find_ruleset)
    assert loaded.problems == [] and len(loaded.session.hands) == 1
    assert loaded.warnings == [
        f"{path}: no ruleset named 'our-club' is installed here; the file's [rules] "
        f"(system 'pocket') are the only rules it is scored with"
    ]
    result = run_mjtui("replay", str(path), "--json")
    assert result.returncode == 0  # a warning, not a failure
    assert result.stderr.count("warning:") == 1 and "'our-club'" in result.stderr
    # Scored with the file's [rules] (pocket, start 5000): Cy wins 4 fan off Bob,
    # who pays 16, Ann and Di 8 each.
    assert json.loads(result.stdout)["hands"][0]["totals"] == [4992, 4984, 5032, 4992]


@pytest.mark.parametrize("rid", ["/dev/zero", "../rulesets/pocket", "pocket.toml", "x" * 300])
def test_an_id_that_is_not_a_name_is_never_read_as_a_path(folders, rid: str) -> None:
    path = write(folders["data"], "odd.toml", with_rules("pocket.toml", rid))

    def refuse(name):
        raise AssertionError(f"looked up {name!r}")

    loaded = load_session(path, refuse)
    (warning,) = loaded.warnings
    assert "is not a ruleset name" in warning and "only rules" in warning


# --------------------------------------------------------------------------
# Players' names
# --------------------------------------------------------------------------


def test_one_comparison_of_names() -> None:
    assert clean_name("  Ann \t Lee \n") == "Ann Lee"
    assert player_key("ANN  lee ") == player_key("ann lee") == "ann lee"
    assert same_player("Ann", "ann ") and same_player("Straße", "STRASSE")
    assert not same_player("Ann", "Anne")
    assert first_repeat(["Ann", "Bob", "Cy", "Di"]) is None
    assert first_repeat(["Ann", "Bob", " ann", "Bob"]) == (0, 2)


def test_the_reader_keeps_names_clean(folders) -> None:
    text = with_rules("hp11c.toml", "hp11c", players='[" Ann ", "Bob  Lee", "Cy", "Di"]')
    loaded = load_session(write(folders["data"], "s.toml", text), find_ruleset)
    assert loaded.session.players == ("Ann", "Bob Lee", "Cy", "Di")
    assert to_document(loaded.session)["players"] == ["Ann", "Bob Lee", "Cy", "Di"]


def test_a_file_seating_one_player_twice_is_refused(folders) -> None:
    text = with_rules("hp11c.toml", "hp11c", players='["Ann", "Bob", "ann ", "Di"]')
    path = write(folders["data"], "s.toml", text)
    with pytest.raises(SessionError) as caught:
        load_session(path, find_ruleset)
    assert str(caught.value) == (
        f"{path}: key 'players': seats 1 and 3 are the same player ('Ann' and 'ann': names "
        f"are compared without case, extra spaces or invisible characters, and NFC or NFD "
        f"alike); give each seat its own name"
    )


def test_stats_count_one_player_under_every_spelling(folders) -> None:
    hands = "[[hands]]\nwinner = 1\npoints = [8, 0, 0, 0]\n"
    sessions = paths.sessions_dir()
    write(
        sessions,
        "a.toml",
        with_rules("hp11c.toml", "hp11c", hands=hands, players='["Ann", "Bob", "Cy", "Di"]'),
    )
    write(
        sessions,
        "b.toml",
        with_rules("hp11c.toml", "hp11c", hands=hands, players='["ANN ", "Bob", "Cy", "Di"]'),
    )
    found = collect(sessions, find_ruleset)
    assert found.skipped == []
    stats = found.systems["east-doubling"]
    ann = [p for p in stats.players if player_key(p.name) == "ann"]
    assert len(ann) == 1 and ann[0].series == 2 and ann[0].hands_won == 2
    assert ann[0].name in ("Ann", "ANN")  # the newest spelling, trimmed
