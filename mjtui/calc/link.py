"""The calculator beside the score sheet: every hand keyed into an HP-11C program.

A settlement program is keyed the way its author said to key it: GSB 9 starts
a series, the winner's label key A-D, then each player's points followed by
R/S; a draw is not keyed at all. The program ends each hand showing the
number of the next East and keeps the totals in R1-R4. When the table starts
from other points than the program's, they are stored into R1-R4 by hand
after GSB 9, as the original program's notes invite ("vary at will").

The calculator is a second, independent fold of the same hands, so any
disagreement with the ruleset engine is worth showing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from mjtui.calc.hp11c.keywords import number_keys
from mjtui.calc.hp11c.listing import Program
from mjtui.calc.hp11c.machine import Machine
from mjtui.calc.hp11c.status import RunState
from mjtui.core.language import _

LABELS = "ABCD"


class KeyedHand(Protocol):
    """What is keyed of a hand (an East-doubling hand's): the winner and each seat's points."""

    @property
    def winner(self) -> int | None:
        """The winning seat, 0-based; None for a draw (not keyed)."""
        ...

    @property
    def points(self) -> Sequence[int]: ...


@dataclass(frozen=True)
class Reading:
    """What the calculator says after the hands keyed so far."""

    totals: tuple[Decimal, ...]
    east: int | None  # 0-based seat of the next East, None when the display shows no seat
    problem: str | None  # an error, or a program that did not stop where it should


class CalculatorLink:
    def __init__(self, program: Program, players: int, start_points: int) -> None:
        if players > len(LABELS):
            raise ValueError(
                _("an HP-11C program has label keys for {n} players").format(n=len(LABELS))
            )
        self.program = program
        self.players = players
        self.start_points = start_points
        self.keyed: list[KeyedHand] = []  # the hands keyed so far, in order
        self.machine = Machine(program)
        self._east: int | None = 0
        self._problem: str | None = None
        self.reset()

    def reset(self) -> None:
        """A fresh calculator holding the program, with GSB 9 pressed."""
        self.machine = Machine(self.program, trace=self.machine.trace)
        self.keyed, self._east, self._problem = [], 0, None
        self._press("GSB 9")
        if self.start_points != 10000 and self._problem is None:
            self.machine.press_keys(number_keys(str(self.start_points)) or [])
            for seat in range(1, self.players + 1):
                self._press(f"STO {seat}")

    def rekey(self) -> None:
        """Key the same hands again into a fresh calculator (after playing with it)."""
        hands = list(self.keyed)
        self.reset()
        self.follow(hands)

    def follow(self, hands: Sequence[KeyedHand]) -> None:
        """Key what changed: the new hands at the end, or everything after an edit or undo."""
        same = len(self.keyed) <= len(hands) and all(
            a is b or a == b for a, b in zip(self.keyed, hands, strict=False)
        )
        if not same:
            self.reset()
        for hand in hands[len(self.keyed) :]:
            self.key_hand(hand)

    def key_hand(self, hand: KeyedHand) -> None:
        self.keyed.append(hand)
        if hand.winner is None or self._problem:
            return
        self._press(LABELS[hand.winner])
        for points in hand.points:
            if self.machine.state is not RunState.WAITING:
                self._problem = (
                    f"hand {len(self.keyed)}: the program did not stop for "
                    f"the points ({self.machine.message or self.machine.display})"
                )
                return
            self.machine.press_keys(number_keys(str(points)) or [])
            self._press("R/S")
        self._east = self._seat_shown()
        if self._east is None and self._problem is None:
            self._problem = (
                f"hand {len(self.keyed)}: the program ended showing "
                f"{self.machine.display}, not the next East (1-{self.players})"
            )

    def _press(self, key: str) -> None:
        self.machine.press(key)
        if self.machine.error is not None or self.machine.state is RunState.HALTED:
            self._problem = self._problem or (
                f"hand {len(self.keyed)}: {self.machine.display}: {self.machine.message}"
            )

    def _seat_shown(self) -> int | None:
        x = self.machine.x
        if x == x.to_integral_value() and 1 <= x <= self.players:
            return int(x) - 1
        return None

    def reading(self) -> Reading:
        registers = self.machine.registers()
        totals = tuple(registers[str(seat)] for seat in range(1, self.players + 1))
        return Reading(totals=totals, east=self._east, problem=self._problem)

    def differences(self, totals: tuple[int, ...], east: int) -> list[str]:
        """How the calculator disagrees with the score sheet (empty when it agrees)."""
        reading = self.reading()
        if reading.problem:
            return [reading.problem]
        found = [
            f"seat {seat + 1}: calculator {calc}, sheet {sheet}"
            for seat, (calc, sheet) in enumerate(zip(reading.totals, totals, strict=False))
            if calc != sheet
        ]
        if reading.east != east:
            shown = "no seat" if reading.east is None else f"seat {reading.east + 1}"
            found.append(f"East: calculator {shown}, sheet seat {east + 1}")
        return found
