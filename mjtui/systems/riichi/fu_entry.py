"""Reading the fu calculator form: one-letter codes -> a FuHand and its fu.

Each field takes one letter of :data:`CODES` (any case): the win, the hand
(closed or open), the shape, the wait and the pair (:data:`LABELS`), then
each of four melds as ``kind-N``, ``open-N``, ``tiles-N``, and ``won``, the
meld (1-4) a shanpon ron completed. :func:`read_fu` says what they make.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mjtui.core.errors import HandError
from mjtui.systems.riichi.fu import FuHand, FuResult, Meld, calculate
from mjtui.systems.riichi.rules import Fu, Rules
from mjtui.systems.riichi.terms import say

# field -> {letter: (value, words)}
CODES: dict[str, dict[str, tuple[Any, str]]] = {
    "win": {"r": ("ron", "ron"), "t": ("tsumo", "tsumo")},
    "closed": {"c": (True, "closed"), "o": (False, "open (called)")},
    "shape": {
        "s": ("standard", "4 melds + pair"),
        "p": ("pinfu", "pinfu"),
        "7": ("seven-pairs", "seven pairs"),
    },
    "wait": {
        "r": ("ryanmen", "ryanmen (two-sided)"),
        "s": ("shanpon", "shanpon (pairs)"),
        "k": ("kanchan", "kanchan (middle)"),
        "p": ("penchan", "penchan (edge)"),
        "t": ("tanki", "tanki (single)"),
    },
    "pair": {
        "n": ("number", "number tiles"),
        "g": ("guest-wind", "guest wind"),
        "d": ("dragon", "dragons"),
        "s": ("seat-wind", "seat wind"),
        "r": ("round-wind", "round wind"),
        "w": ("double-wind", "seat+round wind"),
    },
    "kind": {"s": ("sequence", "sequence"), "t": ("triplet", "triplet"), "k": ("kan", "kan")},
    "open": {"c": (False, "closed"), "o": (True, "open")},
    "tiles": {"s": (False, "2-8"), "h": (True, "T/H")},
}
LABELS = {"win": "Win", "closed": "Hand", "shape": "Shape", "wait": "Wait", "pair": "Pair"}
MELD_PARTS = ("kind", "open", "tiles")
MELDS = 4
FIELDS: tuple[str, ...] = (
    *LABELS,
    *(f"{part}-{n}" for n in range(MELDS) for part in MELD_PARTS),
    "won",
)
STANDARD_ONLY = ("wait", "pair", "won")  # with the melds: ignored for pinfu and seven pairs


def choices(name: str) -> str:
    """The letters a field takes, "r/t"."""
    return "/".join(CODES[name.split("-")[0]])


def start_values(*, tsumo: bool = False, closed: bool = True) -> dict[str, str]:
    """The fields as the calculator opens: a standard hand of four closed sequences."""
    values = {
        "win": "t" if tsumo else "r",
        "closed": "c" if closed else "o",
        "shape": "s",
        "wait": "r",
        "pair": "n",
        "won": "",
    }
    for n in range(MELDS):
        values.update({f"kind-{n}": "s", f"open-{n}": "c", f"tiles-{n}": "s"})
    return values


@dataclass(frozen=True)
class FuEntry:
    """The calculator's fields read."""

    errors: tuple[str, ...]  # empty: the fu can be used
    hand: FuHand | None
    result: FuResult | None
    active: frozenset[str]  # the melds, wait, pair and won only for a standard shape
    words: Mapping[str, str] = field(default_factory=dict)  # LABELS field or "meld-N" -> words


def _code(values: Mapping[str, str], name: str) -> tuple[Any, str] | None:
    return CODES[name.split("-")[0]].get(values.get(name, "").strip().lower())


def read_fu(rules: Rules | Fu, values: Mapping[str, str]) -> FuEntry:
    """The hand the codes describe and its fu under ``rules``."""
    words = {name: code[1] if code else "?" for name in LABELS for code in [_code(values, name)]}
    standard = (_code(values, "shape") or ("standard",))[0] == "standard"
    for n in range(MELDS):
        kind, opened, tiles = (
            code[1] if code else "?" for code in (_code(values, f"{p}-{n}") for p in MELD_PARTS)
        )
        meld = f"{opened} {kind}" + ("" if kind == "sequence" else f" {tiles}")
        words[f"meld-{n}"] = meld if standard else ""
    active = frozenset(
        f for f in FIELDS if standard or not (f in STANDARD_ONLY or f.split("-")[0] in MELD_PARTS)
    )
    error, hand = _hand(values)
    result = None
    if hand is not None:
        try:
            result = calculate(rules, hand)
        except HandError as e:
            error = str(e)
    return FuEntry((error,) if error else (), hand, result, active, words)


def _hand(values: Mapping[str, str]) -> tuple[str, FuHand | None]:
    picked = {}
    for name, label in LABELS.items():
        code = _code(values, name)
        if code is None:
            return say("{label}: type one of {choices}").format(
                label=say(label), choices=choices(name)
            ), None
        picked[name] = code[0]
    won = values.get("won", "").strip()
    if won and won not in {str(n + 1) for n in range(MELDS)}:
        shanpon = say("Won on meld: type the meld (1-{n}) a shanpon ron completed")
        return shanpon.format(n=MELDS), None
    melds = []
    for n in range(MELDS):
        parts = [_code(values, f"{p}-{n}") for p in MELD_PARTS]
        codes = [p for p in parts if p is not None]
        if len(codes) < len(parts):
            return f"Meld {n + 1}: kind s/t/k, then c/o, then s/h", None
        kind, opened, terminals = (p[0] for p in codes)
        melds.append(Meld(kind, open=opened, terminals=terminals, winning=won == str(n + 1)))
    return "", FuHand(
        win=picked["win"],
        closed=picked["closed"],
        wait=picked["wait"],
        pair=picked["pair"],
        melds=tuple(melds),
        shape=picked["shape"],
    )
