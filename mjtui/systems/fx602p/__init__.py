"""The FX-602P two-player game (seed 001): nine tiles 1-9, eleven yaku.

The modules, each one concern:

* :mod:`.rules`: the ruleset keys (``system = "fx602p"``);
* :mod:`.evaluate`: nine tiles to melds, yaku, han, triplets and points;
* :mod:`.events`: the hand event (:class:`Win`) and its checks;
* :mod:`.table`: the state and the fold (zero-sum, dealer = last winner);
* :mod:`.records`: the hands in the session file;
* :mod:`.game`: the game engine for play against the computer;
* :mod:`.computer`: the computer player and a random baseline.

:data:`.system.SYSTEM` is what the rest of mjtui sees (a ScoringSystem); this
`__init__` holds the plugin's declaration alone (the ``mjtui.systems`` entry point
names it), so reading a ruleset file loads :mod:`.rules` alone.
"""

from mjtui.core.systems.registry import Plugin

PLUGIN = Plugin(
    "fx602p", rules="mjtui.systems.fx602p.rules:Rules", system="mjtui.systems.fx602p.system:SYSTEM"
)
