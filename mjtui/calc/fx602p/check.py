"""The program's scoring beside mjtui's own evaluator, with the listing's quirks named.

Every hand the FX-602P program scores is scored again by
:func:`mjtui.systems.fx602p.evaluate` (the seed's stated rules, from
rulesets/fx602p.toml) for the same nine tiles, winning tile, dora and tenho.
The verdict is ``agree`` (same points, same yaku), ``quirk`` (a difference
that is a known quirk of the listing itself, see :data:`QUIRKS`) or
``differ`` (anything else: a bug in the emulator, the listing or the
evaluator).

:func:`score_with_program` runs the listing's own scoring for a hand set up
in the memories, from LBL3 of P0 (the winner's hand shown, P1, P3 and the
points formula), as the game does after "Ron" or "Tsumo".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import cast

from mjtui.calc.fx602p.machine import Machine, State
from mjtui.systems.fx602p.evaluate import YAKUMAN, Score, evaluate
from mjtui.systems.fx602p.rules import Rules

NAMES = {"3renko": "Sanrenko"}
"""Names the program displays that the native evaluator spells otherwise."""
YAKUMAN_SHOWN = "*YAKUMAN*"

QUIRKS = {
    "3renko-without-toitoi": "the listing shows 3renko without toitoi: the top tile is a "
    "triplet and the tile below appears four times",
    "yakuman-names": "for a yakuman the listing leaves some yaku names out before "
    "*YAKUMAN* (nine of a kind; Iipeiko of 111111999, 111999999); the "
    "points are right",
}


@lru_cache(maxsize=4)
def default_rules(rulesets: Path) -> Rules:
    """The seed's rules: ``fx602p.toml`` in ``rulesets``, the folder of shipped rulesets.

    The caller says where that folder is (``mjtui.paths.shipped_rulesets_dir()``):
    the emulator does not know where mjtui is installed.
    """
    from mjtui.core.rulesets.ruleset import load_ruleset  # only where the seed's rules are read

    return cast(Rules, load_ruleset(rulesets / "fx602p.toml").rules)  # the fx602p system's


def encode(tiles: tuple[int, ...] | list[int]) -> int:
    """A hand as the program keeps it: sum of 10^(t-1), digit k counting tile k."""
    return sum(10 ** (t - 1) for t in tiles)


def decode(display: str) -> tuple[int, ...]:
    """The tiles of a hand display such as ``223335678``."""
    return tuple(sorted(int(c) for c in display if c.isdigit() and c != "0"))


@dataclass(frozen=True)
class Check:
    """The native evaluator's view of a hand the program scored."""

    native: int  # the native evaluator's points
    native_yaku: tuple[str, ...]  # every yaku present (counted and, beside a yakuman, shown)
    verdict: str  # "agree", "quirk" or "differ"
    quirk: str | None  # a key of QUIRKS when verdict is "quirk"
    reason: str  # a sentence on what differs ("" when they agree)

    @property
    def agrees(self) -> bool:
        return self.verdict == "agree"


def native_score(
    rules: Rules, tiles: tuple[int, ...], win: int, dora: int | None, tenho: bool
) -> Score:
    return evaluate(rules, tiles, win, dora, tenho)


