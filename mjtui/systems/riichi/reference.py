"""The riichi rules reference: payment tables, limits, fu, yaku, claims and the standings.

Every number comes from the ruleset and the system's own payment function,
so a ruleset that changes a key changes its reference.
"""

from __future__ import annotations

import dataclasses

from mjtui.core.reports.reference import (
    NEAREST,
    claiming,
    columns,
    fu_lines,
    short_doc,
    table,
    wrap,
)
from mjtui.core.systems.base import Section
from mjtui.systems.riichi.rules import Rules
from mjtui.systems.riichi.terms import key_name

RIICHI_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
RIICHI_HAN = (1, 2, 3, 4)


def sections(rules: Rules) -> list[Section]:
    from mjtui.systems.riichi.points import LIMIT_HAN, LIMIT_NAMES, payment

    def cell(han: int, fu: int, dealer: bool, tsumo: bool) -> str:
        if han < _riichi_least_han(rules, fu, tsumo):
            return "-"
        return payment(rules, han, fu, dealer=dealer, tsumo=tsumo).short()

    sections = []
    for dealer, who in ((False, "Non-dealer"), (True, "Dealer")):
        for tsumo, how in ((False, "ron"), (True, "tsumo")):
            rows = [
                [f"{fu} fu", *(cell(h, fu, dealer, tsumo) for h in RIICHI_HAN)] for fu in RIICHI_FU
            ]
            unit = (
                ("from each" if dealer else "non-dealers/dealer") if tsumo else "from the discarder"
            )
            sections.append(
                Section(
                    f"{who} {how} ({unit})",
                    tuple(table(["", *(f"{h} han" for h in RIICHI_HAN)], rows, 7)),
                )
            )
    lim = rules.limits
    rows = []
    names = {
        "mangan": "5",
        "haneman": "6-7",
        "baiman": "8-10",
        "sanbaiman": "11-12",
        "kazoe": "13+",
    }
    for name, han in reversed(LIMIT_HAN):
        p = [
            payment(rules, han, None, dealer=d, tsumo=t).short()
            for d in (False, True)
            for t in (False, True)
        ]
        label = (
            LIMIT_NAMES[name]
            if getattr(lim, name) >= lim.yakuman or name != "kazoe"
            else "kazoe (sanbaiman)"
        )
        rows.append([f"{label} ({names[name]} han)", str(getattr(lim, name)), *p])
    rows.append(
        [
            "yakuman",
            str(lim.yakuman),
            *(
                payment(rules, 0, None, dealer=d, tsumo=t, yakuman=1).short()
                for d in (False, True)
                for t in (False, True)
            ),
        ]
    )
    notes = [
        *wrap(
            "Below the limits the base is fu x 2^(2 + han), at most a mangan; each "
            f"payment is rounded up to {rules.payments.rounding} on its own."
        ),
        "Kiriage: 4 han 30 fu and 3 han 60 fu are paid as a mangan."
        if lim.kiriage
        else "No kiriage: 4 han 30 fu and 3 han 60 fu are paid as they count.",
        "Several yakuman in one hand pay several times."
        if lim.multiple_yakuman
        else "A hand pays one yakuman however many it holds.",
        f"Honba: +{rules.payments.honba_ron} a counter on a ron, "
        f"+{rules.payments.honba_tsumo} from each player a counter on a tsumo.",
        f"Riichi: {rules.payments.riichi_deposit} on the table, to the next winner.",
        f"Exhaustive draw: the noten players pay {rules.draws.noten_total} to the tenpai players.",
    ]
    sections.append(
        Section(
            "Limits (base; non-dealer ron, tsumo; dealer ron, tsumo)",
            tuple([*table(["", "base", "ron", "tsumo", "d. ron", "d. tsumo"], rows), "", *notes]),
        )
    )
    fu_rows = [
        [
            f"{f.name.replace('_', ' ')}",
            str(getattr(rules.fu, f.name)),
            short_doc(f.metadata.get("doc", "")),
        ]
        for f in dataclasses.fields(rules.fu)
    ]
    sections.append(
        Section("Fu items (a standard hand's fu are rounded up to 10)", tuple(fu_lines(fu_rows)))
    )
    sections.append(Section("Yaku (han closed / open; - closed only)", tuple(_riichi_yaku(rules))))
    several = {
        "head-bump": NEAREST,
        "double": "Two players may win on the same discard and both are paid; "
        "three winners make an abortive draw.",
        "triple": "Two or three players may win on the same discard and each is paid.",
    }[rules.payments.multiple_ron]
    sections.append(Section("Claiming a discard", tuple(claiming(several))))
    sections.append(Section("Final standings", tuple(_riichi_final(rules))))
    return sections


