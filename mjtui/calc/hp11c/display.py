"""What the 11C's 10-digit display shows for a number in FIX, SCI or ENG.

The display is a string, so the pane and ``mjtui calc run`` print the same
thing: digit groups separated by commas and the decimal point as on the
calculator (``10,000.0000`` in FIX 4), an exponent after a space
(``1.2346 -05``). FIX falls back to SCI, as the 11C does, for numbers too big
for ten digits or too small to show a digit.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from mjtui.calc.hp11c.numbers import DIGITS, MAX, group

MODES = ("FIX", "SCI", "ENG")
SCI_SHOWN = 6
"""Decimals a mantissa shows at most: the exponent takes three of the ten places."""
OVERFLOW = "9.999999999 99"


def format_number(value: Decimal, mode: str = "FIX", places: int = 4) -> str:
    """``value`` as the display shows it in ``mode`` with ``places`` decimals."""
    if value.copy_abs() == MAX:
        return ("-" if value < 0 else "") + OVERFLOW
    if mode == "FIX":
        return _fixed(value, places) or _scientific(value, places)
    if mode == "SCI":
        return _scientific(value, places)
    return _engineering(value, places)


def _fixed(value: Decimal, places: int) -> str | None:
    """FIX, or None when the number does not fit ten digits or would show as 0."""
    if value.is_zero():
        return _join("0", places * "0", False)
    whole_digits = max(value.adjusted() + 1, 1)
    for _ in range(2):  # a second pass when rounding carries into a new digit
        if whole_digits > DIGITS:
            return None
        shown = min(places, DIGITS - whole_digits)
        rounded = value.quantize(Decimal(1).scaleb(-shown), rounding=ROUND_HALF_UP)
        if rounded.is_zero():
            return None
        carried = max(rounded.adjusted() + 1, 1)
        if carried == whole_digits:
            whole, _, fraction = f"{rounded.copy_abs():f}".partition(".")
            return _join(whole, fraction, rounded < 0)
        whole_digits = carried
    return None


def _scientific(value: Decimal, places: int) -> str:
    shown = min(places, SCI_SHOWN)
    if value.is_zero():
        return _join("0", shown * "0", False) + " 00"
    exponent = value.adjusted()
    mantissa = _round(value.scaleb(-exponent), shown, ROUND_HALF_UP)
    if mantissa.copy_abs() >= 10:
        exponent += 1
        mantissa = _round(value.scaleb(-exponent), shown, ROUND_HALF_UP)
        if exponent > 99:  # rounding would show 10^100: show the digits cut instead
            exponent -= 1
            mantissa = _round(value.scaleb(-exponent), shown, ROUND_DOWN)
    return _with_exponent(mantissa, exponent)


def _engineering(value: Decimal, places: int) -> str:
    shown = min(places, SCI_SHOWN)
    if value.is_zero():
        return _join("0", shown * "0", False) + " 00"
    # Round to places + 1 significant digits, then move the point to a power of 3.
    rounded = value.quantize(Decimal(1).scaleb(value.adjusted() - shown), ROUND_HALF_UP)
    exponent = rounded.adjusted()
    power = exponent - exponent % 3
    decimals = max(shown - (exponent - power), 0)
    return _with_exponent(_round(rounded.scaleb(-power), decimals, ROUND_HALF_UP), power)


def _round(value: Decimal, places: int, rounding: str) -> Decimal:
    return value.quantize(Decimal(1).scaleb(-places), rounding=rounding)


def _with_exponent(mantissa: Decimal, exponent: int) -> str:
    whole, _, fraction = f"{mantissa.copy_abs():f}".partition(".")
    sign = "-" if exponent < 0 else ""
    return f"{_join(whole, fraction, mantissa < 0)} {sign}{abs(exponent):02d}"


def _join(whole: str, fraction: str, negative: bool) -> str:
    return ("-" if negative else "") + group(whole) + "." + fraction
