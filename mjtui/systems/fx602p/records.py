"""FX-602P hands in the session file: one ``[[hands]]`` table each.

Seats are 1-based in the file. Either the winner's tiles::

    winner = 1
    tiles = "234567888"   # the nine tiles, digits 1-9 (spaces allowed)
    win = 8               # optional: the tile won on (left out: the last digit)
    dora = 2              # optional: the dora shown
    tsumo = true          # optional: won by self-draw (default false)
    tenho = true          # optional: tenho (default false)

or the yaku as read off the table::

    winner = 2
    yaku = ["Tanyao", "Dora"]   # names as in docs/fx602p.md, any case; [] for none
    triplets = 1
    tsumo = false               # optional
"""

from __future__ import annotations

from typing import Any, TypeGuard

from mjtui.core.errors import HandError
from mjtui.systems.fx602p.entry import find_yaku
from mjtui.systems.fx602p.evaluate import ALL_YAKU, parse_tiles
from mjtui.systems.fx602p.events import Win, check
from mjtui.systems.fx602p.rules import PLAYERS, Rules
from mjtui.systems.fx602p.terms import say

TILE_KEYS = ("winner", "tiles", "win", "dora", "tsumo", "tenho")
YAKU_KEYS = ("winner", "yaku", "triplets", "tsumo")
ALL_KEYS = sorted(set(TILE_KEYS) | set(YAKU_KEYS))


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _tile(record: dict[str, Any], key: str) -> int | None:
    value = record.get(key)
    if value is None:
        return None
    if not _whole(value) or not 1 <= value <= 9:
        raise HandError(
            say("'{key}' must be a tile from 1 to 9, got {value}").format(
                key=key, value=repr(value)
            )
        )
    return value


def _flag(record: dict[str, Any], key: str) -> bool:
    value = record.get(key, False)
    if not isinstance(value, bool):
        raise HandError(
            say("'{key}' must be true or false, got {value}").format(key=key, value=repr(value))
        )
    return value


def yaku_name(text: str) -> str:
    """A yaku name in any case (as the hand form reads it) -> its spelling; HandError if unknown."""
    name = find_yaku(text)
    if name is None:
        raise HandError(
            say("unknown yaku {name} (known: {known})").format(
                name=repr(text), known=", ".join(ALL_YAKU)
            )
        )
    return name


def hand_from_record(rules: Rules, record: dict[str, Any]) -> Win:
    unknown = sorted(k for k in record if k not in ALL_KEYS)
    if unknown:
        raise HandError(
            say("unknown key {key} (known: {known})").format(
                key=repr(unknown[0]), known=", ".join(ALL_KEYS)
            )
        )
    winner = record.get("winner")
    if winner is None:
        raise HandError(say("'winner' is missing: the seat (1 or 2) that won"))
    if not _whole(winner) or not 1 <= winner <= PLAYERS:
        raise HandError(say("'winner' must be seat 1 or 2, got {value}").format(value=repr(winner)))
    if ("tiles" in record) == ("yaku" in record):
        raise HandError(say("give 'tiles' (the winner's nine tiles) or 'yaku' and 'triplets'"))
    allowed = TILE_KEYS if "tiles" in record else YAKU_KEYS
    for key in record:
        if key not in allowed:
            raise HandError(
                say("'{key}' does not go with {other}").format(
                    key=key, other=repr("tiles" if "tiles" in record else "yaku")
                )
            )
    if "tiles" in record:
        text = record["tiles"]
        if not isinstance(text, str):
            raise HandError(
                say("'tiles' must be a string of nine digits 1-9, got {value}").format(
                    value=repr(text)
                )
            )
        tiles = parse_tiles(text)
        hand = Win(
            winner - 1,
            tiles=tiles,
            win_tile=_tile(record, "win"),
            dora=_tile(record, "dora"),
            tsumo=_flag(record, "tsumo"),
            tenho=_flag(record, "tenho"),
        )
    else:
        yaku = record["yaku"]
        if not isinstance(yaku, list) or not all(isinstance(y, str) for y in yaku):
            raise HandError(
                say("'yaku' must be an array of names, got {value}").format(value=repr(yaku))
            )
        triplets = record.get("triplets", 0)
        if not _whole(triplets):
            raise HandError(
                say("'triplets' must be 0 to 3, got {value}").format(value=repr(triplets))
            )
        hand = Win(
            winner - 1,
            yaku=tuple(yaku_name(y) for y in yaku),
            triplets=triplets,
            tsumo=_flag(record, "tsumo"),
        )
    check(rules, hand)
    return hand


def hand_to_record(hand: Win) -> dict[str, Any]:
    record: dict[str, Any] = {"winner": hand.winner + 1}
    if hand.tiles is not None:
        record["tiles"] = "".join(map(str, hand.tiles))
        if hand.win_tile is not None:
            record["win"] = hand.win_tile
        if hand.dora is not None:
            record["dora"] = hand.dora
        if hand.tenho:
            record["tenho"] = True
    else:
        record["yaku"] = list(hand.yaku)
        record["triplets"] = hand.triplets
    if hand.tsumo:
        record["tsumo"] = True
    return record


__all__ = ["hand_from_record", "hand_to_record", "yaku_name"]
