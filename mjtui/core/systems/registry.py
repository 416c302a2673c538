"""The scoring systems installed, found through entry points and loaded on first use.

A distribution declares each of its systems under the ``mjtui.systems`` entry
point group (:data:`GROUP`), naming a :class:`Plugin`: the system's name and
where its rules type and its system object are. mjtui's own systems are
declared in its pyproject.toml like any other, so shipped and installed
systems are found the same way.

Finding them reads only the ``entry_points.txt`` of the installed
distributions (:func:`declared`), not :mod:`importlib.metadata`, whose import
alone costs some 40 ms of a start-up of 250; a system's package is imported
when the system is first asked for by name, its rules module alone when a
ruleset file is read (:func:`Registry.rules_type`). A declaration that cannot
be loaded, or a system that is not whole, is kept as broken with the reason
(:attr:`Registry.broken`): asking for it raises that reason, and the other
systems are not affected.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from mjtui.core.systems.base import AnySystem, SystemDeclarationError, check_declaration
from mjtui.core.systems.discovery import GROUP, Declared, declared


@dataclass(frozen=True)
class Plugin:
    """What an entry point of :data:`GROUP` names: importing it imports nothing else.

    ``rules`` and ``system`` are ``"package.module:attribute"`` of the system's
    rules type and of its :class:`~mjtui.core.systems.base.ScoringSystem`.
    """

    name: str
    rules: str
    system: str


def _load(path: str) -> object:
    """What ``"package.module:attribute"`` names: anything, until it is checked."""
    module, _, attribute = path.partition(":")
    target: object = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        target = getattr(target, part)
    return target


class Registry(Mapping[str, AnySystem]):
    """Name -> system; a system is loaded (and checked) the first time it is asked for.

    ``name in SYSTEMS``, ``len`` and iterating the names load nothing;
    ``SYSTEMS[name]``, ``.values()`` and ``.items()`` load what they give, and
    raise a broken system's :class:`SystemDeclarationError`.
    """

    def __init__(self, found: list[Declared] | None = None) -> None:
        self._found = found  # None: read the installed distributions when first needed
        self._declared: dict[str, Declared] | None = None
        self._plugins: dict[str, Plugin] = {}
        self._systems: dict[str, AnySystem] = {}
        self.broken: dict[str, str] = {}
        """A system that cannot be used, by name -> why."""

    def _names(self) -> dict[str, Declared]:
        if self._declared is None:
            self._declared = {}
            for entry in declared() if self._found is None else self._found:
                first = self._declared.get(entry.name)
                if first is not None:
                    self.broken[entry.name] = (
                        f"the scoring system {entry.name!r} is declared twice: by {first} "
                        f"and by {entry}"
                    )
                    continue
                self._declared[entry.name] = entry
        return self._declared

    # ------------------------------------------------------------ loading

    def plugin(self, name: str) -> Plugin:
        """The declaration of ``name`` (KeyError if none; SystemDeclarationError if broken)."""
        if name in self._plugins:
            return self._plugins[name]
        declared = self._names()[name]  # KeyError for a name nobody declares
        if name in self.broken:
            raise SystemDeclarationError(self.broken[name])
        try:
            plugin = _load(declared.value)
        except Exception as e:  # a broken plugin must never take mjtui down
            raise self._break(
                name,
                f"the scoring system {name!r} ({declared}) cannot be "
                f"loaded: {type(e).__name__}: {e}",
            ) from None
        if not isinstance(plugin, Plugin) or plugin.name != name:
            raise self._break(
                name,
                f"{declared} is not the Plugin of a system named {name!r}"
                " (mjtui.core.systems.registry.Plugin)",
            )
        self._plugins[name] = plugin
        return plugin

    def _break(self, name: str, why: str) -> SystemDeclarationError:
        self.broken[name] = why
        return SystemDeclarationError(why)

    def refresh(self) -> None:
        """Read the installed distributions again (a plugin installed meanwhile); the
        systems loaded already stay as they are."""
        self._found, self._declared = None, None
        self.broken.clear()

    def rules_type(self, name: str) -> type:
        """The rules type of ``name``, from its rules module alone (KeyError if unknown)."""
        if name in self._systems:
            return self._systems[name].rules_type
        plugin = self.plugin(name)
        try:
            rules = _load(plugin.rules)
        except Exception as e:
            raise self._break(
                name,
                f"the scoring system {name!r}: its rules {plugin.rules!r} "
                f"cannot be loaded: {type(e).__name__}: {e}",
            ) from None
        if not isinstance(rules, type):
            raise self._break(
                name, f"the scoring system {name!r}: {plugin.rules!r} is not a rules type"
            )
        return rules

    def __getitem__(self, name: str) -> AnySystem:
        if name in self._systems:
            return self._systems[name]
        plugin = self.plugin(name)
        try:
            system = _load(plugin.system)
        except Exception as e:
            raise self._break(
                name,
                f"the scoring system {name!r}: {plugin.system!r} cannot "
                f"be loaded: {type(e).__name__}: {e}",
            ) from None
        try:
            checked = check_declaration(system)
        except SystemDeclarationError as e:
            raise self._break(name, str(e)) from None
        if checked.name != name:
            raise self._break(
                name, f"{plugin.system} is the scoring system {checked.name!r}, not {name!r}"
            )
        self._systems[name] = checked
        return checked

    def loaded(self, name: str) -> AnySystem | None:
        """The system if it has been loaded already, else None (imports nothing)."""
        return self._systems.get(name)

    # ------------------------------------------------------------ the mapping

    def __contains__(self, name: object) -> bool:
        return name in self._systems or name in self._names()

    def __iter__(self) -> Iterator[str]:
        names = dict.fromkeys(self._names())
        names.update(dict.fromkeys(self._systems))
        return iter(list(names))

    def __len__(self) -> int:
        return len(list(iter(self)))

    # ------------------------------------------------------------ for tests and tools

    def register(self, system: AnySystem) -> None:
        """Make ``system`` known by its name (SystemDeclarationError if it is not whole,
        or another system has the name)."""
        check_declaration(system)
        if system.name in self and self._systems.get(system.name) is not system:
            raise SystemDeclarationError(
                f"a scoring system named {system.name!r} is registered already"
            )
        self._systems[system.name] = system

    def unregister(self, name: str) -> None:
        for known in (self._systems, self._plugins, self._names(), self.broken):
            known.pop(name, None)

    def declare(self, name: str, value: str, distribution: str = "a test") -> None:
        """Declare an entry point as an installed distribution would (for tests)."""
        self.unregister(name)
        self._names()[name] = Declared(name, value, distribution)

    def __repr__(self) -> str:
        return f"Registry({list(self)})"


__all__ = ["GROUP", "Declared", "Plugin", "Registry", "declared"]
