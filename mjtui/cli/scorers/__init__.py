"""What `mjtui hand` knows per scoring system: the scorer module the system declares.

Each scorer is a module with three functions, so a system brings its own
options without the command knowing them:

- ``add_arguments(parser)``: the system's options (the command itself adds
  TILES, ``--json`` and ``--batch``);
- ``score(rules, args) -> dict``: the JSON object of one hand, raising a
  MjtuiError (HandError for a bad hand) with a message for the player;
- ``describe(rules, result) -> str``: that object in words for the terminal.

A system names its scorer by module path (``ScoringSystem.scorer``), so the
core never imports the command line.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from mjtui.core.errors import MjtuiError
from mjtui.core.systems import SYSTEMS
from mjtui.core.systems.base import ScoringSystem


def scorer_of(system: ScoringSystem) -> ModuleType | None:
    """The system's scorer module, None when it has none; MjtuiError if it cannot load."""
    if system.scorer is None:
        return None
    try:
        return importlib.import_module(system.scorer)
    except ImportError as e:
        raise MjtuiError(f"scoring system {system.name!r}: its scorer {system.scorer!r} "
                         f"cannot be loaded ({e})") from None


def systems_with_scorers() -> list[str]:
    return [name for name, system in SYSTEMS.items() if system.scorer is not None]
