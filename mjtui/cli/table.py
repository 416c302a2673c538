"""`mjtui dice`, `mjtui draw-seats`, `mjtui rules`: what the table needs besides the score.

entry.py adds the commands with :func:`add_table_commands`. Errors are
MjtuiError (entry.main prints them and exits 2).

* ``mjtui dice [--seed N] [--json]``: two dice and the wall they break,
  ``{"dice": [a, b], "total": t, "wall": "self|right|opposite|left"}``.
* ``mjtui draw-seats NAME... [--seed N] [--json]``: the names in seat order
  (East first), ``{"seats": [...]}``.
* ``mjtui rules RULESET``: the rules reference of a ruleset, as text.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from mjtui.core.language import _
from mjtui.core.systems.base import WINDS
from mjtui.core.table.draws import draw_seats, roll, seeded

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers


def add_table_commands(subparsers: Subparsers) -> None:
    dice = subparsers.add_parser("dice", help=_("roll two dice: the total and the wall to break"))
    dice.add_argument("--seed", type=int, metavar="N", help=_("the same roll again for N"))
    dice.add_argument(
        "--json",
        action="store_true",
        help=_('print {"dice": [a, b], "total": t, "wall": ...} as JSON'),
    )
    seats = subparsers.add_parser(
        "draw-seats", help=_("draw seats for the players with shuffled wind tiles")
    )
    seats.add_argument("names", nargs="+", metavar="NAME", help=_("2 to 4 players' names"))
    seats.add_argument("--seed", type=int, metavar="N", help=_("the same draw again for N"))
    seats.add_argument(
        "--json", action="store_true", help=_('print {"seats": [...]} (East first) as JSON')
    )
    rules = subparsers.add_parser(
        "rules", help=_("print a ruleset's rules reference: payment tables, fan, fu, claims")
    )
    rules.add_argument(
        "ruleset", metavar="RULESET", help=_("a ruleset id (see `mjtui rulesets`) or path")
    )


def dice_command(args: argparse.Namespace) -> int:
    rolled = roll(seeded(args.seed))
    if args.json:
        json.dump(rolled.document(), sys.stdout)
        print()
    else:
        print(rolled.line())
    return 0


def draw_seats_command(args: argparse.Namespace) -> int:
    seats = draw_seats(args.names, seeded(args.seed))
    if args.json:
        json.dump({"seats": list(seats)}, sys.stdout)
        print()
    else:
        from mjtui.core.cells import cells, ljust
        from mjtui.core.language import _
        from mjtui.core.systems.winds import wind_name

        winds = [wind_name(w) for w in range(len(WINDS))]
        width = max(cells(w) for w in winds)
        for seat, name in enumerate(seats):
            said = _("seat {n}").format(n=seat + 1)
            print(f"{said}  {ljust(winds[seat], width)}  {name}")
    return 0


def rules_command(args: argparse.Namespace) -> int:
    from mjtui import paths
    from mjtui.core.reports.reference import reference_text
    from mjtui.core.rulesets.ruleset import RulesetLibrary

    ruleset = RulesetLibrary(paths.ruleset_folders()).get(args.ruleset)
    sys.stdout.write(reference_text(ruleset))
    return 0
