"""Reading FX-602P program lists as they are printed: program areas P0-P9.

A listing is text with area headers and the keys of each area::

    P5
    (6 steps)      MR03 + 1 = Min03

* a line holding only ``Pn`` (n 0-9) starts an area; ``Pn:`` followed by keys
  on the same line works too;
* an optional ``(N steps)`` in front of the keys is checked against the count
  (it counts one end step per area, as the calculator does);
* the keys follow, separated by spaces, on that line and the next ones until
  a blank line, the next header or a ``total N steps`` line (also checked);
* any other text (prose around a printed listing) is ignored.

Keys: ``Min00``-``Min19``, ``MinF``, ``Min1F`` and the same for ``MR``,
``M+``, ``M-`` and ``X←→M`` (``X<->M``); ``IND``; ``ISZ``, ``DSZ``;
``x=0``, ``x=F``, ``x>=0``, ``x>=F`` (``≥`` too); ``GOTOn``, ``LBLn``,
``GSBPn``; ``HLT``, ``PAUSE``; ``AC``, ``=``, ``+``, ``-``, ``×`` (``*``),
``÷`` (``/``), ``(``, ``)``; digits and ``.`` (a number is one step per key:
``1.89`` is four); ``10^x``, ``log``, ``ln``, ``e^x``, ``INT``, ``FRAC``,
``ABS``, ``sin``, ``cos``, ``tan``, ``1/x``, ``x^2``, ``√``, ``+/-``,
``π``, ``RNDn``, ``RAN#``; ``XD`` and ``x~`` (statistics); quoted alpha
strings: ``"Ron□ AR12 "`` is the quote, one step per item, the closing
quote; an item is a character, ``ARnn`` (memory nn as an integer) or ``#``
(X); spaces only separate items, ``□`` is a real space and ``■`` a block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from mjtui.calc.errors import ListingError
from mjtui.core.files.reading import MAX_SMALL_BYTES, read_text
from mjtui.core.language import _

AREAS = 10
MEMORY_NAMES = (*tuple(f"{n:02d}" for n in range(20)), "F", "1F")
"""M00-M19, MF and M1F."""

SPACE, BLOCK = "□", "■"

_MEM = r"(0[0-9]|1[0-9]|1F|F)"
_HEADER = re.compile(r"\s*P([0-9])\s*(?::\s*(.*))?")
_COUNT = re.compile(r"\(\s*([0-9]+)\s*steps?\s*\)\s*(.*)")
_TOTAL = re.compile(r"\s*total\s+([0-9]+)\s+steps?\s*", re.IGNORECASE)

# (pattern, op) for keys with a memory, label or digit after the key name.
_WITH_ARG = [
    (re.compile(r"(?:X←→M|X<->M|X<>M|x←→M|x<->M)" + _MEM), "xchg"),
    (re.compile(r"Min" + _MEM), "min"),
    (re.compile(r"MR" + _MEM), "mr"),
    (re.compile(r"M\+" + _MEM), "mplus"),
    (re.compile(r"M-" + _MEM), "mminus"),
    (re.compile(r"GOTO([0-9])"), "goto"),
    (re.compile(r"LBL([0-9])"), "lbl"),
    (re.compile(r"GSBP([0-9])"), "gsb"),
    (re.compile(r"RND([0-9]{1,2})"), "rnd"),
]
_PLAIN = {
    "AC": "ac",
    "=": "eq",
    "EXE": "eq",
    "+": "add",
    "-": "sub",
    "×": "mul",
    "*": "mul",
    "x": "mul",
    "÷": "div",
    "/": "div",
    "(": "open",
    ")": "close",
    "10^x": "pow10",
    "log": "log",
    "ln": "ln",
    "e^x": "exp",
    "INT": "int",
    "FRAC": "frac",
    "ABS": "abs",
    "sin": "sin",
    "cos": "cos",
    "tan": "tan",
    "1/x": "inv",
    "x^2": "sq",
    "x²": "sq",
    "√": "sqrt",
    "sqrt": "sqrt",
    "+/-": "neg",
    "π": "pi",
    "RAN#": "ran",
    "x=0": "eq0",
    "x=F": "eqf",
    "x>=0": "ge0",
    "x≥0": "ge0",
    "x>=F": "gef",
    "x≥F": "gef",
    "ISZ": "isz",
    "DSZ": "dsz",
    "IND": "ind",
    "HLT": "hlt",
    "PAUSE": "pause",
    "XD": "xd",
    "x~": "mean",
    "x̄": "mean",
    "NOP": "nop",
}
_AR = re.compile(r"AR" + _MEM)


@dataclass(frozen=True, slots=True)
class Step:
    """One instruction: a key (``op`` and ``arg``) or a whole quoted string.

    ``size`` is the steps it takes in program memory (a string: its items
    plus the two quotes); ``text`` is how the listing spells it; ``line`` is
    the line of the file it was read from.
    """

    op: str
    arg: object = None
    text: str = ""
    size: int = 1
    line: int = 0


@dataclass(frozen=True)
class Area:
    """A program area: its instructions in order; ``steps`` counts the end step too."""

    number: int
    instructions: tuple[Step, ...] = ()
    line: int = 0

    @property
    def steps(self) -> int:
        return sum(s.size for s in self.instructions) + 1


@dataclass(frozen=True)
class Listing:
    """The areas read from a file; an area not in the listing is empty (one end step)."""

    areas: dict[int, Area] = field(default_factory=dict)
    origin: str = "<listing>"

    def area(self, number: int) -> Area:
        return self.areas.get(number) or Area(number)

    def step_counts(self) -> dict[str, int]:
        """``{"P0": 206, ...}`` for the areas the listing holds."""
        return {f"P{n}": self.areas[n].steps for n in sorted(self.areas)}

    @property
    def total_steps(self) -> int:
        return sum(a.steps for a in self.areas.values())


def parse_key(token: str) -> Step:
    """One key spelled as in a listing (not a number, not a string); ValueError if unknown."""
    op = _PLAIN.get(token)
    if op is not None:
        return Step(op, None, token)
    for pattern, op in _WITH_ARG:
        m = pattern.fullmatch(token)
        if m:
            value = m.group(1)
            return Step(op, int(value) if op in ("goto", "lbl", "gsb", "rnd") else value, token)
    raise ValueError(token)


def parse_string(body: str) -> Step:
    """A quoted string's body to one instruction: its items and size."""
    items: list[tuple[str, str]] = []  # ("char", c) | ("mem", nn) | ("x", "")
    for chunk in body.split():
        i = 0
        while i < len(chunk):
            m = _AR.match(chunk, i)
            if m:
                items.append(("mem", m.group(1)))
                i = m.end()
            elif chunk[i] == "#":
                items.append(("x", ""))
                i += 1
            else:
                c = chunk[i]
                items.append(("char", " " if c == SPACE else c))
                i += 1
    return Step("alpha", tuple(items), f'"{body}"', len(items) + 2)


