"""Chinese Official hands in the session file: one ``[[hands]]`` table each.

Seats are 1-based in the file (the players' seats in the first round). One
of ``win``, ``draw``, ``false_win`` or ``penalty`` says what happened::

    win = 2              # the winner
    fan = 12             # the fans and the flowers: what the table pays on
    from = 3             # the discarder; left out: a self-drawn win
    flowers = 1          # optional: the winner's flower tiles
    tiles = "123m456p789s11z [555z]"   # optional: the tiles the fan came from
    win_tile = "1z"                    # optional, with tiles: if not the last written
    context = ["fourth-tile"]          # optional, with tiles: fourth-tile, kong, last-tile

    draw = true
    false_win = 4        # the offender
    penalty = 1          # the offender ...
    points = 10          # ... and the points taken off
"""

from __future__ import annotations

from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.record_kinds import RecordKinds
from mjtui.systems.mcr.events import CONTEXT, Draw, FalseWin, Hand, Penalty, Win, check
from mjtui.systems.mcr.rules import PLAYERS, Rules
from mjtui.systems.mcr.terms import say

KINDS = RecordKinds(
    {
        "win": ("win", "fan", "from", "flowers", "tiles", "win_tile", "context"),
        "draw": ("draw",),
        "false_win": ("false_win",),
        "penalty": ("penalty", "points"),
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


def _whole(record: dict[str, Any], key: str, what: str) -> int:
    if key not in record:
        raise HandError(say("'{key}' is missing: {what}").format(key=key, what=what))
    value = record[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise HandError(
            say("'{key}' must be a whole number, got {value}").format(key=key, value=repr(value))
        )
    return value


def _text(record: dict[str, Any], key: str, what: str) -> str | None:
    value = record.get(key)
    if value is not None and not isinstance(value, str):
        raise HandError(
            say("'{key}' must be {what}, got {value}").format(key=key, what=what, value=repr(value))
        )
    return value


def hand_from_record(rules: Rules, record: dict[str, Any]) -> Hand:
    """Read one ``[[hands]]`` table; every bad field is refused with a message naming it."""
    kind = KINDS.kind_of(
        record,
        lambda: say("say what happened with one of 'win', 'draw', 'false_win' or 'penalty'"),
        say,
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
    elif kind == "penalty":
        hand = Penalty(
            _seat(record, "penalty"), _whole(record, "points", "the points the penalty takes off")
        )
    else:
        context = record.get("context", [])
        if not isinstance(context, list) or not all(c in CONTEXT for c in context):
            raise HandError(
                say("'context' must be an array of {known}; got {value}").format(
                    known=", ".join(CONTEXT), value=repr(context)
                )
            )
        hand = Win(
            winner=_seat(record, "win"),
            fan=_whole(record, "fan", "the fan of the win"),
            discarder=_seat(record, "from") if "from" in record else None,
            flowers=_whole(record, "flowers", "") if "flowers" in record else 0,
            tiles=_text(record, "tiles", "a string of tiles"),
            win_tile=_text(record, "win_tile", "a tile such as 5p"),
            context=tuple(context),
        )
    check(rules, hand)
    return hand


def hand_to_record(hand: Hand) -> dict[str, Any]:
    """The ``[[hands]]`` table of a hand (the inverse of :func:`hand_from_record`)."""
    if isinstance(hand, Draw):
        return {"draw": True}
    if isinstance(hand, FalseWin):
        return {"false_win": hand.offender + 1}
    if isinstance(hand, Penalty):
        return {"penalty": hand.offender + 1, "points": hand.points}
    record: dict[str, Any] = {"win": hand.winner + 1, "fan": hand.fan}
    if hand.discarder is not None:
        record["from"] = hand.discarder + 1
    if hand.flowers:
        record["flowers"] = hand.flowers
    if hand.tiles is not None:
        record["tiles"] = hand.tiles
    if hand.win_tile is not None:
        record["win_tile"] = hand.win_tile
    if hand.context:
        record["context"] = list(hand.context)
    return record


__all__ = ["hand_from_record", "hand_to_record"]
