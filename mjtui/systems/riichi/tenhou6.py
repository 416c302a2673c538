"""tenhou.net/6 game records: read into riichi hands, each checked against its own payments.

A tenhou.net/6 log (the JSON the tenhou.net/6 viewer plays, and what
Mahjong Soul and Riichi City records are converted to) is
``{"title": [...], "name": [4 names], "rule": {"disp": ..., "aka": 1}, "log": [hand, ...]}``
(a three-player log: three names or a fourth empty one, and arrays of three seats or
of four with the fourth empty; the round is 4 x wind + dealer all the same).
Each hand is an array:

* ``[round, honba, riichi sticks]`` (round 0 is East 1, 4 South 1...),
  the four scores at its start, the dora and ura dora indicators;
* per seat, in seat order: the haipai, the draws, the discards. Tiles are
  11-19 (m), 21-29 (p), 31-39 (s), 41-47 (honours), 51-53 (red fives), 60 a
  tsumogiri; a string ``"r17"`` among the discards declares riichi with that
  discard (a riichi whose declaring tile is won on by ron is not made);
* the result: ``["和了", changes, details, ...]`` (one pair of changes and
  details per winner of a multiple ron), where details are ``[winner, from
  (the winner for a tsumo), liable seat (the winner when there is no pao),
  "30符2飜2000点" / "満貫8000点" / "40符1飜700-1300点" / "30符4飜3900点∀",
  "立直(1飜)", ...]``; ``["流局", changes]`` for an exhaustive draw
  (``"全員聴牌"`` / ``"全員不聴"`` when nothing moves), ``["流し満貫", changes]``,
  or an abortive draw by name (``"九種九牌"``, ``"四風連打"``, ``"四家立直"``,
  ``"四槓散了"``, ``"三家和了"``).

The changes are each seat's points for the hand, with the riichi sticks the
winner collects but without the declarers' own 1,000 (those are already off
the next hand's start scores). Tenhou's own logs end with ``"sc": [points,
score, ...]``, each seat's final points and final score (rounded to whole
numbers until early 2022, to one decimal since). docs/session-format.md
says where these facts come from.

The log is untrusted: it is read through core/files/reading.py's limits, its nesting
is checked before the json module sees it, and anything that is not as above
is a :class:`LogError` naming the hand and the field.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, cast

from mjtui.core.errors import HandError, MjtuiError, RulesetError
from mjtui.core.files.reading import MAX_BYTES, MAX_DEPTH, MAX_NUMBER, read_bytes
from mjtui.core.model.players import clean_name, first_repeat
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset, rules_from_table
from mjtui.core.systems.capabilities import Importer
from mjtui.core.text import clean_line
from mjtui.systems.riichi.events import (
    AbortiveDraw,
    ExhaustiveDraw,
    Hand,
    Win,
    Winner,
    check,
)
from mjtui.systems.riichi.han_fu import score_problem
from mjtui.systems.riichi.points import base_points, payment
from mjtui.systems.riichi.records import MAX_NOTE
from mjtui.systems.riichi.rules import Rounding, Rules
from mjtui.systems.riichi.standings import final_standings
from mjtui.systems.riichi.table import State, apply, settle
from mjtui.systems.riichi.terms import say

PLAYERS = 4  # the seats of a log's arrays; a three-player log leaves the fourth empty
MAX_DIGITS = 20  # of a whole number in a log: its scores have 6, its largest (a rate) 4
ROUNDS = 4  # a log's round is 4 x wind + dealer seat, at three players too
WIN = "和了"
EXHAUSTIVE = ("流局", "全員聴牌", "全員不聴")
NAGASHI = "流し満貫"
ABORTIVE = {
    "九種九牌": "nine terminals",
    "四風連打": "four winds",
    "四家立直": "four riichi",
    "四槓散了": "four kans",
    "三家和了": "triple ron",
}
LIMITS = {"満貫": 5, "跳満": 6, "倍満": 8, "三倍満": 11, "役満": 13, "数え役満": 13}
_SCORE = re.compile(
    r"(?:(?P<fu>\d{1,3})符)?(?:(?P<han>\d{1,3})飜)?(?P<limit>数え役満|三倍満|倍満|跳満|満貫|役満)?"
    r"(?P<a>\d{1,7})(?:-(?P<b>\d{1,7}))?点(?P<all>∀)?"
)
_YAKU = re.compile(r".*\((?:(?P<han>\d{1,3})飜|(?P<yakuman>役満))\)")


class LogError(MjtuiError):
    """A game record that cannot be read; the message names the file or the hand."""


# --------------------------------------------------------------------------
# Reading the file
# --------------------------------------------------------------------------


def read_log(path: Path) -> dict[str, Any]:
    """The log's JSON document, read within mjtui's file limits (LogError if not)."""
    data = read_bytes(path, LogError, MAX_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise LogError(f"{path}: " + say("not UTF-8 text (byte {n})").format(n=e.start)) from None
    return loads_log(text, str(path))


class _NumberError(ValueError):
    """A number in the text that no log holds (the message says why)."""


def _whole_number(text: str) -> int:
    # int() of a long digit string takes time quadratic in its length, and Python refuses
    # past 4,300 digits with advice meant for programmers: refuse long before.
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberError(
            say("a number of {n} digits ({start}...); a log's numbers have at most {most}").format(
                n=len(text.lstrip("-")), start=text[:12], most=MAX_DIGITS
            )
        )
    return int(text)


def _decimal_number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NumberError(
            say("the number {number} is too large for a log").format(number=text[:24])
        )
    return value


def loads_log(text: str, where: str | None = None) -> dict[str, Any]:
    where = say("the log") if where is None else where
    deep = _too_deep(text)
    if deep is not None:
        raise LogError(
            f"{where}: "
            + say(
                "arrays and objects nest more than {most} deep (at character {at}); "
                "a tenhou.net/6 log nests five"
            ).format(most=MAX_DEPTH, at=deep)
        )

    def constant(name: str) -> Any:
        raise _NumberError(say("{name} is not a number a log holds").format(name=name))

    try:
        document = json.loads(
            text, parse_constant=constant, parse_int=_whole_number, parse_float=_decimal_number
        )
    except _NumberError as e:
        raise LogError(f"{where}: {e}") from None
    except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError
        raise LogError(f"{where}: " + say("not a JSON document: {e}").format(e=e)) from None
    if not isinstance(document, dict):
        raise LogError(
            f"{where}: "
            + say('not a tenhou.net/6 log: expected a JSON object with "name" and "log"')
        )
    return document


def _too_deep(text: str) -> int | None:
    """Where arrays and objects first nest past MAX_DEPTH (outside strings), or None."""
    depth, in_string, escaped = 0, False, False
    for i, c in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif c in "]}":
            depth -= 1
    return None


# --------------------------------------------------------------------------
# The hands
# --------------------------------------------------------------------------


def _round_name(round_: int, honba: int) -> str:
    return f"{'ESWN'[round_ // ROUNDS % 4]}{round_ % ROUNDS + 1}" + (f"-{honba}" if honba else "")


@dataclass(frozen=True)
class Frame:
    """Where a hand of the log starts, read from its first two fields on their own (so a
    hand whose other fields are broken still says where it was): the round, honba and
    riichi sticks, and the start scores (None when they cannot be read)."""

    round: int
    honba: int
    sticks: int
    scores: tuple[int, ...] | None

    @property
    def name(self) -> str:
        return _round_name(self.round, self.honba)


def _frame(item: Any, seats: int) -> Frame | None:
    """The hand's frame, or None when its round, honba and sticks cannot be read."""
    try:
        round_, honba, sticks = _ints(item[0], "", 3)
        _int(round_, "", 0, 15)
        _int(honba, "", 0, 1000)
        _int(sticks, "", 0, 1000)
    except (LogError, TypeError, IndexError, KeyError):
        return None
    try:
        scores: tuple[int, ...] | None = _seat_ints(item[1], "", seats)
    except (LogError, TypeError, IndexError, KeyError):
        scores = None
    return Frame(round_, honba, sticks, scores)


