"""`mjtui waits RULESET TILES [options] [--json]` and `mjtui waits RULESET --batch`.

A hand one tile short of complete (13 tiles, plus one per kan, melds in
brackets) under a ruleset: whether it is tenpai, every waiting tile with the
copies still unseen, and what each would win by ron and by tsumo; the
shanten when it is not tenpai. The options are the system's
(:meth:`~mjtui.core.systems.base.ScoringSystem.waits_tool`), so `mjtui waits
RULESET --help` lists them; ``--batch`` reads one hand a line from standard
input, as `mjtui hand --batch` does (docs/tiles.md). entry.py adds the
command with :func:`add_waits_command` and runs :func:`waits_command`.
"""

from __future__ import annotations

import argparse
from typing import Any

from mjtui.cli.tools import add_tool_command, run_system_tool
from mjtui.core.language import N_, _

HELP = N_("a hand one tile short: tenpai or not, its waits and what each would win")


def add_waits_command(subparsers: Any) -> None:
    """Add `waits` to the `mjtui` command's subparsers."""
    add_tool_command(
        subparsers,
        "waits",
        summary=_(HELP),
        description=_(
            "The waits of a 13-tile hand under RULESET. The options depend on the "
            "ruleset's system: `mjtui waits RULESET --help` lists them."
        ),
        rest=_("the tiles held and the system's options"),
    )


def waits_command(args: argparse.Namespace) -> int:
    return run_system_tool(
        args,
        "waits",
        lambda system: system.waits_tool(),
        N_("reads no waits from tiles"),
        N_("reads"),
    )
