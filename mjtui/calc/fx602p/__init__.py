"""A Casio FX-602P emulator, made to run the 1986 mahjong game listing.

* :mod:`.listing`: program lists as printed (areas P0-P9) to instructions;
* :mod:`.machine`: the calculator (decimal arithmetic, algebraic evaluation,
  memories, jumps, subroutines, the alpha display, HLT and PAUSE);
* :mod:`.check`: the program's scoring beside mjtui's own FX-602P evaluator;
* :mod:`.play`: a driver that plays the game headless for a scripted human.

docs/fx602p-emulator.md describes the keys and the semantics chosen. Nothing
here imports Textual.
"""

from mjtui.calc.fx602p.listing import Listing, parse_listing, read_listing
from mjtui.calc.fx602p.machine import DEFAULT_STEP_LIMIT, Machine, State

__all__ = ["DEFAULT_STEP_LIMIT", "Listing", "Machine", "State", "parse_listing", "read_listing"]
