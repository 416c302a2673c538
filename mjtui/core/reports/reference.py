"""The rules reference of a ruleset, computed from the ruleset itself.

A heading from the ruleset's name and table, then the system's own sections
(:meth:`~mjtui.core.systems.base.ScoringSystem.reference`, each system
computing its numbers with its own scoring functions, never from a copy
written by hand), or the ruleset's keys for a system that has none. The
result is plain text in sections of at most :data:`WIDTH` columns, for the
reference screen and for ``mjtui rules RULESET``; the helpers below lay out
the systems' tables and paragraphs the same way.
"""

from __future__ import annotations

import dataclasses
from contextvars import ContextVar
from typing import TYPE_CHECKING

from mjtui.core import cells as cell
from mjtui.core.language import N_, _, package_of, say_in
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.systems.base import RulesHeader
from mjtui.core.systems.capabilities import Section

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

WIDTH = 76  # the reference screen at 80 columns: its margin and scrollbar beside it
NARROWEST = 40  # no narrower than this: a table's columns still fit
# The columns of the reference being made (:func:`reference` sets it; a system's
# reference lays its paragraphs out by :func:`width` through the helpers below), so
# that the reference screen of a narrower terminal wraps its sentences to its own
# width, not to 80 columns wrapped again.
_width: ContextVar[int] = ContextVar("reference_width", default=WIDTH)


def width() -> int:
    """The columns the reference being made is laid out in: :data:`WIDTH`, or what
    :func:`reference` was asked for."""
    return _width.get()


def reference(ruleset: Ruleset, columns: int = WIDTH) -> list[Section]:
    """The reference of ``ruleset``: a heading section, then its system's sections, its
    sentences wrapped to ``columns`` (:data:`NARROWEST` at the least)."""
    token = _width.set(max(columns, NARROWEST))
    try:
        return _reference(ruleset)
    finally:
        _width.reset(token)


def _reference(ruleset: Ruleset) -> list[Section]:
    rules = ruleset.rules
    head = wrap(
        _("{name} ({id}), scored with the {system} system.").format(
            name=rules.name_said(), id=ruleset.id, system=repr(rules.system)
        )
    )
    if rules.description:
        head += wrap(rules.description_said())
    head += wrap(
        _("{players} players, {points} points each to start.").format(
            players=ruleset.players, points=ruleset.start_points
        )
    )
    own = ruleset.system.reference(rules)
    package = package_of(ruleset.system)  # the system's catalog says its sections' titles
    sections = own if own is not None else keys(rules)
    return [
        Section(_("Ruleset"), tuple(head)),
        *(Section(say_in(package, s.title), s.lines) for s in sections),
    ]


def reference_text(ruleset: Ruleset) -> str:
    """The reference as text: each section under its underlined title."""
    out: list[str] = []
    for section in reference(ruleset):
        out += [section.title, "-" * cell.cells(section.title), *section.lines, ""]
    return "\n".join(out).rstrip() + "\n"


# ------------------------------------------------------------------ helpers


def sentences(*parts: str) -> str:
    """Sentences said one after the other: a space between them, none after a full-width
    mark (。；), as Japanese and Chinese write them."""
    out = ""
    for part in parts:
        if out and part and not out.endswith(("。", "；", "：", "，", "、")):
            out += " "
        out += part
    return out


def wrap(text: str, indent: str = "") -> list[str]:
    return cell.wrap(text, width(), indent) or [""]


def table(
    header: list[str], rows: list[list[str]], first: int = 0, left_last: bool = False
) -> list[str]:
    """Columns right-aligned to their widest cell (the first left-aligned, and the last
    too with ``left_last``)."""
    widths = [max(cell.cells(r[i]) for r in [header, *rows]) for i in range(len(header))]
    if first:
        widths[0] = max(widths[0], first)

    def line(cells: list[str]) -> str:
        head, *rest = cells
        shown = [cell.rjust(c, w) for c, w in zip(rest, widths[1:], strict=False)]
        if left_last:
            shown[-1] = cell.ljust(rest[-1], widths[-1])
        return "  ".join([cell.ljust(head, widths[0]), *shown]).rstrip()

    return [line(header), *(line(r) for r in rows)]


def doc(rules_part: DataclassInstance | type[DataclassInstance], name: str) -> str:
    for f in dataclasses.fields(rules_part):
        if f.name == name:
            words: str = f.metadata.get("doc", "")  # a field's doc is words (schema.py)
            return words
    return ""


def claiming(several: str) -> list[str]:
    """The order claims on one discard are settled in (the Pocket Mahjong page, seed 004);
    ``several`` says what happens when more than one player wins on it."""
    return [
        *wrap(_("When several players want the same discard:")),
        *wrap(_("1. a win beats everything: a pung or a kong is given up for it;"), "  "),
        *wrap(_("2. a pung or a kong beats a chow (which only the next player may claim);"), "  "),
        *wrap(_("3. a chow comes last."), "  "),
        *wrap(_(several), "  "),  # a system's own words are said already; NEAREST here
    ]


NEAREST = N_(
    "Two or three players win on the same discard: the nearest player in turn "
    "after the discarder wins; the others do not."
)


def short_doc(doc: str) -> str:
    """A key's doc without its default in brackets, for a one-line table."""
    import re

    return re.sub(r"\s*\([^()]*\)$", "", doc)


def fu_lines(rows: list[list[str]]) -> list[str]:
    name_w = max(cell.cells(r[0]) for r in rows)
    out = []
    for name, value, doc in rows:
        lead = f"{cell.ljust(name, name_w)}  {cell.rjust(value, 3)}  "
        wrapped = wrap(doc, " " * cell.cells(lead))
        out.append(lead + wrapped[0].lstrip())
        out += wrapped[1:]
    return out


def columns(cells: list[str], n: int) -> list[str]:
    each = width() // n
    return [
        "".join(cell.ljust(c, each) for c in cells[i : i + n]).rstrip()
        for i in range(0, len(cells), n)
    ]


# ------------------------------------------------------------------ any other system


def keys(rules: RulesHeader) -> list[Section]:
    """A system mjtui has no reference for: its keys and values as the ruleset gives them."""
    lines: list[str] = []

    def walk(obj: DataclassInstance, prefix: str) -> None:
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if dataclasses.is_dataclass(value) and not isinstance(value, type):
                walk(value, f"{prefix}{f.name}.")
            elif f.name not in ("name", "system", "description"):
                lines.append(f"{prefix}{f.name} = {value!r}")

    walk(rules, "")
    return [Section("Keys", tuple(lines))]
