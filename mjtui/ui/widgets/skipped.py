"""The files a folder-wide view did not count, listed under its table."""

from __future__ import annotations

import os
from pathlib import Path

from rich.text import Text

from mjtui.core.language import _, ngettext
from mjtui.core.text import shown

MAX_NOTES = 2  # listed one a line; the rest are counted, and named where the view says


def skipped_notes(skipped: list[str], folder: Path | str, again: str, each: str) -> Text:
    """``skipped`` (one note a file) named without their common ``folder``; ``again``
    says when they are read again, ``each`` where every one of them is listed."""
    prefix = f"{folder}{os.sep}"
    n = len(skipped)
    line = ngettext(
        "{n} file not counted (in {folder}{again}):",
        "{n} files not counted (in {folder}{again}):",
        n,
    )
    out = Text(line.format(n=n, folder=prefix, again=again))
    for note in skipped[:MAX_NOTES]:
        out.append("\n" + shown(note.replace(prefix, "")))  # one line each
    if len(skipped) > MAX_NOTES:
        more = len(skipped) - MAX_NOTES
        out.append("\n" + _("(and {n} more: {each})").format(n=more, each=each))
    return out
