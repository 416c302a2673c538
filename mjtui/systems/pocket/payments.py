"""What a hand moves between the four seats: portions from fan, then who pays them.

A portion is the ruleset's base stake times the curve's multiplier for the
fan (fan above the limit is paid as the limit). A self-draw costs each other
player ``self_draw_each`` portions, or the guarantor all of them. A discard
costs what ``payments.discard`` says: ``"half"`` the discarder 1 portion and
the two others half a portion each (rounded up: a table settles in whole
points); ``"full"`` the discarder 2 portions; ``"all"`` the discarder the
whole self-draw. A false win costs the offender the false-win portion to
each other player. Every payment is received by the winner (or the other
players), so a hand always sums to zero.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.systems.pocket.events import Draw, FalseWin, Hand, Win
from mjtui.systems.pocket.rules import PLAYERS, Rules

# The half-spicy curve doubles up to this fan, then grows by 1.5 and 4/3 in turn.
_HALF_SPICY_DOUBLING = 4


def multiplier(rules: Rules, fan: int) -> int:
    """The curve's multiplier for ``fan`` (already capped at the limit)."""
    p = rules.payments
    if p.curve == "table":
        return p.multipliers[min(fan, len(p.multipliers) - 1)]
    if p.curve == "spicy" or fan <= _HALF_SPICY_DOUBLING:
        doubled: int = 2**fan  # a fan is never negative: a whole number
        return doubled
    steps = fan - _HALF_SPICY_DOUBLING
    whole: int = 2 ** (_HALF_SPICY_DOUBLING + steps // 2)
    return whole * 3 // 2 if steps % 2 else whole


def paid_fan(rules: Rules, fan: int) -> int:
    return min(fan, rules.fan.limit)


def portion(rules: Rules, fan: int) -> int:
    """What one portion of a ``fan`` hand is worth in points."""
    return rules.payments.base * multiplier(rules, paid_fan(rules, fan))


@dataclass(frozen=True)
class Payment:
    payer: int
    receiver: int
    amount: int


def payments(rules: Rules, hand: Hand) -> tuple[Payment, ...]:
    """Every payment one hand makes (none for a draw)."""
    if isinstance(hand, Draw):
        return ()
    if isinstance(hand, FalseWin):
        fan = rules.fan_value(rules.false_win.fan)
        amount = portion(rules, fan)
        return tuple(
            Payment(hand.offender, s, amount) for s in range(PLAYERS) if s != hand.offender
        )
    return _win(rules, hand)


def _win(rules: Rules, hand: Win) -> tuple[Payment, ...]:
    p = rules.payments
    one = portion(rules, hand.fan)
    others = [s for s in range(PLAYERS) if s != hand.winner]
    whole_self_draw = one * p.self_draw_each * len(others)
    if hand.discarder is None:
        if hand.guarantor is not None:
            return (Payment(hand.guarantor, hand.winner, whole_self_draw),)
        return tuple(Payment(s, hand.winner, one * p.self_draw_each) for s in others)
    if p.discard == "all":
        return (Payment(hand.discarder, hand.winner, whole_self_draw),)
    if p.discard == "full":
        return (Payment(hand.discarder, hand.winner, 2 * one),)
    half = -(-one // 2)
    return tuple(Payment(s, hand.winner, one if s == hand.discarder else half) for s in others)


def change(rules: Rules, hand: Hand) -> tuple[int, ...]:
    """Each seat's change of total in one hand; the changes add up to zero."""
    delta = [0] * PLAYERS
    for pay in payments(rules, hand):
        delta[pay.payer] -= pay.amount
        delta[pay.receiver] += pay.amount
    return tuple(delta)


def by_role(rules: Rules, fan: int, self_draw: bool) -> dict[str, int]:
    """What a win pays, by role rather than seat: ``total`` (what the winner gets)
    with ``each`` (and ``guarantor`` where guarantees are played) for a
    self-draw, or ``discarder`` and ``others`` (each) for a discard."""
    winner = 0
    if self_draw:
        each = portion(rules, fan) * rules.payments.self_draw_each
        out = {"total": each * (PLAYERS - 1), "each": each}
        if rules.payments.guarantee:
            out["guarantor"] = out["total"]
        return out
    paid = payments(rules, Win(winner, fan, discarder=1))
    discarder = sum(p.amount for p in paid if p.payer == 1)
    others = max((p.amount for p in paid if p.payer != 1), default=0)
    return {"total": sum(p.amount for p in paid), "discarder": discarder, "others": others}


__all__ = ["Payment", "by_role", "change", "multiplier", "paid_fan", "payments", "portion"]
