"""The HP-11C: stack, registers, flags, program memory and the run loop.

How the pane uses it
--------------------
Make one machine per loaded listing and keep it::

    machine = Machine(read_listing(path))      # or Machine() for a bare calculator
    machine.trace = on_step          # optional: on_step(number, step, machine) after each step

(a) A key as the user types it: ``machine.press("5")``, ``press(".")``,
    ``press("CHS")``, ``press("ENTER")``, ``press("+")``, ``press("R/S")``,
    ``press("A")``, ``press("GSB 9")``, ``press("STO + 1")``, ``press("SST")``,
    ``press("<-")``... (any spelling of :mod:`keys`; a :class:`Key` works too).
    A key that starts the program (R/S, A-E, GSB) runs it until it stops or
    hits ``step_limit``. Any key while an error shows only clears the error,
    and any key while running stops the program, as on the calculator.
(b) To animate instead: ``press("A", run=False)``, then call
    ``machine.run(budget=200)`` from a timer until ``machine.running`` is
    False. ``run()`` with no budget runs to the stop (or the step limit).
(c) Single step: ``machine.step()`` executes the step at ``machine.pc``
    (the same as pressing SST).
(d) Read: ``display`` (the display string: ``10,000.0000``, ``Error 4``,
    ``running``), ``x`` ``y`` ``z`` ``t`` ``lastx`` (Decimal), ``registers()``
    (``{"0": ..., ".9": ..., "I": ...}``), ``flags``, ``pc`` (0 is line 000,
    the top; else the number of the next step to run), ``window(before,
    after)`` (the steps around ``pc`` with their text), ``returns``,
    ``state`` (a :class:`RunState`: idle, running, waiting for R/S, halted),
    ``error`` (the Error number or None), ``message`` (a sentence for a
    status line), ``overflow`` (the display would blink), ``steps``.
(e) ``trace`` is called as ``trace(number, step, machine)`` after every
    executed step (the step's number and :class:`Step`; X holds its result).

Nothing here imports Textual; ``run()`` never sleeps and never blocks on input.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from mjtui.calc.errors import KeyWordError
from mjtui.calc.hp11c.control import I_SLOT, REGISTER_NAMES, REGISTERS, Jump, ProgramOps, slot
from mjtui.calc.hp11c.display import format_number
from mjtui.calc.hp11c.keys import ENTRY_OPS, Key, UnknownKey, parse_key
from mjtui.calc.hp11c.listing import Program, Step
from mjtui.calc.hp11c.numbers import ZERO, fit
from mjtui.calc.hp11c.status import ERRORS, Fault, RunState
from mjtui.core.language import _

DEFAULT_STEP_LIMIT = 100_000
"""Program steps one start may run before the machine halts it (a loop must not hang the app)."""
FREE_LINES, LINES_PER_REGISTER = 63, 7
"""Program lines beyond 63 take the registers from R.9 down, 7 lines each."""

__all__ = ["DEFAULT_STEP_LIMIT", "Line", "Machine", "RunState", "Trace"]


@dataclass(frozen=True)
class Line:
    """A line of program memory for the pane: 0 is the top, which holds no step."""

    number: int
    step: Step | None
    current: bool

    @property
    def text(self) -> str:
        return self.step.text if self.step else ""


Trace = Callable[[int, Step, "Machine"], object]


class Machine(ProgramOps):
    """One HP-11C with a program loaded; the module docstring says how to drive it."""

    def __init__(
        self,
        program: Program | None = None,
        *,
        step_limit: int = DEFAULT_STEP_LIMIT,
        trace: Trace | None = None,
    ) -> None:
        self.step_limit = step_limit
        self.trace = trace
        self.stack = [ZERO] * 4
        self.lastx = ZERO
        self.regs = [ZERO] * (REGISTERS + 1)
        self.flags = [False, False]
        self.mode, self.places = "FIX", 4
        self.lift = False
        self.entry = None
        self.returns = []
        self.state = RunState.IDLE
        self.error: int | None = None  # the Error number shown, if any
        self.message = ""  # a sentence on the last stop or error, for a status line
        self.overflow = False
        self.steps = 0  # program steps executed since the machine was made
        self.run_steps = 0  # since the program was last started
        self._ops = {op: getattr(self, "_op_" + name) for op, name in _HANDLERS.items()}
        self.load(program or Program())

    # ------------------------------------------------------------------
    # Program memory

    def load(self, program: Program) -> None:
        """Put ``program`` in program memory; the registers and stack stay."""
        self.program = program
        self._labels = {}
        for number, step in enumerate(program.steps, 1):
            if step.key.op == "lbl":
                self._labels.setdefault(step.key.arg, []).append(number)
        self._code = [
            self._compile(step.key, number) for number, step in enumerate(program.steps, 1)
        ]
        extra = max(0, len(program) - FREE_LINES)
        self.available = REGISTERS - math.ceil(extra / LINES_PER_REGISTER)
        self.pc = 0
        self.returns.clear()
        self.state = RunState.IDLE

    def _compile(
        self, key: Key, number: int
    ) -> tuple[Callable[[Any], None], Jump | int | None, bool]:
        """A step as (handler, argument, builds a number?), jumps resolved once. A handler
        takes its key's argument (a digit, a flag, a jump, a register's slot), so the
        pair is typed apart."""
        op, given = key.op, key.arg
        arg: Jump | int | None = given
        if op in ("gto", "gsb") and given != "I":
            arg = (self._find(given, number + 1), given)
        elif op in ("sto", "sto+", "sto-", "sto*", "sto/", "rcl"):
            arg = slot(given)
        elif op == "test":
            return self._ops[given], None, False
        return self._ops[op], arg, op in ENTRY_OPS

    @property
    def running(self) -> bool:
        return self.state is RunState.RUNNING

    def window(self, before: int = 3, after: int = 3) -> list[Line]:
        """The lines from ``before`` above the current one to ``after`` below it."""
        first, last = max(0, self.pc - before), min(len(self.program), self.pc + after)
        return [
            Line(n, self.program.step(n) if n else None, n == self.pc)
            for n in range(first, last + 1)
        ]

    # ------------------------------------------------------------------
    # What the pane reads

    @property
    def x(self) -> Decimal:
        return self.stack[0]

    @property
    def y(self) -> Decimal:
        return self.stack[1]

    @property
    def z(self) -> Decimal:
        return self.stack[2]

    @property
    def t(self) -> Decimal:
        return self.stack[3]

    @property
    def display(self) -> str:
        if self.error is not None:
            return f"Error {self.error}"
        if self.state is RunState.RUNNING:
            return "running"
        return self.x_text

    @property
    def x_text(self) -> str:
        """X as the display shows it when nothing else is shown (a trace wants it mid-run)."""
        if self.entry is not None:
            return self.entry.display()
        return format_number(self.stack[0], self.mode, self.places)

    def registers(self) -> dict[str, Decimal]:
        """Every register by name: "0"-"9", ".0"-".9" and "I"."""
        named = dict(zip(REGISTER_NAMES, self.regs, strict=False))
        named["I"] = self.regs[I_SLOT]
        return named

    def register(self, name: str) -> Decimal:
        return self.regs[slot(name)]

    def set_register(self, name: str, value: Decimal | int | str) -> None:
        self.regs[slot(name)] = fit(Decimal(value))[0]

    # ------------------------------------------------------------------
    # Keys

    def press(self, key: Key | str, *, run: bool = True) -> None:
        """One key from the keyboard; see the module docstring for what each does."""
        if isinstance(key, str):
            try:
                key = parse_key(key, keyboard=True)
            except UnknownKey as e:
                raise KeyWordError(str(e)) from None
        if self.state is RunState.RUNNING:
            self._halt("stopped by a key; R/S goes on")
            return
        if self.error is not None:  # the key only clears the error, as on the 11C
            self.error = None
            self.message = ""
            return
        self.overflow = False
        self.message = ""
        op = key.op
        if op not in ENTRY_OPS and op != "back":
            self.entry = None
        try:
            self._keyboard(key)
        except Fault as fault:
            self._fail(fault, None)
        if run and self.running:  # the key may have started the program
            self.run()

    def press_keys(self, keys: list[Key] | tuple[Key, ...]) -> None:
        for key in keys:
            self.press(key)

    def _keyboard(self, key: Key) -> None:
        op, arg = key.op, key.arg
        if op in ("gsb", "gto"):
            target = self._jump_target(arg, max(self.pc, 1))
            self.returns.clear()
            self.pc = target
            if op == "gsb":
                self._start()
        elif op == "rs":
            self._start()
        elif op == "rtn":
            self.pc = 0
            self.returns.clear()
            self.state = RunState.IDLE
        elif op == "sst":
            self.step()
        elif op == "bst":
            self.pc = (self.pc - 1) % (len(self.program) + 1)
        elif op == "gto_line":
            line = int(arg)
            if line > len(self.program):
                raise Fault(4, _("there is no line {line}").format(line=format(line, "03d")))
            self.pc = line
        elif op == "back":
            self._back()
        elif op in ("lbl", "pse"):
            pass
        else:
            handler, value, _size = self._compile(key, self.pc)
            here = self.pc
            handler(value)
            self.pc = here  # a test or ISG from the keyboard skips nothing

    def _start(self) -> None:
        self.state = RunState.RUNNING
        self.run_steps = 0

    def _back(self) -> None:
        """The ← key: undo the last digit typed, or clear X when no number is being typed."""
        if self.entry is not None and self.entry.back():
            self.stack[0] = self._fit(self.entry.value())
            return
        self.entry = None
        self.stack[0] = ZERO
        self.lift = False

    # ------------------------------------------------------------------
    # Running

    def run(self, budget: int | None = None) -> RunState:
        """Run until the program stops, errs or reaches ``step_limit``.

        With ``budget``, return after that many steps at most, still running,
        so a pane can run a program in slices and redraw between them.
        """
        code, limit, trace = self._code, self.step_limit, self.trace
        size = len(code)
        done, pc = 0, self.pc
        try:
            while self.state is RunState.RUNNING and done != budget:
                if self.run_steps + done >= limit:
                    self._halt(f"stopped after {limit:,} steps (the step limit); R/S goes on")
                    break
                pc = self.pc or 1
                if pc > size:  # past the last step: a return, as at RTN
                    self._op_rtn(None)
                    continue
                handler, arg, builds_number = code[pc - 1]
                if not builds_number:
                    self.entry = None
                self.pc = pc + 1
                handler(arg)
                done += 1
                if trace is not None:
                    trace(pc, self.program.steps[pc - 1], self)
        except Fault as fault:
            self._fail(fault, pc)
        finally:
            self.steps += done
            self.run_steps += done
        return self.state

    def step(self) -> None:
        """SST: execute the step at ``pc`` (step 001 from the top) and stop."""
        self._start()
        self.run(budget=1)
        if self.state in (RunState.RUNNING, RunState.WAITING):
            self.state = RunState.IDLE

    def _halt(self, why: str) -> None:
        self.state = RunState.HALTED
        self.message = why

    def _fail(self, fault: Fault, at: int | None) -> None:
        self.error = fault.code
        self.state = RunState.IDLE
        self.entry = None
        where = ""
        if at is not None:
            self.pc = at
            where = _(" at step {step} {key}").format(
                step=f"{at:03d}", key=self.program.step(at).text
            )
        detail = f": {fault.detail}" if fault.detail else ""
        # "Error n" is what the display shows, the rest what it means
        self.message = f"Error {fault.code}{where}: {_(ERRORS[fault.code])}{detail}"


# op -> the _op_ method that carries it out (tests by their name, see keys.TESTS)
_HANDLERS = {
    "digit": "digit",
    "point": "point",
    "eex": "eex",
    "chs": "chs",
    "enter": "enter",
    "clx": "clx",
    "lastx": "lastx",
    "pi": "pi",
    "swap": "swap",
    "rdown": "rdown",
    "rup": "rup",
    "add": "add",
    "sub": "sub",
    "mul": "mul",
    "div": "div",
    "pow": "pow",
    "recip": "recip",
    "sqrt": "sqrt",
    "square": "square",
    "ln": "ln",
    "log": "log",
    "exp": "exp",
    "exp10": "exp10",
    "int": "int",
    "frac": "frac",
    "abs": "abs",
    "sto": "sto",
    "sto+": "sto_add",
    "sto-": "sto_sub",
    "sto*": "sto_mul",
    "sto/": "sto_div",
    "rcl": "rcl",
    "x<>(i)": "x_ind",
    "x<>I": "x_i",
    "lbl": "lbl",
    "pse": "pse",
    "gto": "gto",
    "gsb": "gsb",
    "rtn": "rtn",
    "rs": "rs",
    "x<=y": "x_le_y",
    "x<0": "x_lt_0",
    "x>y": "x_gt_y",
    "x>0": "x_gt_0",
    "x!=y": "x_ne_y",
    "x!=0": "x_ne_0",
    "x=y": "x_eq_y",
    "x=0": "x_eq_0",
    "sf": "sf",
    "cf": "cf",
    "fs": "fs",
    "isg": "isg",
    "dse": "dse",
    "fix": "fix",
    "sci": "sci",
    "eng": "eng",
}
