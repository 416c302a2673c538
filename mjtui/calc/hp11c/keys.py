"""The HP-11C's keys: one table of what each key is called and how to spell it.

A program step and a key press are the same thing, a :class:`Key` (an op and
its argument), so the listing reader, the ``--keys`` words and the pane all
go through :func:`parse_key`. Printed listings spell keys many ways (``Sto +
(i)``, ``STO+(i)``, ``x <=> y``, ``x≤y?``, an en dash for minus), so a key is
matched on its *compact* form: symbols mapped to ASCII, case folded, every
space (no-break spaces too) removed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from mjtui.core.language import N_, _

# Register arguments: "0"-"9", ".0"-".9", "I" (the index register), "(i)" (indirect).
# Label arguments: "0"-"9", ".0"-".9", "A"-"E"; GTO and GSB also take "I" (indirect).

TESTS = ("x<=y", "x<0", "x>y", "x>0", "x!=y", "x!=0", "x=y", "x=0")
"""The HP-11C's eight conditional tests, in the order of its keyboard."""

ENTRY_OPS = frozenset({"digit", "point", "eex", "chs"})
"""Keys that build a number rather than end its entry (CHS negates X when no entry is open)."""

KEYBOARD_ONLY = frozenset({"sst", "bst", "back", "gto_line"})
"""Keys that act on the machine from the keyboard and cannot be program steps."""

# op -> (ASCII text as the listing format writes it, label as printed on the calculator).
# "{}" stands for the argument.
_NAMES: dict[str, tuple[str, str]] = {
    "digit": ("{}", "{}"),
    "point": (".", "."),
    "eex": ("EEX", "EEX"),
    "chs": ("CHS", "CHS"),
    "enter": ("ENTER", "ENTER"),
    "clx": ("CLx", "CLx"),
    "lastx": ("LSTx", "LSTx"),
    "swap": ("x<>y", "x≷y"),
    "rdown": ("Rv", "R↓"),
    "rup": ("R^", "R↑"),
    "add": ("+", "+"),
    "sub": ("-", "−"),
    "mul": ("*", "×"),
    "div": ("/", "÷"),
    "recip": ("1/x", "1/x"),
    "pow": ("y^x", "yˣ"),
    "sqrt": ("SQRT", "√x"),
    "square": ("x^2", "x²"),
    "ln": ("LN", "LN"),
    "log": ("LOG", "LOG"),
    "exp": ("e^x", "eˣ"),
    "exp10": ("10^x", "10ˣ"),
    "int": ("INT", "INT"),
    "frac": ("FRAC", "FRAC"),
    "abs": ("ABS", "ABS"),
    "pi": ("PI", "π"),
    "sto": ("STO {}", "STO {}"),
    "sto+": ("STO + {}", "STO + {}"),
    "sto-": ("STO - {}", "STO − {}"),
    "sto*": ("STO * {}", "STO × {}"),
    "sto/": ("STO / {}", "STO ÷ {}"),
    "rcl": ("RCL {}", "RCL {}"),
    "x<>(i)": ("x<>(i)", "x≷(i)"),
    "x<>I": ("x<>I", "x≷I"),
    "lbl": ("LBL {}", "LBL {}"),
    "gto": ("GTO {}", "GTO {}"),
    "gsb": ("GSB {}", "GSB {}"),
    "rtn": ("RTN", "RTN"),
    "rs": ("R/S", "R/S"),
    "pse": ("PSE", "PSE"),
    "test": ("{}?", "{}?"),
    "sf": ("SF {}", "SF {}"),
    "cf": ("CF {}", "CF {}"),
    "fs": ("F? {}", "F? {}"),
    "isg": ("ISG", "ISG"),
    "dse": ("DSE", "DSE"),
    "fix": ("FIX {}", "FIX {}"),
    "sci": ("SCI {}", "SCI {}"),
    "eng": ("ENG {}", "ENG {}"),
    "sst": ("SST", "SST"),
    "bst": ("BST", "BST"),
    "back": ("<-", "←"),
    "gto_line": ("GTO .{}", "GTO .{}"),
}

