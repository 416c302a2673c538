"""Reading a Pocket Mahjong hand as it is typed at the table: fields in, errors and a hand out.

The hand form (:mod:`.form`, drawn by the UI's one form) only collects these
fields and shows what :func:`read_entry` says; the rules of reading them
live here, once, with no Textual:

* ``outcome``: one letter of :data:`OUTCOMES` (r a win on a discard, t a
  self-draw, d a draw, c a false win), upper or lower case;
* ``winner``, ``from`` (the discarder), ``guarantor`` (包自摸, a self-draw
  only, and only where the ruleset plays guarantees), ``offender`` (a false
  win): seats 1-4;
* ``fan`` or ``tiles`` (mpsz notation): whichever is typed leaves the other
  out; with both, the tiles count;
* one field per situation the tiles cannot show (:data:`SITUATIONS`, named by
  its word, e.g. ``last-tile``): ``"1"`` ticked, ``""`` not. They are read
  only with the tiles, and only those that can go with the outcome and the
  winner (a robbed kong is won on a discard, a heavenly hand is the
  starter's self-draw...): the rest cannot change the score. Two that cannot
  both be true (a robbed kong on the last tile) are refused with the reason;
* ``flowers`` and ``seasons``: the winner's bonus tiles by number, ``"13"``
  or ``"1 3"``; read with the tiles, where the ruleset plays them
  (``bonus.tiles``).

Every value is a string, as typed; a missing key is an empty field. A field
that is not active (:attr:`Entry.active`) is not read, whatever it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from mjtui.core.errors import HandError
from mjtui.core.tiles import parse_hand
from mjtui.core.tiles.notation import parse_waiting_hand, tile_name
from mjtui.core.tiles.render import waits_lines
from mjtui.systems.pocket.events import (
    SITUATIONS,
    Draw,
    FalseWin,
    Hand,
    Win,
    read_bonus,
    situation_problem,
)
from mjtui.systems.pocket.patterns import Context, Score, context_of, score_hand, score_problem
from mjtui.systems.pocket.rules import PLAYERS, Rules
from mjtui.systems.pocket.table import State, apply, check_in_play
from mjtui.systems.pocket.waits import Waits, read_waits

OUTCOMES = {"r": "win on a discard", "t": "self-draw", "d": "draw", "c": "false win"}
OUTCOME_HELP = "r discard · t self-draw · d draw · c false win"
WINS = ("win on a discard", "self-draw")
SEATS = ("winner", "from", "guarantor", "offender")
BONUS_FIELDS = ("flowers", "seasons")
FIELDS: tuple[str, ...] = (
    "outcome",
    "winner",
    "fan",
    "tiles",
    *(s.word for s in SITUATIONS),
    *BONUS_FIELDS,
    "from",
    "guarantor",
    "offender",
)
TICKED = "1"


@dataclass(frozen=True)
class Entry:
    """What the fields of a form make of a hand."""

    errors: tuple[str, ...]  # the first thing wrong, in form order, in words for the player
    hand: Hand | None  # the hand when nothing is wrong (check_in_play passed)
    active: frozenset[str]  # the fields that can still change the score
    outcome: str | None = None  # the outcome in words; None while no letter is typed
    seats: Mapping[str, int | None] = field(default_factory=dict)  # each active seat field
    score: Score | None = None  # the fan counted from the tiles, when they make a hand
    after: State | None = None  # the table after the hand
    waits: Waits | None = None  # 13 tiles typed: what they wait on, each won as the hand is


def _text(values: Mapping[str, str], key: str) -> str:
    return (values.get(key) or "").strip()


def outcome_of(values: Mapping[str, str]) -> str | None:
    """The outcome typed, in words, or None."""
    return OUTCOMES.get(_text(values, "outcome").lower())


def seat_of(text: str, players: int = PLAYERS) -> int | None:
    """The 0-based seat typed as 1..players, or None."""
    text = text.strip()
    return int(text) - 1 if text.isdigit() and 1 <= int(text) <= players else None


def active_fields(
    rules: Rules, before: State, values: Mapping[str, str], players: int = PLAYERS
) -> frozenset[str]:
    """The fields that can still change the score, given what is typed so far."""
    outcome = outcome_of(values)
    active = {"outcome"}
    if outcome == "false win":
        active.add("offender")
    if outcome not in WINS:
        return frozenset(active)
    self_draw = outcome == "self-draw"
    active.add("winner")
    if _text(values, "tiles"):
        active.add("tiles")
        active.update(_possible_situations(before, values, self_draw, players))
        if rules.bonus.tiles:
            active.update(BONUS_FIELDS)
    else:
        active.add("fan")
        if not _text(values, "fan"):
            active.add("tiles")
    if not self_draw:
        active.add("from")
    elif rules.payments.guarantee:
        active.add("guarantor")
    return frozenset(active)


def _possible_situations(
    before: State, values: Mapping[str, str], self_draw: bool, players: int
) -> list[str]:
    """The situations that can go with the outcome and the winner typed."""
    winner = seat_of(_text(values, "winner"), players)
    by_starter = None if winner is None else winner == before.east
    return [
        s.word
        for s in SITUATIONS
        if situation_problem((s.word,), self_draw=self_draw, by_starter=by_starter) is None
    ]


def read_entry(
    rules: Rules, before: State, values: Mapping[str, str], players: int = PLAYERS
) -> Entry:
    """The hand the fields make with the table ``before`` it, or what is wrong."""
    from mjtui.systems.pocket.terms import say

    active = active_fields(rules, before, values, players)
    outcome = outcome_of(values)
    seats = {key: seat_of(_text(values, key), players) for key in SEATS if key in active}
    span = f"1-{players}"

    def entry(error: str = "", hand: Hand | None = None, score: Score | None = None) -> Entry:
        after = None
        if hand is not None and not error:
            try:
                check_in_play(rules, before, hand)
                after = apply(rules, before, hand)
            except HandError as e:
                error = str(e)
        return Entry(
            (error,) if error else (), None if error else hand, active, outcome, seats, score, after
        )

    if outcome is None:
        return entry(say("Outcome: type {help}").format(help=say(OUTCOME_HELP)))
    if outcome == "draw":
        return entry(hand=Draw())
    if outcome == "false win":
        if seats["offender"] is None:
            return entry(
                say(
                    "Offender: type the seat ({span}) of the player who declared a false win"
                ).format(span=span)
            )
        return entry(hand=FalseWin(seats["offender"]))
    winner = seats["winner"]
    if winner is None:
        return entry(say("Winner: type the winner's seat, {span}").format(span=span))
    self_draw = outcome == "self-draw"
    score = None
    tiles = _text(values, "tiles") if "tiles" in active else ""
    situations = tuple(
        s.word for s in SITUATIONS if s.word in active and _text(values, s.word) == TICKED
    )
    flowers: tuple[int, ...] = ()
    seasons: tuple[int, ...] = ()
    if tiles:
        try:
            if "flowers" in active:
                flowers = read_bonus(_text(values, "flowers"), "Flowers")
                seasons = read_bonus(_text(values, "seasons"), "Seasons")
            ctx = context_of(
                before.seat_wind(winner), before.round_wind, self_draw, situations, flowers, seasons
            )
        except HandError as e:
            return entry(str(e))
        try:
            score = score_hand(rules, parse_hand(tiles), ctx)
        except HandError as e:
            found = _waits(rules, tiles, ctx)
            if found is None:
                return entry(str(e))
            from mjtui.systems.pocket.terms import say

            hint = (
                say("Tiles: 13 tiles wait; type the winning tile to score the self-draw")
                if self_draw
                else say(
                    "Tiles: 13 tiles wait; type the winning tile to score the win on a discard"
                )
            )
            return replace(entry(hint), waits=found)
        fan = score.fan
        problem = score_problem(rules, score)
        if problem:
            return entry(problem, score=score)
    elif _text(values, "fan"):
        if not _text(values, "fan").isdigit():
            return entry(
                say("Fan: type the fan as a whole number, not {typed}").format(
                    typed=repr(_text(values, "fan"))
                )
            )
        fan = int(_text(values, "fan"))
    else:
        return entry(say("Fan: type the fan, or the winner's tiles below it"))
    discarder = seats.get("from")
    if not self_draw and discarder is None:
        return entry(
            say(
                "Discard from: type the seat ({span}) of the player who discarded the winning tile"
            ).format(span=span),
            score=score,
        )
    guarantor = seats.get("guarantor")
    if guarantor is None and _text(values, "guarantor") and "guarantor" in active:
        return entry(
            say(
                "Guarantor: type the seat ({span}) of the player who pays for all, "
                "or leave it empty"
            ).format(span=span),
            score=score,
        )
    if tiles:
        return entry(
            hand=Win(
                winner,
                fan,
                discarder,
                guarantor,
                tiles=tiles,
                context=situations,
                flowers=flowers,
                seasons=seasons,
            ),
            score=score,
        )
    return entry(hand=Win(winner, fan, discarder, guarantor), score=score)


def _waits(rules: Rules, tiles: str, ctx: Context) -> Waits | None:
    """The waits of ``tiles`` as a hand one tile short, each won as ``ctx`` says; None
    when they are not one."""
    try:
        hand = parse_waiting_hand(tiles)
    except HandError:
        return None
    return read_waits(rules, hand, None if ctx.self_draw else ctx, ctx if ctx.self_draw else None)


def values_of(hand: Hand | None, winner: int | None = None) -> dict[str, str]:
    """The fields of a recorded ``hand``, or of a new one opened with ``winner``
    (None: the sheet's draw key); every field of :data:`FIELDS` is given."""
    values = dict.fromkeys(FIELDS, "")
    if hand is None:
        if winner is None:
            values["outcome"] = "d"
        else:
            values.update(outcome="r", winner=str(winner + 1))
    elif isinstance(hand, Draw):
        values["outcome"] = "d"
    elif isinstance(hand, FalseWin):
        values.update(outcome="c", offender=str(hand.offender + 1))
    else:
        values.update(outcome="t" if hand.self_draw else "r", winner=str(hand.winner + 1))
        if hand.discarder is not None:
            values["from"] = str(hand.discarder + 1)
        if hand.guarantor is not None:
            values["guarantor"] = str(hand.guarantor + 1)
        if hand.tiles is not None:
            values["tiles"] = hand.tiles
            values.update({word: TICKED for word in hand.context})
            values.update(
                flowers="".join(map(str, hand.flowers)), seasons="".join(map(str, hand.seasons))
            )
        else:
            values["fan"] = str(hand.fan)
    return values


def waits_text(found: Waits, self_draw: bool) -> tuple[str, ...]:
    """A hand one tile short: ready or its shanten, then each wait won as the hand is."""
    from mjtui.systems.pocket.terms import say

    if not found.tenpai:
        return (say("Not ready: {n} shanten").format(n=found.shanten),)
    tiles = " ".join(tile_name(w.tile) for w in found.waits)
    left = sum(w.unseen for w in found.waits)
    lines = [f"Ready: waits on {tiles} ({left} unseen)"]
    said = []
    for w in found.waits:
        way = w.self_draw if self_draw else w.discard
        if way.problem is not None:
            fan = f" ({way.score.fan} fan)" if way.score is not None else ""
            text = f"{way.short}{fan}"
        else:
            assert way.score is not None
            text = f"{way.score.fan} fan: " + ", ".join(p.name for p in way.score.patterns)
        said.append((tile_name(w.tile), text))
    lines += waits_lines(said)
    return tuple(lines)


def patterns_text(score: Score | None) -> str:
    """The reading the tiles are paid by, each pattern with its fan, and the total."""
    if score is None:
        return ""
    from mjtui.systems.pocket.terms import say

    found = " · ".join(f"{p.name} {p.fan}" for p in score.patterns) or say("no pattern")
    if score.limit_hand:
        return f"{score.reading}\n{found}: " + say("limit hand, {n} fan").format(n=score.fan)
    capped = say(" (paid as {n})").format(n=score.fan) if score.total > score.fan else ""
    return f"{score.reading}\n{found} = " + say("{n} fan").format(n=score.total) + capped


def bonus_note(before: State, winner: int | None) -> str:
    """Beside the flowers and seasons: the winner's own number (seat wind East 1 ...)."""
    from mjtui.core.systems.winds import wind_name
    from mjtui.systems.pocket.terms import say

    if winner is None:
        return say("1-4 each · own: the seat wind's number, East 1 ... North 4")
    wind = before.seat_wind(winner)
    return say("1-4 each · own: {n} ({wind})").format(n=wind + 1, wind=wind_name(wind))


def fan_note(rules: Rules) -> str:
    """Beside the fan field: what a hand needs and what it is paid at most."""
    from mjtui.systems.pocket.terms import say

    return say("at least {minimum}, paid up to {limit}").format(
        minimum=rules.fan.minimum, limit=rules.fan.limit
    )


__all__ = [
    "BONUS_FIELDS",
    "FIELDS",
    "OUTCOMES",
    "OUTCOME_HELP",
    "SEATS",
    "TICKED",
    "Entry",
    "active_fields",
    "bonus_note",
    "fan_note",
    "outcome_of",
    "patterns_text",
    "read_entry",
    "seat_of",
    "values_of",
]
