"""The `mjtui` command as a person runs it, for the start-up benchmarks.

That is the script the install put beside the interpreter (what `mjtui` on the
command line starts), not `python -m mjtui`, whose runpy start-up a person
never pays; without such a script (mjtui not installed in this environment),
`python -m mjtui` it is. It runs in a person's environment too
(:func:`users_env`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_SCRIPT = Path(sys.executable).with_name("mjtui")
MJTUI = [str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "mjtui"]


def users_env(folder: Path) -> dict[str, str]:
    """This environment as a person's shell has it, with ``folder`` for their home's
    config, data and cache folders.

    Without PYTHONDONTWRITEBYTECODE, so that a first round leaves the byte code a
    normal install has; the folders are found as a user's are (platformdirs,
    here in XDG folders of our own), not named by MJTUI_CONFIG_DIR or
    MJTUI_DATA_DIR.
    """
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONDONTWRITEBYTECODE", "MJTUI_CONFIG_DIR", "MJTUI_DATA_DIR")
    }
    env.update(
        XDG_CONFIG_HOME=str(folder / "c"),
        XDG_DATA_HOME=str(folder / "d"),
        XDG_CACHE_HOME=str(folder / "k"),
    )
    return env
