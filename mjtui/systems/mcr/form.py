"""The Chinese Official hand form declared: its rows and what they show.

The outcome is one letter (r a win on a discard, t a self-draw, d a draw, c a
false win, p a penalty), seats are digits 1-4. A win's fan is typed (the
total the table pays on, flowers in), or the winner's tiles are, with what the
tiles cannot show ticked under them (the fourth tile, a kong, the last tile);
then the discarder and the flowers. As the tiles are typed the form shows how
they read and every fan with its value, in English and Chinese; thirteen
tiles show what they wait on and what each wait would score. The row order
makes the common hand short: ``3 12⏎2`` ctrl+s is seat 3 winning 12 fan off
seat 2 (docs/mcr.md has the keys of every kind of hand). What the values make
is :mod:`.entry`'s (:func:`~.entry.read_entry`). A win under the minimum is a
false win by the rules: the form says so and asks before it records one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.fields import Field, FormLayout, Line, Reading, Row, SubForm
from mjtui.core.systems.winds import WINDS, wind_name
from mjtui.core.tiles.notation import tile_name
from mjtui.core.tiles.render import waits_lines
from mjtui.systems.mcr.calculator import Score
from mjtui.systems.mcr.entry import (
    FIELDS,
    OUTCOMES,
    read_entry,
    values_of,
)
from mjtui.systems.mcr.entry import (
    outcome_note as _outcome_note,
)
from mjtui.systems.mcr.events import FalseWin, Hand, Win
from mjtui.systems.mcr.fans import BY_KEY
from mjtui.systems.mcr.rules import Rules
from mjtui.systems.mcr.table import State, state_text
from mjtui.systems.mcr.terms import say
from mjtui.systems.mcr.waits import Waits
from mjtui.systems.mcr.wording import cells, fan_item, pack, pack_dense

WIDTH = 74  # the form's lines: #ff is 78 wide, its thick border and padding inside
SITUATION_LABELS = {"fourth-tile": "fourth tile", "kong": "kong", "last-tile": "last tile"}
TILES_ALLOWED = r"0-9mpsz \[\]()"
# The lines under the rows that leave the rest of the form on an 80x24 screen.
MOST_LINES = 5


class McrForm:
    """The Chinese Official hand form's model."""

    def __init__(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> None:
        self.rules, self.before, self.players = rules, before, players
        self.values = values_of(hand, winner)
        # A recorded winning tile named apart from the tiles holds while they are unchanged.
        self.win_tile = (
            (hand.tiles, hand.win_tile)
            if isinstance(hand, Win) and hand.tiles is not None and hand.win_tile is not None
            else None
        )

    def layout(self) -> FormLayout:
        pays: tuple[Field, ...] = (Field("from", "seat"),)
        if self.rules.win.max_flowers:
            pays += (Field("flowers", "number", label="flowers", width=1, max_length=1),)
        rows = (
            Row("outcome", "Outcome", (Field("outcome", "code", allowed="".join(OUTCOMES)),)),
            # The score first, then who pays it: the order of every system's form.
            Row(
                "win",
                "Winner",
                (
                    Field("winner", "seat"),
                    Field("fan", "number", label="fan", width=3, max_length=3),
                ),
            ),
            Row(
                "tiles",
                "or the tiles",
                (
                    Field(
                        "tiles",
                        "text",
                        allowed=TILES_ALLOWED,
                        max_length=60,
                        placeholder="e.g. 123m456p789s11z [555z], winning tile last",
                    ),
                ),
            ),
            Row(
                "situations",
                "",
                tuple(Field(key, "check", label=label) for key, label in SITUATION_LABELS.items()),
            ),
            Row("pays", "Discard from", pays),
            Row("false-win", "False win by", (Field("offender", "seat"),)),
            Row(
                "penalty",
                "Penalty on",
                (
                    Field("penalised", "seat"),
                    Field("points", "number", label="points", width=3, max_length=3),
                ),
            ),
        )
        # The letters are said beside the outcome: the help line stays one line at 80x24.
        return FormLayout(rows, outcome="outcome", outcomes=OUTCOMES, given=("outcome", "winner"))

    def start(self) -> dict[str, str]:
        return {key: self.values.get(key, "") for key in FIELDS}

    def read(self, values: Mapping[str, str]) -> Reading[Hand]:
        entry = read_entry(self.rules, self.before, values, self.win_tile)
        notes = {"outcome": _outcome_note(entry.outcome)}
        if "fan" in entry.active:
            notes["win"] = say("flowers in · {n}+ without").format(n=self.rules.win.minimum)
        if entry.outcome == "r":
            notes["situations"] = say("kong: robbing a kong")
        elif entry.outcome == "t":
            notes["situations"] = say("kong: a replacement tile")
            notes["pays"] = say("self-drawn: each other pays")
        for key, seat in entry.seats.items():
            if seat is not None:
                wind = self.before.wind(seat)
                notes[key] = f"{self.players[seat]} ({wind_name(WINDS.index(wind))})"
        after = entry.after
        lines = score_lines(self.rules, entry.score)
        if entry.waits is not None:
            waiting = waits_text(entry.waits, entry.outcome == "t")
            lines += tuple(Line(t, "bold" if n == 0 else "") for n, t in enumerate(waiting))
        question = ""
        if entry.under and isinstance(entry.hand, FalseWin):
            penalty = self._false_win(entry.hand.offender)
            said = f"{entry.under}: {penalty}"
            head = (said,) if cells(said) <= WIDTH else (f"{entry.under}:", penalty)
            lines = (
                *(Line(text, "bold") for text in head),
                *score_lines(self.rules, entry.score, most=MOST_LINES - len(head)),
            )
            question = f"{entry.under}. Record it as {penalty}?"
        return Reading(
            entry.errors,
            entry.hand,
            entry.active,
            notes,
            lines,
            after=after.totals if after else None,
            next=say("Next: ") + state_text(after, self.players) if after else "",
            question=question,
        )

    def _false_win(self, offender: int) -> str:
        """A false win in words: "a false win by Ann, 10 to each other player"."""
        rule = self.rules.false_win
        paid = "to each other player" if rule.paid_to == "others" else "off the score"
        return f"a false win by {self.players[offender]}, {rule.each} {paid}"

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        raise HandError(say("this form opens no other form"))


def waits_text(found: Waits, self_draw: bool, most: int = MOST_LINES - 1) -> tuple[str, ...]:
    """A hand one tile short: ready or its shanten, then each wait won as the outcome
    says, its fan and fans ("under the minimum (7 fan)" where it cannot be declared), in
    at most ``most`` lines after the first; past them each wait's fan alone."""
    if not found.tenpai:
        return (say("Not ready: {n} shanten").format(n=found.shanten),)
    tiles = " ".join(tile_name(w.tile) for w in found.waits)
    left = sum(w.unseen for w in found.waits)
    lines = [f"Ready: waits on {tiles} ({left} unseen)"]
    full: list[tuple[str, str]] = []
    brief: list[tuple[str, str]] = []
    for w in found.waits:
        way = w.self_draw if self_draw else w.discard
        tile = tile_name(w.tile)
        if way.score is None:
            full.append((tile, str(way.short)))
            brief.append((tile, str(way.short)))
            continue
        fan = f"{way.score.fan} fan"
        if way.problem is not None:
            full.append((tile, f"{way.short} ({fan})"))
            brief.append((tile, f"{way.short} ({fan})"))
            continue
        names = ", ".join(BY_KEY[key].name for key, _ in way.score.fans)
        full.append((tile, f"{fan}: {names}"))
        brief.append((tile, fan))
    said = waits_lines(full, most)
    if len(said) > most or any(cells(line) > WIDTH for line in said):
        said = waits_lines(brief, most)
    lines += said
    return tuple(lines)


def score_lines(
    rules: Rules, score: Score | None, width: int = WIDTH, most: int = MOST_LINES
) -> tuple[Line, ...]:
    """How the tiles read and the total, then every fan with its value, packed to
    ``width`` cells in at most ``most`` lines where it can be: a hand of many fans
    has the reading in the flow of the fans, then none, then the fans out of their order
    (the longest first) where that takes fewer lines."""
    if score is None:
        return ()
    total = "= " + say("{n} fan").format(n=score.fan)
    if score.flowers:
        total += say(" ({hand} + {flower} for {n} flowers)").format(
            hand=score.hand_fan, flower=score.flower_fan, n=score.flowers
        )
    head = f"{score.reading}  {total}"
    items = [fan_item(key, rules.value(key), count) for key, count in score.fans]
    lines = [Line(head, "bold"), *(Line(line, "good") for line in pack(items, width))]
    if len(lines) > most:
        lines = [Line(line, "good") for line in pack([head, *items], width)]
    if len(lines) > most:
        lines = [Line(line, "good") for line in pack([total, *items], width)]
    if len(lines) > most:
        lines = [Line(line, "good") for line in pack_dense([total, *items], width)]
    return tuple(lines)


__all__ = ["McrForm", "score_lines", "waits_text"]
