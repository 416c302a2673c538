"""The calculator pane: an HP-11C beside the score sheet.

It shows the display, the stack, the registers and the program around the
current step; with the sheet's calculator link it also shows whether the
calculator's totals and East agree with the sheet. While the pane has the
focus, keys go to the calculator.
"""

from __future__ import annotations

from collections import deque
from decimal import Decimal
from typing import Unpack

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from mjtui.calc.errors import CalcError
from mjtui.calc.hp11c.display import format_number
from mjtui.calc.hp11c.listing import Step
from mjtui.calc.hp11c.machine import Machine
from mjtui.calc.link import CalculatorLink
from mjtui.core.cells import ljust, rjust
from mjtui.core.language import N_, _, ngettext, pgettext
from mjtui.ui import colours
from mjtui.ui.widgets.options import WidgetOptions

# What a key typed into the pane presses on the 11C: by key name, then by character.
KEY_NAMES = {"enter": "ENTER", "backspace": "<-"}
CHARACTERS = {
    "+": "+",
    "-": "-",
    "*": "*",
    "/": "/",
    ".": ".",
    "r": "R/S",
    "s": "SST",
    "x": "x<>y",
    "c": "CHS",
    "e": "EEX",
    "d": "RDN",
    "u": "RUP",
    "l": "LASTx",
    "z": "CLx",
    "q": "sqrt",
    "i": "1/x",
    "y": "y^x",
    **{c: c for c in "0123456789ABCDE"},
}
RUN_STATES = {"idle": N_("idle"), "running": N_("running"), "waiting": N_("waiting")}
RUN_STATES["halted"] = N_("halted")
"""The calculator's run states (hp11c/status.py RunState's values) as the pane says them."""
HELP = N_(
    "digits . enter + - * / · r R/S · A-E labels · s step · g n GSB n · x x<>y · "
    "c CHS · e EEX · d R↓ · z CLx · t trace · k key the hands again · esc back · "
    "p hide"
)


