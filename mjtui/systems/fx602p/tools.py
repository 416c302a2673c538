"""`mjtui hand fx602p TILES [--win N] [--dora N] [--tsumo] [--dealer] [--tenho]`.

``--json`` prints ``{"tiles", "melds", "yaku", "shown", "han", "triplets",
"points", "win", "dora", "tsumo", "dealer", "tenho"}``: ``yaku`` the names
counted, ``shown`` those present but not counted beside a yakuman.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjtui.core.errors import HandError
from mjtui.core.systems.tools import Option, Tool
from mjtui.systems.fx602p.entry import last_typed, read_tiles
from mjtui.systems.fx602p.evaluate import evaluate, yaku_han
from mjtui.systems.fx602p.rules import Rules
from mjtui.systems.fx602p.terms import say, yaku_list, yaku_name

if TYPE_CHECKING:
    from argparse import Namespace

OPTIONS = (
    Option(
        "tiles",
        "text",
        "the winner's nine tiles, e.g. 223344789 (digits 1-9)",
        metavar="TILES",
        positional=True,
    ),
    Option("win", "int", "the tile won on (default: the last tile typed)", metavar="N"),
    Option("dora", "int", "the dora tile shown", metavar="N"),
    Option("tsumo", "flag", "won by self-draw"),
    Option("dealer", "flag", "the winner is the dealer"),
    Option(
        "tenho",
        "flag",
        "the dealer won on the deal (with --dealer --tsumo), or the other "
        "player on the dealer's first discard",
    ),
)


def score(rules: Rules, args: Namespace) -> dict[str, Any]:
    """The JSON object of one fx602p hand given as command-line arguments."""
    # The tiles are read as the hand form reads them; the tile won on is --win
    # where the form has its own field.
    tiles = read_tiles(args.tiles)
    win = last_typed(args.tiles) if args.win is None else args.win
    if args.tenho and args.dealer != args.tsumo:
        raise HandError(
            say(
                "tenho is the dealer's self-draw on the deal (--dealer --tsumo) or the "
                "other player's win on the dealer's first discard (neither)"
            )
        )
    result = evaluate(rules, tiles, win, args.dora, args.tenho)
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


def describe(rules: Rules, r: dict[str, Any], args: Namespace | None = None) -> str:
    """E.g. "234 567 888, won on 8 by ron, dora 2: Tanyao 1 + Dora 1 = 2 han, 1 triplet"."""
    won = (
        say("{melds}, won on {tile} by tsumo")
        if r["tsumo"]
        else say("{melds}, won on {tile} by ron")
    )
    head = won.format(melds=" ".join(r["melds"]), tile=r["win"])
    if r["dora"] is not None:
        head += say(", dora {tile}").format(tile=r["dora"])
    yaku = " + ".join(f"{yaku_name(n)} {yaku_han(rules, n)}" for n in r["yaku"]) or say("no yaku")
    triplets = (
        say("1 triplet") if r["triplets"] == 1 else say("{n} triplets").format(n=r["triplets"])
    )
    lines = [
        say("{head}: {yaku} = {han} han, {triplets}").format(
            head=head, yaku=yaku, han=r["han"], triplets=triplets
        )
    ]
    if r["shown"]:
        lines.append(
            "  "
            + say("also present, not counted beside a yakuman: {yaku}").format(
                yaku=yaku_list(r["shown"])
            )
        )
    p = rules.points
    coefficient = p.coefficients[min(r["han"], len(p.coefficients) - 1)]
    lines.append(
        "  "
        + say("{m} x ({base} + {per} x {triplets}) x {coefficient} = {points} points").format(
            m=p.multiplier,
            base=p.base,
            per=p.per_triplet,
            triplets=r["triplets"],
            coefficient=coefficient,
            points=r["points"],
        )
    )
    return "\n".join(lines)


HAND = Tool(OPTIONS, score, describe, batch=True)

__all__ = ["HAND", "describe", "score"]
