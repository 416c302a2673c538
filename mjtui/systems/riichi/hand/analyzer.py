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

from mjtui.core.errors import HandError
from mjtui.core.tiles.notation import TileHand, parse_hand
from mjtui.systems.riichi.hand import yaku as Y
from mjtui.systems.riichi.hand.analysis import Analysis
from mjtui.systems.riichi.hand.context import WinContext, check_context
from mjtui.systems.riichi.hand.dora import NO_DORA, Dora, count_dora
from mjtui.systems.riichi.hand.fu_count import pinfu_shape, quick_fu
from mjtui.systems.riichi.hand.shapes import (
    SevenPairs,
    Shape,
    Standard,
    ThirteenOrphans,
    special_shapes,
    standard_shapes,
)
from mjtui.systems.riichi.points import Payment, base_points, payment, round_up
from mjtui.systems.riichi.rules import Rules, say

Candidate = tuple[Shape, list[str], list[str]]  # a reading, its yaku and its yakuman

NO_YAKU = "no yaku: the hand needs at least one yaku to win (dora do not count)"


class NoYaku(HandError):
    """A winning shape without a yaku: the message, and the reading and dora beside it
    (for a tool that shows what was read)."""

    def __init__(self, shape: Shape, dora: Dora) -> None:
        super().__init__(NO_YAKU)
        self.shape, self.dora = shape, dora


NOT_WINNING = (
    "these tiles are not a winning hand: they do not make four sets and a pair, "
    "seven pairs or thirteen orphans"
)


def analyze(rules: Rules, hand: TileHand, ctx: WinContext) -> Analysis:
    """Score ``hand`` won as ``ctx`` says under ``rules``; HandError when it cannot win."""
    check_context(hand, ctx)
    three = rules.players == 3
    if three or ctx.kita:
        _check_tile_set(hand, ctx, three)
    concealed = hand.concealed_counts()
    melds = hand.melds
    if melds:
        counts = concealed.copy()
        for meld in melds:
            for t in meld.tiles:
                counts[t] += 1
        closed = not any(m.opened for m in melds)
    else:
        counts = concealed  # read only from here on
        closed = True
    ron = not ctx.tsumo
    seat, round_wind = ctx.seat_wind, ctx.round_wind
    options = rules.yaku
    situation = Y.situation_yaku(ctx, closed)
    situation_yakuman = Y.situation_yakuman(ctx)
    candidates: list[Candidate] = []

    if not melds:
        for shape in special_shapes(hand, concealed):
            if isinstance(shape, ThirteenOrphans):
                name = (
                    "kokushi musou, thirteen-sided wait"
                    if shape.pair == hand.win
                    else "kokushi musou"
                )
                candidates.append((shape, [], [name, *situation_yakuman]))
            else:
                tile_yaku, tile_yakuman = Y.tile_yaku(
                    counts, closed, options.open_tanyao, seat, round_wind, False
                )
                candidates.append(
                    (
                        shape,
                        [*situation, "chiitoitsu", *tile_yaku],
                        tile_yakuman + situation_yakuman,
                    )
                )

    shapes = standard_shapes(hand, concealed)
    if shapes:
        tile_yaku, tile_yakuman = Y.tile_yaku(
            counts, closed, options.open_tanyao, seat, round_wind, True
        )
        tile_yakuman += situation_yakuman
        if not melds and "chinitsu" in tile_yaku:  # nine gates: 14 tiles of one suit
            gates = Y.nine_gates(counts, hand.win)
            if gates:
                tile_yakuman.append(gates)
        common = situation + tile_yaku
        pinfu_counts = closed and (ron or rules.fu.pinfu_tsumo == 20)
        last_groups = None
        for shape in shapes:
            groups = shape.groups
            if groups is not last_groups:
                last_groups = groups
                set_yaku, set_yakuman = Y.reading_yaku(groups, shape.pair, closed)
            yaku = common + set_yaku
            yakuman = tile_yakuman + set_yakuman if set_yakuman else tile_yakuman.copy()
            if pinfu_counts and shape.wait == "ryanmen" and pinfu_shape(shape, seat, round_wind):
                yaku.append("pinfu")
            hidden = Y.concealed_triplets(groups, shape.win_group, ron)
            if hidden == 4:
                yakuman.append("suuankou tanki" if shape.wait == "tanki" else "suuankou")
            elif hidden == 3:
                yaku.append("sanankou")
            candidates.append((shape, yaku, yakuman))

    if not candidates:
        raise HandError(NOT_WINNING)
    table = Y.han_table(options)
    han_of = table.closed if closed else table.opened
    dora = count_dora(counts, ctx, hand.red if options.red_fives else 0, three)
    if len(candidates) == 1:  # most hands read one way only
        shape, names, yakuman_names = candidates[0]
        if yakuman_names:
            return _yakuman(rules, table, ctx, shape, yakuman_names)
        han = sum(map(han_of.__getitem__, names))
        if not han:
            raise NoYaku(shape, dora)
        fu = _fu(rules, shape, ron, closed, seat, round_wind)
    else:  # the others are ranked by what they pay
        best_rank = (-1, 0, 0, 0)
        for candidate in candidates:
            rank = _rank(rules, table, han_of, ctx, candidate, closed, dora.total)
            if rank > best_rank:  # the first of equals stays
                best_rank, best = rank, candidate
        _, _, han, fu = best_rank
        shape, names, yakuman_names = best
        if yakuman_names:
            return _yakuman(rules, table, ctx, shape, yakuman_names)
        if not han:
            raise NoYaku(shape, dora)
        han -= dora.total
    scored = tuple([(n, han_of[n]) for n in _ordered(names)])
    han += dora.total
    return Analysis(
        han,
        fu,
        scored,
        0,
        dora,
        shape,
        _payment(rules, han, fu, 0, ctx),
        (rules.fu, ron, closed, seat, round_wind),
    )


