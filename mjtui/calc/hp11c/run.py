"""Running a listing with a key string, headless: the core of ``mjtui calc run``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mjtui.calc.hp11c.control import REGISTER_NAMES
from mjtui.calc.hp11c.keywords import parse_key_words
from mjtui.calc.hp11c.listing import Program
from mjtui.calc.hp11c.machine import DEFAULT_STEP_LIMIT, Machine, Trace
from mjtui.calc.hp11c.numbers import as_plain

REPORTED = (*REGISTER_NAMES[:10], "I")
"""The registers a run reports: R0-R9 and I (R.0-R.9 are on the machine)."""


@dataclass(frozen=True)
class Outcome:
    """The machine after the keys: what the display shows, and the numbers behind it."""

    machine: Machine

    @property
    def display(self) -> str:
        return self.machine.display

    def to_dict(self) -> dict[str, Any]:
        """``{"display", "x", "registers": {"0".."9", "I"}, "steps"}``, ready for json.dump."""
        registers = self.machine.registers()
        return {
            "display": self.machine.display,
            "x": as_plain(self.machine.x),
            "registers": {name: as_plain(registers[name]) for name in REPORTED},
            "steps": self.machine.steps,
        }


def run_keys(
    program: Program,
    keys: str,
    *,
    step_limit: int = DEFAULT_STEP_LIMIT,
    trace: Trace | None = None,
) -> Outcome:
    """Load ``program`` in a fresh machine and press ``keys`` (see keywords.py).

    Each key that starts the program runs it until it stops or reaches
    ``step_limit``; a bad key word raises KeyWordError before anything runs.
    """
    pressed = parse_key_words(keys)
    machine = Machine(program, step_limit=step_limit, trace=trace)
    machine.press_keys(pressed)
    return Outcome(machine)
