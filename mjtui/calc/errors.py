"""Errors the user can fix in a calculator listing or a key string.

They are MjtuiErrors, so the CLI prints them and exits 2. A calculator's own
errors ("Error 0" for 1/0...) are not exceptions: the machine shows them, as
the real one does.
"""

from __future__ import annotations

from mjtui.core.errors import MjtuiError


class CalcError(MjtuiError):
    """A problem with what the user gave the calculator emulator."""


class ListingError(CalcError):
    """A listing that cannot be read: names the file, the line and what was expected."""


class KeyWordError(CalcError):
    """A key string (``--keys``) with a word that is not a key."""
