"""`mjtui hand pocket TILES [--self-draw] [--seat W] [--round W] [--win TILE] [situations]`.

TILES is the mpsz notation (docs/tiles.md): ``123m456p789s11z [567s] (1111m)``,
``[...]`` an open meld, ``(...)`` a closed kong. ``--json`` prints
``{"tiles", "reading", "fan", "total", "limit_hand", "patterns", "points",
"self_draw", "seat", "round", "context"}``; docs/pocket.md describes each. A
hand under the ruleset's minimum fan is refused (HandError) with its patterns.
"""

from __future__ import annotations

import argparse
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.pocket import Rules, fan_problem
from mjtui.core.systems.pocket.patterns import Context, score_hand
from mjtui.core.systems.pocket.payments import by_role
from mjtui.core.tiles import parse_hand

TILES_HELP = "the winner's tiles in mpsz notation, e.g. '123m456p789s11z [555z]' (quoted)"
WIND_LETTERS = "ESWN"
SITUATIONS = (
    ("robbing_kong", "--robbing-kong", "won on a tile robbed from another player's kong"),
    ("kong_replacement", "--kong-replacement", "won on a kong's replacement tile"),
    ("last_tile", "--last-tile", "won on the last tile of the wall"),
    ("heavenly", "--heavenly", "the starter won on the tiles dealt (with --seat E --self-draw)"),
    ("earthly", "--earthly", "won on the starter's first discard"),
)


def _wind(text: str) -> int:
    letter = text.strip()[:1].upper()
    if not letter or letter not in WIND_LETTERS:
        raise argparse.ArgumentTypeError(f"expected E, S, W or N, got {text!r}")
    return WIND_LETTERS.index(letter)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--self-draw", action="store_true",
                        help="won on a tile the winner drew (otherwise on a discard)")
    parser.add_argument("--seat", type=_wind, default=0, metavar="E|S|W|N",
                        help="the winner's seat wind (default E)")
    parser.add_argument("--round", type=_wind, default=0, metavar="E|S|W|N",
                        help="the round wind (default E)")
    parser.add_argument("--win", metavar="TILE",
                        help="the winning tile, e.g. 5p (default: the last concealed tile)")
    for dest, flag, text in SITUATIONS:
        parser.add_argument(flag, dest=dest, action="store_true", help=text)


def context_of(args: argparse.Namespace) -> Context:
    return Context(seat_wind=args.seat, round_wind=args.round, self_draw=args.self_draw,
                   **{dest: getattr(args, dest) for dest, _, _ in SITUATIONS})


def score(rules: Rules, args: argparse.Namespace) -> dict[str, Any]:
    """The JSON object of one hand given as command-line arguments."""
    hand = parse_hand(args.tiles, args.win)
    result = score_hand(rules, hand, context_of(args))
    patterns = [{"key": f.key, "name": f.name, "fan": f.fan} for f in result.patterns]
    problem = fan_problem(rules, result.fan)
    if problem:
        found = ", ".join(f"{p['name']} {p['fan']}" for p in patterns) or "no pattern"
        raise HandError(f"{problem} (found: {found})")
    return {
        "tiles": args.tiles,
        "reading": result.reading,
        "fan": result.fan,
        "total": result.total,
        "limit_hand": result.limit_hand,
        "patterns": patterns,
        "points": by_role(rules, result.fan, args.self_draw),
        "self_draw": args.self_draw,
        "seat": WINDS[args.seat],
        "round": WINDS[args.round],
        "context": [flag[2:] for dest, flag, _ in SITUATIONS if getattr(args, dest)],
    }


def describe(rules: Rules, r: dict[str, Any]) -> str:
    """The reading, the patterns with their fan, and who pays what."""
    how = "self-draw" if r["self_draw"] else "a discard"
    extra = "".join(f", {c}" for c in r["context"])
    lines = [f"{r['reading']}: won on {how}, seat {r['seat']}, round {r['round']}{extra}"]
    terms = " + ".join(f"{p['name']} {p['fan']}" for p in r["patterns"])
    capped = f" (paid as the {rules.fan.limit} fan limit)" if r["total"] > r["fan"] else ""
    lines.append(f"  {terms} = {r['fan']} fan{capped}" if not r["limit_hand"]
                 else f"  {terms}: limit hand, {r['fan']} fan")
    p = r["points"]
    if r["self_draw"]:
        text = f"  each of the three others pays {p['each']} ({p['total']} in all)"
        if "guarantor" in p:
            text += f"; a guarantor pays all {p['guarantor']}"
    elif p["others"]:
        text = (f"  the discarder pays {p['discarder']}, each of the two others "
                f"{p['others']} ({p['total']} in all)")
    else:
        text = f"  the discarder pays {p['discarder']}"
    lines.append(text)
    return "\n".join(lines)
