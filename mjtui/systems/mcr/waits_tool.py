"""`mjtui waits mcr TILES [--seat W] [--round W] [--last-tile] [--flowers N] [--seen TILES]`.

The JSON object (``--json``): ``tiles``, ``tenpai``, ``shanten`` (0 when
ready), ``waits`` and ``not_waits`` (waits by shape on a tile the hand holds
all four of). Each wait has ``tile`` (mpsz), ``unseen``, ``last_of_its_kind``
(the other three in sight: the fan Last Tile counts) and ``ron`` and
``tsumo``: ``{"wins": true, "fan", "hand_fan", "form", "reading", "fans",
"points"}``, or ``{"wins": false, "problem", "why"}`` with the ``fan`` where
the hand is under the minimum. ``fans`` each have ``key``, ``name``,
``name_zh``, ``fan`` (its value) and ``count``.
"""

from __future__ import annotations

from typing import Any

from mjtui.core.systems.fan_waits import fan_waits_lines
from mjtui.core.systems.tools import Option, Tool
from mjtui.core.tiles import parse_tiles, tile_name
from mjtui.core.tiles.notation import parse_waiting_hand
from mjtui.core.tiles.render import format_waiting
from mjtui.systems.mcr.calculator import Situation
from mjtui.systems.mcr.fans import BY_KEY
from mjtui.systems.mcr.payments import by_role
from mjtui.systems.mcr.rules import Rules
from mjtui.systems.mcr.terms import fan_name, say
from mjtui.systems.mcr.waits import Way, read_waits

OPTIONS = (
    Option(
        "tiles",
        "text",
        "the 13 tiles held (plus one per kong) in mpsz notation, e.g. '123m456p789s1z [555z]'",
        metavar="TILES",
        positional=True,
    ),
    Option("seat", "wind", "the player's seat wind (default E)", metavar="E|S|W|N", default=0),
    Option("round", "wind", "the round (prevalent) wind (default E)", metavar="E|S|W|N", default=0),
    Option("last-tile", "flag", "the wait is on the last tile of the wall (drawn or discarded)"),
    Option("flowers", "int", "the player's flower tiles (default 0)", metavar="N", default=0),
    Option(
        "seen",
        "text",
        "the tiles in sight (discards, the others' melds): not unseen, and a wait with "
        "its other three in sight is the last of its kind",
        metavar="TILES",
        default="",
    ),
)


def waits(rules: Rules, args: Any) -> dict[str, Any]:
    """The JSON object of `mjtui waits mcr`: ready or not, the shanten, each wait scored."""
    hand = parse_waiting_hand(args.tiles)
    situation = Situation(
        seat_wind=args.seat, round_wind=args.round, last_tile=args.last_tile, flowers=args.flowers
    )
    found = read_waits(rules, hand, situation, parse_tiles(args.seen)[0])
    return {
        "tiles": format_waiting(hand),
        "tenpai": found.tenpai,
        "shanten": found.shanten,
        "waits": [
            {
                "tile": tile_name(w.tile),
                "unseen": w.unseen,
                "last_of_its_kind": w.last_of_its_kind,
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
        "hand_fan": s.hand_fan,
        "form": s.form,
        "reading": s.reading,
        "fans": [
            {
                "key": key,
                "name": fan_name(key),
                "name_zh": BY_KEY[key].name_zh,
                "fan": rules.value(key),
                "count": count,
            }
            for key, count in s.fans
        ],
        "points": by_role(rules, s.fan, self_draw),
    }


def _won(way: dict[str, Any]) -> str:
    return say("{fan} fan, {points} ({fans})").format(
        fan=way["fan"], points=way["points"]["total"], fans=_fans_text(way)
    )


def _last_of_its_kind(wait: dict[str, Any]) -> str:
    return say(", the last of its kind") if wait["last_of_its_kind"] else ""


def _fans_text(way: dict[str, Any]) -> str:
    return say(", ").join(
        f"{f['name']} {f['fan']}" + (f"×{f['count']}" if f["count"] > 1 else "")
        for f in way["fans"]
    )


def describe_waits(rules: Rules, r: dict[str, Any], args: Any = None) -> str:
    """Ready or the shanten, then a line per wait: what a discard and a self-draw win."""
    lines = fan_waits_lines(r, say, _won, _last_of_its_kind)
    if r["not_waits"]:
        lines.append(
            "  "
            + say("no wait on {tiles}: the hand holds all four").format(
                tiles=", ".join(r["not_waits"])
            )
        )
    return "\n".join(lines)


WAITS = Tool(OPTIONS, waits, describe_waits, batch=True)

__all__ = ["OPTIONS", "WAITS", "describe_waits", "waits", "way_json"]
