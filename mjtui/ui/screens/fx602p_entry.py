"""The FX-602P hand form: who won, then the nine tiles (or the yaku as read).

Two people playing the 1986 game with real tiles type the winner's nine
tiles; the evaluator finds the yaku and the points, shown as they type.
Players who read the yaku off the table can give those and the triplets.
The keys are every form's (:mod:`mjtui.ui.key_form`); ``r`` and ``t`` set a
win on a discard or a self-draw from any field that takes no letters. What
the fields mean, what is wrong and which fields take part is read by the core
(:mod:`mjtui.core.systems.fx602p.entry`); this form shows it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.fx602p.entry import (
    FIELDS,
    OUTCOMES,
    TICKED,
    WINNER_KEYS,
    Entry,
    blank,
    outcome_values,
    read_entry,
    values_of,
)
from mjtui.core.systems.fx602p.system import ALL_YAKU, Win
from mjtui.ui import numbers
from mjtui.ui.hand_form import HandForm, Submit
from mjtui.ui.widgets.checkbox import Checkbox

__all__ = ["FX602PHandScreen", "WINNER_KEYS"]


class FX602PHandScreen(HandForm):
    """Returns the hand entered, or None when cancelled."""

    DEFAULT_CSS = """
    FX602PHandScreen { align: center middle; }
    #fx-grid { grid-size: 2; grid-columns: 18 30; grid-rows: 1; height: auto; }
    #fx-flags { height: 1; margin: 1 0 0 0; }
    #fx-flags Checkbox { margin: 0 2 0 0; }
    """
    OUTCOMES = "".join(OUTCOMES)
    GIVEN = ("fx-winner",)

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], before: Any, title: str,
                 hand: Win | None = None, winner: int | None = None, *,
                 submit: Submit | None = None) -> None:
        super().__init__(ruleset, players, before, title, hand, winner, submit=submit)
        self.start = values_of(hand) if hand else blank(winner)

    def compose(self) -> ComposeResult:
        start = self.start
        with Vertical(id="entry"):
            yield Label(self.heading, id="entry-title", markup=False)
            with Grid(id="fx-grid"):
                yield Label("Winner (1 or 2)", classes="entry-label")
                # Only the winner keys: an outcome letter typed here sets the outcome.
                yield Input(start["winner"], id="fx-winner", max_length=1, compact=True,
                            restrict="(?i)[" + "".join(WINNER_KEYS) + "]?")
                yield Label("Nine tiles", classes="entry-label")
                yield Input(start["tiles"], id="fx-tiles", placeholder="e.g. 223334567",
                            restrict=r"[1-9]*", max_length=9, compact=True)
                yield Label("Won on (tile)", classes="entry-label")
                yield Input(start["win"], id="fx-win", placeholder="the last tile",
                            restrict=r"[1-9]?", compact=True)
                yield Label("Dora", classes="entry-label")
                yield Input(start["dora"], id="fx-dora", restrict=r"[1-9]?", compact=True)
                yield Label("or the yaku", classes="entry-label")
                yield Input(start["yaku"], id="fx-yaku", placeholder="e.g. Tanyao, Iipeiko",
                            compact=True)
                yield Label("and triplets", classes="entry-label")
                yield Input(start["triplets"], id="fx-triplets", restrict=r"[0-3]?",
                            compact=True)
            with Horizontal(id="fx-flags"):
                yield Checkbox("Self-draw (tsumo)", start["tsumo"] == TICKED, id="fx-tsumo",
                               compact=True)
                yield Checkbox("Tenho", start["tenho"] == TICKED, id="fx-tenho", compact=True)
            yield Static("", id="preview", markup=False)
            yield Static("", id="entry-error", markup=False)
            with Horizontal(id="entry-buttons"):
                yield Button("Confirm", id="confirm", variant="primary", compact=True,
                             classes="form-confirm")
                yield Button("Cancel", id="cancel", compact=True, classes="form-cancel")
            yield Static("Enter: next field · ctrl+s: confirm · Esc: cancel · r/t: ron/tsumo. "
                         "Yaku: "
                         + ", ".join(ALL_YAKU), id="entry-help", markup=False)

    def _field(self, name: str) -> Input | Checkbox:
        return self.query_one(f"#fx-{name}", Input if name not in ("tsumo", "tenho")
                              else Checkbox)

    def set_outcome(self, letter: str) -> None:
        for name, value in outcome_values(letter).items():
            field = self._field(name)
            if isinstance(field, Checkbox):
                field.value = value == TICKED
            else:
                field.value = value

    def _values(self) -> dict[str, str]:
        values = {}
        for name in FIELDS:
            field = self._field(name)
            if isinstance(field, Checkbox):
                values[name] = TICKED if field.value else ""
            else:
                values[name] = field.value
        return values

    def _read(self) -> Entry:
        return read_entry(self.rules, self.before, self._values())

    def read(self) -> tuple[list[str], Win | None]:
        entry = self._read()
        return list(entry.errors), entry.hand

    def fields_changed(self) -> None:
        entry = self._read()
        for name in FIELDS:
            self._field(name).disabled = name not in entry.active
        self.show("#entry-error", "\n".join(entry.errors))
        score, change = entry.score, entry.after.last_change if entry.after else None
        if score is None or change is None:
            self.show("#preview", "")
            return
        changes = "  ".join(f"{name} {numbers.change(c)}"
                            for name, c in zip(self.players, change))
        self.show("#preview", Text(f"{', '.join(score.yaku) or 'no yaku'} · {score.han} han · "
                                   f"{score.triplets} triplets · "
                                   f"{numbers.points(score.points)} points\n"
                                   f"Settlement: {changes}"))
