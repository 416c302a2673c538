"""Reading a riichi hand as typed at the table: the hand form's fields -> errors, hand.

The form collects its fields as strings, named as in :data:`FIELDS` (its
widgets' ids without the ``re-`` prefix), and :func:`read_entry` says what
they make: what is wrong, in words for the player, the hand once nothing is,
which fields can still change the score (the form enables exactly these and
Enter walks them in :data:`FIELDS` order), and what the form shows beside
them. Every field is a short code:

* ``outcome``: one letter of :data:`OUTCOMES` (any case);
* ``seat-N``, ``han-N``, ``fu-N``, ``yakuman-N``: winner row N (0-based; as many
  rows as the ruleset's ``multiple_ron`` allows, :func:`winner_rows`). A row is
  scored by han and fu or by a yakuman count: whichever is typed leaves the
  other out;
* ``from`` (ron off) and ``offender`` (chombo): a seat digit 1-4;
* ``tenpai``, ``riichi`` and ``nagashi``: seat digits, a set ("31": seats 1 and 3);
  ``nagashi`` (exhaustive draw) only where the ruleset plays nagashi mangan;
* ``pao`` (win): the seat liable for the first winner's yakuman, where the ruleset
  plays pao; it counts once a yakuman count is typed and there is one winner.

A winner row scored by the tiles form (:mod:`.tiles_entry`) keeps its tiles
and yaku with the hand while the row's seat and score are still the tiles'
own; the form holds those winners by row (``from_tiles``) and passes them in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from mjtui.core.errors import HandError
from mjtui.systems.riichi.events import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Hand,
    Win,
    Winner,
)
from mjtui.systems.riichi.rules import PLAYERS, Rules
from mjtui.systems.riichi.table import State, apply, check_in_play, settle, with_riichi
from mjtui.systems.riichi.terms import say
from mjtui.systems.riichi.tiles_entry import TilesContext, start_values

OUTCOMES = {"r": "ron", "t": "tsumo", "d": "exhaustive draw", "a": "abortive draw", "c": "chombo"}
OUTCOME_HELP = "r ron · t tsumo · d draw · a abortive · c chombo"
OUTCOME_KEYS = "/".join(OUTCOMES)
WINS = ("ron", "tsumo")

ROW_FIELDS = ("seat", "han", "fu", "yakuman")
MAX_ROWS = 3  # triple ron


def _row(n: int) -> tuple[str, ...]:
    return tuple(f"{key}-{n}" for key in ROW_FIELDS)


# The form's order: the ron-off row comes right after the first winner; the seats a
# hand names come tenpai, riichi, nagashi (played by some rulesets only) last.
FIELDS: tuple[str, ...] = (
    "outcome",
    *_row(0),
    "from",
    "pao",
    *(f for n in range(1, MAX_ROWS) for f in _row(n)),
    "offender",
    "tenpai",
    "riichi",
    "nagashi",
)
SEAT_FIELDS = ("from", "pao", "offender", *(f"seat-{n}" for n in range(MAX_ROWS)))


def winner_rows(rules: Rules) -> int:
    """How many winners one ron can have under ``rules`` (the form's winner rows): at
    most everyone but the discarder."""
    most = {"head-bump": 1, "double": 2}.get(rules.payments.multiple_ron, MAX_ROWS)
    return min(most, rules.players - 1)


def row_of(name: str) -> int | None:
    """The winner row of a field ("han-1" -> 1), None for the others."""
    key, _, n = name.rpartition("-")
    return int(n) if key in ROW_FIELDS and n.isdigit() else None


def fields(rows: int) -> tuple[str, ...]:
    """The fields of a form with ``rows`` winner rows, in form order."""
    return tuple(f for f in FIELDS if (row_of(f) or 0) < rows)


def next_field(active: frozenset[str], name: str) -> str | None:
    """The field Enter moves to from ``name``: the next active one in form order."""
    after = FIELDS[FIELDS.index(name) + 1 :]
    return next((f for f in after if f in active), None)


def seats_of(text: str, players: int = PLAYERS) -> tuple[int, ...]:
    """The 0-based seats typed as digits ("31" -> (0, 2)), each once, sorted."""
    return tuple(sorted({int(c) - 1 for c in text if c.isdigit() and 1 <= int(c) <= players}))


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


def _seat(text: str, players: int) -> int | None:
    n = _int(text)
    return n - 1 if n is not None and 1 <= n <= players else None


@dataclass(frozen=True)
class Entry:
    """The hand form's fields read."""

    errors: tuple[str, ...]  # what is wrong, for the player; empty: the hand is ready
    hand: Hand | None  # the hand when nothing is wrong (the table's checks passed)
    active: frozenset[str]  # the fields that can still change the score
    outcome: str | None  # in words ("ron"), None while no outcome is typed
    seats: Mapping[str, int | None]  # the seat in each seat field (SEAT_FIELDS)
    tenpai: tuple[int, ...]
    riichi: tuple[int, ...]
    playing: State  # the table while the hand is played: the riichi deposits are down
    after: State | None = None  # the table after the hand
    pays: Mapping[int, str] = field(default_factory=dict)  # row -> "mangan 8000"
    # The rows scored by the tiles form whose seat still stands: (row, seat, the yaku
    # kept with the hand, or None once han and fu were typed over).
    yaku: tuple[tuple[int, int, tuple[str, ...] | None], ...] = ()
    nagashi: tuple[int, ...] = ()  # the nagashi seats typed, while the field counts


def read_entry(
    rules: Rules,
    before: State,
    values: Mapping[str, str],
    players: int = PLAYERS,
    from_tiles: Mapping[int, Winner] | None = None,
) -> Entry:
    """What the fields make of the hand after the table ``before``."""
    rows = winner_rows(rules)
    typed = {f: values.get(f, "").strip() for f in fields(rows)}
    players = min(players, rules.players)
    kept = from_tiles or {}
    outcome = OUTCOMES.get(typed["outcome"].lower())
    seats = {f: _seat(typed[f], players) for f in SEAT_FIELDS if f in typed}
    riichi = seats_of(typed["riichi"], players)
    tenpai = seats_of(typed["tenpai"], players)
    nagashi = seats_of(typed["nagashi"], players) if rules.draws.nagashi_mangan else ()
    playing = with_riichi(rules, before, riichi)
    won = [n for n in range(rows) if outcome == "ron" or (outcome == "tsumo" and n == 0)]
    yaku = tuple(
        (n, w.seat, w.yaku if _kept(typed, n, w, players) else None)
        for n, w in sorted(kept.items())
        if n in won and seats.get(f"seat-{n}") == w.seat
    )

    def entry(
        errors: list[str], hand: Hand | None = None, winner_rows_used: list[int] | None = None
    ) -> Entry:
        after, pays = None, {}
        if hand is not None:
            after = apply(rules, before, hand)
            at = dict(
                zip(
                    (w.seat for w in getattr(hand, "winners", ())),
                    winner_rows_used or (),
                    strict=True,
                )
            )
            pays = {
                at[seat]: f"{pay.base.name} {pay.short()}".strip()
                for seat, pay in settle(rules, before, hand).payments
                if seat in at
            }
        active = _active(rules, typed, outcome, rows, seats)
        return Entry(
            tuple(errors),
            hand,
            active,
            outcome,
            seats,
            tenpai,
            riichi,
            playing,
            after,
            pays,
            yaku,
            nagashi if "nagashi" in active else (),
        )

    hand: Hand
    used: list[int] = []
    if outcome is None:
        return entry([say("Outcome: type {letters}").format(letters=say(OUTCOME_HELP))])
    if outcome in WINS:
        errors: list[str] = []
        winners: list[Winner] = []
        for n in won:
            problem, winner = _winner(typed, n, seats[f"seat-{n}"], players)
            if problem:
                errors.append(problem)
            if winner is not None:
                winners.append(
                    kept[n] if n in kept and _kept(typed, n, kept[n], players) else winner
                )
                used.append(n)
        discarder = seats["from"] if outcome == "ron" else None
        if outcome == "ron" and discarder is None:
            errors.append(
                say(
                    "Ron off: type the seat (1-{players}) of the player who discarded the "
                    "winning tile"
                ).format(players=players)
            )
        if errors:
            return entry(errors)
        pao = seats["pao"] if "pao" in _active(rules, typed, outcome, rows, seats) else None
        hand = Win(tuple(winners), discarder, riichi, pao)
    elif outcome == "exhaustive draw":
        hand = ExhaustiveDraw(tenpai, riichi, nagashi)
    elif outcome == "abortive draw":
        hand = AbortiveDraw(riichi)
    else:
        offender = seats["offender"]
        if offender is None:
            return entry(
                [
                    say(
                        "Offender: type the seat (1-{players}) of the player who made the chombo"
                    ).format(players=players)
                ]
            )
        hand = Chombo(offender, riichi)
    try:
        check_in_play(rules, before, hand)
    except HandError as e:
        return entry([str(e)])
    return entry([], hand, used)


def _winner(
    typed: Mapping[str, str], n: int, seat: int | None, players: int
) -> tuple[str, Winner | None]:
    """(what is wrong, the winner) of winner row ``n``; an empty row after the first is
    no winner, and nothing wrong."""
    if seat is None:
        if n:
            return "", None
        return say("Winner: type the winner's seat, 1-{players}").format(players=players), None
    han, fu, yakuman = _score(typed, n)
    if yakuman:
        return "", Winner(seat, 0, None, yakuman)
    if _int(typed[f"han-{n}"]) is None:
        if n == 0:
            return say("han: type the han (1 or more), or a yakuman count"), None
        return say("winner {n} han: type the han (1 or more), or a yakuman count").format(
            n=n + 1
        ), None
    return "", Winner(seat, han, fu, 0)


def _score(typed: Mapping[str, str], n: int) -> tuple[int, int | None, int]:
    """(han, fu, yakuman) as row ``n`` reads, the way a Winner holds them."""
    yakuman = _int(typed[f"yakuman-{n}"]) or 0
    if yakuman:
        return 0, None, yakuman
    return _int(typed[f"han-{n}"]) or 0, _int(typed[f"fu-{n}"]), 0


def _kept(typed: Mapping[str, str], n: int, scored: Winner, players: int) -> bool:
    """Whether row ``n`` still reads as the tiles form scored it: the same seat and score."""
    return _seat(typed[f"seat-{n}"], players) == scored.seat and _score(typed, n) == (
        scored.han,
        scored.fu,
        scored.yakuman,
    )


def _active(
    rules: Rules,
    typed: Mapping[str, str],
    outcome: str | None,
    rows: int,
    seats: Mapping[str, int | None],
) -> frozenset[str]:
    """The fields that can still change the score, for this outcome and what is typed."""
    active = {"outcome", "riichi"}
    for n in range(rows):
        if not (outcome == "ron" or (outcome == "tsumo" and n == 0)):
            continue
        active.add(f"seat-{n}")
        if n > 0 and seats[f"seat-{n}"] is None:
            continue  # no second winner: nothing to score
        # Han and fu, or a yakuman count: whichever is typed leaves the other out.
        if not typed[f"yakuman-{n}"]:
            active |= {f"han-{n}", f"fu-{n}"}
        if typed[f"yakuman-{n}"] or not typed[f"han-{n}"]:
            active.add(f"yakuman-{n}")
    if outcome == "ron":
        active.add("from")
    elif outcome == "chombo":
        active.add("offender")
    elif outcome == "exhaustive draw":
        active.add("tenpai")
        if rules.draws.nagashi_mangan:
            active.add("nagashi")
    lone = outcome == "tsumo" or (
        outcome == "ron" and all(seats.get(f"seat-{n}") is None for n in range(1, rows))
    )
    if lone and rules.payments.pao and _int(typed["yakuman-0"]):
        active.add("pao")
    return frozenset(active)


# ------------------------------------------------------------ the fields of a hand


def key_values(winner: int | None) -> dict[str, str]:
    """The fields of a new hand opened by a key on the sheet: a winner's seat, or 0 (a draw)."""
    if winner is None:
        return {"outcome": "d"}
    return {"outcome": "r", "seat-0": str(winner + 1)}


def score_values(n: int, w: Winner) -> dict[str, str]:
    """Winner row ``n``'s han, fu and yakuman fields for ``w``."""
    return {
        f"han-{n}": str(w.han) if w.han else "",
        f"fu-{n}": "" if w.fu is None else str(w.fu),
        f"yakuman-{n}": str(w.yakuman) if w.yakuman else "",
    }


def values_of(hand: Hand, rows: int = MAX_ROWS) -> dict[str, str]:
    """The fields that read back as ``hand`` (with :func:`kept_of` for its tiles)."""
    values = {"riichi": "".join(str(s + 1) for s in hand.riichi)}
    if isinstance(hand, Win):
        values["outcome"] = "t" if hand.tsumo else "r"
        if hand.discarder is not None:
            values["from"] = str(hand.discarder + 1)
        if hand.pao is not None:
            values["pao"] = str(hand.pao + 1)
        for n, w in enumerate(hand.winners[:rows]):
            values[f"seat-{n}"] = str(w.seat + 1)
            values.update(score_values(n, w))
    elif isinstance(hand, ExhaustiveDraw):
        values["outcome"] = "d"
        values["tenpai"] = "".join(str(s + 1) for s in sorted(hand.tenpai))
        values["nagashi"] = "".join(str(s + 1) for s in sorted(hand.nagashi))
    elif isinstance(hand, AbortiveDraw):
        values["outcome"] = "a"
    else:
        values["outcome"] = "c"
        values["offender"] = str(hand.offender + 1)
    return values


def kept_of(hand: Hand, rows: int = MAX_ROWS) -> dict[int, Winner]:
    """The winner rows of ``hand`` scored by the tiles form (their tiles and yaku kept)."""
    if not isinstance(hand, Win):
        return {}
    return {n: w for n, w in enumerate(hand.winners[:rows]) if w.tiles or w.yaku}


# ------------------------------------------------------------ the tiles form


TILES_NEED = (
    "Tiles: first the outcome (r ron or t tsumo) and the winner's seat, or d for a "
    "draw's tenpai check"
)


def tiles_context(
    entry: Entry, before: State, row: int, names: tuple[str, ...], from_tiles: Mapping[int, Winner]
) -> tuple[TilesContext, dict[str, str]]:
    """What the tiles form is told of winner row ``row``, and the fields it starts with
    (what the row was last scored with from the tiles, while its seat is the same:
    :func:`~.tiles_entry.start_values`); HandError without a winner."""
    seat = entry.seats.get(f"seat-{row}")
    if entry.outcome not in WINS or seat is None or f"seat-{row}" not in entry.active:
        raise HandError(TILES_NEED)
    known = TilesContext(
        winner=names[seat],
        tsumo=entry.outcome == "tsumo",
        seat_wind=(seat - before.east) % len(names),
        round_wind=before.round_wind,
        riichi=seat in entry.riichi,
        honba=before.honba,
    )
    previous = from_tiles.get(row)
    same = previous is not None and previous.seat == seat
    return known, start_values(known, previous if same else None)
