"""A tournament's plain data: its players, rounds, penalties and substitutes.

Every change makes a new :class:`Tournament` (the data is frozen); the
director's command line saves it (core/tournament/tournament_file.py).
Players' names follow core/model/players.py: kept clean, and two names are the same
player when equal ignoring case. A round's tables hold the names of the
registered players in seat order, East first; who really sat in a seat is
the table's session file's business (a substitute, a seat change).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal

from mjtui.core.errors import MjtuiError
from mjtui.core.language import N_, _
from mjtui.core.model.players import clean_name, player_key
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.systems.capabilities import Ranking

# What a penalty takes off, and the names of the sums it comes off that the systems'
# rankings give (core/systems/base.py's Ranking; MCR's table points and score).
OFF = N_("{amount} off the {what}")
SUM_NAMES = (N_("Total"), N_("Points"), N_("Table points"), N_("Score"))

FORMAT = "mjtui-tournament/1"
FILE_NAME = "tournament.toml"
MAX_NAME = 80
MAX_PLAYERS = 1000
MAX_ROUNDS = 50
MAX_MINUTES = 24 * 60
METHODS = ("random", "swiss", "interval", "csv")
APART = ("team", "country")
TIEBREAKS = ("places", "best", "raw")
"""Orders for equal totals, tried in turn: ``places`` more first places, then more
seconds...; ``best`` the better best game; ``raw`` more points before uma (riichi),
the net otherwise. Players still equal share the place."""

Method = Literal["random", "swiss", "interval", "csv"]


class TournamentError(MjtuiError):
    """A tournament file, a players' list or a change that cannot be made, said so."""


@dataclass(frozen=True)
class Player:
    name: str
    team: str = ""
    country: str = ""
    ema: str = ""  # the EMA number, digits
    substitute: bool = False  # a seat added to fill the tables; never ranked

    @property
    def key(self) -> str:
        return player_key(self.name)


@dataclass(frozen=True)
class Round:
    """A round's seating: each table's registered players, East first."""

    number: int
    method: str
    tables: tuple[tuple[str, ...], ...]
    seed: int | None = None
    started: datetime | None = None  # when the director started the round's clock
    extra: tuple[int, ...] = ()  # extra minutes for each table (empty: none)

    def extra_for(self, table: int) -> int:
        """The extra minutes of table ``table`` (1-based)."""
        return self.extra[table - 1] if table - 1 < len(self.extra) else 0


@dataclass(frozen=True)
class Penalty:
    id: int
    player: str
    amount: int  # table points taken off (riichi: 2000 is 2.0)
    reason: str
    round: int
    given: datetime | None = None
    cancelled: bool = False


@dataclass(frozen=True)
class Substitute:
    """Someone who plays a registered player's seat in a round (the player being away)."""

    player: str
    by: str
    round: int


