"""The fu calculator: describe the winning hand with one-letter codes, read its fu.

Each field takes one letter (shown beside it in words); the breakdown, the
rounding and the ruleset's variants are shown live on the right. Confirm
(Enter on the last field, or ctrl+s) returns the rounded fu to the hand form.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.systems.riichi import FuHand, FuResult, Meld, calculate
from mjtui.ui.key_form import KeyForm

# field -> {letter: (value, words)}
CODES: dict[str, dict[str, tuple[Any, str]]] = {
    "win": {"r": ("ron", "ron"), "t": ("tsumo", "tsumo")},
    "closed": {"c": (True, "closed"), "o": (False, "open (called)")},
    "shape": {"s": ("standard", "4 melds + pair"), "p": ("pinfu", "pinfu"),
              "7": ("seven-pairs", "seven pairs")},
    "wait": {"r": ("ryanmen", "ryanmen (two-sided)"), "s": ("shanpon", "shanpon (pairs)"),
             "k": ("kanchan", "kanchan (middle)"), "p": ("penchan", "penchan (edge)"),
             "t": ("tanki", "tanki (single)")},
    "pair": {"n": ("number", "number tiles"), "g": ("guest-wind", "guest wind"),
             "d": ("dragon", "dragons"), "s": ("seat-wind", "seat wind"),
             "r": ("round-wind", "round wind"), "w": ("double-wind", "seat+round wind")},
    "kind": {"s": ("sequence", "sequence"), "t": ("triplet", "triplet"), "k": ("kan", "kan")},
    "open": {"c": (False, "closed"), "o": (True, "open")},
    "tiles": {"s": (False, "2-8"), "h": (True, "T/H")},
}
LABELS = {"win": "Win", "closed": "Hand", "shape": "Shape", "wait": "Wait", "pair": "Pair"}


SHORT = (("meld ", "m"), ("terminals/honors", "T/H"), ("simples", "2-8"),
         (", completed by ron (counts as open)", " (ron: open)"),
         ("the wind that is seat and round wind", "seat+round wind"),
         (" (single, on the pair)", " (single)"))


def _short(item: str) -> str:
    """A breakdown item shortened to fit the narrow column."""
    for long, short in SHORT:
        item = item.replace(long, short)
    return item


def _choices(field: str) -> str:
    return "/".join(CODES[field])


class FuCalculatorScreen(KeyForm):
    """Returns the fu the hand scores, or None when cancelled."""

    def __init__(self, rules: Any, *, tsumo: bool = False, closed: bool = True) -> None:
        super().__init__()
        self.rules = rules
        self.start = {"win": "t" if tsumo else "r", "closed": "c" if closed else "o",
                      "shape": "s", "wait": "r", "pair": "n"}
        self.result: FuResult | None = None

    def _field(self, key: str, value: str) -> Input:
        letters = "".join(CODES[key.split("-")[0]])
        return Input(value, id=f"fc-{key}", restrict=f"[{letters}{letters.upper()}]?",
                     max_length=1, compact=True, classes="fc-field")

    def compose(self) -> ComposeResult:
        with Vertical(id="fucalc"):
            yield Label("Fu calculator", id="fc-title")
            with Horizontal(id="fc-body"):
                with Vertical(id="fc-form"):
                    for key, label in LABELS.items():
                        with Horizontal(classes="fc-row"):
                            yield Label(f"{label} {_choices(key)}", classes="fc-label")
                            yield self._field(key, self.start[key])
                            yield Label("", id=f"fc-{key}-name", classes="fc-name",
                                        markup=False)
                    yield Label("Melds: s/t/k · c/o · s=2-8 h=T/H", classes="fc-head")
                    for n in range(4):
                        with Horizontal(classes="fc-row"):
                            yield Label(f"Meld {n + 1}", classes="fc-mlabel")
                            yield self._field(f"kind-{n}", "s")
                            yield self._field(f"open-{n}", "c")
                            yield self._field(f"tiles-{n}", "s")
                            yield Label("", id=f"fc-meld-{n}-name", classes="fc-name",
                                        markup=False)
                    with Horizontal(classes="fc-row"):
                        yield Label("Won on meld 1-4", classes="fc-label")
                        yield Input("", id="fc-won", restrict="[1-4]?", max_length=1,
                                    compact=True, classes="fc-field")
                        yield Label("(shanpon ron)", classes="fc-name")
                yield Static("", id="fc-result", markup=False)
            yield Static("", id="fc-error", markup=False)
            with Horizontal(id="fc-buttons"):
                yield Button("Use these fu", id="fc-ok", variant="primary", compact=True,
                             classes="form-confirm")
                yield Button("Cancel", id="fc-cancel", compact=True,
                             classes="form-cancel")
            yield Static("Enter next · ctrl+s use the fu · Esc cancel · T/H terminals/honors",
                         id="fc-help")

    def first_field(self) -> Widget:
        return self.query_one("#fc-closed", Input)

    def _code(self, key: str) -> tuple[Any, str] | None:
        letter = self.query_one(f"#fc-{key}", Input).value.strip().lower()
        return CODES[key.split("-")[0]].get(letter)

    def _hand(self) -> tuple[str, FuHand | None]:
        picked = {}
        for key, label in LABELS.items():
            code = self._code(key)
            if code is None:
                return f"{label}: type one of {_choices(key)}", None
            picked[key] = code[0]
        melds = []
        won = self.query_one("#fc-won", Input).value.strip()
        for n in range(4):
            parts = [self._code(f"{k}-{n}") for k in ("kind", "open", "tiles")]
            if any(p is None for p in parts):
                return f"Meld {n + 1}: kind s/t/k, then c/o, then s/h", None
            kind, opened, terminals = (p[0] for p in parts)  # type: ignore[index]
            melds.append(Meld(kind, open=opened, terminals=terminals,
                              winning=won == str(n + 1)))
        return "", FuHand(win=picked["win"], closed=picked["closed"], wait=picked["wait"],
                          pair=picked["pair"], melds=tuple(melds), shape=picked["shape"])

    def fields_changed(self) -> None:
        for key in LABELS:
            code = self._code(key)
            self.query_one(f"#fc-{key}-name", Label).update(code[1] if code else "?")
        standard = (self._code("shape") or ("standard",))[0] == "standard"
        for n in range(4):
            parts = [self._code(f"{k}-{n}") for k in ("kind", "open", "tiles")]
            kind, opened, tiles = (p[1] if p else "?" for p in parts)
            words = f"{opened} {kind}" + ("" if kind == "sequence" else f" {tiles}")
            for k in ("kind", "open", "tiles"):
                self.query_one(f"#fc-{k}-{n}", Input).disabled = not standard
            self.query_one(f"#fc-meld-{n}-name", Label).update(words if standard else "")
        for k in ("wait", "pair", "won"):
            self.query_one(f"#fc-{k}", Input).disabled = not standard
        error, hand = self._hand()
        self.result = None
        if hand is not None:
            try:
                self.result = calculate(self.rules, hand)
            except HandError as e:
                error = str(e)
        self.query_one("#fc-error", Static).update(error)
        shown = self.query_one("#fc-result", Static)
        shown.update(self._text(self.result) if self.result else "")
        shown.display = self.result is not None

    @staticmethod
    def _text(result: FuResult) -> str:
        lines = [f"{_short(item)[:27]:<27} {fu:>3}" for item, fu in result.lines]
        lines.append(f"{'total':<27} {result.total:>3}")
        lines.append(f"= {result.fu} fu")
        lines.append(result.rounding)
        lines += [f"note: {n}" for n in result.notes]
        return "\n".join(lines)

    def action_confirm(self) -> None:
        self.fields_changed()
        if self.result is None:
            self.app.bell()
            return
        self.dismiss(self.result.fu)
