"""Reading a winner's tiles as typed in the tiles form: the hand, its score, the yaku kept.

The tiles form is opened from the hand form for one winner whose seat, ron or
tsumo, riichi and the winds are known already (:class:`TilesContext`); it asks
only for the tiles, the dora and ura dora indicators, and a letter for each
situation the tiles cannot show (:data:`~.hand.context.SITUATIONS`). Its
fields are strings, named as in :data:`TILES_FIELDS`; :func:`read_tiles`
turns them into a :class:`TilesEntry`, and :func:`start_values` fills them for a
winner scored from the tiles before (a recorded hand edited) with what it was
scored with.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.tiles.notation import (
    TileHand,
    WaitingHand,
    parse_hand,
    parse_tiles,
    parse_waiting_hand,
)
from mjtui.core.tiles.render import format_hand
from mjtui.systems.riichi.events import RIICHI_YAKU, Winner
from mjtui.systems.riichi.hand import Analysis, WinContext, analyze
from mjtui.systems.riichi.hand.context import SITUATIONS, situation_flags, situations_of
from mjtui.systems.riichi.hand.waits import Waits, read_waits
from mjtui.systems.riichi.hand.yaku import STATED_YAKU
from mjtui.systems.riichi.rules import Rules
from mjtui.systems.riichi.terms import DORA_NAMES, say, yaku_name

TILES_FIELDS = ("tiles", "dora", "ura", "kita", "extras")
TILES_EXAMPLE = "234m456p2267s [777z] 5s"


@dataclass(frozen=True)
class TilesContext:
    """What the hand form already knows about the win."""

    winner: str  # the winner's name, for the title
    tsumo: bool
    seat_wind: int
    round_wind: int
    riichi: bool
    honba: int


@dataclass(frozen=True)
class TilesResult:
    """What the hand form takes back: the score, and the hand to keep with it."""

    analysis: Analysis
    tiles: str  # the hand in mpsz notation, as written back by the analyzer
    dora: str = ""  # the dora and ura dora indicators as typed, kept with the hand
    ura: str = ""

    @property
    def yaku(self) -> tuple[str, ...]:
        """The yaku and dora as kept with the hand: "riichi", "pinfu", "dora 2".

        In English whatever the language spoken, as a record keeps every name (the
        screens say them with :func:`~.terms.yaku_name`): a list said in Japanese was
        saved in Japanese, each dora without its count, and could not be read back.
        """
        a = self.analysis
        return tuple(name for name, _ in a.yaku) + tuple(
            f"{name} {count}" for name, count in dora_counts(a)
        )

    def winner(self, seat: int) -> Winner:
        """The winner at ``seat`` scored by these tiles, the tiles and yaku kept."""
        a = self.analysis
        han, fu = (0, None) if a.yakuman else (a.han, a.fu)
        return Winner(
            seat, han, fu, a.yakuman, tiles=self.tiles, yaku=self.yaku, dora=self.dora, ura=self.ura
        )

    @property
    def riichi(self) -> bool:
        """Whether the tiles were scored with a riichi (or a double riichi) declared."""
        return any(name in RIICHI_YAKU for name, _ in self.analysis.yaku)


def dora_counts(a: Analysis) -> list[tuple[str, int]]:
    """(name, count) of each kind of dora the hand has, by its English name; none
    beside a yakuman, which they do not add to."""
    if a.yakuman:
        return []
    return [
        (name, getattr(a.dora, kind)) for kind, name in DORA_NAMES.items() if getattr(a.dora, kind)
    ]


def score_lines(a: Analysis) -> list[tuple[str, int, str]]:
    """(name, value, unit) for each yaku, then each kind of dora the hand has, in the
    language spoken."""
    unit = say("yakuman") if a.yakuman else say("han")
    lines = [(yaku_name(name), value, unit) for name, value in a.yaku]
    lines += [(say(name), count, say("han")) for name, count in dora_counts(a)]
    return lines


def situation_letters(yaku: Collection[str], *, riichi: bool) -> str:
    """The situation letters of a winner kept with ``yaku`` (none for a new winner): each
    situation whose yaku the list holds, read through the one table of them
    (:data:`~.hand.yaku.STATED_YAKU`). Every one that counted is there: a hand that is
    not a yakuman lists its situational yaku whatever their han, and a yakuman lists
    only yakuman, which the other situations do not add to.

    Riichi follows the hand form's riichi field (``riichi``), as on a new hand: r when
    it says riichi and the list has no double riichi; when it does not, the letters that
    need a riichi (r, d, i) are left out rather than put the declaration back.
    """
    kept = set(yaku)
    picked = [s for s in SITUATIONS if any(STATED_YAKU[f] in kept for f in s.flags)]
    if not riichi:
        picked = [s for s in picked if STATED_YAKU[s.flag] not in RIICHI_YAKU]
    elif not any(s.flag in ("riichi", "double_riichi") for s in picked):
        picked.insert(0, next(s for s in SITUATIONS if s.flag == "riichi"))
    return "".join(s.letter for s in picked)


def start_values(known: TilesContext, scored: Winner | None = None) -> dict[str, str]:
    """The tiles form's fields as it opens for ``known``'s winner, ``scored`` from the
    tiles before (a recorded hand edited, the same seat): its tiles, indicators, kita and
    situation letters, read back from what the hand keeps, so that used unchanged they
    score the hand that was recorded."""
    values = dict.fromkeys(TILES_FIELDS, "")
    yaku: tuple[str, ...] = ()
    if scored is not None:
        yaku = scored.yaku
        kita = f"{DORA_NAMES['kita']} "  # kept as "kita 2", as the form's Kita field took it
        counts = [n.removeprefix(kita) for n in yaku if n.startswith(kita)]
        values |= {"tiles": scored.tiles, "dora": scored.dora, "ura": scored.ura}
        values["kita"] = next((n for n in counts if n.isdigit()), "")
    values["extras"] = situation_letters(yaku, riichi=known.riichi)
    return values


def win_context(
    known: TilesContext, extras: str, dora: tuple[int, ...], ura: tuple[int, ...], kita: int = 0
) -> WinContext:
    """The analyzer's context from the hand form's facts and the situation letters typed
    (``kita``: North tiles set aside, three players; as `mjtui hand ... --kita N`).

    Riichi is the hand form's riichi or the letter ``r``; double riichi takes its place.
    """
    flags = situation_flags(extras, tsumo=known.tsumo, dealer=known.seat_wind == 0)
    riichi = (known.riichi or "riichi" in flags) and "double_riichi" not in flags
    flags -= {"riichi"}
    ticked: dict[str, Any] = {flag: True for flag in flags}  # WinContext's flags, by name
    return replace(
        WinContext(
            tsumo=known.tsumo,
            seat_wind=known.seat_wind,
            round_wind=known.round_wind,
            dora=dora,
            ura=ura,
            honba=known.honba,
            kita=kita,
        ),
        riichi=riichi,
        **ticked,
    )


@dataclass(frozen=True)
class TilesEntry:
    """The tiles form read: what is wrong, the tiles, their score, what the form shows."""

    errors: tuple[str, ...]  # empty: the result can be used
    hand: TileHand | None  # the tiles parsed, shown even when they cannot win
    result: TilesResult | None
    active: frozenset[str]  # ura dora only with riichi, kita only with three players
    picked: tuple[str, ...]  # the situations typed, in words
    waits: Waits | None = None  # 13 tiles typed: what they wait on, each won as the hand is


def _indicators(text: str, label: str) -> tuple[int, ...]:
    if not text.strip():
        return ()
    try:
        return parse_tiles(text)[0]
    except HandError as e:
        raise HandError(f"{label}: {e}") from None


def _kita(text: str) -> int:
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit() or len(text) > 1:
        raise HandError(
            say("Kita: the North tiles set aside, 0 to 4, got {text}").format(text=repr(text))
        )
    return int(text)


def _waiting(text: str) -> WaitingHand | None:
    """The tiles as a hand one tile short, or None when they are not one."""
    try:
        return parse_waiting_hand(text)
    except HandError:
        return None


def read_tiles(rules: Rules, known: TilesContext, values: Mapping[str, str]) -> TilesEntry:
    """The tiles form's fields read into the winner's score."""
    extras = values.get("extras", "")
    riichi = known.riichi or bool(set(extras.lower()) & {"r", "d"})  # ura dora with riichi
    active = frozenset(
        f for f in TILES_FIELDS if (f != "ura" or riichi) and (f != "kita" or rules.players == 3)
    )
    text = values.get("tiles", "").strip()
    try:
        picked = tuple(s.words for s in situations_of(extras))
    except HandError as e:
        return TilesEntry((str(e),), None, None, active, ())

    def entry(
        error: str, hand: TileHand | None = None, result: TilesResult | None = None
    ) -> TilesEntry:
        return TilesEntry((error,) if error else (), hand, result, active, picked)

    def context() -> WinContext:
        ura = _indicators(values.get("ura", ""), "Ura") if "ura" in active else ()
        kita = _kita(values.get("kita", "")) if "kita" in active else 0
        return win_context(known, extras, _indicators(values.get("dora", ""), "Dora"), ura, kita)

    if not text:
        return entry(
            say("Tiles: type the winner's hand, e.g. {example}").format(example=TILES_EXAMPLE)
        )
    try:
        hand = parse_hand(text)
    except HandError as e:
        waiting = _waiting(text)
        if waiting is None:
            return entry(str(e))
        try:
            ctx = context()
            found = read_waits(
                rules, waiting, None if known.tsumo else ctx, ctx if known.tsumo else None
            )
        except HandError as e2:
            return entry(str(e2))
        hint = (
            say("Tiles: 13 tiles wait; type the winning tile last to score the tsumo")
            if known.tsumo
            else say("Tiles: 13 tiles wait; type the winning tile last to score the ron")
        )
        return replace(entry(hint), waits=found)
    try:
        ctx = context()
        analysis = analyze(rules, hand, ctx)
    except HandError as e:
        return entry(str(e), hand)
    kept = {f: values.get(f, "").strip() for f in ("dora", "ura") if f in active}
    return entry("", hand, TilesResult(analysis, format_hand(hand), **kept))
