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
the next hand's start scores). docs/session-format.md says where these facts
come from.

The log is untrusted: it is read through core/files.py's limits, its nesting
is checked before the json module sees it, and anything that is not as above
is a :class:`LogError` naming the hand and the field.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from mjtui.core.errors import HandError, MjtuiError, RulesetError
from mjtui.core.files import MAX_BYTES, MAX_DEPTH, MAX_NUMBER, read_bytes
from mjtui.core.players import clean_name, first_repeat
from mjtui.core.ruleset import Ruleset, rules_from_table
from mjtui.core.session import Session
from mjtui.core.systems.riichi.events import (
    AbortiveDraw,
    ExhaustiveDraw,
    Hand,
    Win,
    Winner,
    check,
    score_problem,
)
from mjtui.core.systems.riichi.points import base_points, payment
from mjtui.core.systems.riichi.rules import Rules
from mjtui.core.systems.riichi.table import State, apply, settle

PLAYERS = 4  # the seats of a log's arrays; a three-player log leaves the fourth empty
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
    r"(?P<a>\d{1,7})(?:-(?P<b>\d{1,7}))?点(?P<all>∀)?")
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
        raise LogError(f"{path}: not UTF-8 text (byte {e.start})") from None
    return loads_log(text, str(path))


def loads_log(text: str, where: str = "the log") -> dict[str, Any]:
    deep = _too_deep(text)
    if deep is not None:
        raise LogError(f"{where}: arrays and objects nest more than {MAX_DEPTH} deep "
                       f"(at character {deep}); a tenhou.net/6 log nests five")

    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not a number a log holds")

    try:
        document = json.loads(text, parse_constant=constant)
    except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError
        raise LogError(f"{where}: not a JSON document: {e}") from None
    if not isinstance(document, dict):
        raise LogError(f"{where}: not a tenhou.net/6 log: expected a JSON object with "
                       "\"name\" and \"log\"")
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
        return f"{'ESWN'[self.round // ROUNDS % 4]}{self.round % ROUNDS + 1}" + (
            f"-{self.honba}" if self.honba else "")


@dataclass
class Log:
    names: tuple[str, ...]
    aka: bool | None  # red fives, as the log's rule says (None: not said)
    rule: str  # the rule's display text
    hands: list[LogHand]
    problems: list[str] = field(default_factory=list)  # hands left out, and why
    ref: str = ""


def read_hands(document: dict[str, Any], rules: Rules) -> Log:
    """The names, rule and hands of a log document; LogError when its frame is unusable,
    a problem (and the hand left out) for a hand that is."""
    names = log_names(document)
    if rules.players != len(names):
        words = {3: "three", 4: "four"}
        raise LogError(f"the ruleset is for {rules.players} players; a tenhou.net/6 log of "
                       f"{words[len(names)]} needs a {words[len(names)]}-player riichi "
                       "ruleset" + (" (riichi-sanma)" if len(names) == 3 else ""))
    rule = document.get("rule", {})
    if not isinstance(rule, dict):
        raise LogError("key \"rule\": expected an object such as {\"disp\": ..., \"aka\": 1}")
    aka = _aka(rule)
    raw = document.get("log")
    if not isinstance(raw, list) or not raw:
        raise LogError("key \"log\": expected an array of hands, with at least one")
    ref = document.get("ref", "")
    log = Log(tuple(n.strip() for n in names), aka, str(rule.get("disp", ""))[:200], [],
              ref=ref if isinstance(ref, str) else "")
    headers = [_header(h) for h in raw]
    for i, item in enumerate(raw):
        following = headers[i + 1] if i + 1 < len(raw) else None
        try:
            log.hands.append(_hand(rules, item, i + 1, following))
        except (LogError, HandError) as e:
            log.problems.append(f"hand {i + 1}: {e}")
    return log


