"""Playing the 1986 game on the emulator: a driver that answers at HLT and PAUSE.

The listing's P0 plays one hand against the human and ends showing the
points, the total over the number of hands, and the average. The driver
reads the displays as the calculator shows them and answers for the human:

* the deal (8 tiles) and after every draw ``■d■ total`` (the dora and the
  running total);
* PAUSE after the calculator's discard (shown as one digit): keying 0 claims
  a win on it (ron), nothing lets the game go on;
* HLT with the human's nine tiles: a tile digit and EXE discards it, EXE
  alone (X = 0) claims a win by self-draw (tsumo);
* at the end: ``Ron n`` or ``Tsumo n``, the winner's hand, the calculator's,
  the yaku names, the points (positive when the human wins), ``total/hands``
  and ``Ave n``.

A :class:`Player` decides for the human; :class:`Efficient` keeps the most
valuable tiles (mjtui's own computer player), :class:`Drawn` throws away the
tile it drew. The listing has no exhaustive draw, so a hand stops after
``max_turns`` human turns and is reported as stalled.

Each finished hand is scored again by the native evaluator (check.py).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from mjtui.calc.errors import CalcError
from mjtui.calc.fx602p.check import Check, compare, decode, program_names
from mjtui.calc.fx602p.listing import Listing
from mjtui.calc.fx602p.machine import DEFAULT_STEP_LIMIT, Machine, State
from mjtui.core.language import _
from mjtui.systems.fx602p.evaluate import is_complete
from mjtui.systems.fx602p.rules import Rules

MAX_TURNS = 200
"""Human turns after which a hand is given up as stalled."""

_DORA = re.compile(r"■([1-9])■ (-?[0-9]+)")
_WIN = re.compile(r"(Ron|Tsumo) ([1-9])")
_TOTAL = re.compile(r"(-?[0-9]+)/([0-9]+)")
_AVE = re.compile(r"Ave (-?[0-9]+)")


class Player(Protocol):
    """Decides for the human from what the calculator showed."""

    name: str

    def discard(self, hand: tuple[int, ...], drawn: int | None, dora: int | None) -> int:
        """The tile to discard from nine tiles (0 claims tsumo)."""

    def claim(self, hand: tuple[int, ...], tile: int) -> bool:
        """Whether to win on the calculator's discard ``tile`` (``hand`` is 8 tiles)."""


class Efficient:
    """Wins whenever it can; otherwise keeps the 8 tiles worth most (mjtui's computer)."""

    name = "efficient"

    def __init__(self, rules: Rules) -> None:
        from mjtui.systems.fx602p.computer import Computer

        self.computer = Computer(rules)

    def discard(self, hand: tuple[int, ...], drawn: int | None, dora: int | None) -> int:
        if is_complete(hand):
            return 0
        return self.computer.choose(hand, dora or 1)

    def claim(self, hand: tuple[int, ...], tile: int) -> bool:
        return is_complete(tuple(sorted((*hand, tile))))


class Drawn:
    """Wins whenever it can; otherwise throws away the tile it drew."""

    name = "drawn"

    def discard(self, hand: tuple[int, ...], drawn: int | None, dora: int | None) -> int:
        if is_complete(hand):
            return 0
        return drawn if drawn is not None else hand[-1]

    def claim(self, hand: tuple[int, ...], tile: int) -> bool:
        return is_complete(tuple(sorted((*hand, tile))))


PLAYERS = ("efficient", "drawn")


def make_player(name: str, rules: Rules) -> Player:
    if name == "efficient":
        return Efficient(rules)
    if name == "drawn":
        return Drawn()
    raise CalcError(
        _("--player: expected one of {known}, got {name}").format(
            known=", ".join(PLAYERS), name=repr(name)
        )
    )


