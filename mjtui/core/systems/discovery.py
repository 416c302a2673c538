"""Which plugins are installed: the entry points of the distributions on the path.

Read from each installed distribution's ``entry_points.txt`` (an INI file of a
few lines), not through :mod:`importlib.metadata`, whose import alone costs
some 40 ms of a start-up of 250. Two groups: :data:`GROUP`, the scoring
systems (the registry loads them, registry.py), and :data:`RULESETS`, the
folders of ruleset files a plugin ships (``name = "package:folder"``), found
without importing the plugin.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import NamedTuple

GROUP = "mjtui.systems"
RULESETS = "mjtui.rulesets"
MAX_ENTRY_POINTS_BYTES = 64 * 1024  # an entry_points.txt is a few lines


class Declared(NamedTuple):
    """One entry point: its name, its value and who declared it."""

    name: str
    value: str
    distribution: str

    def __str__(self) -> str:
        return f"{self.name} = {self.value} (from {self.distribution})"


def _entry_points(text: str, group: str) -> list[tuple[str, str]]:
    """``name = value`` lines of ``[group]`` in an entry_points.txt (an INI file)."""
    found, inside = [], False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            inside = line == f"[{group}]"
            continue
        name, equals, value = line.partition("=")
        if inside and equals and name.strip() and value.strip():
            found.append((name.strip(), value.strip().split()[0]))
    return found


def _distribution(folder: str) -> str:
    """The distribution of a ``NAME-VERSION.dist-info`` folder, normalised."""
    name = folder.rsplit(".", 1)[0].split("-")[0]
    return name.replace("_", "-").replace(".", "-").lower()


def declared(group: str = GROUP, path: list[str] | None = None) -> list[Declared]:
    """Every entry point of ``group`` of the distributions on ``path`` (sys.path), each
    distribution once (the first found on the path, as Python imports it)."""
    seen: set[str] = set()
    out: list[Declared] = []
    for folder in sys.path if path is None else path:
        try:
            entries = sorted(os.scandir(folder or "."), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if not entry.name.endswith((".dist-info", ".egg-info")):
                continue
            dist = _distribution(entry.name)
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(os.path.join(entry.path, "entry_points.txt"), "rb") as f:
                    data = f.read(MAX_ENTRY_POINTS_BYTES)
            except OSError:
                continue
            text = data.decode("utf-8", "replace")
            out += [Declared(name, value, dist) for name, value in _entry_points(text, group)]
    if "mjtui" not in seen:
        out += _from_source_checkout(group)
    return out


def _from_source_checkout(group: str) -> list[Declared]:
    """mjtui run from a checkout it was never installed from: its own pyproject.toml
    declares the shipped systems (installed, the dist-info does)."""
    project = Path(__file__).resolve().parents[3] / "pyproject.toml"
    try:
        import tomllib

        data = tomllib.loads(project.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    points = data.get("project", {}).get("entry-points", {}).get(group, {})
    return [
        Declared(name, value, "mjtui (source checkout)")
        for name, value in points.items()
        if isinstance(value, str)
    ]


def ruleset_folders() -> list[Path]:
    """The folders of ruleset files the installed plugins ship (:data:`RULESETS`), found
    without importing them; one that is not there is left out."""
    folders = []
    for entry in declared(RULESETS):
        package, _, folder = entry.value.partition(":")
        try:
            spec = importlib.util.find_spec(package) if "." not in package else None
        except (ImportError, ValueError):
            continue
        places = list(spec.submodule_search_locations or []) if spec else []
        for place in places:
            path = Path(place) / folder
            if path.is_dir():
                folders.append(path)
                break
    return folders


__all__ = ["GROUP", "RULESETS", "Declared", "declared", "ruleset_folders"]
