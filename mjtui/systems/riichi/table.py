"""The table state and the fold: what one hand does to the totals, sticks and seats.

The state after a hand says where the *next* hand is played: its round wind
and number ("E1"...), its dealer, the honba counters and the riichi deposits
on the table. The rules of the flow:

* riichi: each declarer puts the deposit on the table at once; the next
  winner (the one first in turn after the discarder, in a multiple ron)
  takes everything on the table; after a draw the deposits stay there;
* honba: +1 after a dealer win and after any draw (exhaustive or abortive),
  back to 0 after a win by another player; a chombo changes nothing;
* the dealer repeats (renchan) after winning (also as one of several ron
  winners), when tenpai at an exhaustive draw, and after an abortive draw or
  a chombo (the hand is played again); otherwise the next seat deals and the
  hand number moves on (East 4 -> South 1; East 3 -> South 1 with three
  players);
* the game ends after the last hand of its length (East 4 or South 4; with
  ``extra_rounds``, play goes on while nobody has the target points, and in
  those rounds ends once somebody has), when a total goes below zero where
  tobi is played, by agari-yame / tenpai-yame, or by a chombo in the last
  hand where ``chombo.ends_last_hand`` says so. Then the left-over deposits
  go to first place or leave the game.

Hands folded after the end are still scored (a re-scoring under other rules
may hold them), but the state stays finished with its first reason;
:func:`check_in_play` refuses them when a hand is entered or a file is read.
The honba are counted by the fold, never entered, so no hand can carry a
wrong number of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.winds import wind_name
from mjtui.systems.riichi.events import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Hand,
    Win,
    Winner,
    check,
    turn_order,
)
from mjtui.systems.riichi.points import Payment, payment
from mjtui.systems.riichi.rules import PLAYERS, Rules
from mjtui.systems.riichi.standings import first_place, share
from mjtui.systems.riichi.terms import say, yaku_name

ROUND_LETTERS = "ESWN"


@dataclass(frozen=True)
class State:
    """The table after some hands: what the score sheet shows.

    ``totals`` already lack the deposits of riichi declarers (they are in
    ``deposits`` until someone wins them). ``east``, ``round_wind``,
    ``hand_number`` and ``honba`` describe the next hand.
    """

    totals: tuple[int, ...]
    east: int  # 0-based seat of the dealer of the next hand
    hands: int  # hand events folded (chombo and draws included)
    last_change: tuple[int, ...] | None = None  # each seat's change in the last hand
    round_wind: int = 0  # of the next hand: 0 East, 1 South, 2 West, 3 North
    hand_number: int = 1  # of the next hand in its round, 1-4
    honba: int = 0  # counters on the table
    deposits: int = 0  # riichi deposits on the table, in points
    forfeited: int = 0  # deposits that left the game at the end ("lost")
    awarded: tuple[int, ...] = ()  # what each seat took of the deposits left at the end
    penalties: tuple[int, ...] = (0,) * PLAYERS  # chombo points off each final score
    end: str | None = None  # why the game ended: length, bust, target, agari-yame,
    # tenpai-yame, chombo (in the last hand, where chombo.ends_last_hand)
    end_seat: int | None = None  # the seat the reason is about (bust, target, yame)
    end_text: str = ""  # the reason in words, with 1-based seats
    # The hand the reason is about (round wind, hand number), and the target reached:
    # the reason is said from them in the language spoken (end_words).
    end_round: tuple[int, int] | None = None
    end_target: int = 0

    @property
    def dealer(self) -> int:
        return self.east

    @property
    def finished(self) -> bool:
        return self.end is not None

    @property
    def round(self) -> str:
        """The next hand as players write it: "E1", "S4", "W2"."""
        return f"{ROUND_LETTERS[self.round_wind]}{self.hand_number}"

    @property
    def round_name(self) -> str:
        """The next hand in words: "East 1", "South 4"."""
        return f"{WINDS[self.round_wind]} {self.hand_number}"

    @property
    def round_label(self) -> str:
        return self.round_name

    def wind(self, seat: int) -> str:
        """The seat wind of ``seat`` in the next hand."""
        return WINDS[(seat - self.east) % len(self.totals)]


def state_text(state: State, players: tuple[str, ...] | list[str]) -> str:
    """The table before the next hand in a line, with the players' names:
    "East 2 · dealer Bob · 1 honba · 2000 on the table", or "Game over: ..."."""
    if state.finished:
        return say("Game over: ") + end_words(state, players)
    return say("{round} · dealer {dealer} · {honba} honba · {sticks} on the table").format(
        round=round_words(state),
        dealer=players[state.east],
        honba=state.honba,
        sticks=state.deposits,
    )


def end_words(state: State, players: tuple[str, ...] | list[str]) -> str:
    """Why the game ended, with the players' names, in the language spoken: said from the
    reason's code, seat, hand and target ("South 4 was the last hand", "南4局が最終局")."""
    seat, hand = state.end_seat, state.end_round
    if state.end == "bust" and seat is not None:
        return say("{player} went below zero").format(player=players[seat])
    if state.end is not None and hand is not None:
        where = say("{wind} {n}").format(wind=wind_name(hand[0]), n=hand[1])
        who = players[seat] if seat is not None else ""
        sentence = {
            "length": say("{round} was the last hand"),
            "target": say("{player} has {target} or more in {round}"),
            "agari-yame": say("the dealer ({player}) won {round} in first place (agari-yame)"),
            "tenpai-yame": say(
                "the dealer ({player}) was tenpai in {round} in first place (tenpai-yame)"
            ),
            "chombo": say("{player}'s chombo in {round}, the last hand, ended the game"),
        }.get(state.end)
        if sentence is not None:
            return sentence.format(player=who, round=where, target=state.end_target)
    return re.sub(r"seat (\d)", lambda m: players[int(m.group(1)) - 1], state.end_text)


