"""What a scoring system is: one typed base class whose defaults a system overrides.

A system folds hand events into table state under its rules. It subclasses
:class:`ScoringSystem` with its own rules, state and hand types and writes
only what is its own: the fold, the checks, the session-file record, a few
words for the screens and its hand form (:meth:`ScoringSystem.entry`, rows
declared in :mod:`mjtui.core.systems.fields`). What most systems share has a
default here (the ``table.*`` keys, the checks in play, the replay fields,
the status line), and what a system may have is a capability that answers
None (or nothing) until a system says otherwise: final standings, a
calculator program, export columns and formats, a rules reference, example
hands for the fuzz test, `mjtui hand`, `mjtui points` and `mjtui waits`,
importers, a game to play. The code that needs a capability asks the system for it;
shared code never names a system.

:func:`check_declaration` runs when a system is registered: a system that
lacks a member, or whose state type lacks what the screens read of a state
(:class:`TableState`), is refused with what is missing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    Protocol,
    TypeVar,
    cast,
    runtime_checkable,
)

from mjtui.core.errors import HandError, MjtuiError
from mjtui.core.language import package_of, say_in
from mjtui.core.systems.winds import WINDS

if TYPE_CHECKING:  # what a system's form, tools and capabilities are: their modules load with them
    from mjtui.core.systems.capabilities import Examples, HandColumns, Importer, Ranking, Section
    from mjtui.core.systems.fields import FormModel
    from mjtui.core.systems.tools import Tool


@dataclasses.dataclass(frozen=True, kw_only=True)
class RulesHeader:
    """The keys at the top of every ruleset file."""

    name: str = dataclasses.field(metadata={"doc": "the name shown in menus"})
    system: str = dataclasses.field(metadata={"doc": "which scoring system reads the rest"})
    description: str = dataclasses.field(default="", metadata={"doc": "a line or two for the menu"})

    # A shipped ruleset's name and description are said by its system's catalog, whose
    # message is the English the file gives: a user's copy renamed is shown as it is
    # named, in any language, and never under the name of the file it was copied from.
    def name_said(self) -> str:
        """The name in the language spoken, as the system's catalog says it; the file's."""
        return say_in(package_of(self), self.name)

    def description_said(self) -> str:
        """The description in the language spoken, as the system's catalog says it."""
        return say_in(package_of(self), self.description) if self.description else ""


@runtime_checkable
class TableState(Protocol):
    """What the screens read of every system's state (the table before the next hand)."""

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def hands(self) -> int:
        """Hands folded so far."""
        ...

    @property
    def last_change(self) -> tuple[int, ...] | None:
        """Each seat's change in the last hand."""
        ...

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


STATE_MEMBERS = ("totals", "hands", "last_change", "east", "finished", "round_label", "wind")
"""What :class:`TableState` asks of a state: checked on the state type at registration."""


class TableKeys(Protocol):
    """The ``[table]`` keys the defaults read (a system whose rules have no such
    table overrides :meth:`ScoringSystem.start_points` and its kin): a dataclass."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def players(self) -> int: ...

    @property
    def start_points(self) -> int: ...


class WithTable(Protocol):
    """Rules with a ``[table]``: a dataclass too."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def table(self) -> TableKeys: ...


def _table(rules: RulesHeader) -> TableKeys:
    """The rules' ``[table]``, which the defaults take there to be (a system whose rules
    have none overrides them)."""
    return cast(WithTable, rules).table


R = TypeVar("R", bound=RulesHeader)
"""A system's rules: the ruleset file read into its frozen dataclass."""
S = TypeVar("S", bound=TableState)
"""A system's table state: what the screens read of it is :class:`TableState`."""
H = TypeVar("H")
"""A system's hand: what happened at the table in one hand, its own type."""
D = TypeVar("D")
"""A game record an importer reads, as its ``read`` gives it."""


