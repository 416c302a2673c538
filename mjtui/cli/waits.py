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

from mjtui import paths
from mjtui.cli.tools import run_tool
from mjtui.core.errors import RulesetError
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.systems import SYSTEMS

HELP = "a hand one tile short: tenpai or not, its waits and what each would win"


def add_waits_command(subparsers: Any) -> None:
    """Add `waits` to the `mjtui` command's subparsers."""
    waits = subparsers.add_parser(
        "waits",
        help=HELP,
        description="The waits of a 13-tile hand under RULESET. The options depend on the "
        "ruleset's system: `mjtui waits RULESET --help` lists them.",
    )
    waits.add_argument(
        "ruleset", metavar="RULESET", help="a ruleset id (see `mjtui rulesets`) or path"
    )
    waits.add_argument(
        "rest",
        nargs=argparse.REMAINDER,
        metavar="TILES [options]",
        help="the tiles held and the system's options",
    )


def waits_command(args: argparse.Namespace) -> int:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(args.ruleset)
    tool = ruleset.system.waits_tool()
    if tool is None:
        able = [name for name, system in SYSTEMS.items() if system.waits_tool() is not None]
        raise RulesetError(
            f"{ruleset.id}: {ruleset.name} is scored with the {ruleset.rules.system!r} system, "
            f"which reads no waits from tiles; `mjtui waits` reads {', '.join(able)} hands"
        )
    return run_tool(ruleset, tool, f"mjtui waits {ruleset.id}", args.rest)
