"""Number entry, the stack and arithmetic: the instructions that act on X, Y, Z, T.

:class:`StackOps` is the lowest layer of the Machine (machine.py), which
calls its ``_op_`` methods, one per instruction, for keys and program steps
alike. An operation the 11C refuses raises :class:`Fault` before it changes
anything, so the stack stays as it was, as on the calculator.
"""

from __future__ import annotations

from decimal import Decimal

from mjtui.calc.hp11c.numbers import CONTEXT, ONE, PI, WIDE, ZERO, Entry, fit, integer_part
from mjtui.calc.hp11c.status import Fault
from mjtui.core.language import _


class StackOps:
    stack: list[Decimal]  # X, Y, Z, T
    lastx: Decimal
    lift: bool  # stack lift enabled: the next number keyed pushes the stack
    entry: Entry | None  # the number being keyed, if any
    overflow: bool  # a result was cut to 9.999999999e99 (the display blinks)

    # Number entry

    def _open_entry(self) -> Entry:
        if self.lift:
            self._lift_stack()
        self.lift = True
        self.entry = Entry()
        return self.entry

    def _op_digit(self, digit: str) -> None:
        entry = self.entry or self._open_entry()
        entry.digit(digit)
        self.stack[0] = self._fit(entry.value())

    def _op_point(self, _arg: object) -> None:
        entry = self.entry or self._open_entry()
        entry.point()
        self.stack[0] = self._fit(entry.value())

    def _op_eex(self, _arg: object) -> None:
        entry = self.entry or self._open_entry()
        entry.eex()
        self.stack[0] = self._fit(entry.value())

    def _op_chs(self, _arg: object) -> None:
        if self.entry is not None:  # neutral during entry: the number goes on
            self.entry.change_sign()
            self.stack[0] = self._fit(self.entry.value())
        else:
            self.stack[0] = self._fit(-self.stack[0])
            self.lift = True

    # ------------------------------------------------------------------
    # The stack

    def _lift_stack(self) -> None:
        s = self.stack
        s[3], s[2], s[1] = s[2], s[1], s[0]

    def _push(self, value: Decimal) -> None:
        """Put a recalled value in X, lifting the stack if lift is enabled."""
        if self.lift:
            self._lift_stack()
        self.stack[0] = value
        self.lift = True

    def _fit(self, value: Decimal) -> Decimal:
        value, over = fit(value)
        if over:
            self.overflow = True
        return value

    def _op_enter(self, _arg: object) -> None:
        self._lift_stack()
        self.lift = False

    def _op_clx(self, _arg: object) -> None:
        self.stack[0] = ZERO
        self.lift = False

    def _op_lastx(self, _arg: object) -> None:
        self._push(self.lastx)

    def _op_pi(self, _arg: object) -> None:
        self._push(PI)

    def _op_swap(self, _arg: object) -> None:
        s = self.stack
        s[0], s[1] = s[1], s[0]
        self.lift = True

    def _op_rdown(self, _arg: object) -> None:
        s = self.stack
        s[0], s[1], s[2], s[3] = s[1], s[2], s[3], s[0]
        self.lift = True

    def _op_rup(self, _arg: object) -> None:
        s = self.stack
        s[0], s[1], s[2], s[3] = s[3], s[0], s[1], s[2]
        self.lift = True

    # ------------------------------------------------------------------
    # Arithmetic: checks first, so a refused operation leaves the stack alone

    def _binary(self, result: Decimal) -> None:
        """Y op X: the result in X, the stack drops, X goes to LASTx."""
        s = self.stack
        self.lastx = s[0]
        s[0], s[1], s[2] = self._fit(result), s[2], s[3]
        self.lift = True

    def _unary(self, result: Decimal) -> None:
        self.lastx = self.stack[0]
        self.stack[0] = self._fit(result)
        self.lift = True

    def _op_add(self, _arg: object) -> None:
        self._binary(CONTEXT.add(self.stack[1], self.stack[0]))

    def _op_sub(self, _arg: object) -> None:
        self._binary(CONTEXT.subtract(self.stack[1], self.stack[0]))

    def _op_mul(self, _arg: object) -> None:
        self._binary(CONTEXT.multiply(self.stack[1], self.stack[0]))

    def _op_div(self, _arg: object) -> None:
        if self.stack[0].is_zero():
            raise Fault(0, _("division by zero"))
        self._binary(CONTEXT.divide(self.stack[1], self.stack[0]))

    def _op_pow(self, _arg: object) -> None:
        y, x = self.stack[1], self.stack[0]
        if y.is_zero():
            if x <= 0:
                raise Fault(0, _("0 to a power of 0 or less"))
            self._binary(ZERO)
            return
        if y < 0 and x != integer_part(x):
            raise Fault(0, _("a negative number to a fractional power"))
        self._binary(WIDE.power(y, x))

    def _op_recip(self, _arg: object) -> None:
        if self.stack[0].is_zero():
            raise Fault(0, "1/x of 0")
        self._unary(CONTEXT.divide(ONE, self.stack[0]))

    def _op_sqrt(self, _arg: object) -> None:
        if self.stack[0] < 0:
            raise Fault(0, _("square root of a negative number"))
        self._unary(CONTEXT.sqrt(self.stack[0]))

    def _op_square(self, _arg: object) -> None:
        self._unary(CONTEXT.multiply(self.stack[0], self.stack[0]))

    def _op_ln(self, _arg: object) -> None:
        if self.stack[0] <= 0:
            raise Fault(0, _("logarithm of 0 or less"))
        self._unary(WIDE.ln(self.stack[0]))

    def _op_log(self, _arg: object) -> None:
        if self.stack[0] <= 0:
            raise Fault(0, _("logarithm of 0 or less"))
        self._unary(WIDE.log10(self.stack[0]))

    def _op_exp(self, _arg: object) -> None:
        self._unary(WIDE.exp(self.stack[0]))

    def _op_exp10(self, _arg: object) -> None:
        self._unary(WIDE.power(10, self.stack[0]))

    def _op_int(self, _arg: object) -> None:
        self._unary(integer_part(self.stack[0]))

    def _op_frac(self, _arg: object) -> None:
        x = self.stack[0]
        self._unary(x - integer_part(x))

    def _op_abs(self, _arg: object) -> None:
        self._unary(self.stack[0].copy_abs())
