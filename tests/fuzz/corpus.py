"""The valid inputs mutations start from.

Sessions are written by the core itself (``save_session``), one per shipped
ruleset, with a few hands of each kind that ruleset takes; rulesets (rulesets/
and a system package's own folder) and HP-11C programs are the shipped files;
the FX-602P and HP-11C seed listings are read from ../shared/seeds/ when it is
there (never copied into the project) and left out when it is not.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from mjtui.calc.programs import shipped
from mjtui.core.errors import HandError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.session_file import save_session
from mjtui.core.systems import SYSTEMS

REPO = Path(__file__).resolve().parents[2]
RULESETS = REPO / "rulesets"
# A system may ship its rulesets from its own package, as a plugin does (MCR's).
PACKAGE_RULESETS = "mjtui/systems/*/rulesets/*.toml"
TENHOU6_LOGS = REPO / "tests" / "data" / "tenhou6"
SEEDS = REPO.parent / "shared" / "seeds"
HP11C_SEED = SEEDS / "000_efbfaf89b1e00d0d.txt"
FX602P_SEED = SEEDS / "001_5ccb119688289e7f.txt"

# The keys the East-doubling programs are driven with (the published program's too).
HP11C_KEYS = "GSB 9 B 8 R/S 30 R/S 4 R/S 0 R/S"

PLAYERS = ("Ann", "Bob", "Chen", "Dora")


def records(system: str) -> list[dict]:
    """A few hands of every kind ``system`` takes, as the session file spells them: the
    system's own examples (a ruleset that refuses one simply goes without it)."""
    return [dict(r) for r in SYSTEMS[system].examples().records]


def shipped_rulesets() -> dict[str, Path]:
    """Every ruleset mjtui ships, by id: rulesets/ and its systems' own folders."""
    found = [*RULESETS.glob("*.toml"), *REPO.glob(PACKAGE_RULESETS)]
    return {path.stem: path for path in sorted(found, key=lambda p: p.stem)}


@dataclass(frozen=True)
class Seed:
    kind: str  # session, ruleset, hp11c, keys, fx602p, config
    name: str  # e.g. "riichi-wrc", "east_doubling"
    data: bytes
    system: str = ""  # the scoring system, for sessions and rulesets


def session_text(ruleset_id: str) -> tuple[bytes, str]:
    """A session of the shipped ruleset ``ruleset_id`` as the app saves it, and its system."""
    ruleset = load_ruleset(shipped_rulesets()[ruleset_id])
    system = ruleset.rules.system
    session = Session(ruleset, PLAYERS[: ruleset.players], datetime(2026, 11, 29, 20, 15))
    for record in records(system):
        try:
            session.add(ruleset.system.hand_from_record(ruleset.rules, record))
        except HandError:
            continue
    if len(session.hands) < 2:
        raise AssertionError(f"{ruleset_id}: the fuzz corpus lost its hands: {session.hands}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.toml"
        save_session(session, path)
        return path.read_bytes(), system


@cache
def corpus(seeds_dir: Path = SEEDS) -> tuple[Seed, ...]:
    """Every seed input; the listings of ``seeds_dir`` (../shared/seeds/) when it is there."""
    hp11c_seed, fx602p_seed = seeds_dir / HP11C_SEED.name, seeds_dir / FX602P_SEED.name
    seeds: list[Seed] = []
    for path in shipped_rulesets().values():
        data, system = session_text(path.stem)
        seeds.append(Seed("session", path.stem, data, system))
        seeds.append(Seed("ruleset", path.stem, path.read_bytes(), system))
    for name, path in shipped().items():
        seeds.append(Seed("hp11c", name, path.read_bytes()))
    if hp11c_seed.is_file():
        seeds.append(Seed("hp11c", "seed-000", hp11c_seed.read_bytes()))
    seeds.append(Seed("keys", "east_doubling", HP11C_KEYS.encode()))
    if fx602p_seed.is_file():
        seeds.append(Seed("fx602p", "seed-001", fx602p_seed.read_bytes()))
    seeds.append(Seed("config", "config", b'default_ruleset = "riichi-tenhou"\n'))
    for path in sorted(TENHOU6_LOGS.glob("*.json")):
        seeds.append(Seed("tenhou6", path.stem, path.read_bytes(), "riichi"))
    return tuple(seeds)
