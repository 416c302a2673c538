"""Riichi's headless commands: `mjtui hand` (tiles to yaku, han, fu and payments) and
`mjtui points` (han and fu to payments, honba included).

``mjtui hand RULESET TILES`` takes the mpsz notation of docs/tiles.md
(``123m456p789s11z[567s](1111z)``). ``--json`` prints an object with ``han``,
``fu`` (null for a yakuman), ``yakuman``, ``yaku`` (names), ``yaku_han`` ([name,
han] pairs; for a yakuman hand [name, yakuman]), ``dora`` ({"dora", "ura",
"red", "kita"}), ``fu_items`` ([item, fu] as the fu calculator lists them),
``fu_total``, ``fu_rounding``, ``limit``, ``reading``, ``tiles``, ``yaku_met``
(true; a hand read without a yaku is refused, exit 2, and ``--json`` still
prints its reading and dora with ``yaku_met`` false, ``han`` 0, ``fu`` and
``points`` null) and
``points``: the same object as `mjtui points --json` prints, ``{"total": N,
"payments": {...}}``, where ``total`` is what the winner receives and
``payments`` holds, by who pays:

* ron: ``{"discarder": N}``;
* tsumo by a non-dealer: ``{"dealer": N, "non_dealer": N}`` (each of the two
  other non-dealers pays ``non_dealer``);
* tsumo by the dealer: ``{"non_dealer": N}`` (each of the three pays it; of the
  two at a three-player table, as the ruleset's ``table.players`` says).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjtui.core.cells import cells, ljust
from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.tools import Option, Refusal, Tool
from mjtui.core.systems.winds import wind_name
from mjtui.core.tiles.notation import parse_hand, parse_tiles, parse_waiting_hand, tile_name
from mjtui.core.tiles.render import format_hand, format_waiting
from mjtui.systems.riichi.han_fu import score_problem
from mjtui.systems.riichi.hand import Analysis, WinContext, analyze
from mjtui.systems.riichi.hand.analyzer import NoYaku
from mjtui.systems.riichi.hand.context import SITUATION_HELP, STATED, situation_flags
from mjtui.systems.riichi.hand.shapes import describe_shape
from mjtui.systems.riichi.hand.waits import Waits, Way, read_waits
from mjtui.systems.riichi.points import Payment, payment
from mjtui.systems.riichi.rules import Rules
from mjtui.systems.riichi.terms import fu_item, limit_name, reading, rounding, say, yaku_name

if TYPE_CHECKING:
    from argparse import Namespace

TILES_HELP = (
    "the winner's tiles in mpsz notation (docs/tiles.md), e.g. 123m406p789s11z[567s]; "
    "the winning tile is the last tile outside the melds unless --win names it"
)

HAND_OPTIONS = (
    Option("tiles", "text", TILES_HELP, metavar="TILES", positional=True),
    Option(
        "win",
        "text",
        "the winning tile (5p, 0p for a red five); default: the last tile typed outside the melds",
        metavar="TILE",
    ),
    Option("tsumo", "flag", "won by self-draw (default: ron)"),
    Option(
        "seat",
        "wind",
        "the winner's seat wind (default E, the dealer)",
        metavar="E|S|W|N",
        default=0,
    ),
    Option("round", "wind", "the round wind (default E)", metavar="E|S|W|N", default=0),
    Option("dora", "text", "the dora indicators, e.g. 3m1z", metavar="TILES", default=""),
    Option("ura", "text", "the ura dora indicators (with riichi)", metavar="TILES", default=""),
    Option("honba", "int", "honba counters on the table (default 0)", metavar="N", default=0),
    Option(
        "kita",
        "int",
        "three players: North tiles set aside, each a dora (default 0)",
        metavar="N",
        default=0,
    ),
    *(Option(flag.replace("_", "-"), "flag", text) for flag, text in STATED.items()),
    Option(
        "also",
        "text",
        f"the same situations as the tiles form's letters ({SITUATION_HELP}"
        "; l and h read as the win and the seat say)",
        metavar="LETTERS",
        default="",
    ),
)


def context(args: Namespace) -> WinContext:
    """The WinContext of the command-line options."""
    also = situation_flags(args.also, tsumo=args.tsumo, dealer=args.seat == 0)
    flags = {flag: getattr(args, flag) or flag in also for flag in STATED}
    if "double_riichi" in also:
        flags["riichi"] = False  # as in the tiles form: d stands for the riichi declared
    if args.honba < 0 or args.kita < 0:
        raise HandError(say("--honba and --kita are 0 or more"))
    return WinContext(
        tsumo=args.tsumo,
        seat_wind=args.seat,
        round_wind=args.round,
        dora=parse_tiles(args.dora)[0],
        ura=parse_tiles(args.ura)[0],
        honba=args.honba,
        kita=args.kita,
        **flags,
    )


def score(rules: Rules, args: Namespace) -> dict[str, Any]:
    """The JSON object of one riichi hand given as command-line arguments."""
    hand = parse_hand(args.tiles, args.win)
    ctx = context(args)
    try:
        analysis = analyze(rules, hand, ctx)
    except NoYaku as e:
        raise Refusal(str(e), no_yaku_json(e, format_hand(hand), ctx)) from None
    return to_json(analysis, format_hand(hand), ctx)


def no_yaku_json(e: NoYaku, tiles: str, ctx: WinContext) -> dict[str, Any]:
    """The object of a hand read without a yaku: its reading and dora, ``yaku_met``
    false, nothing scored (``han`` 0, ``fu`` and ``points`` null)."""
    d = e.dora
    return {
        "tiles": tiles,
        "reading": describe_shape(e.shape),
        "han": 0,
        "fu": None,
        "yakuman": 0,
        "yaku": [],
        "yaku_han": [],
        "yaku_met": False,
        "dora": {"dora": d.dora, "ura": d.ura, "red": d.red, "kita": d.kita},
        "fu_items": [],
        "fu_total": None,
        "fu_rounding": None,
        "limit": None,
        "points": None,
        "tsumo": ctx.tsumo,
        "dealer": ctx.dealer,
        "seat": WINDS[ctx.seat_wind],
        "round": WINDS[ctx.round_wind],
        "honba": ctx.honba,
    }


def to_json(a: Analysis, tiles: str, ctx: WinContext) -> dict[str, Any]:
    fu = a.fu_result
    yaku = a.yaku
    d = a.dora
    pay = a.payment
    return {
        "tiles": tiles,
        "reading": a.reading,
        "han": a.han,
        "fu": a.fu,
        "yakuman": a.yakuman,
        "yaku": [name for name, _ in yaku],
        "yaku_han": [[name, n] for name, n in yaku],
        "yaku_met": True,
        "yaku_names": [{"key": name, "name": yaku_name(name)} for name, _ in yaku],
        "dora": {"dora": d.dora, "ura": d.ura, "red": d.red, "kita": d.kita},
        "fu_items": [[item, n] for item, n in fu.lines] if fu else [],
        "fu_total": fu.total if fu else None,
        "fu_rounding": fu.rounding if fu else None,
        "limit": pay.base.name or None,
        "points": {"total": pay.total, "payments": pay.shares()},
        "tsumo": ctx.tsumo,
        "dealer": ctx.dealer,
        "seat": WINDS[ctx.seat_wind],
        "round": WINDS[ctx.round_wind],
        "honba": ctx.honba,
    }


DORA_WORDS = {"red": "red fives"}  # a kind of dora as the text says it


def describe_hand(rules: Rules, r: dict[str, Any], args: Namespace | None = None) -> str:
    """The reading, each yaku with its han, the fu item by item, and the payments."""
    way = say("tsumo") if r["tsumo"] else say("ron")
    seat, round_wind = (wind_name(WINDS.index(r[k])) for k in ("seat", "round"))
    lines = [
        say("{reading}, {way}, seat {seat}, round {round}").format(
            reading=reading(r["reading"]), way=way, seat=seat, round=round_wind
        )
    ]
    unit = "{n} yakuman" if r["yakuman"] else "{n} han"
    rows = [(yaku_name(name), say(unit).format(n=han)) for name, han in r["yaku_han"]]
    rows += [
        (say(DORA_WORDS.get(kind, kind)), say("{n} han").format(n=n))
        for kind, n in r["dora"].items()
        if n
    ]
    width = max(cells(name) for name, _ in rows)
    lines += [f"  {ljust(name, width)}  {value}" for name, value in rows]
    if r["yakuman"]:
        lines.append("  = " + say("{n} yakuman").format(n=r["yakuman"]))
    else:
        lines.append("  = " + say("{han} han {fu} fu").format(han=r["han"], fu=r["fu"]))
        lines.append(f"{say('fu')}:")
        items = [(fu_item(item), fu) for item, fu in r["fu_items"]]
        width = max(cells(item) for item, _ in [*items, (say("total"), 0)])
        lines += [f"  {ljust(item, width)}  {fu:>3}" for item, fu in items]
        lines.append(f"  {ljust(say('total'), width)}  {r['fu_total']:>3}")
        lines.append(f"  {rounding(r['fu_rounding'])}")
    han, fu = (0, None) if r["yakuman"] else (r["han"], r["fu"])
    pay = payment(
        rules, han, fu, dealer=r["dealer"], tsumo=r["tsumo"], honba=r["honba"], yakuman=r["yakuman"]
    )
    lines.append(
        describe_payment(rules, han, fu, r["yakuman"], r["dealer"], r["tsumo"], r["honba"], pay)
    )
    return "\n".join(lines)


HAND = Tool(HAND_OPTIONS, score, describe_hand, batch=True)


# ------------------------------------------------------------------ mjtui points

POINTS_OPTIONS = (
    Option("han", "int", "han (1 or more)", metavar="H"),
    Option("fu", "int", "fu (20, 25, 30, 40...); may be left out from 5 han on", metavar="F"),
    Option(
        "yakuman", "int", "a yakuman hand (N yakuman) instead of han and fu", metavar="N", default=0
    ),
    Option("ron", "flag", "won on a discard", group="way"),
    Option("tsumo", "flag", "won by self-draw", group="way"),
    Option("dealer", "flag", "the winner is the dealer"),
    Option("honba", "int", "honba counters on the table (default 0)", metavar="N", default=0),
)


def points(rules: Rules, args: Namespace) -> dict[str, Any]:
    """What a hand of ``args.han`` han and ``args.fu`` fu (or a yakuman) pays."""
    if args.honba < 0:
        raise HandError(say("--honba must be 0 or more, got {honba}").format(honba=args.honba))
    han = args.han or 0
    if args.yakuman and (args.han is not None or args.fu is not None):
        raise HandError(say("give --yakuman alone, or --han and --fu"))
    if not args.yakuman and args.han is None:
        raise HandError(say("give --han (and --fu below 5 han), or --yakuman"))
    problem = score_problem(rules, han, args.fu, tsumo=args.tsumo, yakuman=args.yakuman)
    if problem:
        raise HandError(problem)
    pay = payment(
        rules,
        han,
        args.fu,
        dealer=args.dealer,
        tsumo=args.tsumo,
        honba=args.honba,
        yakuman=args.yakuman,
    )
    return {"total": pay.total, "payments": pay.shares()}


def describe_points(rules: Rules, r: dict[str, Any], args: Namespace) -> str:
    han = args.han or 0
    pay = payment(
        rules,
        han,
        args.fu,
        dealer=args.dealer,
        tsumo=args.tsumo,
        honba=args.honba,
        yakuman=args.yakuman,
    )
    return describe_payment(
        rules, han, args.fu, args.yakuman, args.dealer, args.tsumo, args.honba, pay
    )


def describe_payment(
    rules: Rules,
    han: int,
    fu: int | None,
    yakuman: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    pay: Payment,
) -> str:
    """The payments in words: the hand, the amounts by payer, the total."""
    who = say("dealer") if dealer else say("non-dealer")
    if yakuman:
        hand = say("{n} yakuman").format(n=yakuman) if yakuman > 1 else say("yakuman")
    elif fu is not None:
        hand = say("{han} han {fu} fu").format(han=han, fu=fu)
    else:
        hand = say("{han} han").format(han=han)
    limit = limit_name(pay.base.name) if pay.base.name else ""
    head = f"{rules.name_said()}: {hand}" + (f" ({limit})" if limit and not yakuman else "")
    head += f", {who} {say('tsumo') if tsumo else say('ron')}: {pay.short()}"
    lines = [head]
    if not tsumo:
        lines.append("  " + say("the discarder pays {n}").format(n=pay.discarder))
    elif dealer:
        others = (
            "each of the three others pays {n}"
            if pay.payers == 3
            else ("each of the two others pays {n}")
        )
        lines.append("  " + say(others).format(n=pay.non_dealer))
    else:
        lines.append("  " + say("the dealer pays {n}").format(n=pay.dealer))
        other = (
            "each other non-dealer pays {n}"
            if pay.payers == 3
            else ("the other non-dealer pays {n}")
        )
        lines.append("  " + say(other).format(n=pay.non_dealer))
    total = say("total {n}").format(n=pay.total)
    if honba:
        total += " " + say("(with {honba} honba: +{n})").format(honba=honba, n=pay.honba)
    lines.append(f"  {total}")
    return "\n".join(lines)


POINTS = Tool(POINTS_OPTIONS, points, describe_points)

# ------------------------------------------------------------------ mjtui waits

WAITS_TILES_HELP = (
    "the 13 tiles held (plus one per kan) in mpsz notation (docs/tiles.md), melds in "
    "brackets, e.g. 123m406p789s11z[567s]"
)
WAITS_OPTIONS = (
    Option("tiles", "text", WAITS_TILES_HELP, metavar="TILES", positional=True),
    *(o for o in HAND_OPTIONS if o.name not in ("tiles", "win", "tsumo")),
    Option(
        "discards",
        "text",
        "the hand's own discards (a wait among them: furiten, no ron); not unseen",
        metavar="TILES",
        default="",
    ),
    Option(
        "seen",
        "text",
        "the other tiles in sight (the others' discards and melds); not unseen",
        metavar="TILES",
        default="",
    ),
)
TSUMO_ONLY = frozenset(("rinshan", "tenhou", "chiihou"))
RON_ONLY = frozenset(("chankan",))


def way_context(args: Any, tsumo: bool) -> WinContext | None:
    """The WinContext of a win by tsumo (or ron) on a wait, from the options: the last
    tile is haitei by tsumo and houtei by ron; None where a situation stated cannot go
    with that way (tenhou by ron, chankan by tsumo)."""
    also = situation_flags(args.also, tsumo=tsumo, dealer=args.seat == 0)
    stated = {flag for flag in STATED if getattr(args, flag)} | also
    if "haitei" in stated or "houtei" in stated:
        stated -= {"haitei", "houtei"}
        stated.add("haitei" if tsumo else "houtei")
    if stated & (RON_ONLY if tsumo else TSUMO_ONLY):
        return None
    if "double_riichi" in also:
        stated.discard("riichi")
    if args.honba < 0 or args.kita < 0:
        raise HandError(say("--honba and --kita are 0 or more"))
    return WinContext(
        tsumo=tsumo,
        seat_wind=args.seat,
        round_wind=args.round,
        dora=parse_tiles(args.dora)[0],
        ura=parse_tiles(args.ura)[0],
        honba=args.honba,
        kita=args.kita,
        **{flag: flag in stated for flag in STATED},
    )


def waits(rules: Rules, args: Any) -> dict[str, Any]:
    """The JSON object of `mjtui waits`: tenpai, shanten and each wait's readings."""
    hand = parse_waiting_hand(args.tiles)
    found = read_waits(
        rules,
        hand,
        way_context(args, False),
        way_context(args, True),
        parse_tiles(args.discards)[0],
        parse_tiles(args.seen)[0],
    )
    return waits_json(found)


