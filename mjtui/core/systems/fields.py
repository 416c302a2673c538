"""What a hand form asks, declared once by a scoring system, and what a reading of it gives.

A system describes its form as rows of :class:`Field`; one generic form of the
UI draws it and walks it with the same keys in every system, and the
system's :class:`FormModel` (plain Python) says after every key what the
values typed make: what is wrong, the hand once nothing is, which fields can
still change the score, the words beside the fields and the preview. The
walk's rules live in the form, once:

* Enter moves to the next field of :attr:`Reading.active` in the order on
  screen, then to the confirm button, which confirms;
* an outcome letter (:attr:`FormLayout.outcomes`) typed in any field that
  would not take it as text sets the outcome field;
* a character typed on a checkbox or a button goes on to the next active
  field that takes it, or is refused with a bell and the reason;
* a row whose fields are all off (none active) is not shown, and a row the
  ruleset does not play is not in the layout at all.

Values are the text typed, as strings; a checkbox is :data:`TICKED` or ``""``.

A form may open a smaller one (the riichi tiles form, the fu calculator):
:meth:`FormModel.open` gives a :class:`SubForm`, whose model the same generic
form draws; what it returns goes back through :attr:`SubForm.done`, which
gives the values to set in the form that opened it and the field to go on to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

TICKED = "1"
"""The value of a ticked checkbox."""

FieldKind = Literal["code", "seat", "seats", "number", "text", "check"]
"""How a field takes keys:

* ``code``: one character of :attr:`Field.allowed` (a letter in any case, or
  a digit); typing another replaces it;
* ``seat``: a seat digit, 1 to the number of players; the player's name is
  shown beside it;
* ``seats``: seat digits, a set ("13"); typing a seat that is there takes it out;
* ``number``: digits;
* ``text``: characters of :attr:`Field.allowed` (a regular expression's
  character class; every printable character when empty);
