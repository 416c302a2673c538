"""A system's headless commands declared once: `mjtui hand RULESET ...`, `mjtui points ...`.

A system that can score a hand from its tiles, or say what a score pays,
declares a :class:`Tool`: its arguments (:class:`Option`), the function that
computes the JSON object of one hand, and the words that say it on a
terminal. The command line builds its parser from the options, so every
system's `mjtui hand` takes ``--json`` and ``--batch`` the same way and
`mjtui hand RULESET --help` lists the system's own options, and no module of
the command line knows a system.

A tool that reads a hand but will not score it (an MCR hand under the
minimum, a riichi hand without a yaku) raises :class:`Refusal`: the message
for the player and, beside it, the JSON object of what was read, which
``--json`` and ``--batch`` still print.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from mjtui.core.errors import HandError

if TYPE_CHECKING:
    from argparse import Namespace

OptionKind = Literal["flag", "text", "int", "wind"]
"""``flag`` a switch; ``text`` a string (tiles, letters); ``int`` a whole number, within
the reader's MAX_NUMBER either way (core/files/reading.py: the command line refuses one
beyond it); ``wind`` E, S, W or N (or 1-4, the seat that wind is with seat 1 East)."""


@dataclass(frozen=True)
class Option:
    """One argument of a tool: ``--name`` (or the positional ``name``)."""

    name: str
    kind: OptionKind
    help: str
    metavar: str = ""
    default: int | str | None = None
    positional: bool = False
    group: str = ""
    """Options sharing a group are exclusive, and one of them must be given."""

    @property
    def dest(self) -> str:
        return self.name.replace("-", "_")


class Refusal(HandError):
    """A hand read but not scored: the reason (the error's message) and ``result``, the
    JSON object of the reading as the tool's ``run`` would return it, with whatever
    says why it is no win (such as ``"minimum_met": false``)."""

    def __init__(self, message: str, result: dict[str, Any]) -> None:
        super().__init__(message)
        self.result = result


R = TypeVar("R")
"""The rules of the system the tool is of."""


@dataclass(frozen=True)
class Tool(Generic[R]):
    """A headless command of a system.

    ``run(rules, args)`` computes the JSON object of one hand from ``args``, the
    parsed command line with one attribute per option (its ``dest``), raising MjtuiError
    (HandError for a bad hand, :class:`Refusal` for a hand read but not won) with a
    message for the player;
    ``describe(rules, result, args)`` says that object on a terminal.
    """

    options: tuple[Option, ...]
    run: Callable[[R, Namespace], dict[str, Any]]
    describe: Callable[[R, dict[str, Any], Namespace], str]
    batch: bool = False
    """Whether ``--batch`` reads one hand a line from standard input."""


__all__ = ["Option", "OptionKind", "Refusal", "Tool"]
