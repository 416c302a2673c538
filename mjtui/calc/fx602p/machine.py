"""The Casio FX-602P: memories, algebraic evaluation and the run loop.

The semantics are those of docs/fx602p-emulator.md (after the FX-602P
section of the project notes), under which the published 1986 game plays:

* every result is rounded to nearest at 12 significant digits (a Decimal
  context), so 6 x FRAC(1/3) is exactly 2;
* algebraic entry with precedence and parentheses, ``=`` closing all; unary
  functions act on X and leave pending operations alone; ``M+``/``M-`` add
  X to a memory even while an operation is pending;
* a test runs the next instruction when true and skips it otherwise (a
  quoted string is one instruction); ISZ/DSZ skip when M00 reaches 0;
* ``GOTOn`` finds the nearest preceding ``LBLn`` of the area, wrapping round
  to its end; ``IND GOTOn`` goes to the label numbered by Mn and falls through
  when there is none; ``GSB Pn`` calls area n, its end returns, and a GSB past
  the nesting limit (10) does nothing;
* a quoted string puts its text on the display (and in :attr:`Machine.shown`);
* ``HLT`` and ``PAUSE`` hand control back to the caller: :meth:`Machine.run`
  returns :attr:`State.HALT` or :attr:`State.PAUSE` and :meth:`Machine.resume`
  goes on, with the keyed number in X (at HLT, EXE alone leaves X = 0; during
  a PAUSE a number replaces X, nothing leaves it).

Typical use::

    m = Machine(read_listing(path), seed=1)
    state = m.start(0)            # P0
    while state is State.HALT or state is State.PAUSE:
        print(m.take_shown())     # the displays since the last stop
        state = m.resume(answer)  # a number, or None

Nothing here imports Textual, sleeps, or waits for input.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from decimal import (
    ROUND_DOWN,
    ROUND_HALF_UP,
    Context,
    Decimal,
    DivisionByZero,
    InvalidOperation,
    Overflow,
)
from enum import Enum
from typing import Any

from mjtui.calc.errors import CalcError
from mjtui.calc.fx602p.listing import AREAS, MEMORY_NAMES, Listing, Step
from mjtui.core.language import _

DIGITS = 12
"""Significant digits every result is rounded to."""
SHOWN_DIGITS = 10
"""Significant digits the display shows."""
NESTING = 10
"""Subroutine levels; a GSB beyond them does nothing."""
DEFAULT_STEP_LIMIT = 200_000
"""Instructions one run may execute before the machine stops it (a loop must not hang)."""

CONTEXT = Context(
    prec=DIGITS,
    rounding=ROUND_HALF_UP,
    Emax=99,
    Emin=-99,
    traps=[InvalidOperation, DivisionByZero, Overflow],
)
ZERO, ONE = Decimal(0), Decimal(1)
_PREC = {"add": 1, "sub": 1, "mul": 2, "div": 2}
_OPEN = None  # a "(" on the pending stack


class State(Enum):
    IDLE = "idle"  # not started, or stopped at the end of the program
    RUNNING = "running"
    HALT = "HLT"  # waiting for a number and EXE
    PAUSE = "PAUSE"  # showing the display for a moment; a number may be keyed
    ERROR = "error"  # -E-: a calculation error stopped the program
    LIMIT = "step limit"  # the step limit stopped the program


class MathError(Exception):
    """A calculation the calculator refuses (it shows -E-)."""


Trace = Callable[[int, int, Step, "Machine"], object]


def format_number(x: Decimal) -> str:
    """X as the display shows it: integers plainly, else 10 significant digits."""
    if x.is_zero():
        return "0"
    if x == x.to_integral_value() and abs(x) < Decimal("1e10"):
        return str(int(x))
    shown = x.quantize(Decimal(1).scaleb(x.adjusted() - SHOWN_DIGITS + 1), ROUND_HALF_UP)
    if Decimal("1e-9") <= abs(shown) < Decimal("1e10"):
        text = format(shown, "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    mantissa = shown.scaleb(-shown.adjusted())
    m = format(mantissa, "f")
    m = m.rstrip("0").rstrip(".") if "." in m else m
    return f"{m} E{shown.adjusted():+03d}"


def format_memory(x: Decimal) -> str:
    """A memory as ``ARnn`` shows it: its integer part."""
    return str(int(x.to_integral_value(ROUND_DOWN)))


def round_significant(x: Decimal, digits: int) -> Decimal:
    """RND n: ``x`` rounded to nearest at ``digits`` significant digits."""
    if x.is_zero() or digits <= 0:
        return ZERO if digits <= 0 else x
    return x.quantize(Decimal(1).scaleb(x.adjusted() - digits + 1), ROUND_HALF_UP) + ZERO


_LOGS: dict[str, Decimal] = {}
LOGS_KEPT = 4096
"""How many logarithms :func:`_log10` keeps before it starts over."""


def _log10(x: Decimal) -> Decimal:
    """LOG of ``x`` (above 0), each value worked out once.

    Decimal's log10 takes some 30 microseconds where the answer is not a whole
    power of ten, and a program asks it again and again of a few numbers (the 1986
    game's scoring of a hand: 25 times, of some 700 numbers over 1,200 hands),
    so the answers are kept, by the number as written, its exponent too."""
    key = str(x)
    found = _LOGS.get(key)
    if found is None:
        if len(_LOGS) >= LOGS_KEPT:
            _LOGS.clear()
        found = _LOGS[key] = CONTEXT.log10(x)
    return found


class Machine:
    """One FX-602P with a listing loaded; the module docstring says how to drive it."""

    def __init__(
        self,
        listing: Listing | None = None,
        *,
        seed: int | None = None,
        step_limit: int = DEFAULT_STEP_LIMIT,
        nesting: int = NESTING,
        trace: Trace | None = None,
    ) -> None:
        self.listing = listing or Listing()
        self.step_limit = step_limit
        self.nesting = nesting
        self.trace = trace
        self.random = random.Random(seed)
        self.memory: dict[str, Decimal] = dict.fromkeys(MEMORY_NAMES, ZERO)
        self.x = ZERO
        self.state = State.IDLE
        self.message = ""
        self.steps = 0  # instructions executed since the machine was made
        self.run_steps = 0  # since the last start or resume (the step limit counts these)
        self.shown: list[str] = []  # every display, in order (see take_shown)
        self._taken = 0
        self._alpha: str | None = None
        self._entry: str | None = None
        self._pending: list[tuple[Decimal, str] | None] = []
        self._after_op = False
        self._ind = False
        self._returns: list[tuple[int, int]] = []
        self.area, self.pc = 0, 0
        self._labels: dict[tuple[int, int, int], int | None] = {}
        self._code = [self._compile(self.listing.area(n).instructions) for n in range(AREAS)]

    # ------------------------------------------------------------------
    # What the caller reads

    @property
    def display(self) -> str:
        if self.state is State.ERROR:
            return "-E-"
        if self._alpha is not None:
            return self._alpha
        return self._entry if self._entry is not None else format_number(self.x)

    def take_shown(self) -> list[str]:
        """The displays shown since the last call (strings as they complete, stops)."""
        new = self.shown[self._taken :]
        self._taken = len(self.shown)
        return new

    def mem(self, name: str | int) -> Decimal:
        return self.memory[name if isinstance(name, str) else f"{name:02d}"]

    def set_mem(self, name: str | int, value: int | str | Decimal) -> None:
        key = name if isinstance(name, str) else f"{name:02d}"
        if key not in self.memory:
            raise CalcError(_("M{key}: the FX-602P has M00-M19, MF and M1F").format(key=key))
        self.memory[key] = Decimal(value)

    # ------------------------------------------------------------------
    # Keys from outside the program

    def clear_statistics(self) -> None:
        """INV SAC: M07-M09 (the statistics memories) to 0."""
        for name in ("07", "08", "09"):
            self.memory[name] = ZERO

    def clear_memories(self) -> None:
        """INV MAC: every memory to 0."""
        for name in self.memory:
            self.memory[name] = ZERO

    def start(self, area: int, label: int | None = None, *, run: bool = True) -> State:
        """Press Pn (optionally starting at LBL ``label`` of the area) and run to a stop.

        With ``run=False`` the machine is left running without executing a
        step: the caller calls :meth:`run` (with a budget, to animate).
        """
        if not 0 <= area < AREAS:
            raise CalcError(_("P{area}: the areas are P0-P9").format(area=area))
        self._returns.clear()
        self._pending.clear()
        self._entry, self._ind, self._after_op = None, False, False
        self.area, self.pc = area, 0
        if label is not None:
            found = self._find_label(area, len(self._code[area]), label)
            if found is None:
                raise CalcError(_("P{area} has no LBL{label}").format(area=area, label=label))
            self.pc = found
        self.state, self.message, self.run_steps = State.RUNNING, "", 0
        return self.run() if run else self.state

    def resume(self, number: int | str | Decimal | None = None, *, run: bool = True) -> State:
        """Go on after HLT or PAUSE with ``number`` keyed (None: EXE alone / nothing keyed)."""
        if self.state is State.HALT:
            self.x = ZERO if number is None else CONTEXT.plus(Decimal(number))
        elif self.state is State.PAUSE:
            if number is not None:
                self.x = CONTEXT.plus(Decimal(number))
        else:
            raise CalcError(
                _("the calculator is not stopped at HLT or PAUSE ({value})").format(
                    value=self.state.value
                )
            )
        if number is not None or self.state is State.HALT:
            self._alpha = None
        self._entry = None
        self.state, self.message, self.run_steps = State.RUNNING, "", 0
        return self.run() if run else self.state

    # ------------------------------------------------------------------
    # The run loop

    def run(self, budget: int | None = None) -> State:
        """Execute until HLT, PAUSE, the end, an error or the step limit (or ``budget``)."""
        if self.state is not State.RUNNING:
            return self.state
        # The loop runs some 2,000 steps a hand of the 1986 game (the seed test plays
        # 7,000 hands): the counts are kept in locals and written back once, and one
        # comparison a step stands for both the budget and the step limit.
        code, trace, running = self._code, self.trace, State.RUNNING
        left = self.step_limit - self.run_steps
        stop = left if budget is None or budget > left else budget
        steps, done = self.steps, 0
        try:
            while self.state is running:
                if done >= stop:
                    if budget is None or done < budget:
                        self._stop_at_limit()
                    break
                area_code = code[self.area]
                index = self.pc
                if index >= len(area_code):
                    if self._returns:
                        self.area, self.pc = self._returns.pop()
                        continue
                    self._entry = None
                    self.state = State.IDLE
                    self._show_stop()
                    break
                fn, arg, step, builds_number = area_code[index]
                self.pc = index + 1
                if not builds_number:
                    self._entry = None
                try:
                    fn(arg)
                except (MathError, ArithmeticError) as e:
                    self.state = State.ERROR
                    self.message = f"P{self.area} step {index + 1} ({step.text}): {e or 'error'}"
                    self._pending.clear()
                    self.shown.append("-E-")
                done += 1
                if trace is not None:
                    self.run_steps, self.steps = self.step_limit - left + done, steps + done
                    trace(self.area, index, step, self)
        finally:
            self.run_steps, self.steps = self.step_limit - left + done, steps + done
        return self.state

    def _stop_at_limit(self) -> None:
        self.state = State.LIMIT
        self.message = (
            f"stopped after {self.step_limit:,} steps without reaching HLT, PAUSE or the end"
        )
        self.shown.append(self.display)

    @property
    def stopped(self) -> bool:
        return self.state is not State.RUNNING

    def _compile(
        self, instructions: tuple[Step, ...]
    ) -> list[tuple[Callable[[Any], None], object, Step, bool]]:
        """Each step as (its handler, its argument, the step, whether it keys a digit of
        a number): a handler takes the argument its key has (a digit, a memory, a label),
        so the pair is typed apart; any other step ends the number being keyed."""
        return [(getattr(self, "_op_" + s.op), s.arg, s, s.op == "digit") for s in instructions]

    # ------------------------------------------------------------------
    # Numbers and the pending operations

    def _set_x(self, value: Decimal) -> None:
        self.x = CONTEXT.plus(value)
        self._after_op = False

    def _op_digit(self, char: str) -> None:
        if self._entry is None:
            self._entry = "0." if char == "." else char
        elif char != "." or "." not in self._entry:
            self._entry = (self._entry + char) if self._entry != "0" or char == "." else char
        self.x = Decimal(self._entry)
        self._after_op = False

    def _apply(self, left: Decimal, op: str, right: Decimal) -> Decimal:
        if op == "add":
            return CONTEXT.add(left, right)
        if op == "sub":
            return CONTEXT.subtract(left, right)
        if op == "mul":
            return CONTEXT.multiply(left, right)
        if right.is_zero():
            raise MathError(_("division by zero"))
        return CONTEXT.divide(left, right)

    def _reduce(self, prec: int) -> None:
        pending = self._pending
        while pending and pending[-1] is not _OPEN:
            value, op = pending[-1]
            if _PREC[op] < prec:
                break
            pending.pop()
            self.x = self._apply(value, op, self.x)

    def _binary(self, op: str) -> None:
        top = self._pending[-1] if self._pending else _OPEN
        if self._after_op and top is not _OPEN:
            self._pending[-1] = (top[0], op)  # a second operator replaces the first
            return
        self._reduce(_PREC[op])
        self._pending.append((self.x, op))
        self._after_op = True

    def _op_add(self, _arg: object) -> None:
        self._binary("add")

    def _op_sub(self, _arg: object) -> None:
        self._binary("sub")

    def _op_mul(self, _arg: object) -> None:
        self._binary("mul")

    def _op_div(self, _arg: object) -> None:
        self._binary("div")

    def _op_open(self, _arg: object) -> None:
        self._pending.append(_OPEN)
        self._after_op = False

    def _op_close(self, _arg: object) -> None:
        self._reduce(0)
        if self._pending:
            self._pending.pop()
        self._after_op = False

    def _op_eq(self, _arg: object) -> None:
        while self._pending:
            self._reduce(0)
            if self._pending:
                self._pending.pop()
        self._after_op = False

    def _op_ac(self, _arg: object) -> None:
        self._pending.clear()
        self.x = ZERO
        self._alpha = None
        self._after_op = False

    # ------------------------------------------------------------------
    # Functions of X (they leave pending operations alone)

    def _op_pow10(self, _arg: object) -> None:
        x = self.x
        if x == x.to_integral_value() and abs(x) <= 99:
            self._set_x(ONE.scaleb(int(x)))
        else:
            self._set_x(CONTEXT.power(Decimal(10), x))

    def _op_log(self, _arg: object) -> None:
        if self.x <= 0:
            raise MathError(_("log of a number not above 0"))
        self._set_x(_log10(self.x))

    def _op_ln(self, _arg: object) -> None:
        if self.x <= 0:
            raise MathError(_("ln of a number not above 0"))
        self._set_x(CONTEXT.ln(self.x))

    def _op_exp(self, _arg: object) -> None:
        self._set_x(CONTEXT.exp(self.x))

    def _op_int(self, _arg: object) -> None:
        self._set_x(self.x.to_integral_value(ROUND_DOWN))

    def _op_frac(self, _arg: object) -> None:
        self._set_x(CONTEXT.subtract(self.x, self.x.to_integral_value(ROUND_DOWN)))

    def _op_abs(self, _arg: object) -> None:
        self._set_x(abs(self.x))

    def _op_neg(self, _arg: object) -> None:
        self._set_x(-self.x)

    def _op_inv(self, _arg: object) -> None:
        if self.x.is_zero():
            raise MathError("1/0")
        self._set_x(CONTEXT.divide(ONE, self.x))

    def _op_sq(self, _arg: object) -> None:
        self._set_x(CONTEXT.multiply(self.x, self.x))

    def _op_sqrt(self, _arg: object) -> None:
        if self.x < 0:
            raise MathError(_("square root of a negative number"))
        self._set_x(CONTEXT.sqrt(self.x))

    def _op_pi(self, _arg: object) -> None:
        self._set_x(Decimal("3.14159265359"))

    def _trig(self, fn: Callable[[float], float]) -> None:
        value = fn(math.radians(float(self.x)))
        if abs(value) < 1e-10:
            value = 0.0
        self._set_x(round_significant(Decimal(repr(value)), SHOWN_DIGITS))

    def _op_sin(self, _arg: object) -> None:
        self._trig(math.sin)

    def _op_cos(self, _arg: object) -> None:
        self._trig(math.cos)

    def _op_tan(self, _arg: object) -> None:
        if (abs(self.x) % 180) == 90:
            raise MathError(_("tan of 90 degrees"))
        self._trig(math.tan)

    def _op_rnd(self, digits: int) -> None:
        self._set_x(round_significant(self.x, digits))

    def _op_ran(self, _arg: object) -> None:
        self._set_x(Decimal(self.random.randrange(1000)).scaleb(-3))

    # ------------------------------------------------------------------
    # Memories (IND turns the next one into "the memory numbered by Mnn")

    def _target(self, name: str) -> str:
        if not self._ind:
            return name
        self._ind = False
        value = self.memory[name]
        if value != value.to_integral_value() or not 0 <= value < 20:
            raise MathError(
                _("IND M{name} = {value} names no memory").format(
                    name=name, value=format_number(value)
                )
            )
        return f"{int(value):02d}"

    def _op_ind(self, _arg: object) -> None:
        self._ind = True

    def _op_min(self, name: str) -> None:
        self.memory[self._target(name)] = self.x
        self._after_op = False

    def _op_mr(self, name: str) -> None:
        self._set_x(self.memory[self._target(name)])

    def _op_mplus(self, name: str) -> None:
        key = self._target(name)
        self.memory[key] = CONTEXT.add(self.memory[key], self.x)

    def _op_mminus(self, name: str) -> None:
        key = self._target(name)
        self.memory[key] = CONTEXT.subtract(self.memory[key], self.x)

    def _op_xchg(self, name: str) -> None:
        key = self._target(name)
        self.x, self.memory[key] = self.memory[key], self.x
        self._after_op = False

    def _op_xd(self, _arg: object) -> None:
        m = self.memory
        m["09"] = CONTEXT.add(m["09"], ONE)
        m["08"] = CONTEXT.add(m["08"], self.x)
        m["07"] = CONTEXT.add(m["07"], CONTEXT.multiply(self.x, self.x))

    def _op_mean(self, _arg: object) -> None:
        if self.memory["09"].is_zero():
            raise MathError(_("no statistics data (n = 0)"))
        self._set_x(CONTEXT.divide(self.memory["08"], self.memory["09"]))

    # ------------------------------------------------------------------
    # Tests, counters and jumps

    def _skip_unless(self, condition: bool) -> None:
        if not condition:
            self.pc += 1

    def _op_eq0(self, _arg: object) -> None:
        self._skip_unless(self.x.is_zero())

    def _op_ge0(self, _arg: object) -> None:
        self._skip_unless(self.x >= 0)

    def _op_eqf(self, _arg: object) -> None:
        self._skip_unless(self.x == self.memory["F"])

    def _op_gef(self, _arg: object) -> None:
        self._skip_unless(self.x >= self.memory["F"])

    def _op_isz(self, _arg: object) -> None:
        self.memory["00"] = CONTEXT.add(self.memory["00"], ONE)
        self._skip_unless(not self.memory["00"].is_zero())

    def _op_dsz(self, _arg: object) -> None:
        self.memory["00"] = CONTEXT.subtract(self.memory["00"], ONE)
        self._skip_unless(not self.memory["00"].is_zero())

    def _op_lbl(self, _arg: object) -> None:
        pass

    def _op_nop(self, _arg: object) -> None:
        pass

    def _find_label(self, area: int, at: int, label: int) -> int | None:
        """The index after the nearest LBL ``label`` before ``at``, wrapping round; None if none."""
        key = (area, at, label)
        if key in self._labels:
            return self._labels[key]
        code = self._code[area]
        found = None
        for i in [*range(at - 1, -1, -1), *range(len(code) - 1, at, -1)]:
            step = code[i][2]
            if step.op == "lbl" and step.arg == label:
                found = i + 1
                break
        self._labels[key] = found
        return found

    def _op_goto(self, label: int) -> None:
        at = self.pc - 1
        if self._ind:
            self._ind = False
            value = self.memory[f"{label:02d}"]
            if value != value.to_integral_value() or not 0 <= value <= 9:
                return  # no such label: go on with the next step
            label = int(value)
            found = self._find_label(self.area, at, label)
            if found is not None:
                self.pc = found
            return
        found = self._find_label(self.area, at, label)
        if found is None:
            raise MathError(
                _("GOTO{label}: no LBL{label} in P{area}").format(label=label, area=self.area)
            )
        self.pc = found

    def _op_gsb(self, area: int) -> None:
        self._ind = False
        if len(self._returns) >= self.nesting:
            return  # past the nesting limit a GSB does nothing
        self._returns.append((self.area, self.pc))
        self.area, self.pc = area, 0

    # ------------------------------------------------------------------
    # The display and the input points

    def _op_alpha(self, items: tuple[tuple[str, str], ...]) -> None:
        parts = []
        for kind, value in items:
            if kind == "char":
                parts.append(value)
            elif kind == "mem":
                parts.append(format_memory(self.memory[value]))
            else:
                parts.append(format_number(self.x))
        self._alpha = "".join(parts)
        self.shown.append(self._alpha)

    def _show_stop(self) -> None:
        """A stop shows X, unless a string is on the display (it was logged when shown)."""
        if self._alpha is None:
            self.shown.append(self.display)

    def _op_hlt(self, _arg: object) -> None:
        self.state = State.HALT
        self._show_stop()

    def _op_pause(self, _arg: object) -> None:
        self.state = State.PAUSE
        self._show_stop()


__all__ = [
    "CONTEXT",
    "DEFAULT_STEP_LIMIT",
    "DIGITS",
    "NESTING",
    "Machine",
    "MathError",
    "State",
    "format_memory",
    "format_number",
    "round_significant",
]
