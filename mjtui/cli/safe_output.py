"""What the headless commands print goes to the terminal with no raw control character.

Names and texts are cleaned where a file is read (core/text.py); this is the
second line of defence, for every text a command prints that came from
somewhere else (a file name, a message quoting a file): while a headless
command runs, standard output and standard error escape every character
:func:`mjtui.core.text.shown` escapes, line ends and tabs kept. The escape
is ``\\uXXXX``, which JSON reads as the same character, so a JSON document
printed through it stays valid and means the same.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from mjtui.core.text import shown


class SafeStream:
    """A text stream writing through :func:`shown` to the stream it wraps."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(shown(text, lines=True))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding...
        return getattr(self.stream, name)


@contextlib.contextmanager
def safe_output() -> Iterator[None]:
    """Standard output and error made :class:`SafeStream` for the time of the block."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(out), SafeStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
