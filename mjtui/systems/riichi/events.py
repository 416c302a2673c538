"""The hand events of riichi: what happened at the table, as frozen dataclasses.

Seats are 0-based here (seat 0 is the first dealer); session files and
screens show them 1-based. Every event carries the seats that declared riichi
in that hand (each puts its deposit on the table, whatever the outcome).

* :class:`Win`: one or more winners. ``discarder`` None is a tsumo (one
  winner); otherwise a ron off that seat, with as many winners as the
  ruleset's ``multiple_ron`` allows. ``pao`` names the seat liable for a
  yakuman (sekinin barai): it pays the whole of a tsumo, half of a ron.
* :class:`ExhaustiveDraw`: the wall ran out; ``tenpai`` lists the seats that
  were tenpai (noten payments follow) and ``nagashi`` the seats that made
  nagashi mangan (each paid as a mangan tsumo, where the ruleset plays it).
* :class:`AbortiveDraw`: the hand stopped early (nine terminals, four winds...).
* :class:`Chombo`: a foul; the offender pays the ruleset's penalty and the
  hand is played again.

Each may carry a ``note``: free text that is kept and shown, never scored
(an imported game record keeps its yaku text there).

:func:`check` refuses what cannot happen, with a message for the players: in
the hand itself (a winner who discarded, a fu that does not exist, a riichi
yaku without the declaration...); what the table before the hand forbids is
:func:`mjtui.systems.riichi.table.check_in_play`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.systems.riichi.han_fu import score_problem
from mjtui.systems.riichi.rules import PLAYERS, Rules
from mjtui.systems.riichi.terms import limit_name, say, yaku_name

# Yaku a winner's list (kept from the tiles) can only hold in some hands.
RIICHI_YAKU = ("riichi", "double riichi", "ippatsu")  # and "ura dora N"
TSUMO_YAKU = ("menzen tsumo", "haitei raoyue", "rinshan kaihou", "tenhou", "chiihou")
RON_YAKU = ("houtei raoyui", "chankan")


@dataclass(frozen=True)
class Winner:
    """One winner's hand: han and fu, or a number of yakuman.

    ``fu`` may be None for 5 han and more (the limits ignore it); for a
    yakuman hand ``han`` is 0 and ``fu`` None.
    """

    seat: int
    han: int = 0
    fu: int | None = None
    yakuman: int = 0
    # Kept from the tiles form when han and fu came from the tiles; the score
    # above is what counts, these say where it came from (and open the tiles
    # form again as it was).
    tiles: str = ""
    yaku: tuple[str, ...] = ()
    dora: str = ""  # the dora indicators as typed ("3m 1z")
    ura: str = ""  # the ura dora indicators


@dataclass(frozen=True)
class Win:
    winners: tuple[Winner, ...]
    discarder: int | None = None  # None: a tsumo
    riichi: tuple[int, ...] = ()
    pao: int | None = None  # the seat liable for the yakuman (sekinin barai), if any
    note: str = ""  # free text kept with the hand (e.g. the yaku of an imported game record)

    @property
    def tsumo(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True)
class ExhaustiveDraw:
    tenpai: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()  # the seats that made nagashi mangan
    note: str = ""


@dataclass(frozen=True)
class AbortiveDraw:
    riichi: tuple[int, ...] = ()
    note: str = ""  # e.g. which abortive draw: "nine terminals", "four riichi"


@dataclass(frozen=True)
class Chombo:
    offender: int
    riichi: tuple[int, ...] = ()
    note: str = ""


Hand = Win | ExhaustiveDraw | AbortiveDraw | Chombo


def winners(hand: Hand) -> tuple[int, ...]:
    """The winning seats of a hand (none for draws and chombo)."""
    return tuple(w.seat for w in hand.winners) if isinstance(hand, Win) else ()


def describe(hand: Hand, players: tuple[str, ...] | list[str]) -> str:
    """A hand in a few words for a history line, e.g. "Chen ron off Ann, 3 han 40 fu"."""

    def names(seats: tuple[int, ...]) -> str:
        return ", ".join(players[s] for s in sorted(seats))

    def score(w: Winner) -> str:
        yaku = f" ({', '.join(yaku_name(n) for n in w.yaku)})" if w.yaku else ""
        if w.yakuman:
            text = say("yakuman") if w.yakuman == 1 else limit_name(f"{w.yakuman}x yakuman")
            return text + yaku
        if w.fu is not None:
            return say("{han} han {fu} fu").format(han=w.han, fu=w.fu) + yaku
        return say("{han} han").format(han=w.han) + yaku

    if isinstance(hand, Win):
        if hand.discarder is None:  # a tsumo
            w = hand.winners[0]
            text = say("{winner} tsumo, {score}").format(winner=players[w.seat], score=score(w))
        elif len(hand.winners) == 1:
            w = hand.winners[0]
            text = say("{winner} ron off {discarder}, {score}").format(
                winner=players[w.seat], discarder=players[hand.discarder], score=score(w)
            )
        else:
            wins = "; ".join(f"{players[w.seat]} {score(w)}" for w in hand.winners)
            text = say("ron off {discarder}: {wins}").format(
                discarder=players[hand.discarder], wins=wins
            )
        if hand.pao is not None:
            text += say("; pao: {player}").format(player=players[hand.pao])
    elif isinstance(hand, ExhaustiveDraw):
        if hand.tenpai:
            text = say("draw ({players} tenpai)").format(players=names(hand.tenpai))
        else:
            text = say("draw (all noten)")
        if hand.nagashi:
            text += say("; nagashi mangan: {players}").format(players=names(hand.nagashi))
    elif isinstance(hand, AbortiveDraw):
        if hand.note:
            text = say("abortive draw: {note}").format(note=say(hand.note))
        else:
            text = say("abortive draw")
    else:
        text = say("chombo by {player}").format(player=players[hand.offender])
    if hand.riichi:
        text += say("; riichi: {players}").format(players=names(hand.riichi))
    if hand.note and not isinstance(hand, AbortiveDraw):
        # Kept with the hand to be read (an imported game's yaku): never scored.
        text += say("; note: {note}").format(note=hand.note)
    return text


def turn_order(
    discarder: int, seats: tuple[int, ...] | list[int], players: int = PLAYERS
) -> list[int]:
    """``seats`` in the order of play after ``discarder`` (the head-bump order)."""
    return sorted(seats, key=lambda s: (s - discarder) % players)


def _is_seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _seat(value: object, what: str, players: int = PLAYERS) -> None:
    if not _is_seat(value, players):
        shown = value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
        raise HandError(
            say("{what} must be a seat from 1 to {players}, got {value}").format(
                what=say(what), players=players, value=repr(shown)
            )
        )


def _seats(values: tuple[int, ...], what: str, players: int = PLAYERS) -> None:
    if not isinstance(values, tuple):
        raise HandError(say("{what} must be a list of seats").format(what=say(what)))
    for v in values:
        _seat(v, what, players)
    if len(set(values)) != len(values):
        raise HandError(say("{what} names a seat twice").format(what=say(what)))


def check(rules: Rules, hand: Hand) -> None:
    """Refuse a hand that cannot happen under ``rules``; the message says why."""
    if isinstance(hand, Win):
        _check_win(rules, hand)
        _check_pao(rules, hand)
        _check_four_riichi(rules, hand)
    elif isinstance(hand, ExhaustiveDraw):
        _seats(hand.tenpai, "tenpai", rules.players)
        _seats(hand.riichi, "riichi", rules.players)
        _check_nagashi(rules, hand)
        noten = [s + 1 for s in hand.riichi if s not in hand.tenpai]
        if noten:
            raise HandError(
                say(
                    "seat {seat} declared riichi, so is tenpai at the draw (a riichi found "
                    "noten at the draw is a chombo: enter it as one)"
                ).format(seat=noten[0])
            )
        _check_four_riichi(rules, hand)
    elif isinstance(hand, AbortiveDraw):
        _seats(hand.riichi, "riichi", rules.players)
        if not rules.draws.abortive:
            raise HandError(say("this ruleset plays no abortive draws: the hand goes on"))
    elif isinstance(hand, Chombo):
        _seat(hand.offender, "the offender", rules.players)
        _seats(hand.riichi, "riichi", rules.players)
    else:
        raise HandError(say("not a riichi hand: {hand}").format(hand=repr(hand)))


def _check_win(rules: Rules, hand: Win) -> None:
    _seats(hand.riichi, "riichi", rules.players)
    if not isinstance(hand.winners, tuple) or not hand.winners:
        raise HandError(say("a win needs a winner"))
    seats = tuple(w.seat for w in hand.winners)
    _seats(seats, "the winners", rules.players)
    if hand.discarder is None:
        if len(seats) > 1:
            raise HandError(
                say("a tsumo has one winner; several winners means a ron off a discard")
            )
    else:
        _seat(hand.discarder, "the discarder", rules.players)
        if hand.discarder in seats:
            raise HandError(
                say(
                    "seat {seat} cannot win on a tile they discarded "
                    "themselves: pick the discarder or make it a tsumo"
                ).format(seat=hand.discarder + 1)
            )
        _check_multiple_ron(rules, hand.discarder, seats)
    for w in hand.winners:
        problem = score_problem(rules, w.han, w.fu, tsumo=hand.tsumo, yakuman=w.yakuman)
        if problem:
            if len(seats) > 1:
                problem = say("seat {seat}: {problem}").format(seat=w.seat + 1, problem=problem)
            raise HandError(problem)
        _check_yaku_list(hand, w)


def _check_nagashi(rules: Rules, hand: ExhaustiveDraw) -> None:
    _seats(hand.nagashi, "nagashi", rules.players)
    if hand.nagashi and not rules.draws.nagashi_mangan:
        raise HandError(say("this ruleset plays no nagashi mangan: leave 'nagashi' out"))


def _check_pao(rules: Rules, hand: Win) -> None:
    """A liable seat needs a yakuman that carries pao under ``rules``, one winner, and is
    not the winner."""
    if hand.pao is None:
        return
    _seat(hand.pao, "pao", rules.players)
    carried = rules.payments.pao
    if not carried:
        raise HandError(say("this ruleset plays no pao (sekinin barai): leave 'pao' out"))
    if len(hand.winners) > 1:
        raise HandError(
            say("pao names the seat liable for one winner's yakuman: enter a double ron without it")
        )
    w = hand.winners[0]
    if hand.pao == w.seat:
        raise HandError(
            say("seat {seat} won: the liable seat (pao) is another player").format(seat=w.seat + 1)
        )
    if not w.yakuman:
        raise HandError(
            say("pao is for a yakuman ({yakuman}): seat {seat} won no yakuman").format(
                yakuman=", ".join(yaku_name(c) for c in carried), seat=w.seat + 1
            )
        )
    if w.yaku and not any(name in carried for name in w.yaku):
        raise HandError(
            say(
                "pao is for {yakuman} under this ruleset; the yaku of seat {seat} have none of them"
            ).format(yakuman=say(" or ").join(yaku_name(c) for c in carried), seat=w.seat + 1)
        )


def _check_four_riichi(rules: Rules, hand: Win | ExhaustiveDraw) -> None:
    if rules.draws.abortive and rules.players == PLAYERS and len(hand.riichi) == PLAYERS:
        raise HandError(
            say(
                "all four players declared riichi: with this ruleset the hand stops there as an "
                "abortive draw (enter it as one); a ron on the fourth riichi discard leaves that "
                "riichi undeclared"
            )
        )


def _is_riichi_yaku(name: str) -> bool:
    return name in RIICHI_YAKU or name.startswith("ura dora")


def _check_yaku_list(hand: Win, w: Winner) -> None:
    """The yaku kept from the tiles must fit the hand: its riichi and how it was won."""
    if not w.yaku:
        return
    seat = w.seat + 1
    wrong_way = [n for n in w.yaku if n in (RON_YAKU if hand.tsumo else TSUMO_YAKU)]
    if wrong_way:
        way, other = ("tsumo", "ron") if hand.tsumo else ("ron", "tsumo")
        raise HandError(
            say(
                "seat {seat} won by {way}, but the yaku from the tiles have "
                "{yaku}, a {other} yaku: score the tiles again"
            ).format(seat=seat, way=say(way), yaku=yaku_name(wrong_way[0]), other=say(other))
        )
    riichi = [n for n in w.yaku if _is_riichi_yaku(n)]
    if riichi and w.seat not in hand.riichi:
        raise HandError(
            say(
                "the yaku of seat {seat} have {yaku}, but seat {seat} is not "
                "among the riichi declarations of this hand: add it to riichi"
            ).format(seat=seat, yaku=yaku_name(riichi[0]))
        )
    if not riichi and not w.yakuman and w.seat in hand.riichi:
        raise HandError(
            say(
                "seat {seat} declared riichi, but the yaku from the tiles have no "
                "riichi: score the tiles again with riichi"
            ).format(seat=seat)
        )


def _check_multiple_ron(rules: Rules, discarder: int, seats: tuple[int, ...]) -> None:
    if len(seats) == 1:
        return
    mode = rules.payments.multiple_ron
    if mode == "head-bump":
        first = turn_order(discarder, seats, rules.players)[0]
        raise HandError(
            say(
                "this ruleset plays head bump: only seat {seat}, first in turn after the "
                "discarder, wins; enter that win alone"
            ).format(seat=first + 1)
        )
    if len(seats) == 3 and mode == "double":
        raise HandError(
            say(
                "three players won on one discard: with this ruleset that is an "
                "abortive draw (enter it as one)"
            )
        )
