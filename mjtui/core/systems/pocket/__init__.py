"""Pocket Mahjong (seed 004): Hong Kong fan, the starter's rotation, payments by fan.

The modules, each one concern:

* :mod:`.rules`: the ruleset keys (``system = "pocket"``);
* :mod:`.patterns`: the fan of a hand from its tiles;
* :mod:`.events`: the hand events (win, draw, false win) and their checks;
* :mod:`.payments`: portions from fan, and who pays them;
* :mod:`.table`: the state and the fold (starter, round wind, the end);
* :mod:`.records`: the hands in the session file.
* :mod:`.entry`: a hand as typed at the table (the form's fields) read into a hand.

:data:`SYSTEM` is what the rest of mjtui sees (the ScoringSystem protocol).

The package's names (:data:`SYSTEM` and what the modules above offer, see
``system.__all__``) load on first use, from :mod:`.system`: reading a
ruleset file imports :mod:`.rules` alone (see :mod:`mjtui.core.systems.lazy`).
"""

from mjtui.core.systems.lazy import lazy_package

lazy_package(__name__, shadowed=frozenset({"payments"}))
