"""Registers, branching, tests, flags and loops: the instructions that act on memory.

:class:`ProgramOps` adds them to :class:`StackOps`; the Machine (machine.py)
builds on both. Registers are kept in one list: R0-R9 in slots 0-9, R.0-R.9
in 10-19 and I in 20; "(i)" is the register numbered by I.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from decimal import Decimal

from mjtui.calc.hp11c.listing import Program
from mjtui.calc.hp11c.numbers import CONTEXT, fit, integer_part
from mjtui.calc.hp11c.stack import StackOps
from mjtui.calc.hp11c.status import Fault, RunState
from mjtui.core.language import _

RETURN_DEPTH = 4
"""Pending subroutine returns the 11C keeps; a fifth GSB is Error 5."""
REGISTERS = 20
"""R0-R9 and R.0-R.9; I is kept after them, as register 20."""
REGISTER_NAMES = tuple(str(n) for n in range(10)) + tuple(f".{n}" for n in range(10))
I_SLOT = 20  # the index register's slot
INDIRECT = -1  # "(i)": the register numbered by I

Jump = str | tuple[int | None, str]
"""Where a GTO or GSB goes: "I", a label to find, or (its step, its label) as a step
found when the program was loaded (None: the label is not there)."""


class ProgramOps(StackOps):
    regs: list[Decimal]  # R0-R9, R.0-R.9, I
    flags: list[bool]
    mode: str  # FIX, SCI or ENG
    places: int
    program: Program
    pc: int  # the next step to run; 0 is the top (line 000)
    returns: list[int]
    state: RunState
    available: int  # registers the program leaves (R0 up)
    _labels: dict[str, list[int]]  # label -> the steps holding it, in order

    def _find(self, label: str, start: int) -> int | None:
        """The first step holding LBL ``label`` at or after ``start``, wrapping around."""
        where = self._labels.get(label)
        if not where:
            return None
        i = bisect.bisect_left(where, start)
        return where[i] if i < len(where) else where[0]

    # Registers

    def _address(self, slot: int) -> int:
        """The register a STO/RCL argument names; Error 3 when the 11C lacks it."""
        if slot == INDIRECT:
            number = int(self.regs[I_SLOT].copy_abs())
            if number >= self.available:
                raise Fault(
                    3,
                    _("(i) names register {number} (I = {i}); {have}").format(
                        number=number, i=self.regs[I_SLOT], have=self._have()
                    ),
                )
            return number
        if slot < REGISTERS and slot >= self.available:
            raise Fault(
                3,
                _("R{register} holds program lines; {have}").format(
                    register=REGISTER_NAMES[slot], have=self._have()
                ),
            )
        return slot

    def _have(self) -> str:
        last = REGISTER_NAMES[self.available - 1] if self.available else None
        return (
            _("this program leaves R0-R{last}").format(last=last)
            if last
            else _("this program leaves only I")
        )

    def _op_sto(self, slot: int) -> None:
        self.regs[self._address(slot)] = self.stack[0]
        self.lift = True

    def _storage(self, slot: int, result: Callable[[Decimal, Decimal], Decimal]) -> None:
        where = self._address(slot)
        value, over = fit(result(self.regs[where], self.stack[0]))
        self.regs[where] = value
        self.lift = True
        if over:
            raise Fault(
                1, _("R{register} would pass 9.999999999e99").format(register=self._name(where))
            )

    def _op_sto_add(self, slot: int) -> None:
        self._storage(slot, CONTEXT.add)

    def _op_sto_sub(self, slot: int) -> None:
        self._storage(slot, CONTEXT.subtract)

    def _op_sto_mul(self, slot: int) -> None:
        self._storage(slot, CONTEXT.multiply)

    def _op_sto_div(self, slot: int) -> None:
        if self.stack[0].is_zero():
            raise Fault(0, _("division by zero"))
        self._storage(slot, CONTEXT.divide)

    def _op_rcl(self, slot: int) -> None:
        self._push(self.regs[self._address(slot)])

    def _op_x_ind(self, _arg: object) -> None:
        where = self._address(INDIRECT)
        self.stack[0], self.regs[where] = self.regs[where], self.stack[0]
        self.lift = True

    def _op_x_i(self, _arg: object) -> None:
        self.stack[0], self.regs[I_SLOT] = self.regs[I_SLOT], self.stack[0]
        self.lift = True

    @staticmethod
    def _name(slot: int) -> str:
        return "I" if slot == I_SLOT else REGISTER_NAMES[slot]

    # ------------------------------------------------------------------
    # Program control

    def _op_lbl(self, _arg: object) -> None:
        pass

    _op_pse = _op_lbl

    def _jump_target(self, arg: Jump, start: int) -> int:
        """Where GTO/GSB ``arg`` goes: a resolved (step, label), or "I" or a label to find."""
        if isinstance(arg, tuple):
            step, label = arg
        elif arg == "I":
            return self._indirect_target(start)
        else:
            step, label = self._find(arg, start), arg
        if step is None:
            raise Fault(4, _("there is no LBL {label}").format(label=label))
        return step

    def _indirect_target(self, start: int) -> int:
        """GTO I / GSB I: label I (0-9, 10-19 for .0-.9, 20-24 for A-E), or line -I."""
        value = self.regs[I_SLOT]
        number = int(value.copy_abs())
        if value < 0:
            if number > len(self.program):
                raise Fault(
                    4,
                    _("I = {value}: there is no line {number}").format(
                        value=value, number=format(number, "03d")
                    ),
                )
            return number
        if number >= 25:
            raise Fault(4, _("I = {value} names no label (0-24)").format(value=value))
        label = ((*REGISTER_NAMES, "A", "B", "C", "D", "E"))[number]
        step = self._find(label, start)
        if step is None:
            raise Fault(
                4, _("I = {value}: there is no LBL {label}").format(value=value, label=label)
            )
        return step

    def _op_gto(self, arg: Jump) -> None:
        self.pc = self._jump_target(arg, self.pc)

    def _op_gsb(self, arg: Jump) -> None:
        target = self._jump_target(arg, self.pc)
        if len(self.returns) >= RETURN_DEPTH:
            raise Fault(5)
        self.returns.append(self.pc)
        self.pc = target

    def _op_rtn(self, _arg: object) -> None:
        if self.returns:
            self.pc = self.returns.pop()
        else:  # back to the top and stop
            self.pc = 0
            self.state = RunState.IDLE

    def _op_rs(self, _arg: object) -> None:
        self.state = RunState.WAITING

    # Conditional tests: "do if true", so a false test skips the next step.

    def _skip_unless(self, condition: bool) -> None:
        if not condition:
            self.pc += 1
        self.lift = True

    def _op_x_le_y(self, _arg: object) -> None:
        self._skip_unless(self.stack[0] <= self.stack[1])

    def _op_x_lt_0(self, _arg: object) -> None:
        self._skip_unless(self.stack[0] < 0)

    def _op_x_gt_y(self, _arg: object) -> None:
        self._skip_unless(self.stack[0] > self.stack[1])

    def _op_x_gt_0(self, _arg: object) -> None:
        self._skip_unless(self.stack[0] > 0)

    def _op_x_ne_y(self, _arg: object) -> None:
        self._skip_unless(self.stack[0] != self.stack[1])

    def _op_x_ne_0(self, _arg: object) -> None:
        self._skip_unless(not self.stack[0].is_zero())

    def _op_x_eq_y(self, _arg: object) -> None:
        self._skip_unless(self.stack[0] == self.stack[1])

    def _op_x_eq_0(self, _arg: object) -> None:
        self._skip_unless(self.stack[0].is_zero())

    def _op_sf(self, flag: str) -> None:
        self.flags[int(flag)] = True
        self.lift = True

    def _op_cf(self, flag: str) -> None:
        self.flags[int(flag)] = False
        self.lift = True

    def _op_fs(self, flag: str) -> None:
        self._skip_unless(self.flags[int(flag)])

    # ISG / DSE count in I, read as nnnnn.xxxyy: counter n, final xxx, step yy (00 = 1).

    def _loop(self, direction: int) -> None:
        value = self.regs[I_SLOT]
        counter = integer_part(value)
        fraction = (value - counter).copy_abs()
        code = int(fraction.scaleb(5))
        final, step = code // 100, code % 100 or 1
        counter += direction * step
        whole = counter + fraction if counter >= 0 else counter - fraction
        self.regs[I_SLOT] = self._fit(whole)
        self._skip_unless(counter <= final if direction > 0 else counter > final)

    def _op_isg(self, _arg: object) -> None:
        self._loop(+1)

    def _op_dse(self, _arg: object) -> None:
        self._loop(-1)

    def _op_display(self, mode: str, places: str) -> None:
        self.mode, self.places = mode, int(places)

    def _op_fix(self, places: str) -> None:
        self._op_display("FIX", places)

    def _op_sci(self, places: str) -> None:
        self._op_display("SCI", places)

    def _op_eng(self, places: str) -> None:
        self._op_display("ENG", places)


def slot(name: str) -> int:
    """Where a register argument lives: 0-19, 20 for I, -1 for (i)."""
    if name == "(i)":
        return INDIRECT
    if name == "I":
        return I_SLOT
    return REGISTER_NAMES.index(name)
