"""What the machine reports besides numbers: whether it runs, and the 11C's errors."""

from __future__ import annotations

from enum import Enum

from mjtui.core.language import N_


class RunState(Enum):
    IDLE = "idle"  # at the keyboard
    RUNNING = "running"
    WAITING = "waiting"  # stopped by an R/S step: key a number, then R/S
    HALTED = "halted"  # stopped by the step limit or a key: R/S goes on


ERRORS = {
    0: N_("improper math operation"),
    1: N_("storage register overflow"),
    3: N_("no such register"),
    4: N_("no such label or line"),
    5: N_("subroutines nested more than 4 deep"),
}
"""The 11C's error numbers (the display shows "Error n") and what they mean (said with
``_()`` where shown)."""


class Fault(Exception):
    """An operation the 11C refuses: shown as "Error n", the program stops."""

    def __init__(self, code: int, detail: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail
