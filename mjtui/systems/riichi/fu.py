"""The fu calculator: a hand described as a form would ask for it, and its fu item by item.

The items (seed 002, A-F; the values come from the ruleset's ``[fu]`` table):

A. every standard hand starts with the base (20);
B. a closed hand won by ron adds ``closed_ron`` (10); a tsumo adds ``tsumo`` (2),
   except a closed pinfu, where the ruleset's ``pinfu_tsumo`` decides;
C. a kanchan, penchan or tanki wait adds ``wait`` (2); ryanmen and shanpon add nothing;
D. a pair of dragons, of the seat wind or of the round wind adds ``value_pair`` (2);
   the wind that is both adds ``double_wind_pair`` (4 or 2); number tiles and
   guest winds add nothing;
E. sequences add nothing; each triplet and kan adds by its kind: open or closed,
   simples (2-8) or terminals and honors; a triplet completed by ron on a
   shanpon wait counts as open;
F. special shapes replace A-E: seven pairs are a fixed ``seven_pairs`` (25),
   never rounded; a closed pinfu by tsumo is a fixed 20 (or 30 by rule); an open
   hand won by ron whose items add nothing counts ``open_pinfu`` (30, or 20).

Otherwise the sum is rounded up to the next 10. When a hand can be read more
than one way (which meld the winning tile completed, which wait), the player
picks the reading; the highest score counts.

Usage::

    hand = FuHand(win="ron", closed=True, wait="kanchan", pair="dragon",
                  melds=(Meld("sequence"), Meld("sequence"),
                         Meld("triplet", terminals=True), Meld("sequence")))
    result = calculate(rules, hand)   # rules: the riichi Rules, or its [fu] table
    result.fu      # 50
    result.lines   # (("base", 20), ("closed hand won by ron", 10), ...)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mjtui.core.errors import HandError
from mjtui.systems.riichi.rules import Fu, Rules, say

WinType = Literal["ron", "tsumo"]
Wait = Literal["ryanmen", "shanpon", "kanchan", "penchan", "tanki"]
PairKind = Literal["number", "guest-wind", "dragon", "seat-wind", "round-wind", "double-wind"]
MeldKind = Literal["sequence", "triplet", "kan"]
Shape = Literal["standard", "pinfu", "seven-pairs"]

WAITS: tuple[Wait, ...] = ("ryanmen", "shanpon", "kanchan", "penchan", "tanki")
PAIRS: tuple[PairKind, ...] = (
    "number",
    "guest-wind",
    "dragon",
    "seat-wind",
    "round-wind",
    "double-wind",
)
MELD_KINDS: tuple[MeldKind, ...] = ("sequence", "triplet", "kan")
SHAPES: tuple[Shape, ...] = ("standard", "pinfu", "seven-pairs")

WAIT_NAMES = {
    "ryanmen": "ryanmen wait (two-sided)",
    "shanpon": "shanpon wait (two pairs)",
    "kanchan": "kanchan wait (middle)",
    "penchan": "penchan wait (edge)",
    "tanki": "tanki wait (single, on the pair)",
}
PAIR_NAMES = {
    "number": "pair of number tiles",
    "guest-wind": "pair of a guest wind",
    "dragon": "pair of dragons",
    "seat-wind": "pair of the seat wind",
    "round-wind": "pair of the round wind",
    "double-wind": "pair of the wind that is seat and round wind",
}
SEQUENCE_WAITS = ("ryanmen", "kanchan", "penchan")


@dataclass(frozen=True)
class Meld:
    """One of the four melds: a sequence, triplet or kan; open (called) or closed;
    of simples (2-8) or of terminals and honors (1, 9, winds, dragons).

    ``winning`` marks the meld the winning tile completed; it matters only for a
    shanpon wait won by ron, where that triplet counts as open.
    """

    kind: MeldKind = "sequence"
    open: bool = False
    terminals: bool = False
    winning: bool = False


@dataclass(frozen=True)
class FuHand:
    """What the player picks: how the hand was won and what it holds.

    ``closed``: no meld was called (an open hand has at least one open meld).
    ``shape``: "standard" (four melds and a pair, described below), "pinfu"
    (four sequences, a ryanmen wait and a pair worth nothing; ``wait``,
    ``pair`` and ``melds`` are then ignored) or "seven-pairs" (the rest ignored).
    """

    win: WinType
    closed: bool = True
    wait: Wait = "ryanmen"
    pair: PairKind = "number"
    melds: tuple[Meld, ...] = field(default_factory=tuple)
    shape: Shape = "standard"


@dataclass(frozen=True, init=False)
class FuResult:
    """The fu of a hand: a line per item, their sum, and the fu the hand scores."""

    lines: tuple[tuple[str, int], ...]  # (item, fu), in the order of seed 002
    total: int  # the lines added up
    fu: int  # what the hand scores: total rounded up to 10, or a fixed value
    rounding: str  # how ``total`` became ``fu``, in words
    notes: tuple[str, ...] = ()  # the ruleset's variants applied, and warnings

    def __init__(
        self,
        lines: tuple[tuple[str, int], ...],
        total: int,
        fu: int,
        rounding: str,
        notes: tuple[str, ...] = (),
    ) -> None:
        # One update, not a frozen dataclass's five object.__setattr__ calls: `mjtui
        # hand --batch` makes a breakdown for every hand it answers.
        self.__dict__.update(lines=lines, total=total, fu=fu, rounding=rounding, notes=notes)

    def text(self) -> str:
        """The breakdown as lines of text (item, then fu right-aligned)."""
        width = max(len(item) for item, _ in self.lines)
        out = [f"{item:<{width}}  {fu:>3}" for item, fu in self.lines]
        out.append(f"{'total':<{width}}  {self.total:>3}")
        out.append(self.rounding)
        out += [f"note: {n}" for n in self.notes]
        return "\n".join(out)


def calculate(rules: Rules | Fu, hand: FuHand) -> FuResult:
    """The fu of ``hand`` under ``rules`` (the riichi Rules, or its Fu table).

    Raises HandError, with a message for the player, when the description
    cannot be a winning hand (an open meld in a closed hand, three melds...).
    """
    fu: Fu = rules if isinstance(rules, Fu) else rules.fu
    _check_choices(hand)
    if hand.shape == "seven-pairs":
        if not hand.closed:
            raise HandError(say("seven pairs is always a closed hand"))
        value = fu.seven_pairs
        return FuResult(
            (("seven pairs (a fixed value)", value),),
            value,
            value,
            f"{value} fu: fixed for seven pairs, not rounded",
        )
    if hand.shape == "pinfu":
        sequences = (Meld("sequence", open=not hand.closed),) + (Meld("sequence"),) * 3
        hand = FuHand(hand.win, hand.closed, "ryanmen", "number", sequences)
    return _standard(fu, hand)


def _check_choices(hand: FuHand) -> None:
    choices = (
        ("win", hand.win, ("ron", "tsumo")),
        ("wait", hand.wait, WAITS),
        ("pair", hand.pair, PAIRS),
        ("shape", hand.shape, SHAPES),
    )
    for name, value, allowed in choices:
        if value not in allowed:
            raise HandError(
                say("the {name} must be one of {names}, got {value}").format(
                    name=name, names=", ".join(allowed), value=repr(value)
                )
            )
    for n, meld in enumerate(hand.melds, 1):
        if meld.kind not in MELD_KINDS:
            raise HandError(
                say("meld {n} must be a {names}, got {kind}").format(
                    n=n, names=", ".join(MELD_KINDS), kind=repr(meld.kind)
                )
            )


def _meld_name(meld: Meld) -> str:
    if meld.kind == "sequence":
        return "open sequence" if meld.open else "sequence"
    tiles = "terminals/honors" if meld.terminals else "simples"
    return f"{'open' if meld.open else 'closed'} {meld.kind} of {tiles}"


def meld_fu(fu: Fu, kind: MeldKind, open_: bool, terminals: bool) -> int:
    """The fu of a meld (item E); sequences are worth nothing."""
    if kind == "sequence":
        return 0
    key = f"{'open' if open_ else 'closed'}_{kind}_{'terminals' if terminals else 'simples'}"
    value: int = getattr(fu, key)  # a key of [fu]: a number of fu
    return value


def _winning_meld(hand: FuHand) -> int | None:
    """The index of the meld the winning tile completed, when the fu depend on it."""
    marked = [i for i, m in enumerate(hand.melds) if m.winning]
    if len(marked) > 1:
        raise HandError(
            say("the winning tile completes one meld; melds {names} are marked").format(
                names=", ".join(str(i + 1) for i in marked)
            )
        )
    if marked:
        meld = hand.melds[marked[0]]
        n = marked[0] + 1
        if meld.open:
            raise HandError(
                say("meld {n} is open (called), so the winning tile did not complete it").format(
                    n=n
                )
            )
        if hand.wait == "tanki":
            raise HandError(say("a tanki wait completes the pair, not a meld: unmark the meld"))
        if hand.wait == "shanpon" and meld.kind != "triplet":
            raise HandError(
                say("a shanpon wait completes a triplet; meld {n} is a {kind}").format(
                    n=n, kind=say(meld.kind)
                )
            )
        if hand.wait in SEQUENCE_WAITS and meld.kind != "sequence":
            raise HandError(
                say("a {wait} wait completes a sequence; meld {n} is a {kind}").format(
                    wait=say(hand.wait), n=n, kind=say(meld.kind)
                )
            )
        return marked[0]
    if hand.wait != "shanpon" or hand.win != "ron":
        return None
    closed = [i for i, m in enumerate(hand.melds) if m.kind == "triplet" and not m.open]
    if len({hand.melds[i].terminals for i in closed}) > 1:
        raise HandError(
            say(
                "which triplet did the winning tile complete? Mark it: on a shanpon wait won by "
                "ron it counts as open"
            )
        )
    return closed[0] if closed else None


def _standard(fu: Fu, hand: FuHand) -> FuResult:
    melds = hand.melds
    if len(melds) != 4:
        raise HandError(
            say("a standard hand has 4 melds and a pair; got {n} melds").format(n=len(melds))
        )
    opened = [n for n, m in enumerate(melds, 1) if m.open]
    if hand.closed and opened:
        raise HandError(
            say("a closed hand has no called melds, but meld {opened} is open").format(
                opened=opened[0]
            )
        )
    if not hand.closed and not opened:
        raise HandError(say("an open hand has at least one called (open) meld"))
    if hand.wait in SEQUENCE_WAITS and not any(m.kind == "sequence" and not m.open for m in melds):
        raise HandError(
            say(
                "a {wait} wait completes a sequence: one meld must be a sequence that was not "
                "called"
            ).format(wait=say(hand.wait))
        )
    if hand.wait == "shanpon" and not any(m.kind == "triplet" and not m.open for m in melds):
        raise HandError(
            say(
                "a shanpon wait completes a triplet: one meld must be a triplet that was not called"
            )
        )
    won_on = _winning_meld(hand)

    lines: list[tuple[str, int]] = [("base", fu.base)]
    notes: list[str] = []
    ron = hand.win == "ron"
    pinfu_shape = (
        all(m.kind == "sequence" for m in melds)
        and hand.wait == "ryanmen"
        and hand.pair in ("number", "guest-wind")
    )
    pinfu_tsumo = pinfu_shape and hand.closed and not ron
    if ron and hand.closed:
        lines.append(("closed hand won by ron", fu.closed_ron))
    elif not ron:
        if pinfu_tsumo and fu.pinfu_tsumo == 20:
            lines.append(("tsumo (pinfu: not counted)", 0))
        else:
            lines.append(("tsumo", fu.tsumo))
    lines.append(
        (WAIT_NAMES[hand.wait], fu.wait if hand.wait in ("kanchan", "penchan", "tanki") else 0)
    )
    pair = {
        "dragon": fu.value_pair,
        "seat-wind": fu.value_pair,
        "round-wind": fu.value_pair,
        "double-wind": fu.double_wind_pair,
    }.get(hand.pair, 0)
    lines.append((PAIR_NAMES[hand.pair], pair))
    if hand.pair == "double-wind":
        notes.append(
            f"a pair of the seat and round wind counts {fu.double_wind_pair} fu with this ruleset"
        )
    for n, meld in enumerate(melds, 1):
        as_open = meld.open
        name = _meld_name(meld)
        if n - 1 == won_on and ron and hand.wait == "shanpon":
            as_open = True
            name += ", completed by ron (counts as open)"
        lines.append((f"meld {n}: {name}", meld_fu(fu, meld.kind, as_open, meld.terminals)))
    total = sum(v for _, v in lines)

    if pinfu_tsumo and fu.pinfu_tsumo == 20:
        notes.append("pinfu tsumo: a fixed 20 fu (no tsumo fu)")
        rounding = f"{total} fu: fixed for pinfu tsumo, not rounded"
        return FuResult(tuple(lines), total, total, rounding, tuple(notes))
    if pinfu_tsumo:
        notes.append(
            "with this ruleset a pinfu won by tsumo keeps its 2 tsumo fu (30 fu) "
            "and does not score pinfu"
        )
    if not hand.closed and ron and total == fu.base:
        extra = fu.open_pinfu - fu.base
        lines.append((f"open hand with no fu: counts {fu.open_pinfu}", extra))
        total += extra
        notes.append(f"an open hand that adds no fu counts {fu.open_pinfu} with this ruleset")
    notes += _yakuman_notes(hand, won_on)
    rounded = -(-total // 10) * 10
    if rounded == total:
        rounding = f"{total} fu: a multiple of 10 already"
    else:
        rounding = f"{total} fu rounds up to {rounded}"
    return FuResult(tuple(lines), total, rounded, rounding, tuple(notes))


def _yakuman_notes(hand: FuHand, won_on: int | None) -> list[str]:
    notes = []
    if sum(m.kind == "kan" for m in hand.melds) == 4:
        notes.append("four kans are a yakuman (suukantsu): the fu do not count")
    concealed = [
        i
        for i, m in enumerate(hand.melds)
        if m.kind != "sequence"
        and not m.open
        and not (i == won_on and hand.win == "ron" and hand.wait == "shanpon")
    ]
    if len(concealed) == 4:
        notes.append("four concealed triplets are a yakuman (suuankou): the fu do not count")
    return notes
