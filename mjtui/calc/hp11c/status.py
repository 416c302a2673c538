"""What the machine reports besides numbers: whether it runs, and the 11C's errors."""

from __future__ import annotations

from enum import Enum


class RunState(Enum):
    IDLE = "idle"  # at the keyboard
    RUNNING = "running"
    WAITING = "waiting"  # stopped by an R/S step: key a number, then R/S
    HALTED = "halted"  # stopped by the step limit or a key: R/S goes on


ERRORS = {
    0: "improper math operation",
    1: "storage register overflow",
    3: "no such register",
    4: "no such label or line",
    5: "subroutines nested more than 4 deep",
}
"""The 11C's error numbers (the display shows "Error n") and what they mean."""


class Fault(Exception):
    """An operation the 11C refuses: shown as "Error n", the program stops."""

    def __init__(self, code: int, detail: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail
