"""`mjtui hand fx602p TILES [--win N] [--dora N] [--tsumo] [--dealer] [--tenho]`.

``--json`` prints ``{"tiles", "melds", "yaku", "shown", "han", "triplets",
"points", "win", "dora", "tsumo", "dealer", "tenho"}``: ``yaku`` the names
counted, ``shown`` those present but not counted beside a yakuman.
"""

from __future__ import annotations

import argparse
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.fx602p import system as fx602p
from mjtui.core.systems.fx602p.entry import last_typed, read_tiles

TILES_HELP = "the winner's nine tiles, e.g. 223344789 (digits 1-9)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--win", type=int, metavar="N",
                        help="the tile won on (default: the last tile typed)")
    parser.add_argument("--dora", type=int, metavar="N", help="the dora tile shown")
    parser.add_argument("--tsumo", action="store_true", help="won by self-draw")
    parser.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    parser.add_argument("--tenho", action="store_true",
                        help="the dealer won on the deal (with --dealer --tsumo), or the other "
                             "player on the dealer's first discard")


def score(rules: fx602p.Rules, args: argparse.Namespace) -> dict[str, Any]:
    """The JSON object of one fx602p hand given as command-line arguments."""
    # The tiles are read as the hand form reads them; the tile won on is --win
    # where the form has its own field.
    tiles = read_tiles(args.tiles)
    win = last_typed(args.tiles) if args.win is None else args.win
    if args.tenho and args.dealer != args.tsumo:
        raise HandError("tenho is the dealer's self-draw on the deal (--dealer --tsumo) or the "
                        "other player's win on the dealer's first discard (neither)")
    result = fx602p.evaluate(rules, tiles, win, args.dora, args.tenho)
    return {
        "tiles": "".join(map(str, tiles)),
        "melds": ["".join(map(str, m)) for m in result.melds],
        "yaku": list(result.yaku),
        "shown": list(result.shown),
        "han": result.han,
        "triplets": result.triplets,
        "points": result.points,
        "win": win,
        "dora": args.dora,
        "tsumo": args.tsumo,
        "dealer": args.dealer,
        "tenho": args.tenho,
    }


def describe(rules: fx602p.Rules, r: dict[str, Any]) -> str:
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
