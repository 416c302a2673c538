"""The riichi hand form declared: its rows, what they make, and the two forms it opens.

Every field is a short code, so a hand goes in as fast as it is said at the
table: the outcome is one letter (r ron, t tsumo, d draw, a abortive, c
chombo), seats are digits, and the tenpai, riichi and nagashi fields take
seats as digits ("13": seats 1 and 3; a seat typed again is taken out).
Those three come in that order in every ruleset, nagashi last and only
where it is played, so the same keys mean the same seats whatever the
ruleset leaves out. What the values make is :mod:`.entry`'s
(:func:`~.entry.read_entry`); this module says how they are laid out and
shown. ctrl+t opens the tiles form for the focused winner row
(:class:`TilesForm`; 13 tiles there show the waits), at an exhaustive draw
the tenpai check of each seat's typed hand (:mod:`.draw_check`); ctrl+f the
fu calculator (:class:`FuForm`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mjtui.core import language
from mjtui.core.cells import cells, ljust
from mjtui.core.errors import HandError
from mjtui.core.language import ENGLISH, term
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.fields import (
    Action,
    Field,
    FormLayout,
    Line,
    Reading,
    Row,
    SubForm,
    seats_text,
)
from mjtui.core.systems.winds import wind_name
from mjtui.core.tiles.notation import tile_name
from mjtui.core.tiles.render import hand_text, waits_lines
from mjtui.systems.riichi.draw_check import Checked, TenpaiCheck, tenpai_after
from mjtui.systems.riichi.entry import (
    OUTCOME_HELP,
    OUTCOME_KEYS,
    OUTCOMES,
    Entry,
    fields,
    kept_of,
    key_values,
    next_field,
    read_entry,
    row_of,
    score_values,
    seats_of,
    tiles_context,
    values_of,
    winner_rows,
)
from mjtui.systems.riichi.events import Hand, Winner
from mjtui.systems.riichi.fu import FuResult
from mjtui.systems.riichi.fu_entry import CODES, LABELS, MELD_PARTS, MELDS, read_fu
from mjtui.systems.riichi.fu_entry import FIELDS as FU_FIELDS
from mjtui.systems.riichi.fu_entry import choices as fu_choices
from mjtui.systems.riichi.fu_entry import start_values as fu_start
from mjtui.systems.riichi.hand import Analysis
from mjtui.systems.riichi.hand.context import SITUATION_HELP, SITUATION_LETTERS
from mjtui.systems.riichi.hand.waits import Waits
from mjtui.systems.riichi.rules import Rules
from mjtui.systems.riichi.table import State, state_text
from mjtui.systems.riichi.terms import (
    PACKAGE,
    fu_item,
    limit_name,
    reading,
    rounding,
    say,
    yaku_name,
)
from mjtui.systems.riichi.tiles_entry import (
    TILES_FIELDS,
    TilesContext,
    TilesResult,
    read_tiles,
    score_lines,
)


class RiichiForm:
    """The riichi hand form's model (a :class:`~mjtui.core.systems.fields.FormModel`)."""

    def __init__(
        self,
        rules: Rules,
        before: State,
        players: tuple[str, ...],
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> None:
        self.rules, self.before, self.players = rules, before, players
        self.rows = winner_rows(rules)
        self.keys = fields(self.rows)
        # per winner row: the winner as the tiles form scored it (tiles and yaku kept)
        self.from_tiles: dict[int, Winner] = {} if hand is None else kept_of(hand, self.rows)
        # per winner row: what was typed in its tiles form last, to open it as it was
        self.tiles_values: dict[int, dict[str, str]] = {}
        self.values = values_of(hand, self.rows) if hand is not None else key_values(winner)
        # at an exhaustive draw: each seat's hand as typed in the tenpai check
        self.draw_hands: dict[int, str] = {}
        self.draw_check = TenpaiCheck(rules, players, before.east, before.round_wind)

    # ---------------------------------------------------------------- layout

    def layout(self) -> FormLayout:
        rules = self.rules
        rows = [Row("outcome", "Outcome", (Field("outcome", "code", allowed="".join(OUTCOMES)),))]

        def winner_row(n: int) -> Row:
            return Row(
                f"winner-{n}",
                "Winner" if n == 0 else f"Winner {n + 1}",
                (
                    Field(f"seat-{n}", "seat"),
                    Field(f"han-{n}", "number", label="han", width=3, max_length=2),
                    Field(f"fu-{n}", "number", label="fu", width=3, max_length=3),
                    Field(f"yakuman-{n}", "number", label="yakuman", width=1, max_length=1),
                ),
            )

        ron_off: tuple[Field, ...] = (Field("from", "seat"),)
        if rules.payments.pao:
            ron_off += (Field("pao", "seat", label="pao"),)
        rows.append(winner_row(0))
        rows.append(Row("ron-off", "Ron off", ron_off))
        rows += [winner_row(n) for n in range(1, self.rows)]
        rows.append(Row("chombo", "Offender", (Field("offender", "seat"),)))
        rows.append(Row("tenpai", "Tenpai", (Field("tenpai", "seats"),)))
        rows.append(Row("riichi", "Riichi", (Field("riichi", "seats"),)))
        if rules.draws.nagashi_mangan:
            rows.append(Row("nagashi", "Nagashi", (Field("nagashi", "seats"),)))
        return FormLayout(
            tuple(rows),
            outcome="outcome",
            outcomes=OUTCOMES,
            given=("outcome", "seat-0"),
            actions=(
                Action("tiles", "ctrl+t", "Tiles"),
                Action("fu", "ctrl+f", "Fu calc", button=True),
            ),
        )

    def start(self) -> dict[str, str]:
        return {key: self.values.get(key, "") for key in self.keys}

    # ---------------------------------------------------------------- reading

    def entry(self, values: Mapping[str, str]) -> Entry:
        return read_entry(self.rules, self.before, values, len(self.players), self.from_tiles)

    def read(self, values: Mapping[str, str]) -> Reading[Hand]:
        entry = self.entry(values)
        active = entry.active if self.rules.payments.pao else entry.active - {"pao"}
        notes = {
            "outcome": f"{say(entry.outcome)}   ({OUTCOME_KEYS})"
            if entry.outcome
            else f"? {say(OUTCOME_HELP)}",
            "tenpai": self._draw_text(entry),
            "riichi": self._riichi_text(entry),
            "nagashi": ", ".join(self.players[s] for s in entry.nagashi),
        }
        for key, seat in entry.seats.items():
            if key in active and seat is not None:
                wind = self.before.wind(seat)
                notes[key] = f"{self.players[seat]} ({wind_name(WINDS.index(wind))})"
        playing, after = entry.playing, entry.after
        draw = entry.outcome == "exhaustive draw"
        question = self.draw_check.question(entry.tenpai, self.draw_hands) if draw else ""
        return Reading(
            entry.errors,
            entry.hand,
            active,
            notes,
            self._won_lines(entry),
            now=playing.totals,
            after=after.totals if after else None,
            table=say("On the table now: {honba} honba, {sticks} in deposits").format(
                honba=playing.honba, sticks=playing.deposits
            ),
            next=say("Next: ") + state_text(after, self.players) if after else "",
            question=question,
            actions=frozenset({"tiles", "fu"})
            if entry.outcome in ("ron", "tsumo")
            else frozenset({"tiles"})
            if draw
            else frozenset(),
        )

    def _riichi_text(self, entry: Entry) -> str:
        if not entry.riichi:
            return say("nobody")
        deposit = self.rules.payments.riichi_deposit
        return ", ".join(self.players[s] for s in entry.riichi) + say(
            " (-{deposit} each, on the table)"
        ).format(deposit=deposit)

    def _draw_text(self, entry: Entry) -> str:
        if "tenpai" not in entry.active:
            return ""
        return ", ".join(self.players[s] for s in entry.tenpai) or say("nobody: all noten")

    def _won_lines(self, entry: Entry) -> tuple[Line, ...]:
        """A line per winner: the payment, then the yaku kept from the tiles."""
        yaku = {row: (seat, kept) for row, seat, kept in entry.yaku}
        lines = []
        for row in sorted(set(entry.pays) | set(yaku)):
            seat = entry.seats.get(f"seat-{row}")
            if seat is None and row in yaku:
                seat = yaku[row][0]
            parts = [entry.pays[row]] if row in entry.pays else []
            if row in yaku:
                kept = yaku[row][1]
                parts.append(
                    ", ".join(yaku_name(n) for n in kept)
                    if kept is not None
                    else say("han/fu typed over the tiles' (the yaku list is not kept)")
                )
            liable = entry.seats.get("pao")
            if row == 0 and "pao" in entry.active and liable is not None:
                parts.append(
                    f"pao: {self.players[liable]} pays "
                    + ("it all" if entry.outcome == "tsumo" else "half")
                )
            name = self.players[seat] if seat is not None else f"winner {row + 1}"
            lines.append(Line(f"{name}: " + " · ".join(parts), "good"))
        return tuple(lines)

    # ---------------------------------------------------------------- the forms it opens

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        row = row_of(focused or "")
        row = row if row is not None and row < self.rows else 0
        entry = self.entry(values)
        if action == "fu":
            return SubForm(
                say("Fu calculator"),
                FuForm(self.rules, tsumo=entry.outcome == "tsumo"),
                lambda fu: ({f"fu-{row}": str(fu)}, f"fu-{row}"),
            )
        if entry.outcome == "exhaustive draw":
            return self._tenpai_check(entry)
        known, start = tiles_context(entry, self.before, row, self.players, self.from_tiles)
        seat = entry.seats[f"seat-{row}"]
        assert seat is not None  # tiles_context checked it
        kept = self.tiles_values.get(row, {})
        if kept.get("seat") == str(seat):  # the form as it was left for this winner
            typed = {k: v for k, v in kept.items() if k != "seat"}
        else:  # as the row was scored from the tiles (an edited hand), else empty
            typed = start

        def done(result: TilesResult) -> tuple[Mapping[str, str], str | None]:
            winner = result.winner(seat)
            self.from_tiles[row] = winner
            put = dict(score_values(row, winner))
            # The riichi the tiles were scored with is the hand's: typed in the tiles
            # form first, the riichi field follows it (and the other way round).
            declared = set(seats_of(values.get("riichi", ""), len(self.players)))
            declared = declared | {seat} if result.riichi else declared - {seat}
            put["riichi"] = "".join(str(s + 1) for s in sorted(declared))
            after = self.entry({**values, **put}).active
            # On past the row's score, so a digit typed next cannot change it.
            return put, next_field(after, f"yakuman-{row}")

        def keep(values_typed: Mapping[str, str]) -> None:
            self.tiles_values[row] = {**values_typed, "seat": str(seat)}

        return SubForm(tiles_title(known), TilesForm(self.rules, known, typed, keep), done)

    def _tenpai_check(self, entry: Entry) -> SubForm[Checked]:
        def done(checked: Checked) -> tuple[Mapping[str, str], str | None]:
            self.draw_hands = dict(checked.hands)
            put = {"tenpai": seats_text(tenpai_after(entry.tenpai, checked))}
            return put, "riichi"

        check = self.draw_check
        check.typed = dict(self.draw_hands)
        return SubForm(f"Tenpai check · {self.before.round_name}", check, done)


def tiles_title(k: TilesContext) -> str:
    how = say("tsumo") if k.tsumo else say("ron")
    riichi = " · " + say("riichi") if k.riichi else ""
    return say("Tiles: {winner} ({seat}) · {how} · {round} round{riichi} · {honba} honba").format(
        winner=k.winner,
        seat=wind_name(k.seat_wind),
        how=how,
        round=wind_name(k.round_wind),
        riichi=riichi,
        honba=k.honba,
    )


class TilesForm:
    """The tiles form: the winner's hand, dora, kita and the situations the tiles
    cannot show; its value is the :class:`TilesResult`."""

    def __init__(
        self,
        rules: Rules,
        known: TilesContext,
        typed: Mapping[str, str] | None = None,
        keep: Callable[[Mapping[str, str]], None] | None = None,
    ) -> None:
        self.rules, self.known, self.typed, self.keep = rules, known, dict(typed or {}), keep

    def layout(self) -> FormLayout:
        dora: tuple[Field, ...] = (
            Field("dora", "text", allowed=r"0-9mpsz ", width=12, placeholder="indicators"),
            Field(
                "ura", "text", label="Ura", allowed=r"0-9mpsz ", width=12, placeholder="with riichi"
            ),
        )
        if self.rules.players == 3:  # North tiles set aside, each a dora
            dora += (Field("kita", "number", label="Kita", width=1, max_length=1, placeholder="0"),)
        return FormLayout(
            (
                Row(
                    "tiles",
                    "Tiles",
                    (
                        Field(
                            "tiles",
                            "text",
                            max_length=80,
                            placeholder="123m456p789s11z [567s] (1111z), winning tile last",
                        ),
                    ),
                ),
                Row("dora", "Dora", dora),
                Row(
                    "extras",
                    "Also",
                    (
                        Field(
                            "extras",
                            "text",
                            width=6,
                            max_length=len(SITUATION_LETTERS),
                            allowed=SITUATION_LETTERS + SITUATION_LETTERS.upper(),
                            placeholder="letters",
                        ),
                    ),
                    note_below=True,
                ),
            ),
            confirm="Use this hand",
            preview=False,
            help="[ ] open meld, ( ) closed kan, 0 red five",
        )

    def start(self) -> dict[str, str]:
        return {field: self.typed.get(field, "") for field in TILES_FIELDS}

    def read(self, values: Mapping[str, str]) -> Reading[TilesResult]:
        if self.keep is not None:
            self.keep(values)  # what was typed comes back when the form opens again
        entry = read_tiles(self.rules, self.known, values)
        lines: list[Line] = []
        if entry.hand is not None:
            # words, not the Unicode tiles: terminals disagree on those glyphs' width
            lines.append(Line(hand_text(entry.hand)))
        if entry.result is not None:
            lines += score_text(entry.result.analysis)
        if entry.waits is not None:
            lines += waits_text(entry.waits, self.known.tsumo)
        notes = {"extras": ", ".join(entry.picked) or say(SITUATION_HELP)}
        return Reading(entry.errors, entry.result, entry.active, notes, tuple(lines))

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        raise HandError(say("the tiles form opens no other form"))


def score_text(a: Analysis) -> list[Line]:
    """The reading, each yaku with its han, the fu and the payment."""
    lines = [Line(reading(a.reading), "dim")]
    lines += [
        Line(f"  {ljust(name, 26)} {value:>2} {unit}") for name, value, unit in score_lines(a)
    ]
    # the limit's name (mangan...), except "yakuman", which the total says already
    words = (
        [a.payment.short()]
        if a.yakuman or not a.payment.base.name
        else [limit_name(a.payment.base.name), a.payment.short()]
    )
    if a.yakuman:
        total = "= " + say("{n} yakuman").format(n=a.yakuman)
    else:
        items = " + ".join(f"{fu} {fu_item(label)}" for label, fu in a.fu_items if fu)
        if items and a.fu_result is not None:
            rounded = rounding(a.fu_result.rounding)
            lines.append(Line(f"  {say('fu')}: {items}; {rounded}", "dim"))
        total = "= " + (
            say("{han} han").format(han=a.han)
            if a.fu is None
            else say("{han} han {fu} fu").format(han=a.han, fu=a.fu)
        )
    lines.append(Line(f"{total}  ·  {' '.join(words)}", "bold"))
    return lines


def waits_text(found: Waits, tsumo: bool) -> list[Line]:
    """A hand one tile short: tenpai or its shanten, then each wait won as the hand is."""
    if not found.tenpai:
        return [Line(say("Not tenpai: {n} shanten").format(n=found.shanten), "bold")]
    tiles = " ".join(tile_name(w.tile) for w in found.waits)
    left = sum(w.unseen for w in found.waits)
    lines = [Line(say("Tenpai: waits on {tiles} ({n} unseen)").format(tiles=tiles, n=left), "bold")]
    said = []
    for w in found.waits:
        way = w.tsumo if tsumo else w.ron
        a = way.analysis
        if a is None:
            text = say(way.short_problem) if way.short_problem else ""
        elif a.yakuman:
            text = say("{n} yakuman").format(n=a.yakuman) + f" · {a.payment.short()}"
        else:
            score = (
                say("{han} han").format(han=a.han)
                if a.fu is None
                else say("{han} han {fu} fu").format(han=a.han, fu=a.fu)
            )
            limit = f"{limit_name(a.payment.base.name)} " if a.payment.base.name else ""
            text = f"{score} · {limit}{a.payment.short()}"
        said.append((tile_name(w.tile), text))
    lines += [Line(text) for text in waits_lines(said)]
    return lines


SHORT = (
    ("meld ", "m"),
    ("terminals/honors", "T/H"),
    ("simples", "2-8"),
    (", completed by ron (counts as open)", " (ron: open)"),
    ("the wind that is seat and round wind", "seat+round wind"),
    (" (single, on the pair)", " (single)"),
)


def _cut(text: str, width: int) -> str:
    """``text`` cut and padded to ``width`` cells (a CJK character takes two)."""
    shown = ""
    for c in text:
        if cells(shown + c) > width:
            break
        shown += c
    return ljust(shown, width)


def _short(item: str) -> str:
    """A breakdown item shortened to fit beside the fields."""
    for long, short in SHORT:
        item = item.replace(long, short)
    return item


class FuForm:
    """The fu calculator: the hand described by one-letter codes; its value is the fu."""

    def __init__(self, rules: Rules, *, tsumo: bool = False) -> None:
        self.rules, self.tsumo = rules, tsumo

    def layout(self) -> FormLayout:
        def code(key: str) -> Field:
            return Field(key, "code", allowed="".join(CODES[key.split("-")[0]]))

        rows = [
            Row(key, f"{label} {fu_choices(key)}", (code(key),)) for key, label in LABELS.items()
        ]
        rows += [
            Row(f"meld-{n}", f"Meld {n + 1}", tuple(code(f"{p}-{n}") for p in MELD_PARTS))
            for n in range(MELDS)
        ]
        rows.append(
            Row(
                "won",
                f"Won on meld 1-{MELDS}",
                (Field("won", "code", allowed="".join(str(n + 1) for n in range(MELDS))),),
            )
        )
        return FormLayout(
            tuple(rows),
            given=("win",),
            confirm="Use these fu",
            preview=False,
            beside=True,
            label_width=17,
            help="melds: s/t/k c/o s=2-8 h=T/H · won: a shanpon ron's meld",
        )

    def start(self) -> dict[str, str]:
        return fu_start(tsumo=self.tsumo)

    def read(self, values: Mapping[str, str]) -> Reading[int]:
        entry = read_fu(self.rules, values)
        # each code's words in the language spoken; a meld's words one by one
        notes = {key: _said(words) for key, words in entry.words.items()}
        notes["won"] = say("(shanpon ron)")
        lines = _fu_lines(entry.result) if entry.result else ()
        return Reading(
            entry.errors,
            entry.result.fu if entry.result else None,
            entry.active & frozenset(FU_FIELDS),
            notes,
            lines,
        )

    def open(self, action: str, values: Mapping[str, str], focused: str | None) -> SubForm[Any]:
        raise HandError(say("the fu calculator opens no other form"))


def _said(words: str) -> str:
    """A code's words in the language spoken; a meld's ("closed triplet T/H") one by one,
    its "closed" or "open" as a meld's (暗, 明), not a hand's (門前)."""
    parts = words.split(" ")
    if len(parts) < 2 or parts[1] not in ("sequence", "triplet", "kan"):
        return say(words)
    opened = term(PACKAGE, f"meld {parts[0]}", say(parts[0]))
    return " ".join([opened, *(say(p) for p in parts[1:])])


def _fu_lines(result: FuResult) -> tuple[Line, ...]:
    english = language.current() == ENGLISH
    lines = [
        Line(f"{_cut(_short(item) if english else fu_item(item), 27)} {fu:>3}")
        for item, fu in result.lines
    ]
    lines.append(Line(f"{ljust(say('total'), 27)} {result.total:>3}"))
    lines.append(Line("= " + say("{n} fu").format(n=result.fu), "bold"))
    lines.append(Line(rounding(result.rounding), "dim"))
    lines += [Line(f"note: {n}", "dim") for n in result.notes]
    return tuple(lines)


__all__ = ["FuForm", "RiichiForm", "TilesForm", "score_text", "tiles_title"]
