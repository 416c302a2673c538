"""East doubling: the HP-11C score program's system (seed 000).

The modules: :mod:`.rules` (the ruleset keys), :mod:`.events` (a hand),
:mod:`.table` (the state and the fold), :mod:`.form` (the hand form's rows),
:mod:`.reference`, :mod:`.export_columns`, :mod:`.examples`, and
:mod:`.system`, the system object. This `__init__` holds the plugin's
declaration alone, so reading a ruleset file loads :mod:`.rules` alone.
"""

from mjtui.core.systems.registry import Plugin

PLUGIN = Plugin(
    "east-doubling",
    rules="mjtui.systems.east_doubling.rules:Rules",
    system="mjtui.systems.east_doubling.system:SYSTEM",
)
