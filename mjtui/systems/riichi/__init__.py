"""Riichi mahjong: points from han and fu, the fu calculator, and the table flow.

The modules, each one concern:

* :mod:`.rules`: the ruleset keys (``system = "riichi"``);
* :mod:`.points`: base points, limits and payments;
* :mod:`.fu`: the fu calculator with its itemised breakdown;
* :mod:`.events`: the hand events and their checks;
* :mod:`.table`: the state and the fold (honba, deposits, dealer, the end);
* :mod:`.standings`: final standings with uma, oka and ties;
* :mod:`.records`: the hands in the session file;
* :mod:`.entry`, :mod:`.tiles_entry`, :mod:`.fu_entry`: reading what was typed
  in the hand form, the tiles form and the fu calculator (the forms show it).

:data:`.system.SYSTEM` is what the rest of mjtui sees (a ScoringSystem); this
`__init__` holds the plugin's declaration alone (the ``mjtui.systems`` entry point
names it), so reading a ruleset file loads :mod:`.rules` alone.
"""

from mjtui.core.systems.registry import Plugin

PLUGIN = Plugin(
    "riichi", rules="mjtui.systems.riichi.rules:Rules", system="mjtui.systems.riichi.system:SYSTEM"
)
