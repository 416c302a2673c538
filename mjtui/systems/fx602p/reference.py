"""The FX-602P rules reference: points, the coefficient table, yaku."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from mjtui.core.reports.reference import (
    fu_lines,
    short_doc,
    table,
)
from mjtui.core.systems.base import Section

if TYPE_CHECKING:
    from mjtui.systems.fx602p.rules import Rules


def sections(rules: Rules) -> list[Section]:
    from mjtui.systems.fx602p.evaluate import points

    p = rules.points
    lines = [
        f"points = {p.multiplier} x ({p.base} + {p.per_triplet} x triplets) x coefficient(han)",
        "",
    ]
    rows = [
        [str(han), str(c), *(str(points(rules, han, t)) for t in range(4))]
        for han, c in enumerate(p.coefficients)
    ]
    lines += table(["han", "coeff.", "0 triplets", "1", "2", "3"], rows)
    lines.append(f"More than {len(p.coefficients) - 1} han use the last coefficient.")
    yaku = [
        [f.name, str(getattr(rules.yaku, f.name)), short_doc(f.metadata.get("doc", ""))]
        for f in dataclasses.fields(rules.yaku)
    ]
    yakuman = [
        [f.name, str(getattr(rules.yakuman, f.name)), short_doc(f.metadata.get("doc", ""))]
        for f in dataclasses.fields(rules.yakuman)
    ]
    return [
        Section("Points and the coefficient table", tuple(lines)),
        Section("Yaku (han; they add up)", tuple(fu_lines(yaku))),
        Section("Yakuman (han)", tuple(fu_lines(yakuman))),
        Section(
            "Winning",
            (
                "Two players; the winner gains the points and the other loses them;",
                "the last winner deals the next hand.",
            ),
        ),
    ]
