"""Reading an FX-602P hand as typed at the table (the hand form and ``mjtui hand fx602p``).

The form's fields, in form order, are :data:`FIELDS`; every value is the text
typed, and the two tick boxes (``tsumo``, ``tenho``) are :data:`TICKED` when
ticked and empty when not. :func:`read_entry` turns the values into what is
wrong, the hand, the fields that can still change it, and the score and
settlement the form previews; the form shows that and nothing else.

A hand is given one of two ways, and whichever is typed leaves the other out:

* the winner's **nine tiles** (digits 1-9, in any order): with them the tile
  won on (empty: the last tile typed), the dora shown and tenho; the yaku and
  triplets are the evaluator's, so those two fields take no part;
* or, with no tiles typed, the **yaku** as read off the table (names in any
  case, comma-separated) and the number of **triplets**; then the tile won
  on, the dora and tenho take no part (tenho is a yaku of the list).

The winner is ``1``/``2`` or ``a``/``b`` (:data:`WINNER_KEYS`); ``r`` and ``t``
(:data:`OUTCOMES`) set a win on a discard or a self-draw from any field that
takes no letters (:func:`outcome_values`). The two players' game has no draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.fields import Field, FormLayout, Line, Reading, Row, SubForm
from mjtui.systems.fx602p.evaluate import ALL_YAKU, Score, parse_tiles
from mjtui.systems.fx602p.events import Win, score
from mjtui.systems.fx602p.rules import Rules
from mjtui.systems.fx602p.table import State, apply, check_in_play
from mjtui.systems.fx602p.terms import say, yaku_list

FIELDS = ("winner", "tiles", "win", "dora", "yaku", "triplets", "tsumo", "tenho")
TILE_FIELDS = frozenset({"win", "dora", "tenho"})  # only with the nine tiles
YAKU_FIELDS = frozenset({"yaku", "triplets"})  # only without them
TICKED = "1"
OUTCOMES = {"r": "ron (on the other player's discard)", "t": "tsumo (self-draw)"}
WINNER_KEYS = {"1": 0, "2": 1, "a": 0, "b": 1}
TILES = 9  # a winning hand


def outcome_values(letter: str) -> dict[str, str]:
    """The fields an outcome letter sets: ``t`` ticks tsumo, ``r`` unticks it."""
    return {"tsumo": TICKED if letter == "t" else ""}


def read_tiles(text: str) -> tuple[int, ...]:
    """The nine tiles as typed (digits 1-9, spaces allowed) -> sorted; HandError if not nine."""
    tiles = parse_tiles(text)
    if len(tiles) < TILES:
        raise HandError(
            say("Nine tiles: {typed} typed, {left} to go").format(
                typed=len(tiles), left=TILES - len(tiles)
            )
        )
    if len(tiles) > TILES:
        raise HandError(
            say("Nine tiles: {typed} typed, {more} too many").format(
                typed=len(tiles), more=len(tiles) - TILES
            )
        )
    return tiles


def last_typed(text: str) -> int:
    """The tile won on when none is given: the last of the tiles as typed (before sorting)."""
    return int(text.replace(" ", "")[-1])


def read_tile(text: str, field: str) -> int | None:
    """A tile 1-9 typed in ``field`` (None when empty); HandError naming the field if not."""
    typed = text.strip()
    if not typed:
        return None
    if len(typed) != 1 or typed not in "123456789":
        raise HandError(
            say("{field}: a tile 1-9, not {typed}").format(field=say(field), typed=repr(typed))
        )
    return int(typed)


def find_yaku(name: str) -> str | None:
    """A yaku name in any case -> its spelling in the rules; None if there is no such yaku."""
    wanted = name.strip().casefold()
    return next((y for y in ALL_YAKU if y.casefold() == wanted), None)


def read_yaku(text: str) -> tuple[str, ...]:
    """Comma-separated yaku names in any case -> their spellings; HandError at an unknown one."""
    names = []
    for typed in (y.strip() for y in text.split(",")):
        if not typed:
            continue
        name = find_yaku(typed)
        if name is None:
            raise HandError(say("Unknown yaku {typed}").format(typed=repr(typed)))
        names.append(name)
    return tuple(names)


def read_triplets(text: str) -> int:
    """The triplets typed (empty: 0); HandError if not a number (the range is the rules')."""
    typed = text.strip()
    if not typed:
        return 0
    if not (typed.isascii() and typed.isdigit()):
        raise HandError(say("Triplets: a number 0 to 3, not {typed}").format(typed=repr(typed)))
    return int(typed)


def active_fields(values: Mapping[str, str]) -> frozenset[str]:
    """The fields that can change the score: typed tiles leave out the yaku and triplets,
    typed yaku (without tiles) the tiles, the tile won on, the dora and tenho: whichever
    is typed leaves the other out, as han and a yakuman count do in riichi."""
    if values.get("tiles", "").strip():
        return frozenset(FIELDS) - YAKU_FIELDS
    if values.get("yaku", "").strip():
        return frozenset(FIELDS) - TILE_FIELDS - {"tiles"}
    return frozenset(FIELDS)


@dataclass(frozen=True)
class Entry:
    """One reading of the form's fields."""

    errors: tuple[str, ...]  # what is wrong, for the player; empty when the hand is ready
    hand: Win | None  # the hand when nothing is wrong (the table's checks passed)
    active: frozenset[str]  # the fields that can change the score: the form enables these
    score: Score | None = None  # with a hand: its yaku, han, triplets and points
    after: State | None = None  # with a hand: the table after it (its last_change previewed)


def read_hand(values: Mapping[str, str]) -> Win:
    """The hand the values give, before the table's checks; HandError at the first mistake."""
    winner = WINNER_KEYS.get(values.get("winner", "").strip().lower())
    if winner is None:
        raise HandError(say("Winner: type 1 or 2"))
    tsumo = values.get("tsumo", "") == TICKED
    text = values.get("tiles", "")
    if text.strip():
        tiles = read_tiles(text)
        win = read_tile(values.get("win", ""), "Won on")
        return Win(
            winner=winner,
            tiles=tiles,
            win_tile=last_typed(text) if win is None else win,
            dora=read_tile(values.get("dora", ""), "Dora"),
            tsumo=tsumo,
            tenho=values.get("tenho", "") == TICKED,
        )
    return Win(
        winner=winner,
        yaku=read_yaku(values.get("yaku", "")),
        triplets=read_triplets(values.get("triplets", "")),
        tsumo=tsumo,
    )


def read_entry(rules: Rules, before: State, values: Mapping[str, str]) -> Entry:
    """The hand typed in ``values`` (field name -> text; a missing field is empty),
    checked against the table before it (a tenho must fit the dealer)."""
    active = active_fields(values)
    try:
        hand = read_hand(values)
        check_in_play(rules, before, hand)
    except HandError as e:
        return Entry((str(e),), None, active)
    return Entry((), hand, active, score(rules, hand), apply(rules, before, hand))


def values_of(hand: Win) -> dict[str, str]:
    """The fields that show a recorded hand for editing.

    A hand from a file may leave out the tile won on; it reads back with the
    last of its (sorted) tiles, which is the tile the score used.
    """
    values = dict.fromkeys(FIELDS, "")
    values["winner"] = str(hand.winner + 1)
    values["tsumo"] = TICKED if hand.tsumo else ""
    if hand.tiles is not None:
        values["tiles"] = "".join(map(str, hand.tiles))
        values["win"] = "" if hand.win_tile is None else str(hand.win_tile)
        values["dora"] = "" if hand.dora is None else str(hand.dora)
        values["tenho"] = TICKED if hand.tenho else ""
    else:
        values["yaku"] = ", ".join(hand.yaku)
        values["triplets"] = str(hand.triplets)
    return values


def blank(winner: int | None) -> dict[str, str]:
    """The fields of a new hand, the winner given by the key pressed on the score sheet."""
    values = dict.fromkeys(FIELDS, "")
    values["winner"] = str((winner if winner in (0, 1) else 0) + 1)
    return values


class FX602PForm:
    """The FX-602P hand form's model: the outcome and the winner, then the nine tiles
    (or the yaku as read off the table)."""

    def __init__(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Win | None = None,
        winner: int | None = None,
    ) -> None:
        self.rules, self.before, self.players = rules, before, players
        values = values_of(hand) if hand else blank(winner)
        values["outcome"] = "t" if values.pop("tsumo") == TICKED else "r"
        self.values = values

    def layout(self) -> FormLayout:
        rows = (
            Row("outcome", "Outcome", (Field("outcome", "code", allowed="".join(OUTCOMES)),)),
            Row(
                "winner",
                "Winner (1 or 2)",
                (Field("winner", "code", allowed="".join(WINNER_KEYS)),),
            ),
            Row(
                "tiles",
                "Nine tiles",
                (
                    Field(
                        "tiles",
                        "text",
                        allowed="1-9",
                        width=12,
                        max_length=TILES,
                        placeholder="e.g. 223334567",
                    ),
                ),
            ),
            Row(
                "win",
                "Won on (tile)",
                (
                    Field(
                        "win",
                        "text",
                        allowed="1-9",
                        width=12,
                        max_length=1,
                        placeholder="the last tile",
                    ),
                ),
            ),
            Row("dora", "Dora", (Field("dora", "text", allowed="1-9", width=12, max_length=1),)),
            Row(
                "yaku",
                "or the yaku",
                (Field("yaku", "text", width=30, placeholder="e.g. Tanyao, Iipeiko"),),
            ),
            Row(
                "triplets",
                "and triplets",
                (Field("triplets", "text", allowed="0-3", width=3, max_length=1),),
            ),
            Row("tenho", "", (Field("tenho", "check", label="Tenho"),)),
        )
        return FormLayout(
            rows,
            outcome="outcome",
            outcomes=OUTCOMES,
            given=("outcome", "winner"),
            label_width=18,
            help=say("r ron · t tsumo · yaku: {yaku}").format(yaku=yaku_list(ALL_YAKU)),
        )

    def start(self) -> dict[str, str]:
        return dict(self.values)

    def read(self, values: Mapping[str, str]) -> Reading[Win]:
        typed = dict(values)
        typed["tsumo"] = TICKED if typed.pop("outcome", "").lower() == "t" else ""
        entry = read_entry(self.rules, self.before, typed)
        active = (entry.active - {"tsumo"}) | {"outcome"}
        lines: tuple[Line, ...] = ()
        if entry.score is not None:
            s = entry.score
            lines = (
                Line(
                    say("{yaku} · {han} han · {triplets} triplets · {points} points").format(
                        yaku=yaku_list(s.yaku),
                        han=s.han,
                        triplets=s.triplets,
                        points=f"{s.points:,}",
                    ),
                    "good",
                ),
            )
        outcome = say(OUTCOMES.get(values.get("outcome", "").lower(), "?"))
        after = entry.after
        question = ""
        if entry.score is not None and not entry.score.yaku and not entry.score.triplets:
            who = self.players[entry.hand.winner] if entry.hand is not None else say("the winner")
            question = say(
                "{player} wins with no yaku and no triplet ({points} points): record it?"
            ).format(player=who, points=f"{entry.score.points:,}")
        return Reading(
            entry.errors,
            entry.hand,
            active,
            {"outcome": outcome},
            lines,
            after=after.totals if after else None,
            question=question,
        )

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        raise HandError(say("this form opens no other form"))


__all__ = [
    "FIELDS",
    "OUTCOMES",
    "TICKED",
    "WINNER_KEYS",
    "Entry",
    "FX602PForm",
    "active_fields",
    "blank",
    "find_yaku",
    "last_typed",
    "outcome_values",
    "read_entry",
    "read_hand",
    "read_tile",
    "read_tiles",
    "read_triplets",
    "read_yaku",
    "values_of",
]
