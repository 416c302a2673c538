"""What a system's capabilities (core/systems/base.py) answer with: its export columns and
their values, example hands, importers and what an import gives, the sections of its rules
reference, how a tournament ranks its players.

A system's methods make them when they are asked for (an export, the fuzz test, `mjtui
import`, the rules screen, a tournament), never at start-up: base.py and the systems name
them in their annotations alone. Made with base.py as every start-up loaded it, the five
frozen dataclasses here then took 20 M instructions of a first frame of 1,260 M.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, Protocol, TypeVar

# A system's rules, state and hand, and a game record an importer reads (base.py's own).
R = TypeVar("R")
S = TypeVar("S")
H = TypeVar("H")
D = TypeVar("D")

Cell = int | float | str | bool | Sequence[int | str | Sequence[str] | None] | None
"""A value of an export column: a number, words, a list (one per winner, say: of
numbers, None where one has none, words or lists of words) or None (nothing to say)."""


class Imported(Protocol):
    """What an import gives: the session and what the import found on the way."""

    @property
    def session(self) -> Any:
        """The :class:`~mjtui.core.model.session.Session` made (not named here: this
        module loads none of mjtui's)."""
        ...

    @property
    def lines(self) -> Sequence[str]:
        """What was adapted and what differs."""
        ...

    @property
    def summary(self) -> str: ...

    @property
    def exact(self) -> bool:
        """Every hand reproduced."""
        ...


@dataclass(frozen=True)
class HandColumns(Generic[R, S, H]):
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
    cells: Callable[[R, S, H], dict[str, Cell]]
    seats: frozenset[str] = frozenset()
    per_seat: frozenset[str] = frozenset()
    docs: tuple[tuple[str, str], ...] = ()  # (field, meaning), for docs and --help


@dataclass(frozen=True)
class Examples:
    """Hands of every kind a system takes, for the fuzz test and the docs.

    ``records`` are hands as the session file spells them; ``hand_args`` and
    ``points_args`` the `mjtui hand RULESET ...` and `mjtui points RULESET ...`
    arguments of one hand (empty: the system has no such command). A ruleset
    that refuses a record simply goes without it.
    """

    records: tuple[Mapping[str, Any], ...]
    hand_args: tuple[str, ...] = ()
    points_args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Importer(Generic[D]):
    """A game-record format a system reads (`mjtui import NAME LOG`).

    ``read(path)`` gives the record (a MjtuiError naming the file or the part at
    fault); ``ruleset(record)`` the id of the ruleset to score it with when the
    user names none (by its players, say); ``convert(record, ruleset)`` the
    import (``ruleset`` is a :class:`~mjtui.core.rulesets.ruleset.Ruleset`, which
    imports this module and so is not named here).
    """

    help: str
    read: Callable[[Path], D]
    ruleset: Callable[[D], str]
    convert: Callable[[D, Any], Imported]


@dataclass(frozen=True)
class Section:
    """One part of a rules reference: a heading and its lines."""

    title: str
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class FixedResult:
    """A game's result the rules fix, in the system's points: what it counts in the
    player's total (``score``) and in his raw (``raw``). Both are declared because
    only the system knows which part of its result is the raw: riichi's fixed points
    are, its fixed uma is not (EMA: -15000 and -15000, a score of -30000 and a raw of
    -15000, the EMA report's Score)."""

    score: int
    raw: int


@dataclass(frozen=True)
class Ranking:
    """How a tournament of the system ranks its players (core/tournament/standings.py).

    A player's total is the sum of his games' ``score`` (the final standings' own,
    else the net points) and his raw the sum of their net points. ``unit`` is the
    system's points in one of the total (riichi's 1000: a penalty of 2000 takes 2.0
    off). ``then`` are tiebreaks (names of the tournament's, "raw": the greater raw)
    tried on equal totals before the tournament's own. ``penalties`` says what a
    director's penalty comes off: the ``total``, or the ``raw`` where the total
    is table points that only places earn. ``substitute`` is the fixed result of a
    game a substitute played in a player's seat, counted in place of the seat's in
    both sums (None: the seat's own result counts). ``total`` and ``raw`` are the
    two sums' names on the screens and in files.
    """

    unit: int = 1
    substitute: FixedResult | None = None
    then: tuple[str, ...] = ()
    penalties: Literal["total", "raw"] = "total"
    total: str = "Total"
    raw: str = "Points"


__all__ = [
    "Cell",
    "Examples",
    "FixedResult",
    "HandColumns",
    "Imported",
    "Importer",
    "Ranking",
    "Section",
]
