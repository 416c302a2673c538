"""A session: the players, the rules as played, and the hands in order.

The hands are the only record; every total, wind and count is a fold of the
ruleset over them, so undoing or editing a hand is just folding again. The
fold is remembered up to the first hand changed, so entering a hand at the
end of a long series folds one hand, not all of them; change ``hands`` only
through the methods below, or call :meth:`forget` after.

:meth:`add` and :meth:`replace` refuse (HandError) what the table would
refuse, through the system's ``check_in_play`` with the table as it was
before the hand: a hand after the end of the game, a riichi without the
points for the deposit, situations that contradict each other or the seats.
A hand that has passed the system's ``check`` already (one read from a file,
one after an edited hand) goes through ``check_at_table`` alone, so each
hand is checked once.
An edit must also leave every later hand possible when the rest is folded
again (an edit that ends the game earlier, or leaves a later riichi declarer
without the points, is refused naming that hand): hands are never dropped
silently, the players take back the later hands first if they mean it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from mjtui.core.errors import HandError
from mjtui.core.language import _
from mjtui.core.model.seats import SeatChange, names_at, seat_labels
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.systems.base import TableState


@dataclass
class Session:
    ruleset: Ruleset
    players: tuple[str, ...]
    started: datetime
    hands: list[object] = field(default_factory=list)
    table: str = ""  # the table it is played at, when a club plays several (docs/ledger.md)
    time_limit: int = 0  # minutes the game may last (the sheet's clock); 0: none
    # The seats the computer plays (mjtui play): such a game is no club result.
    computer: tuple[int, ...] = ()
    # Who sat where from a later hand on (core/model/seats.py); ``players`` are hand 1's names.
    seat_changes: tuple[SeatChange, ...] = ()
    _folded: list[TableState] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.players) != self.ruleset.players:
            raise HandError(
                _("{name} is for {players} players, got {n} names").format(
                    name=self.ruleset.name, players=self.ruleset.players, n=len(self.players)
                )
            )

    def names_at(self, index: int) -> tuple[str, ...]:
        """The names in seat order at hand ``index`` (0-based; ``len(hands)``: the next)."""
        return names_at(self.players, self.seat_changes, index)

    @property
    def current_players(self) -> tuple[str, ...]:
        """The names at the table now: those of the next hand."""
        return self.names_at(len(self.hands))

    @property
    def seat_labels(self) -> tuple[str, ...]:
        """Each seat as a whole session's list names it: its player, or with seat changes
        (core/model/seats.py) each person who sat there in turn, "Chen/Eve"."""
        if not self.seat_changes:
            return tuple(self.players)
        return seat_labels(self.names_at, 0, len(self.hands) + 1)

    def states(self) -> list[TableState]:
        """The table before the first hand, then after each hand."""
        return list(self._fold())

    def _fold(self) -> list[TableState]:
        """The remembered fold, brought up to the last hand (not a copy)."""
        system, rules = self.ruleset.system, self.ruleset.rules
        folded = self._folded
        if not folded:
            folded.append(system.start(rules))
        if len(folded) <= len(self.hands):
            folded += system.fold(rules, folded[-1], self.hands[len(folded) - 1 :])
        return folded

    def forget(self, from_hand: int | None = None) -> None:
        """Drop the remembered fold from hand ``from_hand`` (0-based) on, or all of it."""
        if from_hand is None:
            self._folded.clear()
        else:
            del self._folded[from_hand + 1 :]

    @property
    def state(self) -> TableState:
        return self._fold()[-1]

    def add(self, hand: object, *, checked: bool = False) -> None:
        """Append ``hand`` if the table, as it is now, allows it (HandError if not).

        ``checked``: the hand has passed the system's ``check`` already (as a hand
        read from a file has), so only what the table forbids is checked.
        """
        system, rules = self.ruleset.system, self.ruleset.rules
        if checked:
            system.check_at_table(rules, self.state, hand)
        else:
            system.check_in_play(rules, self.state, hand)
        self.hands.append(hand)

    def add_read(self, hands: list[object]) -> list[tuple[int, HandError]]:
        """Append ``hands`` (each read from a file, so past ``check``) in order, each
        one the table as it then is allows, as :meth:`add` would one by one; the
        refused come back with their place in ``hands`` and why.

        The table is folded on as the hands go in: a long series is loaded in
        one pass rather than asked for its state hand after hand, and by the system's
        :meth:`~mjtui.core.systems.base.ScoringSystem.fold` at once when its table
        refuses no hand that passed ``check``.
        """
        system, rules = self.ruleset.system, self.ruleset.rules
        folded = self._fold()
        if not system.checks_at_table():  # the table takes them all: folded in one go
            folded += system.fold(rules, folded[-1], hands)
            self.hands += hands
            return []
        refused: list[tuple[int, HandError]] = []
        # Looked up once: 10,000 hands are folded here on every resume of a long series.
        check, apply, played, state = system.check_at_table, system.apply, self.hands, folded[-1]
        for i, hand in enumerate(hands):
            try:
                check(rules, state, hand)
            except HandError as e:
                refused.append((i, e))
                continue
            played.append(hand)
            state = apply(rules, state, hand)
            folded.append(state)
        return refused

    def undo(self) -> object | None:
        """Remove and return the last hand (None when there is none)."""
        if not self.hands:
            return None
        self.forget(len(self.hands) - 1)
        return self.hands.pop()

    def states_with(self, index: int, hand: object) -> list[TableState]:
        """The table after hand ``index`` (0-based) and after each later hand, were
        ``hand`` in its place; nothing changed. HandError when the table before it refuses
        it or a later hand becomes impossible: asked before a person is asked to replace a
        hand, so that no question is answered for a change that cannot be made."""
        if not 0 <= index < len(self.hands):
            raise HandError(_("there is no hand {n}").format(n=index + 1))
        system, rules = self.ruleset.system, self.ruleset.rules
        before = self._fold()[index]
        system.check_in_play(rules, before, hand)
        folded = [system.apply(rules, before, hand)]
        for number, later in enumerate(self.hands[index + 1 :], index + 2):
            try:  # the later hands were checked alone as they were added
                system.check_at_table(rules, folded[-1], later)
            except HandError as e:
                raise HandError(
                    _(
                        "with this change hand {number} could not have been played ({e}); take "
                        "back the hands after hand {index} first to change it so"
                    ).format(number=number, e=e, index=index + 1)
                ) from None
            folded.append(system.apply(rules, folded[-1], later))
        return folded

    def replace(self, index: int, hand: object) -> None:
        """Put ``hand`` in place of hand ``index`` (0-based); HandError, and nothing
        changed, when the table before it refuses it or a later hand becomes impossible."""
        folded = self.states_with(index, hand)
        self.hands[index] = hand
        self.forget(index)
        self._folded.extend(folded)