def hand_label(number: int, frame: Frame | None) -> str:
    """ "hand 6 (E3-1)", or "hand 6" when the hand does not say where it was."""
    if frame is None:
        return say("hand {n}").format(n=number)
    return say("hand {n} ({round})").format(n=number, round=frame.name)


@dataclass(frozen=True)
class LogHand:
    """One hand of the log, in the log's seats (0 = the first dealer)."""

    number: int  # 1-based, in the log
    round: int  # 0 East 1, 1 East 2, ... 4 South 1
    honba: int
    sticks: int  # riichi sticks on the table at its start
    scores: tuple[int, ...]  # at its start
    hand: Hand
    changes: tuple[int, ...]  # the log's own, summed over the winners of a multiple ron
    scores_said: tuple[str, ...] = ()  # each winner's score as the log says it

    @property
    def name(self) -> str:
        return _round_name(self.round, self.honba)


@dataclass(frozen=True)
class Final:
    """The log's own end: each seat's final points and final score (its ``"sc"``)."""

    points: tuple[int, ...]
    scores: tuple[float, ...]


@dataclass
class Log:
    names: tuple[str, ...]
    aka: bool | None  # red fives, as the log's rule says (None: not said)
    rule: str  # the rule's display text
    hands: list[LogHand]  # the hands that could be read
    problems: list[str] = field(default_factory=list)  # hands left out, and why
    ref: str = ""
    count: int = 0  # the hands of the log, read or not
    frames: list[Frame | None] = field(default_factory=list)  # where each hand started
    left_out: list[int] = field(default_factory=list)  # the numbers of hands not read
    final: Final | None = None  # the log's own final points and scores
    final_problem: str = ""  # why the log's "sc" cannot be read, when it cannot


def read_hands(document: dict[str, Any], rules: Rules) -> Log:
    """The names, rule and hands of a log document; LogError when its frame is unusable,
    a problem (and the hand left out) for a hand that is."""
    names = log_names(document)
    if rules.players != len(names):
        wrong = (
            say(
                "the ruleset is for {n} players; a tenhou.net/6 log of three needs a "
                "three-player riichi ruleset (riichi-sanma)"
            )
            if len(names) == 3
            else say(
                "the ruleset is for {n} players; a tenhou.net/6 log of four needs a "
                "four-player riichi ruleset"
            )
        )
        raise LogError(wrong.format(n=rules.players))
    rule = document.get("rule", {})
    if not isinstance(rule, dict):
        raise LogError(
            say('key "rule": expected an object such as {example}').format(
                example='{"disp": ..., "aka": 1}'
            )
        )
    aka = _aka(rule)
    raw = document.get("log")
    if not isinstance(raw, list) or not raw:
        raise LogError(say('key "log": expected an array of hands, with at least one'))
    ref = document.get("ref", "")
    frames = [_frame(item, rules.players) for item in raw]
    log = Log(
        tuple(n.strip() for n in names),
        aka,
        str(rule.get("disp", ""))[:200],
        [],
        ref=ref if isinstance(ref, str) else "",
        count=len(raw),
        frames=frames,
    )
    for i, item in enumerate(raw):
        following = frames[i + 1] if i + 1 < len(raw) else None
        try:
            log.hands.append(_hand(rules, item, i + 1, following))
        except (LogError, HandError) as e:
            log.problems.append(f"{hand_label(i + 1, frames[i])}: {e}")
            log.left_out.append(i + 1)
    try:
        log.final = _final(document, rules.players)
    except LogError as e:
        log.final_problem = str(e)
    return log


