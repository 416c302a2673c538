"""What-if: one session's hands re-scored under other rules, side by side with the result.

The form holds the rules as played, one field per dotted key; another
installed ruleset of the same scoring system can be the starting point
instead. Compare (Enter, ctrl+s or the button) scores the same hands under
the rules in the form and shows each seat's totals and nets both ways.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header, Input, Label, Select, Static

from mjtui import paths
from mjtui.core.errors import MjtuiError
from mjtui.core.language import _, ngettext
from mjtui.core.model.session import Session
from mjtui.core.reports.whatif import WhatIf, flatten, parse_value, rescore, variant
from mjtui.core.rulesets.ruleset import Ruleset, RulesetLibrary
from mjtui.core.text import shown
from mjtui.ui import colours, numbers
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.footer import Footer

HIDDEN_KEYS = ("name", "system", "description")  # shown nowhere in the form
HIDDEN_PREFIXES = ("calculator.",)
PLAYED = -1  # the base Select's value for "the rules as played"


def form_keys(ruleset: Ruleset) -> list[str]:
    """The dotted keys the form offers, in the ruleset's own order."""
    return [
        key
        for key in flatten(ruleset.table())
        if key not in HIDDEN_KEYS and not key.startswith(HIDDEN_PREFIXES)
    ]


def as_text(value: object) -> str:
    """A rule value as typed in the form (read back by ``parse_value``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def installed_rulesets(system: str) -> list[Ruleset]:
    """The readable installed rulesets of one scoring system."""
    entries = RulesetLibrary(paths.ruleset_folders()).entries()
    return [e.ruleset for e in entries if e.ruleset and e.ruleset.rules.system == system]


def overrides(base: Ruleset, typed: dict[str, str]) -> dict[str, Any]:
    """The keys whose typed text differs from the base's value, read as TOML values."""
    flat = flatten(base.table())
    changed: dict[str, Any] = {}
    for key, text in typed.items():
        if key in flat and text.strip() == as_text(flat[key]):
            continue
        changed[key] = parse_value(text)
    return changed


