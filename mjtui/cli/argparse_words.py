"""argparse's own words in the language spoken: "usage: ", "options", "positional
arguments", "show this help message and exit", "invalid choice: ...", "the following
arguments are required: ...", "argument --seat: ...".

argparse looks its messages up with gettext's module-level calls, in the default domain,
from the system's ``.mo`` files and the environment's locale, which know neither
``--language`` nor our catalogs. mjtui ships a catalog of argparse's messages,
``mjtui/locale/<language>/LC_MESSAGES/argparse.po`` (its ids are argparse's own, as
Python's argparse.py writes them), and :func:`follow_the_language` gives argparse
lookups that read it in the language installed (language.install), whenever argparse
asks: the command line installs the language before it builds its parser, as argparse
says some words while a parser is made. In English the lookups are gettext's own: the
words stay byte for byte what they were, and no catalog is read.
"""

from __future__ import annotations

import argparse
import gettext

from mjtui.core import language
from mjtui.core.cells import cells, wrap
from mjtui.private_api import argparse_says, argparse_says_with, argparse_wraps, argparse_wraps_with

DOMAIN = "argparse"
_GETTEXT, _NGETTEXT = argparse_says()  # gettext's own, as argparse imported them
_SPLIT, _FILL = argparse_wraps()  # textwrap's, by characters
_catalogs: dict[str, gettext.NullTranslations] = {}


def _catalog() -> gettext.NullTranslations | None:
    """The argparse catalog of the language spoken; None in English."""
    spoken = language.current()
    if spoken == language.ENGLISH:
        return None
    found = _catalogs.get(spoken)
    if found is None:
        try:
            found = language.read_catalog("mjtui", spoken, DOMAIN)
        except ValueError:  # ours, shipped: a broken one leaves argparse's words English
            found = gettext.NullTranslations()
        _catalogs[spoken] = found
    return found


class _Cells(str):
    """A string whose length is its width in cells: argparse lays the usage out by the
    prefix's ``len()`` (the line's room, the next lines' indent), and "使い方: " takes
    eight cells for five characters."""

    __slots__ = ()

    def __len__(self) -> int:
        return cells(self)


def argparse_gettext(message: str) -> str:
    """argparse's ``message`` in the language spoken."""
    catalog = _catalog()
    if catalog is None:
        return _GETTEXT(message)
    said = catalog.gettext(message)
    return _Cells(said) if message == "usage: " else said


def argparse_ngettext(singular: str, plural: str, n: int) -> str:
    """argparse's message with a plural, for ``n``, in the language spoken."""
    catalog = _catalog()
    return (
        _NGETTEXT(singular, plural, n) if catalog is None else catalog.ngettext(singular, plural, n)
    )


def split_lines(formatter: argparse.HelpFormatter, text: str, width: int) -> list[str]:
    """An option's help in lines of ``width``: by cells in Japanese and Chinese (a wide
    character takes two), argparse's own in English."""
    if language.current() == language.ENGLISH:
        return _SPLIT(formatter, text, width)
    return wrap(" ".join(text.split()), width)


def fill_text(formatter: argparse.HelpFormatter, text: str, width: int, indent: str) -> str:
    """A description in lines of ``width`` after ``indent``, as :func:`split_lines`."""
    if language.current() == language.ENGLISH:
        return _FILL(formatter, text, width, indent)
    return "\n".join(wrap(" ".join(text.split()), width, indent))


def follow_the_language() -> None:
    """Make argparse say its words in the language installed, from now on, and wrap
    them by cells."""
    argparse_says_with(argparse_gettext, argparse_ngettext)
    argparse_wraps_with(split_lines, fill_text)


__all__ = [
    "DOMAIN",
    "argparse_gettext",
    "argparse_ngettext",
    "fill_text",
    "follow_the_language",
    "split_lines",
]