def waits_json(found: Waits) -> dict[str, Any]:
    return {
        "tiles": format_waiting(found.hand),
        "tenpai": found.tenpai,
        "shanten": found.shanten,
        "furiten": found.furiten,
        "waits": [
            {
                "tile": tile_name(w.tile),
                "unseen": w.unseen,
                "ron": way_json(w.ron),
                "tsumo": way_json(w.tsumo),
            }
            for w in found.waits
        ],
        "not_waits": [tile_name(t) for t in found.not_waits],
    }


def way_json(way: Way) -> dict[str, Any]:
    a = way.analysis
    if a is None:
        return {"wins": False, "problem": way.short_problem, "why": way.problem}
    return {
        "wins": True,
        "han": a.han,
        "fu": a.fu,
        "yakuman": a.yakuman,
        "yaku_han": [list(y) for y in a.yaku],
        "dora": {"dora": a.dora.dora, "ura": a.dora.ura, "red": a.dora.red, "kita": a.dora.kita},
        "limit": a.payment.base.name or None,
        "points": {"total": a.payment.total, "payments": a.payment.shares()},
        "reading": a.reading,
    }


def describe_waits(rules: Rules, r: dict[str, Any], args: Any = None) -> str:
    """Tenpai or the shanten, then a line per wait: what ron and tsumo would score."""
    if not r["tenpai"]:
        also = (
            say(
                " (it waits on {tiles} by shape, but the hand holds all four: no wait under "
                "this ruleset)"
            ).format(tiles=", ".join(r["not_waits"]))
            if r["not_waits"]
            else ""
        )
        return f"{r['tiles']}: " + say("not tenpai, {n} shanten").format(n=r["shanten"]) + also
    left = sum(w["unseen"] for w in r["waits"])
    count = len(r["waits"])
    waits = (
        "tenpai, {count} waits, {left} tiles unseen"
        if count > 1
        else ("tenpai, {count} wait, {left} tiles unseen")
    )
    head = f"{r['tiles']}: " + say(waits).format(count=count, left=left)
    if r["furiten"]:
        head += say(" · furiten (no ron)")
    lines = [head]
    for w in r["waits"]:
        lines.append(f"  {w['tile']:<3} " + say("{n} left").format(n=w["unseen"]))
        for way in ("ron", "tsumo"):
            lines.append(f"      {ljust(say(way), 5)} {way_text(w[way])}")
    if r["not_waits"]:
        lines.append(
            "  "
            + say("not waits (all four in the hand): {tiles}").format(
                tiles=", ".join(r["not_waits"])
            )
        )
    return "\n".join(lines)


def way_text(way: dict[str, Any]) -> str:
    """A way to win in a line: '2 han 30 fu, 2000 (riichi 1, pinfu 1)' or 'no yaku'."""
    if not way["wins"]:
        return say(str(way["problem"]))
    if way["yakuman"]:
        score = (
            say("{n} yakuman").format(n=way["yakuman"]) if way["yakuman"] > 1 else (say("yakuman"))
        )
    elif way["fu"] is not None:
        score = say("{han} han {fu} fu").format(han=way["han"], fu=way["fu"])
    else:
        score = say("{han} han").format(han=way["han"])
    if way["limit"] and not way["yakuman"]:
        score += f" {limit_name(way['limit'])}"
    yaku = ", ".join(f"{yaku_name(name)} {n}" for name, n in way["yaku_han"])
    dora = sum(way["dora"].values())
    if dora:
        yaku += f", {say('dora')} {dora}"
    return f"{score}, {way['points']['total']} ({yaku})"


WAITS = Tool(WAITS_OPTIONS, waits, describe_waits, batch=True)

__all__ = [
    "HAND",
    "POINTS",
    "WAITS",
    "context",
    "describe_payment",
    "score",
    "to_json",
    "way_context",
]
