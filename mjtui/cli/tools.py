"""A system's tool (`mjtui hand`, `mjtui points`) as a command line: its parser, one run.

The options come from the system's declaration
(:class:`~mjtui.core.systems.tools.Tool`), so the command line knows no
system: :func:`parser` builds an argparse parser from them, and
:func:`run_tool` prints one hand's result in words or as JSON, or with
``--batch`` one JSON object a line for hands read from standard input.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable
from typing import Any, NoReturn, Protocol

from mjtui.core.errors import HandError, MjtuiError
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.systems.tools import Option, OptionKind, Tool
from mjtui.core.systems.winds import wind_of


class TakesArguments(Protocol):
    """A parser or one of its groups: argparse names no public class for both."""

    def add_argument(self, *name_or_flags: str, **kwargs: Any) -> argparse.Action: ...


class ToolParser(argparse.ArgumentParser):
    """Reports mistakes as HandError, so entry.main prints them like every other error."""

    def error(self, message: str) -> NoReturn:
        raise HandError(message)


def _wind(text: str) -> int:
    try:
        return wind_of(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


# What argparse turns an option's text into (a flag takes none: store_true).
_KINDS: dict[OptionKind, Callable[[str], object]] = {
    "int": int,
    "wind": _wind,
    "text": str,
    "flag": str,
}


def _add(parser: TakesArguments, option: Option, line: bool) -> None:
    kind = _KINDS[option.kind]
    if option.positional:
        parser.add_argument(
            option.dest,
            type=kind,
            metavar=option.metavar or option.name.upper(),
            nargs=None if line else "?",
            help=option.help,
        )
        return
    flag = f"--{option.name}"
    if option.kind == "flag":
        parser.add_argument(flag, dest=option.dest, action="store_true", help=option.help)
        return
    parser.add_argument(
        flag,
        dest=option.dest,
        type=kind,
        default=option.default,
        metavar=option.metavar or None,
        help=option.help,
    )


def parser(prog: str, tool: Tool[Any], *, line: bool = False, description: str = "") -> ToolParser:
    """The parser of ``tool``'s options (``line``: one line of ``--batch``, without the
    command's own ``--json`` and ``--batch``)."""
    made = ToolParser(prog=prog, add_help=not line, description=description or None)
    groups: dict[str, TakesArguments] = {}
    for option in tool.options:
        if option.group:
            group = groups.get(option.group)
            if group is None:
                group = groups[option.group] = made.add_mutually_exclusive_group(required=True)
            _add(group, option, line)
        else:
            _add(made, option, line)
    if not line:
        made.add_argument("--json", action="store_true", help="print the result as JSON")
        if tool.batch:
            made.add_argument(
                "--batch",
                action="store_true",
                help="read one hand per line from standard input (the same "
                "arguments), print one JSON object per line",
            )
    return made


def run_tool(
    ruleset: Ruleset, tool: Tool[Any], prog: str, argv: list[str], description: str = ""
) -> int:
    """Run ``tool`` under ``ruleset`` with the command line ``argv``: 0, or 2 when a line
    of ``--batch`` was bad; a bad hand alone raises HandError (entry.main says it)."""
    args = parser(prog, tool, description=description).parse_args(argv)
    positional = [o.dest for o in tool.options if o.positional]
    if not getattr(args, "batch", False):
        missing = [d for d in positional if getattr(args, d) is None]
        if missing:
            raise HandError(
                f"give the {', '.join(missing)}"
                + (" (or --batch to read hands from stdin)" if tool.batch else "")
            )
        result = tool.run(ruleset.rules, args)
        print(json.dumps(result) if args.json else tool.describe(ruleset.rules, result, args))
        return 0
    if any(getattr(args, d) is not None for d in positional):
        raise HandError("with --batch the hands come from standard input, not the command line")
    line_parser, bad = parser("line", tool, line=True), False
    for number, line in enumerate(sys.stdin, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            out = tool.run(ruleset.rules, line_parser.parse_args(shlex.split(text)))
        except (MjtuiError, ValueError) as e:
            out, bad = {"error": str(e), "line": number}, True
        print(json.dumps(out), flush=True)
    return 2 if bad else 0
