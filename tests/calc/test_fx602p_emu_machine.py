"""The FX-602P machine on small programs written for these tests."""

from __future__ import annotations

from decimal import Decimal

import pytest

from mjtui.calc.errors import CalcError
from mjtui.calc.fx602p.listing import parse_listing
from mjtui.calc.fx602p.machine import Machine, State, format_number, round_significant


def run(program: str, **kwargs) -> Machine:
    """``program`` is the keys of P0; other areas can follow as "Pn: keys" lines."""
    text = program if program.lstrip().startswith("P") else f"P0: {program}"
    machine = Machine(parse_listing(text), **kwargs)
    machine.start(0)
    return machine


def x(program: str) -> Decimal:
    m = run(program)
    assert m.state is State.IDLE, m.message
    return m.x


@pytest.mark.parametrize(
    ("keys", "value"),
    [
        ("1 + 2 × 3 =", 7),
        ("2 × 3 + 4 =", 10),
        ("( 1 + 2 ) × 3 =", 9),
        ("2 × ( 3 + 4 × ( 5 - 3 ) ) =", 22),
        ("1 0 ÷ 4 =", Decimal("2.5")),
        ("1.89 × 1 0 0 =", 189),
        ("9 - 4 - 3 =", 2),
        ("2 × × 3 =", 6),  # a second operator replaces the first
        ("2 + × 3 =", 6),
    ],
)
def test_precedence_and_parentheses(keys: str, value: Decimal | int) -> None:
    assert x(keys) == value


def test_unary_functions_do_not_close_pending_operations() -> None:
    # n + n^2 + 2 with n = 4: x^2 squares X (4), not the pending sum.
    assert x("4 Min00 MR00 + x^2 + 2 =") == 22
    assert x("3 + 4 x^2 1/x × 1 6 =") == 4
    assert x("1 0 - 2 x^2 =") == 6
    assert x("2 × 1 0 0 log =") == 4


def test_memory_plus_works_while_an_operation_is_pending() -> None:
    m = run("5 Min03 2 + 3 M+03 × 4 M-03 =")
    assert m.mem(3) == 5 + 3 - 4
    assert m.x == 14


def test_exchange_and_indirect_memories() -> None:
    m = run("7 Min02 2 Min05 IND MR05 Min10 9 IND M+05 1 IND M-05 3 X←→M05")
    assert m.mem(10) == 7 and m.mem(2) == 7 + 9 - 1
    assert m.x == 2 and m.mem(5) == 3
    m = run("4 MinF 1 Min1F 6 X←→MF")
    assert (m.x, m.mem("F"), m.mem("1F")) == (4, 6, 1)


def test_rounding_to_nearest_makes_six_thirds_exactly_two() -> None:
    assert x("3 1/x FRAC × 6 =") == 2
    # The test the computer player relies on: 6 x FRAC(1/3) - 2 is exactly 0.
    m = run("3 1/x FRAC × 6 - 2 = x=0 GOTO1 5 Min01 LBL1")
    assert m.x == 0 and m.mem(1) == 0
    assert x("2 ÷ 3 =") == Decimal("0.666666666667")


def test_rnd_rounds_to_significant_digits() -> None:
    assert x("2 ÷ 3 = RND2") == Decimal("0.67")
    assert x("1 2 3 4 5 RND2") == 12000
    assert x("4 ÷ 3 × 3 =") != 4  # 3.99999999999
    assert x("4 ÷ 3 × 3 = RND8") == 4
    assert round_significant(Decimal("0.00123456"), 3) == Decimal("0.00123")


def test_log_int_frac_abs_and_degree_sine() -> None:
    assert x("9 9 9 log INT") == 2
    assert x("3 +/- ABS") == 3
    assert x("3 0 sin") == Decimal("0.5")
    assert x("9 0 sin") == 1
    assert x("0 sin") == 0
    assert x("1 8 0 cos") == -1


def test_a_false_test_skips_exactly_one_step_and_a_string_is_one_step() -> None:
    m = run('5 MinF 4 x=F "No" 1')  # 4 != 5: the string is skipped, 1 keyed
    assert m.shown == ["1"] and m.x == 1
    m = run('5 MinF 5 x=F "Yes" Min03')
    assert m.shown == ["Yes"] and m.mem(3) == 5
    assert run("0 x=0 7").x == 7
    assert run("2 x=0 7 8").x == 8  # the skip ends the 2; 8 starts a new number
    assert run("3 MinF 4 x>=F 6").x == 6
    assert run("3 MinF 2 x>=F 6").x == 2
    assert run("1 +/- x>=0 5").x == -1


def test_isz_and_dsz_skip_when_m00_reaches_zero() -> None:
    # Count down from 3: the loop body runs until DSZ brings M00 to 0.
    m = run("3 Min00 LBL1 1 M+04 DSZ GOTO1 MR04")
    assert m.x == 3 and m.mem(0) == 0
    m = run("2 +/- Min00 ISZ 7 ISZ 8 MR00")  # -1 after the first ISZ, 0 after the second
    assert m.x == 0
    assert run("2 +/- Min00 ISZ 7").x == 7


def test_goto_finds_the_nearest_preceding_label_and_wraps() -> None:
    # Two LBL1: GOTO1 goes back to the second one, the nearest before it.
    m = run("LBL1 1 M+01 MR01 - 3 = x>=0 GOTO2 LBL1 1 M+02 MR02 - 2 = x=0 GOTO3 GOTO1 LBL3 LBL2")
    assert m.mem(1) == 1 and m.mem(2) == 2
    # No label before the GOTO: the search wraps round to the end of the area.
    m = run("GOTO4 5 Min01 LBL4 6 Min02")
    assert m.mem(1) == 0 and m.mem(2) == 6
    with pytest.raises(CalcError):
        run("LBL1").start(0, label=9)
    m = run("GOTO8")
    assert m.state is State.ERROR and m.display == "-E-" and "LBL8" in m.message


