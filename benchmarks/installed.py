"""The `mjtui` command as a person runs it, for the start-up benchmarks.

That is the script the install put beside the interpreter (what `mjtui` on the
command line starts), not `python -m mjtui`, whose runpy start-up a person
never pays; without such a script (mjtui not installed in this environment),
`python -m mjtui` it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

_SCRIPT = Path(sys.executable).with_name("mjtui")
MJTUI = [str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "mjtui"]
