"""Riichi hands in the session file: a ``[[hands]]`` table each, written by hand or by the app.

Seats are 1-based in the file. One of ``ron``, ``tsumo``, ``draw`` or
``chombo`` says what happened (docs/session-format.md has the table)::

    ron = 3           # the winner; an array [2, 4] for a double ron
    from = 1          # the discarder
    han = 3           # an array beside an array of winners
    fu = 40           # may be left out from 5 han on (0 in an array)
    yakuman = 1       # instead of han and fu (0 in an array: not a yakuman)
    tiles = "234m456p2267s [777z] 5s" # optional: the hand, when the score came from the tiles
    yaku = ["chun (red dragon)"]       # optional: the yaku found in those tiles
    dora = "3m"       # optional: the dora indicators those tiles were scored with (ura too)
    riichi = [2]      # the seats that declared riichi in this hand, with any outcome
    note = "..."      # optional, with any outcome: free text kept with the hand, never scored

    tsumo = 2         # with han, fu or yakuman as above
    pao = 4           # optional, with a yakuman: the seat liable for it (sekinin barai)
    draw = "exhaustive"   # with tenpai = [1, 3] (left out: nobody tenpai)
    nagashi = [2]         # optional, beside draw = "exhaustive": nagashi mangan
    draw = "abortive"
    chombo = 4        # the offender
"""

from __future__ import annotations

from typing import Any, TypeGuard

from mjtui.core.errors import HandError
from mjtui.core.text import clean_line
from mjtui.systems.riichi.events import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Hand,
    Win,
    Winner,
    check,
)
from mjtui.systems.riichi.rules import PLAYERS, Rules
from mjtui.systems.riichi.terms import say

KINDS = ("ron", "tsumo", "draw", "chombo")
KEYS = {
    "ron": (
        "ron",
        "from",
        "han",
        "fu",
        "yakuman",
        "tiles",
        "yaku",
        "dora",
        "ura",
        "pao",
        "riichi",
        "note",
    ),
    "tsumo": (
        "tsumo",
        "han",
        "fu",
        "yakuman",
        "tiles",
        "yaku",
        "dora",
        "ura",
        "pao",
        "riichi",
        "note",
    ),
    "exhaustive": ("draw", "tenpai", "nagashi", "riichi", "note"),
    "abortive": ("draw", "riichi", "note"),
    "chombo": ("chombo", "riichi", "note"),
}
MAX_NOTE = 2000  # characters: a game record's yaku text is some 100
ALL_KEYS = sorted({k for keys in KEYS.values() for k in keys})
DRAWS = ("exhaustive", "abortive")


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(record: dict[str, Any], key: str, players: int = PLAYERS) -> int:
    value = record[key]
    if not _whole(value) or not 1 <= value <= players:
        raise HandError(
            say("'{key}' must be a seat from 1 to {players}, got {value}").format(
                key=key, players=players, value=repr(value)
            )
        )
    return value - 1


def _seat_list(record: dict[str, Any], key: str, players: int = PLAYERS) -> tuple[int, ...]:
    value = record.get(key, [])
    if not isinstance(value, list) or not all(_whole(v) and 1 <= v <= players for v in value):
        raise HandError(
            say("'{key}' must be an array of seats from 1 to {players}, got {value}").format(
                key=key, players=players, value=repr(value)
            )
        )
    return tuple(v - 1 for v in value)


