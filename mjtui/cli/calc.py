"""``mjtui calc ...``: the calculator emulators without the app.

``calc run`` and ``calc show`` drive the HP-11C; ``calc autoplay-fx602p``
plays the FX-602P game listing headless with a scripted human.

mjtui/cli/entry.py wires these in: ``add_calc_commands(subparsers)`` adds the
``calc`` command to its subparsers, and ``calc_command(args)`` runs it and
returns the exit status. User errors raise MjtuiError subclasses, which the
CLI prints and turns into status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mjtui import paths
from mjtui.calc.errors import CalcError
from mjtui.calc.fx602p.check import default_rules
from mjtui.calc.fx602p.listing import read_listing as read_fx602p_listing
from mjtui.calc.fx602p.play import MAX_TURNS, PLAYERS, autoplay, summarize
from mjtui.calc.hp11c.listing import Step, format_listing
from mjtui.calc.hp11c.machine import DEFAULT_STEP_LIMIT, Machine
from mjtui.calc.hp11c.run import run_keys
from mjtui.calc.programs import load_program, shipped
from mjtui.core.language import _

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers


def add_calc_commands(subparsers: Subparsers) -> None:
    """Add ``calc run`` and ``calc show`` under ``subparsers`` (argparse's add_subparsers())."""
    calc = subparsers.add_parser("calc", help=_("run calculator program listings headless"))
    commands = calc.add_subparsers(dest="calc_command", metavar="CALC_COMMAND", required=True)
    listing_help = _(
        "a listing: a .hp11c file, a printed listing in any other file, "
        "or a shipped program ({shipped})"
    ).format(shipped=", ".join(shipped()) or _("none"))
    run = commands.add_parser(
        "run",
        help=_("press keys on an HP-11C holding LISTING and print the display"),
        description=_(
            "Press KEYS on an HP-11C holding LISTING; print the display "
            "(or, with --json, the display, X, R0-R9 and I and the steps run)."
        ),
    )
    run.add_argument("listing", metavar="LISTING", help=listing_help)
    run.add_argument(
        "--keys",
        required=True,
        metavar="KEYS",
        help=_('key words, e.g. "GSB 9 A 10 R/S 20 R/S" (docs/hp11c.md lists them)'),
    )
    run.add_argument(
        "--json",
        action="store_true",
        help=_("print the display, X, the registers and the step count as JSON"),
    )
    run.add_argument(
        "--step-limit",
        type=int,
        default=DEFAULT_STEP_LIMIT,
        metavar="N",
        help=_("halt a program after N steps (default {n})").format(n=f"{DEFAULT_STEP_LIMIT:,}"),
    )
    run.add_argument(
        "--trace",
        action="store_true",
        help=_("print every program step run, with X after it, on stderr"),
    )
    show = commands.add_parser("show", help=_("print LISTING as read, in the .hp11c format"))
    show.add_argument("listing", metavar="LISTING", help=listing_help)
    auto = commands.add_parser(
        "autoplay-fx602p",
        help=_("play the FX-602P game listing headless with a scripted human"),
        description=_(
            "Run an FX-602P game listing (program areas P0-P9) on the emulator: "
            "press P0 for each hand, answer at HLT and PAUSE for a scripted human, "
            "and check every score against mjtui's own FX-602P evaluator."
        ),
    )
    auto.add_argument("listing", metavar="LISTING", help=_("an FX-602P program list (P0-P9)"))
    auto.add_argument(
        "--hands", type=int, default=10, metavar="N", help=_("hands to play (default 10)")
    )
    auto.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help=_("seed of the calculator's RAN# (default: a random seed)"),
    )
    auto.add_argument(
        "--player",
        choices=PLAYERS,
        default="efficient",
        help=_(
            "the scripted human: efficient (keeps the most valuable tiles) "
            "or drawn (throws away what it drew); default efficient"
        ),
    )
    auto.add_argument(
        "--max-turns",
        type=int,
        default=MAX_TURNS,
        metavar="N",
        help=_("give a hand up as stalled after N human turns (default {n})").format(n=MAX_TURNS),
    )
    auto.add_argument(
        "--json", action="store_true", help=_("print one JSON object per hand (and no summary)")
    )


def calc_command(args: argparse.Namespace) -> int:
    if args.calc_command == "autoplay-fx602p":
        return autoplay_command(args)
    program = load_program(args.listing)
    if args.calc_command == "show":
        # English: the .hp11c format's own comment line, a file's, not a message
        print(format_listing(program, f"read from {program.origin}"), end="")
        return 0
    if args.step_limit < 1:
        raise CalcError(
            _("--step-limit: expected a whole number of 1 or more, got {step_limit}").format(
                step_limit=args.step_limit
            )
        )
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


def autoplay_command(args: argparse.Namespace) -> int:
    """``calc autoplay-fx602p``: one JSON object or line per hand, then a summary."""
    if args.hands < 1:
        raise CalcError(
            _("--hands: expected a whole number of 1 or more, got {hands}").format(hands=args.hands)
        )
    if args.max_turns < 1:
        raise CalcError(
            _("--max-turns: expected a whole number of 1 or more, got {max_turns}").format(
                max_turns=args.max_turns
            )
        )
    listing = read_fx602p_listing(Path(args.listing).expanduser())
    if 0 not in listing.areas:
        raise CalcError(
            _("{listing}: the listing has no P0, where the game starts").format(
                listing=args.listing
            )
        )
    results = autoplay(
        listing,
        args.hands,
        rules=default_rules(paths.shipped_rulesets_dir()),
        seed=args.seed,
        player=args.player,
        max_turns=args.max_turns,
    )
    for result in results:
        if args.json:
            json.dump(result.to_dict(), sys.stdout, ensure_ascii=False)
            print()
        else:
            print(result.line())
    if not args.json:
        s = summarize(results)
        print(
            _(
                "{hands} hands: human {human_wins}, calculator {calculator_wins}, stalled "
                "{stalled}, errors {errors}; total {total}, average {average} a hand (the "
                "program shows {program_total}/{finished}, Ave {program_average}); native "
                "evaluator: {agree} agree, {quirks} listing quirks, {differ} differ"
            ).format(
                hands=s.hands,
                human_wins=s.human_wins,
                calculator_wins=s.calculator_wins,
                stalled=s.stalled,
                errors=s.errors,
                total=format(s.total, "+"),
                average=format(s.average, "+.1f"),
                program_total=s.program_total,
                finished=s.finished,
                program_average=s.program_average,
                agree=s.agree,
                quirks=s.quirks,
                differ=s.differ,
            )
        )
    return 0


def _print_trace(number: int, step: Step, machine: Machine) -> None:
    print(f"{number:03d}  {step.text:<12} x = {machine.x_text}", file=sys.stderr)
