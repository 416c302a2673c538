"""What a hand moves between the four seats: 8 + fan from the loser, 8 from the others.

A win on a discard costs the discarder ``payments.base`` + fan and each of
the two others ``payments.base``; a self-draw costs each of the three
``base`` + fan. A draw moves nothing. A false win costs the offender
``false_win.each`` for each other player: received by them, or by nobody
(``false_win.paid_to``). A penalty costs its points, received by nobody or
shared by the three others (``penalty.paid_to``). Every settlement a player
receives is paid by another, so wins, draws and false wins paid to the others
sum to zero; what goes to nobody leaves the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.systems.mcr.events import Draw, FalseWin, Hand, Penalty, Win
from mjtui.systems.mcr.rules import PLAYERS, Rules


@dataclass(frozen=True)
class Payment:
    payer: int
    receiver: int | None  # None: nobody (a penalty off the score)
    amount: int


def payments(rules: Rules, hand: Hand) -> tuple[Payment, ...]:
    """Every payment one hand makes (none for a draw)."""
    if isinstance(hand, Draw):
        return ()
    if isinstance(hand, FalseWin):
        each = rules.false_win.each
        return tuple(
            Payment(hand.offender, s if rules.false_win.paid_to == "others" else None, each)
            for s in range(PLAYERS)
            if s != hand.offender
        )
    if isinstance(hand, Penalty):
        if rules.penalty.paid_to == "nobody":
            return (Payment(hand.offender, None, hand.points),)
        share = hand.points // (PLAYERS - 1)
        return tuple(Payment(hand.offender, s, share) for s in range(PLAYERS) if s != hand.offender)
    return _win(rules, hand)


def _win(rules: Rules, hand: Win) -> tuple[Payment, ...]:
    base = rules.payments.base
    out = []
    for s in range(PLAYERS):
        if s == hand.winner:
            continue
        loser = hand.discarder is None or s == hand.discarder
        out.append(Payment(s, hand.winner, base + hand.fan if loser else base))
    return tuple(out)


def change(rules: Rules, hand: Hand) -> tuple[int, ...]:
    """Each seat's change of score in one hand."""
    delta = [0] * PLAYERS
    for pay in payments(rules, hand):
        delta[pay.payer] -= pay.amount
        if pay.receiver is not None:
            delta[pay.receiver] += pay.amount
    return tuple(delta)


def by_role(rules: Rules, fan: int, self_draw: bool) -> dict[str, int]:
    """What a win of ``fan`` pays, by role: ``total`` (what the winner gets) with
    ``each`` for a self-draw, or ``discarder`` and ``others`` (each) for a discard."""
    base = rules.payments.base
    if self_draw:
        return {"total": (PLAYERS - 1) * (base + fan), "each": base + fan}
    return {"total": base + fan + (PLAYERS - 2) * base, "discarder": base + fan, "others": base}


__all__ = ["Payment", "by_role", "change", "payments"]
