"""East-doubling hands in the session file: ``winner`` (1-based, none or 0 for a draw)
and ``points``, one whole number per seat (docs/session-format.md)."""

from __future__ import annotations

from typing import Any

from mjtui.core.errors import HandError
from mjtui.systems.east_doubling.events import MAX_POINTS, Hand, check
from mjtui.systems.east_doubling.rules import Rules
from mjtui.systems.east_doubling.terms import say

_KEYS = frozenset(("winner", "points"))


def hand_from_record(rules: Rules, record: dict[str, Any]) -> Hand:
    # Every hand of a series is read again on each resume. The usual record (a winner's
    # seat and one whole number in range per seat, or a draw's points alone) is read and
    # checked at once, as check() would pass it; any other takes the steps below, which
    # say what is wrong with it, each test at its quickest first.
    points = record.get("points")
    seats = rules.table.players
    if type(points) is list and len(points) == seats:
        winner = record.get("winner")
        if (
            len(record) == 2 and type(winner) is int and 0 < winner <= seats
            if winner is not None
            else len(record) == 1
        ):
            for p in points:
                if type(p) is not int or not 0 <= p <= MAX_POINTS:
                    break
            else:
                return Hand(None if winner is None else winner - 1, tuple(points))
    if not record.keys() <= _KEYS:
        first = sorted(record.keys() - _KEYS)[0]
        raise HandError(
            say("unknown key {key} (expected 'winner' and 'points')").format(key=repr(first))
        )
    winner = record.get("winner")
    if (
        winner is not None
        and type(winner) is not int
        and (isinstance(winner, bool) or not isinstance(winner, int))
    ):
        raise HandError(
            say("'winner' must be a seat number, got {value}").format(value=repr(winner))
        )
    if winner == 0:
        winner = None  # 0 is the draw key at the table, so a transcriber may write it
    if "points" in record:
        points = record["points"]
        if not isinstance(points, list):
            raise HandError(
                say("'points' must be an array of {n} integers").format(n=rules.table.players)
            )
    elif winner is None:
        # A draw scores nothing, so its points may be left out.
        points = [0] * rules.table.players
    else:
        raise HandError(say("'points' is missing"))
    hand = Hand(None if winner is None else winner - 1, tuple(points))
    check(rules, hand)
    return hand


def hand_to_record(hand: Hand) -> dict[str, Any]:
    record: dict[str, Any] = {}
    if hand.winner is not None:
        record["winner"] = hand.winner + 1
    record["points"] = list(hand.points)
    return record