class Placing(Protocol):
    """One place of a system's final standings: a dataclass with at least these (the
    exports write its other fields as they are: uma, oka, a penalty, the score).

    The standings screen shows every other field, in order, after the rank and the
    player, by its metadata: ``title`` its column's title (said from the system's
    catalog, else the interface's; else the field's name); ``shown`` how a value is
    written: ``"points"`` a total as the sheet writes it (25,000), ``"score"`` signed to
    one decimal (+15.0), ``"final"`` the same in bold and coloured by its sign, else as
    it reads (4, 1.5); ``narrow``: ``"drop-if-zero"`` leaves the column out on a screen
    narrower than 80 columns where every player's value is 0."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def rank(self) -> int:
        """1 first; tied players share a rank."""
        ...

    @property
    def seat(self) -> int:
        """The 0-based seat."""
        ...


class ScoringSystem(Generic[R, S, H]):
    """A scoring system: its rules ``R``, its table state ``S`` and its hand ``H``.

    A subclass sets :attr:`name`, :attr:`rules_type` and :attr:`state_type`
    and writes the members marked *its own* below; everything else has a
    default that holds for most systems.
    """

    name: ClassVar[str]
    """The ruleset's ``system`` key."""
    rules_type: ClassVar[type[RulesHeader]]
    state_type: ClassVar[type]
    seats: ClassVar[int | None] = None
    """The players at every table of the system; None: the ruleset's ``table.players``."""
    draws: ClassVar[bool] = True
    """Whether a hand can end drawn (the sheet's 0 key)."""
    emulator: ClassVar[str | None] = None
    """The calculator its pane runs ("hp11c", keyed with every hand; "fx602p"), or None."""

    # ------------------------------------------------------------ the table

    def players(self, rules: R) -> int:
        if self.seats is not None:
            return self.seats
        return _table(rules).players

    def start_points(self, rules: R) -> int:
        return _table(rules).start_points

    def with_start_points(self, rules: R, points: int) -> R:
        """The rules with other start points (the new-series form's field)."""
        with_table = cast(WithTable, rules)
        table = replace(with_table.table, start_points=points)
        return cast(R, replace(with_table, table=table))

    # ------------------------------------------------------------ the fold (its own)

    def start(self, rules: R) -> S:
        raise NotImplementedError

    def apply(self, rules: R, state: S, hand: H) -> S:
        raise NotImplementedError

    def check(self, rules: R, hand: H) -> None:
        """What the rules refuse in ``hand`` on its own: HandError says why."""
        raise NotImplementedError

    def check_at_table(self, rules: R, state: S, hand: H) -> None:
        """What the table in ``state`` (before ``hand``) forbids beyond :meth:`check`:
        a hand after the end, a riichi without the points. A hand :meth:`check`
        accepted already is checked with this alone (one read from a file, one later
        in the series when an earlier hand is edited)."""

    def check_in_play(self, rules: R, state: S, hand: H) -> None:
        """:meth:`check` and :meth:`check_at_table`: what sessions call on every hand."""
        self.check(rules, hand)
        self.check_at_table(rules, state, hand)

    def fold(self, rules: R, state: S, hands: Sequence[H]) -> list[S]:
        """The table after each of ``hands`` in turn, from ``state``: :meth:`apply` hand
        after hand. A system may fold a long series more quickly on its own (a resume
        folds every hand of the file), with the same states."""
        apply, states = self.apply, []
        for hand in hands:
            state = apply(rules, state, hand)
            states.append(state)
        return states

    def checks_at_table(self) -> bool:
        """Whether :meth:`check_at_table` can refuse a hand: False for a system that leaves
        it as it is here, whose hands that passed :meth:`check` the table always takes."""
        return type(self).check_at_table is not ScoringSystem.check_at_table

    # ------------------------------------------------------------ the file (its own)

    def hand_from_record(self, rules: R, record: dict[str, Any]) -> H:
        """A hand of the session file (HandError naming the key at fault)."""
        raise NotImplementedError

    def hands_from_records(
        self, rules: R, records: Sequence[dict[str, Any]]
    ) -> tuple[list[H], list[tuple[int, HandError]]]:
        """The hands of ``records`` in order, those :meth:`hand_from_record` reads, and
        the refused ones' places in ``records`` with why. A system may read the usual
        record more quickly on its own (a resume reads every hand of the file), with
        the same hands and the same refusals."""
        from_record = self.hand_from_record
        hands: list[H] = []
        refused: list[tuple[int, HandError]] = []
        for i, record in enumerate(records):
            try:
                hands.append(from_record(rules, record))
            except HandError as e:
                refused.append((i, e))
        return hands, refused

    def hand_to_record(self, hand: H) -> dict[str, Any]:
        raise NotImplementedError

    def replay_fields(self, state: S) -> dict[str, Any]:
        """The table after a hand in `mjtui replay --json` (``totals`` first: exports
        read it)."""
        return {
            "totals": list(state.totals),
            "east": state.east + 1,
            "round": state.round_label,
            "finished": state.finished,
        }

    # ------------------------------------------------------------ words for the screens

    def describe_hand(self, hand: H, players: tuple[str, ...]) -> str:
        """A few words on what happened in a hand, e.g. "Chen won" or "draw" (its own)."""
        raise NotImplementedError

    def winners(self, hand: H) -> tuple[int, ...]:
        """The seats that won the hand (none for a draw) (its own)."""
        raise NotImplementedError

    def hand_scores(self, hand: H) -> tuple[int, ...] | None:
        """What each seat scored in the hand, shown beside its change; None if nothing."""
        return None

    def round_said(self, state: S) -> str:
        """The next hand as the language spoken names it ("東1局", "南2", "第3局") for
        exports and the board; ``round_label`` is the records' English."""
        return state.round_label

    def describe_state(self, state: S, players: tuple[str, ...]) -> str:
        """The table before the next hand in a line: hand or round, dealer, sticks..."""
        return f"{state.round_label} · East: {players[state.east]}"

    def hand_title(self, state: S, players: tuple[str, ...]) -> str:
        """The heading of the form for the next hand, e.g. "Hand 3 · East: Chen"."""
        return f"Hand {state.hands + 1} · {state.round_label} · East: {players[state.east]}"

    # ------------------------------------------------------------ the hand form (its own)

    def entry(
        self,
        rules: R,
        before: S,
        players: tuple[str, ...],
        hand: H | None = None,
        winner: int | None = None,
    ) -> FormModel[H]:
        """The hand form's model: a new hand opened by the sheet's key (``winner``;
        None for a draw) or ``hand`` to edit."""
        raise NotImplementedError

    # ------------------------------------------------------------ capabilities

    def standings(self, rules: R, state: S) -> Sequence[Placing] | None:
        """The final standings (ranks, uma...), or None where the totals are the result."""
        return None

    def standings_note(self, rules: R, state: S) -> str:
        """A line under the standings saying how they were reckoned (the target, the uma,
        the deposits left); none by default."""
        return ""

    def ranking(self, rules: R) -> Ranking:
        """How a tournament ranks players by their games (:class:`Ranking`)."""
        from mjtui.core.systems.capabilities import Ranking

        return Ranking()

    def sheet_lines(self, rules: R, state: S, players: tuple[str, ...]) -> tuple[str, ...]:
        """Lines the score sheet shows under its status line for the table in ``state``
        (what each player behind needs, say); none by default."""
        return ()

    def calculator_program(self, rules: R) -> str | None:
        """The HP-11C program that follows the sheet, or None."""
        return None

    def export_columns(self) -> HandColumns[R, S, H] | None:
        """Its own columns in exports, or None for the winners alone (docs/export.md)."""
        return None

    def export_formats(self) -> Mapping[str, Callable[..., str]]:
        """Export formats only this system's sessions have (name -> the writer, which
        takes the session and its states)."""
        return {}

    def reference(self, rules: R) -> list[Section] | None:
        """The rules reference in the system's own words; None: a list of the keys."""
        return None

    def examples(self) -> Examples:
        """Hands of every kind, for the fuzz test."""
        from mjtui.core.systems.capabilities import Examples

        return Examples(())

    def hand_tool(self) -> Tool[R] | None:
        """`mjtui hand RULESET ...`: score a hand from its tiles; None where it cannot."""
        return None

    def points_tool(self) -> Tool[R] | None:
        """`mjtui points RULESET ...`: what a hand's score pays; None where it has none."""
        return None

    def waits_tool(self) -> Tool[R] | None:
        """`mjtui waits RULESET ...`: a hand one tile short, whether it is tenpai and
        what each waiting tile would win; None where the system reads no tiles. Its
        ``--json`` object has ``tenpai``, ``shanten`` and ``waits``, one object per
        waiting tile with its ``tile`` (mpsz, "5p"), ``unseen``, ``ron`` and ``tsumo``."""
        return None

    def importers(self) -> Mapping[str, Importer[Any]]:
        """Game-record formats it reads (`mjtui import FORMAT LOG`): name -> Importer."""
        return {}


