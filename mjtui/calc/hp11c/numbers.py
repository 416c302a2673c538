"""HP-11C numbers: 10 significant digits in decimal, exponents up to ±99.

The 11C computes in decimal and rounds every result to 10 digits, half away
from zero; binary floats would make 0.1 + 0.2 differ from the calculator and
break ``x=y?`` tests that the real machine passes. So X, the stack and the
registers hold :class:`decimal.Decimal` values that went through :func:`fit`.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, Context, Decimal

DIGITS = 10

# The exponent range is wide here and checked by fit(), so that an overflow
# becomes the 11C's 9.999999999 99 instead of a decimal.Overflow.
CONTEXT = Context(prec=DIGITS, rounding=ROUND_HALF_UP, Emin=-9999, Emax=9999, traps=[])
# y^x, LN, e^x...: computed with guard digits, then rounded once to 10.
WIDE = Context(prec=DIGITS + 10, rounding=ROUND_HALF_UP, Emin=-99999, Emax=99999, traps=[])

MAX = Decimal("9.999999999E+99")
"""The largest magnitude: an overflowing result becomes ±MAX."""
TINY = Decimal("1E-99")
"""The smallest magnitude: a smaller result becomes 0 (the 11C's underflow)."""
ZERO = Decimal(0)
ONE = Decimal(1)
PI = Decimal("3.141592654")


def fit(value: Decimal) -> tuple[Decimal, bool]:
    """``value`` rounded to 10 digits and put in range, and whether it overflowed."""
    value = CONTEXT.plus(value)
    if value.is_zero():
        return ZERO, False  # no negative zero
    size = value.copy_abs()
    if size > MAX:
        return MAX.copy_sign(value), True
    if size < TINY:
        return ZERO, False
    return value, False


def integer_part(value: Decimal) -> Decimal:
    """INT: the integer part, toward zero."""
    return value.to_integral_value(rounding=ROUND_DOWN)


def as_plain(value: Decimal) -> int | float:
    """``value`` for JSON: an int when it is a whole number, else a float."""
    if value == value.to_integral_value():
        return int(value)
    return float(value)


class Entry:
    """A number being keyed in: digits, decimal point, EEX and CHS as typed.

    The 11C keeps at most 10 mantissa digits and a two-digit exponent (a
    third exponent digit pushes the first out). EEX with no digits before it
    means a mantissa of 1, so ``EEX 4`` keys 10000.
    """

    __slots__ = ("exp_negative", "exponent", "mantissa", "negative")

    def __init__(self) -> None:
        self.mantissa = ""  # digits and at most one "."
        self.negative = False
        self.exponent: str | None = None  # None until EEX; then up to two digits
        self.exp_negative = False

    def digit(self, d: str) -> None:
        if self.exponent is not None:
            self.exponent = (self.exponent + d)[-2:]
        elif self._digits() < DIGITS:
            self.mantissa += d

    def point(self) -> None:
        if self.exponent is None and "." not in self.mantissa and self._digits() < DIGITS:
            self.mantissa += "."

    def eex(self) -> None:
        if self.exponent is None:
            self.exponent = ""

    def change_sign(self) -> None:
        if self.exponent is not None:
            self.exp_negative = not self.exp_negative
        else:
            self.negative = not self.negative

    def back(self) -> bool:
        """Remove the last thing typed; False when nothing is left."""
        if self.exponent is not None:
            if self.exponent:
                self.exponent = self.exponent[:-1]
            else:
                self.exponent = None
                self.exp_negative = False
        else:
            self.mantissa = self.mantissa[:-1]
        return bool(self.mantissa) or self.exponent is not None

    def value(self) -> Decimal:
        mantissa = self._mantissa_text()
        if mantissa.endswith("."):
            mantissa += "0"
        exponent = int(self.exponent or "0") * (-1 if self.exp_negative else 1)
        sign = "-" if self.negative else ""
        return Decimal(f"{sign}{mantissa}E{exponent}")

    def display(self) -> str:
        """As the 11C shows a number being typed: ``10,000.5`` or ``1.5 -03``."""
        mantissa = self._mantissa_text()
        whole, point, fraction = mantissa.partition(".")
        whole = whole.lstrip("0") or "0"
        text = ("-" if self.negative else "") + group(whole) + point + fraction
        if self.exponent is not None:
            text += " " + ("-" if self.exp_negative else "") + self.exponent.rjust(2, "0")
        return text

    def _mantissa_text(self) -> str:
        if not self.mantissa:
            return "1" if self.exponent is not None else "0"
        return "0" + self.mantissa if self.mantissa.startswith(".") else self.mantissa

    def _digits(self) -> int:
        return len(self._mantissa_text().replace(".", ""))


def group(digits: str) -> str:
    """Digits of an integer part with the 11C's separators: 1234567 -> 1,234,567."""
    head = len(digits) % 3 or 3
    return ",".join([digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)])
