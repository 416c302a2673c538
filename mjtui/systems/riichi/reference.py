"""The riichi rules reference: payment tables, limits, fu, yaku, claims and the standings.

Every number comes from the ruleset and the system's own payment function,
so a ruleset that changes a key changes its reference.
"""

from __future__ import annotations

import dataclasses

from mjtui.core.language import term
from mjtui.core.reports.reference import (
    NEAREST,
    claiming,
    columns,
    fu_lines,
    short_doc,
    table,
    wrap,
)
from mjtui.core.systems.capabilities import Section
from mjtui.systems.riichi.rules import Rules
from mjtui.systems.riichi.terms import PACKAGE, key_name, limit_name, say

RIICHI_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
RIICHI_HAN = (1, 2, 3, 4)


def sections(rules: Rules) -> list[Section]:
    from mjtui.systems.riichi.points import LIMIT_HAN, LIMIT_NAMES, payment

    def cell(han: int, fu: int, dealer: bool, tsumo: bool) -> str:
        if han < _riichi_least_han(rules, fu, tsumo):
            return "-"
        return payment(rules, han, fu, dealer=dealer, tsumo=tsumo).short()

    sections = []
    fu_words, han_words = say("{fu} fu"), say("{han} han")
    for dealer, who in ((False, "Non-dealer"), (True, "Dealer")):
        for tsumo, how in ((False, "ron"), (True, "tsumo")):
            rows = [
                [fu_words.format(fu=fu), *(cell(h, fu, dealer, tsumo) for h in RIICHI_HAN)]
                for fu in RIICHI_FU
            ]
            unit = (
                ("from each" if dealer else "non-dealers/dealer") if tsumo else "from the discarder"
            )
            sections.append(
                Section(
                    f"{who} {how} ({unit})",  # the title's words are the catalog's id
                    tuple(table(["", *(han_words.format(han=h) for h in RIICHI_HAN)], rows, 7)),
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
            limit_name(LIMIT_NAMES[name])
            if getattr(lim, name) >= lim.yakuman or name != "kazoe"
            else say("kazoe (sanbaiman)")
        )
        rows.append([f"{label} ({han_words.format(han=names[name])})", str(getattr(lim, name)), *p])
    rows.append(
        [
            limit_name("yakuman"),
            str(lim.yakuman),
            *(
                payment(rules, 0, None, dealer=d, tsumo=t, yakuman=1).short()
                for d in (False, True)
                for t in (False, True)
            ),
        ]
    )
    notes = [
        say(
            "Below the limits the base is fu x 2^(2 + han), at most a mangan; each "
            "payment is rounded up to {rounding} on its own."
        ).format(rounding=rules.payments.rounding),
        say("Kiriage: 4 han 30 fu and 3 han 60 fu are paid as a mangan.")
        if lim.kiriage
        else say("No kiriage: 4 han 30 fu and 3 han 60 fu are paid as they count."),
        say("Several yakuman in one hand pay several times.")
        if lim.multiple_yakuman
        else say("A hand pays one yakuman however many it holds."),
        say(
            "Honba: +{ron} a counter on a ron, +{tsumo} from each player a counter on a tsumo."
        ).format(ron=rules.payments.honba_ron, tsumo=rules.payments.honba_tsumo),
        say("Riichi: {deposit} on the table, to the next winner.").format(
            deposit=rules.payments.riichi_deposit
        ),
        say("Exhaustive draw: the noten players pay {total} to the tenpai players.").format(
            total=rules.draws.noten_total
        ),
    ]
    base = term(PACKAGE, "base points", "base")  # not the fu item "base" (副底)
    header = ["", base, say("ron"), say("tsumo"), say("d. ron"), say("d. tsumo")]
    sections.append(
        Section(
            "Limits (base; non-dealer ron, tsumo; dealer ron, tsumo)",
            tuple([*table(header, rows), "", *(w for note in notes for w in wrap(note))]),
        )
    )
    # Each fu item by its key, its doc in the language spoken (the catalog holds the
    # doc's English without its default in brackets).
    fu_rows = [
        [
            key_name(f.name),
            str(getattr(rules.fu, f.name)),
            say(short_doc(f.metadata.get("doc", ""))),
        ]
        for f in dataclasses.fields(rules.fu)
    ]
    sections.append(
        Section("Fu items (a standard hand's fu are rounded up to 10)", tuple(fu_lines(fu_rows)))
    )
    sections.append(Section("Yaku (han closed / open; - closed only)", tuple(_riichi_yaku(rules))))
    several = {
        "head-bump": NEAREST,
        "double": say(
            "Two players may win on the same discard and both are paid; "
            "three winners make an abortive draw."
        ),
        "triple": say("Two or three players may win on the same discard and each is paid."),
    }[rules.payments.multiple_ron]
    sections.append(Section("Claiming a discard", tuple(claiming(several))))
    sections.append(Section("Final standings", tuple(_riichi_final(rules))))
    return sections


def _rounding(how: str) -> str:
    return {
        "exact": say("The final points count as they are."),
        "4-down-5-up": say(
            "The final points of all but first place are rounded to 1000, a "
            "remainder of 500 or more up (4 down, 5 up); first place takes the "
            "difference."
        ),
        "5-down-6-up": say(
            "The final points of all but first place are rounded to 1000, a "
            "remainder of more than 500 up (5 down, 6 up); first place takes the "
            "difference."
        ),
    }[how]


def _riichi_final(rules: Rules) -> list[str]:
    final = rules.final

    def thousands(points: int) -> str:
        return f"{points / 1000:+.1f}" if points else "0.0"

    lines = [
        say(
            "Final score = (points - {target}) / 1000 + uma + oka (first place) - chombo penalties."
        ).format(target=rules.table.target_points),
        say("Uma, 1st to last: {uma}; oka {oka} to first place.").format(
            uma=" / ".join(thousands(u) for u in final.uma), oka=thousands(final.oka)
        ),
        _rounding(final.rounding),
        say("Equal totals: the seat nearer the first dealer ranks higher.")
        if final.ties == "seat"
        else say("Equal totals share the rank, the places' uma and the oka."),
        say("Riichi deposits left at the end go to first place.")
        if rules.end.left_over_deposits == "first"
        else say("Riichi deposits left at the end leave the game."),
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
    out += wrap(say("Yakuman (x: counted as several with yaku.double_yakuman):"))
    out += wrap(say(", ").join(yakuman), "  ")
    yes, no = say("yes"), say("no")
    flags = [
        say("open tanyao: {answer}").format(answer=yes if rules.yaku.open_tanyao else no),
        say("red fives: {answer}").format(
            answer=say("yes, one dora each") if rules.yaku.red_fives else no
        ),
        say("double yakuman: {answer}").format(answer=yes if rules.yaku.double_yakuman else no),
    ]
    return [*out, *wrap(say("; ").join(flags))]