MANZU_2_8 = range(1, 8)  # tile ids of 2m to 8m


def _check_tile_set(hand: TileHand, ctx: WinContext, three: bool) -> None:
    """A three-player hand holds no 2m-8m (nor do its indicators) and no chi, and
    nobody sits North; kita is three-player only."""
    if not three:
        raise HandError(
            say(
                "kita (North tiles set aside as dora) is played by three players only: this "
                "ruleset seats four"
            )
        )
    if ctx.seat_wind == 3:
        raise HandError(
            say(
                "there is no North seat at a three-player table: the seat wind is East, South or "
                "West"
            )
        )
    tiles = list(hand.concealed_counts())
    for meld in hand.melds:
        if meld.kind == "chi":
            raise HandError(
                say(
                    "there is no chi at a three-player table: a called sequence cannot be in the "
                    "hand"
                )
            )
        for t in meld.tiles:
            tiles[t] += 1
    bad = [t for t in MANZU_2_8 if tiles[t]]
    shown = [t for t in (*ctx.dora, *ctx.ura) if t in MANZU_2_8]
    if bad or shown:
        raise HandError(
            say(
                "{bad}m is not in the three-player set (the manzu 2-8 are taken out): check the "
                "tiles"
            ).format(bad=(bad or shown)[0] + 1)
        )


def _fu(rules: Rules, shape: Shape, ron: bool, closed: bool, seat: int, round_wind: int) -> int:
    if isinstance(shape, SevenPairs):
        return rules.fu.seven_pairs
    assert isinstance(shape, Standard)
    return quick_fu(rules.fu, shape, ron, closed, seat, round_wind)


def _rank(
    rules: Rules,
    table: Y.HanTable,
    han_of: dict[str, int],
    ctx: WinContext,
    candidate: Candidate,
    closed: bool,
    dora: int,
) -> tuple[int, int, int, int]:
    """(points, yakuman, han, fu): a yakuman beats a kazoe hand that pays the same, as
    players call such a hand by its yakuman."""
    shape, names, yakuman_names = candidate
    if yakuman_names:
        n = Y.yakuman_count(yakuman_names, table)
        return _points(rules, ctx, 0, None, n), n, 0, 0
    han = sum(map(han_of.__getitem__, names))
    if not han:
        return 0, 0, 0, 0
    fu = _fu(rules, shape, not ctx.tsumo, closed, ctx.seat_wind, ctx.round_wind)
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


_PAYMENTS: dict[tuple[int, int, int | None, int, bool, bool, int], tuple[Rules, Payment]] = {}


def _payment(rules: Rules, han: int, fu: int | None, yakuman: int, ctx: WinContext) -> Payment:
    """:func:`payment`, remembered: hands repeat a few dozen han and fu, and a
    Payment never changes. The rules are kept beside it, so an id reused by
    other rules is a miss."""
    key = (id(rules), han, fu, yakuman, ctx.seat_wind == 0, ctx.tsumo, ctx.honba)
    found = _PAYMENTS.get(key)
    if found is None or found[0] is not rules:
        if len(_PAYMENTS) > 4096:
            _PAYMENTS.clear()
        found = _PAYMENTS[key] = (
            rules,
            payment(
                rules, han, fu, dealer=ctx.dealer, tsumo=ctx.tsumo, honba=ctx.honba, yakuman=yakuman
            ),
        )
    return found[1]


def _yakuman(
    rules: Rules, table: Y.HanTable, ctx: WinContext, shape: Shape, names: list[str]
) -> Analysis:
    yaku = tuple((n, table.yakuman[n]) for n in _ordered(names))
    count = sum(n for _, n in yaku)
    return Analysis(0, None, yaku, count, NO_DORA, shape, _payment(rules, 0, None, count, ctx))


_RANK = {name: i for i, name in enumerate((*Y.YAKU, *Y.YAKUMAN))}


def _ordered(names: list[str]) -> list[str]:
    """The yaku in the order of the table, as score sheets list them."""
    return sorted(names, key=_RANK.__getitem__)


def analyze_text(rules: Rules, text: str, ctx: WinContext, win: str | None = None) -> Analysis:
    """Parse ``text`` (docs/tiles.md) and analyze it."""
    return analyze(rules, parse_hand(text, win), ctx)