def seat_words(n: int) -> list[str]:
    """The seats as a message names them where no names are known: "seat 1"..."""
    return [say("seat {n}").format(n=s + 1) for s in range(n)]


def round_words(state: State) -> str:
    """The next hand as the language spoken says it: "East 1", "東1局"."""
    return say("{wind} {n}").format(wind=wind_name(state.round_wind), n=state.hand_number)


def start(rules: Rules) -> State:
    n = rules.players
    return State(totals=(rules.table.start_points,) * n, east=0, hands=0, penalties=(0,) * n)


# --------------------------------------------------------------------------
# One hand's settlement
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Transfer:
    """Points moving in a hand; None as payer or receiver is the table (deposits)."""

    payer: int | None
    receiver: int | None
    amount: int
    what: str  # "riichi deposit", "ron", "tsumo", "honba", "deposits", "noten", "chombo"


@dataclass(frozen=True)
class Settlement:
    """What one hand moves: every transfer, each seat's change, the deposits after."""

    transfers: tuple[Transfer, ...]
    change: tuple[int, ...]
    deposits: int  # on the table after the hand
    payments: tuple[tuple[int, Payment], ...] = ()  # (winner seat, what the win pays)


def settle(rules: Rules, state: State, hand: Hand) -> Settlement:
    """The points one hand moves, from the table as it was before it."""
    transfers: list[Transfer] = []
    payments: list[tuple[int, Payment]] = []
    deposit = rules.payments.riichi_deposit
    if not isinstance(hand, Chombo):  # a chombo gives the declarations back
        transfers += [Transfer(s, None, deposit, "riichi deposit") for s in hand.riichi]
    on_table = state.deposits + sum(t.amount for t in transfers)
    if isinstance(hand, Win):
        payments = _win(rules, state, hand, transfers)
        if on_table:
            transfers += _deposits(rules, hand, on_table)
            on_table = 0
    elif isinstance(hand, ExhaustiveDraw):
        if not hand.nagashi or rules.draws.nagashi_noten:
            transfers += _noten(rules, hand.tenpai)
        payments = _nagashi(rules, state, hand.nagashi, transfers)
    elif isinstance(hand, Chombo):
        transfers += _chombo(rules, state.east, hand.offender)
    change = [0] * rules.players
    for t in transfers:
        if t.payer is not None:
            change[t.payer] -= t.amount
        if t.receiver is not None:
            change[t.receiver] += t.amount
    return Settlement(tuple(transfers), tuple(change), on_table, tuple(payments))


def _deposits(rules: Rules, hand: Win, amount: int) -> list[Transfer]:
    """The deposits on the table to the winner(s): all to the first in turn after the
    discarder (atamahane), or split among the ron winners where the ruleset says so."""
    order = (
        [hand.winners[0].seat]
        if hand.discarder is None  # a tsumo
        else turn_order(hand.discarder, [w.seat for w in hand.winners], rules.players)
    )
    if rules.payments.multiple_ron_deposits == "first" or len(order) == 1:
        return [Transfer(None, order[0], amount, "deposits")]
    unit = rules.payments.rounding
    each = amount // len(order) // unit * unit
    parts = [each] * len(order)
    parts[0] += amount - each * len(order)
    return [
        Transfer(None, seat, part, "deposits")
        for seat, part in zip(order, parts, strict=False)
        if part
    ]