def hand_from_record(rules: Rules, record: dict[str, Any]) -> Hand:
    """Read one ``[[hands]]`` table; every bad field is refused with a message naming it."""
    unknown = sorted(k for k in record if k not in ALL_KEYS)
    if unknown:
        raise HandError(
            say("unknown key {name} (known: {known})").format(
                name=repr(unknown[0]), known=", ".join(ALL_KEYS)
            )
        )
    kinds = [k for k in KINDS if k in record]
    if not kinds:
        raise HandError(say("say what happened with one of 'ron', 'tsumo', 'draw' or 'chombo'"))
    if len(kinds) > 1:
        raise HandError(
            say("'{a}' and '{b}' cannot both be given: one hand, one outcome").format(
                a=kinds[0], b=kinds[1]
            )
        )
    kind = kinds[0]
    if kind == "draw":
        draw = record["draw"]
        if draw not in DRAWS:
            raise HandError(
                say('\'draw\' must be "exhaustive" or "abortive", got {value}').format(
                    value=repr(draw)
                )
            )
        kind = draw
    n = rules.players
    allowed = KEYS[kind]
    for key in record:
        if key not in allowed:
            what = f'draw = "{kind}"' if kind in DRAWS else f"'{kind}'"
            raise HandError(
                say("'{key}' does not go with {what} (it takes {keys})").format(
                    key=key, what=what, keys=", ".join(repr(k) for k in allowed)
                )
            )
    riichi = _seat_list(record, "riichi", n)
    note = _note(record)
    hand: Hand
    if kind == "ron":
        if "from" not in record:
            raise HandError(say("'from' is missing: the seat that discarded the winning tile"))
        hand = Win(
            _winners(record, "ron", n),
            discarder=_seat(record, "from", n),
            riichi=riichi,
            pao=_seat(record, "pao", n) if "pao" in record else None,
            note=note,
        )
    elif kind == "tsumo":
        hand = Win(
            _winners(record, "tsumo", n),
            discarder=None,
            riichi=riichi,
            pao=_seat(record, "pao", n) if "pao" in record else None,
            note=note,
        )
    elif kind == "exhaustive":
        hand = ExhaustiveDraw(
            tenpai=_seat_list(record, "tenpai", n),
            riichi=riichi,
            nagashi=_seat_list(record, "nagashi", n),
            note=note,
        )
    elif kind == "abortive":
        hand = AbortiveDraw(riichi=riichi, note=note)
    else:
        hand = Chombo(offender=_seat(record, "chombo", n), riichi=riichi, note=note)
    check(rules, hand)
    return hand


def _note(record: dict[str, Any]) -> str:
    note = record.get("note", "")
    if not isinstance(note, str):
        raise HandError(say("'note' must be text, got {value}").format(value=repr(note)))
    if len(note) > MAX_NOTE:
        raise HandError(
            say("'note' is {n} characters long; at most {most}").format(n=len(note), most=MAX_NOTE)
        )
    return clean_line(note)  # shown with the hand


def _winners(record: dict[str, Any], key: str, players: int) -> tuple[Winner, ...]:
    several = isinstance(record[key], list)
    if several and key == "tsumo":
        raise HandError(say("'tsumo' is one seat: a tsumo has one winner"))
    seats = list(record[key]) if several else [record[key]]
    if several and not seats:
        raise HandError(say("'{key}' is an empty array: name the winner(s)").format(key=key))
    for seat in seats:
        if not _whole(seat) or not 1 <= seat <= players:
            wrong = (
                say("'{key}' must be a seat from 1 to {n} or an array of seats, got {value}")
                if key == "ron"
                else say("'{key}' must be a seat from 1 to {n}, got {value}")
            )
            raise HandError(wrong.format(key=key, n=players, value=repr(record[key])))
    columns = {}
    for name in ("han", "fu", "yakuman"):
        value = record.get(name, [0] * len(seats) if several else 0)
        if several:
            if not isinstance(value, list) or len(value) != len(seats):
                raise HandError(
                    say(
                        "'{name}' must be an array of {n} (one per winner in '{key}'), got {value}"
                    ).format(name=name, n=len(seats), key=key, value=repr(value))
                )
        elif isinstance(value, list):
            raise HandError(
                say("'{name}' must be one number for one winner, got {value}").format(
                    name=name, value=repr(value)
                )
            )
        column = value if several else [value]
        for v in column:
            if not _whole(v) or v < 0:
                raise HandError(
                    say("'{name}' must be a whole number >= 0, got {value}").format(
                        name=name, value=repr(v)
                    )
                )
        columns[name] = column
    if not several and "fu" in record and record["fu"] == 0:
        raise HandError(say("'fu' is 0: leave it out for a limit hand"))
    tiles, yaku = _tiles_and_yaku(record, len(seats), several)
    dora, ura = (_texts(record, key, len(seats), several) for key in ("dora", "ura"))
    winners = []
    for i, seat in enumerate(seats):
        han, fu, yakuman = columns["han"][i], columns["fu"][i], columns["yakuman"][i]
        if not yakuman and not han:
            raise HandError(
                say("'han' is missing")
                if "han" not in record
                else say("'han' must be 1 or more for seat {seat}, or give 'yakuman'").format(
                    seat=seat
                )
            )
        winners.append(
            Winner(seat - 1, han, fu or None, yakuman, tiles[i], yaku[i], dora[i], ura[i])
        )
    return tuple(winners)