_PRETTY_TESTS = {"x<=y": "x≤y", "x!=y": "x≠y", "x!=0": "x≠0"}


@dataclass(frozen=True, slots=True)
class Key:
    """One key (or one program step): ``op`` from the table above and its argument."""

    op: str
    arg: str = ""

    @property
    def text(self) -> str:
        """The ASCII spelling the listing format writes (and reads back)."""
        return _NAMES[self.op][0].format(self.arg)

    @property
    def label(self) -> str:
        """The key as printed on the calculator, for the pane."""
        arg = _PRETTY_TESTS.get(self.arg, self.arg) if self.op == "test" else self.arg
        return _NAMES[self.op][1].format(arg)

    def __str__(self) -> str:
        return self.text


class UnknownKey(ValueError):
    """Raised by :func:`parse_key`; the message says what was expected."""


# Printed symbols -> the ASCII the patterns below use. Longer ones first:
# "<=>" must become "<>" before "<=" could be read in it.
_SYMBOLS = (
    ("<=>", "<>"),
    ("<->", "<>"),
    ("⇄", "<>"),
    ("⇆", "<>"),
    ("↔", "<>"),
    ("≷", "<>"),
    ("⇌", "<>"),
    ("≤", "<="),
    ("≠", "!="),
    ("≥", ">="),
    ("–", "-"),
    ("—", "-"),
    ("−", "-"),
    ("‐", "-"),
    ("×", "*"),
    ("÷", "/"),
    ("↑", "^"),
    ("↓", "v"),
    ("←", "<-"),
    ("√", "sqrt"),
    ("π", "pi"),
    ("²", "^2"),
    ("ˣ", "^x"),
)


def compact(text: str) -> str:
    """``text`` with symbols in ASCII, lower case, and no whitespace at all."""
    for symbol, ascii_ in _SYMBOLS:
        text = text.replace(symbol, ascii_)
    return "".join(unicodedata.normalize("NFKC", text).lower().split())


_SIMPLE: dict[str, Key] = {
    ".": Key("point"),
    "eex": Key("eex"),
    "chs": Key("chs"),
    "enter": Key("enter"),
    "enter^": Key("enter"),
    "clx": Key("clx"),
    "lstx": Key("lastx"),
    "lastx": Key("lastx"),
    "x<>y": Key("swap"),
    "rv": Key("rdown"),
    "rdn": Key("rdown"),
    "r^": Key("rup"),
    "rup": Key("rup"),
    "+": Key("add"),
    "-": Key("sub"),
    "*": Key("mul"),
    "/": Key("div"),
    "1/x": Key("recip"),
    "y^x": Key("pow"),
    "yx": Key("pow"),
    "sqrt": Key("sqrt"),
    "sqrtx": Key("sqrt"),
    "x^2": Key("square"),
    "ln": Key("ln"),
    "log": Key("log"),
    "e^x": Key("exp"),
    "10^x": Key("exp10"),
    "int": Key("int"),
    "intg": Key("int"),
    "frac": Key("frac"),
    "abs": Key("abs"),
    "pi": Key("pi"),
    "x<>(i)": Key("x<>(i)"),
    "x<>i": Key("x<>I"),
    "rtn": Key("rtn"),
    "r/s": Key("rs"),
    "pse": Key("pse"),
    "isg": Key("isg"),
    "dse": Key("dse"),
    "sst": Key("sst"),
    "bst": Key("bst"),
    "<-": Key("back"),
    "bsp": Key("back"),
}

_REGISTER = r"(\(i\)|i|[0-9]|\.[0-9])"
_LABEL = r"([0-9a-e]|\.[0-9])"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), op)
    for p, op in (
        (r"([0-9])", "digit"),
        (r"sto([-+*/])?" + _REGISTER, "sto"),
        (r"rcl" + _REGISTER, "rcl"),
        (r"lbl" + _LABEL, "lbl"),
        (r"(?:gto|goto)\.([0-9]{3})", "gto_line"),
        (r"(?:gto|goto)" + r"([0-9a-e]|\.[0-9]|i)", "gto"),
        (r"(?:gsb|gosub)" + r"([0-9a-e]|\.[0-9]|i)", "gsb"),
        (r"([a-e])", "gsb"),  # the label keys A-E run their label
        (r"x(<=|<|>|!=|=)(y|0)\??", "test"),
        (r"(sf|cf)([01])", "flag"),
        (r"(?:fs?\?([01])|f([01])\?)", "fs"),
        (r"(fix|sci|eng)([0-9])", "display"),
    )
)