def program_names(yaku: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The displayed names in the native spelling, without *YAKUMAN*."""
    return tuple(NAMES.get(n, n) for n in yaku if n != YAKUMAN_SHOWN)


def compare(
    rules: Rules,
    tiles: tuple[int, ...],
    win: int,
    dora: int | None,
    tenho: bool,
    yaku: list[str] | tuple[str, ...],
    points: int,
) -> Check:
    """The program's ``yaku`` and ``points`` (unsigned) against the native evaluator."""
    score = native_score(rules, tiles, win, dora, tenho)
    native_yaku: tuple[str, ...] = tuple(
        n
        for n in (
            "Pinfu",
            "Tanyao",
            "Iipeiko",
            "Dora",
            "Ittsu",
            "Chanta",
            "Toitoi",
            "Sanrenko",
            "Tenho",
        )
        if n in score.yaku or n in score.shown
    )
    native_yaku += tuple(n for n in YAKUMAN if n in score.yaku)
    shown = set(program_names(yaku))
    expected = {n for n in native_yaku if n not in YAKUMAN}
    same_yaku = shown == expected and (YAKUMAN_SHOWN in yaku) == score.yakuman
    if abs(points) == score.points and same_yaku:
        return Check(score.points, native_yaku, "agree", None, "")
    reason = _reason(shown, expected, abs(points), score)
    if "Sanrenko" in shown and "Toitoi" not in shown and _renko_quirk_shape(tiles):
        return Check(score.points, native_yaku, "quirk", "3renko-without-toitoi", reason)
    if score.yakuman and YAKUMAN_SHOWN in yaku and abs(points) == score.points and shown < expected:
        return Check(score.points, native_yaku, "quirk", "yakuman-names", reason)
    return Check(score.points, native_yaku, "differ", None, reason)


def _renko_quirk_shape(tiles: tuple[int, ...]) -> bool:
    """The top tile is a triplet and the tile below it appears four times."""
    top = max(tiles)
    return tiles.count(top) == 3 and tiles.count(top - 1) == 4


def _reason(shown: set[str], expected: set[str], points: int, score: Score) -> str:
    parts = []
    if points != score.points:
        parts.append(f"points {points} vs native {score.points}")
    if shown - expected:
        parts.append("only the program shows " + ", ".join(sorted(shown - expected)))
    if expected - shown:
        parts.append("only the native evaluator finds " + ", ".join(sorted(expected - shown)))
    return "; ".join(parts)


@dataclass(frozen=True)
class ProgramScore:
    yaku: tuple[str, ...]  # the names displayed, in order (with *YAKUMAN* when shown)
    points: int  # as displayed: positive when the human (player 1) wins
    displays: tuple[str, ...]


def score_with_program(
    machine: Machine, tiles: tuple[int, ...], win: int, dora: int, tenho: bool, winner: int = 1
) -> ProgramScore:
    """Run the listing's scoring (LBL3 of P0) for a hand put into the memories.

    ``winner`` is the program's player number (1 the human, 2 the calculator);
    the loser holds one tile. The statistics memories are kept as they were.
    """
    saved = {k: machine.mem(k) for k in ("05", "01", "02", "07", "08", "09")}
    machine.set_mem(5, winner)
    machine.set_mem(winner, encode(tiles))
    machine.set_mem(3 - winner, 1)
    machine.set_mem(12, win)
    machine.set_mem(14, dora)
    machine.set_mem(15, 1 if tenho else 2)
    machine.take_shown()
    state = machine.start(0, label=3)
    shown = tuple(machine.take_shown())
    for k, v in saved.items():
        machine.set_mem(k, v)
    if state is not State.IDLE:
        # English: a listing whose scoring breaks, said to whoever checks the program
        raise RuntimeError(f"the scoring stopped at {state.value}: {machine.message}")
    return parse_scoring(shown)


def parse_scoring(shown: tuple[str, ...]) -> ProgramScore:
    """Yaku and points from the displays of LBL3 on: two hands, names, the points."""
    names: list[str] = []
    points = None
    for text in shown[2:]:
        if _is_number(text):
            points = int(text)
            break
        names.append(text)
    if points is None:
        # English: a listing whose scoring breaks, said to whoever checks the program
        raise RuntimeError(f"no points among the displays {shown!r}")
    return ProgramScore(tuple(names), points, shown)


def _is_number(text: str) -> bool:
    return text.lstrip("-").isdigit()


__all__ = [
    "NAMES",
    "QUIRKS",
    "YAKUMAN_SHOWN",
    "Check",
    "ProgramScore",
    "compare",
    "decode",
    "default_rules",
    "encode",
    "native_score",
    "parse_scoring",
    "program_names",
    "score_with_program",
]