@dataclass(frozen=True)
class Tournament:
    name: str
    ruleset: Ruleset
    rounds: int
    players: tuple[Player, ...]
    created: datetime
    minutes: int = 0  # a round's length; 0: no clock
    seed: int = 0
    keep_apart: tuple[str, ...] = ()
    tiebreak: tuple[str, ...] = ()
    cut: int = 0  # the players going on (marked in the standings); 0: none
    seatings: tuple[Round, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    substitutes: tuple[Substitute, ...] = ()
    _by_key: dict[str, Player] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_key.update((p.key, p) for p in self.players)

    @property
    def seats(self) -> int:
        """Players at a table: the ruleset's."""
        return self.ruleset.players

    @property
    def tables(self) -> int:
        return len(self.players) // self.seats

    @property
    def ranking(self) -> Ranking:
        """How the ruleset's system ranks the players (core/systems/base.py)."""
        return self.ruleset.system.ranking(self.ruleset.rules)

    @property
    def unit(self) -> int:
        """The system's points in one unit of the standings' total (riichi: 1000)."""
        return self.ranking.unit

    def penalty_off(self, amount: int, say: Callable[[str], str] = _) -> str:
        """What a penalty of ``amount`` takes off, in words: "2 off the total", said in
        the language spoken (``say``, the interface's ``_``; ``str`` says it in English)."""
        r = self.ranking
        off, name = (amount, r.raw) if r.penalties == "raw" else (amount / r.unit, r.total)
        return say(OFF).format(amount=f"{off:g}", what=say(name).lower())

    def player(self, name: str) -> Player | None:
        return self._by_key.get(player_key(name))

    def need_player(self, name: str) -> Player:
        found = self.player(name)
        if found is None:
            raise TournamentError(
                _("no player named {player} in {name}").format(
                    player=repr(clean_name(name)), name=self.name
                )
            )
        return found

    def round(self, number: int) -> Round | None:
        for r in self.seatings:
            if r.number == number:
                return r
        return None

    def need_round(self, number: int) -> Round:
        found = self.round(number)
        if found is None:
            seated = [r.number for r in self.seatings]
            have = (
                _("rounds {first}-{last} are seated").format(first=seated[0], last=seated[-1])
                if len(seated) > 1
                else _("round {n} is seated").format(n=seated[0])
                if seated
                else _("no round is seated")
            )
            raise TournamentError(
                _(
                    "round {n} of {name} is not seated yet ({seated}); seat it with "
                    "`mjtui tournament seat`"
                ).format(n=number, name=self.name, seated=have)
            )
        return found

    def _rounds(self, number: int) -> str:
        return _("round {n}: {name} has rounds 1 to {rounds}").format(
            n=number, name=self.name, rounds=self.rounds
        )

    @property
    def last_round(self) -> int:
        return max((r.number for r in self.seatings), default=0)

    def substitute_in(self, player: str, number: int) -> str | None:
        """Who plays ``player``'s seat in round ``number`` for the director, or None."""
        key = player_key(player)
        for s in self.substitutes:
            if s.round == number and player_key(s.player) == key:
                return s.by
        return None

    def with_round(self, seated: Round) -> Tournament:
        others = tuple(r for r in self.seatings if r.number != seated.number)
        return replace(self, seatings=tuple(sorted((*others, seated), key=lambda r: r.number)))

    def with_penalty(
        self, player: str, amount: int, reason: str, number: int, given: datetime | None = None
    ) -> tuple[Tournament, Penalty]:
        who = self.need_player(player)
        if not 1 <= number <= self.rounds:
            raise TournamentError(self._rounds(number))
        if not 0 < amount <= 10**9:
            raise TournamentError(
                _("a penalty is a number of points above 0, got {amount}").format(amount=amount)
            )
        reason = _text(reason, _("the reason"), 200)
        if not reason:
            raise TournamentError(_("a penalty needs its reason (--reason)"))
        penalty = Penalty(
            max((p.id for p in self.penalties), default=0) + 1,
            who.name,
            amount,
            reason,
            number,
            given,
        )
        return replace(self, penalties=(*self.penalties, penalty)), penalty

    def cancel_penalty(self, number: int) -> tuple[Tournament, Penalty]:
        for i, p in enumerate(self.penalties):
            if p.id == number:
                if p.cancelled:
                    raise TournamentError(_("penalty {n} is cancelled already").format(n=number))
                done = replace(p, cancelled=True)
                return replace(
                    self, penalties=(*self.penalties[:i], done, *self.penalties[i + 1 :])
                ), done
        raise TournamentError(
            _("no penalty {n} in {name} (mjtui tournament penalty NAME --list shows them)").format(
                n=number, name=self.name
            )
        )

    def with_substitute(self, player: str, by: str, number: int) -> Tournament:
        who = self.need_player(player)
        by = _text(by, _("the substitute's name"), MAX_NAME)
        if not by:
            raise TournamentError(_("the substitute needs a name"))
        if not 1 <= number <= self.rounds:
            raise TournamentError(self._rounds(number))
        kept = tuple(
            s
            for s in self.substitutes
            if not (s.round == number and player_key(s.player) == who.key)
        )
        problem = substitute_problem(self, kept, who, by, number)
        if problem is not None:
            raise TournamentError(problem)
        if self.player(by) is not None:  # the player is back: the substitute is withdrawn
            return replace(self, substitutes=kept)
        return replace(self, substitutes=(*kept, Substitute(who.name, by, number)))


def substitute_problem(
    t: Tournament, others: tuple[Substitute, ...], who: Player, by: str, number: int
) -> str | None:
    """Why ``by`` cannot play ``who``'s seat in round ``number`` beside the substitutes
    ``others`` (none of them for that seat), or None. One person plays one seat a round:
    a registered player his own, a substitute the one he took (names compared without
    case). Both the director's change and tournament.toml's reader ask, so no file holds
    a person in two seats: a table's game would meet the second seat only when the table
    sits down to play (games.py refuses it then), and a person at two tables never."""
    other = t.player(by)
    if other is not None and other.key != who.key:
        return _("{other} plays in {name} already and cannot take {player}'s seat too").format(
            other=other.name, name=t.name, player=who.name
        )
    key = player_key(by)
    for s in others:
        if s.round == number and player_key(s.by) == key:
            return _(
                "{by} plays {other}'s seat in round {n} already and cannot take {player}'s seat too"
            ).format(by=s.by, other=s.player, n=number, player=who.name)
    return None


def table_seat_problem(t: Tournament, number: int, table: int, names: Iterable[str]) -> str | None:
    """Why ``names`` (who a change of the seats at table ``table`` puts in its seats, in
    round ``number``) cannot sit there, or None: one of them plays at another table of the
    round (a registered player seated there, or a substitute the director put there). A
    person plays one seat a round (:func:`substitute_problem`), at the table as at the
    director's desk: else one person's two games both count."""
    seated = t.need_round(number)
    elsewhere: dict[str, int] = {}
    for k, players in enumerate(seated.tables, 1):
        if k != table:
            for name in players:  # who sits there: a player the director replaced does not
                elsewhere[player_key(t.substitute_in(name, number) or name)] = k
    here = {player_key(t.substitute_in(n, number) or n) for n in seated.tables[table - 1]}
    for name in names:
        key = player_key(name)
        if key not in here and key in elsewhere:
            return _("{name} plays at table {other} in round {n} and cannot sit here too").format(
                name=name, other=elsewhere[key], n=number
            )
    return None


def game_file(number: int, table: int) -> str:
    """The session file of a round's table: ``round-03_table-12.toml``."""
    return f"round-{number:02d}_table-{table:02d}.toml"


_GAME_FILE = re.compile(r"round-(\d{2,3})_table-(\d{2,4})\.toml")


def game_of_file(name: str) -> tuple[int, int] | None:
    """The (round, table) a session file's name is for, or None."""
    m = _GAME_FILE.fullmatch(name)
    return (int(m.group(1)), int(m.group(2))) if m else None


def table_name(table: int) -> str:
    return f"Table {table}"


def _text(value: str, what: str, limit: int) -> str:
    """A name or a reason as it is kept: cleaned (core/text.py: no control, bidirectional
    or invisible character; spaces made one), at most ``limit`` characters."""
    text = clean_name(value)
    if len(text) > limit:
        raise TournamentError(
            _("{what} is longer than {limit} characters: {text}...").format(
                what=what, limit=limit, text=repr(text[:40])
            )
        )
    return text


def checked_text(value: str, what: str, limit: int = MAX_NAME) -> str:
    """:func:`_text` for the readers of this package."""
    return _text(value, what, limit)


def substitutes_for(count: int, seats: int, taken: set[str]) -> list[Player]:
    """The substitutes that make ``count`` players fill tables of ``seats``."""
    missing = -count % seats
    out: list[Player] = []
    n = 1
    while len(out) < missing:
        name = f"Substitute {n}"
        if player_key(name) not in taken:
            out.append(Player(name, substitute=True))
        n += 1
    return out