@dataclass
class HandResult:
    """One hand as the program played it, and the native evaluator's view of it."""

    number: int
    status: str = "finished"  # "finished", "stalled" or "error"
    winner: str | None = None  # "human" or "calculator"
    how: str | None = None  # "ron" or "tsumo"
    hand: str = ""  # the nine winning tiles as displayed
    calculator_hand: str = ""
    win_tile: int | None = None
    dora: int | None = None
    tenho: bool = False
    yaku: list[str] = field(default_factory=list)  # the names the program displayed
    points: int | None = None  # as displayed: positive when the human wins
    total: int | None = None
    hands: int | None = None
    average: int | None = None
    turns: int = 0  # the human's turns (HLT answered)
    draws: int = 0  # draws by either player
    displays: list[str] = field(default_factory=list)
    check: Check | None = None
    message: str = ""

    @property
    def verdict(self) -> str | None:
        return self.check.verdict if self.check else None

    def to_dict(self) -> dict[str, Any]:
        c = self.check
        return {
            "hand_number": self.number,
            "status": self.status,
            "winner": self.winner,
            "how": self.how,
            "hand": self.hand,
            "win_tile": self.win_tile,
            "dora": self.dora,
            "tenho": self.tenho,
            "yaku": list(self.yaku),
            "points": self.points,
            "total": self.total,
            "hands": self.hands,
            "average": self.average,
            "native": c.native if c else None,
            "native_yaku": list(c.native_yaku) if c else None,
            "agreement": c.verdict if c else None,
            "quirk": c.quirk if c else None,
            "difference": c.reason if c else None,
            "calculator_hand": self.calculator_hand,
            "turns": self.turns,
            "displays": list(self.displays),
            "message": self.message or None,
        }

    def line(self) -> str:
        """One readable line."""
        if self.status != "finished":
            return f"hand {self.number}: {self.status} after {self.turns} turns" + (
                f" ({self.message})" if self.message else ""
            )
        mark = {
            "agree": "agrees",
            "quirk": f"quirk: {self.check.quirk}" if self.check else "",
            "differ": f"DIFFERS: {self.check.reason}" if self.check else "",
        }
        yaku = ", ".join(self.yaku) or "no yaku"
        native = self.check.native if self.check else "?"
        return (
            f"hand {self.number}: {self.winner} {self.how} {self.win_tile} "
            f"{self.hand} dora {self.dora}{' tenho' if self.tenho else ''}: {yaku}; "
            f"{self.points:+} (native {native}, {mark.get(self.verdict or '', '')}); "
            f"total {self.total}/{self.hands}, Ave {self.average}"
        )


class Game:
    """A machine holding the listing, played hand after hand by a scripted human."""

    def __init__(
        self,
        listing: Listing,
        player: Player,
        *,
        seed: int | None = None,
        rules: Rules,
        max_turns: int = MAX_TURNS,
        step_limit: int = DEFAULT_STEP_LIMIT,
    ) -> None:
        self.machine = Machine(listing, seed=seed, step_limit=step_limit)
        self.machine.clear_memories()  # INV MAC, as the game asks before its first run
        self.player = player
        self.rules = rules
        self.max_turns = max_turns
        self.played = 0

    def play_hand(self) -> HandResult:
        """P0: one hand to its end (or until stalled); the result, checked."""
        self.played += 1
        result = HandResult(self.played)
        m = self.machine
        m.take_shown()
        state = m.start(0)
        hand8: tuple[int, ...] | None = None
        claimed = False  # the human's last answer claimed a win
        refused: tuple[int, ...] | None = None  # a tsumo claim the program ignored
        while True:
            shown = m.take_shown()
            hand8 = note_displays(result, shown, hand8)
            if state is State.PAUSE:
                tile = shown[-1] if shown else ""
                if (
                    not claimed
                    and tile.isdigit()
                    and len(tile) == 1
                    and hand8 is not None
                    and self.player.claim(hand8, int(tile))
                ):
                    claimed = True
                    state = m.resume(0)
                else:
                    state = m.resume(None)
                continue
            if state is State.HALT:
                nine = decode(m.display)
                if len(nine) != 9:
                    return _failed(result, f"HLT showed {m.display!r}, not nine tiles")
                if result.turns >= self.max_turns:
                    result.status = "stalled"
                    result.message = f"no win after {self.max_turns} turns"
                    return result
                result.turns += 1
                drawn = _drawn(nine, hand8)
                choice = self.player.discard(nine, drawn, result.dora)
                if choice == 0 and refused == nine:
                    # The program ignored this claim already: throw away the draw instead.
                    choice = drawn if drawn is not None else nine[-1]
                if choice == 0:
                    claimed, refused = True, nine
                    state = m.resume(None)  # EXE alone: tsumo
                else:
                    claimed = False
                    kept = list(nine)
                    kept.remove(choice)
                    hand8 = tuple(kept)
                    state = m.resume(choice)
                continue
            if state is State.IDLE:
                return finish_hand(result, claimed, self.rules)
            return _failed(result, m.message or state.value)


