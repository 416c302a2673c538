"""Chinese Official mahjong (MCR, 国标麻将): the 81 fans from the tiles, and the game.

The modules, each one concern:

* :mod:`.fans`: the 81 fans (keys, English and Chinese names, what each
  excludes) as data;
* :mod:`.rules`: the ruleset keys (``system = "mcr"``; the preset is this package's
  rulesets/mcr.toml);
* :mod:`.combinations`: the fans sets make together (chows, pungs);
* :mod:`.calculator`: the fan of a winning hand from its tiles;
* :mod:`.events`: the hand events (win, draw, false win, penalty) and their checks;
* :mod:`.payments`: who pays whom, 8 + fan;
* :mod:`.table`: the state and the fold (dealer, seats, round wind, the end);
* :mod:`.records`: the hands in the session file;
* :mod:`.standings`: table points and the game score;
* :mod:`.needed`: the smallest hand that would put a player ahead (the sheet's line);
* :mod:`.entry` and :mod:`.form`: the hand form, its fields read into a hand;
* :mod:`.wording`: fans as screens list them (English, Chinese, cells);
* :mod:`.tools`: `mjtui hand mcr`;
* :mod:`.reference`, :mod:`.export_columns`, :mod:`.examples`: the rules
  reference, the export columns, the hands of every kind for the fuzz test.

:data:`.system.SYSTEM` is what the rest of mjtui sees (a ScoringSystem); this
`__init__` holds the plugin's declaration alone (the ``mjtui.systems`` entry point
names it), so reading a ruleset file loads :mod:`.rules` (and the fan table it is
made from) alone.
"""

from mjtui.core.systems.registry import Plugin

PLUGIN = Plugin(
    "mcr", rules="mjtui.systems.mcr.rules:Rules", system="mjtui.systems.mcr.system:SYSTEM"
)
