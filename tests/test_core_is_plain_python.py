"""The core must never import Textual: it is tested, replayed and scripted alone."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import mjtui

PACKAGE = Path(mjtui.__file__).parent
PLAIN = ["core", "calc"]
PLAIN_MODULES = ["mjtui.cli", "mjtui.config", "mjtui.paths"]


def is_ui(module: str) -> bool:
    return module.split(".")[0] == "textual" or module.split(".")[:2] == ["mjtui", "ui"]


def plain_files() -> list[Path]:
    return [p for folder in PLAIN for p in sorted((PACKAGE / folder).rglob("*.py"))]


def test_no_core_file_imports_textual() -> None:
    offenders = []
    for path in plain_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path}: {n}" for n in names if is_ui(n)]
    assert plain_files(), "the core folder was not found"
    assert offenders == []


def test_importing_the_core_loads_no_textual() -> None:
    modules = [
        "mjtui." + ".".join(p.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
        for p in plain_files()
    ] + PLAIN_MODULES
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "loaded = sorted(m for m in sys.modules\n"
        "                if m.split('.')[0] == 'textual' or m.split('.')[:2] == ['mjtui', 'ui'])\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
