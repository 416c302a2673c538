"""A system package whose names load on first use.

A system package (``riichi``, ``pocket``, ``fx602p``) keeps its names, among
them ``SYSTEM``, in its ``system`` module. Its ``__init__`` calls
:func:`lazy_package`, so ``import mjtui.core.systems.riichi.rules`` (all that
reading a ruleset file needs) runs none of the rest, while
``from mjtui.core.systems.riichi import SYSTEM, payment`` works as before: the
first name asked of the package imports its ``system`` module and copies that
module's names in.

A submodule imported before that never hides a name of the same spelling
(``fx602p.evaluate`` is the function, ``pocket.payments`` too), as when the
package imported everything at once.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any


class _LazyPackage(ModuleType):
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name != "__all__":  # probes (__wrapped__) load nothing
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        if not self.__dict__["_names_loaded"]:
            self._load_names()
            if name in self.__dict__:
                return self.__dict__[name]
        submodule = sys.modules.get(f"{self.__name__}.{name}")
        if submodule is not None:
            return submodule
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        # The import system binds each submodule on its package as it loads;
        # before the names are in, a submodule that shares a name's spelling is
        # not bound, so that name still comes from __getattr__.
        if (not self.__dict__["_names_loaded"] and name in self.__dict__["_shadowed"]
                and isinstance(value, ModuleType)):
            return
        super().__setattr__(name, value)

    def _load_names(self) -> None:
        self.__dict__["_names_loaded"] = True
        try:
            names = importlib.import_module(f"{self.__name__}.system")
        except BaseException:
            self.__dict__["_names_loaded"] = False
            raise
        self.__dict__.update({k: v for k, v in vars(names).items()
                              if not k.startswith("__") or k == "__all__"})


def lazy_package(name: str, shadowed: frozenset[str] = frozenset()) -> None:
    """Make the package ``name`` (its ``__init__`` calls this) lend its ``system``
    module's names on first use; ``shadowed``: its submodules named like one of
    those names (tests/test_lazy_imports.py checks the list is whole)."""
    package = sys.modules[name]
    package.__dict__["_names_loaded"] = False
    package.__dict__["_shadowed"] = shadowed
    package.__class__ = _LazyPackage
