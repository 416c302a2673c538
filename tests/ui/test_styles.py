"""Each screen's rules reach it: mjtui.tcss for the first screens, the other
stylesheets (the hand forms' among them) read when a screen naming them in STYLES
is first shown."""

from __future__ import annotations

import re
from pathlib import Path

from textual.app import App

from mjtui import paths
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.ui.styles import BASE, FOLDER, ScreenStyles

UI = Path(__file__).resolve().parents[2] / "mjtui" / "ui"
EXTRA = sorted(p for p in FOLDER.glob("*.tcss") if p != BASE)


def names(css: str) -> set[str]:
    """The ids and classes the selectors of ``css`` name."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = re.findall(r"([^{}]+)\{", css)
    return {m for s in selectors for m in re.findall(r"[#.]([A-Za-z][\w-]*)", s)}


def uses(text: str, name: str) -> bool:
    """Whether a module's code gives a widget the id or class ``name``, or queries it."""
    n = re.escape(name)
    return any(
        re.search(p, text)
        for p in (
            rf'id=f?"{n}"',
            rf'classes=f?"([^"\n]* )?{n}( [^"\n]*)?"',
            rf'"[^"\n]*[#.]{n}\b',
            rf'_class\([^)]*"{n}"',
        )
    )


def test_a_screen_using_another_stylesheets_names_declares_it() -> None:
    base = names(BASE.read_text(encoding="utf-8"))
    assert EXTRA, "the split stylesheets are gone"
    for sheet in EXTRA:
        own = names(sheet.read_text(encoding="utf-8")) - base
        assert own
        for module in UI.rglob("*.py"):
            text = module.read_text(encoding="utf-8")
            used = {n for n in own if uses(text, n)}
            if used:
                assert re.search(rf'STYLES = \([^)]*"{sheet.stem}"', text), (
                    f"{module.name} uses {sorted(used)} from {sheet.name} without STYLES"
                )


async def test_a_screen_brings_its_stylesheet_once() -> None:
    from mjtui.systems.riichi.system import SYSTEM
    from mjtui.ui.screens.standings import StandingsScreen

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-wrc")
    state = SYSTEM.start(ruleset.rules)

    class _App(ScreenStyles, App):
        CSS_PATH = str(BASE)

    app = _App()
    async with app.run_test(size=(80, 24)) as pilot:
        forms = str(FOLDER / "forms.tcss")
        assert not app.stylesheet.has_source(forms)  # the first frame has only mjtui.tcss
        for _ in range(2):
            app.push_screen(StandingsScreen(ruleset, ("A", "B", "C", "D"), state))
            await pilot.pause()
            assert app.stylesheet.has_source(forms)
            assert (app.screen.styles.align_horizontal, app.screen.styles.align_vertical) == (
                "center",
                "middle",
            )  # StandingsScreen's rule in forms.tcss
            app.pop_screen()
            await pilot.pause()
        assert sum(1 for path, _ in app.stylesheet.source if path == forms) == 1


async def test_the_forms_over_a_screen_bring_their_rules_after_the_first_frame() -> None:
    from mjtui.cli import entry
    from mjtui.ui.screens.confirm import ConfirmScreen

    app = entry.new_series(entry.build_parser().parse_args([]))
    modal = str(FOLDER / "modal.tcss")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(modal)  # the form's first frame has its own alone
        app.push_screen(ConfirmScreen("Quit?"))
        await pilot.pause()
        assert app.stylesheet.has_source(modal)
        assert app.screen.query_one("#confirm").outer_size.width == 60  # modal.tcss's rule
