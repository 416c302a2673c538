"""The scoring systems, by the name a ruleset gives in its ``system`` key."""

from __future__ import annotations

from mjtui.core.systems import east_doubling, fx602p, pocket, riichi
from mjtui.core.systems.base import ScoringSystem

SYSTEMS: dict[str, ScoringSystem] = {
    east_doubling.SYSTEM.name: east_doubling.SYSTEM,
    riichi.SYSTEM.name: riichi.SYSTEM,
    fx602p.SYSTEM.name: fx602p.SYSTEM,
    pocket.SYSTEM.name: pocket.SYSTEM,
}
