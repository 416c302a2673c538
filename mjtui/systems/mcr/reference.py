"""The Chinese Official rules reference: winning and paying, the game, and every fan.

Computed from the ruleset: the payments with :func:`~.payments.by_role`, the
seats from ``game.seats``, the fans grouped by the value the ruleset gives
them (a fan turned off is listed apart). Each fan has its Chinese name and its
one line: in English after its English name (:mod:`.fans`), in Chinese the
catalog's (:func:`.terms.description`). A Chinese name takes two cells a
character, so the columns are laid out in cells (:mod:`.wording`), never with
``len``.
"""

from __future__ import annotations

import textwrap
from typing import Any

from mjtui.core import cells as cell
from mjtui.core import language
from mjtui.core.language import ENGLISH
from mjtui.core.reports.reference import sentences, table, width, wrap
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.capabilities import Section
from mjtui.core.systems.winds import wind_name
from mjtui.systems.mcr.fans import ALL_FANS, RANK
from mjtui.systems.mcr.terms import chinese_name, description, say
from mjtui.systems.mcr.wording import cells, pad

ZH = max(cells(f.name_zh) for f in ALL_FANS)  # the Chinese names' column, in cells
INDENT = "  "
EXAMPLE_FANS = (8, 10, 12, 16, 24, 32, 48, 64, 88)


def sections(rules: Any) -> list[Section]:
    return [
        Section("Winning and paying", tuple(_paying(rules))),
        Section("The game", tuple(_game(rules))),
        Section("The fans", tuple(_fans(rules))),
    ]


def _paying(rules: Any) -> list[str]:
    from mjtui.systems.mcr.payments import by_role

    base, minimum = rules.payments.base, rules.win.minimum
    flower = rules.value("flower_tiles")
    needs = (
        say("A hand needs {minimum} fan to be declared, flowers included.")
        if rules.win.flowers_count
        else say(
            "A hand needs {minimum} fan to be declared, not counting the flowers ({flower} "
            "fan each, added to the total)."
        )
    )
    lines = wrap(
        sentences(
            needs.format(minimum=minimum, flower=flower),
            say(
                "On a discard the discarder pays {base} + fan and each of the two others "
                "{base}; on a self-draw each of the three others pays {base} + fan."
            ).format(base=base),
        )
    )
    rows = []
    for fan in EXAMPLE_FANS:
        if fan < minimum:
            continue
        won, drawn = by_role(rules, fan, False), by_role(rules, fan, True)
        rows.append(
            [
                str(fan),
                str(won["discarder"]),
                str(won["others"]),
                str(won["total"]),
                str(drawn["each"]),
                str(drawn["total"]),
            ]
        )
    header = ["fan", "discarder", "others", "discard", "each", "self-draw"]
    lines += ["", *table([say(h) for h in header], rows)]
    return lines


def _game(rules: Any) -> list[str]:
    g = rules.game
    rounds = -(-g.hands // g.hands_per_round)
    game = (
        say(
            "A game is {hands} hands, {rounds} rounds of {per}: the dealer passes to the next "
            "seat after every hand, won or drawn; the round wind changes after each round, "
            "and the players change seats:"
        )
        if g.seats
        else say(
            "A game is {hands} hands, {rounds} rounds of {per}: the dealer passes to the next "
            "seat after every hand, won or drawn; the round wind changes after each round."
        )
    )
    lines = wrap(game.format(hands=g.hands, rounds=rounds, per=g.hands_per_round))
    if g.seats:
        rows = []
        player = say("player {n}")
        for r in range(rounds):
            row = g.seats[min(r, len(g.seats) - 1)]
            rows.append(
                [
                    say("{wind} round").format(wind=wind_name(r % 4)),
                    *(player.format(n=p) for p in row),
                ]
            )
        lines += ["", *table(["", *(wind_name(w) for w in range(len(WINDS)))], rows)]
        lines += wrap(say("(players numbered by their seats in the first round)"))
    fw = rules.false_win
    false_win = (
        say(
            "A false win costs the offender {points} to each of the three others, and the "
            "hand goes on;"
        )
        if fw.paid_to == "others"
        else say("A false win costs the offender {points} off his score, and the hand goes on;")
    )
    penalty = (
        say("a penalty for a foul is taken off the offender's score.")
        if rules.penalty.paid_to == "nobody"
        else say(
            "a penalty for a foul is taken off the offender's score and shared among the "
            "three others."
        )
    )
    lines += [""]
    lines += wrap(
        sentences(false_win.format(points=fw.each), penalty, say("Neither is a hand of the game."))
    )
    points = " / ".join(str(p) for p in rules.standings.table_points)
    lines += [""]
    lines += wrap(
        say(
            "Standings: places by the game score, table points {points} for first to "
            "fourth; tied players share the points of the places they hold."
        ).format(points=points)
    )
    return lines


def _fan_lines(fan: Any) -> list[str]:
    """One fan: its Chinese name, then its line, wrapped under it: in English after its
    English name, in a language that has its line (Chinese) that line alone."""
    lead = INDENT + pad(chinese_name(fan.key), ZH) + "  "
    room = width() - cells(lead)
    line = description(fan.key)
    if language.current() != ENGLISH and line != fan.description:
        parts = cell.wrap(line, room) or [""]  # Chinese breaks between characters
    else:
        parts = textwrap.wrap(f"{fan.name}: {fan.description}", room) or [""]
    return [lead + parts[0], *(" " * cells(lead) + part for part in parts[1:])]


def _fans(rules: Any) -> list[str]:
    by_value: dict[int, list[Any]] = {}
    off = []
    for fan in sorted(ALL_FANS, key=lambda f: RANK[f.key]):
        value = rules.value(fan.key)
        if value:
            by_value.setdefault(value, []).append(fan)
        else:
            off.append(fan)
    lines = wrap(
        say(
            "Every fan the hand has is counted, except those a higher fan implies (the "
            "exclusion principle) and those the sets already used for another fan would "
            "make again; flowers are counted apart."
        )
    )
    for value in sorted(by_value, reverse=True):
        group = by_value[value]
        heading = say("{n} fan").format(n=value)
        lines += ["", heading + (f" ({len(group)})" if len(group) > 1 else "")]
        for fan in group:
            lines += _fan_lines(fan)
    if off:
        lines += ["", say("Not played here (0 fan):")]
        for fan in off:
            lines += _fan_lines(fan)
    return lines


__all__ = ["sections"]
