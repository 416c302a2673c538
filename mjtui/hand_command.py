"""`mjtui hand RULESET TILES [--win N] [--dora N] [--tsumo] [--dealer] [--tenho] [--json]`.

Scores one winning hand under a ruleset, headless. The first argument is the
ruleset (id or path); the ruleset's system picks the scorer, so other systems
(riichi, pocket) can be added under the same command later: today only
``system = "fx602p"`` is scored, and any other system is refused with a
message. cli.py adds the command with :func:`add_hand_command` and runs
:func:`hand_command`; errors are MjtuiError (cli.main prints them, exit 2).

``--json`` prints ``{"tiles", "melds", "yaku", "shown", "han", "triplets",
"points", "win", "dora", "tsumo", "dealer", "tenho"}``: ``yaku`` the names
counted, ``shown`` those present but not counted beside a yakuman.

``--batch`` reads hands from standard input, one per line with the same
arguments as the command line after the ruleset (``223344789 --win 9 --dora
2``), and prints one JSON object per line; a bad line prints
``{"error": "...", "line": N}`` and the rest go on (exit status 2 at the end
if any line was bad). Empty lines and lines starting with ``#`` are skipped.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from typing import Any, Callable, NoReturn

from mjtui import paths
from mjtui.core.errors import HandError, MjtuiError, RulesetError
from mjtui.core.ruleset import RulesetLibrary
from mjtui.core.systems import fx602p


def _hand_arguments(parser: argparse.ArgumentParser, batch: bool) -> None:
    parser.add_argument("tiles", metavar="TILES", nargs="?" if batch else None,
                        help="the winner's nine tiles, e.g. 223344789 (fx602p: digits 1-9)")
    parser.add_argument("--win", type=int, metavar="N",
                        help="the tile won on (default: the last tile typed)")
    parser.add_argument("--dora", type=int, metavar="N", help="the dora tile shown")
    parser.add_argument("--tsumo", action="store_true", help="won by self-draw")
    parser.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    parser.add_argument("--tenho", action="store_true",
                        help="the dealer won on the deal (with --dealer --tsumo), or the other "
                             "player on the dealer's first discard")


def add_hand_command(subparsers: Any) -> None:
    """Add `hand` to the `mjtui` command's subparsers."""
    hand = subparsers.add_parser(
        "hand", help="score a winning hand: its yaku, han, triplets and points (fx602p)")
    hand.add_argument("ruleset", metavar="RULESET",
                      help="a ruleset id (see `mjtui rulesets`) or path; fx602p for now")
    _hand_arguments(hand, batch=True)
    hand.add_argument("--json", action="store_true", help="print the result as JSON")
    hand.add_argument("--batch", action="store_true",
                      help="read one hand per line from standard input (TILES and options), "
                           "print one JSON object per line")


class _LineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise HandError(message)


def _line_parser() -> _LineParser:
    parser = _LineParser(prog="line", add_help=False)
    _hand_arguments(parser, batch=False)
    return parser


def hand_command(args: argparse.Namespace) -> int:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(args.ruleset)
    scorer = SCORERS.get(ruleset.rules.system)
    if scorer is None:
        raise RulesetError(
            f"{ruleset.id}: {ruleset.name} is scored with the {ruleset.rules.system!r} system; "
            f"`mjtui hand` scores {', '.join(SCORERS)} hands for now")
    if not args.batch:
        if args.tiles is None:
            raise HandError("give the winner's tiles (or --batch to read hands from stdin)")
        result = scorer(ruleset.rules, args)
        if args.json:
            print(json.dumps(result))
        else:
            print(describe_fx602p(ruleset.rules, result))
        return 0
    if args.tiles is not None:
        raise HandError("with --batch the hands come from standard input, not TILES")
    parser, bad = _line_parser(), False
    for number, line in enumerate(sys.stdin, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            out = scorer(ruleset.rules, parser.parse_args(shlex.split(text)))
        except (MjtuiError, ValueError) as e:
            out, bad = {"error": str(e), "line": number}, True
        print(json.dumps(out), flush=True)
    return 2 if bad else 0


def score_fx602p(rules: fx602p.Rules, args: argparse.Namespace) -> dict[str, Any]:
    """The JSON object of one fx602p hand given as command-line arguments."""
    tiles = fx602p.parse_tiles(args.tiles)
    if len(tiles) != 9:
        raise HandError(f"a winning hand is nine tiles, got {len(tiles)}: {args.tiles}")
    # the tile won on: --win, or the last tile as typed (before sorting)
    win = int(args.tiles.replace(" ", "")[-1]) if args.win is None else args.win
    if args.tenho and args.dealer != args.tsumo:
        raise HandError("tenho is the dealer's self-draw on the deal (--dealer --tsumo) or the "
                        "other player's win on the dealer's first discard (neither)")
    score = fx602p.evaluate(rules, tiles, win, args.dora, args.tenho)
    return {
        "tiles": "".join(map(str, tiles)),
        "melds": ["".join(map(str, m)) for m in score.melds],
        "yaku": list(score.yaku),
        "shown": list(score.shown),
        "han": score.han,
        "triplets": score.triplets,
        "points": score.points,
        "win": win,
        "dora": args.dora,
        "tsumo": args.tsumo,
        "dealer": args.dealer,
        "tenho": args.tenho,
    }


def describe_fx602p(rules: fx602p.Rules, r: dict[str, Any]) -> str:
    """E.g. "234 567 888, won on 8 by ron, dora 2: Tanyao 1 + Dora 1 = 2 han, 1 triplet"."""
    way = "tsumo" if r["tsumo"] else "ron"
    head = f"{' '.join(r['melds'])}, won on {r['win']} by {way}"
    if r["dora"] is not None:
        head += f", dora {r['dora']}"
    yaku = " + ".join(f"{n} {fx602p.evaluate_han(rules, n)}" for n in r["yaku"]) or "no yaku"
    lines = [f"{head}: {yaku} = {r['han']} han, {r['triplets']} triplet"
             + ("" if r["triplets"] == 1 else "s")]
    if r["shown"]:
        lines.append(f"  also present, not counted beside a yakuman: {', '.join(r['shown'])}")
    p = rules.points
    coefficient = p.coefficients[min(r["han"], len(p.coefficients) - 1)]
    lines.append(f"  {p.multiplier} x ({p.base} + {p.per_triplet} x {r['triplets']}) x "
                 f"{coefficient} = {r['points']} points")
    return "\n".join(lines)


SCORERS: dict[str, Callable[[Any, argparse.Namespace], dict[str, Any]]] = {
    fx602p.SYSTEM.name: score_fx602p,
}
