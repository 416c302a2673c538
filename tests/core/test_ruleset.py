"""Rulesets: the shipped file, strict reading of broken files, the library, the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjtui import paths
from mjtui.config import Config, load_config
from mjtui.core.errors import ConfigError, RulesetError
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset, rules_from_table

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"

VALID = """\
name = "Test rules"
system = "east-doubling"
description = "for the tests"

[table]
players = 4
start_points = 10000

[payments]
east_multiplier = 2

[rotation]
on_east_win = "stay"
on_other_win = "next"
on_draw = "stay"
"""


def variant(old: str, new: str) -> str:
    assert old in VALID, old
    return VALID.replace(old, new, 1)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# The shipped ruleset
# --------------------------------------------------------------------------


def test_shipped_hp11c_loads() -> None:
    ruleset = load_ruleset(HP11C)
    assert ruleset.id == "hp11c"
    assert ruleset.players == 4
    assert ruleset.start_points == 10000
    assert ruleset.rules.payments.east_multiplier == 2
    assert ruleset.rules.system == "east-doubling"
    rotation = ruleset.rules.rotation
    assert (rotation.on_east_win, rotation.on_other_win, rotation.on_draw) == (
        "stay",
        "next",
        "stay",
    )


def test_shipped_hp11c_is_found_by_id(folders) -> None:
    library = RulesetLibrary(paths.ruleset_folders())
    assert library.get("hp11c").rules == load_ruleset(HP11C).rules
    assert "hp11c" in [e.id for e in library.entries() if e.ruleset]


def test_the_full_table_round_trips() -> None:
    ruleset = load_ruleset(HP11C)
    table = ruleset.table()
    assert table["table"] == {"players": 4, "start_points": 10000}
    assert table["payments"] == {"east_multiplier": 2}
    assert rules_from_table(table, "x") == ruleset.rules


def test_with_start_points_changes_only_the_start() -> None:
    ruleset = load_ruleset(HP11C)
    other = ruleset.with_start_points(25000)
    assert other.start_points == 25000
    assert ruleset.start_points == 10000
    assert other.rules.payments == ruleset.rules.payments


# --------------------------------------------------------------------------
# Broken rulesets
# --------------------------------------------------------------------------

BROKEN = {
    "unknown key": (
        variant("start_points = 10000", "start_points = 10000\nstart_point = 5"),
        "table.start_point",
        ["unknown key", "players, start_points"],
    ),
    "unknown top-level key": (
        variant('description = "for the tests"', 'descripton = "typo"'),
        "descripton",
        ["unknown key", "description"],
    ),
    "wrong type": (
        variant("start_points = 10000", 'start_points = "ten"'),
        "table.start_points",
        ["expected an integer >= 0", "'ten'"],
    ),
    "float for an integer": (
        variant("start_points = 10000", "start_points = 10000.0"),
        "table.start_points",
        ["expected an integer >= 0", "10000.0"],
    ),
    "bool for an integer": (
        variant("east_multiplier = 2", "east_multiplier = true"),
        "payments.east_multiplier",
        ["expected an integer >= 1", "true"],
    ),
    "below the minimum": (
        variant("east_multiplier = 2", "east_multiplier = 0"),
        "payments.east_multiplier",
        ["expected an integer >= 1", "0"],
    ),
    "out of range": (
        variant("players = 4", "players = 5"),
        "table.players",
        ["expected an integer from 2 to 4", "5"],
    ),
    "missing key": (
        variant("east_multiplier = 2\n", ""),
        "payments.east_multiplier",
        ["missing", "expected an integer >= 1"],
    ),
    "missing table": (
        variant("[payments]\neast_multiplier = 2\n", ""),
        "payments",
        ["missing", "expected a table"],
    ),
    "missing name": (
        variant('name = "Test rules"\n', ""),
        "name",
        ["missing", "expected a string"],
    ),
    "a value where a table belongs": (
        variant("[payments]\neast_multiplier = 2\n", "").replace(
            'description = "for the tests"', 'description = "x"\npayments = 2'
        ),
        "payments",
        ["expected a table"],
    ),
    "bad Literal value": (
        variant('on_draw = "stay"', 'on_draw = "sideways"'),
        "rotation.on_draw",
        ["expected one of 'stay', 'next'", "'sideways'"],
    ),
    "unknown system": (
        variant('system = "east-doubling"', 'system = "chess"'),
        "system",
        ["expected one of 'east-doubling', 'fx602p', 'mcr', 'pocket', 'riichi'", "'chess'"],
    ),
    "missing system": (
        variant('system = "east-doubling"\n', ""),
        "system",
        ["missing", "'east-doubling'"],
    ),
}


@pytest.mark.parametrize("case", list(BROKEN), ids=list(BROKEN))
def test_broken_ruleset_names_file_key_and_expectation(tmp_path: Path, case: str) -> None:
    text, key, words = BROKEN[case]
    path = write(tmp_path / "broken.toml", text)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert str(path) in message
    assert f"key '{key}'" in message
    for word in words:
        assert word in message, message


def test_toml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    text = variant("players = 4", "players = = 4")
    line = text.splitlines().index("players = = 4") + 1
    path = write(tmp_path / "syntax.toml", text)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert str(path) in message
    assert "not valid TOML" in message
    assert f"line {line}" in message


@pytest.mark.parametrize(
    "calculator, words",
    [
        (
            'program = "east_doubling.hp11c"\nstray = 1',
            "key 'calculator.stray': unknown key (known here: program)",
        ),
        ("program = 5", "key 'calculator.program': expected a string, got 5 (integer)"),
        ("", "key 'calculator.program': missing; expected a string"),
    ],
)
def test_what_is_wrong_inside_an_optional_table_is_named(
    tmp_path: Path, calculator: str, words: str
) -> None:
    """Not "key 'calculator': expected a table, got a table" (issue 26)."""
    path = write(tmp_path / "odd.toml", VALID + f"\n[calculator]\n{calculator}\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert words in str(caught.value)


def test_a_value_of_the_wrong_kind_for_an_optional_table_says_what_it_is(tmp_path: Path) -> None:
    path = write(tmp_path / "odd.toml", "calculator = 5\n" + VALID)
    with pytest.raises(RulesetError, match="key 'calculator': expected a table, got 5"):
        load_ruleset(path)


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="no such file"):
        load_ruleset(tmp_path / "nope.toml")
    latin = tmp_path / "latin.toml"
    latin.write_bytes(VALID.replace("Test rules", "R\xe8gles").encode("latin-1"))
    with pytest.raises(RulesetError, match="not UTF-8"):
        load_ruleset(latin)


@pytest.mark.parametrize("value", ['["east-doubling"]', '{ name = "east-doubling" }'])
def test_unhashable_system_is_a_ruleset_error(tmp_path: Path, value: str) -> None:
    path = write(tmp_path / "odd.toml", variant('system = "east-doubling"', f"system = {value}"))
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert "key 'system'" in str(caught.value)


def test_entries_survive_an_unhashable_system(tmp_path: Path) -> None:
    user = tmp_path / "user"
    write(user / "odd.toml", variant('system = "east-doubling"', 'system = ["east-doubling"]'))
    entries = RulesetLibrary([REPO / "rulesets", user]).entries()
    odd = next(e for e in entries if e.id == "odd")
    assert odd.ruleset is None and "system" in odd.error


# --------------------------------------------------------------------------
# The library
# --------------------------------------------------------------------------


@pytest.fixture
def library(tmp_path: Path) -> tuple[RulesetLibrary, Path, Path]:
    shipped, user = tmp_path / "shipped", tmp_path / "user"
    write(shipped / "alpha.toml", VALID)
    write(shipped / "beta.toml", variant("east_multiplier = 2", "east_multiplier = 3"))
    write(user / "alpha.toml", variant("start_points = 10000", "start_points = 25000"))
    write(user / "broken.toml", variant("players = 4", "players = 9"))
    (user / "notes.txt").write_text("not a ruleset")
    return RulesetLibrary([shipped, user]), shipped, user


def test_user_file_overrides_shipped(library) -> None:
    lib, _shipped, user = library
    alpha = lib.get("alpha")
    assert alpha.start_points == 25000
    assert alpha.origin == str(user / "alpha.toml")
    assert lib.get("beta").rules.payments.east_multiplier == 3


def test_get_by_path(library, tmp_path: Path) -> None:
    lib, shipped, _user = library
    assert lib.get(str(shipped / "alpha.toml")).start_points == 10000
    elsewhere = write(tmp_path / "else" / "gamma.toml", variant("players = 4", "players = 3"))
    gamma = lib.get(str(elsewhere))
    assert gamma.id == "gamma" and gamma.players == 3
    with pytest.raises(RulesetError, match="no such file"):
        lib.get(str(tmp_path / "else" / "missing.toml"))


def test_unknown_id_names_the_known_ones(library) -> None:
    lib, _, _ = library
    with pytest.raises(RulesetError) as caught:
        lib.get("gamma")
    message = str(caught.value)
    assert "'gamma'" in message
    assert "alpha, beta, broken" in message


def test_broken_id_raises_with_its_problem(library) -> None:
    lib, _, user = library
    with pytest.raises(RulesetError) as caught:
        lib.get("broken")
    assert str(user / "broken.toml") in str(caught.value)
    assert "table.players" in str(caught.value)


def test_entries_list_broken_files_instead_of_failing(library) -> None:
    lib, shipped, user = library
    entries = lib.entries()
    assert [e.id for e in entries] == ["alpha", "beta", "broken"]
    by_id = {e.id: e for e in entries}
    assert by_id["alpha"].path == user / "alpha.toml"
    assert by_id["alpha"].ruleset.start_points == 25000
    assert by_id["beta"].path == shipped / "beta.toml"
    assert by_id["beta"].error is None
    broken = by_id["broken"]
    assert broken.ruleset is None
    assert str(user / "broken.toml") in broken.error
    assert "table.players" in broken.error


def test_missing_folders_are_fine(tmp_path: Path) -> None:
    lib = RulesetLibrary([tmp_path / "none", tmp_path / "neither"])
    assert lib.entries() == []
    with pytest.raises(RulesetError, match="known: none"):
        lib.get("hp11c")


# --------------------------------------------------------------------------
# config.toml
# --------------------------------------------------------------------------


def test_config_defaults_when_absent(folders) -> None:
    assert load_config(paths.config_file()) == Config(default_ruleset="hp11c")
    assert paths.config_file() == folders["config"] / "config.toml"
    assert paths.user_rulesets_dir() == folders["rulesets"]
    assert paths.sessions_dir() == folders["data"] / "sessions"


def test_config_reads_default_ruleset(folders) -> None:
    write(folders["config"] / "config.toml", 'default_ruleset = "mine"\n')
    assert load_config(paths.config_file()).default_ruleset == "mine"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('default_rulset = "hp11c"\n', ["key 'default_rulset'", "unknown key", "default_ruleset"]),
        ("default_ruleset = 3\n", ["key 'default_ruleset'", "expected a string"]),
        ("default_ruleset = \n", ["not valid TOML", "line 1"]),
    ],
)
def test_broken_config(folders, text: str, words: list[str]) -> None:
    path = write(folders["config"] / "config.toml", text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(path) in str(caught.value)
    for word in words:
        assert word in str(caught.value)


# --------------------------------------------------------------------------
# The command line (few subprocesses; every one of them must fail before the UI)
# --------------------------------------------------------------------------


def test_cli_broken_ruleset_path_exits_2(run_mjtui, folders, tmp_path: Path) -> None:
    path = write(tmp_path / "bad.toml", variant("start_points = 10000", 'start_points = "ten"'))
    result = run_mjtui("--ruleset", str(path))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert str(path) in result.stderr
    assert "table.start_points" in result.stderr
    assert "expected an integer" in result.stderr
    assert result.stdout == ""


def test_a_config_naming_a_broken_user_ruleset_warns_naming_both(folders) -> None:
    from mjtui.cli import entry

    bad = write(folders["rulesets"] / "mine.toml", variant('on_draw = "stay"', 'on_draw = "hold"'))
    write(folders["config"] / "config.toml", 'default_ruleset = "mine"\n')
    app = entry.new_series(entry.build_parser().parse_args([]))
    (warning,) = app.warnings
    assert "default_ruleset = 'mine'" in warning
    assert str(bad) in warning and "rotation.on_draw" in warning
    assert app.ruleset is not None and app.ruleset.id == "hp11c"


def test_a_config_with_an_unknown_key_warns_naming_it(folders) -> None:
    from mjtui.cli import entry

    config = write(folders["config"] / "config.toml", 'default_rulset = "hp11c"\n')
    app = entry.new_series(entry.build_parser().parse_args([]))
    (warning,) = app.warnings
    assert str(config) in warning and "default_rulset" in warning


def test_cli_unhashable_system_exits_2(run_mjtui, folders, tmp_path: Path) -> None:
    path = write(tmp_path / "odd.toml", variant('system = "east-doubling"', 'system = ["x"]'))
    result = run_mjtui("--ruleset", str(path))
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert str(path) in result.stderr and "system" in result.stderr


def test_cli_rulesets_lists_and_marks_broken(run_mjtui, folders) -> None:
    write(folders["rulesets"] / "mine.toml", variant("players = 4", "players = 1"))
    write(folders["rulesets"] / "good.toml", variant('name = "Test rules"', 'name = "Good one"'))
    result = run_mjtui("rulesets")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    hp = [line for line in lines if line.startswith("hp11c ")]
    assert len(hp) == 1 and "HP-11C East doubling" in hp[0] and "BROKEN" not in hp[0]
    good = [line for line in lines if line.startswith("good ")]
    assert len(good) == 1 and "Good one" in good[0] and "BROKEN" not in good[0]
    mine = [line for line in lines if line.startswith("mine ")]
    assert len(mine) == 1
    assert "BROKEN" in mine[0] and "table.players" in mine[0]
    assert str(folders["rulesets"]) in result.stderr


def test_rules_problem_says_why_a_file_of_the_rules_would_not_be_read_back() -> None:
    from mjtui.core.files.reading import MAX_NUMBER
    from mjtui.core.rulesets.ruleset import rules_problem

    library = RulesetLibrary(paths.ruleset_folders())
    hp11c, riichi = library.get("hp11c"), library.get("riichi-tenhou")
    assert rules_problem(hp11c) is None and rules_problem(riichi) is None
    assert rules_problem(hp11c.with_start_points(MAX_NUMBER)) is None
    beyond = rules_problem(hp11c.with_start_points(MAX_NUMBER + 1))
    assert beyond is not None and "table.start_points" in beyond and "beyond" in beyond
    # riichi's oka follows the start points: it passes the bound first
    oka = rules_problem(riichi.with_start_points(300_000_000))
    assert oka is not None and "final.oka" in oka
