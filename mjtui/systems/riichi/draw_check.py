"""The tenpai check at an exhaustive draw: each seat's 13 tiles typed, tenpai or not read.

Opened from the hand form's ctrl+t at an exhaustive draw (:class:`TenpaiCheck`,
a :class:`~mjtui.core.systems.fields.FormModel`): a row per seat takes the
hand as shown at the draw (13 tiles plus one per kan, melds in brackets), and
beside it the reader says tenpai with the waits, or noten with the shanten
(:func:`~.hand.waits.read_waits`: tenpai by shape, yaku or not, and a wait on
a tile the hand holds all four of only where ``draws.held_tiles_wait`` says).
A seat left empty is not checked. Its value, :class:`Checked`, says which seats
were read tenpai and which noten; the hand form sets its Tenpai field from
it, keeps the hands, and asks before recording a seat as tenpai that its hand
reads noten (:meth:`TenpaiCheck.question`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.fields import Field, FormLayout, Line, Reading, Row, SubForm
from mjtui.core.tiles.notation import COPIES, TILE_KINDS, parse_waiting_hand, tile_name
from mjtui.systems.riichi.hand.context import WinContext
from mjtui.systems.riichi.hand.waits import Waits, read_waits
from mjtui.systems.riichi.rules import Rules
from mjtui.systems.riichi.terms import say


@dataclass(frozen=True)
class SeatReading:
    """One seat's typed hand read: its waits, or what is wrong with the tiles."""

    tenpai: bool | None  # None: the tiles could not be read
    words: str  # "tenpai: 3p 6p", "noten: 1 shanten", or the problem
    shanten: int = 0


@dataclass(frozen=True)
class Checked:
    """The seats whose typed hands were read: tenpai and noten (0-based, sorted)."""

    tenpai: tuple[int, ...]
    noten: tuple[int, ...]
    hands: Mapping[int, str]  # seat -> the tiles as typed


def read_seat(rules: Rules, text: str, seat_wind: int, round_wind: int) -> SeatReading:
    """Tenpai or noten of the hand ``text`` (13 tiles plus one per kan)."""
    try:
        hand = parse_waiting_hand(text)
        ctx = WinContext(tsumo=True, seat_wind=seat_wind, round_wind=round_wind)
        found: Waits = read_waits(rules, hand, None, ctx)
    except HandError as e:
        return SeatReading(None, str(e).splitlines()[0])
    if found.tenpai:
        return SeatReading(True, "tenpai: " + " ".join(tile_name(w.tile) for w in found.waits))
    return SeatReading(False, f"noten: {found.shanten} shanten", found.shanten)


def _too_many(texts: Mapping[int, str]) -> str | None:
    """More of a tile in the hands together than the set holds, or None."""
    total = [0] * TILE_KINDS
    for text in texts.values():
        try:
            counts = parse_waiting_hand(text).counts()
        except HandError:
            continue
        for t in range(TILE_KINDS):
            total[t] += counts[t]
    over = [t for t in range(TILE_KINDS) if total[t] > COPIES]
    if over:
        return say("the hands hold {total} {tile_name} together: there are four").format(
            total=total[over[0]], tile_name=tile_name(over[0])
        )
    return None


class TenpaiCheck:
    """The tenpai check's model: a text field per seat; its value is :class:`Checked`."""

    def __init__(
        self,
        rules: Rules,
        players: tuple[str, ...],
        east: int,
        round_wind: int,
        typed: Mapping[int, str] | None = None,
    ) -> None:
        self.rules, self.players, self.east, self.round_wind = rules, players, east, round_wind
        self.typed = dict(typed or {})
        self._read: dict[tuple[int, str], SeatReading] = {}

    def seat_wind(self, seat: int) -> int:
        return (seat - self.east) % len(self.players)

    def layout(self) -> FormLayout:
        rows = tuple(
            Row(
                f"seat-{s}",
                f"{s + 1} {name[:8]} {WINDS[self.seat_wind(s)][:1]}",
                (
                    Field(
                        f"hand-{s}",
                        "text",
                        allowed=r"0-9mpsz ()\[\]",
                        width=24,
                        max_length=60,
                        placeholder="13 tiles, or empty",
                    ),
                ),
            )
            for s, name in enumerate(self.players)
        )
        return FormLayout(
            rows,
            confirm="Use these",
            preview=False,
        )

    def start(self) -> dict[str, str]:
        return {f"hand-{s}": self.typed.get(s, "") for s in range(len(self.players))}

    def seat(self, seat: int, text: str) -> SeatReading:
        key = (seat, text)
        if key not in self._read:
            self._read[key] = read_seat(self.rules, text, self.seat_wind(seat), self.round_wind)
        return self._read[key]

    def read(self, values: Mapping[str, str]) -> Reading[Checked]:
        texts = {
            s: values.get(f"hand-{s}", "").strip()
            for s in range(len(self.players))
            if values.get(f"hand-{s}", "").strip()
        }
        readings = {s: self.seat(s, t) for s, t in texts.items()}
        notes = {
            f"seat-{s}": r.words if r.tenpai is not None else "not read: see below"
            for s, r in readings.items()
        }
        errors = [
            f"Seat {s + 1} ({self.players[s]}): {r.words}"
            for s, r in readings.items()
            if r.tenpai is None
        ]
        over = _too_many(texts)
        if over:
            errors.append(over)
        active = frozenset(f"hand-{s}" for s in range(len(self.players)))
        tenpai = tuple(s for s, r in readings.items() if r.tenpai)
        noten = tuple(s for s, r in readings.items() if r.tenpai is False)
        lines = (
            Line(
                "Tenpai: "
                + (", ".join(self.players[s] for s in tenpai) or "nobody checked")
                + (" · noten: " + ", ".join(self.players[s] for s in noten) if noten else ""),
                "bold",
            ),
        )
        value = None if errors else Checked(tenpai, noten, texts)
        return Reading(tuple(errors), value, active, notes, lines)

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        raise HandError(say("the tenpai check opens no other form"))

    def question(self, tenpai: tuple[int, ...], hands: Mapping[int, str]) -> str:
        """Asked before recording a draw with a seat tenpai whose typed hand reads
        noten; "" when there is none."""
        doubtful = [
            (s, r.shanten)
            for s in tenpai
            if s in hands and (r := self.seat(s, hands[s])).tenpai is False
        ]
        if not doubtful:
            return ""
        said = "; ".join(
            f"{self.players[s]} is typed tenpai, but the hand checked is {n} shanten"
            for s, n in doubtful
        )
        return f"{said}. Record the draw as typed all the same?"


def tenpai_after(typed: tuple[int, ...], checked: Checked) -> tuple[int, ...]:
    """The Tenpai field after a check: the seats read tenpai in, those read noten out,
    the seats not checked as they were."""
    return tuple(sorted((set(typed) | set(checked.tenpai)) - set(checked.noten)))


__all__ = [
    "Checked",
    "SeatReading",
    "TenpaiCheck",
    "read_seat",
    "tenpai_after",
]
