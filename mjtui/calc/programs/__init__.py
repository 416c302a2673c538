"""HP-11C programs that mjtui wrote itself and ships inside the package.

``east_doubling.hp11c`` settles the HP-11C East-doubling system and is keyed
like the published program it replaces (GSB 9; A-D; four points with R/S).
Its header comment says which register holds what.
"""

from __future__ import annotations

from pathlib import Path

from mjtui.calc.errors import ListingError
from mjtui.calc.hp11c.listing import Program, read_listing
from mjtui.core.language import _

FOLDER = Path(__file__).parent
EAST_DOUBLING = FOLDER / "east_doubling.hp11c"


def shipped() -> dict[str, Path]:
    """The shipped programs by name (the file name without .hp11c)."""
    return {p.stem: p for p in sorted(FOLDER.glob("*.hp11c"))}


def load_program(name_or_path: str) -> Program:
    """A listing by path, or a shipped program by name when no such file exists."""
    path = Path(name_or_path).expanduser()
    programs = shipped()
    try:
        exists = path.exists()
    except OSError as e:  # a name too long for a file, say
        raise ListingError(
            _("{name_or_path}: cannot read it ({why})").format(
                name_or_path=name_or_path[:80], why=e.strerror or e
            )
        ) from None
    if not exists:
        name = name_or_path.removesuffix(".hp11c")
        if name in programs:
            path = programs[name]
        else:
            known = ", ".join(programs) or "none"
            raise ListingError(
                _("{name_or_path}: no such file, nor a shipped program (shipped: {known})").format(
                    name_or_path=name_or_path, known=known
                )
            )
    return read_listing(path)