* ``check``: a checkbox, ticked and unticked with space.
"""

T = TypeVar("T", covariant=True)
"""What a form makes (a hand, a smaller form's result): covariant, so a form of any
hand is a ``FormModel[object]``."""
R = TypeVar("R")


@dataclass(frozen=True)
class Field:
    """One field of a form."""

    key: str
    kind: FieldKind
    label: str = ""
    """Words just before the field on its row ("han", "fu"); the row's own label
    comes first (:attr:`Row.label`). For a checkbox: the words on the box."""
    width: int = 0
    """Cells the field takes; 0 for the kind's own (one character, or the seats)."""
    allowed: str = ""
    """``code``: the characters it takes; ``text``: a regular expression's character
    class of them (``0-9mpsz ()\\[\\]``); empty for any."""
    max_length: int = 0
    """The most characters it holds (0: no limit, or the kind's own)."""
    placeholder: str = ""
    problem: Callable[[str], str | None] | None = None
    """What is wrong with a value as typed, said at once (Enter does not leave the
    field while it says something); None when the model alone judges."""


@dataclass(frozen=True)
class Row:
    """Fields shown on one line, after the row's label and before its note."""

    key: str
    label: str
    fields: tuple[Field, ...]
    note_width: int = 0
    """Cells for the note after the fields (0: the rest of the line)."""
    note_below: bool = False
    """The note goes on lines of its own under the row (a long one that wraps)."""


@dataclass(frozen=True)
class Action:
    """A key that opens a smaller form from this one (``ctrl+t`` the tiles)."""

    name: str
    key: str
    label: str
    button: bool = False  # also shown as a button beside Confirm


@dataclass(frozen=True)
class FormLayout:
    """What a form shows, in order, for one ruleset and table."""

    rows: tuple[Row, ...]
    outcome: str | None = None
    """The key of the field that holds the outcome, where the form has outcomes."""
    outcomes: Mapping[str, str] = field(default_factory=dict)
    """Outcome letter -> its words ("r" -> "ron"), typed in any field that takes no
    letters."""
    given: tuple[str, ...] = ()
    """The fields the sheet's key fills (the outcome, the winner): a new hand starts
    at the first active field after them, an edit at the top."""
    confirm: str = "Confirm"
    help: str = ""
    actions: tuple[Action, ...] = ()
    preview: bool = True
    """Each seat's total, change and total after (a hand form); False for a smaller
    form, whose lines say what it found."""
    beside: bool = False
    """The lines go beside the rows, not under them (a tall form at 24 lines)."""
    label_width: int = 13
    """Cells for the rows' labels."""

    def __post_init__(self) -> None:
        # A note is found by its key: a row's and a seat field's must differ.
        keys = [f.key for f in self.fields()]
        rows = [row.key for row in self.rows]
        seats = {f.key for f in self.fields() if f.kind == "seat"}
        for kind, names in (("field", keys), ("row", rows)):
            twice = sorted({k for k in names if names.count(k) > 1})
            if twice:
                # English: a form declared wrong is a system's bug, said to its developer.
                raise ValueError(f"a form's {kind} keys must differ: {', '.join(twice)} twice")
        if seats & set(rows):
            raise ValueError(
                # English: a system's bug, said to its developer
                "a row and a seat field share the key(s) "
                f"{', '.join(sorted(seats & set(rows)))}: their notes would too"
            )

    def fields(self) -> tuple[Field, ...]:
        """Every field, in the order on screen."""
        return tuple(f for row in self.rows for f in row.fields)

    def field(self, key: str) -> Field:
        return next(f for f in self.fields() if f.key == key)


@dataclass(frozen=True)
class Line:
    """A line under the fields; ``style`` is a hint the form may show without colour
    too: "" plain, "dim", "good" (a score, a payment), "bold"."""

    text: str
    style: Literal["", "dim", "good", "bold"] = ""


@dataclass(frozen=True)
class Reading(Generic[T]):
    """What the values of a form make, after one more key."""

    errors: tuple[str, ...]
    """What is wrong, in words for the player; empty: :attr:`value` is ready."""
    value: T | None
    """The hand (or a smaller form's result) once nothing is wrong."""
    active: frozenset[str]
    """The fields that can still change the score: the form enables these, Enter
    walks them, and a row with none of them is not shown."""
    notes: Mapping[str, str] = field(default_factory=dict)
    """Row key or field key -> words shown beside it (a seat's player, an outcome
    in words). A field's note follows the field; a row's ends the row."""
    lines: tuple[Line, ...] = ()
    """Under the rows: what the tiles read as, the yaku, a payment."""
    now: tuple[int, ...] | None = None
    """The totals the preview starts from (the table's, or with the riichi sticks
    already down); None: the table's totals before the hand."""
    after: tuple[int, ...] | None = None
    """The totals after the hand, for the preview; None while there is no hand."""
    table: str = ""
    """A line under the preview about the table (honba, sticks on it)."""
    next: str = ""
    """The table after the hand in words (the next hand's round and dealer)."""
    question: str = ""
    """Asked before :attr:`value` is recorded (y records it, n goes back to the form): a
    hand the rules take but a tired scorer most likely did not mean (a win worth
    nothing); "" records at once."""
    actions: frozenset[str] | None = None
    """The smaller forms that can open now (:attr:`FormLayout.actions` by name; None:
    all): the others' buttons are not shown (their keys still ask the model, whose
    :meth:`FormModel.open` says why not)."""


@dataclass(frozen=True)
class SubForm(Generic[R]):
    """A smaller form opened from a form, and where its result goes."""

    title: str
    model: FormModel[R]
    done: Callable[[R], tuple[Mapping[str, str], str | None]]
    """The result -> (values to set in the form that opened it, the field to go on to;
    None: the confirm button)."""


class FormModel(Protocol[T]):
    """A form's fields and what they make: the plain-Python half of every form."""

    def layout(self) -> FormLayout: ...

    def start(self) -> dict[str, str]:
        """The values the form opens with (every field of the layout)."""
        ...

    def read(self, values: Mapping[str, str]) -> Reading[T]: ...

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        """The smaller form ``action`` opens, given the values and the focused field;
        HandError says why it cannot open yet (no winner typed, say)."""
        ...


def seat_digits(text: str, players: int) -> tuple[int, ...]:
    """The 0-based seats typed as digits ("31" -> (0, 2)), each once, sorted."""
    return tuple(sorted({int(c) - 1 for c in text if c.isdigit() and 1 <= int(c) <= players}))


def seat_of(text: str, players: int) -> int | None:
    """The 0-based seat typed as 1..players, or None."""
    text = text.strip()
    return int(text) - 1 if text.isdigit() and 1 <= int(text) <= players else None


def whole(text: str) -> int | None:
    """Digits typed -> their number; None for anything else (an empty field too)."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else None


def seats_text(seats: tuple[int, ...] | list[int]) -> str:
    """0-based seats as the digits a ``seats`` field holds ((0, 2) -> "13")."""
    return "".join(str(s + 1) for s in sorted(seats))


__all__ = [
    "TICKED",
    "Action",
    "Field",
    "FieldKind",
    "FormLayout",
    "FormModel",
    "Line",
    "Reading",
    "Row",
    "SubForm",
    "seat_digits",
    "seat_of",
    "seats_text",
    "whole",
]
