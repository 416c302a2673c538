"""A riichi game as Pantheon's text log: the final scores, then one statement a hand.

The format is that of Pantheon's text-log parser (:data:`PANTHEON_SPEC`); a
hand that log cannot say (pao, nagashi mangan, an abortive draw, a multiple
yakuman) is refused with the hand's number and the reason, or left out and
said when asked (``skipped``).
"""

from __future__ import annotations

import re
from typing import Any

from mjtui.core.model.session import Session
from mjtui.core.reports.export import ExportError, hand_records, seat_change_lines
from mjtui.core.systems.base import TableState
from mjtui.systems.riichi.terms import say

PANTHEON_SPEC = "MahjongPantheon/pantheon, Mimir/src/helpers/textLog/Parser.php and Tokenizer.php"


def pantheon_alias(name: str) -> str:
    """A name as Pantheon's text log takes a player: lower case letters, digits, _ and ."""
    alias = re.sub(r"[^a-z0-9_.]+", "_", name.casefold()).strip("_")
    return alias or "player"


def to_pantheon(
    session: Session, states: list[TableState] | None = None, skipped: list[str] | None = None
) -> str:
    """A riichi game as Pantheon's text log (the format of its text-log parser,
    :data:`PANTHEON_SPEC`): the final scores, then one statement a hand.

    A hand the log cannot say refuses the game, or, given ``skipped``, is left
    out and said there (the first line's final scores stay mjtui's)."""
    if len(session.players) != 4:
        raise ExportError(
            say(
                "the Pantheon text log is for four-player games only; use --format results for "
                "the standings"
            )
        )
    if session.seat_changes:
        raise ExportError(
            say(
                "the Pantheon text log has one player per seat for the whole game, but this "
                "session's seats change ({seat_change_lines})"
            ).format(seat_change_lines=seat_change_lines(session)[0])
        )
    states = session.states() if states is None else states
    aliases = _aliases(session.players)
    totals = session.ruleset.system.replay_fields(states[-1])["totals"]
    lines = [" ".join(f"{a}:{t}" for a, t in zip(aliases, totals, strict=False))]
    for number, record in enumerate(hand_records(session, states), 1):
        try:
            lines.append(_pantheon_hand(record, aliases, number))
        except ExportError as e:
            if skipped is None:
                raise
            skipped.append(f"left out {e}")
    return "\n".join(lines) + "\n"


def _aliases(players: tuple[str, ...]) -> list[str]:
    aliases: list[str] = []
    for seat, name in enumerate(players, 1):
        alias = pantheon_alias(name)
        aliases.append(f"{alias}{seat}" if alias in aliases else alias)
    return aliases


def _pantheon_hand(record: dict[str, Any], aliases: list[str], number: int) -> str:
    def who(seats: list[int]) -> str:
        return " ".join(aliases[s - 1] for s in seats)

    riichi = f" riichi {who(record['riichi'])}" if record["riichi"] else ""
    outcome = record["outcome"]
    if record.get("pao") or record.get("nagashi"):
        what = "pao" if record.get("pao") else "nagashi mangan"
        raise ExportError(
            say("hand {number}: Pantheon's text log has no way to write {what}").format(
                number=number, what=what
            )
        )
    if outcome == "exhaustive draw":
        tenpai = who(record["tenpai"]) if record["tenpai"] else "nobody"
        if len(record["tenpai"]) == len(aliases):
            tenpai = "all"
        return f"draw tempai {tenpai}{riichi}"
    if outcome == "chombo":
        return f"chombo {aliases[record['offender'] - 1]}"
    if outcome not in ("ron", "tsumo"):
        raise ExportError(
            say(
                "hand {number}: an {outcome} cannot be written in Pantheon's text log (its "
                "parser knows ron, tsumo, draw and chombo)"
            ).format(number=number, outcome=outcome)
        )
    parts = []
    for i, (seat, han, fu, yakuman) in enumerate(
        zip(record["winners"], record["han"], record["fu"], record["yakuman"], strict=False)
    ):
        if yakuman > 1 or (yakuman and riichi):
            wrong = (
                say("hand {number}: Pantheon's text log has no way to write a multiple yakuman")
                if yakuman > 1
                else say(
                    "hand {number}: Pantheon's text log has no way to write riichi beside a "
                    "yakuman without its yaku"
                )
            )
            raise ExportError(wrong.format(number=number))
        score = "yakuman" if yakuman else f"{han}han" + (f" {fu}fu" if fu and han < 5 else "")
        parts.append(f"{aliases[seat - 1]} {score}" + (riichi if i == 0 else ""))
    if outcome == "tsumo":
        return f"tsumo {parts[0]}"
    first, *more = parts
    winner, _, rest = first.partition(" ")
    text = f"ron {winner} from {aliases[record['discarder'] - 1]} {rest}"
    return " also ".join([text, *more])