def test_indirect_goto_falls_through_when_there_is_no_such_label() -> None:
    program = "MR05 Min09 IND GOTO5 7 Min01 GOTO9 LBL1 8 Min01 LBL9"
    m = Machine(parse_listing(f"P0: {program}"))
    m.set_mem(5, 1)
    m.start(0)
    assert m.mem(1) == 8
    m.set_mem(5, 2)  # no LBL2: the next step runs
    m.start(0)
    assert m.mem(1) == 7


def test_gsb_returns_at_the_end_of_an_area_and_stops_at_the_nesting_limit() -> None:
    listing = "P0: 5 GSBP1 × 2 =\nP1: + 1 ="
    assert x(listing) == 12
    # P2 calls itself: each level counts, and past the limit GSB does nothing,
    # so every level returns with X as it was.
    recursive = "P0: 4 2 GSBP2\nP2: 1 M+03 MR03 + 4 1 = - MR03 = GSBP2"
    for limit in (4, 10):
        m = Machine(parse_listing(recursive), nesting=limit)
        assert m.start(0) is State.IDLE
        assert m.mem(3) == limit  # P0 -> P2 is one level of the limit
        assert m.x == 41


def test_hlt_waits_for_a_number_and_exe_alone_is_zero() -> None:
    m = run("9 HLT Min01 HLT Min02 1")
    assert m.state is State.HALT and m.display == "9"
    assert m.resume(4) is State.HALT
    assert m.resume() is State.IDLE
    assert (m.mem(1), m.mem(2), m.x) == (4, 0, 1)
    with pytest.raises(CalcError):
        m.resume(3)


def test_pause_shows_the_display_and_takes_a_keyed_number() -> None:
    m = run('" AR03 " 5 PAUSE Min01 PAUSE Min02')
    assert m.state is State.PAUSE
    assert m.take_shown() == ["0"]  # the string's AR03; PAUSE keeps it on the display
    m.resume()  # nothing keyed: X stays 5
    assert m.state is State.PAUSE
    m.resume(0)
    assert (m.mem(1), m.mem(2)) == (5, 0)


def test_alpha_strings_show_memories_x_spaces_and_blocks() -> None:
    m = run('1 2 3 Min12 4 5 . 5 "Ron□ AR12 " "■ AR12 ■□#"')
    assert m.shown == ["Ron 123", "■123■ 45.5"]
    assert m.display == "■123■ 45.5"


def test_statistics_keys() -> None:
    m = run("3 XD 5 XD x~")
    assert (m.mem(9), m.mem(8), m.mem(7), m.x) == (2, 8, 34, 4)
    m.clear_statistics()
    assert m.mem(9) == 0
    assert run("x~").state is State.ERROR


def test_random_numbers_come_from_a_seedable_generator() -> None:
    program = "RAN# Min01 RAN# Min02"
    a, b = run(program, seed=5), run(program, seed=5)
    assert (a.mem(1), a.mem(2)) == (b.mem(1), b.mem(2))
    for value in (a.mem(1), a.mem(2)):
        assert 0 <= value < 1 and value == round(value, 3)


def test_the_step_limit_stops_a_stuck_program() -> None:
    m = run("LBL1 GOTO1", step_limit=1000)
    assert m.state is State.LIMIT and "1,000 steps" in m.message
    assert m.run_steps == 1000


def test_a_run_in_slices_stops_at_the_same_step_limit() -> None:
    """The pane runs a program a budget at a time; the limit counts every slice."""
    machine = Machine(parse_listing("P0: LBL1 GOTO1"), step_limit=1000)
    machine.start(0, run=False)
    states = [machine.run(budget=300) for _ in range(4)]
    assert states == [State.RUNNING] * 3 + [State.LIMIT]
    assert machine.run_steps == machine.steps == 1000 and "1,000 steps" in machine.message
    assert machine.run(budget=300) is State.LIMIT and machine.steps == 1000
    machine.start(0, run=False)
    assert machine.run(budget=1000) is State.RUNNING  # the budget ends it, not the limit
    assert machine.run(budget=1) is State.LIMIT and machine.steps == 2000


def test_log_is_decimals_log_each_time_asked() -> None:
    """LOG keeps the logarithms it has worked out: asked again, or of the same number
    keyed otherwise (100, 100.0, 10^x of 2), it gives what the 12-digit context gives."""
    from mjtui.calc.fx602p.machine import CONTEXT

    for keys in ["2", "2", "7 . 5", "1 0 0", "1 0 0 . 0", "2 10^x", "3 1/x", "3 1/x"]:
        number = x(keys)
        logarithm = x(f"{keys} log")
        assert str(logarithm) == str(CONTEXT.plus(CONTEXT.log10(number))), keys


def test_errors_show_minus_e() -> None:
    m = run("1 ÷ 0 =")
    assert m.state is State.ERROR and m.display == "-E-"
    assert run("0 log").state is State.ERROR


def test_number_formats() -> None:
    assert format_number(Decimal(-4480)) == "-4480"
    assert format_number(Decimal("0.5")) == "0.5"
    assert format_number(Decimal(2) / Decimal(3)) == "0.6666666667"
    assert format_number(Decimal("1.5E+12")) == "1.5 E+12"
