"""`mjtui hand mcr TILES [--win TILE] [--self-draw] [--seat W] [--round W] [--fourth-tile]
[--kong] [--last-tile] [--flowers N]`: a Chinese Official hand's fans, total and payments.

TILES is the notation of docs/tiles.md (5z White, 6z Green, 7z Red; ``[123m]`` a
chow, ``[555p]`` a pung, ``[5555p]`` a melded kong, ``(5555p)`` a concealed
kong); ``--win`` names the winning tile (default: the last tile outside
brackets). ``--json`` prints ``{"tiles", "reading", "form", "fan", "hand_fan",
"flower_fan", "fans", "flowers", "minimum_met", "points", "self_draw", "seat",
"round", "context"}``; ``fans`` each have ``key``, ``name``, ``name_zh``,
``fan`` (its value) and ``count``. A hand under the minimum is refused
(Refusal: exit 2) with its fans and the reason; ``--json`` still prints its
object, ``minimum_met`` false and ``points`` null.
"""

from __future__ import annotations

from typing import Any

from mjtui.core import language
from mjtui.core.language import ENGLISH
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.tools import Option, Refusal, Tool
from mjtui.core.systems.winds import wind_name
from mjtui.core.tiles import parse_hand
from mjtui.systems.mcr.calculator import Score, Situation, score_hand
from mjtui.systems.mcr.events import CONTEXT
from mjtui.systems.mcr.fans import BY_KEY
from mjtui.systems.mcr.payments import by_role
from mjtui.systems.mcr.rules import Rules
from mjtui.systems.mcr.terms import fan_name, say

OPTIONS = (
    Option(
        "tiles",
        "text",
        "every tile of the winning hand, e.g. '123m456p789s11z [555z]' (quoted)",
        metavar="TILES",
        positional=True,
    ),
    Option(
        "win",
        "text",
        "the winning tile, e.g. 5p (default: the last tile outside brackets)",
        metavar="TILE",
    ),
    Option("self-draw", "flag", "won on a tile the winner drew (otherwise on a discard)"),
    Option("seat", "wind", "the winner's seat wind (default E)", metavar="E|S|W|N", default=0),
    Option("round", "wind", "the round (prevalent) wind (default E)", metavar="E|S|W|N", default=0),
    Option("fourth-tile", "flag", "the winning tile was the last of its kind (和绝张)"),
    Option(
        "kong",
        "flag",
        "self-drawn: won on a kong's replacement tile; on a discard: by robbing a kong",
    ),
    Option("last-tile", "flag", "won on the last tile of the wall (drawn or discarded)"),
    Option("flowers", "int", "the winner's flower tiles (default 0)", metavar="N", default=0),
)


def situation_of(args: Any) -> Situation:
    return Situation(
        self_draw=args.self_draw,
        seat_wind=args.seat,
        round_wind=args.round,
        fourth_tile=args.fourth_tile,
        kong=args.kong,
        last_tile=args.last_tile,
        flowers=args.flowers,
    )


def fans_json(rules: Rules, score: Score) -> list[dict[str, Any]]:
    return [
        {
            "key": key,
            "name": fan_name(key),
            "name_zh": BY_KEY[key].name_zh,
            "fan": rules.value(key),
            "count": count,
        }
        for key, count in score.fans
    ]


def score(rules: Rules, args: Any) -> dict[str, Any]:
    """The JSON object of one hand given as command-line arguments."""
    result = score_hand(rules, parse_hand(args.tiles, args.win), situation_of(args))
    fans = fans_json(rules, result)
    read = {
        "tiles": args.tiles,
        "reading": result.reading,
        "form": result.form,
        "fan": result.fan,
        "hand_fan": result.hand_fan,
        "flower_fan": result.flower_fan,
        "fans": fans,
        "flowers": result.flowers,
        "minimum_met": result.minimum_met,
        # Nobody pays a hand under the minimum (a false win, as the game takes it).
        "points": by_role(rules, result.fan, args.self_draw) if result.minimum_met else None,
        "self_draw": args.self_draw,
        "seat": WINDS[args.seat],
        "round": WINDS[args.round],
        "context": [c for c in CONTEXT if getattr(args, c.replace("-", "_"))],
    }
    if not result.minimum_met:
        from mjtui.systems.mcr.terms import say

        found = say(", ").join(_term(f) for f in fans)
        raise Refusal(
            say("{problem} (found: {found})").format(problem=result.reason, found=found), read
        )
    return read


def _term(fan: dict[str, Any]) -> str:
    times = f"×{fan['count']}" if fan["count"] > 1 else ""
    if fan["name"] == BY_KEY[fan["key"]].name:  # English: the Chinese name beside it
        return f"{fan['name']} {fan['name_zh']} {fan['fan']}{times}"
    return f"{fan['name']} {fan['fan']}{times}"


def describe(rules: Rules, r: dict[str, Any], args: Any = None) -> str:
    """The reading, each fan with its value, the total and who pays what."""
    how = say("won on self-draw") if r["self_draw"] else say("won on a discard")
    comma = say(", ")
    extra = "".join(comma + say(c) for c in r["context"])
    seat, round_wind = (wind_name(WINDS.index(r[k])) for k in ("seat", "round"))
    lines = [
        f"{r['reading']}: "
        + say("{how}, seat {seat}, round {round}").format(how=how, seat=seat, round=round_wind)
        + extra
    ]
    lines += [f"  {_term(f)}" for f in r["fans"]]
    if r["flowers"]:
        each = r["flower_fan"] // r["flowers"]
        times = f"×{r['flowers']}" if r["flowers"] > 1 else ""
        flower = "Flower Tiles 花牌" if language.current() == ENGLISH else fan_name("flower_tiles")
        lines.append(f"  {flower} {each}{times}")
    lines.append("  = " + say("{n} fan").format(n=r["fan"]))
    p = r["points"]
    if r["self_draw"]:
        lines.append(
            "  "
            + say("each of the three others pays {each} ({total} in all)").format(
                each=p["each"], total=p["total"]
            )
        )
    else:
        lines.append(
            "  "
            + say(
                "the discarder pays {discarder}, each of the two others {others} ({total} in all)"
            ).format(discarder=p["discarder"], others=p["others"], total=p["total"])
        )
    return "\n".join(lines)


HAND = Tool(OPTIONS, score, describe, batch=True)

__all__ = ["HAND", "OPTIONS", "describe", "fans_json", "score", "situation_of"]
