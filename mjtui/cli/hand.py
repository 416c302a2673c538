"""`mjtui hand RULESET TILES [options] [--json]` and `mjtui hand RULESET --batch`.

Scores one winning hand under a ruleset, headless. The ruleset (id or path)
comes first because its system decides what TILES means and which options
exist: the rest of the command line is parsed by a parser built from that
system's hand tool (:meth:`~mjtui.core.systems.base.ScoringSystem.hand_tool`),
so `mjtui hand RULESET --help` lists them. entry.py adds the command with
:func:`add_hand_command` and runs :func:`hand_command`; errors are MjtuiError
(entry.main prints them, exit 2).

``--batch`` reads hands from standard input, one per line with the same
arguments as the command line after the ruleset, and prints one JSON object
per line; a bad line prints ``{"error": "...", "line": N}`` and the rest go on
(exit status 2 at the end if any line was bad). Empty lines and lines starting
with ``#`` are skipped.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mjtui.cli.tools import add_tool_command, run_system_tool
from mjtui.core.language import N_, _

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers


def add_hand_command(subparsers: Subparsers) -> None:
    """Add `hand` to the `mjtui` command's subparsers."""
    add_tool_command(
        subparsers,
        "hand",
        summary=_("score a winning hand from its tiles (the options depend on the ruleset)"),
        description=_(
            "Score a winning hand under RULESET. The options depend on the ruleset's "
            "system: `mjtui hand RULESET --help` lists them."
        ),
        rest=_("the winner's tiles and the system's options"),
    )


def hand_command(args: argparse.Namespace) -> int:
    return run_system_tool(
        args,
        "hand",
        lambda system: system.hand_tool(),
        N_("scores no hand from its tiles"),
        N_("scores"),
    )
