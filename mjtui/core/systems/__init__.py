"""What a scoring system is, and the systems installed (the plugin interface).

* :mod:`.base`: :class:`~.base.ScoringSystem`, the typed base a system subclasses;
* :mod:`.fields`: the rows of a system's hand form and what a reading of them gives;
* :mod:`.tools`: a system's headless commands (`mjtui hand`, `mjtui points`);
* :mod:`.registry`: the systems found through the ``mjtui.systems`` entry points.

:data:`SYSTEMS` is every installed system by name, each loaded the first time it
is asked for; :func:`rules_type` gives a system's rules type without the rest.
"""

from __future__ import annotations

from typing import Any

from mjtui.core.systems.base import ScoringSystem
from mjtui.core.systems.registry import Registry

SYSTEMS = Registry()


def register(system: ScoringSystem[Any, Any, Any]) -> ScoringSystem[Any, Any, Any]:
    """Make ``system`` known by its name (SystemDeclarationError if it is not whole):
    for tests and tools; an installed package declares an entry point instead."""
    SYSTEMS.register(system)
    return system


def unregister(name: str) -> None:
    """Forget a system (for tests that load one for a while)."""
    SYSTEMS.unregister(name)


def rules_type(name: str) -> type:
    """The rules type of the system ``name`` (KeyError if none is installed by it; a
    SystemDeclarationError naming what is wrong with a broken one)."""
    return SYSTEMS.rules_type(name)


def check_systems() -> None:
    """Load every installed system: SystemDeclarationError (a MjtuiError) naming the
    first that is broken."""
    for name in list(SYSTEMS):
        SYSTEMS[name]


__all__ = ["SYSTEMS", "check_systems", "register", "rules_type", "unregister"]
