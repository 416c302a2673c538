"""Every test runs with its own config and data folders, never the user's."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

# Each process of the run (every xdist worker) keeps the byte code it makes: pytest's
# test modules with their asserts rewritten, and mjtui's. Where PYTHONDONTWRITEBYTECODE
# is set (as on the machines the suite is timed on), each worker rewrote and compiled
# every test module again, about 10 s of CPU a worker of the 15 s it spent before its
# first test; kept, a run after the first in a checkout reads them back. The files go
# where Python puts them by default (__pycache__, which git ignores).
sys.dont_write_bytecode = False

from hypothesis import HealthCheck, settings  # noqa: E402 (after the byte code is kept)

from mjtui.core import language  # noqa: E402

# The tests live in folders named for what they test (core, files, systems, calc, ui,
# cli, tooling); the helpers beside this file, and a test module another test borrows
# from (test_typing_fast's keys_of), are imported by their names from any folder.
HERE = Path(__file__).resolve().parent
sys.path[:0] = [
    str(HERE),
    *(
        str(p)
        for p in sorted(HERE.iterdir())
        if p.is_dir() and p.name not in ("data", "fuzz", "__pycache__")
    ),
]

# No property test is timed: how fast an example runs depends on what else the machine
# runs (two workers a core, below), and speed is for benchmarks/ to measure.
settings.register_profile("mjtui", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("mjtui")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers a core for `-n auto`: a pilot test spends about half its time
    asleep in Textual's wait for the app to be idle after each key (20 ms at the
    least, twice a key), and a second worker uses that time. On 2 cores the suite
    took 130 s with one worker a core and takes 100 s with two."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    config, data = tmp_path / "config", tmp_path / "data"
    monkeypatch.setenv("MJTUI_CONFIG_DIR", str(config))
    monkeypatch.setenv("MJTUI_DATA_DIR", str(data))
    # No test hangs on the machine's locale: English unless a test sets a language.
    monkeypatch.setenv("LANGUAGE", "en")
    return {"config": config, "data": data, "rulesets": config / "rulesets"}


@pytest.fixture(autouse=True)
def collectable() -> Iterator[None]:
    """An app freezes what it has loaded (ui/app.py: keep_out_of_collections); one
    process runs many apps here, so each test's objects are made collectable again."""
    yield
    language.install(language.ENGLISH)  # a test that spoke another language spoke it alone
    gc.unfreeze()
    gc.enable()  # `mjtui` turns it off while it starts (cli/entry.py)


@pytest.fixture
def run_mjtui(folders: dict[str, Path]) -> Callable[..., subprocess.CompletedProcess]:
    """Run the `mjtui` command as a user would, in this test's own folders."""

    def run(*args: str) -> subprocess.CompletedProcess:
        # The environment carries this test's MJTUI_* folders (set by `folders`).
        return subprocess.run(
            [sys.executable, "-m", "mjtui", *args],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            cwd=folders["config"].parent,
            timeout=60,
        )

    return run
