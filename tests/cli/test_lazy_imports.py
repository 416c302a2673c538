"""A headless command imports what it needs: no Textual, no emulator, no other system.

Each command runs in a fresh interpreter, which then reports what is in
``sys.modules``: this checks the structure that keeps start-up short
(benchmarks/cli_startup.py measures the time), never a time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjtui.cli import entry
from mjtui.core.systems import SYSTEMS, rules_type
from mjtui.core.systems.registry import Declared, Registry, declared
from mjtui.private_api import listed_choices, subparsers_of

REPO = Path(__file__).resolve().parents[2]

RUN = """
import contextlib, io, json, sys
from mjtui.cli.entry import main
out, err = io.StringIO(), io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    try:
        code = main({argv!r})
    except SystemExit as e:
        code = e.code
print(json.dumps({{"code": code, "out": out.getvalue(), "err": err.getvalue(),
                  "modules": sorted(sys.modules)}}))
"""


def python(code: str, tmp_path: Path) -> dict:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "MJTUI_CONFIG_DIR": str(tmp_path / "c"),
        "MJTUI_DATA_DIR": str(tmp_path / "d"),
    }
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def run(tmp_path: Path, *argv: str) -> dict:
    return python(RUN.format(argv=list(argv)), tmp_path)


SHIPPED = ("east-doubling", "fx602p", "mcr", "pocket", "riichi")


# What reading a ruleset file imports of a system: its rules module, and the data that
# module is made from (MCR's [fans] keys are made from its fan table, mcr/fans.py).
RULES_MODULES = ("rules", "fans")


def systems_in(modules: list[str]) -> set[str]:
    """The scoring systems whose modules (beyond their rules) were imported."""
    found = set()
    for name in modules:
        parts = name.split(".")
        if name.startswith("mjtui.systems."):
            if len(parts) == 3:
                continue  # a system package alone: its plugin declaration, nothing more
            if len(parts) == 4 and parts[3] in RULES_MODULES:
                continue  # what reading a ruleset file needs
            found.add(parts[2])
    return found


def assert_headless(modules: list[str]) -> None:
    assert not [m for m in modules if m == "textual" or m.startswith("textual.")]
    assert not [m for m in modules if m.startswith(("mjtui.ui", "mjtui.calc"))]


def test_building_the_parser_imports_no_command(tmp_path: Path) -> None:
    found = python(
        "import json, sys\nfrom mjtui.cli.entry import build_parser\n"
        "build_parser()\nprint(json.dumps({'modules': sorted(sys.modules)}))",
        tmp_path,
    )["modules"]
    assert_headless(found)
    assert systems_in(found) == set()
    assert not [m for m in found if m.startswith("mjtui.systems.")]
    assert not {f"mjtui.cli.{c}" for c in ("calc", "hand", "points", "reports", "waits")} & set(
        found
    )
    assert "mjtui.core.rulesets.ruleset" not in found and "mjtui.core.model.session" not in found


def test_help_lists_every_command_and_imports_none(tmp_path: Path) -> None:
    result = run(tmp_path, "--help")
    assert result["code"] == 0
    for name in ("rulesets", "export", "stats", "calc", "points", "hand", "waits"):
        assert f"    {name} " in result["out"]
    assert_headless(result["modules"])
    assert systems_in(result["modules"]) == set()
    assert "mjtui.cli.calc" not in result["modules"]


def test_points_imports_riichi_alone(tmp_path: Path) -> None:
    result = run(tmp_path, "points", "riichi-wrc", "--han", "3", "--fu", "30", "--ron")
    assert result["code"] == 0 and "3900" in result["out"]
    assert_headless(result["modules"])
    assert systems_in(result["modules"]) == {"riichi"}


def test_points_under_another_system_s_ruleset_loads_no_third_one(tmp_path: Path) -> None:
    result = run(tmp_path, "points", "hp11c", "--han", "3", "--fu", "30", "--ron")
    assert result["code"] == 2 and "has no `mjtui points`" in result["err"]
    assert_headless(result["modules"])
    assert systems_in(result["modules"]) == {"east_doubling"}


def test_rulesets_reads_every_file_with_the_rules_types_alone(tmp_path: Path) -> None:
    result = run(tmp_path, "rulesets")
    assert result["code"] == 0
    assert "riichi-wrc" in result["out"] and "BROKEN" not in result["out"]
    assert_headless(result["modules"])
    # every system's rules module alone
    assert systems_in(result["modules"]) == set()
    for package in ("riichi", "pocket", "fx602p", "east_doubling"):
        assert f"mjtui.systems.{package}.rules" in result["modules"]
        assert f"mjtui.systems.{package}.system" not in result["modules"]


def test_rulesets_listed_again_reads_no_unchanged_file(tmp_path: Path) -> None:
    first = run(tmp_path, "rulesets")
    again = run(tmp_path, "rulesets")
    assert again["code"] == 0 and again["out"] == first["out"]
    assert not [m for m in again["modules"] if m.startswith("mjtui.systems")]
    assert "tomllib" not in again["modules"] and "dataclasses" not in again["modules"]


def test_a_headless_command_runs_with_few_collections_and_gives_the_thresholds_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    seen = []
    monkeypatch.setattr(entry, "folders", lambda args: seen.append(gc.get_threshold()) or 0)
    before = gc.get_threshold()
    assert entry.main(["folders"]) == 0
    assert seen[0][0] == entry.HEADLESS_COLLECTION_THRESHOLD and seen[0][1:] == before[1:]
    assert gc.get_threshold() == before and gc.isenabled()


@pytest.mark.parametrize(
    "argv, system",
    [
        (("hand", "riichi-tenhou", "234m456p789s234s55z", "--riichi"), "riichi"),
        (("hand", "pocket", "19m19p19s1234567z1m", "--self-draw"), "pocket"),
        (("hand", "fx602p", "111222333", "--win", "3"), "fx602p"),
        (("waits", "riichi-tenhou", "234m456p789s2355s", "--riichi"), "riichi"),
        (("waits", "pocket", "19m19p19s1234567z"), "pocket"),
    ],
)
def test_hand_imports_the_ruleset_s_system_alone(tmp_path: Path, argv, system) -> None:
    result = run(tmp_path, *argv)
    assert result["code"] == 0, result["err"]
    assert_headless(result["modules"])
    assert systems_in(result["modules"]) == {system}


def test_a_command_named_gets_its_options_from_its_module(tmp_path: Path) -> None:
    result = run(tmp_path, "points", "riichi-wrc", "--help")
    assert result["code"] == 0 and "--han H" in result["out"] and "--honba N" in result["out"]
    result = run(tmp_path, "calc", "run", "--help")
    assert result["code"] == 0 and "--step-limit N" in result["out"]


def test_each_command_s_help_line_is_its_module_s() -> None:
    parser = entry.build_parser()
    commands = subparsers_of(parser)
    assert isinstance(commands, entry.LazySubcommands)
    listed = listed_choices(commands)
    for name in entry.COMMANDS:
        commands.load(name)
    own = listed_choices(commands)
    assert not commands.pending
    assert {n: listed[n] for n in entry.COMMANDS} == {n: own[n] for n in entry.COMMANDS}


# -------------------------------------------------------------------- the registry


def test_the_registry_names_systems_without_importing_them(tmp_path: Path) -> None:
    code = """
