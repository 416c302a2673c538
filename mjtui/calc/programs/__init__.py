"""HP-11C programs that mjtui wrote itself and ships inside the package.

``east_doubling.hp11c`` settles the HP-11C East-doubling system and is keyed
like the published program it replaces (GSB 9; A-D; four points with R/S).
Its header comment says which register holds what.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).parent
EAST_DOUBLING = FOLDER / "east_doubling.hp11c"


def shipped() -> dict[str, Path]:
    """The shipped programs by name (the file name without .hp11c)."""
    return {p.stem: p for p in sorted(FOLDER.glob("*.hp11c"))}