def _final(document: dict[str, Any], seats: int) -> Final | None:
    """The log's final points and scores ("sc": points, score, ... for four seats, or for
    three), None when the log has none; LogError when they cannot be read."""
    sc = document.get("sc")
    if sc is None:
        return None
    what = say('key "sc" (the final points and scores)')
    if not isinstance(sc, list) or len(sc) not in (2 * seats, 2 * PLAYERS):
        raise LogError(
            f"{what}: "
            + say("expected {n} numbers, got {value}").format(n=2 * seats, value=str(sc)[:60])
        )
    points = tuple(_int(v, what) for v in sc[0 : 2 * seats : 2])
    scores = []
    for v in sc[1 : 2 * seats : 2]:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or abs(v) > MAX_NUMBER:
            raise LogError(
                f"{what}: " + say("expected a score, got {value}").format(value=repr(str(v)[:40]))
            )
        scores.append(float(v))
    return Final(points, tuple(scores))


def log_names(document: dict[str, Any]) -> tuple[str, ...]:
    """The players' names: four, or three (a three-player log has three names or a fourth
    empty one); LogError when they are not."""
    names = document.get("name")
    if (
        not isinstance(names, list)
        or len(names) not in (3, PLAYERS)
        or not all(isinstance(n, str) for n in names)
    ):
        raise LogError(
            say('key "name": expected the players\' names (four, or three for a three-player game)')
        )
    if len(names) == PLAYERS and not names[-1].strip():
        names = names[:-1]
    if not all(n.strip() for n in names):
        raise LogError(
            say('key "name": a name is empty (only the fourth of a three-player game may be)')
        )
    return tuple(names)


def log_seats(document: dict[str, Any]) -> int:
    """How many play in the log: 3 or 4 (LogError when its names do not say)."""
    return len(log_names(document))


