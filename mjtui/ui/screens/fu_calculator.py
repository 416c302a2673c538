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

from mjtui.core.systems.riichi.fu_entry import (
    CODES,
    FIELDS,
    LABELS,
    MELD_PARTS,
    MELDS,
    FuEntry,
    choices,
    read_fu,
    start_values,
)
from mjtui.core.systems.riichi.system import FuResult
from mjtui.ui.key_form import KeyForm

SHORT = (("meld ", "m"), ("terminals/honors", "T/H"), ("simples", "2-8"),
         (", completed by ron (counts as open)", " (ron: open)"),
         ("the wind that is seat and round wind", "seat+round wind"),
         (" (single, on the pair)", " (single)"))


def _short(item: str) -> str:
    """A breakdown item shortened to fit the narrow column."""
    for long, short in SHORT:
        item = item.replace(long, short)
    return item


class FuCalculatorScreen(KeyForm):
    """Returns the fu the hand scores, or None when cancelled."""

    STYLES = ("forms",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    def __init__(self, rules: Any, *, tsumo: bool = False, closed: bool = True) -> None:
        super().__init__()
        self.rules = rules
        self.start = start_values(tsumo=tsumo, closed=closed)
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
                            yield Label(f"{label} {choices(key)}", classes="fc-label")
                            yield self._field(key, self.start[key])
                            yield Label("", id=f"fc-{key}-name", classes="fc-name",
                                        markup=False)
                    yield Label("Melds: s/t/k · c/o · s=2-8 h=T/H", classes="fc-head")
                    for n in range(MELDS):
                        with Horizontal(classes="fc-row"):
                            yield Label(f"Meld {n + 1}", classes="fc-mlabel")
                            for part in MELD_PARTS:
                                yield self._field(f"{part}-{n}", self.start[f"{part}-{n}"])
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

    def read(self) -> FuEntry:
        return read_fu(self.rules, {name: self.query_one(f"#fc-{name}", Input).value
                                    for name in FIELDS})

    def fields_changed(self) -> None:
        entry = self.read()
        for key in LABELS:
            self.query_one(f"#fc-{key}-name", Label).update(entry.words[key])
        for n in range(MELDS):
            self.query_one(f"#fc-meld-{n}-name", Label).update(entry.words[f"meld-{n}"])
        for name in FIELDS:
            self.query_one(f"#fc-{name}", Input).disabled = name not in entry.active
        self.result = entry.result
        self.query_one("#fc-error", Static).update("\n".join(entry.errors))
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
        self.refresh_fields()
        if self.result is None:
            self.app.bell()
            return
        self.dismiss(self.result.fu)