def log_names(document: dict[str, Any]) -> tuple[str, ...]:
    """The players' names: four, or three (a three-player log has three names or a fourth
    empty one); LogError when they are not."""
    names = document.get("name")
    if not isinstance(names, list) or len(names) not in (3, PLAYERS) or not all(
            isinstance(n, str) for n in names):
        raise LogError("key \"name\": expected the players' names (four, or three for a "
                       "three-player game)")
    if len(names) == PLAYERS and not names[-1].strip():
        names = names[:-1]
    if not all(n.strip() for n in names):
        raise LogError("key \"name\": a name is empty (only the fourth of a three-player "
                       "game may be)")
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
        raise LogError(f"{what}: expected a whole number from {low} to {high}, got "
                       f"{str(value)[:40]!r}")
    return value


def _ints(value: Any, what: str, count: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise LogError(f"{what}: expected {count} numbers, got {str(value)[:60]}")
    return tuple(_int(v, what) for v in value)


def _seat_ints(value: Any, what: str, seats: int) -> tuple[int, ...]:
    """A number per seat; at three seats the log may add a fourth, 0."""
    if seats < PLAYERS and isinstance(value, list) and len(value) == PLAYERS \
            and value[seats:] == [0] * (PLAYERS - seats):
        value = value[:seats]
    return _ints(value, what, seats)


def _header(item: Any) -> tuple[int, int, int] | None:
    try:
        return _ints(item[0], "", 3)  # type: ignore[return-value]
    except (LogError, TypeError, IndexError, KeyError):
        return None


def _hand(rules: Rules, item: Any, number: int,
          following: tuple[int, int, int] | None) -> LogHand:
    n = rules.players
    if not isinstance(item, list) or len(item) < 5 + 3 * n:
        raise LogError(f"expected an array of the hand's start, {n} x (haipai, draws, "
                       "discards) and its result")
    round_, honba, sticks = _ints(item[0], "the round, honba and sticks", 3)
    _int(round_, "the round", 0, 15)
    if round_ % ROUNDS >= n:
        raise LogError(f"the round {round_}: its dealer would be seat {round_ % ROUNDS + 1} "
                       f"of {n}")
    _int(honba, "the honba", 0, 1000)
    _int(sticks, "the riichi sticks", 0, 1000)
    scores = _seat_ints(item[1], "the start scores", n)
    discards = []
    for seat in range(n):
        d = item[4 + 3 * seat + 2]
        if not isinstance(d, list):
            raise LogError(f"the discards of seat {seat + 1}: expected an array")
        discards.append(d)
    # A three-player log has three seats' arrays or four, the fourth empty.
    result = item[4 + 3 * (PLAYERS if len(item) >= 5 + 3 * PLAYERS else n)]
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise LogError("the result: expected an array such as [\"和了\", [...], [...]]")
    declared = [s for s in range(n)
                if any(isinstance(t, str) and t.startswith("r") for t in discards[s])]
    kind = result[0]
    dealer_stays = following is not None and following[0] == round_
    scores_said: tuple[str, ...] = ()
    if kind == WIN:
        hand, changes, scores_said = _win(rules, result, declared, discards, round_)
    elif kind in EXHAUSTIVE or kind == NAGASHI:
        changes = _seat_ints(result[1], "the score changes", n) if len(result) > 1 \
            else (0,) * n
        hand = _draw(kind, changes, tuple(declared), round_ % ROUNDS, dealer_stays)
    elif kind in ABORTIVE:
        changes = _seat_ints(result[1], "the score changes", n) if len(result) > 1 \
            else (0,) * n
        hand = AbortiveDraw(riichi=tuple(declared), note=f"{kind} ({ABORTIVE[kind]})")
    else:
        raise LogError(f"the result {kind[:20]!r} is not one mjtui knows (和了, 流局, "
                       f"流し満貫, {', '.join(ABORTIVE)})")
    check(rules, hand)
    return LogHand(number, round_, honba, sticks, scores, hand, changes, scores_said)


def _draw(kind: str, changes: tuple[int, ...], riichi: tuple[int, ...], dealer: int,
          dealer_stays: bool) -> ExhaustiveDraw:
    if kind == NAGASHI:
        nagashi = tuple(s for s in range(len(changes)) if changes[s] > 0)
        # The log does not say who else was tenpai; a declarer was, and the dealer was
        # when the next hand has the same dealer.
        tenpai = set(riichi) | ({dealer} if dealer_stays else set())
        return ExhaustiveDraw(tuple(sorted(tenpai)), riichi, nagashi, note=kind)
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


def _win(rules: Rules, result: list[Any], declared: list[int], discards: list[list[Any]],
         round_: int) -> tuple[Win, tuple[int, ...], tuple[str, ...]]:
    pairs = result[1:]
    if not pairs or len(pairs) % 2:
        raise LogError("the win: expected score changes and details, per winner")
    n = rules.players
    changes = [0] * n
    winners, notes, said = [], [], []
    froms, pao = set(), None
    for k in range(0, len(pairs), 2):
        for s, c in enumerate(_seat_ints(pairs[k], "the score changes", n)):
            changes[s] += c
        details = pairs[k + 1]
        if not isinstance(details, list) or len(details) < 4 or not all(
                isinstance(d, str) for d in details[3:]):
            raise LogError("the win's details: expected [winner, from, liable, score, "
                           "yaku...]")
        seat = _int(details[0], "the winner", 0, n - 1)
        froms.add(_int(details[1], "the discarder", 0, n - 1))
        liable = _int(details[2], "the liable seat", 0, n - 1)
        if liable != seat:
            pao = liable
        tsumo = details[1] == seat
        winners.append(_winner(rules, seat, details[3], details[4:], tsumo))
        notes.append(" ".join(details[3:]))
        said.append(details[3])
    if len(froms) != 1:
        raise LogError("the winners of one hand name different discarders")
    discarder = froms.pop()
    tsumo = discarder in {w.seat for w in winners}
    if tsumo and len(winners) > 1:
        raise LogError("a tsumo with more than one winner")
    riichi = [s for s in declared
              if tsumo or s != discarder or not _declared_on_last(discards[s])]
    note = notes[0] if len(notes) == 1 else "; ".join(
        f"seat {w.seat + 1}: {n}" for w, n in zip(winners, notes))
    hand = Win(tuple(winners), discarder=None if tsumo else discarder, riichi=tuple(riichi),
               pao=pao, note=note)
    return hand, tuple(changes), tuple(said)


def _declared_on_last(discards: list[Any]) -> bool:
    """The riichi was declared with the seat's last discard: the tile won on by ron, so
    the riichi is not made (no stick)."""
    return bool(discards) and isinstance(discards[-1], str) and discards[-1].startswith("r")


def _winner(rules: Rules, seat: int, score: str, yaku: list[str], tsumo: bool) -> Winner:
    m = _SCORE.fullmatch(score)
    if m is None:
        raise LogError(f"the score {score[:40]!r}: expected e.g. \"30符2飜2000点\" or "
                       "\"満貫8000点\"")
    han_of_yaku, yakuman = 0, 0
    for name in yaku:
        y = _YAKU.fullmatch(name)
        if y is None:
            raise LogError(f"the yaku {name[:40]!r}: expected a name and (N飜) or (役満)")
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
        raise LogError(f"the score {score!r} has han but no fu and no limit")
    return Winner(seat, han, fu)


def _fu_for_mangan(rules: Rules, han: int, tsumo: bool) -> int | None:
    """The least fu that makes ``han`` a mangan under ``rules`` (None if none does)."""
    for fu in [20, 25] + list(range(30, 150, 10)):
        if score_problem(rules, han, fu, tsumo=tsumo) is None \
                and base_points(rules.limits, han, fu).limit == "mangan":
            return fu
    return None


# --------------------------------------------------------------------------
# Checking each hand against the log
# --------------------------------------------------------------------------


def log_state(rules: Rules, lh: LogHand) -> State:
    """The table before ``lh`` as the log has it."""
    return State(totals=lh.scores, east=lh.round % ROUNDS, hands=0,
                 round_wind=lh.round // ROUNDS % 4, hand_number=lh.round % ROUNDS + 1,
                 honba=lh.honba, deposits=lh.sticks * rules.payments.riichi_deposit,
                 penalties=(0,) * len(lh.scores))


def our_changes(rules: Rules, lh: LogHand) -> tuple[int, ...]:
    """What our scoring moves in ``lh``, counted as the log counts: without the declarers'
    own riichi deposits."""
    settled = settle(rules, log_state(rules, lh), lh.hand)
    deposit = rules.payments.riichi_deposit
    return tuple(c + (deposit if s in lh.hand.riichi else 0)
                 for s, c in enumerate(settled.change))


def difference(rules: Rules, lh: LogHand) -> str | None:
    """Why our payment for ``lh`` is not the log's (None when it is exactly)."""
    ours = our_changes(rules, lh)
    if ours == lh.changes:
        return None
    return (f"ours {_signed(ours)}, the log's {_signed(lh.changes)}: "
            f"{_reason(rules, lh, ours)}")


def _signed(values: tuple[int, ...]) -> str:
    return "[" + ", ".join(f"{v:+d}" if v else "0" for v in values) + "]"


def _reason(rules: Rules, lh: LogHand, ours: tuple[int, ...]) -> str:
    hand = lh.hand
    if isinstance(hand, ExhaustiveDraw) and hand.nagashi:
        return ("nagashi mangan is paid otherwise (the ruleset's draws.nagashi_honba, "
                "draws.nagashi_noten)")
    if isinstance(hand, ExhaustiveDraw):
        return f"the noten payments differ (draws.noten_total is {rules.draws.noten_total})"
    if isinstance(hand, AbortiveDraw):
        return "points moved in an abortive draw (draws.abortive)"
    if not isinstance(hand, Win):
        return "a difference in the ruleset"
    if hand.pao is not None:
        return f"pao is paid otherwise (payments.pao is {list(rules.payments.pao)})"
    if sum(lh.changes) != sum(ours):
        return ("the riichi sticks on the table are paid out otherwise "
                "(payments.riichi_deposit, payments.multiple_ron_deposits)")
    wrong = _base_differs(rules, lh)
    if wrong:
        return wrong
    if lh.honba:
        return ("the honba are paid otherwise (payments.honba_ron, payments.honba_tsumo, "
                "payments.multiple_ron_honba)")
    return "the payment is split otherwise among the payers"


def _base_differs(rules: Rules, lh: LogHand) -> str:
    """A winner whose score (without honba and sticks) is not the log's."""
    hand = lh.hand
    assert isinstance(hand, Win)
    dealer = lh.round % ROUNDS
    for w, said in zip(hand.winners, lh.scores_said):
        m = _SCORE.fullmatch(said)
        if m is None:
            continue
        a, b = int(m.group("a")), int(m.group("b") or 0)
        pay = payment(rules, w.han, w.fu, dealer=w.seat == dealer, tsumo=hand.tsumo,
                      yakuman=w.yakuman)
        if hand.tsumo and w.seat == dealer:
            ours_said = (pay.non_dealer, 0)
        elif hand.tsumo:
            ours_said = (pay.non_dealer, pay.dealer)
        else:
            ours_said = (pay.discarder, 0)
        if ours_said != (a, b):
            score = (f"{w.yakuman} yakuman" if w.yakuman else
                     f"{w.han} han" + (f" {w.fu} fu" if w.fu else ""))
            hint = " (limits.kiriage)" if w.han in (3, 4) and w.fu in (30, 60) else ""
            return (f"seat {w.seat + 1} of the log: {score} pays {pay.short()} with our rules, "
                    f"{said} in the log{hint}")
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
        return f"the game ends here with our rules ({after.end_text}), the log plays on"
    if ours == theirs:
        return None
    parts = []
    if ours[0] != theirs[0]:
        parts.append(f"dealer seat {ours[0] + 1} (the log's seat {theirs[0] + 1})")
    if ours[1] != theirs[1]:
        parts.append(f"{ours[1]} honba (the log's {theirs[1]})")
    if ours[2] != theirs[2]:
        parts.append(f"{ours[2]} riichi sticks (the log's {theirs[2]})")
    return "the next hand has " + ", ".join(parts) + " with our rules"


# --------------------------------------------------------------------------
# The session
# --------------------------------------------------------------------------


@dataclass
class Imported:
    """A log made a session, and what the import found on the way."""

    session: Session
    log: Log
    lines: list[str]  # what was adapted, each hand that differs and why, hands left out
    reproduced: int  # hands whose payment is exactly the log's
    compared: int  # hands compared


def import_log(document: dict[str, Any], ruleset: Ruleset,
               started: datetime | None = None) -> Imported:
    """The session of a log's hands under ``ruleset`` (aka and equal start points taken
    from the log), each hand's payment compared with the log's own."""
    if not isinstance(ruleset.rules, Rules):
        raise LogError(f"{ruleset.id} is a {ruleset.rules.system!r} ruleset; a tenhou.net/6 "
                       "log is riichi: choose a riichi ruleset")
    log = read_hands(document, ruleset.rules)
    lines: list[str] = []
    ruleset = _adapted(ruleset, log, lines)
    rules = ruleset.rules
    if not log.hands:
        raise LogError(f"no hand of the log can be scored with {ruleset.id}: "
                       + "; ".join(log.problems[:3]))
    first = log.hands[0]
    turn = first.round % ROUNDS
    if turn:
        lines.append(f"the log starts at {first.name}: the seats are turned so that its "
                     f"dealer, {log.names[turn]}, is seat 1 of the session, which starts "
                     "at East 1")
    if first.honba or first.sticks or first.scores != (rules.table.start_points,) * rules.players:
        lines.append(f"the log starts with {list(first.scores)}, {first.honba} honba and "
                     f"{first.sticks} riichi sticks; the session starts from the ruleset's "
                     f"table, so its totals are not the log's")
    players = _names(log.names)
    players = players[turn:] + players[:turn]
    session = Session(ruleset, players,
                      started or _started(log.ref) or datetime.now().astimezone().replace(
                          microsecond=0))
    reproduced = 0
    for i, lh in enumerate(log.hands):
        at = f"hand {lh.number} ({lh.name})"
        why = difference(rules, lh)
        if why:
            lines.append(f"{at}: {why}")
        else:
            reproduced += 1
        following = log.hands[i + 1] if i + 1 < len(log.hands) else None
        if following is not None and following.number == lh.number + 1:
            flow = flow_difference(rules, lh, following)
            if flow:
                lines.append(f"{at}: {flow}")
        try:
            session.add(turned(lh.hand, turn, rules.players), checked=True)
        except HandError as e:
            lines.append(f"{at}: not added to the session: {e}")
    lines += [f"{p}; left out" for p in log.problems]
    return Imported(session, log, lines, reproduced, len(log.hands))


def _adapted(ruleset: Ruleset, log: Log, lines: list[str]) -> Ruleset:
    """``ruleset`` with the red fives of the log's rule, and its start points when the
    log starts at East 1 with equal scores."""
    table = ruleset.table()
    changed = []
    if log.aka is not None and table["yaku"]["red_fives"] != log.aka:
        table["yaku"]["red_fives"] = log.aka
        changed.append(f"yaku.red_fives = {str(log.aka).lower()}")
    first = log.hands[0] if log.hands else None
    if first and (first.round, first.honba, first.sticks) == (0, 0, 0) \
            and len(set(first.scores)) == 1 and first.scores[0] > 0 \
            and first.scores[0] != table["table"]["start_points"]:
        table["table"]["start_points"] = first.scores[0]
        changed.append(f"table.start_points = {first.scores[0]}")
    if not changed:
        return ruleset
    lines.append(f"the ruleset {ruleset.id} is played with {', '.join(changed)}, as the log "
                 "has it")
    try:
        rules = rules_from_table(table, f"{ruleset.id} as the log plays it")
    except RulesetError as e:
        raise LogError(str(e)) from None
    return Ruleset(ruleset.id, ruleset.origin, rules)


def _names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names, clean and each a different player ("Aさん (2)" for a repeat)."""
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
    try:
        return datetime(*map(int, m.groups()), tzinfo=timezone(timedelta(hours=9)))
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
        return replace(hand, winners=tuple(replace(w, seat=s(w.seat)) for w in hand.winners),
                       discarder=None if hand.discarder is None else s(hand.discarder),
                       riichi=riichi, pao=None if hand.pao is None else s(hand.pao))
    if isinstance(hand, ExhaustiveDraw):
        return replace(hand, tenpai=seats(hand.tenpai), nagashi=seats(hand.nagashi),
                       riichi=riichi)
    return replace(hand, riichi=riichi)