def _aka(rule: dict[str, Any]) -> bool | None:
    values = [rule[k] for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    if not values:
        return None
    return any(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values)


def _int(value: Any, what: str, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise LogError(
            f"{what}: "
            + say("expected a whole number from {low} to {high}, got {value}").format(
                low=low, high=high, value=repr(str(value)[:40])
            )
        )
    return value


def _ints(value: Any, what: str, count: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise LogError(
            f"{what}: "
            + say("expected {n} numbers, got {value}").format(n=count, value=str(value)[:60])
        )
    return tuple(_int(v, what) for v in value)


def _seat_ints(value: Any, what: str, seats: int) -> tuple[int, ...]:
    """A number per seat; at three seats the log may add a fourth, 0."""
    if (
        seats < PLAYERS
        and isinstance(value, list)
        and len(value) == PLAYERS
        and value[seats:] == [0] * (PLAYERS - seats)
    ):
        value = value[:seats]
    return _ints(value, what, seats)


def _hand(rules: Rules, item: Any, number: int, following: Frame | None) -> LogHand:
    n = rules.players
    if not isinstance(item, list) or len(item) < 5 + 3 * n:
        raise LogError(
            say(
                "expected an array of the hand's start, {n} x (haipai, draws, discards) "
                "and its result"
            ).format(n=n)
        )
    round_, honba, sticks = _ints(item[0], say("the round, honba and sticks"), 3)
    _int(round_, say("the round"), 0, 15)
    if round_ % ROUNDS >= n:
        raise LogError(
            say("the round {round}: its dealer would be seat {seat} of {n}").format(
                round=round_, seat=round_ % ROUNDS + 1, n=n
            )
        )
    _int(honba, say("the honba"), 0, 1000)
    _int(sticks, say("the riichi sticks"), 0, 1000)
    scores = _seat_ints(item[1], say("the start scores"), n)
    discards = []
    for seat in range(n):
        d = item[4 + 3 * seat + 2]
        if not isinstance(d, list):
            raise LogError(
                say("the discards of seat {seat}: expected an array").format(seat=seat + 1)
            )
        discards.append(d)
    # A three-player log has three seats' arrays or four, the fourth empty.
    result = item[4 + 3 * (PLAYERS if len(item) >= 5 + 3 * PLAYERS else n)]
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise LogError(
            say("the result: expected an array such as {example}").format(
                example='["和了", [...], [...]]'
            )
        )
    declared = [
        s for s in range(n) if any(isinstance(t, str) and t.startswith("r") for t in discards[s])
    ]
    kind = result[0]
    dealer_stays = following is not None and following.round == round_
    scores_said: tuple[str, ...] = ()
    hand: Hand
    if kind == WIN:
        hand, changes, scores_said = _win(rules, result, declared, discards, round_)
    elif kind in EXHAUSTIVE or kind == NAGASHI:
        changes = (
            _seat_ints(result[1], say("the score changes"), n) if len(result) > 1 else (0,) * n
        )
        hand = _draw(kind, changes, tuple(declared), round_ % ROUNDS, dealer_stays)
    elif kind in ABORTIVE:
        changes = (
            _seat_ints(result[1], say("the score changes"), n) if len(result) > 1 else (0,) * n
        )
        hand = AbortiveDraw(riichi=tuple(declared), note=f"{kind} ({ABORTIVE[kind]})")
    else:
        raise LogError(
            say("the result {kind} is not one mjtui knows ({known})").format(
                kind=repr(kind[:20]), known=", ".join(("和了", "流局", "流し満貫", *ABORTIVE))
            )
        )
    check(rules, hand)
    hand = replace(hand, note=kept_note(hand.note))
    return LogHand(number, round_, honba, sticks, scores, hand, changes, scores_said)


def kept_note(text: str) -> str:
    """The log's score and yaku text as a session keeps it: clean (core/text.py), within the
    session's limit for a note (cut short with a mark that says so)."""
    text = clean_line(text)
    if len(text) <= MAX_NOTE:
        return text
    mark = f" ... [cut short: {len(text):,} characters in the log]"
    return text[: MAX_NOTE - len(mark)] + mark


def _draw(
    kind: str, changes: tuple[int, ...], riichi: tuple[int, ...], dealer: int, dealer_stays: bool
) -> ExhaustiveDraw:
    if kind == NAGASHI:
        nagashi = tuple(s for s in range(len(changes)) if changes[s] > 0)
        # The log does not say who else was tenpai; a declarer was, and the dealer was
        # when the next hand has the same dealer.
        ready = set(riichi) | ({dealer} if dealer_stays else set())
        return ExhaustiveDraw(tuple(sorted(ready)), riichi, nagashi, note=kind)
    if kind == "全員聴牌":
        tenpai = tuple(range(len(changes)))
    elif kind == "全員不聴":
        tenpai = ()
    elif any(changes):
        tenpai = tuple(s for s in range(len(changes)) if changes[s] > 0)
    else:
        # Nothing moved: all tenpai or none. A riichi means all; so does a dealer who stays.
        tenpai = tuple(range(len(changes))) if riichi or dealer_stays else ()
    return ExhaustiveDraw(tenpai, riichi, note=kind)


def _win(
    rules: Rules, result: list[Any], declared: list[int], discards: list[list[Any]], round_: int
) -> tuple[Win, tuple[int, ...], tuple[str, ...]]:
    pairs = result[1:]
    if not pairs or len(pairs) % 2:
        raise LogError(say("the win: expected score changes and details, per winner"))
    n = rules.players
    changes = [0] * n
    winners, notes, said = [], [], []
    froms, pao = set(), None
    for k in range(0, len(pairs), 2):
        for s, c in enumerate(_seat_ints(pairs[k], say("the score changes"), n)):
            changes[s] += c
        details = pairs[k + 1]
        if (
            not isinstance(details, list)
            or len(details) < 4
            or not all(isinstance(d, str) for d in details[3:])
        ):
            raise LogError(
                say("the win's details: expected {example}").format(
                    # English: the log array's fields, named as tenhou.net/6 documents them
                    example="[winner, from, liable, score, yaku...]"
                )
            )
        seat = _int(details[0], say("the winner"), 0, n - 1)
        froms.add(_int(details[1], say("the discarder"), 0, n - 1))
        liable = _int(details[2], say("the liable seat"), 0, n - 1)
        if liable != seat:
            pao = liable
        tsumo = details[1] == seat
        winners.append(_winner(rules, seat, details[3], details[4:], tsumo))
        notes.append(" ".join(details[3:]))
        said.append(details[3])
    if len(froms) != 1:
        raise LogError(say("the winners of one hand name different discarders"))
    discarder = froms.pop()
    tsumo = discarder in {w.seat for w in winners}
    if tsumo and len(winners) > 1:
        raise LogError(say("a tsumo with more than one winner"))
    riichi = [s for s in declared if tsumo or s != discarder or not _declared_on_last(discards[s])]
    note = (
        notes[0]
        if len(notes) == 1
        else "; ".join(f"seat {w.seat + 1}: {n}" for w, n in zip(winners, notes, strict=False))
    )
    hand = Win(
        tuple(winners),
        discarder=None if tsumo else discarder,
        riichi=tuple(riichi),
        pao=pao,
        note=note,
    )
    return hand, tuple(changes), tuple(said)


def _declared_on_last(discards: list[Any]) -> bool:
    """The riichi was declared with the seat's last discard: the tile won on by ron, so
    the riichi is not made (no stick)."""
    return bool(discards) and isinstance(discards[-1], str) and discards[-1].startswith("r")


def _winner(rules: Rules, seat: int, score: str, yaku: list[str], tsumo: bool) -> Winner:
    m = _SCORE.fullmatch(score)
    if m is None:
        raise LogError(
            say('the score {score}: expected e.g. "30符2飜2000点" or "満貫8000点"').format(
                score=repr(score[:40])
            )
        )
    han_of_yaku, yakuman = 0, 0
    for name in yaku:
        y = _YAKU.fullmatch(name)
        if y is None:
            raise LogError(
                say("the yaku {name}: expected a name and (N飜) or (役満)").format(
                    name=repr(name[:40])
                )
            )
        if y.group("yakuman"):
            yakuman += 1
        else:
            han_of_yaku += int(y.group("han"))
    if yakuman:
        return Winner(seat, yakuman=min(yakuman, 6))
    han = int(m.group("han")) if m.group("han") else han_of_yaku
    fu = int(m.group("fu")) if m.group("fu") else None
    limit = m.group("limit")
    if limit:
        han = max(han, 1)
        if limit in ("役満", "数え役満") and han < 13:
            return Winner(seat, yakuman=1)  # a yakuman whose yaku the log does not name
        if han < 5:
            fu = _fu_for_mangan(rules, han, tsumo)
            if fu is None:
                han = LIMITS[limit]  # no fu gives a mangan at this han: record the limit
        elif fu is not None:
            fu = None
    elif fu is None:
        raise LogError(
            say("the score {score} has han but no fu and no limit").format(score=repr(score))
        )
    return Winner(seat, han, fu)


def _fu_for_mangan(rules: Rules, han: int, tsumo: bool) -> int | None:
    """The least fu that makes ``han`` a mangan under ``rules`` (None if none does)."""
    for fu in [20, 25, *list(range(30, 150, 10))]:
        if (
            score_problem(rules, han, fu, tsumo=tsumo) is None
            and base_points(rules.limits, han, fu).limit == "mangan"
        ):
            return fu
    return None


# --------------------------------------------------------------------------
# Checking each hand against the log
# --------------------------------------------------------------------------


def log_state(rules: Rules, lh: LogHand) -> State:
    """The table before ``lh`` as the log has it."""
    return State(
        totals=lh.scores,
        east=lh.round % ROUNDS,
        hands=0,
        round_wind=lh.round // ROUNDS % 4,
        hand_number=lh.round % ROUNDS + 1,
        honba=lh.honba,
        deposits=lh.sticks * rules.payments.riichi_deposit,
        penalties=(0,) * len(lh.scores),
    )


def our_changes(rules: Rules, lh: LogHand) -> tuple[int, ...]:
    """What our scoring moves in ``lh``, counted as the log counts: without the declarers'
    own riichi deposits."""
    settled = settle(rules, log_state(rules, lh), lh.hand)
    deposit = rules.payments.riichi_deposit
    return tuple(c + (deposit if s in lh.hand.riichi else 0) for s, c in enumerate(settled.change))


def difference(rules: Rules, lh: LogHand) -> str | None:
    """Why our payment for ``lh`` is not the log's (None when it is exactly)."""
    ours = our_changes(rules, lh)
    if ours == lh.changes:
        return None
    return say("ours {ours}, the log's {theirs}: {why}").format(
        ours=_signed(ours), theirs=_signed(lh.changes), why=_reason(rules, lh, ours)
    )


def _signed(values: tuple[int, ...]) -> str:
    return "[" + ", ".join(f"{v:+d}" if v else "0" for v in values) + "]"


def _reason(rules: Rules, lh: LogHand, ours: tuple[int, ...]) -> str:
    hand = lh.hand
    if isinstance(hand, ExhaustiveDraw) and hand.nagashi:
        return say(
            "nagashi mangan is paid otherwise (the ruleset's draws.nagashi_honba, "
            "draws.nagashi_noten)"
        )
    if isinstance(hand, ExhaustiveDraw):
        return say("the noten payments differ (draws.noten_total is {total})").format(
            total=rules.draws.noten_total
        )
    if isinstance(hand, AbortiveDraw):
        return say("points moved in an abortive draw (draws.abortive)")
    if not isinstance(hand, Win):
        return say("a difference in the ruleset")
    if hand.pao is not None:
        return say("pao is paid otherwise (payments.pao is {pao})").format(
            pao=list(rules.payments.pao)
        )
    if sum(lh.changes) != sum(ours):
        return say(
            "the riichi sticks on the table are paid out otherwise "
            "(payments.riichi_deposit, payments.multiple_ron_deposits)"
        )
    wrong = _base_differs(rules, lh)
    if wrong:
        return wrong
    if lh.honba:
        return say(
            "the honba are paid otherwise (payments.honba_ron, payments.honba_tsumo, "
            "payments.multiple_ron_honba)"
        )
    return say("the payment is split otherwise among the payers")


def _base_differs(rules: Rules, lh: LogHand) -> str:
    """A winner whose score (without honba and sticks) is not the log's."""
    hand = lh.hand
    assert isinstance(hand, Win)
    dealer = lh.round % ROUNDS
    for w, said in zip(hand.winners, lh.scores_said, strict=False):
        m = _SCORE.fullmatch(said)
        if m is None:
            continue
        a, b = int(m.group("a")), int(m.group("b") or 0)
        pay = payment(
            rules, w.han, w.fu, dealer=w.seat == dealer, tsumo=hand.tsumo, yakuman=w.yakuman
        )
        if hand.tsumo and w.seat == dealer:
            ours_said = (pay.non_dealer, 0)
        elif hand.tsumo:
            ours_said = (pay.non_dealer, pay.dealer)
        else:
            ours_said = (pay.discarder, 0)
        if ours_said != (a, b):
            score = (
                say("{n} yakuman").format(n=w.yakuman)
                if w.yakuman
                else say("{han} han {fu} fu").format(han=w.han, fu=w.fu)
                if w.fu
                else say("{han} han").format(han=w.han)
            )
            hint = " (limits.kiriage)" if w.han in (3, 4) and w.fu in (30, 60) else ""
            return (
                say(
                    "seat {seat} of the log: {score} pays {pays} with our rules, {said} in the log"
                ).format(seat=w.seat + 1, score=score, pays=pay.short(), said=said)
                + hint
            )
    return ""


def flow_difference(rules: Rules, lh: LogHand, following: LogHand | None) -> str | None:
    """Why the table after ``lh`` (folded from the log's own table before it) is not where
    the log's next hand starts: the dealer, the honba or the sticks (None when it is)."""
    if following is None:
        return None
    after = apply(rules, log_state(rules, lh), lh.hand)
    deposit = rules.payments.riichi_deposit
    ours = (after.east, after.honba, after.deposits // deposit if deposit else 0)
    theirs = (following.round % ROUNDS, following.honba, following.sticks)
    if after.finished:
        return say("the game ends here with our rules ({end}), the log plays on").format(
            end=after.end_text
        )
    if ours == theirs:
        return None
    parts = []
    if ours[0] != theirs[0]:
        parts.append(
            say("dealer seat {ours} (the log's seat {theirs})").format(
                ours=ours[0] + 1, theirs=theirs[0] + 1
            )
        )
    if ours[1] != theirs[1]:
        parts.append(
            say("{ours} honba (the log's {theirs})").format(ours=ours[1], theirs=theirs[1])
        )
    if ours[2] != theirs[2]:
        parts.append(
            say("{ours} riichi sticks (the log's {theirs})").format(ours=ours[2], theirs=theirs[2])
        )
    return say("the next hand has {what} with our rules").format(what=say(", ").join(parts))


# --------------------------------------------------------------------------
# The session
# --------------------------------------------------------------------------


@dataclass
class Imported:
    """A log made a session, and what the import found on the way."""

    session: Session
    log: Log
    lines: list[str]  # what was adapted, each hand that differs and why, hands left out
    reproduced: int  # hands in the session whose payment is exactly the log's
    compared: int  # the hands of the log, every one (read or not)
    left_out: tuple[int, ...] = ()  # the numbers of the hands not in the session
    mismatches: int = 0  # hands that differ or are left out, tables and ends that differ

    @property
    def exact(self) -> bool:
        """Every hand of the log is in the session, paid as the log pays it, and the
        table and the end are the log's."""
        return not self.mismatches

    @property
    def summary(self) -> str:
        """ "9 of 10 hands reproduce exactly; 1 left out (hand 6)"."""
        text = say("{n} of {all} hands reproduce exactly").format(
            n=self.reproduced, all=self.compared
        )
        differ = self.compared - self.reproduced - len(self.left_out)
        if differ:
            text += (say("; {n} differs") if differ == 1 else say("; {n} differ")).format(n=differ)
        if self.left_out:
            numbers = ", ".join(str(n) for n in self.left_out[:10]) + (
                ", ..." if len(self.left_out) > 10 else ""
            )
            text += (
                say("; {n} left out (hands {numbers})")
                if len(self.left_out) > 1
                else say("; {n} left out (hand {numbers})")
            ).format(n=len(self.left_out), numbers=numbers)
        return text


def import_log(
    document: dict[str, Any], ruleset: Ruleset, started: datetime | None = None
) -> Imported:
    """The session of a log's hands under ``ruleset`` (aka, equal start points and the
    rounding of the final points taken from the log), each hand's payment, the table
    before it and the end compared with the log's own."""
    rules = ruleset.rules
    if not isinstance(rules, Rules):
        raise LogError(
            say(
                "{id} is a {system} ruleset; a tenhou.net/6 log is riichi: choose a riichi ruleset"
            ).format(id=ruleset.id, system=repr(rules.system))
        )
    log = read_hands(document, rules)
    lines: list[str] = []
    ruleset, rules = _adapted(ruleset, rules, log, lines)
    if not log.hands:
        raise LogError(
            say("no hand of the log can be scored with {id}: {problems}").format(
                id=ruleset.id, problems="; ".join(log.problems[:3])
            )
        )
    players = _names(log.names)
    # Where the game starts is the log's first hand's to say, never a later one's: a
    # broken first hand leaves the seats as they are.
    first = log.frames[0]
    turn = first.round % ROUNDS if first is not None else 0
    if first is None:
        lines.append(
            say(
                "hand 1 does not say where the game starts: the session keeps the "
                "log's seats and starts from the ruleset's table at East 1"
            )
        )
    elif turn:
        lines.append(
            say(
                "the log starts at {round}: the seats are turned so that its dealer, "
                "{dealer}, is seat 1 of the session, which starts at East 1"
            ).format(round=first.name, dealer=players[turn])
        )
    start = (rules.table.start_points,) * rules.players
    same_start = (
        first is not None
        and (first.round, first.honba, first.sticks) == (0, 0, 0)
        and first.scores == start
    )
    if first is not None and not same_start:
        scores = list(first.scores) if first.scores is not None else say("scores it does not say")
        lines.append(
            say(
                "the log starts with {scores}, {honba} honba and {sticks} riichi sticks; "
                "the session starts from the ruleset's table, so its totals are not the log's"
            ).format(scores=scores, honba=first.honba, sticks=first.sticks)
        )
    players = players[turn:] + players[:turn]
    session = Session(
        ruleset,
        players,
        started or _started(log.ref) or datetime.now().astimezone().replace(microsecond=0),
    )
    said: dict[int, list[str]] = {n: [] for n in range(1, log.count + 1)}
    for problem, number in zip(log.problems, log.left_out, strict=False):
        said[number].append(say("{problem}; left out").format(problem=problem))
    left_out = set(log.left_out)
    reproduced = mismatches = 0
    apart = False  # the session's table has left the log's
    for i, lh in enumerate(log.hands):
        at = hand_label(lh.number, log.frames[lh.number - 1])
        if same_start and not apart:
            state = cast(State, session.state)  # the session is of riichi rules
            away = _table_difference(rules, state, lh, turn)
            if away:
                said[lh.number].append(f"{at}: {away}")
                apart, mismatches = True, mismatches + 1
        try:
            session.add(turned(lh.hand, turn, rules.players), checked=True)
        except HandError as e:
            said[lh.number].append(
                f"{at}: " + say("not added to the session: {e}; left out").format(e=e)
            )
            left_out.add(lh.number)
            continue
        why = difference(rules, lh)
        if why:
            said[lh.number].append(f"{at}: {why}")
        else:
            reproduced += 1
        following = log.hands[i + 1] if i + 1 < len(log.hands) else None
        if following is not None and following.number == lh.number + 1:
            flow = flow_difference(rules, lh, following)
            if flow:
                said[lh.number].append(f"{at}: {flow}")
                mismatches += 1
    lines += [line for n in sorted(said) for line in said[n]]
    mismatches += log.count - reproduced  # the hands that differ or were left out
    end, same_end = _end(rules, session, log, turn, same_start)
    if end:
        lines.append(end)
    mismatches += not same_end
    return Imported(session, log, lines, reproduced, log.count, tuple(sorted(left_out)), mismatches)


def _table_difference(rules: Rules, state: State, lh: LogHand, turn: int) -> str | None:
    """Why the session's table before ``lh`` is not where the log's hand starts (None
    when it is): after a hand that differs or was left out, the session goes its own way."""
    n = rules.players
    totals = tuple(state.totals[(s - turn) % n] for s in range(n))  # in the log's seats
    deposit = rules.payments.riichi_deposit
    ours = (
        state.round_wind * ROUNDS + (state.east + turn) % n,
        state.honba,
        state.deposits // deposit if deposit else 0,
        totals,
    )
    theirs = (lh.round, lh.honba, lh.sticks, lh.scores)
    if ours == theirs:
        return None
    if state.finished:
        return say("the session's game is over before it ({end})").format(end=state.end_text)
    return say(
        "the session's table before it is {ours} with {sticks} riichi sticks and {totals}, "
        "the log's {theirs} with {their_sticks} and {their_totals}: from here on the "
        "session's totals are not the log's"
    ).format(
        ours=_round_name(ours[0], ours[1]),
        sticks=ours[2],
        totals=list(totals),
        theirs=lh.name,
        their_sticks=lh.sticks,
        their_totals=list(lh.scores),
    )


def _end(rules: Rules, session: Session, log: Log, turn: int, same_start: bool) -> tuple[str, bool]:
    """How the session's end compares with the log's final points and scores ("" when
    the log has none), and whether it is the log's (or cannot be compared)."""
    if log.final_problem:
        return f"{log.final_problem}: " + say("the final standings are not compared"), True
    if log.final is None:
        return "", True
    if not same_start:
        return (
            say(
                "the final standings are not compared: the session does not start "
                "where the log does"
            ),
            True,
        )
    n = rules.players
    state = session.state
    totals = tuple(state.totals[(s - turn) % n] for s in range(n))
    theirs = _scores_text(log.final.scores)
    if totals != log.final.points:
        return (
            say(
                "the final totals: ours {ours}, the log's {theirs} "
                "(the log's final standings: {standings})"
            ).format(ours=list(totals), theirs=list(log.final.points), standings=theirs),
            False,
        )
    ours = _scores(rules, totals)
    if _same_scores(ours, log.final.scores):
        return say("the final standings are the log's: {standings}").format(standings=theirs), True
    return (
        say(
            "the final standings: ours {ours}, the log's {theirs} "
            "(final.uma, final.oka, final.rounding, table.target_points)"
        ).format(ours=_scores_text(ours), theirs=theirs),
        False,
    )


def _scores(rules: Rules, totals: tuple[int, ...]) -> tuple[float, ...]:
    """The final score of each seat with ``totals`` at the end, under ``rules``."""
    by_seat = {s.seat: s.score for s in final_standings(rules, _Totals(totals))}
    return tuple(by_seat[seat] for seat in range(len(totals)))


@dataclass(frozen=True)
class _Totals:
    totals: tuple[int, ...]  # a table at its end, as final_standings reads it


def _same_scores(ours: tuple[float, ...], theirs: tuple[float, ...]) -> bool:
    return all(
        abs(a - b) < 0.05 for a, b in zip(ours, theirs, strict=False)
    )  # the log has one decimal


def _scores_text(scores: tuple[float, ...]) -> str:
    return " / ".join(f"{v:+.1f}".removesuffix(".0") if v else "0" for v in scores)


ROUNDINGS: tuple[Rounding, ...] = ("exact", "4-down-5-up", "5-down-6-up")


def _adapted(ruleset: Ruleset, rules: Rules, log: Log, lines: list[str]) -> tuple[Ruleset, Rules]:
    """``ruleset`` (whose ``rules`` they are) with the red fives of the log's rule; its
    start points when the log starts at East 1 with equal scores (the oka then what
    balances them); and the rounding of the final points that the log's own final
    standings show. The ruleset and its rules, which are riichi's."""
    table = ruleset.table()
    changed = []
    if log.aka is not None and table["yaku"]["red_fives"] != log.aka:
        table["yaku"]["red_fives"] = log.aka
        changed.append(f"yaku.red_fives = {str(log.aka).lower()}")
    first = log.frames[0] if log.frames else None
    start = table["table"]["start_points"]
    if (
        first
        and first.scores
        and (first.round, first.honba, first.sticks) == (0, 0, 0)
        and len(set(first.scores)) == 1
        and first.scores[0] > 0
        and first.scores[0] != start
    ):
        table["table"]["start_points"] = first.scores[0]
        changed.append(f"table.start_points = {first.scores[0]}")
        # The oka that balanced the old start balances the new one (none at the target).
        n, target = rules.players, table["table"]["target_points"]
        if table["final"]["oka"] == (target - start) * n:
            table["final"]["oka"] = (target - first.scores[0]) * n
            changed.append(
                say("final.oka = {oka} (to balance it)").format(oka=table["final"]["oka"])
            )
    rounding = _rounding_shown(ruleset, table, log)
    if rounding is not None and rounding != table["final"].get("rounding", "exact"):
        table["final"]["rounding"] = rounding
        changed.append(f'final.rounding = "{rounding}"')
    if changed:
        lines.append(
            say("the ruleset {id} is played with {changes}, as the log has it").format(
                id=ruleset.id, changes=", ".join(changed)
            )
        )
    if log.final is not None and rounding is None:
        lines.append(
            say(
                "the log's final standings ({standings}) do not follow from its final "
                "points ({points}) under any final.rounding with the uma and oka of {id}"
            ).format(
                standings=_scores_text(log.final.scores),
                points=list(log.final.points),
                id=ruleset.id,
            )
        )
    if not changed:
        return ruleset, rules
    adapted = _rules(table, ruleset.id)
    return Ruleset(ruleset.id, ruleset.origin, adapted), adapted


def _rules(table: dict[str, Any], rid: str) -> Rules:
    try:
        rules = rules_from_table(table, f"{rid} as the log plays it")
    except RulesetError as e:
        raise LogError(str(e)) from None
    assert isinstance(rules, Rules)
    return rules


def _rounding_shown(ruleset: Ruleset, table: dict[str, Any], log: Log) -> str | None:
    """The ``final.rounding`` under which the log's final points give its own final
    scores: the ruleset's own when it does, else the first of ROUNDINGS that does (None
    when the log has no final standings or none does)."""
    if log.final is None:
        return None
    rules = _rules(table, ruleset.id)
    own = rules.final.rounding
    for rounding in (own, *[r for r in ROUNDINGS if r != own]):
        candidate = replace(rules, final=replace(rules.final, rounding=rounding))
        if _same_scores(_scores(candidate, log.final.points), log.final.scores):
            return rounding
    return None


def _names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names, printable, clean and each a different player ("Aさん (2)" for a
    repeat)."""
    out: list[str] = []
    for name in names:
        name = clean_name(name)[:60] or "?"
        candidate, n = name, 2
        while first_repeat((*out, candidate)) is not None:
            candidate, n = f"{name} ({n})", n + 1
        out.append(candidate)
    return tuple(out)


def _started(ref: str) -> datetime | None:
    """When the game was played, from a tenhou log id such as "2019050417gm-0029-...": the
    hour it began (Japan time)."""
    m = re.match(r"(\d{4})(\d{2})(\d{2})(\d{2})gm-", ref)
    if m is None:
        return None
    year, month, day, hour = map(int, m.groups())
    try:
        return datetime(year, month, day, hour, tzinfo=timezone(timedelta(hours=9)))
    except ValueError:
        return None


def turned(hand: Hand, turn: int, players: int = PLAYERS) -> Hand:
    """``hand`` with each seat moved ``turn`` places down (the log's seat ``turn`` is
    seat 0) at a table of ``players``."""
    if not turn:
        return hand

    def s(seat: int) -> int:
        return (seat - turn) % players

    def seats(values: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(s(v) for v in values))

    riichi = seats(hand.riichi)
    if isinstance(hand, Win):
        return replace(
            hand,
            winners=tuple(replace(w, seat=s(w.seat)) for w in hand.winners),
            discarder=None if hand.discarder is None else s(hand.discarder),
            riichi=riichi,
            pao=None if hand.pao is None else s(hand.pao),
        )
    if isinstance(hand, ExhaustiveDraw):
        return replace(hand, tenpai=seats(hand.tenpai), nagashi=seats(hand.nagashi), riichi=riichi)
    return replace(hand, riichi=riichi)


def default_ruleset(document: dict[str, Any]) -> str:
    """The shipped ruleset a log is scored with when none is named: Tenhou's, for as
    many players as the log has."""
    return "riichi-sanma" if log_seats(document) == 3 else "riichi-tenhou"


IMPORTER = Importer(
    "a tenhou.net/6 JSON log, each hand's payment checked against the log's",
    read_log,
    default_ruleset,
    import_log,
)
