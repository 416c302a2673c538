"""`mjtui hand pocket TILES [--self-draw] [--seat W] [--round W] [--win TILE] [situations]
[--flowers 1,3] [--seasons 2]`: a Hong Kong hand's patterns, fan and payments.

TILES is the mpsz notation (docs/tiles.md): ``123m456p789s11z [567s] (1111m)``,
``[...]`` an open meld, ``(...)`` a closed kong. ``--json`` prints
``{"tiles", "reading", "fan", "total", "limit_hand", "patterns", "points",
"self_draw", "seat", "round", "context", "flowers", "seasons"}``;
docs/pocket.md describes each. A hand under the ruleset's minimum fan, or
situations that cannot go together, are refused (HandError) with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.fan_waits import fan_waits_lines
from mjtui.core.systems.tools import Option, Tool
from mjtui.core.systems.winds import wind_name
from mjtui.core.tiles import parse_hand, parse_tiles, tile_name
from mjtui.core.tiles.notation import parse_waiting_hand
from mjtui.core.tiles.render import format_waiting
from mjtui.systems.pocket.events import SITUATIONS, read_bonus
from mjtui.systems.pocket.patterns import (
    Context,
    context_names,
    context_of,
    score_hand,
    score_problem,
)
from mjtui.systems.pocket.payments import by_role
from mjtui.systems.pocket.rules import Rules
from mjtui.systems.pocket.terms import say
from mjtui.systems.pocket.waits import Way, read_waits

if TYPE_CHECKING:
    from argparse import Namespace

OPTIONS = (
    Option(
        "tiles",
        "text",
        "the winner's tiles in mpsz notation, e.g. '123m456p789s11z [555z]' (quoted)",
        metavar="TILES",
        positional=True,
    ),
    Option("self-draw", "flag", "won on a tile the winner drew (otherwise on a discard)"),
    Option("seat", "wind", "the winner's seat wind (default E)", metavar="E|S|W|N", default=0),
    Option("round", "wind", "the round wind (default E)", metavar="E|S|W|N", default=0),
    Option(
        "win",
        "text",
        "the winning tile, e.g. 5p (default: the last concealed tile)",
        metavar="TILE",
    ),
    *(Option(s.word, "flag", s.help) for s in SITUATIONS),
    Option(
        "flowers",
        "text",
        "the winner's flowers by number 1-4, e.g. 1,3 (rulesets with "
        "bonus tiles; own flower: the seat wind's number, East 1)",
        metavar="N,N",
        default="",
    ),
    Option(
        "seasons", "text", "the winner's seasons by number 1-4, e.g. 2", metavar="N,N", default=""
    ),
)


def context_of_args(args: Namespace) -> Context:
    return context_of(
        args.seat,
        args.round,
        args.self_draw,
        [s.word for s in SITUATIONS if getattr(args, s.field)],
        read_bonus(args.flowers, "--flowers"),
        read_bonus(args.seasons, "--seasons"),
    )


def score(rules: Rules, args: Namespace) -> dict[str, Any]:
    """The JSON object of one hand given as command-line arguments."""
    hand = parse_hand(args.tiles, args.win)
    ctx = context_of_args(args)
    result = score_hand(rules, hand, ctx)
    patterns = [{"key": f.key, "name": f.name, "fan": f.fan} for f in result.patterns]
    problem = score_problem(rules, result)
    if problem:
        found = say(", ").join(f"{p['name']} {p['fan']}" for p in patterns) or say("no pattern")
        raise HandError(say("{problem} (found: {found})").format(problem=problem, found=found))
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
        "context": list(context_names(ctx)),
        "flowers": list(ctx.flowers),
        "seasons": list(ctx.seasons),
    }


def describe(rules: Rules, r: dict[str, Any], args: Namespace | None = None) -> str:
    """The reading, the patterns with their fan, and who pays what."""
    how = say("won on self-draw") if r["self_draw"] else say("won on a discard")
    comma = say(", ")
    extra = "".join(comma + say(c) for c in r["context"])
    for kind in ("flowers", "seasons"):
        if r.get(kind):
            extra += comma + f"{say(kind)} {' '.join(map(str, r[kind]))}"
    seat, round_wind = (wind_name(WINDS.index(r[k])) for k in ("seat", "round"))
    lines = [
        f"{r['reading']}: "
        + say("{how}, seat {seat}, round {round}").format(how=how, seat=seat, round=round_wind)
        + extra
    ]
    terms = " + ".join(f"{p['name']} {p['fan']}" for p in r["patterns"])
    capped = (
        say(" (paid as the {limit} fan limit)").format(limit=rules.fan.limit)
        if r["total"] > r["fan"]
        else ""
    )
    lines.append(
        f"  {terms} = " + say("{n} fan").format(n=r["fan"]) + capped
        if not r["limit_hand"]
        else f"  {terms}: " + say("limit hand, {n} fan").format(n=r["fan"])
    )
    p = r["points"]
    if r["self_draw"]:
        text = "  " + say("each of the three others pays {each} ({total} in all)").format(
            each=p["each"], total=p["total"]
        )
        if "guarantor" in p:
            text += say("; a guarantor pays all {n}").format(n=p["guarantor"])
    elif p["others"]:
        text = "  " + say(
            "the discarder pays {discarder}, each of the two others {others} ({total} in all)"
        ).format(discarder=p["discarder"], others=p["others"], total=p["total"])
    else:
        text = "  " + say("the discarder pays {n}").format(n=p["discarder"])
    lines.append(text)
    return "\n".join(lines)


HAND = Tool(OPTIONS, score, describe, batch=True)


# ------------------------------------------------------------------ mjtui waits

WAITS_OPTIONS = (
    Option(
        "tiles",
        "text",
        "the 13 tiles held (plus one per kong) in mpsz notation, e.g. '123m456p789s1z [555z]'",
        metavar="TILES",
        positional=True,
    ),
    *(o for o in OPTIONS if o.name not in ("tiles", "self-draw", "win")),
    Option(
        "seen",
        "text",
        "the tiles in sight (discards, the others' melds); not unseen",
        metavar="TILES",
        default="",
    ),
)
SELF_DRAW_ONLY = frozenset(("kong-replacement", "heavenly"))
DISCARD_ONLY = frozenset(("robbing-kong", "earthly"))


def way_context(args: Any, self_draw: bool) -> Context | None:
    """The Context of a win by self-draw (or on a discard) on a wait; None where a
    situation given cannot go with that way."""
    words = [s.word for s in SITUATIONS if getattr(args, s.field)]
    if set(words) & (DISCARD_ONLY if self_draw else SELF_DRAW_ONLY):
        return None
    return context_of(
        args.seat,
        args.round,
        self_draw,
        words,
        read_bonus(args.flowers, "--flowers"),
        read_bonus(args.seasons, "--seasons"),
    )


def waits(rules: Rules, args: Any) -> dict[str, Any]:
    """The JSON object of `mjtui waits`: ready or not, the shanten, each wait scored."""
    hand = parse_waiting_hand(args.tiles)
    found = read_waits(
        rules, hand, way_context(args, False), way_context(args, True), parse_tiles(args.seen)[0]
    )
    return {
        "tiles": format_waiting(hand),
        "tenpai": found.tenpai,
        "shanten": found.shanten,
        "waits": [
            {
                "tile": tile_name(w.tile),
                "unseen": w.unseen,
                "ron": way_json(rules, w.discard, False),
                "tsumo": way_json(rules, w.self_draw, True),
            }
            for w in found.waits
        ],
        "not_waits": [tile_name(t) for t in found.not_waits],
    }


def way_json(rules: Rules, way: Way, self_draw: bool) -> dict[str, Any]:
    s = way.score
    if way.problem is not None:
        found: dict[str, Any] = {"wins": False, "problem": way.short, "why": way.problem}
        if s is not None:
            found["fan"] = s.fan
        return found
    assert s is not None
    return {
        "wins": True,
        "fan": s.fan,
        "total": s.total,
        "limit_hand": s.limit_hand,
        "patterns": [{"key": f.key, "name": f.name, "fan": f.fan} for f in s.patterns],
        "points": by_role(rules, s.fan, self_draw),
        "reading": s.reading,
    }


def describe_waits(rules: Rules, r: dict[str, Any], args: Any = None) -> str:
    """Ready or the shanten, then a line per wait: what a discard and a self-draw win."""
    return "\n".join(fan_waits_lines(r, say, _won))


def _won(way: dict[str, Any]) -> str:
    terms = say(", ").join(f"{p['name']} {p['fan']}" for p in way["patterns"])
    return say("{fan} fan, {points} ({patterns})").format(
        fan=way["fan"], points=way["points"]["total"], patterns=terms
    )


WAITS = Tool(WAITS_OPTIONS, waits, describe_waits, batch=True)

__all__ = ["HAND", "WAITS", "context_of_args", "describe", "score", "way_context"]
