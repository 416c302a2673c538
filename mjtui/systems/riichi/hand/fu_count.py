"""Fu of a reading, itemised as the app's fu calculator (mjtui.systems.riichi.fu) does.

:func:`quick_fu` adds the ruleset's ``[fu]`` values for each reading the
analyzer weighs; :func:`standard_fu` gives the chosen one's breakdown with
the calculator's item names. Going through the calculator itself (its form,
:func:`fu_hand`, and :func:`calculate`) gives the same lines but would
double the analyzer's time; the tests hold all three equal.
"""

from __future__ import annotations

from functools import cache

from mjtui.systems.riichi.fu import (
    PAIR_NAMES,
    WAIT_NAMES,
    FuHand,
    FuResult,
    Meld,
    MeldKind,
    PairKind,
    calculate,
)
from mjtui.systems.riichi.hand.shapes import Group, GroupKind, Standard
from mjtui.systems.riichi.rules import Fu

OUTSIDE = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
ONE_TILE_WAITS = frozenset(("kanchan", "penchan", "tanki"))
# The (kind, open, terminals) of a set, as the Fu table's key names it.
_KIND: dict[GroupKind, MeldKind] = {"chi": "sequence", "pon": "triplet", "kan": "kan"}


def pair_kind(tile: int, seat: int, round_wind: int) -> PairKind:
    if tile >= 31:
        return "dragon"
    if tile < 27:
        return "number"
    wind = tile - 27
    if wind == seat:
        return "double-wind" if wind == round_wind else "seat-wind"
    return "round-wind" if wind == round_wind else "guest-wind"


def _pair_fu(fu: Fu, kind: PairKind) -> int:
    if kind == "double-wind":
        return fu.double_wind_pair
    if kind in ("dragon", "seat-wind", "round-wind"):
        return fu.value_pair
    return 0


def pinfu_shape(shape: Standard, seat: int, round_wind: int) -> bool:
    """Four sequences, a ryanmen wait and a pair worth nothing (pinfu, if closed)."""
    return (
        shape.wait == "ryanmen"
        and all(g.kind == "chi" for g in shape.groups)
        and pair_kind(shape.pair, seat, round_wind) in ("number", "guest-wind")
    )