def _tsumo_transfers(
    state: State, seat: int, pay: Payment, what: str, liable: int | None = None
) -> list[Transfer]:
    """Each other seat's share of a tsumo payment to ``seat``; all of it from ``liable``
    when a seat is liable (pao)."""
    shares = [
        (other, pay.dealer if other == state.east else pay.non_dealer)
        for other in range(len(state.totals))
        if other != seat
    ]
    if liable is not None:
        return [Transfer(liable, seat, sum(amount for _, amount in shares), what)]
    return [Transfer(other, seat, amount, what) for other, amount in shares]


def _win(rules: Rules, state: State, hand: Win, out: list[Transfer]) -> list[tuple[int, Payment]]:
    paid = []
    if hand.discarder is None:  # a tsumo
        w = hand.winners[0]
        pay = payment(
            rules,
            w.han,
            w.fu,
            dealer=w.seat == state.east,
            tsumo=True,
            honba=state.honba,
            yakuman=w.yakuman,
        )
        out += _tsumo_transfers(state, w.seat, pay, "tsumo", hand.pao)
        return [(w.seat, pay)]
    order = turn_order(hand.discarder, [w.seat for w in hand.winners], rules.players)
    by_seat = {w.seat: w for w in hand.winners}
    for n, seat in enumerate(order):
        w = by_seat[seat]
        gets_honba = n == 0 or rules.payments.multiple_ron_honba == "each"
        pay = payment(
            rules,
            w.han,
            w.fu,
            dealer=seat == state.east,
            tsumo=False,
            honba=state.honba if gets_honba else 0,
            yakuman=w.yakuman,
        )
        if hand.pao is not None and hand.pao != hand.discarder:
            # Half each; the honba stay with the discarder.
            half = (pay.discarder - pay.honba) // 2
            out.append(Transfer(hand.pao, seat, half, "pao"))
            out.append(Transfer(hand.discarder, seat, pay.discarder - half, "ron"))
        else:
            out.append(Transfer(hand.discarder, seat, pay.discarder, "ron"))
        paid.append((seat, pay))
    return paid


def _nagashi(
    rules: Rules, state: State, seats: tuple[int, ...], out: list[Transfer]
) -> list[tuple[int, Payment]]:
    """Each nagashi mangan paid as a mangan tsumo, one after the other (a nagashi seat
    pays into another's)."""
    paid = []
    honba = state.honba if rules.draws.nagashi_honba else 0
    for seat in sorted(seats):
        pay = payment(rules, 5, None, dealer=seat == state.east, tsumo=True, honba=honba)
        out += _tsumo_transfers(state, seat, pay, "nagashi")
        paid.append((seat, pay))
    return paid


