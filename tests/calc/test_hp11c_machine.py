"""The HP-11C machine, instruction by instruction.

Expected values are worked out by hand from the 11C's rules (the stack
lift, 10-digit rounding half away from zero, "do if true" tests), not read
back from the emulator.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from mjtui.calc.errors import KeyWordError
from mjtui.calc.hp11c.keywords import parse_key_words
from mjtui.calc.hp11c.listing import Program
from mjtui.calc.hp11c.machine import Machine, RunState

D = Decimal


def keyed(keys: str, *program: str, machine: Machine | None = None) -> Machine:
    """A machine holding ``program`` (one key per step) after pressing ``keys``."""
    m = machine or Machine(Program.from_keys(program) if program else None)
    m.press_keys(parse_key_words(keys))
    return m


def stack(m: Machine) -> list[Decimal]:
    return [m.x, m.y, m.z, m.t]


# --------------------------------------------------------------------------
# Number entry
# --------------------------------------------------------------------------


def test_digits_build_a_number_and_show_it_as_typed() -> None:
    m = keyed("1 2 . 5")
    assert m.x == D("12.5") and m.display == "12.5"
    m = keyed("1 2 3 4 5")
    assert m.display == "12,345"
    m.press("ENTER")
    assert m.display == "12,345.0000"


def test_ten_digits_at_most() -> None:
    m = keyed("1 2 3 4 5 6 7 8 9 0 1 2")
    assert m.x == D(1234567890)


def test_eex_alone_means_one() -> None:
    m = keyed("EEX 4")
    assert m.x == 10000 and m.display == "1 04"
    assert keyed("EEX 4 ENTER").display == "10,000.0000"


def test_eex_with_a_mantissa_and_chs_on_the_exponent() -> None:
    m = keyed("1.5 EEX 3 CHS")
    assert m.x == D("0.0015") and m.display == "1.5 -03"
    # A third exponent digit pushes the first out.
    assert keyed("2 EEX 1 2 3").x == D("2E23")


def test_chs_during_entry_negates_the_number_being_typed() -> None:
    m = keyed("1 2 CHS 3")
    assert m.x == -123 and m.y == 0  # still one number: CHS did not end the entry


def test_chs_outside_entry_negates_x_and_enables_lift() -> None:
    m = keyed("5 ENTER CHS 3")
    assert stack(m)[:3] == [3, -5, 5]


def test_backspace_undoes_digits_then_clears_x() -> None:
    m = keyed("1 2 3 <-")
    assert m.x == 12 and m.display == "12"
    m = keyed("7 ENTER 5 <- <- 4")
    # ← removed the 5, then (nothing left) cleared X with lift disabled: 4 overwrites.
    assert stack(m)[:2] == [4, 7]


def test_digit_steps_in_a_program_form_one_number_until_another_step() -> None:
    m = keyed("A", "LBL A", "1", "2", "LBL 1", "3", "4", "RTN")
    # LBL ends the first number: 12 is lifted into Y when 34 starts.
    assert stack(m)[:2] == [34, 12]


# --------------------------------------------------------------------------
# The stack and stack lift
# --------------------------------------------------------------------------


def test_enter_copies_x_and_disables_lift() -> None:
    m = keyed("1 ENTER 2 ENTER 3 ENTER 4")
    assert stack(m) == [4, 3, 2, 1]
    m = keyed("1 ENTER 2 ENTER 3 ENTER 4 ENTER 5")
    assert stack(m) == [5, 4, 3, 2]  # T fell off


def test_an_operation_enables_lift() -> None:
    m = keyed("6 ENTER 2 * 5")
    assert stack(m)[:2] == [5, 12]


def test_clx_disables_lift() -> None:
    m = keyed("6 ENTER 2 * CLx 5")
    assert stack(m)[:2] == [5, 0] and m.y == 0


def test_recall_after_enter_overwrites_x() -> None:
    m = keyed("7 STO 1 CLx 3 ENTER RCL 1")
    assert stack(m)[:2] == [7, 3]
    m = keyed("7 STO 1 CLx 3 RCL 1")
    assert stack(m)[:2] == [7, 3]
    m = keyed("7 STO 1 3 + RCL 1")
    assert stack(m)[:2] == [7, 10]


def test_two_number_operations_drop_the_stack_and_keep_t() -> None:
    m = keyed("1 ENTER 2 ENTER 3 ENTER 4 +")
    assert stack(m) == [7, 2, 1, 1]


def test_swap_roll_down_roll_up() -> None:
    assert stack(keyed("1 ENTER 2 ENTER 3 ENTER 4 x<>y")) == [3, 4, 2, 1]
    assert stack(keyed("1 ENTER 2 ENTER 3 ENTER 4 Rv")) == [3, 2, 1, 4]
    assert stack(keyed("1 ENTER 2 ENTER 3 ENTER 4 R^")) == [1, 4, 3, 2]


def test_lastx_after_two_and_one_number_functions() -> None:
    m = keyed("9 ENTER 4 - LSTx")
    assert stack(m)[:2] == [4, 5]
    m = keyed("16 SQRT LSTx")
    assert stack(m)[:2] == [16, 4]


# --------------------------------------------------------------------------
# Arithmetic, rounding, overflow
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "x"),
    [
        ("7 ENTER 2 +", "9"),
        ("7 ENTER 2 -", "5"),
        ("7 ENTER 2 *", "14"),
        ("7 ENTER 2 /", "3.5"),
        ("2 ENTER 3 /", "0.6666666667"),  # 10 digits, last one rounded up
        ("1 ENTER 3 /", "0.3333333333"),
        ("0.1 ENTER 0.2 +", "0.3"),  # decimal, not binary
        ("1 ENTER 5 EEX 10 CHS +", "1.000000001"),  # a tie rounds away from zero
        ("1 CHS ENTER 5 EEX 10 CHS -", "-1.000000001"),
        ("2 ENTER 10 y^x", "1024"),
        ("2 CHS ENTER 3 y^x", "-8"),
        ("4 ENTER .5 y^x", "2"),
        ("2 SQRT", "1.414213562"),
        ("4 1/x", "0.25"),
        ("7.9 INT", "7"),
        ("7.9 CHS INT", "-7"),
        ("7.25 CHS FRAC", "-0.25"),
        ("3 CHS ABS", "3"),
        ("3 CHS", "-3"),
        ("3 x^2", "9"),
        ("100 LOG", "2"),
        ("1 e^x", "2.718281828"),
        ("2 10^x", "100"),
        ("2 LN", "0.6931471806"),
        ("PI", "3.141592654"),
    ],
)
def test_arithmetic(keys: str, x: str) -> None:
    m = keyed(keys)
    assert m.error is None
    assert m.x == D(x)


def test_overflow_shows_nines_and_underflow_gives_zero() -> None:
    m = keyed("1 EEX 99 ENTER 10 *")
    assert m.display == "9.999999999 99" and m.overflow and m.error is None
    assert keyed("1 CHS EEX 99 ENTER 10 *").display == "-9.999999999 99"
    assert keyed("1 EEX 99 CHS ENTER 10 /").x == 0
    m.press("1")
    assert not m.overflow


@pytest.mark.parametrize(
    ("keys", "x", "y"),
    [
        ("1 ENTER 0 /", 0, 1),
        ("0 1/x", 0, 0),
        ("1 CHS SQRT", -1, 0),
        ("0 ENTER 0 y^x", 0, 0),
        ("2 CHS ENTER .5 y^x", D("0.5"), -2),
        ("0 LN", 0, 0),
    ],
)
def test_math_errors_show_error_0_and_leave_the_stack(keys: str, x: Decimal, y: Decimal) -> None:
    m = keyed(keys)
    assert m.display == "Error 0" and m.error == 0
    assert stack(m)[:2] == [x, y] and m.lastx == 0


def test_the_next_key_only_clears_the_error() -> None:
    m = keyed("1 ENTER 0 / 5")
    assert m.error is None and m.display == "0.0000"  # the 5 was eaten
    m.press("5")
    assert m.x == 5


# --------------------------------------------------------------------------
# Display
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "shown"),
    [
        ("10000 ENTER", "10,000.0000"),
        ("1234.56789 ENTER", "1,234.5679"),
        ("123456789 ENTER", "123,456,789.0"),  # ten digits at most
        ("1234567890 ENTER", "1,234,567,890."),
        ("1 EEX 10 ENTER", "1.0000 10"),  # too big for FIX: SCI
        ("0.00001 ENTER", "1.0000 -05"),  # too small to show in FIX 4
        ("0.00005 ENTER", "0.0001"),
        ("2.5 CHS ENTER", "-2.5000"),
        ("FIX 0 2.5 ENTER", "3."),
        ("FIX 2 1 ENTER 3 /", "0.33"),
        ("FIX 9 2 SQRT", "1.414213562"),
        ("SCI 2 12345 ENTER", "1.23 04"),
        ("SCI 9 12345 ENTER", "1.234500 04"),
        ("ENG 1 12345 ENTER", "12. 03"),
        ("ENG 2 0.0012345 ENTER", "1.23 -03"),
        ("0 ENTER", "0.0000"),
    ],
)
def test_display(keys: str, shown: str) -> None:
    assert keyed(keys).display == shown


# --------------------------------------------------------------------------
# Registers
# --------------------------------------------------------------------------


def test_sto_and_rcl_on_every_register() -> None:
    m = Machine()
    names = [str(n) for n in range(10)] + [f".{n}" for n in range(10)] + ["I"]
    for n, name in enumerate(names, 1):
        keyed(f"{n} STO {name}", machine=m)
    assert [m.register(name) for name in names] == list(range(1, 22))
    keyed("CLx RCL .3", machine=m)
    assert m.x == 14
    assert m.registers()[".3"] == 14 and m.registers()["I"] == 21


@pytest.mark.parametrize(
    ("keys", "r1"),
    [("STO + 1", 14), ("STO - 1", 6), ("STO * 1", 40), ("STO / 1", D("2.5"))],
)
def test_storage_arithmetic(keys: str, r1: Decimal) -> None:
    m = keyed(f"10 STO 1 4 {keys}")
    assert m.register("1") == r1
    assert m.x == 4  # X stays


def test_storage_arithmetic_errors() -> None:
    assert keyed("10 STO 1 0 STO / 1").error == 0
    m = keyed("1 EEX 99 STO 1 STO * 1")
    assert m.error == 1
    assert m.register("1") == D("9.999999999E99")


@pytest.mark.parametrize(("i", "register"), [("5", "5"), ("12.7", ".2"), ("-3.9", "3")])
def test_indirect_uses_the_integer_part_of_abs_i(i: str, register: str) -> None:
    m = keyed(f"{i} STO I 42 STO (i) 0 RCL (i)")
    assert m.register(register) == 42 and m.x == 42
    m = keyed("3 STO + (i)", machine=m)
    assert m.register(register) == 45


def test_a_register_beyond_r_9_is_error_3() -> None:
    m = keyed("20 STO I 1 STO (i)")
    assert m.display == "Error 3" and "(i) names register 20" in m.message


def test_long_programs_take_registers_from_r_9_down() -> None:
    # 64 lines take R.9; 71 lines take R.9 only; 72 take R.8 too.
    m = keyed("5 STO .8 STO (i)", *(["LBL 1"] * 71))
    assert m.error is None
    m = keyed("1 STO .9", *(["LBL 1"] * 64))
    assert m.error == 3 and "R.9 holds program lines" in m.message
    m = keyed("1 STO .8", *(["LBL 1"] * 72))
    assert m.error == 3


def test_exchange_x_with_i_and_with_i_indirect() -> None:
    m = keyed("7 STO 3 3 STO I 9 x<>(i)")
    assert m.x == 7 and m.register("3") == 9
    m = keyed("5 x<>I", machine=m)
    assert m.x == 3 and m.register("I") == 5


# --------------------------------------------------------------------------
# Tests and flags: do if true
# --------------------------------------------------------------------------

# The program answers 1 when the test is true, 0 when the step after it is skipped.
TESTED = ("LBL A", "{test}", "GTO 1", "0", "RTN", "LBL 1", "1", "RTN")


def answer(test: str, y: str, x: str) -> int:
    m = keyed(f"{y} ENTER {x} A", *(s.format(test=test) for s in TESTED))
    assert m.error is None
    return int(m.x)


@pytest.mark.parametrize(
    ("test", "true_for", "false_for"),
    [
        ("x<=y?", [("2", "1"), ("2", "2")], [("1", "2")]),
        ("x>y?", [("1", "2")], [("2", "2"), ("2", "1")]),
        ("x!=y?", [("1", "2")], [("2", "2")]),
        ("x=y?", [("2", "2")], [("1", "2")]),
        ("x<0?", [("0", "-1")], [("0", "0"), ("0", "1")]),
        ("x>0?", [("0", "1")], [("0", "0"), ("0", "-1")]),
        ("x!=0?", [("0", "-1")], [("0", "0")]),
        ("x=0?", [("5", "0")], [("0", "5")]),
    ],
)
def test_conditional_tests(test: str, true_for: list, false_for: list) -> None:
    assert [answer(test, y, x) for y, x in true_for] == [1] * len(true_for)
    assert [answer(test, y, x) for y, x in false_for] == [0] * len(false_for)


def test_flags() -> None:
    program = ("LBL A", "F? 1", "GTO 1", "0", "RTN", "LBL 1", "1", "RTN")
    assert keyed("SF 1 A", *program).x == 1
    assert keyed("SF 1 CF 1 A", *program).x == 0
    m = keyed("SF 0")
    assert m.flags == [True, False]


def test_a_test_from_the_keyboard_skips_nothing() -> None:
    m = keyed("GTO A 1 ENTER 2 x=y?", "LBL A", "RTN")
    assert m.pc == 1


# --------------------------------------------------------------------------
# Branching
# --------------------------------------------------------------------------


def test_gto_searches_forward_for_the_next_label_and_wraps() -> None:
    program = (
        "LBL A",
        "1",
        "STO 1",
        "GTO 2",  # 001-004
        "LBL 2",
        "2",
        "STO 2",
        "GTO 2",  # 005-008: the first LBL 2
        "LBL 2",
        "3",
        "STO 3",
        "RTN",  # 009-012: the next one, found going forward
    )
    m = keyed("A", *program)
    assert [m.register(r) for r in "123"] == [1, 2, 3]
    assert m.state is RunState.IDLE and m.pc == 0
    # From step 012 a GTO 2 would wrap round to step 005.
    m = keyed("GTO .012 GTO 2", *program)
    assert m.pc == 5


def test_gsb_and_rtn() -> None:
    m = keyed("A", "LBL A", "GSB 1", "2", "RTN", "LBL 1", "5", "RTN")
    assert stack(m)[:2] == [2, 5] and m.returns == []


def test_a_fifth_pending_return_is_error_5() -> None:
    deep = (
        "LBL A",
        "GSB 1",
        "RTN",
        "LBL 1",
        "GSB 2",
        "RTN",
        "LBL 2",
        "GSB 3",
        "RTN",
        "LBL 3",
        "GSB 4",
        "RTN",
        "LBL 4",
        "GSB 5",
        "RTN",
        "LBL 5",
        "RTN",
    )
    m = keyed("A", *deep)
    assert m.error == 5 and m.pc == 14  # stopped at the GSB 5
    assert m.message.startswith("Error 5 at step 014 GSB 5")
    shallower = (*deep[:13], "RTN")
    assert keyed("A", *shallower).error is None


def test_a_missing_label_is_error_4() -> None:
    m = keyed("A", "LBL A", "GTO 3")
    assert m.display == "Error 4" and m.pc == 2
    assert "there is no LBL 3" in m.message
    assert keyed("B", "LBL A").error == 4


def test_indirect_gto_to_a_label_and_to_a_line() -> None:
    program = ("LBL A", "GTO I", "LBL .1", "1", "RTN", "LBL C", "2", "RTN")
    assert keyed("11 STO I A", *program).x == 1  # 11 is label .1
    assert keyed("22 STO I A", *program).x == 2  # 22 is label C
    assert keyed("7 CHS STO I A", *program).x == 2  # line 007
    assert keyed("30 STO I A", *program).error == 4


def test_indirect_gsb_returns() -> None:
    program = ("LBL A", "GSB I", "1", "+", "RTN", "LBL 4", "PSE", "4", "1", "RTN")
    m = keyed("4 STO I A", *program)
    assert m.x == 42 and m.state is RunState.IDLE


def test_keyboard_gto_line_and_bst() -> None:
    m = keyed("GTO .002", "LBL A", "1", "RTN")
    assert m.pc == 2
    keyed("BST BST BST", machine=m)
    assert m.pc == 3  # from 000 BST wraps to the last line
    assert keyed("GTO .004", "LBL A", "1", "RTN").error == 4


def test_a_label_key_clears_pending_returns() -> None:
    m = keyed("A", "LBL A", "GSB 1", "RTN", "LBL 1", "R/S", "RTN")
    assert m.state is RunState.WAITING and m.returns == [3]
    keyed("A", machine=m)
    assert m.returns == [3]  # a fresh run, not a deeper one
    m.press("R/S")  # RTN to step 003, whose RTN finds nothing pending
    assert m.state is RunState.IDLE and m.pc == 0 and m.returns == []


def test_running_past_the_last_step_returns() -> None:
    m = keyed("A", "LBL A", "7")
    assert m.x == 7 and m.state is RunState.IDLE and m.pc == 0


# --------------------------------------------------------------------------
# R/S: stop for a keyed number
# --------------------------------------------------------------------------

PROMPT = ("LBL A", "1", "R/S", "STO 1", "RTN")


def test_r_s_waits_for_a_number_then_goes_on() -> None:
    m = keyed("A", *PROMPT)
    assert m.state is RunState.WAITING and m.display == "1.0000"
    assert m.pc == 4  # the next step to run
    keyed("25 R/S", machine=m)
    assert m.register("1") == 25 and m.y == 1  # the 1 was lifted: lift was enabled
    assert m.state is RunState.IDLE


def test_a_number_keyed_after_enter_at_a_stop_overwrites_x() -> None:
    m = keyed("A", "LBL A", "1", "ENTER", "R/S", "+", "RTN")
    keyed("5 R/S", machine=m)
    assert m.x == 6  # 1 + 5: the 5 replaced the ENTER copy


# --------------------------------------------------------------------------
# ISG / DSE
# --------------------------------------------------------------------------


def test_isg_counts_up_to_the_final_value() -> None:
    # I = 1.00502: count 1, 3, 5 (step 2, final 5): three passes.
    m = keyed("1.00502 STO I A", "LBL A", "LBL 1", "1", "STO + 0", "ISG", "GTO 1", "RTN")
    assert m.register("0") == 3
    assert m.register("I") == D("7.00502")


def test_dse_counts_down_and_skips_at_the_final_value() -> None:
    m = keyed("4 STO I A", "LBL A", "LBL 1", "1", "STO + 0", "DSE", "GTO 1", "RTN")
    assert m.register("0") == 4 and m.register("I") == 0
    m = keyed("2.001 CHS STO I DSE")  # a negative counter keeps its fraction
    assert m.register("I") == D("-3.001")


# --------------------------------------------------------------------------
# Running: step limit, slices, single steps, trace, the window
# --------------------------------------------------------------------------

LOOP = ("LBL A", "1", "STO + 0", "GTO A")


def test_the_step_limit_halts_a_loop_and_says_so() -> None:
    m = Machine(Program.from_keys(LOOP), step_limit=1000)
    m.press("A")
    assert m.state is RunState.HALTED and m.steps == 1000
    assert m.message == "stopped after 1,000 steps (the step limit); R/S goes on"
    m.press("R/S")
    assert m.steps == 2000


def test_running_in_slices() -> None:
    m = Machine(Program.from_keys(PROMPT))
    m.press("A", run=False)
    assert m.running and m.display == "running"
    assert m.run(budget=2) is RunState.RUNNING and m.steps == 2
    assert m.run(budget=5) is RunState.WAITING and m.steps == 3


def test_a_key_stops_a_running_program() -> None:
    m = Machine(Program.from_keys(LOOP))
    m.press("A", run=False)
    m.run(budget=10)
    m.press("5")
    assert m.state is RunState.HALTED and m.x != 5


def test_single_step() -> None:
    m = Machine(Program.from_keys(PROMPT))
    m.step()
    assert m.pc == 2 and m.state is RunState.IDLE
    m.press("SST")
    m.press("SST")
    assert m.x == 1 and m.pc == 4 and m.state is RunState.IDLE
    m.press("BST")
    assert m.pc == 3


def test_trace_sees_every_step_with_its_result() -> None:
    seen: list[tuple[int, str, str]] = []
    m = Machine(Program.from_keys(PROMPT), trace=lambda n, s, m: seen.append((n, s.text, m.x_text)))
    m.press("A")
    assert seen == [(1, "LBL A", "0.0000"), (2, "1", "1"), (3, "R/S", "1.0000")]


def test_window_shows_the_steps_around_pc() -> None:
    m = keyed("A", *PROMPT)
    lines = m.window(before=2, after=1)
    assert [(ln.number, ln.text, ln.current) for ln in lines] == [
        (2, "1", False),
        (3, "R/S", False),
        (4, "STO 1", True),
        (5, "RTN", False),
    ]
    top = Machine(Program.from_keys(PROMPT)).window(1, 1)
    assert [(ln.number, ln.text) for ln in top] == [(0, ""), (1, "LBL A")]


def test_display_format_keys_are_program_steps_too() -> None:
    m = keyed("A", "LBL A", "FIX 2", "2", "RTN")
    assert m.display == "2.00"


def test_an_unknown_key_is_refused_with_its_name() -> None:
    with pytest.raises(KeyWordError, match="'SIN' is not an HP-11C key"):
        Machine().press("SIN")