import json, sys
from mjtui.core.systems import SYSTEMS, rules_type
before = ("riichi" in SYSTEMS, sorted(SYSTEMS), len(SYSTEMS))
quiet = sorted(m for m in sys.modules if m.startswith("mjtui.systems"))
rules = rules_type("pocket")
riichi = SYSTEMS["riichi"]
print(json.dumps({"before": before, "quiet": quiet, "rules": rules.__module__,
                  "riichi": riichi.name, "modules": sorted(sys.modules)}))
"""
    found = python(code, tmp_path)
    assert found["before"] == [True, sorted(SHIPPED), len(SHIPPED)]
    assert found["quiet"] == []  # the names come from the entry points: nothing imported
    assert "importlib.metadata" not in found["modules"]
    assert found["rules"] == "mjtui.systems.pocket.rules"
    assert found["riichi"] == "riichi" and systems_in(found["modules"]) == {"riichi"}


def test_the_shipped_systems_are_declared_as_any_plugin_is() -> None:
    import tomllib

    points = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["entry-points"]
    ours = points["mjtui.systems"]
    assert sorted(ours) == sorted(SHIPPED)
    found = {d.name: d.value for d in declared()}
    assert {name: found[name] for name in ours} == ours  # as installed
    for name in ours:
        assert SYSTEMS.plugin(name).name == name and rules_type(name) is SYSTEMS[name].rules_type


def test_the_registry_loads_on_lookup_and_keeps_its_order() -> None:
    entries = [Declared(n, f"mjtui.systems.{n}:PLUGIN", "test") for n in ("riichi", "pocket")]
    registry = Registry(entries)
    assert registry.loaded("riichi") is None and list(registry) == ["riichi", "pocket"]
    assert registry["riichi"] is SYSTEMS["riichi"] is registry.loaded("riichi")
    assert list(registry) == ["riichi", "pocket"]  # loading one does not reorder the names
    registry.unregister("pocket")
    assert "pocket" not in registry and len(registry) == 1
    with pytest.raises(KeyError):
        registry["chess"]


def test_a_plugin_that_is_not_what_its_name_says_is_refused() -> None:
    from mjtui.core.systems.base import SystemDeclarationError

    registry = Registry([Declared("pocket", "mjtui.systems.riichi:PLUGIN", "test")])
    with pytest.raises(SystemDeclarationError, match="is not the Plugin of a system named"):
        registry["pocket"]
    assert "pocket" in registry.broken


def test_the_installed_script_exits_with_mains_status_past_the_last_collections(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc
    import tomllib

    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["mjtui"] == "mjtui.cli:run"
    import mjtui.cli

    monkeypatch.setattr(entry, "main", lambda argv: 2)
    gc.unfreeze()
    with pytest.raises(SystemExit) as ended:
        mjtui.cli.run()
    assert ended.value.code == 2
    assert gc.get_freeze_count() > 0  # the exit's collections pass over what start-up made
