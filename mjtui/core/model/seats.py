"""Who sat where: the seating of a session, corrected after the fact, and substitutes.

The fold scores seats; the names only say who sat in each. A session's
``players`` are the names of its first hand; each :class:`SeatChange` gives
the names in seat order from one hand on (a swap from hand N, a substitute
taking over a seat from hand N), so the names of any hand are those of the
last change at or before it. A correction of the whole session rewrites
``players`` (and every later change) instead. Nothing here touches the
hands: the totals of each seat stay as they are, and statistics credit each
hand of a seat to the person in it at that hand.

In the session file the changes are a ``[[seat_changes]]`` table each, after
``[rules]`` (docs/session-format.md)::

    [[seat_changes]]
    from = 9
    players = ["Ann", "Bob", "Eve", "Dora"]   # Eve takes over seat 3 from hand 9
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.language import N_, _
from mjtui.core.model.players import clean_name, first_repeat, player_key, same_player

MAX_CHANGES = 1000


@dataclass(frozen=True)
class SeatChange:
    start: int  # the first hand (1-based) played with these names
    players: tuple[str, ...]


def names_at(players: Sequence[str], changes: Sequence[SeatChange], index: int) -> tuple[str, ...]:
    """The names in seat order at hand ``index`` (0-based; ``len(hands)`` for the next)."""
    names = tuple(players)
    for change in changes:
        if change.start - 1 <= index:
            names = change.players
    return names


def seat_labels(
    names_at: Callable[[int], tuple[str, ...]], first: int, last: int
) -> tuple[str, ...]:
    """Each seat named by everyone who sat there in hands ``first`` to ``last`` (0-based,
    ``last`` excluded), in turn: "Chen/Eve" across a substitute."""
    sat: list[list[str]] = []
    for index in range(first, last):
        names = names_at(index)
        sat = sat or [[] for _name in names]
        for seat, name in enumerate(names):
            if name not in sat[seat]:
                sat[seat].append(name)
    return tuple("/".join(names) for names in sat)


def to_tables(changes: Sequence[SeatChange]) -> list[dict[str, Any]]:
    """The ``[[seat_changes]]`` tables of a session file."""
    return [{"from": c.start, "players": list(c.players)} for c in changes]


def from_tables(value: object, players: int) -> tuple[SeatChange, ...]:
    """Read ``seat_changes``; ValueError with a message naming what is wrong."""
    if not isinstance(value, list) or len(value) > MAX_CHANGES:
        raise ValueError(
            _(
                "expected an array of at most {max_changes} tables ([[seat_changes]]), each with "
                "'from' and 'players'"
            ).format(max_changes=MAX_CHANGES)
        )
    out: list[SeatChange] = []
    for i, table in enumerate(value, 1):
        if not isinstance(table, dict) or set(table) != {"from", "players"}:
            raise ValueError(
                _(
                    "entry {i}: expected exactly 'from' (a hand number) and 'players' (the names "
                    "in seat order)"
                ).format(i=i)
            )
        start, names = table["from"], table["players"]
        if not isinstance(start, int) or isinstance(start, bool) or start < 2:
            raise ValueError(
                _(
                    "entry {i}: 'from' must be a hand number from 2 on (the names of hand 1 are "
                    "'players'), got {start}"
                ).format(i=i, start=repr(start))
            )
        if out and start <= out[-1].start:
            raise ValueError(
                _(
                    "entry {i}: 'from' must grow from entry to entry, got {start} after {start2}"
                ).format(i=i, start=start, start2=out[-1].start)
            )
        if (
            not isinstance(names, list)
            or len(names) != players
            or not all(isinstance(n, str) and n.strip() for n in names)
        ):
            raise ValueError(
                _("entry {i}: 'players' must be {players} names in seat order, got {names}").format(
                    i=i, players=players, names=repr(names)
                )
            )
        clean = tuple(clean_name(n) for n in names)
        if not all(clean):
            seat = clean.index("") + 1
            raise ValueError(
                _(
                    "entry {i}: the name of seat {seat}, {names}, has only control or invisible "
                    "characters: give it a name"
                ).format(i=i, seat=seat, names=repr(names[seat - 1]))
            )
        _check_differ(clean, f"entry {i}")
        out.append(SeatChange(start, clean))
    return tuple(out)


def _check_differ(names: tuple[str, ...], where: str) -> None:
    repeat = first_repeat(names)
    if repeat is not None:
        a, b = repeat
        raise ValueError(
            _("{where}: seats {a} and {b} are the same player ({names})").format(
                where=where, a=a + 1, b=b + 1, names=repr(names[a])
            )
        )


# --------------------------------------------------------------------------
# Changing the seating
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Seating:
    """The names of the first hand and the changes after it."""

    players: tuple[str, ...]
    changes: tuple[SeatChange, ...] = ()

    def at(self, index: int) -> tuple[str, ...]:
        return names_at(self.players, self.changes, index)

    def swap(self, a: int, b: int, start: int | None, hands: int) -> Seating:
        """Seats ``a`` and ``b`` (0-based) exchange their players: for the whole session
        (``start`` None: a correction), or from hand ``start`` on."""
        self._seat(a)
        self._seat(b)
        if a == b:
            raise HandError(_("seat {a} twice: name two seats to swap").format(a=a + 1))

        def swapped(names: tuple[str, ...]) -> tuple[str, ...]:
            out = list(names)
            out[a], out[b] = out[b], out[a]
            return tuple(out)

        return self._from(start, hands, swapped, lambda names: True)

    def substitute(self, seat: int, name: str, start: int, hands: int) -> Seating:
        """``name`` takes over seat ``seat`` (0-based) from hand ``start`` on, as long as
        the player it replaces would have sat there."""
        self._seat(seat)
        _in_session(start, hands)
        name = clean_name(name)
        if not name:
            raise HandError(_("the substitute needs a name"))
        replaced = self.at(start - 1)[seat]
        if same_player(replaced, name):
            raise HandError(
                _("{replaced} sits in seat {seat} already at hand {start}").format(
                    replaced=replaced, seat=seat + 1, start=start
                )
            )

        def put(names: tuple[str, ...]) -> tuple[str, ...]:
            out = list(names)
            out[seat] = name
            return tuple(out)

        return self._from(start, hands, put, lambda names: same_player(names[seat], replaced))

    def _seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.players):
            raise HandError(
                _("seats are 1 to {n}, got {seat}").format(n=len(self.players), seat=seat + 1)
            )

    def _from(
        self,
        start: int | None,
        hands: int,
        change: Callable[[tuple[str, ...]], tuple[str, ...]],
        applies: Callable[[tuple[str, ...]], bool],
    ) -> Seating:
        if start is None or start == 1:
            players = change(self.players)
            changes = [
                SeatChange(c.start, change(c.players) if applies(c.players) else c.players)
                for c in self.changes
            ]
        else:
            _in_session(start, hands)
            players = self.players
            changes = [c for c in self.changes if c.start < start]
            changes.append(SeatChange(start, change(self.at(start - 1))))
            changes += [
                SeatChange(c.start, change(c.players) if applies(c.players) else c.players)
                for c in self.changes
                if c.start > start
            ]
        return Seating(players, _tidy(players, changes))


def _in_session(start: int, hands: int) -> None:
    if not 1 <= start <= hands + 1:
        raise HandError(
            _(
                "hand {start} is not in this session: hands are 1 to {hands}, or {hands2} for "
                "the next"
            ).format(start=start, hands=hands, hands2=hands + 1)
        )


def _tidy(players: tuple[str, ...], changes: list[SeatChange]) -> tuple[SeatChange, ...]:
    """The changes without those that change nothing; HandError when one makes a player
    sit in two seats."""
    try:
        _check_differ(players, "hand 1")
        kept: list[SeatChange] = []
        before = players
        for c in changes:
            _check_differ(c.players, f"from hand {c.start}")
            if [player_key(n) for n in c.players] != [player_key(n) for n in before]:
                kept.append(c)
            before = c.players
    except ValueError as e:
        raise HandError(_("{e}: a player cannot sit in two seats").format(e=e)) from None
    if len(kept) > MAX_CHANGES:  # the most a session file's reader takes (from_tables)
        raise HandError(
            _(
                "a session holds at most {max_changes} seat changes: start a new series for this "
                "one"
            ).format(max_changes=MAX_CHANGES)
        )
    return tuple(kept)


# --------------------------------------------------------------------------
# The seats form's fields (the app's form reads them here)
# --------------------------------------------------------------------------

SWAP, SUBSTITUTE = "w", "s"
# What the form says of each kind as it is typed (said there with _()).
KINDS = {SWAP: N_("swap two seats"), SUBSTITUTE: N_("a substitute takes over a seat")}


def read_change(seating: Seating, hands: int, fields: dict[str, str]) -> Seating:
    """The seating after the change the form's fields describe (HandError saying what is
    missing or wrong): ``kind`` (w or s), ``seat``, ``other`` (the seat it swaps with),
    ``name`` (the substitute) and ``start`` (the first hand; empty: the next hand)."""
    kind = fields.get("kind", "").strip().lower()
    if kind not in KINDS:
        raise HandError(_("type w to swap two seats or s for a substitute"))
    seat = _number(fields.get("seat", ""), "the seat")
    start_text = fields.get("start", "").strip()
    start = hands + 1 if not start_text else _number(start_text, "the first hand")
    if kind == SWAP:
        return seating.swap(
            seat - 1, _number(fields.get("other", ""), "the other seat") - 1, start, hands
        )
    return seating.substitute(seat - 1, fields.get("name", ""), start, hands)


def _number(text: str, what: str) -> int:
    text = text.strip()
    if not text:
        raise HandError(_("{what} is missing").format(what=what))
    if not text.isdigit() or len(text) > 6:
        raise HandError(_("{what}: a number, got {text}").format(what=what, text=repr(text)))
    return int(text)
