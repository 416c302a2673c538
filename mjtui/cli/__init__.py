"""The `mjtui` command: the app by default, and headless subcommands.

- ``entry``: the parser, :func:`main` and the commands that open the app;
- ``hand``, ``points``, ``reports``, ``calc``...: the headless commands;
- ``tools``: a system's declared tool (`mjtui hand`, `mjtui points`) made a
  command line.

Nothing below this package (core, calc, ui) imports it: the import-linter
contracts in pyproject.toml check that.
"""

from __future__ import annotations

import gc
import sys


def main(argv: list[str] | None = None) -> int:
    """`mjtui` with ``argv`` (else the command line's): its exit status.

    The collector is turned off before the parser's modules are imported, not
    only once they are (entry.main says why): 2 ms of `mjtui points`.
    """
    gc.disable()
    from mjtui.cli.entry import main as command

    return command(argv)


def run() -> None:
    """The installed `mjtui` script: :func:`main`, then the interpreter's exit.

    As the interpreter exits it makes full passes of the cyclic collector over
    every object start-up made: 6-9 ms of a headless command's 70. Frozen objects
    are passed over; what holds a file or the terminal has been closed by then.
    """
    status = main()
    gc.freeze()
    sys.exit(status)