def _tokens(text: str, line: int, origin: str) -> list[Step]:
    steps: list[Step] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c in '"“”':
            end = _find_quote(text, i + 1)
            if end < 0:
                raise ListingError(
                    _(
                        "{origin}, line {line}: a string opened at column {column} is not "
                        "closed: {text}"
                    ).format(origin=origin, line=line, column=i + 1, text=repr(text[i : i + 20]))
                )
            step = parse_string(text[i + 1 : end])
            steps.append(Step(step.op, step.arg, step.text, step.size, line))
            i = end + 1
            continue
        j = i
        while j < len(text) and not text[j].isspace() and text[j] not in '"“”':
            j += 1
        token = text[i:j]
        steps.extend(_token_steps(token, line, origin))
        i = j
    return steps


def _find_quote(text: str, start: int) -> int:
    for k in range(start, len(text)):
        if text[k] in '"“”':
            return k
    return -1


def _token_steps(token: str, line: int, origin: str) -> list[Step]:
    if re.fullmatch(r"[0-9]*\.?[0-9]*", token):  # one step per key: 1.89 is four
        return [Step("digit", c, c, 1, line) for c in token]
    try:
        step = parse_key(token)
    except ValueError:
        raise ListingError(
            _(
                "{origin}, line {line}: {token} is not an FX-602P key (docs/fx602p-emulator.md "
                "lists them)"
            ).format(origin=origin, line=line, token=repr(token))
        ) from None
    return [Step(step.op, step.arg, step.text, 1, line)]


