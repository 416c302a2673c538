"""A winning hand's tiles to its yaku, han, fu and payments.

Every reading of the hand is scored (each way to read it as four sets and a
pair, with each wait the winning tile can have completed; seven pairs;
thirteen orphans) and the best one counts: the most points, then a yakuman
over a kazoe hand paying the same, then the most han, then the most fu.
Dora add han to a hand with a yaku but are not one.

Usage::

    analysis = analyze_text(rules, "234m567p22s[888s]555z",
                            WinContext(tsumo=True, dora=(3,)))
    analysis.han, analysis.fu, analysis.yaku, analysis.payment.total
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.systems.riichi.fu import FuResult
from mjtui.core.systems.riichi.hand import yaku as Y
from mjtui.core.systems.riichi.hand.context import WinContext, check_context
from mjtui.core.systems.riichi.hand.dora import Dora, count_dora
from mjtui.core.systems.riichi.hand.fu_count import (
    pinfu_shape,
    quick_fu,
    seven_pairs_fu,
    standard_fu,
)
from mjtui.core.systems.riichi.hand.shapes import (
    SevenPairs,
    Shape,
    Standard,
    ThirteenOrphans,
    describe_shape,
    special_shapes,
    standard_shapes,
)
from mjtui.core.systems.riichi.points import Payment, base_points, payment, round_up
from mjtui.core.systems.riichi.rules import Rules
from mjtui.core.tiles.notation import TileHand, parse_hand


@dataclass(frozen=True)
class Analysis:
    """The best reading of a hand and what it scores.

    A yakuman hand has ``han`` 0, ``fu`` None and ``yakuman`` >= 1, as the
    riichi hand form takes it; ``yaku`` then lists the yakuman, each with the
    number of yakuman it counts.
    """

    han: int  # yaku and dora
    fu: int | None
    fu_result: FuResult | None  # the fu calculator's breakdown
    yaku: tuple[tuple[str, int], ...]  # (name, han), or (name, yakuman) for a yakuman hand
    yakuman: int
    dora: Dora
    shape: Shape
    payment: Payment

    @property
    def fu_items(self) -> tuple[tuple[str, int], ...]:
        return self.fu_result.lines if self.fu_result else ()

    @property
    def yaku_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.yaku)

    @property
    def reading(self) -> str:
        """The reading chosen, in words: '123m 456p [789s] 555z 11z (wait: ryanmen)'."""
        return describe_shape(self.shape)


Candidate = tuple[Shape, list[str], list[str]]  # a reading, its yaku and its yakuman


def analyze(rules: Rules, hand: TileHand, ctx: WinContext) -> Analysis:
    """Score ``hand`` won as ``ctx`` says under ``rules``; HandError when it cannot win."""
    check_context(hand, ctx)
    concealed = hand.concealed_counts()
    counts = list(concealed)
    for meld in hand.melds:
        for t in meld.tiles:
            counts[t] += 1
    closed = hand.closed
    ron = not ctx.tsumo
    options = rules.yaku
    situation = Y.situation_yaku(ctx, closed)
    situation_yakuman = Y.situation_yakuman(ctx)
    candidates: list[Candidate] = []

    for shape in special_shapes(hand, concealed):
        if isinstance(shape, ThirteenOrphans):
            name = "kokushi musou, thirteen-sided wait" if shape.pair == hand.win \
                else "kokushi musou"
            candidates.append((shape, [], [name] + situation_yakuman))
        else:
            tile_yaku, tile_yakuman = Y.tile_yaku(counts, closed, options.open_tanyao,
                                                  ctx.seat_wind, ctx.round_wind, False)
            candidates.append((shape, situation + ["chiitoitsu"] + tile_yaku,
                               tile_yakuman + situation_yakuman))

    shapes = standard_shapes(hand, concealed)
    if shapes:
        tile_yaku, tile_yakuman = Y.tile_yaku(counts, closed, options.open_tanyao,
                                              ctx.seat_wind, ctx.round_wind, True)
        tile_yakuman += situation_yakuman
        if closed and not hand.melds:
            gates = Y.nine_gates(counts, hand.win)
            if gates:
                tile_yakuman.append(gates)
        common = situation + tile_yaku
        pinfu_counts = closed and (ron or rules.fu.pinfu_tsumo == 20)
        last_groups = None
        for shape in shapes:
            if shape.groups is not last_groups:
                last_groups = shape.groups
                set_yaku, set_yakuman = Y.reading_yaku(shape.groups, shape.pair, closed)
            yaku = common + set_yaku
            yakuman = tile_yakuman + set_yakuman
            if pinfu_counts and pinfu_shape(shape, ctx.seat_wind, ctx.round_wind):
                yaku.append("pinfu")
            hidden = Y.concealed_triplets(shape.groups, shape.win_group, ron)
            if hidden == 4:
                yakuman.append("suuankou tanki" if shape.wait == "tanki" else "suuankou")
            elif hidden == 3:
                yaku.append("sanankou")
            candidates.append((shape, yaku, yakuman))

    if not candidates:
        raise HandError("these tiles are not a winning hand: they do not make four sets and "
                        "a pair, seven pairs or thirteen orphans")
    dora = count_dora(counts, ctx, hand.red if options.red_fives else 0)
    han_of = Y.HAN_CLOSED if closed else Y.HAN_OPEN
    # Most hands read one way only; the others are ranked by what they pay.
    best = candidates[0] if len(candidates) == 1 else max(
        candidates, key=lambda c: _rank(rules, ctx, c, closed, dora.total))
    shape, names, yakuman_names = best
    if yakuman_names:
        return _yakuman(rules, ctx, shape, yakuman_names)
    if not sum(map(han_of.__getitem__, names)):
        raise HandError("no yaku: the hand needs at least one yaku to win (dora do not count)")
    return _analysis(rules, closed, ctx, shape, names, dora)


def _rank(rules: Rules, ctx: WinContext, candidate: Candidate, closed: bool,
          dora: int) -> tuple[int, int, int, int]:
    """(points, yakuman, han, fu): a yakuman beats a kazoe hand that pays the same, as
    players call such a hand by its yakuman."""
    shape, names, yakuman_names = candidate
    if yakuman_names:
        n = Y.yakuman_count(yakuman_names, rules.yaku.double_yakuman)
        return _points(rules, ctx, 0, None, n), n, 0, 0
    han = sum(map((Y.HAN_CLOSED if closed else Y.HAN_OPEN).__getitem__, names))
    if not han:
        return 0, 0, 0, 0
    if isinstance(shape, SevenPairs):
        fu = rules.fu.seven_pairs
    else:
        assert isinstance(shape, Standard)
        fu = quick_fu(rules.fu, shape, not ctx.tsumo, closed, ctx.seat_wind, ctx.round_wind)
    han += dora
    return _points(rules, ctx, han, fu, 0), 0, han, fu


def _points(rules: Rules, ctx: WinContext, han: int, fu: int | None, yakuman: int) -> int:
    """What the winner receives, honba aside (the same for every reading)."""
    b = base_points(rules.limits, han, fu, yakuman).points
    unit = rules.payments.rounding
    if not ctx.tsumo:
        return round_up((6 if ctx.dealer else 4) * b, unit)
    if ctx.dealer:
        return 3 * round_up(2 * b, unit)
    return round_up(2 * b, unit) + 2 * round_up(b, unit)


_PAYMENTS: dict[tuple, tuple[Rules, Payment]] = {}


def _payment(rules: Rules, han: int, fu: int | None, yakuman: int, ctx: WinContext) -> Payment:
    """:func:`payment`, remembered: hands repeat a few dozen han and fu, and a
    Payment never changes. The rules are kept beside it, so an id reused by
    other rules is a miss."""
    key = (id(rules), han, fu, yakuman, ctx.dealer, ctx.tsumo, ctx.honba)
    found = _PAYMENTS.get(key)
    if found is None or found[0] is not rules:
        if len(_PAYMENTS) > 4096:
            _PAYMENTS.clear()
        found = _PAYMENTS[key] = (rules, payment(rules, han, fu, dealer=ctx.dealer,
                                                 tsumo=ctx.tsumo, honba=ctx.honba,
                                                 yakuman=yakuman))
    return found[1]


def _yakuman(rules: Rules, ctx: WinContext, shape: Shape, names: list[str]) -> Analysis:
    double = rules.yaku.double_yakuman
    yaku = tuple((n, Y.yakuman_count([n], double)) for n in _ordered(names))
    count = sum(n for _, n in yaku)
    return Analysis(0, None, None, yaku, count, Dora(), shape,
                    _payment(rules, 0, None, count, ctx))


def _analysis(rules: Rules, closed: bool, ctx: WinContext, shape: Shape, names: list[str],
              dora: Dora) -> Analysis:
    han_of = Y.HAN_CLOSED if closed else Y.HAN_OPEN
    yaku = tuple((n, han_of[n]) for n in _ordered(names))
    han = sum(h for _, h in yaku) + dora.total
    if isinstance(shape, SevenPairs):
        result = seven_pairs_fu(rules.fu)
    else:
        assert isinstance(shape, Standard)
        result = standard_fu(rules.fu, shape, not ctx.tsumo, closed, ctx.seat_wind,
                             ctx.round_wind)
    return Analysis(han, result.fu, result, yaku, 0, dora, shape,
                    _payment(rules, han, result.fu, 0, ctx))


_RANK = {name: i for i, name in enumerate((*Y.YAKU_HAN, *Y.YAKUMAN))}


def _ordered(names: list[str]) -> list[str]:
    """The yaku in the order of the table, as score sheets list them."""
    return sorted(names, key=_RANK.__getitem__)


def analyze_text(rules: Rules, text: str, ctx: WinContext, win: str | None = None) -> Analysis:
    """Parse ``text`` (docs/tiles.md) and analyze it."""
    return analyze(rules, parse_hand(text, win), ctx)
