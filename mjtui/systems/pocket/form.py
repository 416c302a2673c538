"""The Pocket Mahjong (Hong Kong fan) hand form declared: its rows and what they show.

The outcome is one letter (r a win on a discard, t a self-draw, d a draw, c a
false win), seats are digits 1-4; the fan is typed, or the winner's tiles are
(mpsz notation) with the situations the tiles cannot show ticked under them,
and, where the ruleset plays the bonus tiles, the winner's flowers and
seasons by number. Each pattern found and its fan show as the tiles are
typed. What the values make is :mod:`.entry`'s (:func:`~.entry.read_entry`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.fields import Field, FormLayout, Line, Reading, Row, SubForm
from mjtui.core.systems.winds import WINDS, wind_name
from mjtui.systems.pocket.entry import (
    FIELDS,
    OUTCOME_HELP,
    OUTCOMES,
    bonus_note,
    fan_note,
    patterns_text,
    read_entry,
    values_of,
    waits_text,
)
from mjtui.systems.pocket.events import SITUATIONS, Hand
from mjtui.systems.pocket.rules import Rules
from mjtui.systems.pocket.table import State, state_text
from mjtui.systems.pocket.terms import say


class PocketForm:
    """The Pocket Mahjong hand form's model."""

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

    def layout(self) -> FormLayout:
        rules = self.rules
        rows = [
            Row("outcome", "Outcome", (Field("outcome", "code", allowed="".join(OUTCOMES)),)),
            # The score first, then who pays it: the order of every system's form.
            Row(
                "win",
                "Winner",
                (
                    Field("winner", "seat"),
                    Field("fan", "number", label="fan", width=3, max_length=2),
                ),
            ),
            Row(
                "tiles",
                "or the tiles",
                (
                    Field(
                        "tiles",
                        "text",
                        allowed=r"0-9mpsz \[\]()",
                        max_length=60,
                        placeholder="e.g. 123m456p789s11z [555z]",
                    ),
                ),
            ),
            Row("situations", "", tuple(Field(s.word, "check", label=s.label) for s in SITUATIONS)),
        ]
        if rules.bonus.tiles:
            rows.append(
                Row(
                    "bonus",
                    "Flowers",
                    (
                        Field("flowers", "text", allowed="0-9 ,", width=5, max_length=7),
                        Field(
                            "seasons",
                            "text",
                            label="seasons",
                            allowed="0-9 ,",
                            width=5,
                            max_length=7,
                        ),
                    ),
                )
            )
        pays: tuple[Field, ...] = (Field("from", "seat"),)
        if rules.payments.guarantee:
            pays += (Field("guarantor", "seat", label="guarantor"),)
        rows.append(Row("pays", "Discard from", pays))
        rows.append(Row("false-win", "False win by", (Field("offender", "seat"),)))
        return FormLayout(
            tuple(rows),
            outcome="outcome",
            outcomes=OUTCOMES,
            given=("outcome", "winner"),
            help=OUTCOME_HELP,
        )

    def start(self) -> dict[str, str]:
        return {key: self.values.get(key, "") for key in FIELDS}

    def read(self, values: Mapping[str, str]) -> Reading[Hand]:
        entry = read_entry(self.rules, self.before, values, len(self.players))
        notes = {
            "outcome": say(entry.outcome) if entry.outcome else f"? {say(OUTCOME_HELP)}",
            "win": fan_note(self.rules) if "fan" in entry.active else "",
        }
        if self.rules.bonus.tiles:
            notes["bonus"] = bonus_note(self.before, entry.seats.get("winner"))
        for key, seat in entry.seats.items():
            if seat is not None:
                wind = self.before.wind(seat)
                notes[key] = f"{self.players[seat]} ({wind_name(WINDS.index(wind))})"
        patterns = patterns_text(entry.score)
        lines = tuple(Line(text, "good") for text in patterns.splitlines())
        if entry.waits is not None:
            said = waits_text(entry.waits, entry.outcome == "self-draw")
            lines += tuple(Line(t, "bold" if n == 0 else "") for n, t in enumerate(said))
        after = entry.after
        return Reading(
            entry.errors,
            entry.hand,
            entry.active,
            notes,
            lines,
            after=after.totals if after else None,
            next=say("Next: ") + state_text(after, self.players) if after else "",
        )

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        raise HandError(say("this form opens no other form"))


__all__ = ["PocketForm"]
