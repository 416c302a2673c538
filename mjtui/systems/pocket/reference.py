"""The Hong Kong fan rules reference: the fan table, payments by fan, claims."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjtui.core.reports.reference import (
    NEAREST,
    claiming,
    sentences,
    table,
    width,
    wrap,
)
from mjtui.core.systems.capabilities import Section

if TYPE_CHECKING:
    from mjtui.systems.pocket.rules import Rules


def sections(rules: Rules) -> list[Section]:
    from mjtui.core.cells import cells
    from mjtui.core.cells import wrap as wrap_cells
    from mjtui.systems.pocket.payments import by_role, multiplier, portion
    from mjtui.systems.pocket.terms import pattern_name, say

    played, off = [], []
    for key, pattern in rules.patterns.items():
        if pattern.fan == 0:
            off.append(pattern_name(key, pattern.name))
            continue
        excludes = ", ".join(
            pattern_name(k, getattr(rules.patterns, k).name) for k in pattern.excludes
        )
        played.append(
            [
                pattern_name(key, pattern.name),
                say("limit") if pattern.fan == "limit" else str(pattern.fan),
                say("replaces {patterns}").format(patterns=excludes) if excludes else "",
            ]
        )
    # The "replaces" column wraps under itself.
    prefix = max(cells(r[0]) for r in played) + 2 + max(3, *(cells(r[1]) for r in played)) + 2
    rows = []
    for name, fan_text, excludes in played:
        parts = wrap_cells(excludes, width() - prefix) or [""]
        rows += [[name, fan_text, parts[0]], *(["", "", part] for part in parts[1:])]
    lines = table([say("pattern"), say("fan"), ""], rows, left_last=True)
    if off:
        lines += ["", say("Not played here (0 fan):"), *wrap(say(", ").join(off), "  ")]
    p = rules.payments
    discard = {
        "half": say("the discarder pays 1 portion, the two others half a portion each"),
        "full": say("the discarder pays 2 portions"),
        "all": say("the discarder pays what all three would pay on a self-draw"),
    }[p.discard]
    guarantee = say("; a named guarantor pays for all three.") if p.guarantee else say(".")
    curve = [
        *wrap(
            say(
                "A hand needs {minimum} fan to win; more than {limit} fan is paid as the limit."
            ).format(minimum=rules.fan.minimum, limit=rules.fan.limit)
        ),
        *wrap(
            sentences(
                say("A portion is {base} x the multiplier of the fan ({curve} curve).").format(
                    base=p.base, curve=p.curve
                ),
                say("Self-draw: each other player pays {n} portion(s)").format(n=p.self_draw_each)
                + guarantee,
                say("On a discard {discard}.").format(discard=discard),
            )
        ),
        "",
    ]
    rows = []
    for fan in range(0, rules.fan.limit + 1):
        drawn, won = by_role(rules, fan, True), by_role(rules, fan, False)
        rows.append(
            [
                str(fan) + (say(" (limit)") if fan == rules.fan.limit else ""),
                str(multiplier(rules, fan)),
                str(portion(rules, fan)),
                str(drawn["each"]),
                str(drawn["total"]),
                str(won["discarder"]),
                str(won["others"]) if won["others"] else "-",
                str(won["total"]),
            ]
        )
    header = ["fan", "x", "portion", "each", "self-draw", "discarder", "others", "discard"]
    curve += table([say(h) if h != "x" else h for h in header], rows)
    if rules.bonus.tiles:
        curve += [
            "",
            *wrap(
                say("Flowers and seasons are played and their fan counts to the minimum.")
                if rules.bonus.counts_to_minimum
                else say("Flowers and seasons are played; their fan does not count to the minimum.")
            ),
        ]
    false_fan = rules.fan_value(rules.false_win.fan)
    starter = (
        say("the starter keeps the role.")
        if rules.false_win.starter == "stay"
        else say("the starter passes.")
    )
    curve += [
        "",
        *wrap(
            say(
                "False win: the offender pays each other player the portion of {fan} fan "
                "({portion}); {starter}"
            ).format(fan=false_fan, portion=portion(rules, false_fan), starter=starter)
        ),
    ]
    return [
        Section("Fan table", tuple(lines)),
        Section("Payments by fan", tuple(curve)),
        Section("Claiming a discard", tuple(claiming(NEAREST))),
    ]
