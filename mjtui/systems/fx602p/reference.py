"""The FX-602P rules reference: points, the coefficient table, yaku."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from mjtui.core.reports.reference import (
    fu_lines,
    short_doc,
    table,
    wrap,
)
from mjtui.core.systems.capabilities import Section
from mjtui.systems.fx602p.terms import say, yaku_name

if TYPE_CHECKING:
    from mjtui.systems.fx602p.rules import Rules


def sections(rules: Rules) -> list[Section]:
    from mjtui.systems.fx602p.evaluate import points

    p = rules.points
    lines = [
        say("points = {m} x ({base} + {per} x triplets) x coefficient(han)").format(
            m=p.multiplier, base=p.base, per=p.per_triplet
        ),
        "",
    ]
    rows = [
        [str(han), str(c), *(str(points(rules, han, t)) for t in range(4))]
        for han, c in enumerate(p.coefficients)
    ]
    lines += table([say("han"), say("coeff."), say("0 triplets"), "1", "2", "3"], rows)
    lines += wrap(
        say("More than {n} han use the last coefficient.").format(n=len(p.coefficients) - 1)
    )
    # Each yaku by its key (ピンフ in Japanese), its doc in the language spoken: the
    # catalog holds the doc's English without its default in brackets.
    yaku = [
        [yaku_name(f.name), str(getattr(rules.yaku, f.name)), say(short_doc(f.metadata["doc"]))]
        for f in dataclasses.fields(rules.yaku)
    ]
    yakuman = [
        [
            yaku_name(f.name),
            str(getattr(rules.yakuman, f.name)),
            say(short_doc(f.metadata["doc"])),
        ]
        for f in dataclasses.fields(rules.yakuman)
    ]
    return [
        Section("Points and the coefficient table", tuple(lines)),
        Section("Yaku (han; they add up)", tuple(fu_lines(yaku))),
        Section("Yakuman (han)", tuple(fu_lines(yakuman))),
        Section(
            "Winning",
            tuple(
                wrap(
                    say(
                        "Two players; the winner gains the points and the other loses them; "
                        "the last winner deals the next hand."
                    )
                )
            ),
        ),
    ]