class WhatIfScreen(LaidOutOnce, Screen[None]):
    STYLES = ("library",)  # read when first shown (ui/styles.py), beyond mjtui.tcss
    BINDINGS = [
        Binding("ctrl+s", "compare", "Compare", priority=True),
        Binding("ctrl+r", "reset", "Reset form", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, session: Session, name: str, rulesets: list[Ruleset] | None = None) -> None:
        super().__init__()
        self.session = session
        self.file_name = shown(name)  # a file name: anything but a control goes
        self.keys = form_keys(session.ruleset)
        if rulesets is None:
            rulesets = installed_rulesets(session.ruleset.rules.system)
        self.bases = [session.ruleset, *list(rulesets)]
        self.result: WhatIf | None = None

    def compose(self) -> ComposeResult:
        played = self.session.ruleset
        yield Header()
        with VerticalScroll(id="whatif"):
            yield Static(
                Text.assemble(
                    (self.file_name, "bold"),
                    " · "
                    + ngettext("{n} hand", "{n} hands", len(self.session.hands)).format(
                        n=len(self.session.hands)
                    )
                    + " · ",
                    ", ".join(self.session.players),
                ),
                id="whatif-title",
            )
            with Horizontal(id="whatif-base-row"):
                yield Label(_("Start from"), classes="whatif-key")
                yield Select(
                    [(Text(_("as played: {ruleset}").format(ruleset=played.name)), PLAYED)]
                    + [(Text(f"{r.name} ({r.id})"), i) for i, r in enumerate(self.bases[1:], 1)],
                    value=PLAYED,
                    allow_blank=False,
                    id="whatif-base",
                    compact=True,
                )
            flat = flatten(played.table())
            with Grid(id="whatif-form"):
                for i, key in enumerate(self.keys):
                    yield Label(key, classes="whatif-key", markup=False)
                    yield Input(
                        as_text(flat[key]),
                        id=f"whatif-rule-{i}",
                        compact=True,
                        classes="whatif-value",
                    )
            yield Static("", id="whatif-error")
            with Horizontal(id="whatif-buttons"):
                yield Button(_("Compare"), id="whatif-compare", variant="primary", compact=True)
                yield Static(
                    _("Enter: compare · shift+Tab: start from · Esc: back"), id="whatif-help"
                )
            yield DataTable(id="whatif-table", cursor_type="none", zebra_stripes=True)
            yield Static("", id="whatif-diff")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("mjtui what if")
        self.sub_title = self.file_name
        table = self.query_one("#whatif-table", DataTable)
        table.can_focus = False
        table.add_column(_("Player"), key="player")
        for label, key in (
            (_("Played"), "played"),
            (_("What if"), "what_if"),
            (_("Net played"), "net"),
            (_("Net what if"), "what_if_net"),
            (_("Difference"), "difference"),
        ):
            table.add_column(Text(label, justify="right"), key=key)
        table.display = False
        self.query_one("#whatif-error", Static).display = False
        self.lay_out_form()
        if self.keys:
            self.query_one("#whatif-rule-0", Input).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.lay_out_form()

    # -- the form ---------------------------------------------------------

    def lay_out_form(self) -> None:
        """Two rules a row when the longest name and value fit twice, else one a
        row: every rule's name in full, and its value too where the width allows."""
        if not self.keys:
            return
        form = self.query_one("#whatif-form", Grid)
        names = max(cell_len(key) for key in self.keys)
        values = max(8, *(cell_len(v) + 1 for v in self.typed().values()))
        room = self.query_one("#whatif", VerticalScroll).scrollable_content_region.width
        room = (room or self.app.size.width - 2) - 1  # a vertical scrollbar may come
        if 2 * (names + values) + 3 <= room:
            columns = f"{names} {values} {names} {values}"
        else:
            columns = f"{names} {max(8, min(values, room - names - 1))}"
        form.styles.grid_size_columns = len(columns.split())
        form.styles.grid_columns = columns

    @property
    def base(self) -> Ruleset:
        value = self.query_one("#whatif-base", Select).value
        return self.bases[value] if isinstance(value, int) and value > 0 else self.bases[0]

    def typed(self) -> dict[str, str]:
        return {
            key: self.query_one(f"#whatif-rule-{i}", Input).value for i, key in enumerate(self.keys)
        }

    def fill(self, ruleset: Ruleset) -> None:
        flat = flatten(ruleset.table())
        for i, key in enumerate(self.keys):
            if key in flat:
                self.query_one(f"#whatif-rule-{i}", Input).value = as_text(flat[key])

    def show_error(self, message: str) -> None:
        error = self.query_one("#whatif-error", Static)
        error.update(Text(message))
        error.display = bool(message)

    @on(Select.Changed, "#whatif-base")
    def _base_changed(self) -> None:
        self.fill(self.base)
        self.show_error("")

    def action_reset(self) -> None:
        self.fill(self.base)
        self.show_error("")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_compare()

    def action_back(self) -> None:
        self.dismiss()

    # -- comparing --------------------------------------------------------

    @on(Button.Pressed, "#whatif-compare")
    def action_compare(self) -> None:
        base = self.base
        try:
            changed = overrides(base, self.typed())
            other = variant(base, changed) if changed else base
            result = rescore(self.session, other)
        except MjtuiError as e:  # RulesetError for a bad value, IncompatibleRulesError
            self.show_error(str(e))
            self.show(None)
            self.app.bell()
            self._point_at(str(e))
            return
        self.show_error("")
        self.show(result)

    def _point_at(self, message: str) -> None:
        """Where the form is longer than the screen, the error under it is out of sight:
        it is said in a notice too, and the field it names (by its key, which no language
        translates) takes the focus, scrolled into view."""
        self.notify(shown(message), severity="error", markup=False)
        for i, key in enumerate(self.keys):
            if f"'{key}'" in message:
                self.query_one(f"#whatif-rule-{i}", Input).focus()
                return

    def show(self, result: WhatIf | None) -> None:
        self.result = result
        table = self.query_one("#whatif-table", DataTable)
        diff = self.query_one("#whatif-diff", Static)
        table.clear()
        table.display = result is not None
        if result is None:
            diff.update("")
            return
        hands = len(self.session.hands)
        table.border_title = Text(
            ngettext(
                "After {n} hand: as played, and what if ({ruleset})",
                "After {n} hands: as played, and what if ({ruleset})",
                hands,
            ).format(n=hands, ruleset=self.base.name)
        )
        for c in result.comparison():
            d = c.difference
            table.add_row(
                Text(c.player),
                Text(numbers.points(c.played), justify="right"),
                Text(numbers.points(c.what_if), justify="right", style="bold"),
                Text(numbers.change(c.played_net), justify="right"),
                Text(numbers.change(c.what_if_net), justify="right", style="bold"),
                Text(
                    numbers.change(d),
                    justify="right",
                    style=colours.signed(d, "dim"),
                ),
                key=str(c.seat),
            )
        differences = result.differences()
        if not differences:
            diff.update(Text(_("No rule differs from the rules as played."), style="dim"))
            self._show_result()
            return
        out = Text.assemble((_("Rules that differ:") + " ", "bold"))
        for i, (key, played, what_if) in enumerate(differences):
            if i:
                out.append(" · ")
            out.append(f"{key} ")
            out.append(_value(played))
            out.append(" → ")
            out.append(_value(what_if), style="bold")
        diff.update(out)
        self._show_result()

    def _show_result(self) -> None:
        """Scroll down to the comparison once it is laid out (below a long form)."""
        scroll = self.query_one("#whatif", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)


def _value(value: object) -> str:
    return _("(none)") if value is None else as_text(value)
