"""The `mjtui` command: the app by default, and headless subcommands.

- ``entry``: the parser, :func:`main` and the commands that open the app;
- ``hand``, ``points``, ``reports``, ``calc``: the headless commands;
- ``scorers``: what `mjtui hand` knows per scoring system, one module each
  (``mjtui.cli.scorers.riichi``...).

Nothing below this package (core, calc, ui) imports it: the import-linter
contracts in pyproject.toml check that.
"""

from mjtui.cli.entry import build_parser, main, run

__all__ = ["build_parser", "main", "run"]
