"""An HP-11C emulator: listings in, keys pressed, the display and registers out.

``Machine`` (machine.py) is the calculator; ``read_listing`` / ``parse_listing``
(listing.py) load programs; ``run_keys`` (run.py) runs a key string for the
CLI. docs/hp11c.md describes the listing format and the key words.
"""

from mjtui.calc.hp11c.keys import Key, parse_key
from mjtui.calc.hp11c.listing import Program, Step, format_listing, parse_listing, read_listing
from mjtui.calc.hp11c.machine import DEFAULT_STEP_LIMIT, Line, Machine, RunState

__all__ = [
    "DEFAULT_STEP_LIMIT",
    "Key",
    "Line",
    "Machine",
    "Program",
    "RunState",
    "Step",
    "format_listing",
    "parse_key",
    "parse_listing",
    "read_listing",
]
