"""`mjtui hand RULESET TILES [options] [--json]` and `mjtui hand RULESET --batch`.

Scores one winning hand under a ruleset, headless. The ruleset (id or path)
comes first because its system decides what TILES means and which options
exist: the rest of the command line is parsed by a parser built from that
system's scorer (mjtui/cli/scorers/), so `mjtui hand RULESET --help` lists
them. entry.py adds the command with :func:`add_hand_command` and runs
:func:`hand_command`; errors are MjtuiError (entry.main prints them, exit 2).

``--batch`` reads hands from standard input, one per line with the same
arguments as the command line after the ruleset, and prints one JSON object
per line; a bad line prints ``{"error": "...", "line": N}`` and the rest go on
(exit status 2 at the end if any line was bad). Empty lines and lines starting
with ``#`` are skipped.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from types import ModuleType
from typing import Any, NoReturn

from mjtui import paths
from mjtui.cli.scorers import scorer_of, systems_with_scorers
from mjtui.core.errors import HandError, MjtuiError, RulesetError
from mjtui.core.ruleset import Ruleset, RulesetLibrary


def add_hand_command(subparsers: Any) -> None:
    """Add `hand` to the `mjtui` command's subparsers."""
    hand = subparsers.add_parser(
        "hand", help="score a winning hand from its tiles (the options depend on the ruleset)",
        description="Score a winning hand under RULESET. The options depend on the ruleset's "
                    "system: `mjtui hand RULESET --help` lists them.")
    hand.add_argument("ruleset", metavar="RULESET",
                      help="a ruleset id (see `mjtui rulesets`) or path")
    hand.add_argument("rest", nargs=argparse.REMAINDER, metavar="TILES [options]",
                      help="the winner's tiles and the system's options")


class _HandParser(argparse.ArgumentParser):
    """Reports mistakes as HandError, so entry.main prints them like every other error."""

    def error(self, message: str) -> NoReturn:
        raise HandError(message)


def _parser(ruleset: Ruleset, scorer: ModuleType, line: bool) -> _HandParser:
    prog = "line" if line else f"mjtui hand {ruleset.id}"
    parser = _HandParser(prog=prog, add_help=not line)
    parser.add_argument("tiles", metavar="TILES", nargs=None if line else "?",
                        help=getattr(scorer, "TILES_HELP", "the winner's tiles"))
    scorer.add_arguments(parser)
    if not line:
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        parser.add_argument("--batch", action="store_true",
                            help="read one hand per line from standard input (TILES and "
                                 "options), print one JSON object per line")
    return parser


def hand_command(args: argparse.Namespace) -> int:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(args.ruleset)
    scorer = scorer_of(ruleset.system)
    if scorer is None:
        raise RulesetError(
            f"{ruleset.id}: {ruleset.name} is scored with the {ruleset.rules.system!r} system; "
            f"`mjtui hand` scores {', '.join(systems_with_scorers())} hands")
    options = _parser(ruleset, scorer, line=False).parse_args(args.rest)
    if not options.batch:
        if options.tiles is None:
            raise HandError("give the winner's tiles (or --batch to read hands from stdin)")
        result = scorer.score(ruleset.rules, options)
        print(json.dumps(result) if options.json else scorer.describe(ruleset.rules, result))
        return 0
    if options.tiles is not None:
        raise HandError("with --batch the hands come from standard input, not TILES")
    line_parser, bad = _parser(ruleset, scorer, line=True), False
    for number, line in enumerate(sys.stdin, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            out = scorer.score(ruleset.rules, line_parser.parse_args(shlex.split(text)))
        except (MjtuiError, ValueError) as e:
            out, bad = {"error": str(e), "line": number}, True
        print(json.dumps(out), flush=True)
    return 2 if bad else 0
