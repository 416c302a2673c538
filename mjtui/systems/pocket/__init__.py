"""Pocket Mahjong (seed 004): Hong Kong fan, the starter's rotation, payments by fan.

The modules, each one concern:

* :mod:`.rules`: the ruleset keys (``system = "pocket"``);
* :mod:`.patterns`: the fan of a hand from its tiles;
* :mod:`.events`: the hand events (win, draw, false win) and their checks;
* :mod:`.payments`: portions from fan, and who pays them;
* :mod:`.table`: the state and the fold (starter, round wind, the end);
* :mod:`.records`: the hands in the session file.
* :mod:`.entry`: a hand as typed at the table (the form's fields) read into a hand.

:data:`.system.SYSTEM` is what the rest of mjtui sees (a ScoringSystem); this
`__init__` holds the plugin's declaration alone (the ``mjtui.systems`` entry point
names it), so reading a ruleset file loads :mod:`.rules` alone.
"""

from mjtui.core.systems.registry import Plugin

PLUGIN = Plugin(
    "pocket", rules="mjtui.systems.pocket.rules:Rules", system="mjtui.systems.pocket.system:SYSTEM"
)
