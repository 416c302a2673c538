"""Reading and writing HP-11C program listings.

Two layouts are read (docs/hp11c.md has the details):

* a **.hp11c file**, mjtui's own ASCII format: one step per line, an
  optional three-digit step number in front, ``#`` starts a comment. Every
  other line must be a key, so a typo is an error, never a skipped step.
* a **printed listing** in any other file (a .txt copied from a web page or
  a book): only the lines that begin with a three-digit step number are
  steps; the prose around them is ignored. This reads the seed file byte for
  byte as published, with its no-break spaces, en dashes and ``≤``.

Either way the step numbers, where given, must run 001, 002, ... so a line
lost in copying is reported instead of shifting every jump after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from mjtui.calc.errors import ListingError
from mjtui.calc.hp11c.keys import Key, UnknownKey, parse_key
from mjtui.core.files.reading import MAX_SMALL_BYTES, read_text
from mjtui.core.language import _

MAX_STEPS = 203
"""Program memory of the HP-11C, in steps."""

SUFFIX = ".hp11c"

# \s is Unicode-aware, so no-break spaces separate the columns as spaces do.
_NUMBERED = re.compile(r"\s*([0-9]{3})\s+(\S.*)")


@dataclass(frozen=True, slots=True)
class Step:
    """A program step: its key and the line of the file it was read from."""

    key: Key
    line: int = 0

    @property
    def text(self) -> str:
        return self.key.text


@dataclass(frozen=True)
class Program:
    """The steps in order; step number n is ``steps[n - 1]`` (000 is the top, no step)."""

    steps: tuple[Step, ...] = ()
    origin: str = "<program>"

    def __len__(self) -> int:
        return len(self.steps)

    def step(self, number: int) -> Step:
        return self.steps[number - 1]

    @classmethod
    def from_keys(cls, keys: list[str] | tuple[str, ...], origin: str = "<program>") -> Program:
        """A program from key spellings, one per step (handy in tests and the REPL)."""
        return parse_listing("\n".join(keys), origin)


def parse_listing(text: str, origin: str = "<listing>", *, printed: bool = False) -> Program:
    """The program in ``text``; ``printed`` reads a printed listing among prose.

    Errors name ``origin`` and the line.
    """
    steps: list[Step] = []
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0]
        m = _NUMBERED.fullmatch(line.rstrip())
        if m:
            given, spelled = int(m.group(1)), m.group(2)
            if given != len(steps) + 1:
                raise ListingError(
                    _(
                        "{origin}, line {number}: step {step} where step {expected} was "
                        "expected (steps run 001, 002, ... in order)"
                    ).format(
                        origin=origin,
                        number=number,
                        step=m.group(1),
                        expected=format(len(steps) + 1, "03d"),
                    )
                )
        elif printed or not line.strip():
            continue  # prose around a printed listing, or a blank line
        else:
            spelled = line
        if len(steps) == MAX_STEPS:
            raise ListingError(
                _(
                    "{origin}, line {number}: more than {most} steps, the HP-11C's program memory"
                ).format(origin=origin, number=number, most=MAX_STEPS)
            )
        try:
            steps.append(Step(parse_key(spelled), number))
        except UnknownKey as e:
            raise ListingError(f"{origin}, line {number}: {e}") from None
    if not steps:
        where = (
            _("no line starts with a step number (001, 002, ...)")
            if printed
            else _("it holds no steps")
        )
        raise ListingError(
            _("{origin}: no program found: {where}").format(origin=origin, where=where)
        )
    return Program(tuple(steps), origin)


def read_listing(path: Path) -> Program:
    """A listing file: the .hp11c format by its suffix, otherwise a printed listing."""
    text = read_text(path, ListingError, MAX_SMALL_BYTES)
    return parse_listing(text, str(path), printed=path.suffix.lower() != SUFFIX)


def format_listing(program: Program, comment: str = "") -> str:
    """``program`` in the .hp11c format, numbered; :func:`parse_listing` reads it back."""
    head = "".join(f"# {line}".rstrip() + "\n" for line in comment.splitlines())
    body = "".join(f"{n:03d}  {s.text}\n" for n, s in enumerate(program.steps, 1))
    return head + body
