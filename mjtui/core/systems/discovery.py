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


def _entry_points(text: str) -> dict[str, list[tuple[str, str]]]:
    """``name = value`` lines of an entry_points.txt (an INI file), by group."""
    found: dict[str, list[tuple[str, str]]] = {}
    group: list[tuple[str, str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            group = found.setdefault(line[1:-1].strip(), []) if line.endswith("]") else None
            continue
        name, equals, value = line.partition("=")
        if group is not None and equals and name.strip() and value.strip():
            group.append((name.strip(), value.strip().split()[0]))
    return found


def _distribution(folder: str) -> str:
    """The distribution of a ``NAME-VERSION.dist-info`` folder, normalised."""
    name = folder.rsplit(".", 1)[0].split("-")[0]
    return name.replace("_", "-").replace(".", "-").lower()


class _Scan(NamedTuple):
    """Every entry point of the distributions on a path, by group, and the distributions."""

    groups: dict[str, list[Declared]]
    distributions: frozenset[str]


# The last scan, by the path's folders and their modification times: the systems' group
# and the rulesets' are both asked for at start-up, and the distributions were read for
# each (a few ms of a first frame's 220). A distribution installed or removed since
# changes its folder's time, so it is read again.
_last: tuple[tuple[tuple[str, int | None], ...], _Scan] | None = None


def _scan(folders: list[str]) -> _Scan:
    global _last
    key = tuple((folder, _modified(folder)) for folder in folders)
    if _last is not None and _last[0] == key:
        return _last[1]
    seen: set[str] = set()
    groups: dict[str, list[Declared]] = {}
    for folder in folders:
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
            for group, points in _entry_points(text).items():
                groups.setdefault(group, []).extend(
                    Declared(name, value, dist) for name, value in points
                )
    scan = _Scan(groups, frozenset(seen))
    _last = (key, scan)
    return scan


def _modified(folder: str) -> int | None:
    try:
        return os.stat(folder or ".").st_mtime_ns
    except OSError:
        return None


def declared(group: str = GROUP, path: list[str] | None = None) -> list[Declared]:
    """Every entry point of ``group`` of the distributions on ``path`` (sys.path), each
    distribution once (the first found on the path, as Python imports it)."""
    scan = _scan(list(sys.path if path is None else path))
    out = list(scan.groups.get(group, []))
    if "mjtui" not in scan.distributions:
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
