"""The scoring systems, by the name a ruleset gives in its ``system`` key.

One registry: a system is added with :func:`register`, which refuses one that
does not declare what mjtui needs of it (see :mod:`.base`).
"""

from __future__ import annotations

from mjtui.core.systems import east_doubling, fx602p, pocket, riichi
from mjtui.core.systems.base import ScoringSystem, SystemDeclarationError, check_declaration

SYSTEMS: dict[str, ScoringSystem] = {}


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
    SYSTEMS.pop(name, None)


for _system in (east_doubling.SYSTEM, riichi.SYSTEM, fx602p.SYSTEM, pocket.SYSTEM):
    register(_system)
