"""What `mjtui hand` knows per scoring system, keyed by the ruleset's ``system``.

Each scorer is a module with three functions, so a system brings its own
options without the command knowing them:

- ``add_arguments(parser)``: the system's options (the command itself adds
  TILES, ``--json`` and ``--batch``);
- ``score(rules, args) -> dict``: the JSON object of one hand, raising a
  MjtuiError (HandError for a bad hand) with a message for the player;
- ``describe(rules, result) -> str``: that object in words for the terminal.

Each module keeps its dotted path, ``mjtui.cli.scorers.<system>``, so a system's
declaration can name its scorer without the core importing the command line.
"""

from __future__ import annotations

from types import ModuleType

from mjtui.cli.scorers import fx602p, pocket, riichi

SCORERS: dict[str, ModuleType] = {
    "fx602p": fx602p,
    "pocket": pocket,
    "riichi": riichi,
}
