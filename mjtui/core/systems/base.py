"""What every scoring system provides, so sessions, files and screens stay system-blind.

A system is one object (its package's ``SYSTEM``) registered by name in
:mod:`mjtui.core.systems`. Besides the fold it declares, rather than lets
callers probe for, what the rest of mjtui needs of it: its hand form and its
``mjtui hand`` scorer by module path (so the core imports neither the UI nor
the CLI), whether hands can be drawn, its final standings and calculator
program where it has them. docs/adding-a-system.md walks through one.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol, runtime_checkable

from mjtui.core.errors import MjtuiError

WINDS = ("East", "South", "West", "North")


@dataclasses.dataclass(frozen=True, kw_only=True)
class RulesHeader:
    """The keys at the top of every ruleset file."""

    name: str = dataclasses.field(metadata={"doc": "the name shown in menus"})
    system: str = dataclasses.field(metadata={"doc": "which scoring system reads the rest"})
    description: str = dataclasses.field(default="", metadata={"doc": "a line or two for the menu"})


@runtime_checkable
class TableState(Protocol):
    """What the screens read of every system's state (the table before the next hand)."""

    totals: tuple[int, ...]
    hands: int  # hands folded so far
    last_change: tuple[int, ...] | None  # each seat's change in the last hand

    @property
    def east(self) -> int:
        """The 0-based seat that deals (is East) in the next hand."""
        ...

    @property
    def finished(self) -> bool:
        """Whether the series is over: no hand may be added."""
        ...

    @property
    def round_label(self) -> str:
        """What the table calls the next hand: "East 3", "South round", "Hand 12"."""
        ...

    def wind(self, seat: int) -> str: ...


@runtime_checkable
class ScoringSystem(Protocol):
    """A scoring system folds hand events into table state under its rules."""

    name: str
    rules_type: type
    scorer: str | None
    """The ``mjtui hand`` scorer module (add_arguments, score, describe), or None."""
    draws: bool
    """Whether a hand can end drawn (the sheet's 0 key)."""
    emulator: str | None
    """The calculator its pane runs ("hp11c", keyed with every hand; "fx602p"), or None."""
    export_columns: str | None
    """Its own columns in exports, ``"package.module:OBJECT"`` (a :class:`HandColumns`),
    or None for the winners alone (docs/export.md)."""

    def players(self, rules: Any) -> int: ...

    def start_points(self, rules: Any) -> int: ...

    def with_start_points(self, rules: Any, points: int) -> Any: ...

    def start(self, rules: Any) -> Any: ...

    def apply(self, rules: Any, state: Any, hand: Any) -> Any: ...

    def check(self, rules: Any, hand: Any) -> None: ...

    def check_in_play(self, rules: Any, state: Any, hand: Any) -> None:
        """:meth:`check`, and what the table in ``state`` (before ``hand``) forbids: a
        hand after the end, a riichi without the points... HandError says why. A
        system without such rules checks the hand alone. Sessions call this one."""
        ...

    def check_at_table(self, rules: Any, state: Any, hand: Any) -> None:
        """What :meth:`check_in_play` adds to :meth:`check`, for a hand ``check`` has
        accepted already (one read from a file, one later in the series when an
        earlier hand is edited): each hand is checked once."""
        ...

    def hand_from_record(self, rules: Any, record: dict[str, Any]) -> Any: ...

    def hand_to_record(self, hand: Any) -> dict[str, Any]: ...

    def replay_fields(self, state: Any) -> dict[str, Any]: ...

    # Words for the screens, so they need not know the system's events.

    def describe_hand(self, hand: Any, players: tuple[str, ...]) -> str:
        """A few words on what happened in a hand, e.g. "Chen won" or "draw"."""
        ...

    def winners(self, hand: Any) -> tuple[int, ...]:
        """The seats that won the hand (none for a draw)."""
        ...

    def hand_scores(self, hand: Any) -> tuple[int, ...] | None:
        """What each seat scored in the hand, shown beside its change; None if nothing."""
        ...

    def describe_state(self, state: Any, players: tuple[str, ...]) -> str:
        """The table before the next hand in a line: hand or round, dealer, sticks..."""
        ...

    def hand_title(self, state: Any, players: tuple[str, ...]) -> str:
        """The heading of the form for the next hand, e.g. "Hand 3 · East: Chen"."""
        ...

    def entry(self, rules: Any, before: Any, players: tuple[str, ...], hand: Any | None = None,
              winner: int | None = None) -> Any:
        """The hand form's model (a :class:`~mjtui.core.systems.fields.FormModel`): a new
        hand opened by the sheet's key (``winner``; None for a draw) or ``hand`` to edit."""
        ...

    # What a system may have; None where it has not.

    def standings(self, rules: Any, state: Any) -> tuple[Any, ...] | None:
        """The final standings (ranks, uma...), or None where the totals are the result."""
        ...

    def calculator_program(self, rules: Any) -> str | None:
        """The HP-11C program that follows the sheet, or None."""
        ...


@dataclasses.dataclass(frozen=True)
class HandColumns:
    """A system's own columns in exports: what each hand was, in the system's terms.

    ``fields`` are the JSON keys and the CSV columns, in order. ``cells(rules,
    before, hand)`` gives their values for one hand (``before`` is the state the
    hand was played in): numbers, words, None (nothing to say), or lists (one
    per winner, say). A field in ``seats`` holds 1-based seats (a seat, a list
    of seats or None): JSON keeps the numbers, CSV and Markdown write the names.
    A field in ``per_seat`` holds one value per seat: CSV writes one column per
    player, "NAME field".
    """

    fields: tuple[str, ...]
    cells: Any  # Callable[[rules, before_state, hand], dict[str, Any]]
    seats: frozenset[str] = frozenset()
    per_seat: frozenset[str] = frozenset()
    docs: tuple[tuple[str, str], ...] = ()  # (field, meaning), for docs and --help


class SystemDeclarationError(MjtuiError):
    """A scoring system that does not declare what mjtui needs of it."""


MEMBERS = tuple(sorted(set(ScoringSystem.__annotations__) | {
    n for n, v in vars(ScoringSystem).items() if callable(v) and not n.startswith("_")}))


def check_declaration(system: object) -> None:
    """Raise SystemDeclarationError unless ``system`` declares every member, well formed."""
    name = getattr(system, "name", None)
    if not isinstance(name, str) or not name:
        raise SystemDeclarationError(f"{system!r}: a scoring system needs a name")
    missing = [m for m in MEMBERS if not hasattr(system, m)]
    if missing:
        raise SystemDeclarationError(
            f"scoring system {name!r} does not declare {', '.join(sorted(missing))}")
    scorer = system.scorer  # type: ignore[attr-defined]
    if scorer is not None and (not isinstance(scorer, str) or not scorer):
        raise SystemDeclarationError(
            f"scoring system {name!r}: scorer must be a module path or None, got {scorer!r}")
    columns = system.export_columns  # type: ignore[attr-defined]
    if columns is not None and (not isinstance(columns, str) or columns.count(":") != 1
                                or not all(columns.split(":"))):
        raise SystemDeclarationError(
            f"scoring system {name!r}: export_columns must be 'package.module:OBJECT' or "
            f"None, got {columns!r}")