class CalcPane(VerticalScroll, can_focus=True):
    """An HP-11C: the sheet's linked calculator, or a bare one."""

    DEFAULT_CSS = """
    CalcPane {
        dock: right; width: 38; height: 100%; display: none;
        border: round $secondary; padding: 0 1; background: $surface;
        scrollbar-size-vertical: 1;
    }
    CalcPane:focus-within, CalcPane:focus { border: round $accent; }
    CalcPane #lcd {
        background: #9db38a; color: #1d2618; text-style: bold;
        content-align: right middle; height: 1; padding: 0 1;
    }
    CalcPane .calc-part { height: auto; margin: 1 0 0 0; }
    CalcPane #calc-link { height: auto; }
    """
    BORDER_TITLE = "HP-11C"

    def __init__(self, link: CalculatorLink | None = None, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.link = link
        self._bare = Machine() if link is None else None
        self._tracing = False
        self._trace: deque[str] = deque(maxlen=6)
        self._pending_gsb = False
        self._sheet: tuple[tuple[int, ...], int] | None = None

    @property
    def machine(self) -> Machine:
        # The link makes a new machine when it keys a series again.
        if self.link:
            return self.link.machine
        assert self._bare is not None  # made when there is no link
        return self._bare

    def compose(self) -> ComposeResult:
        yield Static("", id="lcd", markup=False)
        yield Static("", id="calc-status", markup=False)
        yield Static("", id="calc-link")
        yield Static("", id="calc-program", classes="calc-part")
        yield Static("", id="calc-stack", classes="calc-part")
        yield Static("", id="calc-registers", classes="calc-part")
        yield Static(_(HELP), id="calc-help", classes="calc-part", markup=False)

    def on_mount(self) -> None:
        self.show()

    def compare(self, totals: tuple[int, ...], east: int) -> None:
        """Check the calculator against the sheet's totals and East."""
        self._sheet = (totals, east)
        self.show()

    def show(self) -> None:
        m = self.machine
        self.machine.trace = self._record if self._tracing else None
        self.query_one("#lcd", Static).update(m.display)
        run_state = RUN_STATES.get(m.state.value)
        state = (_(run_state) if run_state else m.state.value) + (
            f" · {m.message}" if m.message else ""
        )
        self.query_one("#calc-status", Static).update(Text(state, style="dim"))
        stack = Text()
        for name, value in (("T", m.t), ("Z", m.z), ("Y", m.y), ("X", m.x), ("LASTx", m.lastx)):
            stack.append(f"{name:>5} ", style="dim")
            stack.append(f"{_number(value)}\n")
        self.query_one("#calc-stack", Static).update(stack)
        regs = m.registers()
        names = [str(n) for n in range(10)] + ["I"]
        registers = Text()
        for i in range(0, len(names), 2):
            for name in names[i : i + 2]:
                registers.append(f"R{name}" if name != "I" else "I ", style="dim")
                registers.append(f"{_number(regs[name]):>14} ")
            registers.append("\n")
        self.query_one("#calc-registers", Static).update(registers)
        program = Text()
        if len(m.program):
            for line in m.window(2, 2):
                style = "reverse" if line.current else ""
                program.append(
                    f"{'▶' if line.current else ' '} {line.number:03d} {line.text}\n", style
                )
        else:
            program.append(_("no program loaded"), style="dim")
        if self._tracing:
            program.append(_("trace:") + "\n", style="dim")
            for entry in self._trace:
                program.append(f"  {entry}\n", style="dim")
        self.query_one("#calc-program", Static).update(program)
        self.query_one("#calc-link", Static).update(self._link_text())

    def _link_text(self) -> Text:
        """The sheet's totals and East beside the calculator's, and what differs."""
        if self.link is None:
            return Text(_("not linked to the sheet"), style="dim")
        if self._sheet is None:
            return Text("")
        totals, east = self._sheet
        reading = self.link.reading()
        # The headings over the columns below, laid out by cells (CJK: two a character);
        # said outside the f-string, where Babel's extraction would not find them.
        heads = (ljust(_("seat"), 4), rjust(_("sheet"), 11), rjust(_("calculator"), 12))
        heading = " ".join(heads)
        text = Text.assemble((heading + "\n", "dim"))
        for seat, (sheet, calc) in enumerate(zip(totals, reading.totals, strict=False)):
            same = sheet == calc
            text.append(f"{seat + 1:>4} {sheet:>11,} {_number(calc):>12} ")
            text.append("✓\n" if same else "✗\n", colours.GAIN if same else f"bold {colours.LOSS}")
        calc_east = "?" if reading.east is None else str(reading.east + 1)
        text.append(ljust(pgettext("wind", "East"), 4) + f" {east + 1:>11} {calc_east:>12} ")
        text.append(
            "✓\n" if reading.east == east else "✗\n",
            colours.GAIN if reading.east == east else f"bold {colours.LOSS}",
        )
        problems = self.link.differences(totals, east)
        keyed = len(self.link.keyed)
        text.append(
            ngettext("{n} hand keyed", "{n} hands keyed", keyed).format(n=keyed) + " · ", "dim"
        )
        if problems:
            text.append(_("differs from the sheet"), style=f"bold {colours.LOSS}")
            if reading.problem:
                text.append(f"\n{reading.problem}", style=colours.LOSS)
        else:
            text.append(_("agrees with the sheet"), style=f"bold {colours.GAIN}")
        return text

    def _record(self, number: int, step: Step, machine: Machine) -> None:
        self._trace.append(f"{number:03d} {step.text:<10} x={machine.x_text}")

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key in ("escape", "p"):
            return  # the screen's keys: give the focus back, hide the pane
        event.stop()
        event.prevent_default()
        if self._pending_gsb:
            self._pending_gsb = False
            label = event.character or ""
            self._press(f"GSB {label.upper()}" if label.isalnum() else "")
            return
        if key == "g":
            self._pending_gsb = True
            self.query_one("#calc-status", Static).update(Text(_("GSB: type a label"), "bold"))
            return
        if key == "k" and self.link is not None:
            self.link.rekey()
            self.show()
            return
        if key == "t":
            self._tracing = not self._tracing
            self._trace.clear()
            self.show()
            return
        self._press(KEY_NAMES.get(key) or CHARACTERS.get(event.character or "", ""))

    def _press(self, key: str) -> None:
        if not key:
            self.app.bell()
            return
        try:
            self.machine.press(key)
        except CalcError as e:
            self.notify(str(e), severity="warning", markup=False)
        self.show()


def _number(value: Decimal) -> str:
    return format_number(value) if value is not None else ""
