"""Reading a Chinese Official hand as it is typed at the table: fields in, errors and a hand out.

The hand form (:mod:`.form`, drawn by the UI's one form) only collects these
fields and shows what :func:`read_entry` says; the rules of reading them live
here, with no screen:

* ``outcome``: one letter of :data:`OUTCOMES` (r a win on a discard, t a
  self-draw, d a draw, c a false win, p a penalty), in either case;
* ``winner``, ``from`` (the discarder), ``offender`` (a false win),
  ``penalised`` (a penalty): seats 1-4;
* ``fan`` or ``tiles`` (the notation of docs/tiles.md): whichever is typed
  leaves the other out; with both, the tiles count. The fan typed is what the
  table pays on, the flowers in it;
* ``fourth-tile``, ``kong``, ``last-tile``: what the tiles cannot show
  (:data:`~.events.CONTEXT`), ticked (``"1"``) or not; read with the tiles
  only. ``kong`` is a win on a kong's replacement tile when self-drawn, and
  robbing a kong on a discard;
* ``flowers``: the winner's flower tiles, 0 to ``win.max_flowers`` (a row
  the ruleset leaves out when its set has none); with the tiles their fan is
  added to the hand's, with a typed fan they say how much of it is flowers
  (which do not count toward the minimum);
* ``points``: what a penalty takes off.

Thirteen tiles (plus one per kong) are a hand one tile short: the entry
holds its waits (:attr:`Entry.waits`, each scored as the outcome says) beside
the error asking for the winning tile, as the other systems' tiles forms do.

A win under the 8-fan minimum (its tiles, or the fan typed) cannot be
declared: under the rules it is a false win. It is read as the false win by the
winner, with :attr:`Entry.under` saying why, so that the form asks before it
records one (``Reading.question``) rather than refusing what the table saw.

Every value is a string, as typed; a missing key is an empty field. A field
that is not active (:attr:`Entry.active`) is not read, whatever it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from mjtui.core.errors import HandError
from mjtui.core.systems.fields import TICKED, seat_of, whole
from mjtui.core.tiles.notation import parse_waiting_hand
from mjtui.systems.mcr.calculator import Score, Situation, score_text
from mjtui.systems.mcr.events import CONTEXT, MAX_FAN, Draw, FalseWin, Hand, Penalty, Win
from mjtui.systems.mcr.rules import PLAYERS, Rules
from mjtui.systems.mcr.table import State, apply, check_in_play
from mjtui.systems.mcr.waits import Waits, read_waits

OUTCOMES = {
    "r": "win on a discard",
    "t": "self-draw",
    "d": "draw",
    "c": "false win",
    "p": "penalty",
}
SHORT = {"r": "discard", "t": "self-draw", "d": "draw", "c": "false win", "p": "penalty"}
WINS = ("r", "t")
SITUATIONS = CONTEXT  # the checkbox keys: fourth-tile, kong, last-tile
SEATS = ("winner", "from", "offender", "penalised")
FIELDS: tuple[str, ...] = (
    "outcome",
    "winner",
    "fan",
    "tiles",
    *SITUATIONS,
    "from",
    "flowers",
    "offender",
    "penalised",
    "points",
)


@dataclass(frozen=True)
class Entry:
    """What the fields of a form make of a hand."""

    errors: tuple[str, ...]  # the first thing wrong, in form order, in words for the player
    hand: Hand | None  # the hand when nothing is wrong (check_in_play passed)
    active: frozenset[str]  # the fields that can still change the score
    outcome: str | None = None  # the outcome's letter; None while none is typed
    seats: Mapping[str, int | None] = field(default_factory=dict)  # each active seat field
    score: Score | None = None  # the fans counted from the tiles, when they make a hand
    after: State | None = None  # the table after the hand
    under: str = ""  # a win under the minimum, read as a false win: why (the fan and the minimum)
    waits: Waits | None = None  # 13 tiles typed: what they wait on, each won as the outcome says


def _text(values: Mapping[str, str], key: str) -> str:
    return (values.get(key) or "").strip()


def outcome_of(values: Mapping[str, str]) -> str | None:
    """The outcome letter typed (lower case), or None."""
    letter = _text(values, "outcome").lower()
    return letter if letter in OUTCOMES else None


def outcome_note(letter: str | None) -> str:
    """Beside the outcome: its words and the other letters."""
    from mjtui.systems.mcr.terms import say

    others = " ".join(f"{k} {say(w)}" for k, w in SHORT.items() if k != letter)
    return f"{say(SHORT[letter])} · {others}" if letter else f"? {others}"


def active_fields(rules: Rules, values: Mapping[str, str]) -> frozenset[str]:
    """The fields that can still change the score, given what is typed so far."""
    outcome = outcome_of(values)
    active = {"outcome"}
    if outcome == "c":
        active.add("offender")
    elif outcome == "p":
        active.update(("penalised", "points"))
    if outcome not in WINS:
        return frozenset(active)
    active.add("winner")
    if _text(values, "tiles"):
        active.add("tiles")
        active.update(SITUATIONS)
    else:
        active.add("fan")
        if not _text(values, "fan"):
            active.add("tiles")
    if rules.win.max_flowers:
        active.add("flowers")
    if outcome == "r":
        active.add("from")
    return frozenset(active)


def read_entry(
    rules: Rules,
    before: State,
    values: Mapping[str, str],
    win_tile: tuple[str, str] | None = None,
) -> Entry:
    """The hand the fields make with the table ``before`` it, or what is wrong.

    ``win_tile`` is (tiles, tile) of a recorded hand whose winning tile was named
    apart: it holds while the tiles are as recorded."""
    from mjtui.systems.mcr.terms import say

    active = active_fields(rules, values)
    outcome = outcome_of(values)
    seats = {key: seat_of(_text(values, key), PLAYERS) for key in SEATS if key in active}
    span = f"1-{PLAYERS}"

    def entry(
        error: str = "", hand: Hand | None = None, score: Score | None = None, under: str = ""
    ) -> Entry:
        after = None
        if hand is not None and not error:
            try:
                check_in_play(rules, before, hand)
                after = apply(rules, before, hand)
            except HandError as e:
                error = str(e)
        return Entry(
            (error,) if error else (),
            None if error else hand,
            active,
            outcome,
            seats,
            score,
            after,
            "" if error else under,
        )

    if outcome is None:
        return entry(say("Outcome: type r discard, t self-draw, d draw, c false win or p penalty"))
    if outcome == "d":
        return entry(hand=Draw())
    if outcome == "c":
        if seats["offender"] is None:
            return entry(
                say("False win by: type the seat ({span}) of the player who declared it").format(
                    span=span
                )
            )
        return entry(hand=FalseWin(seats["offender"]))
    if outcome == "p":
        if seats["penalised"] is None:
            return entry(
                say("Penalty on: type the seat ({span}) of the player penalised").format(span=span)
            )
        points = whole(_text(values, "points"))
        if points is None:
            return entry(
                say("Points: type the points the penalty takes off (1-{most})").format(
                    most=rules.penalty.most
                )
            )
        return entry(hand=Penalty(seats["penalised"], points))
    winner = seats["winner"]
    if winner is None:
        return entry(say("Winner: type the winner's seat, {span}").format(span=span))
    self_draw = outcome == "t"
    flowers = 0
    if "flowers" in active and _text(values, "flowers"):
        typed = whole(_text(values, "flowers"))
        if typed is None or typed > rules.win.max_flowers:
            return entry(
                say("Flowers: type the winner's flowers, 0 to {most}").format(
                    most=rules.win.max_flowers
                )
            )
        flowers = typed
    tiles = _text(values, "tiles") if "tiles" in active else ""
    score = None
    context: tuple[str, ...] = ()
    named = None
    if tiles:
        context = tuple(s for s in SITUATIONS if _text(values, s) == TICKED)
        if win_tile is not None and win_tile[0] == tiles:
            named = win_tile[1]
        situation = Situation(
            self_draw=self_draw,
            seat_wind=before.seat_wind(winner),
            round_wind=before.round_wind,
            fourth_tile="fourth-tile" in context,
            kong="kong" in context,
            last_tile="last-tile" in context,
            flowers=flowers,
        )
        try:
            score = score_text(rules, tiles, situation, named)
        except HandError as e:
            found = _waits(rules, tiles, situation)
            if found is None:
                return entry(str(e))
            from mjtui.systems.mcr.terms import say

            hint = (
                say("Tiles: 13 tiles wait; type the winning tile to score the self-draw")
                if self_draw
                else say(
                    "Tiles: 13 tiles wait; type the winning tile to score the win on a discard"
                )
            )
            return replace(entry(hint), waits=found)
        if not score.minimum_met:
            return entry(
                hand=FalseWin(winner), score=score, under=_under(rules, score.counted, flowers)
            )
        fan = score.fan
    else:
        typed_fan = whole(_text(values, "fan"))
        if typed_fan is None:
            return entry(say("Fan: type the fan (flowers in), or the winner's tiles below it"))
        fan = typed_fan
        counted = fan - (0 if rules.win.flowers_count else flowers * rules.value("flower_tiles"))
        if 0 <= counted < rules.win.minimum and fan <= MAX_FAN:
            return entry(hand=FalseWin(winner), under=_under(rules, counted, flowers))
    discarder = seats.get("from")
    if not self_draw and discarder is None:
        return entry(
            say("Discard from: type the seat ({span}) that discarded the winning tile").format(
                span=span
            ),
            score=score,
        )
    hand = Win(
        winner,
        fan,
        discarder,
        flowers=flowers,
        tiles=tiles or None,
        win_tile=named,
        context=context,
    )
    return entry(hand=hand, score=score)


def _waits(rules: Rules, tiles: str, situation: Situation) -> Waits | None:
    """The waits of ``tiles`` as a hand one tile short; None when they are not one."""
    try:
        return read_waits(rules, parse_waiting_hand(tiles), situation)
    except HandError:
        return None


def _under(rules: Rules, counted: int, flowers: int) -> str:
    """Why a win is under the minimum: "7 fan: under the minimum of 8; flowers do not count"."""
    from mjtui.systems.mcr.terms import say

    if flowers and not rules.win.flowers_count:
        return say("{fan} fan: under the minimum of {minimum}; flowers do not count").format(
            fan=counted, minimum=rules.win.minimum
        )
    return say("{fan} fan: under the minimum of {minimum}").format(
        fan=counted, minimum=rules.win.minimum
    )


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
    elif isinstance(hand, Penalty):
        values.update(outcome="p", penalised=str(hand.offender + 1), points=str(hand.points))
    else:
        values.update(outcome="t" if hand.self_draw else "r", winner=str(hand.winner + 1))
        if hand.discarder is not None:
            values["from"] = str(hand.discarder + 1)
        if hand.flowers:
            values["flowers"] = str(hand.flowers)
        if hand.tiles is not None:
            values["tiles"] = hand.tiles
            values.update(dict.fromkeys(hand.context, TICKED))
        else:
            values["fan"] = str(hand.fan)
    return values


__all__ = [
    "FIELDS",
    "OUTCOMES",
    "SEATS",
    "SITUATIONS",
    "Entry",
    "active_fields",
    "outcome_note",
    "outcome_of",
    "read_entry",
    "values_of",
]
