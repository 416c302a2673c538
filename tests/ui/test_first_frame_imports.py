"""What the first frame loads: the new-series form and a resumed sheet leave out what only
a later key needs (the hand forms, the systems' form declarations and capabilities, the
seat draw, the session writer, the forms' stylesheet).

Each app runs in a fresh interpreter, which reports ``sys.modules`` as the first frame
is drawn: this checks the structure that keeps start-up short (benchmarks/startup.py
measures the time), never a time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

RUN = """
import asyncio, json, sys
from mjtui.cli import entry
from mjtui.ui.app import MjtuiApp
from mjtui.ui.styles import FOLDER

seen = {{}}

def first_frame(app):
    seen["modules"] = sorted(sys.modules)
    seen["modal"] = app.stylesheet.has_source(str(FOLDER / "modal.tcss"))
    app.exit()

MjtuiApp._after_first_frame = first_frame
app = entry._command({command!r})(entry.build_parser().parse_args({argv!r}))

async def main():
    async with app.run_test(size=(80, 24)) as pilot:
        while "modules" not in seen:
            await pilot.pause()

asyncio.run(main())
app.release_sessions()
print(json.dumps(seen))
"""

# What no first screen needs before a key is typed.
LATER = (
    "mjtui.core.systems.fields",  # a system's hand form declaration
    "mjtui.core.systems.tools",
    "mjtui.core.systems.capabilities",  # exports, examples, importers, the rules, a ranking
    "mjtui.core.table.draws",  # ctrl+r, d
    "mjtui.ui.screens.hand_form",
    "mjtui.ui.screens.field_form",
    "mjtui.ui.screens.confirm",
    "tomli_w",  # the session writer: the first save
    "rich._emoji_codes",  # a str read as markup
    "shlex",  # the refusal of a session in use (cli/entry.py)
)


def first_frame(tmp_path: Path, command: str, *argv: str) -> dict:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "MJTUI_CONFIG_DIR": str(tmp_path / "c"),
        "MJTUI_DATA_DIR": str(tmp_path / "d"),
    }
    code = RUN.format(command=command, argv=[command, *argv])
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    found: dict = json.loads(done.stdout.splitlines()[-1])
    return found


def test_the_new_series_form_loads_no_later_module(tmp_path: Path) -> None:
    found = first_frame(tmp_path, "new")
    assert not [m for m in LATER if m in found["modules"]]
    assert "textual.widgets._label" not in found["modules"]  # the form's labels are Statics
    assert not [m for m in found["modules"] if m.startswith("mjtui.core.sessions")]
    assert not found["modal"]


def test_a_resumed_sheet_loads_no_later_module(tmp_path: Path) -> None:
    from datetime import datetime

    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.session_file import save_session
    from mjtui.systems.east_doubling.system import Hand

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30, 19))
    session.hands.extend([Hand(0, (10, 20, 30, 40)), Hand(None, (0, 0, 0, 0))])
    path = tmp_path / "evening.toml"
    save_session(session, path)
    found = first_frame(tmp_path, "resume", str(path))
    assert "mjtui.ui.screens.score" in found["modules"]
    assert not [m for m in LATER if m in found["modules"]]
    assert not found["modal"]
