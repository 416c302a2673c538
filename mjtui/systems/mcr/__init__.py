"""Chinese Official mahjong (MCR, 国标麻将): the 81 fans from the tiles, and the game.

The modules, each one concern:

* :mod:`.fans`: the 81 fans (keys, English and Chinese names, what each
  excludes) as data;
* :mod:`.rules`: the ruleset keys (``system = "mcr"``; the preset mcr.toml);
* :mod:`.combinations`: the fans sets make together (chows, pungs);
* :mod:`.calculator`: the fan of a winning hand from its tiles;
* :mod:`.events`: the hand events (win, draw, false win, penalty) and their checks;
* :mod:`.payments`: who pays whom, 8 + fan;
* :mod:`.table`: the state and the fold (dealer, seats, round wind, the end);
* :mod:`.records`: the hands in the session file;
* :mod:`.standings`: table points and the game score;
* :mod:`.needed`: the smallest hand that would put a player ahead.

Not yet registered as a scoring system (the plugin interface is being
redesigned); this `__init__` imports nothing.
"""
