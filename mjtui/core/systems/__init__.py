"""The scoring systems, by the name a ruleset gives in its ``system`` key.

One registry: a system is added with :func:`register`, which refuses one that
does not declare what mjtui needs of it (see :mod:`.base`).

The shipped systems load on first use: :data:`SYSTEMS` knows their names from
:data:`BUILTIN` and imports a system's module the first time it is asked for
by name, so a command that scores riichi hands never loads the FX-602P game.
Reading a ruleset file needs only the system's rules type (:func:`rules_type`),
which :data:`BUILTIN_RULES` names apart from the rest of the system.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import Any

from mjtui.core.systems.base import ScoringSystem, SystemDeclarationError, check_declaration

BUILTIN: dict[str, str] = {
    "east-doubling": "mjtui.core.systems.east_doubling:SYSTEM",
    "riichi": "mjtui.core.systems.riichi.system:SYSTEM",
    "fx602p": "mjtui.core.systems.fx602p.system:SYSTEM",
    "pocket": "mjtui.core.systems.pocket.system:SYSTEM",
}
"""The shipped systems: name -> ``"module:attribute"`` of the system object."""

BUILTIN_RULES: dict[str, str] = {
    "east-doubling": "mjtui.core.systems.east_doubling:Rules",
    "riichi": "mjtui.core.systems.riichi.rules:Rules",
    "fx602p": "mjtui.core.systems.fx602p.rules:Rules",
    "pocket": "mjtui.core.systems.pocket.rules:Rules",
}
"""Their rules types, importable without the rest of the system."""


def _load(path: str) -> Any:
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


class Registry(MutableMapping[str, ScoringSystem]):
    """Name -> system; a shipped system not yet asked for is imported on lookup.

    ``name in SYSTEMS``, ``len`` and iterating the names (in the order they were
    registered) load nothing; ``SYSTEMS[name]``, ``.values()`` and ``.items()``
    load what they return.
    """

    def __init__(self, pending: dict[str, str]) -> None:
        # name -> the system, or "module:attribute" until it is first asked for
        self._entries: dict[str, ScoringSystem | str] = dict(pending)

    def __getitem__(self, name: str) -> ScoringSystem:
        entry = self._entries[name]  # KeyError for a name never registered
        if isinstance(entry, str):
            try:
                system = _load(entry)
            except (ImportError, AttributeError) as e:
                raise SystemDeclarationError(
                    f"scoring system {name!r} cannot be loaded from {entry!r} ({e})") from None
            check_declaration(system)
            if system.name != name:
                raise SystemDeclarationError(f"{entry} is the scoring system {system.name!r}, "
                                             f"not {name!r}")
            self._entries[name] = entry = system
        return entry

    def __setitem__(self, name: str, system: ScoringSystem) -> None:
        self._entries[name] = system

    def __delitem__(self, name: str) -> None:
        del self._entries[name]

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    def loaded(self, name: str) -> ScoringSystem | None:
        """The system if it has been imported already, else None (imports nothing)."""
        entry = self._entries.get(name)
        return None if entry is None or isinstance(entry, str) else entry

    def __repr__(self) -> str:
        return f"Registry({list(self._entries)})"


SYSTEMS = Registry(BUILTIN)


def register(system: ScoringSystem) -> ScoringSystem:
    """Make ``system`` known by its name (SystemDeclarationError if it is not whole)."""
    check_declaration(system)
    if system.name in SYSTEMS and SYSTEMS[system.name] is not system:
        raise SystemDeclarationError(f"a scoring system named {system.name!r} is registered "
                                     "already")
    SYSTEMS[system.name] = system
    return system


def unregister(name: str) -> None:
    """Forget a system (for tests and plugins that load one for a while)."""
    if name in SYSTEMS:
        del SYSTEMS[name]


def check_systems() -> None:
    """Load every registered system: MjtuiError naming the first that is broken."""
    for name in list(SYSTEMS):
        SYSTEMS[name]  # SystemDeclarationError (a MjtuiError) names what is wrong


def rules_type(name: str) -> type:
    """The rules type of the system ``name`` (KeyError if none is registered by it).

    A shipped system not loaded yet gives it from its rules module alone, so
    reading a ruleset's file does not import the system's fold, events and tables.
    """
    system = SYSTEMS.loaded(name)
    if system is not None:
        return system.rules_type
    if name in SYSTEMS and name in BUILTIN_RULES:
        return _load(BUILTIN_RULES[name])
    return SYSTEMS[name].rules_type