ROUNDING = {
    "exact": "The final points count as they are.",
    "4-down-5-up": "The final points of all but first place are rounded to 1000, a "
    "remainder of 500 or more up (4 down, 5 up); first place takes the "
    "difference.",
    "5-down-6-up": "The final points of all but first place are rounded to 1000, a "
    "remainder of more than 500 up (5 down, 6 up); first place takes the "
    "difference.",
}


def _riichi_final(rules: Rules) -> list[str]:
    final = rules.final

    def thousands(points: int) -> str:
        return f"{points / 1000:+.1f}" if points else "0.0"

    lines = [
        f"Final score = (points - {rules.table.target_points}) / 1000 + uma + oka "
        "(first place) - chombo penalties.",
        f"Uma, 1st to last: {' / '.join(thousands(u) for u in final.uma)}; oka "
        f"{thousands(final.oka)} to first place.",
        ROUNDING[final.rounding],
        "Equal totals: the seat nearer the first dealer ranks higher."
        if final.ties == "seat"
        else "Equal totals share the rank, the places' uma and the oka.",
        "Riichi deposits left at the end go to first place."
        if rules.end.left_over_deposits == "first"
        else "Riichi deposits left at the end leave the game.",
    ]
    return [w for line in lines for w in wrap(line)]


def _riichi_least_han(rules: Rules, fu: int, tsumo: bool) -> int:
    """The fewest han a hand of ``fu`` can have (99: no hand has it): 25 fu is seven
    pairs, 20 fu a pinfu tsumo or an open pinfu-shaped ron, as the ruleset counts them."""
    yaku, fu_rules = rules.yaku, rules.fu
    if fu == fu_rules.seven_pairs:
        return yaku.chiitoitsu + (yaku.menzen_tsumo if tsumo else 0)
    if fu == fu_rules.base:
        if tsumo:
            return yaku.pinfu + yaku.menzen_tsumo if fu_rules.pinfu_tsumo == fu else 99
        return 1 if fu_rules.open_pinfu == fu else 99
    return 1


def _riichi_yaku(rules: Rules) -> list[str]:
    cells = []
    yakuman = []
    for f in dataclasses.fields(rules.yaku):
        value = getattr(rules.yaku, f.name)
        name = key_name(f.name)
        if isinstance(value, bool):
            continue
        if isinstance(value, tuple):
            cells.append(f"{name} {value[0]}/{value[1] or '-'}")
        elif f.metadata.get("max"):
            yakuman.append(f"{name} {value}x" if value > 1 else name)
        else:
            cells.append(f"{name} {value}")
    out = columns(cells, 3)
    out.append("Yakuman (x: counted as several with yaku.double_yakuman):")
    out += wrap(", ".join(yakuman), "  ")
    flags = [
        f"open tanyao: {'yes' if rules.yaku.open_tanyao else 'no'}",
        f"red fives: {'yes, one dora each' if rules.yaku.red_fives else 'no'}",
        f"double yakuman: {'yes' if rules.yaku.double_yakuman else 'no'}",
    ]
    return [*out, "; ".join(flags)]