MAX_INDICATORS_TEXT = 40  # the dead wall shows at most five indicators: "3m 1z 5p 9s 7z"


def _texts(record: dict[str, Any], key: str, count: int, several: bool) -> list[str]:
    """An optional text of each winner, ("" where not given): the dora or ura dora
    indicators the tiles were scored with, as typed."""
    value = record.get(key, [""] * count if several else "")
    values = value if several else [value]
    if not isinstance(values, list) or len(values) != count:
        raise HandError(
            say("'{key}' must be an array of {n} texts (one per winner), got {value}").format(
                key=key, n=count, value=repr(value)
            )
        )
    for v in values:
        if not isinstance(v, str) or len(v) > MAX_INDICATORS_TEXT:
            raise HandError(
                say("'{key}' must be the indicators as text, e.g. \"3m 1z\", got {value}").format(
                    key=key, value=repr(v)
                )
            )
    return [clean_line(v) for v in values]


def _tiles_and_yaku(
    record: dict[str, Any], count: int, several: bool
) -> tuple[list[str], list[tuple[str, ...]]]:
    """The optional hand and yaku of each winner ("" and () where not given)."""
    tiles = record.get("tiles", [""] * count if several else "")
    yaku = record.get("yaku", [[]] * count if several else [])
    if several:
        if not isinstance(tiles, list) or len(tiles) != count:
            raise HandError(
                say("'tiles' must be an array of {n} strings (one per winner), got {value}").format(
                    n=count, value=repr(tiles)
                )
            )
        if not isinstance(yaku, list) or len(yaku) != count:
            raise HandError(
                say("'yaku' must be an array of {n} arrays (one per winner), got {value}").format(
                    n=count, value=repr(yaku)
                )
            )
    else:
        tiles, yaku = [tiles], [yaku]
    for t in tiles:
        if not isinstance(t, str):
            raise HandError(
                say("'tiles' must be the hand as text, e.g. \"{example}\", got {value}").format(
                    example="234m456p2267s [777z] 5s", value=repr(t)
                )
            )
    for names in yaku:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise HandError(
                say("'yaku' must be an array of names, got {value}").format(value=repr(names))
            )
    return [clean_line(t) for t in tiles], [tuple(clean_line(n) for n in names) for names in yaku]


def hand_to_record(hand: Hand) -> dict[str, Any]:
    """The ``[[hands]]`` table of a hand (the inverse of :func:`hand_from_record`)."""
    record: dict[str, Any] = {}
    if isinstance(hand, Win):
        seats = [w.seat + 1 for w in hand.winners]
        key = "tsumo" if hand.tsumo else "ron"
        several = len(seats) > 1
        record[key] = seats if several else seats[0]
        if hand.discarder is not None:  # a ron
            record["from"] = hand.discarder + 1
        columns = {
            "han": [w.han for w in hand.winners],
            "fu": [w.fu or 0 for w in hand.winners],
            "yakuman": [w.yakuman for w in hand.winners],
        }
        for name, column in columns.items():
            if any(column):
                record[name] = column if several else column[0]
        if any(w.tiles or w.yaku for w in hand.winners):
            tiles = [w.tiles for w in hand.winners]
            yaku = [list(w.yaku) for w in hand.winners]
            record["tiles"] = tiles if several else tiles[0]
            record["yaku"] = yaku if several else yaku[0]
        for key in ("dora", "ura"):
            texts = [getattr(w, key) for w in hand.winners]
            if any(texts):
                record[key] = texts if several else texts[0]
        if hand.pao is not None:
            record["pao"] = hand.pao + 1
    elif isinstance(hand, ExhaustiveDraw):
        record["draw"] = "exhaustive"
        if hand.tenpai:
            record["tenpai"] = [s + 1 for s in hand.tenpai]
        if hand.nagashi:
            record["nagashi"] = [s + 1 for s in hand.nagashi]
    elif isinstance(hand, AbortiveDraw):
        record["draw"] = "abortive"
    elif isinstance(hand, Chombo):
        record["chombo"] = hand.offender + 1
    if hand.riichi:
        record["riichi"] = [s + 1 for s in hand.riichi]
    if hand.note:
        record["note"] = hand.note
    return record
