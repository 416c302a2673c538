"""Pocket Mahjong hands in the session file: one ``[[hands]]`` table each.

Seats are 1-based in the file. One of ``win``, ``draw`` or ``false_win``
says what happened (docs/session-format.md has the table)::

    win = 2              # the winner
    fan = 4
    from = 3             # the discarder; left out: a self-draw
    guarantor = 1        # a self-draw only: the seat that pays for all three
    tiles = "123m456p789s11z [555z]"   # optional: the tiles the fan came from
    context = ["last-tile"]            # optional, with tiles
    flowers = [1, 3]     # optional, with tiles: the winner's flowers by number 1-4
    seasons = [2]        # optional, with tiles: the winner's seasons

    draw = true
    false_win = 4        # the offender
"""

from __future__ import annotations

from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.record_kinds import RecordKinds
from mjtui.core.text import clean_line
from mjtui.systems.pocket.events import CONTEXT, Draw, FalseWin, Hand, Win, check
from mjtui.systems.pocket.rules import PLAYERS, Rules
from mjtui.systems.pocket.terms import say

KINDS = RecordKinds(
    {
        "win": ("win", "fan", "from", "guarantor", "tiles", "context", "flowers", "seasons"),
        "draw": ("draw",),
        "false_win": ("false_win",),
    }
)


def _seat(record: dict[str, Any], key: str) -> int:
    value = record[key]
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= PLAYERS:
        raise HandError(
            say("'{key}' must be a seat from 1 to {players}, got {value}").format(
                key=key, players=PLAYERS, value=repr(value)
            )
        )
    return value - 1


def _numbers(record: dict[str, Any], key: str) -> tuple[int, ...]:
    """The flowers or seasons of a win (events.check refuses a repeated or
    out-of-range number)."""
    value = record.get(key, [])
    if not isinstance(value, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in value
    ):
        raise HandError(
            say("'{key}' must be an array of numbers 1 to 4, got {value}").format(
                key=key, value=repr(value)
            )
        )
    return tuple(value)


def hand_from_record(rules: Rules, record: dict[str, Any]) -> Hand:
    """Read one ``[[hands]]`` table; every bad field is refused with a message naming it."""
    kind = KINDS.kind_of(
        record, lambda: say("say what happened with one of 'win', 'draw' or 'false_win'"), say
    )
    hand: Hand
    if kind == "draw":
        if record["draw"] is not True:
            raise HandError(
                say("'draw' must be true, got {value}").format(value=repr(record["draw"]))
            )
        hand = Draw()
    elif kind == "false_win":
        hand = FalseWin(_seat(record, "false_win"))
    else:
        if "fan" not in record:
            raise HandError(say("'fan' is missing: the fan of the winning hand"))
        fan = record["fan"]
        if isinstance(fan, bool) or not isinstance(fan, int):
            raise HandError(
                say("'fan' must be a whole number, got {value}").format(value=repr(fan))
            )
        tiles = record.get("tiles")
        if tiles is not None and not isinstance(tiles, str):
            raise HandError(
                say("'tiles' must be a string of tiles, got {value}").format(value=repr(tiles))
            )
        context = record.get("context", [])
        if not isinstance(context, list) or not all(c in CONTEXT for c in context):
            raise HandError(
                say("'context' must be an array of {known}; got {value}").format(
                    known=", ".join(CONTEXT), value=repr(context)
                )
            )
        hand = Win(
            winner=_seat(record, "win"),
            fan=fan,
            discarder=_seat(record, "from") if "from" in record else None,
            guarantor=_seat(record, "guarantor") if "guarantor" in record else None,
            tiles=None if tiles is None else clean_line(tiles),
            context=tuple(context),
            flowers=_numbers(record, "flowers"),
            seasons=_numbers(record, "seasons"),
        )
    check(rules, hand)
    return hand


def hand_to_record(hand: Hand) -> dict[str, Any]:
    """The ``[[hands]]`` table of a hand (the inverse of :func:`hand_from_record`)."""
    if isinstance(hand, Draw):
        return {"draw": True}
    if isinstance(hand, FalseWin):
        return {"false_win": hand.offender + 1}
    record: dict[str, Any] = {"win": hand.winner + 1, "fan": hand.fan}
    if hand.discarder is not None:
        record["from"] = hand.discarder + 1
    if hand.guarantor is not None:
        record["guarantor"] = hand.guarantor + 1
    if hand.tiles is not None:
        record["tiles"] = hand.tiles
    if hand.context:
        record["context"] = list(hand.context)
    if hand.flowers:
        record["flowers"] = list(hand.flowers)
    if hand.seasons:
        record["seasons"] = list(hand.seasons)
    return record


__all__ = ["hand_from_record", "hand_to_record"]