def quick_fu(fu: Fu, shape: Standard, ron: bool, closed: bool, seat: int, round_wind: int) -> int:
    """The fu of a standard reading, as :func:`standard_fu` counts them, without the lines."""
    kind = pair_kind(shape.pair, seat, round_wind)
    total = fu.base + _pair_fu(fu, kind)
    all_chi = True
    for i, g in enumerate(shape.groups):
        if g.kind == "chi":
            continue
        all_chi = False
        opened = g.opened or (ron and i == shape.win_group)
        outside = g.first in OUTSIDE
        if g.kind == "pon":
            if opened:
                total += fu.open_triplet_terminals if outside else fu.open_triplet_simples
            else:
                total += fu.closed_triplet_terminals if outside else fu.closed_triplet_simples
        elif opened:
            total += fu.open_kan_terminals if outside else fu.open_kan_simples
        else:
            total += fu.closed_kan_terminals if outside else fu.closed_kan_simples
    if shape.wait in ONE_TILE_WAITS:
        total += fu.wait
    if ron:
        if closed:
            total += fu.closed_ron
        elif total == fu.base:
            total = fu.open_pinfu
    elif (
        closed
        and all_chi
        and shape.wait == "ryanmen"
        and kind in ("number", "guest-wind")
        and fu.pinfu_tsumo == 20
    ):
        return total  # pinfu tsumo: fixed, not rounded
    else:
        total += fu.tsumo
    return -(-total // 10) * 10


def fu_hand(shape: Standard, ron: bool, closed: bool, seat: int, round_wind: int) -> FuHand:
    """The reading as the fu calculator's form describes it."""
    melds = tuple(
        Meld(
            _KIND[g.kind],
            g.opened,
            g.first in OUTSIDE,
            i == shape.win_group and shape.wait != "tanki",
        )
        for i, g in enumerate(shape.groups)
    )
    return FuHand(
        "ron" if ron else "tsumo",
        closed,
        shape.wait,
        pair_kind(shape.pair, seat, round_wind),
        melds,
    )


def standard_fu(
    fu: Fu, shape: Standard, ron: bool, closed: bool, seat: int, round_wind: int
) -> FuResult:
    """The fu calculator's breakdown of a standard reading (items A-F of fu.py)."""
    kind = pair_kind(shape.pair, seat, round_wind)
    groups, wait, win_group = shape.groups, shape.wait, shape.win_group
    all_chi = True
    for g in groups:
        if g.kind != "chi":
            all_chi = False
            break
    pinfu_tsumo = (
        all_chi and wait == "ryanmen" and kind in ("number", "guest-wind") and closed and not ron
    )
    base = fu.base
    lines: list[tuple[str, int]] = [("base", base)]
    if ron and closed:
        lines.append(("closed hand won by ron", fu.closed_ron))
        total = base + fu.closed_ron
    elif not ron and pinfu_tsumo and fu.pinfu_tsumo == 20:
        lines.append(("tsumo (pinfu: not counted)", 0))
        total = base
    elif not ron:
        lines.append(("tsumo", fu.tsumo))
        total = base + fu.tsumo
    else:
        total = base
    waited = fu.wait if wait in ONE_TILE_WAITS else 0
    paired = _pair_fu(fu, kind)
    lines.append((WAIT_NAMES[wait], waited))
    lines.append((PAIR_NAMES[kind], paired))
    total += waited + paired
    shanpon_ron = ron and wait == "shanpon"
    for i, g in enumerate(groups):
        line = _group_line(fu, i + 1, g, shanpon_ron and i == win_group)
        lines.append(line)
        total += line[1]
    if pinfu_tsumo and fu.pinfu_tsumo == 20:
        return FuResult(
            tuple(lines), total, total, f"{total} fu: fixed for pinfu tsumo, not rounded"
        )
    if not closed and ron and total == fu.base:
        lines.append((f"open hand with no fu: counts {fu.open_pinfu}", fu.open_pinfu - fu.base))
        total = fu.open_pinfu
    rounded = -(-total // 10) * 10
    rounding = (
        f"{total} fu: a multiple of 10 already"
        if rounded == total
        else f"{total} fu rounds up to {rounded}"
    )
    return FuResult(tuple(lines), total, rounded, rounding)


def _group_line(fu: Fu, n: int, g: Group, won_by_ron: bool) -> tuple[str, int]:
    if g.kind == "chi":
        return _CHI_LINES[n - 1][g.opened]
    label, key = _set_line(n, g.kind, g.opened, g.first in OUTSIDE, won_by_ron)
    return label, getattr(fu, key)


_CHI_LINES = tuple(
    ((f"meld {n}: sequence", 0), (f"meld {n}: open sequence", 0)) for n in range(1, 5)
)


@cache
def _set_line(
    n: int, kind: GroupKind, opened: bool, outside: bool, won_by_ron: bool
) -> tuple[str, str]:
    """The line's label and the Fu key of a triplet or kan (the fu calculator's words)."""
    name = (
        f"{'open' if opened else 'closed'} {_KIND[kind]} of "
        f"{'terminals/honors' if outside else 'simples'}"
    )
    if won_by_ron:
        opened = True
        name += ", completed by ron (counts as open)"
    key = f"{'open' if opened else 'closed'}_{_KIND[kind]}_{'terminals' if outside else 'simples'}"
    return f"meld {n}: {name}", key


def calculator_fu(
    fu: Fu, shape: Standard, ron: bool, closed: bool, seat: int, round_wind: int
) -> FuResult:
    """The same breakdown from the fu calculator itself (slower; the tests compare)."""
    return calculate(fu, fu_hand(shape, ron, closed, seat, round_wind))


def seven_pairs_fu(fu: Fu) -> FuResult:
    return calculate(fu, FuHand("tsumo", shape="seven-pairs"))
