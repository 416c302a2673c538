"""`mjtui points RULESET [options] [--json]`: what a hand's score pays under a ruleset.

The options are the system's (:meth:`~mjtui.core.systems.base.ScoringSystem.points_tool`;
riichi: ``--han H --fu F (--ron | --tsumo) [--dealer] [--honba N]``), so
`mjtui points RULESET --help` lists them. ``--json`` prints the system's
object (riichi: ``{"total": N, "payments": {...}}``, docs in its module).
entry.py adds the command with :func:`add_points_command` and runs
:func:`points_command`; errors are MjtuiError (entry.main prints them, exit 2).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mjtui import paths
from mjtui.cli.tools import run_tool
from mjtui.core.errors import RulesetError
from mjtui.core.language import _
from mjtui.core.rulesets.ruleset import RulesetLibrary

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers


def add_points_command(subparsers: Subparsers) -> None:
    """Add `points` to the `mjtui` command's subparsers."""
    points = subparsers.add_parser(
        "points",
        help=_("what a hand pays under a ruleset (riichi: han and fu, honba included)"),
        description=_(
            "What a hand pays under RULESET. The options depend on the ruleset's "
            "system: `mjtui points RULESET --help` lists them."
        ),
    )
    points.add_argument(
        "ruleset", metavar="RULESET", help=_("a ruleset id (see `mjtui rulesets`) or path")
    )
    points.add_argument(
        "rest", nargs=argparse.REMAINDER, metavar="[options]", help=_("the system's options")
    )


def points_command(args: argparse.Namespace) -> int:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(args.ruleset)
    tool = ruleset.system.points_tool()
    if tool is None:
        raise RulesetError(
            f"{ruleset.id}: "
            + _("{name} is scored with the {system} system, which has no `mjtui points`").format(
                name=ruleset.name, system=repr(ruleset.rules.system)
            )
        )
    return run_tool(ruleset, tool, f"mjtui points {ruleset.id}", args.rest)