def noten_payments(rules: Rules, tenpai: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Each seat's change from the noten payments at an exhaustive draw.

    With the usual 3000: one tenpai player gets 1000 from each other; two get
    1500 each, one from each noten player; three get 1000 each from the noten
    player; nobody or everybody tenpai: nothing moves.
    """
    change = [0] * rules.players
    for payer, receiver, amount in _noten_pairs(rules, tuple(tenpai)):
        change[payer] -= amount
        change[receiver] += amount
    return tuple(change)


def _noten(rules: Rules, tenpai: tuple[int, ...]) -> list[Transfer]:
    return [Transfer(n, t, amount, "noten") for n, t, amount in _noten_pairs(rules, tenpai)]


def _noten_pairs(rules: Rules, tenpai: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """(noten payer, tenpai receiver, amount) of each noten payment, seat to seat."""
    noten = [s for s in range(rules.players) if s not in tenpai]
    if not tenpai or not noten:
        return []
    total = rules.draws.noten_total
    # Each noten player pays total / len(noten), shared equally by the tenpai players.
    amount = total // (len(tenpai) * len(noten))
    return [(n, t, amount) for n in noten for t in sorted(tenpai)]


def _chombo(rules: Rules, dealer: int, offender: int) -> list[Transfer]:
    if rules.chombo.payment == "none":
        return []
    base = rules.limits.mangan
    return [
        Transfer(offender, seat, 2 * base if dealer in (seat, offender) else base, "chombo")
        for seat in range(rules.players)
        if seat != offender
    ]


# --------------------------------------------------------------------------
# The fold
# --------------------------------------------------------------------------


def apply(rules: Rules, state: State, hand: Hand) -> State:
    """The table after ``hand`` (which :func:`check` has accepted)."""
    settled = settle(rules, state, hand)
    totals = tuple(t + c for t, c in zip(state.totals, settled.change, strict=True))
    change = list(settled.change)
    penalties = state.penalties
    if isinstance(hand, Chombo) and rules.chombo.final_penalty:
        penalties = tuple(
            p + (rules.chombo.final_penalty if s == hand.offender else 0)
            for s, p in enumerate(penalties)
        )
    renchan, honba = _renchan_and_honba(rules, state, hand)
    n = rules.players
    index = _index(state)
    after = index if renchan else index + 1
    new = replace(
        state,
        totals=totals,
        east=after % n,
        hands=state.hands + 1,
        round_wind=after // n % 4,
        hand_number=after % n + 1,
        honba=honba,
        deposits=settled.deposits,
        penalties=penalties,
    )
    if not state.finished:
        end = _end(rules, state, hand, new, renchan)
        if end:
            ended = replace(
                new,
                end=end[0],
                end_seat=end[1],
                end_text=end[2],
                end_round=(state.round_wind, state.hand_number),
                end_target=rules.table.target_points,
            )
            new = _close(rules, ended, change)
    return replace(new, last_change=tuple(change))


def _index(state: State) -> int:
    """The hand's place in the game: 0 for East 1, then one per dealer (East 1 to 4, or
    to 3 at a three-player table; then South 1...)."""
    return state.round_wind * len(state.totals) + state.hand_number - 1


def _renchan_and_honba(rules: Rules, state: State, hand: Hand) -> tuple[bool, int]:
    if isinstance(hand, Win):
        dealer_won = any(w.seat == state.east for w in hand.winners)
        return dealer_won, state.honba + 1 if dealer_won else 0
    if isinstance(hand, ExhaustiveDraw):
        if hand.nagashi and rules.draws.nagashi_flow == "win":
            dealer_made_it = state.east in hand.nagashi
            return dealer_made_it, state.honba + 1 if dealer_made_it else 0
        return state.east in hand.tenpai, state.honba + 1
    if isinstance(hand, AbortiveDraw):
        return True, state.honba + 1
    return True, state.honba  # a chombo: the same hand again


def _end(
    rules: Rules, before: State, hand: Hand, after: State, renchan: bool
) -> tuple[str, int | None, str] | None:
    """Why the game ends after this hand: (code, seat, words), or None (the English
    words are the record's; end_words says them from the code)."""
    totals = after.totals
    if rules.end.tobi:
        below = [s for s, t in enumerate(totals) if t < 0]
        if below:
            return "bust", below[0], f"seat {below[0] + 1} went below zero"
    n = rules.players
    last = rules.length.rounds * n - 1
    final = (rules.length.rounds + rules.length.extra_rounds) * n - 1
    index = _index(before)
    target = rules.table.target_points
    reached = [s for s in first_place(totals, "seat") if totals[s] >= target]
    if isinstance(hand, Chombo):
        # The hand is played again, unless the ruleset ends the game on a chombo in
        # the hand the game would end after had it passed the deal on.
        nxt = index + 1
        if (
            rules.chombo.ends_last_hand
            and index >= last
            and (nxt > final or (nxt > last and (not rules.length.extra_rounds or reached)))
        ):
            offender = hand.offender
            return (
                "chombo",
                offender,
                f"seat {offender + 1}'s chombo in "
                f"{before.round_name}, the last hand, ended the game",
            )
        return None
    if index < last:
        return None
    if index > last and reached:
        return (
            "target",
            reached[0],
            f"seat {reached[0] + 1} has {target} or more in {before.round_name}",
        )
    if renchan:
        yame = (isinstance(hand, Win) and rules.length.agari_yame and "agari-yame") or (
            isinstance(hand, ExhaustiveDraw)
            and rules.length.tenpai_yame
            and before.east in hand.tenpai
            and "tenpai-yame"
        )
        dealer = before.east
        enough = reached or not rules.length.extra_rounds
        if yame and enough and first_place(totals, rules.final.ties) == [dealer]:
            how = "won" if yame == "agari-yame" else "was tenpai in"
            return (
                yame,
                dealer,
                f"the dealer (seat {dealer + 1}) {how} {before.round_name} in first place ({yame})",
            )
        return None
    nxt = index + 1
    if nxt > final or (nxt > last and (not rules.length.extra_rounds or reached)):
        return "length", None, f"{before.round_name} was the last hand"
    return None


def _close(rules: Rules, state: State, change: list[int]) -> State:
    """The end: left-over deposits go to first place, or leave the game."""
    if not state.deposits:
        return state
    if rules.end.left_over_deposits == "lost":
        return replace(state, deposits=0, forfeited=state.forfeited + state.deposits)
    parts = share(
        state.deposits, first_place(state.totals, rules.final.ties), rules.payments.rounding
    )
    totals = list(state.totals)
    for seat, amount in parts.items():
        totals[seat] += amount
        change[seat] += amount
    awarded = tuple(parts.get(seat, 0) for seat in range(len(totals)))
    return replace(state, totals=tuple(totals), deposits=0, awarded=awarded)


# --------------------------------------------------------------------------
# Entering hands
# --------------------------------------------------------------------------


def check_in_play(rules: Rules, state: State, hand: Hand) -> None:
    """:func:`check`, and what the table before ``hand`` forbids (:func:`check_at_table`)."""
    check(rules, hand)
    check_at_table(rules, state, hand)


def check_at_table(rules: Rules, state: State, hand: Hand) -> None:
    """What the table before ``hand`` (a hand :func:`check` has accepted) forbids: a
    hand after the end, a riichi without the points for the deposit (where the ruleset
    says so), and yaku kept from the tiles that do not fit the seats and winds of this
    hand."""
    if state.finished:
        raise HandError(
            say("the game is over: {why}").format(
                why=end_words(state, seat_words(len(state.totals)))
            )
        )
    if rules.payments.riichi_needs_deposit and not isinstance(hand, Chombo):
        deposit = rules.payments.riichi_deposit
        for seat in hand.riichi:
            if state.totals[seat] < deposit:
                raise HandError(
                    say(
                        "seat {seat} has {points} points, less than the {deposit} riichi "
                        "deposit, and cannot declare riichi"
                    ).format(seat=seat + 1, points=state.totals[seat], deposit=deposit)
                )
    if isinstance(hand, Win):
        for w in hand.winners:
            _check_yaku_at_table(state, hand, w)


def _check_yaku_at_table(state: State, hand: Win, w: Winner) -> None:
    seat = w.seat + 1
    dealer = w.seat == state.east
    if "tenhou" in w.yaku and not dealer:
        raise HandError(
            say(
                "tenhou is the dealer's win, and seat {seat} does not deal this hand "
                "(seat {dealer} does): it is chiihou"
            ).format(seat=seat, dealer=state.east + 1)
        )
    if "chiihou" in w.yaku and dealer:
        raise HandError(
            say(
                "chiihou is a non-dealer's win, and seat {seat} deals this hand: it is tenhou"
            ).format(seat=seat)
        )
    if w.seat in hand.riichi and ("tenhou" in w.yaku or "chiihou" in w.yaku):
        raise HandError(
            say(
                "seat {seat} won on the first draw (tenhou or chiihou), so cannot "
                "have declared riichi before it"
            ).format(seat=seat)
        )
    seat_wind = f"seat wind {state.wind(w.seat)}"
    round_wind = f"round wind {WINDS[state.round_wind]}"
    hand_words = round_words(state)
    for name in w.yaku:
        if name.startswith("seat wind ") and name != seat_wind:
            raise HandError(
                say(
                    "the yaku of seat {seat} have {name}, but its seat wind in "
                    "{round} is {wind}: score the tiles again"
                ).format(
                    seat=seat,
                    name=yaku_name(name),
                    round=hand_words,
                    wind=wind_name((w.seat - state.east) % len(state.totals)),
                )
            )
        if name.startswith("round wind ") and name != round_wind:
            raise HandError(
                say(
                    "the yaku of seat {seat} have {name}, but this hand is "
                    "{round}: score the tiles again"
                ).format(seat=seat, name=yaku_name(name), round=hand_words)
            )


def with_riichi(rules: Rules, state: State, seats: tuple[int, ...] | list[int]) -> State:
    """The table while a hand is played, once ``seats`` have declared riichi: each
    deposit has left the declarer's total and lies on the table (a preview; the
    hand event records the declarations)."""
    deposit = rules.payments.riichi_deposit
    totals = tuple(t - (deposit if s in seats else 0) for s, t in enumerate(state.totals))
    return replace(state, totals=totals, deposits=state.deposits + deposit * len(set(seats)))