def parse_listing(text: str, origin: str = "<listing>") -> Listing:
    """The areas in ``text``; errors name ``origin``, the line and the token."""
    text = text.removeprefix("\ufeff")
    areas: dict[int, Area] = {}
    current: tuple[int, int, int | None, list[Step]] | None = None  # area, line, count, steps
    total: tuple[int, int] | None = None

    def close() -> None:
        nonlocal current
        if current is None:
            return
        number, line, count, steps = current
        area = Area(number, tuple(steps), line)
        if count is not None and area.steps != count:
            raise ListingError(
                _(
                    "{origin}, line {line}: P{number} says {count} steps but its keys make "
                    "{steps} (one end step counted)"
                ).format(origin=origin, line=line, number=number, count=count, steps=area.steps)
            )
        areas[number] = area
        current = None

    for number, raw in enumerate(text.splitlines(), 1):
        header = _HEADER.fullmatch(raw.rstrip())
        if header:
            close()
            area = int(header.group(1))
            if area in areas:
                raise ListingError(
                    _("{origin}, line {number}: P{area} appears twice").format(
                        origin=origin, number=number, area=area
                    )
                )
            current = (area, number, None, [])
            rest = header.group(2) or ""
            if rest:
                current[3].extend(_tokens(rest, number, origin))
            continue
        m_total = _TOTAL.fullmatch(raw)
        if m_total:
            close()
            total = (_count(m_total.group(1), number, origin), number)
            continue
        if current is None:
            continue
        if not raw.strip():
            if current[3] or current[2] is not None:
                close()
            continue
        body = raw.strip()
        counted = _COUNT.fullmatch(body)
        if counted and current[2] is None and not current[3]:
            current = (current[0], current[1], _count(counted.group(1), number, origin), current[3])
            body = counted.group(2)
        current[3].extend(_tokens(body, number, origin))
    close()
    if not areas:
        raise ListingError(
            _(
                "{origin}: not an FX-602P listing: no program area header (a line P0 ... P9) was "
                "found"
            ).format(origin=origin)
        )
    listing = Listing(areas, origin)
    if total is not None and listing.total_steps != total[0]:
        raise ListingError(
            _(
                "{origin}, line {line}: the listing says {steps} steps in all but its areas "
                "make {total_steps}"
            ).format(origin=origin, line=total[1], steps=total[0], total_steps=listing.total_steps)
        )
    return listing


_MAX_COUNT_DIGITS = 6  # a step count far beyond the machine's 512 steps is a typo


def _count(digits: str, line: int, origin: str) -> int:
    """A step count written in the listing; a number of thousands of digits is refused."""
    if len(digits.lstrip("0")) > _MAX_COUNT_DIGITS:
        raise ListingError(
            _(
                "{origin}, line {line}: a step count of {n} digits is beyond any FX-602P program"
            ).format(origin=origin, line=line, n=len(digits))
        )
    return int(digits)


def read_listing(path: Path) -> Listing:
    """An FX-602P listing file; ListingError when it cannot be read or is not one."""
    return parse_listing(read_text(path, ListingError, MAX_SMALL_BYTES), str(path))


def is_listing_file(path: Path) -> bool:
    """Whether the file at ``path`` reads as an FX-602P listing (False when unreadable)."""
    try:
        text = read_text(path, ListingError, MAX_SMALL_BYTES)
    except ListingError:
        return False
    return looks_like_listing(text)


def looks_like_listing(text: str) -> bool:
    """Whether ``text`` holds FX-602P program areas (to tell it from an HP-11C listing)."""
    try:
        parse_listing(text)
    except ListingError:
        return False
    return True


__all__ = [
    "AREAS",
    "BLOCK",
    "MEMORY_NAMES",
    "SPACE",
    "Area",
    "Listing",
    "Step",
    "is_listing_file",
    "looks_like_listing",
    "parse_key",
    "parse_listing",
    "parse_string",
    "read_listing",
]