AnySystem = ScoringSystem[Any, Any, Any]
"""A system as shared code holds it: which one, and so its types, is the ruleset's to say."""


class SystemDeclarationError(MjtuiError):
    """A scoring system that does not declare what mjtui needs of it."""


OWN = (
    "start",
    "apply",
    "check",
    "hand_from_record",
    "hand_to_record",
    "describe_hand",
    "winners",
    "entry",
)
"""The members every system writes for itself."""


def check_declaration(system: object) -> AnySystem:
    """``system``, once it is a whole ScoringSystem; SystemDeclarationError if not."""
    name = getattr(system, "name", None)
    if not isinstance(name, str) or not name:
        raise SystemDeclarationError(f"{system!r}: a scoring system needs a name")
    if not isinstance(system, ScoringSystem):
        raise SystemDeclarationError(
            f"scoring system {name!r}: {type(system).__name__} is not a ScoringSystem "
            "(mjtui.core.systems.base): subclass it"
        )
    missing = [m for m in OWN if getattr(type(system), m, None) is getattr(ScoringSystem, m)]
    missing += [
        m for m in ("rules_type", "state_type") if not isinstance(getattr(system, m, None), type)
    ]
    if missing:
        raise SystemDeclarationError(
            f"scoring system {name!r} does not declare {', '.join(sorted(missing))}"
        )
    state = system.state_type
    lacking = [m for m in STATE_MEMBERS if not _has_member(state, m)]
    if lacking:
        raise SystemDeclarationError(
            f"scoring system {name!r}: its state {state.__name__} lacks {', '.join(lacking)}, "
            "which the screens read (TableState in mjtui.core.systems.base)"
        )
    return system


def _has_member(cls: type, name: str) -> bool:
    """Whether instances of ``cls`` have ``name``: a class attribute, a property, a
    method, or a dataclass field."""
    if hasattr(cls, name):
        return True
    fields = getattr(cls, "__dataclass_fields__", {})
    return name in fields or name in getattr(cls, "__annotations__", {})


__all__ = [
    "OWN",
    "STATE_MEMBERS",
    "WINDS",
    "AnySystem",
    "Placing",
    "RulesHeader",
    "ScoringSystem",
    "SystemDeclarationError",
    "TableState",
    "check_declaration",
]
