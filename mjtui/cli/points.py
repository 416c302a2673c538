"""`mjtui points RULESET --han H --fu F (--ron | --tsumo) [--dealer] [--honba N] [--json]`.

Prints what a riichi hand pays under a ruleset, each payment rounded up on
its own, honba included. entry.py adds the command with
:func:`add_points_command` and runs :func:`points_command`; errors are
MjtuiError (entry.main prints them and exits 2).

``--json`` prints ``{"total": N, "payments": {...}}``, where ``total`` is what
the winner receives and ``payments`` holds, by who pays:

* ron: ``{"discarder": N}``;
* tsumo by a non-dealer: ``{"dealer": N, "non_dealer": N}`` (each of the two
  other non-dealers pays ``non_dealer``);
* tsumo by the dealer: ``{"non_dealer": N}`` (each of the three pays it; of the two
  at a three-player table, as the ruleset's ``table.players`` says).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from mjtui import paths
from mjtui.core.errors import HandError, RulesetError
from mjtui.core.ruleset import RulesetLibrary
from mjtui.core.systems.riichi.han_fu import score_problem
from mjtui.core.systems.riichi.points import payment
from mjtui.core.systems.riichi.rules import Rules


def add_points_command(subparsers: Any) -> None:
    """Add `points` to the `mjtui` command's subparsers."""
    points = subparsers.add_parser(
        "points", help="what a riichi hand pays: han and fu to payments, honba included"
    )
    points.add_argument("ruleset", metavar="RULESET",
                        help="a riichi ruleset id (see `mjtui rulesets`) or path")
    points.add_argument("--han", type=int, metavar="H", help="han (1 or more)")
    points.add_argument("--fu", type=int, metavar="F",
                        help="fu (20, 25, 30, 40...); may be left out from 5 han on")
    points.add_argument("--yakuman", type=int, default=0, metavar="N",
                        help="a yakuman hand (N yakuman) instead of han and fu")
    way = points.add_mutually_exclusive_group(required=True)
    way.add_argument("--ron", action="store_true", help="won on a discard")
    way.add_argument("--tsumo", action="store_true", help="won by self-draw")
    points.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    points.add_argument("--honba", type=int, default=0, metavar="N",
                        help="honba counters on the table (default 0)")
    points.add_argument("--json", action="store_true",
                        help='print {"total": N, "payments": {...}} as JSON')


def points_command(args: argparse.Namespace) -> int:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(args.ruleset)
    rules = ruleset.rules
    if not isinstance(rules, Rules):
        raise RulesetError(f"{ruleset.id}: {ruleset.name} is scored with the "
                           f"{rules.system!r} system; `mjtui points` needs a riichi ruleset")
    if args.honba < 0:
        raise HandError(f"--honba must be 0 or more, got {args.honba}")
    han = args.han or 0
    if args.yakuman and (args.han is not None or args.fu is not None):
        raise HandError("give --yakuman alone, or --han and --fu")
    if not args.yakuman and args.han is None:
        raise HandError("give --han (and --fu below 5 han), or --yakuman")
    problem = score_problem(rules, han, args.fu, tsumo=args.tsumo, yakuman=args.yakuman)
    if problem:
        raise HandError(problem)
    pay = payment(rules, han, args.fu, dealer=args.dealer, tsumo=args.tsumo,
                  honba=args.honba, yakuman=args.yakuman)
    if args.json:
        import json

        json.dump({"total": pay.total, "payments": pay.shares()}, sys.stdout)
        print()
        return 0
    print(describe(rules, ruleset.name, han, args.fu, args.yakuman, args.dealer, args.tsumo,
                   args.honba, pay))
    return 0


def describe(rules: Rules, name: str, han: int, fu: int | None, yakuman: int, dealer: bool,
             tsumo: bool, honba: int, pay: Any) -> str:
    """The payments in words: the hand, the amounts by payer, the total."""
    who = "dealer" if dealer else "non-dealer"
    if yakuman:
        hand = f"{yakuman} yakuman" if yakuman > 1 else "yakuman"
    else:
        hand = f"{han} han" + (f" {fu} fu" if fu is not None else "")
    limit = pay.base.name
    head = f"{name}: {hand}" + (f" ({limit})" if limit and not yakuman else "")
    head += f", {who} {'tsumo' if tsumo else 'ron'}: {pay.short()}"
    lines = [head]
    if not tsumo:
        lines.append(f"  the discarder pays {pay.discarder}")
    elif dealer:
        others = "three" if pay.payers == 3 else "two"
        lines.append(f"  each of the {others} others pays {pay.non_dealer}")
    else:
        lines.append(f"  the dealer pays {pay.dealer}")
        other = "each other non-dealer" if pay.payers == 3 else "the other non-dealer"
        lines.append(f"  {other} pays {pay.non_dealer}")
    lines.append(f"  total {pay.total}" + (
        f" (with {honba} honba: +{pay.honba})" if honba else ""))
    return "\n".join(lines)