def note_displays(
    result: HandResult, shown: list[str], hand8: tuple[int, ...] | None
) -> tuple[int, ...] | None:
    """Add ``shown`` to the hand's displays; the deal (8 tiles) when it is among them.

    Counts the draws (each shows ``■d■ total``) and notes the dora.
    """
    result.displays += shown
    for text in shown:
        if hand8 is None and len(text) == 8 and text.isdigit():
            hand8 = decode(text)
        d = _DORA.fullmatch(text)
        if d:
            result.dora = int(d.group(1))
            result.draws += 1
    return hand8


def _failed(result: HandResult, message: str) -> HandResult:
    result.status, result.message = "error", message
    return result


def finish_hand(result: HandResult, claimed: bool, rules: Rules) -> HandResult:
    """Read the end of a hand from its displays and check it with the native evaluator.

    ``claimed``: the human's last answer claimed a win (0 at PAUSE, EXE at HLT),
    so the human won; otherwise the calculator did.
    """
    shown = result.displays
    start = next((i for i, t in enumerate(shown) if _WIN.fullmatch(t)), None)
    if start is None or len(shown) < start + 4:
        return _failed(result, f"the program ended without Ron/Tsumo: {shown[-3:]}")
    win = _WIN.fullmatch(shown[start])
    assert win is not None
    result.how = win.group(1).lower()
    result.win_tile = int(win.group(2))
    result.hand = shown[start + 1]
    result.calculator_hand = shown[start + 2]
    i = start + 3
    while i < len(shown) and not shown[i].lstrip("-").isdigit():
        result.yaku.append(shown[i])
        i += 1
    if i >= len(shown):
        return _failed(result, "the program showed no points")
    result.points = int(shown[i])
    for text in shown[i + 1 :]:
        if (t := _TOTAL.fullmatch(text)) is not None:
            result.total, result.hands = int(t.group(1)), int(t.group(2))
        elif (a := _AVE.fullmatch(text)) is not None:
            result.average = int(a.group(1))
    result.winner = "human" if claimed else "calculator"
    if (result.points > 0) != (result.winner == "human"):
        result.message = (
            f"the points' sign ({result.points}) does not match the winner ({result.winner})"
        )
    result.tenho = result.draws == 1
    tiles = decode(result.hand)
    if len(tiles) == 9 and is_complete(tiles) and result.win_tile in tiles:
        result.check = compare(
            rules, tiles, result.win_tile, result.dora, result.tenho, result.yaku, result.points
        )
    else:
        result.message = f"the winning hand {result.hand} is not three melds"
    return result


def _drawn(nine: tuple[int, ...], hand8: tuple[int, ...] | None) -> int | None:
    if hand8 is None:
        return None
    extra = Counter(nine) - Counter(hand8)
    return next(iter(extra)) if sum(extra.values()) == 1 else None


@dataclass(frozen=True)
class Summary:
    hands: int
    finished: int
    stalled: int
    errors: int
    human_wins: int
    calculator_wins: int
    total: int
    average: float
    agree: int
    quirks: int
    differ: int
    program_total: int | None  # the total the program showed last
    program_average: int | None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def summarize(results: list[HandResult]) -> Summary:
    finished = [r for r in results if r.status == "finished"]
    total = sum(r.points or 0 for r in finished)
    last = finished[-1] if finished else None
    return Summary(
        hands=len(results),
        finished=len(finished),
        stalled=sum(r.status == "stalled" for r in results),
        errors=sum(r.status == "error" for r in results),
        human_wins=sum(r.winner == "human" for r in finished),
        calculator_wins=sum(r.winner == "calculator" for r in finished),
        total=total,
        average=total / len(finished) if finished else 0.0,
        agree=sum(r.verdict == "agree" for r in finished),
        quirks=sum(r.verdict == "quirk" for r in finished),
        differ=sum(r.verdict == "differ" for r in finished),
        program_total=last.total if last else None,
        program_average=last.average if last else None,
    )


def autoplay(
    listing: Listing,
    hands: int,
    *,
    rules: Rules,
    seed: int | None = None,
    player: str = "efficient",
    max_turns: int = MAX_TURNS,
) -> list[HandResult]:
    """Play ``hands`` hands headless; the results in order.

    ``rules`` are the native evaluator's (the seed's: check.default_rules), used
    by the efficient player and to check every score.
    """
    game = Game(listing, make_player(player, rules), seed=seed, rules=rules, max_turns=max_turns)
    return [game.play_hand() for _hand in range(hands)]


__all__ = [
    "MAX_TURNS",
    "PLAYERS",
    "Drawn",
    "Efficient",
    "Game",
    "HandResult",
    "Player",
    "Summary",
    "autoplay",
    "finish_hand",
    "make_player",
    "note_displays",
    "program_names",
    "summarize",
]
