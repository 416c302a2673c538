"""Rulesets: TOML files read strictly into a scoring system's rules.

A ruleset's id is its file name without ``.toml``. Rulesets are looked up in
a list of folders (the shipped ones first, the user's after), so a user's
file of the same name takes the shipped one's place.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjtui.core.errors import NoSuchRuleset, RulesetError
from mjtui.core.files.reading import number_problem, read_toml
from mjtui.core.language import _
from mjtui.core.rulesets.folders import ruleset_files
from mjtui.core.rulesets.schema import SchemaError, read_struct, to_table
from mjtui.core.systems import SYSTEMS, rules_type
from mjtui.core.systems.base import AnySystem, RulesHeader


@dataclass(frozen=True)
class Ruleset:
    id: str
    origin: str  # where the rules were read, for messages
    rules: RulesHeader  # the system's own rules, whose header says which system it is

    @property
    def system(self) -> AnySystem:
        return SYSTEMS[self.rules.system]

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def players(self) -> int:
        return self.system.players(self.rules)

    @property
    def start_points(self) -> int:
        return self.system.start_points(self.rules)

    def with_start_points(self, points: int) -> Ruleset:
        return Ruleset(self.id, self.origin, self.system.with_start_points(self.rules, points))

    def table(self) -> dict[str, Any]:
        """The full rules as a TOML table, as a session file keeps them."""
        return to_table(self.rules)


def rules_from_table(data: dict[str, Any], origin: str, prefix: str = "") -> RulesHeader:
    """Read a ruleset table; errors name ``origin`` and the key (under ``prefix``).

    Only the system's rules type is imported (the system itself loads when a
    session or a command first asks for it), so listing every ruleset loads no
    system's fold.
    """
    known = ", ".join(repr(s) for s in SYSTEMS)
    system = data.get("system")
    if system is None:
        raise RulesetError(
            f"{origin}: "
            + _("key '{key}': missing; expected one of {known}").format(
                key=f"{prefix}system", known=known
            )
        )
    if not isinstance(system, str) or system not in SYSTEMS:
        raise RulesetError(
            f"{origin}: "
            + _("key '{key}': expected one of {known}, got {value}").format(
                key=f"{prefix}system", known=known, value=repr(system)
            )
        )
    try:
        return read_struct(rules_type(system), data, prefix)
    except SchemaError as e:
        raise RulesetError(f"{origin}: {e}") from None


def rules_problem(ruleset: Ruleset) -> str | None:
    """Why a file holding ``ruleset``'s rules (a session's ``[rules]``) would not be read
    back, or None: a number beyond the reader's bound, a value the strict reader
    refuses. Rules changed in the app (the new-series form's start points, which
    riichi's oka follows) are asked before a series is played under them, so that
    no series starts that could not be saved."""
    table = ruleset.table()
    problem = number_problem(table)  # the reader's own checks, in the reader's order
    if problem:
        return problem
    try:
        rules_from_table(table, ruleset.origin)
    except RulesetError as e:
        return str(e)
    return None


MAX_ID_LENGTH = 100
"""The longest ruleset id: a file name (with ``.toml``) stays well within every system's limit."""


def check_ruleset_id(rid: str) -> None:
    """Refuse an id that is not a plain name: ids name files in the ruleset folders, so an id
    read from a file must never reach outside them (``/dev/zero``, ``../x``) or be too long
    to be a file name."""
    if not rid:
        raise RulesetError(_("a ruleset id cannot be empty"))
    if len(rid) > MAX_ID_LENGTH:
        raise RulesetError(
            _(
                "a ruleset id is a name of at most {max_id_length} characters, got one of {n}"
            ).format(max_id_length=MAX_ID_LENGTH, n=len(rid))
        )
    if "/" in rid or "\\" in rid or rid.startswith(".") or rid.endswith(".toml"):
        raise RulesetError(
            _("a ruleset id is a name such as 'riichi-wrc', not a path: {rid}").format(
                rid=repr(rid)
            )
        )
    if any(not c.isprintable() for c in rid):
        raise RulesetError(
            _("a ruleset id is a name of printable characters, got {rid}").format(rid=repr(rid))
        )


def load_ruleset(path: Path) -> Ruleset:
    data = read_toml(path, RulesetError)
    return Ruleset(id=path.stem, origin=str(path), rules=rules_from_table(data, str(path)))


@dataclass(frozen=True)
class Entry:
    """A ruleset file found in a folder: its rules, or why they could not be read."""

    id: str
    path: Path
    ruleset: Ruleset | None
    error: str | None


class RulesetLibrary:
    def __init__(self, folders: list[Path]) -> None:
        self.folders = folders

    def entries(self) -> list[Entry]:
        """One entry per id, the last folder winning, sorted by id."""
        entries = []
        for rid, path in ruleset_files(self.folders).items():
            try:
                entries.append(Entry(rid, path, load_ruleset(path), None))
            except RulesetError as e:
                entries.append(Entry(rid, path, None, str(e)))
        return entries

    def get(self, name_or_path: str) -> Ruleset:
        """A ruleset by id, or by path when the argument names a file.

        Only for what the user typed (``--ruleset``, the config file): an id read
        from a session goes through :meth:`named`.
        """
        if "/" in name_or_path or name_or_path.endswith(".toml"):
            return load_ruleset(Path(name_or_path).expanduser())
        return self.named(name_or_path)

    def named(self, rid: str) -> Ruleset:
        """A ruleset by id only, from the folders; never a path."""
        check_ruleset_id(rid)
        for folder in reversed(self.folders):
            path = folder / f"{rid}.toml"
            try:
                found = path.is_file()
            except OSError as e:
                raise RulesetError(
                    _("{file}: cannot read it ({why})").format(file=path, why=e.strerror or e)
                ) from None
            if found:
                return load_ruleset(path)
        known = ", ".join(e.id for e in self.entries()) or _("none")
        raise NoSuchRuleset(
            _("no ruleset named {id} (known: {known})").format(id=repr(rid), known=known)
        )
