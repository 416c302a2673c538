"""`mjtui hand RULESET TILES [options]` for riichi rulesets: yaku, han, fu and payments.

TILES is the mpsz notation of docs/tiles.md (``123m456p789s11z[567s](1111z)``).
``--json`` prints an object with ``han``, ``fu`` (null for a yakuman),
``yakuman``, ``yaku`` (names), ``yaku_han`` ([name, han] pairs; for a yakuman
hand [name, yakuman]), ``dora`` ({"dora", "ura", "red", "kita"}), ``fu_items``
([item, fu] as the fu calculator lists them), ``fu_total``, ``fu_rounding``,
``limit``, ``reading``, ``tiles`` and ``points``: the same object as
`mjtui points --json` prints, ``{"total": N, "payments": {...}}``.
"""

from __future__ import annotations

import argparse
from typing import Any

from mjtui.cli.points import describe as describe_payment
from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.riichi.hand import Analysis, WinContext, analyze
from mjtui.core.systems.riichi.hand.context import SITUATION_HELP, STATED, situation_flags
from mjtui.core.systems.riichi.system import Rules, payment
from mjtui.core.tiles.notation import parse_hand, parse_tiles
from mjtui.core.tiles.render import format_hand

TILES_HELP = ("the winner's tiles in mpsz notation (docs/tiles.md), e.g. 123m406p789s11z[567s]; "
              "the winning tile is the last tile outside the melds unless --win names it")


def wind(text: str) -> int:
    """A wind from 'E', 'east', 'S'...: 0-3."""
    for i, name in enumerate(WINDS):
        if text.strip().lower() in (name[0].lower(), name.lower()):
            return i
    raise argparse.ArgumentTypeError(f"a wind is E, S, W or N, got {text!r}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--win", metavar="TILE",
                        help="the winning tile (5p, 0p for a red five); default: the last "
                             "tile typed outside the melds")
    parser.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron)")
    parser.add_argument("--seat", type=wind, default=0, metavar="E|S|W|N",
                        help="the winner's seat wind (default E, the dealer)")
    parser.add_argument("--round", type=wind, default=0, metavar="E|S|W|N",
                        help="the round wind (default E)")
    parser.add_argument("--dora", default="", metavar="TILES",
                        help="the dora indicators, e.g. 3m1z")
    parser.add_argument("--ura", default="", metavar="TILES",
                        help="the ura dora indicators (with riichi)")
    parser.add_argument("--honba", type=int, default=0, metavar="N",
                        help="honba counters on the table (default 0)")
    parser.add_argument("--kita", type=int, default=0, metavar="N",
                        help="three players: North tiles set aside, each a dora (default 0)")
    for flag, text in STATED.items():
        parser.add_argument("--" + flag.replace("_", "-"), action="store_true", help=text)
    parser.add_argument("--also", default="", metavar="LETTERS",
                        help=f"the same situations as the tiles form's letters ({SITUATION_HELP}"
                             "; l and h read as the win and the seat say)")


def context(args: argparse.Namespace) -> WinContext:
    """The WinContext of the command-line options."""
    also = situation_flags(args.also, tsumo=args.tsumo, dealer=args.seat == 0)
    flags = {flag: getattr(args, flag) or flag in also for flag in STATED}
    if "double_riichi" in also:
        flags["riichi"] = False  # as in the tiles form: d stands for the riichi declared
    return WinContext(
        tsumo=args.tsumo, seat_wind=args.seat, round_wind=args.round,
        dora=parse_tiles(args.dora)[0], ura=parse_tiles(args.ura)[0], honba=args.honba,
        kita=args.kita, **flags,
    )


def score(rules: Rules, args: argparse.Namespace) -> dict[str, Any]:
    """The JSON object of one riichi hand given as command-line arguments."""
    if not isinstance(rules, Rules):
        raise HandError("the riichi scorer needs a riichi ruleset")
    hand = parse_hand(args.tiles, args.win)
    ctx = context(args)
    return to_json(analyze(rules, hand, ctx), format_hand(hand), ctx)


def to_json(a: Analysis, tiles: str, ctx: WinContext) -> dict[str, Any]:
    fu = a.fu_result
    return {
        "tiles": tiles,
        "reading": a.reading,
        "han": a.han,
        "fu": a.fu,
        "yakuman": a.yakuman,
        "yaku": list(a.yaku_names),
        "yaku_han": [list(y) for y in a.yaku],
        "dora": {"dora": a.dora.dora, "ura": a.dora.ura, "red": a.dora.red,
                 "kita": a.dora.kita},
        "fu_items": [list(item) for item in a.fu_items],
        "fu_total": fu.total if fu else None,
        "fu_rounding": fu.rounding if fu else None,
        "limit": a.payment.base.name or None,
        "points": {"total": a.payment.total, "payments": a.payment.shares()},
        "tsumo": ctx.tsumo,
        "dealer": ctx.dealer,
        "seat": WINDS[ctx.seat_wind],
        "round": WINDS[ctx.round_wind],
        "honba": ctx.honba,
    }


def describe(rules: Rules, r: dict[str, Any]) -> str:
    """The reading, each yaku with its han, the fu item by item, and the payments."""
    way = "tsumo" if r["tsumo"] else "ron"
    lines = [f"{r['reading']}, {way}, seat {r['seat']}, round {r['round']}"]
    unit = "yakuman" if r["yakuman"] else "han"
    rows = [(name, f"{han} {unit}") for name, han in r["yaku_han"]]
    rows += [(kind if kind != "red" else "red fives", f"{n} han")
             for kind, n in r["dora"].items() if n]
    width = max(len(name) for name, _ in rows)
    lines += [f"  {name:<{width}}  {value}" for name, value in rows]
    if r["yakuman"]:
        lines.append(f"  = {r['yakuman']} yakuman")
    else:
        lines.append(f"  = {r['han']} han {r['fu']} fu")
        lines.append("fu:")
        width = max(len(item) for item, _ in r["fu_items"] + [["total", 0]])
        lines += [f"  {item:<{width}}  {fu:>3}" for item, fu in r["fu_items"]]
        lines.append(f"  {'total':<{width}}  {r['fu_total']:>3}")
        lines.append(f"  {r['fu_rounding']}")
    han, fu = (0, None) if r["yakuman"] else (r["han"], r["fu"])
    pay = payment(rules, han, fu, dealer=r["dealer"], tsumo=r["tsumo"], honba=r["honba"],
                  yakuman=r["yakuman"])
    lines.append(describe_payment(rules, rules.name, han, fu, r["yakuman"], r["dealer"],
                                  r["tsumo"], r["honba"], pay))
    return "\n".join(lines)
