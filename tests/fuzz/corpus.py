"""The valid inputs mutations start from.

Sessions are written by the core itself (``save_session``), one per shipped
ruleset, with a few hands of each kind that ruleset takes; rulesets and
HP-11C programs are the shipped files; the FX-602P and HP-11C seed listings
are read from ../shared/seeds/ when it is there (never copied into the
project) and left out when it is not.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from mjtui.calc.programs import shipped
from mjtui.core.errors import HandError
from mjtui.core.ruleset import load_ruleset
from mjtui.core.session import Session
from mjtui.core.session_file import save_session

REPO = Path(__file__).resolve().parents[2]
RULESETS = REPO / "rulesets"
TENHOU6_LOGS = REPO / "tests" / "data" / "tenhou6"
SEEDS = REPO.parent / "shared" / "seeds"
HP11C_SEED = SEEDS / "000_efbfaf89b1e00d0d.txt"
FX602P_SEED = SEEDS / "001_5ccb119688289e7f.txt"

# The keys the East-doubling programs are driven with (the published program's too).
HP11C_KEYS = "GSB 9 B 8 R/S 30 R/S 4 R/S 0 R/S"

# A few hands of every kind per system, as the session file spells them
# (docs/session-format.md); a ruleset that refuses one simply goes without it.
RECORDS: dict[str, list[dict]] = {
    "east-doubling": [
        {"winner": 3, "points": [10, 20, 30, 40]},
        {},
        {"winner": 1, "points": [8, 0, 4, 0]},
    ],
    "riichi": [
        {"ron": 3, "from": 1, "han": 3, "fu": 40, "riichi": [2]},
        {"draw": "exhaustive", "tenpai": [2, 4]},
        {"ron": [1, 2], "from": 4, "han": [2, 5], "fu": [30, 0]},
        {"tsumo": 3, "yakuman": 1},
        {"draw": "abortive"},
        {"tsumo": 1, "han": 2, "fu": 30, "tiles": "123m456p789s2355s 4s",
         "yaku": ["riichi"], "riichi": [1]},
        {"chombo": 2},
    ],
    "pocket": [
        {"win": 3, "fan": 4, "from": 2},
        {"win": 2, "fan": 5, "guarantor": 4},
        {"draw": True},
        {"win": 1, "fan": 7, "tiles": "123m456m789m111z55m", "context": ["last-tile"]},
        {"false_win": 4},
    ],
    "fx602p": [
        {"winner": 1, "tiles": "234567888", "win": 8, "dora": 2},
        {"winner": 2, "yaku": ["Toitoi", "Sanrenko"], "triplets": 3, "tsumo": True},
        {"winner": 2, "tiles": "111999555", "win": 5},
    ],
}
PLAYERS = ("Ann", "Bob", "Chen", "Dora")

# `mjtui hand RULESET ...` arguments that score a hand in each system.
HAND_ARGS: dict[str, list[str]] = {
    "riichi": ["123p456p789s2355s4s", "--riichi", "--dora", "3p"],  # no 2m-8m: sanma too
    "pocket": ["123m456m789m111z55m", "--self-draw"],
    "fx602p": ["234567888", "--win", "8"],
    "east-doubling": ["1"],  # no scorer: a clear refusal is the expected outcome
}


@dataclass(frozen=True)
class Seed:
    kind: str  # session, ruleset, hp11c, keys, fx602p, config
    name: str  # e.g. "riichi-wrc", "east_doubling"
    data: bytes
    system: str = ""  # the scoring system, for sessions and rulesets


def session_text(ruleset_id: str) -> tuple[bytes, str]:
    """A session of the shipped ruleset ``ruleset_id`` as the app saves it, and its system."""
    ruleset = load_ruleset(RULESETS / f"{ruleset_id}.toml")
    system = ruleset.rules.system
    session = Session(ruleset, PLAYERS[: ruleset.players], datetime(2026, 11, 29, 20, 15))
    for record in RECORDS[system]:
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
    for path in sorted(RULESETS.glob("*.toml")):
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
