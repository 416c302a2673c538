"""``mjtui calc ...``: the calculator emulator without the app.

mjtui/cli.py wires these in: ``add_calc_commands(subparsers)`` adds the
``calc`` command to its subparsers, and ``calc_command(args)`` runs it and
returns the exit status. User errors raise MjtuiError subclasses, which the
CLI prints and turns into status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mjtui.calc.errors import CalcError
from mjtui.calc.hp11c.listing import Step, format_listing
from mjtui.calc.hp11c.machine import DEFAULT_STEP_LIMIT, Machine
from mjtui.calc.hp11c.run import run_keys
from mjtui.calc.programs import load_program, shipped


def add_calc_commands(subparsers: Any) -> None:
    """Add ``calc run`` and ``calc show`` under ``subparsers`` (argparse's add_subparsers())."""
    calc = subparsers.add_parser("calc", help="run an HP-11C program listing headless")
    commands = calc.add_subparsers(dest="calc_command", metavar="CALC_COMMAND", required=True)
    listing_help = (
        "a listing: a .hp11c file, a printed listing in any other file, "
        f"or a shipped program ({', '.join(shipped()) or 'none'})"
    )
    run = commands.add_parser(
        "run", help="press keys on an HP-11C holding LISTING and print the display",
        description="Press KEYS on an HP-11C holding LISTING; print the display "
                    "(or, with --json, the display, X, R0-R9 and I and the steps run).",
    )
    run.add_argument("listing", metavar="LISTING", help=listing_help)
    run.add_argument("--keys", required=True, metavar="KEYS",
                     help='key words, e.g. "GSB 9 A 10 R/S 20 R/S" (docs/hp11c.md lists them)')
    run.add_argument("--json", action="store_true",
                     help="print the display, X, the registers and the step count as JSON")
    run.add_argument("--step-limit", type=int, default=DEFAULT_STEP_LIMIT, metavar="N",
                     help=f"halt a program after N steps (default {DEFAULT_STEP_LIMIT:,})")
    run.add_argument("--trace", action="store_true",
                     help="print every program step run, with X after it, on stderr")
    show = commands.add_parser("show", help="print LISTING as read, in the .hp11c format")
    show.add_argument("listing", metavar="LISTING", help=listing_help)


def calc_command(args: argparse.Namespace) -> int:
    program = load_program(args.listing)
    if args.calc_command == "show":
        print(format_listing(program, f"read from {program.origin}"), end="")
        return 0
    if args.step_limit < 1:
        raise CalcError(f"--step-limit: expected a whole number of 1 or more, "
                           f"got {args.step_limit}")
    trace = _print_trace if args.trace else None
    outcome = run_keys(program, args.keys, step_limit=args.step_limit, trace=trace)
    if args.json:
        json.dump(outcome.to_dict(), sys.stdout)
        print()
    else:
        print(outcome.display)
    if outcome.machine.message:
        print(f"mjtui: {outcome.machine.message}", file=sys.stderr)
    return 0


def _print_trace(number: int, step: Step, machine: Machine) -> None:
    print(f"{number:03d}  {step.text:<12} x = {machine.x_text}", file=sys.stderr)