_WHAT = N_("(the spellings are listed in docs/hp11c.md)")


def parse_key(text: str, *, keyboard: bool = False) -> Key:
    """The key ``text`` spells; :class:`UnknownKey` says what was expected.

    ``keyboard`` also accepts the keys that only act from the keyboard
    (SST, BST, ←, GTO .nnn).
    """
    word = compact(text)
    key = _SIMPLE.get(word) or _match(word)
    if key is None:
        raise UnknownKey(_hint(text.strip(), word))
    if key.op in KEYBOARD_ONLY and not keyboard:
        raise UnknownKey(f"{key.text} acts from the keyboard and cannot be a program step")
    return key


def _match(word: str) -> Key | None:
    for pattern, op in _PATTERNS:
        m = pattern.fullmatch(word)
        if not m:
            continue
        if op == "sto":
            arith, reg = m.groups()
            return Key("sto" + (arith or ""), _register(reg))
        if op in ("rcl", "lbl", "gto", "gsb"):
            return Key(op, _register(m.group(1)))
        if op == "test":
            name = "x" + m.group(1) + m.group(2)
            return Key("test", name) if name in TESTS else None
        if op == "flag":
            return Key(m.group(1), m.group(2))
        if op == "fs":
            return Key("fs", m.group(1) or m.group(2))
        if op == "display":
            return Key(m.group(1), m.group(2))
        return Key(op, m.group(1))
    return None


def _register(arg: str) -> str:
    """Registers and labels as written in listings: I and A-E upper case, (i) lower."""
    return arg if arg == "(i)" else arg.upper()


_NUMBER = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:e-?[0-9]+)?")  # one way to match
_SHOWN = 40  # characters of an unknown key repeated in its message


def _hint(text: str, word: str) -> str:
    shown = repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "...")
    if _NUMBER.fullmatch(word):
        return _("{shown}: a program step is one key; key a number one digit per step").format(
            shown=shown
        )
    if word.startswith("rcl") and word[3:4] in ("+", "-", "*", "/"):
        return _(
            "{shown}: the HP-11C has no recall arithmetic; use RCL n, then the operation"
        ).format(shown=shown)
    if word.startswith(("sto", "rcl")):
        if word.startswith("sto"):
            return _(
                "{shown}: STO takes a register: 0-9, .0-.9, I or (i) (STO + n for storage "
                "arithmetic)"
            ).format(shown=shown)
        return _("{shown}: RCL takes a register: 0-9, .0-.9, I or (i)").format(shown=shown)
    if word.startswith("lbl"):
        return _("{shown}: LBL takes a label: 0-9, .0-.9 or A-E").format(shown=shown)
    if word.startswith(("gto", "goto", "gsb", "gosub")):
        return _("{shown}: GTO and GSB take a label (0-9, .0-.9, A-E) or I").format(shown=shown)
    if re.fullmatch(r"(sf|cf)[0-9]+|fs?\?[0-9]+|f[0-9]+\?", word):
        return _("{shown}: the HP-11C has flags 0 and 1").format(shown=shown)
    if re.fullmatch(r"x(<=|<|>=|>|!=|=)(y|0)\??", word):
        return _("{shown} is not an HP-11C test; it has ").format(shown=shown) + " ".join(
            t + "?" for t in TESTS
        )
    if word.startswith(("fix", "sci", "eng")):
        return _("{shown}: {upper} takes one digit, 0-9").format(
            shown=shown, upper=word[:3].upper()
        )
    return _("{shown} is not an HP-11C key {what}").format(shown=shown, what=_(_WHAT))
