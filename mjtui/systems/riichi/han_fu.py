"""Which han, fu and yakuman counts a riichi hand can have.

What a form, an imported log and `mjtui points` are checked against; kept
apart from the events and the fu count so that a command asking only this
loads neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from mjtui.systems.riichi.terms import say

if TYPE_CHECKING:
    from mjtui.systems.riichi.rules import Fu, Rules

MAX_HAN = 99  # far beyond any real hand; a typo guard
MAX_YAKUMAN = 6  # the most any composite hand has been counted


def largest_fu(fu: Fu) -> int:
    """The most fu a hand can have short of a yakuman.

    Three closed kans of terminals is the most a hand can hold (four kans, or
    four concealed triplets, are yakuman). The largest readings:

    * closed ron on a shanpon: the completed triplet counts open (sanankou);
    * closed ron or tsumo with a sequence and a one-tile wait;
    * an open hand: a called triplet, a tanki wait, tsumo.

    With the usual values the first is 20 + 10 + 3 x 32 + 4 + 4 = 134, so 140.
    """
    pair = max(fu.value_pair, fu.double_wind_pair)
    kans = 3 * fu.closed_kan_terminals
    readings = (
        fu.base + fu.closed_ron + kans + fu.open_triplet_terminals + pair,
        fu.base + max(fu.closed_ron, fu.tsumo) + kans + fu.wait + pair,
        fu.base + fu.tsumo + kans + fu.open_triplet_terminals + fu.wait + pair,
    )
    return -(-max(readings) // 10) * 10


def score_problem(
    rules: Rules, han: object, fu: object, *, tsumo: bool, yakuman: object = 0
) -> str | None:
    """Why a han / fu / yakuman combination cannot be scored, or None when it can.

    Fu exist as 20, 25 (seven pairs) and 30 up to the ruleset's largest
    (140 with the usual values). A closed ron has at least 30 fu, so 20 fu by
    ron exists only where an open hand with no fu counts 20; 20 fu by tsumo is
    pinfu tsumo, at least 2 han; seven pairs are at least 2 han, 3 by tsumo.
    """

    def number(value: object) -> TypeGuard[int]:
        return isinstance(value, int) and not isinstance(value, bool)

    if not number(yakuman) or not 0 <= yakuman <= MAX_YAKUMAN:
        return say("yakuman must be a count from 0 to {most}, got {value}").format(
            most=MAX_YAKUMAN, value=repr(yakuman)
        )
    if yakuman:
        if han or fu is not None:
            return say("a yakuman hand is entered without han and fu")
        return None
    if not number(han) or not 1 <= han <= MAX_HAN:
        return say("han must be a whole number from 1 to {most}, got {value}").format(
            most=MAX_HAN, value=repr(han)
        )
    if fu is None:
        if han < 5:
            return say("{han} han needs its fu (only 5 han and more are paid without fu)").format(
                han=han
            )
        return None
    if not number(fu):
        return say("fu must be a whole number, got {value}").format(value=repr(fu))
    f = rules.fu
    top = largest_fu(f)
    way = "tsumo" if tsumo else "ron"
    fixed = {20, f.seven_pairs}
    if fu not in fixed and not (30 <= fu <= top and fu % 10 == 0):
        return say(
            "{fu} fu cannot exist: fu are 20, {pairs} (seven pairs) or a "
            "multiple of 10 from 30 to {top}"
        ).format(fu=fu, pairs=f.seven_pairs, top=top)
    if fu == f.seven_pairs and fu % 10:
        least = 3 if tsumo else 2
        if han < least:
            return say("{fu} fu is seven pairs, at least {least} han by {way}").format(
                fu=fu, least=least, way=say(way)
            ) + (say(" (seven pairs 2, closed tsumo 1)") if tsumo else "")
    if fu == 20 and not tsumo and f.open_pinfu != 20:
        return say(
            "20 fu cannot be won by ron: a closed ron has at least 30 fu, and an open "
            "hand with no fu counts {fu}"
        ).format(fu=f.open_pinfu)
    if fu == 20 and tsumo:
        if f.pinfu_tsumo != 20:
            return say("20 fu by tsumo does not exist with this ruleset: a pinfu tsumo counts 30")
        if han < 2:
            return say("20 fu by tsumo is pinfu tsumo: at least 2 han (pinfu and closed tsumo)")
    return None
