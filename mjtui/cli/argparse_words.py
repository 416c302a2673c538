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

import gettext

from mjtui.core import language
from mjtui.private_api import argparse_says, argparse_says_with

DOMAIN = "argparse"
_GETTEXT, _NGETTEXT = argparse_says()  # gettext's own, as argparse imported them
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


def argparse_gettext(message: str) -> str:
    """argparse's ``message`` in the language spoken."""
    catalog = _catalog()
    return _GETTEXT(message) if catalog is None else catalog.gettext(message)


def argparse_ngettext(singular: str, plural: str, n: int) -> str:
    """argparse's message with a plural, for ``n``, in the language spoken."""
    catalog = _catalog()
    return (
        _NGETTEXT(singular, plural, n) if catalog is None else catalog.ngettext(singular, plural, n)
    )


def follow_the_language() -> None:
    """Make argparse say its words in the language installed, from now on."""
    argparse_says_with(argparse_gettext, argparse_ngettext)


__all__ = ["DOMAIN", "argparse_gettext", "argparse_ngettext", "follow_the_language"]
