"""The layering, enforced: cli above ui above calc above core.

The contracts are in pyproject.toml and import-linter checks them on every
import, direct or through other modules: the core imports nothing above it
(calc, ui, cli, the folders in mjtui.paths, the config, the libraries' internals
in mjtui.private_api, Textual); calc imports neither the folders, the config,
ui nor cli; ui does not import cli. On top of
that, importing the core, calc or the command line must not *load* Textual
(the CLI imports the app only when a screen is wanted), which only running
the imports can show.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import mjtui

REPO = Path(__file__).resolve().parents[2]
PACKAGE = Path(mjtui.__file__).parent
LINT = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def contract_names() -> list[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return [c["name"] for c in config["tool"]["importlinter"]["contracts"]]


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    """`lint-imports` run in ``root``: its pyproject.toml's contracts on its ``mjtui``."""
    return subprocess.run(
        [sys.executable, "-c", LINT, "--no-cache", "--no-logo"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_package_keeps_every_contract() -> None:
    names = contract_names()
    assert len(names) >= 4
    result = lint_imports(REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(names)} kept, 0 broken." in result.stdout


# Each contract broken once, in a package of the same shape: the contracts
# catch what they say they catch, including an import made through another module.
SKELETON = {
    "__init__.py": "",
    "paths.py": "import platformdirs\n",
    "config.py": "",
    "private_api.py": "import argparse\n",
    "core/__init__.py": "from mjtui.core import rules\n",
    "core/rules.py": "from mjtui import paths\nimport textual\nfrom mjtui.core import hands\n",
    "core/hands.py": "from mjtui.core import rules\n",  # a cycle: rules -> hands -> rules
    "systems/__init__.py": "",
    "systems/riichi.py": "import textual\nfrom mjtui.systems import pocket\n",  # a screen, a system
    "systems/pocket.py": "from mjtui import core\n",
    "systems/east_doubling.py": "",
    "systems/fx602p.py": "",
    "systems/mcr.py": "",
    "calc/__init__.py": "from mjtui.calc import pane\n",
    "calc/pane.py": "from mjtui.ui import screen\n",  # calc -> ui: a layer above
    "ui/__init__.py": "",
    "ui/screen.py": "import rich\nfrom mjtui.cli import commands\n",  # ui -> cli
    "cli/__init__.py": "",
    "cli/commands.py": "from mjtui import config, core, calc, paths, systems, ui\n",
}


def test_a_forbidden_import_breaks_the_contracts(tmp_path: Path) -> None:
    for name, text in SKELETON.items():
        path = tmp_path / "mjtui" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    for name in contract_names():
        assert f"{name} BROKEN" in result.stdout, (name, result.stdout)
    assert "mjtui.core.rules -> mjtui.paths" in result.stdout
    assert "mjtui.core.rules -> textual" in result.stdout
    assert "mjtui.calc.pane -> mjtui.ui.screen" in result.stdout
    assert "mjtui.ui.screen -> mjtui.cli.commands" in result.stdout
    assert "mjtui.systems.riichi -> textual" in result.stdout
    assert "mjtui.systems.riichi -> mjtui.systems.pocket" in result.stdout


def module_names(folder: str) -> list[str]:
    return [
        "mjtui." + ".".join(p.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
        for p in sorted((PACKAGE / folder).rglob("*.py"))
    ]


def test_importing_the_core_calc_and_the_command_loads_no_textual() -> None:
    modules = module_names("core") + module_names("calc") + module_names("cli")
    modules += ["mjtui.config", "mjtui.paths"]
    assert "mjtui.core.model.session" in modules and "mjtui.cli.tools" in modules
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "loaded = sorted(m for m in sys.modules\n"
        "                if m.split('.')[0] == 'textual' or m.split('.')[:2] == ['mjtui', 'ui'])\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
