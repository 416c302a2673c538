"""Points from han and fu: base points, limits, and what each player pays.

Base points b = fu x 2^(2 + han), at most a mangan. From 5 han on the limits
take over: 5 han mangan, 6-7 haneman, 8-10 baiman, 11-12 sanbaiman, 13 or
more kazoe (a yakuman or a sanbaiman, as the ruleset says); a yakuman hand
pays the yakuman base once per yakuman (only once without multiple yakuman).
With kiriage, 4 han 30 fu and 3 han 60 fu (b = 1920) are paid as a mangan.

Each payment is rounded up to the ruleset's unit (100) on its own:

* ron: the discarder pays 4b, or 6b to a dealer;
* tsumo by a non-dealer: the dealer pays 2b, each other player b;
* tsumo by the dealer: each player pays 2b.

Honba add ``honba_ron`` per counter to a ron and ``honba_tsumo`` per counter
to each tsumo payment.

With three players (sanma) a tsumo has two payers: with tsumo loss each pays
what they would at a four-player table (a non-dealer's mangan 2000/4000, 6000
in all); with the north split the absent North's share (b, or 2b from the
dealer's win) is split between them: 3000/5000, 5000 all... before rounding.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.language import term
from mjtui.systems.riichi.rules import Limits, Rules, say

# The first han of each limit; the base points come from the ruleset.
LIMIT_HAN = (("kazoe", 13), ("sanbaiman", 11), ("baiman", 8), ("haneman", 6), ("mangan", 5))
LIMIT_NAMES = {
    "mangan": "mangan",
    "haneman": "haneman",
    "baiman": "baiman",
    "sanbaiman": "sanbaiman",
    "kazoe": "kazoe yakuman",
    "yakuman": "yakuman",
}
KIRIAGE = ((4, 30), (3, 60))


@dataclass(frozen=True)
class Base:
    """The base points of a hand and the limit that set them (None below a mangan)."""

    points: int
    limit: str | None  # a key of LIMIT_NAMES, or None
    yakuman: int = 0  # yakuman paid (1 or more when limit is "yakuman")

    @property
    def name(self) -> str:
        """'mangan', 'kazoe yakuman', '2x yakuman'... or '' below the limits."""
        if self.limit is None:
            return ""
        if self.limit == "yakuman" and self.yakuman > 1:
            return f"{self.yakuman}x yakuman"
        return LIMIT_NAMES[self.limit]


def base_points(limits: Limits, han: int, fu: int | None, yakuman: int = 0) -> Base:
    """The base points of ``han`` and ``fu``, or of ``yakuman`` yakuman when that is 1 or more.

    ``fu`` may be None only when the han alone decide (5 han or more).
    """
    if yakuman:
        count = yakuman if limits.multiple_yakuman else 1
        return Base(limits.yakuman * count, "yakuman", count)
    for name, first in LIMIT_HAN:
        if han >= first:
            points = getattr(limits, name)
            if name == "kazoe" and points < limits.yakuman:
                name = "sanbaiman"  # no kazoe yakuman: 13 han and more stay a sanbaiman
            return Base(points, name)
    if fu is None:
        raise ValueError(say("{han} han needs its fu").format(han=han))
    if limits.kiriage and (han, fu) in KIRIAGE:
        return Base(limits.mangan, "mangan")
    points = fu * 2 ** (2 + han)
    if points >= limits.mangan:
        return Base(limits.mangan, "mangan")
    return Base(points, None)


def round_up(amount: int, unit: int) -> int:
    return -(-amount // unit) * unit


@dataclass(frozen=True)
class Payment:
    """What a winner receives, and from whom (amounts include the honba).

    For a ron only ``discarder`` is set; for a tsumo by a non-dealer ``dealer``
    (the dealer's share) and ``non_dealer`` (each other non-dealer's share);
    for a tsumo by the dealer only ``non_dealer`` (what each other player pays).
    """

    base: Base
    dealer_wins: bool
    tsumo: bool
    discarder: int = 0
    dealer: int = 0
    non_dealer: int = 0
    honba: int = 0  # the part of the total that the honba counters added
    payers: int = 3  # who pays a tsumo: the other players (2 at a three-player table)

    @property
    def total(self) -> int:
        if not self.tsumo:
            return self.discarder
        if self.dealer_wins:
            return self.payers * self.non_dealer
        return self.dealer + (self.payers - 1) * self.non_dealer

    def shares(self) -> dict[str, int]:
        """The payments by who pays, as `mjtui points --json` prints them."""
        if not self.tsumo:
            return {"discarder": self.discarder}
        if self.dealer_wins:
            return {"non_dealer": self.non_dealer}
        return {"dealer": self.dealer, "non_dealer": self.non_dealer}

    def short(self) -> str:
        """The amount as players say it: '7700', '300/500', '4000 all'."""
        if not self.tsumo:
            return str(self.discarder)
        if self.dealer_wins:
            # riichi's catalog, by the core's lookup: .terms reads the analyzer, which reads this
            return term(__package__ or "", "{n} all", "{n} all").format(n=self.non_dealer)
        return f"{self.non_dealer}/{self.dealer}"


def payment(
    rules: Rules,
    han: int,
    fu: int | None,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    yakuman: int = 0,
) -> Payment:
    """What one winner is paid: ``dealer`` when the winner is the dealer."""
    base = base_points(rules.limits, han, fu, yakuman)
    unit = rules.payments.rounding
    b = base.points
    if not tsumo:
        extra = rules.payments.honba_ron * honba
        return Payment(
            base,
            dealer,
            False,
            discarder=round_up((6 if dealer else 4) * b, unit) + extra,
            honba=extra,
        )
    each = rules.payments.honba_tsumo * honba
    payers = rules.players - 1
    # The absent North's share, split between the two payers (north split), in halves
    # of the base points.
    north = 0 if payers == 3 or rules.payments.tsumo_loss else 1
    if dealer:
        return Payment(
            base,
            True,
            True,
            non_dealer=round_up(2 * b + north * b, unit) + each,
            honba=payers * each,
            payers=payers,
        )
    return Payment(
        base,
        False,
        True,
        dealer=round_up(2 * b + north * b // 2, unit) + each,
        non_dealer=round_up(b + north * b // 2, unit) + each,
        honba=payers * each,
        payers=payers,
    )
