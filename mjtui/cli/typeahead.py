"""Keys typed while mjtui is still starting reach the app as they were typed.

A person types the first names as soon as the command is entered. Until
Textual sets the terminal's mode, the terminal is still in its line mode: it
echoes what is typed over the screen, turns Return into a newline, and takes
ctrl+s as "stop output" (the key is gone). :func:`typeahead_kept` sets, from
the moment the command line is read, the part of Textual's mode that decides
how those keys arrive, and gives the terminal its own mode back at the end.
ctrl+c still stops the start-up. Keys typed before even this (while Python
itself starts: a tenth of a second on a loaded machine) can still come as a
newline: the app takes that as Enter (ui/terminal_keys.py). A ctrl+s typed
then is taken by the terminal as it arrives, as "stop output", and no program
ever reads it (a burst sent with the command lost each one); the person's own
``stty -ixon`` is the only way to keep it.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO


@contextmanager
def typeahead_kept(stream: TextIO | None = None) -> Iterator[None]:
    """While inside: keys typed on ``stream`` (stdin) wait unechoed and unchanged."""
    try:
        import termios
    except ImportError:  # not a POSIX terminal (Windows): Textual's driver reads it its way
        yield
        return
    try:
        fd = (stream or sys.stdin).fileno()
        before = termios.tcgetattr(fd)
    except (OSError, ValueError, AttributeError, termios.error):
        yield  # not a terminal: a pipe, a file, a closed stdin
        return
    mode = termios.tcgetattr(fd)
    mode[0] &= ~(termios.ICRNL | termios.IXON)  # Return stays Return; ctrl+s is a key
    mode[3] &= ~(termios.ICANON | termios.ECHO)  # each key at once, nothing echoed
    _set(fd, mode)
    try:
        yield
    finally:
        # Textual gives back the mode it found, which is this one: the person's own
        # comes back here.
        _set(fd, before)


def _set(fd: int, mode: list[int | list[bytes | int]]) -> None:
    import termios

    with contextlib.suppress(termios.error):  # the terminal went away: nothing to give back
        termios.tcsetattr(fd, termios.TCSANOW, mode)
