"""What a scoring system is, and the systems installed (the plugin interface).

* :mod:`.base`: :class:`~.base.ScoringSystem`, the typed base a system subclasses;
* :mod:`.fields`: the rows of a system's hand form and what a reading of them gives;
* :mod:`.tools`: a system's headless commands (`mjtui hand`, `mjtui points`);
* :mod:`.discovery`: the installed plugins' entry points, read without importing them;
* :mod:`.registry`: the systems found through them, each loaded when first asked for.

:data:`SYSTEMS` is every installed system by name; :func:`rules_type` gives a
system's rules type without the rest. They are made on first use (this package
imports nothing until then): finding the plugins' ruleset folders needs only
:mod:`.discovery`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mjtui.core.systems.base import AnySystem
    from mjtui.core.systems.registry import Registry

    SYSTEMS: Registry


def __getattr__(name: str) -> Registry:
    if name == "SYSTEMS":
        from mjtui.core.systems.registry import Registry

        registry = globals()["SYSTEMS"] = Registry()
        return registry
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register(system: AnySystem) -> AnySystem:
    """Make ``system`` known by its name (SystemDeclarationError if it is not whole):
    for tests and tools; an installed package declares an entry point instead."""
    _systems().register(system)
    return system


def unregister(name: str) -> None:
    """Forget a system (for tests that load one for a while)."""
    _systems().unregister(name)


def rules_type(name: str) -> type:
    """The rules type of the system ``name`` (KeyError if none is installed by it; a
    SystemDeclarationError naming what is wrong with a broken one)."""
    return _systems().rules_type(name)


def check_systems() -> None:
    """Load every installed system: SystemDeclarationError (a MjtuiError) naming the
    first that is broken."""
    systems = _systems()
    for name in list(systems):
        systems[name]


def _systems() -> Registry:
    found: Registry = globals().get("SYSTEMS") or __getattr__("SYSTEMS")
    return found


__all__ = ["SYSTEMS", "check_systems", "register", "rules_type", "unregister"]
