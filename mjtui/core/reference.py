"""The rules reference of a ruleset, computed from the ruleset itself.

Every number comes from the ruleset's keys and the system's own scoring
functions (riichi's ``payment``, Pocket's ``portion`` and ``by_role``, East
doubling's ``settle``, the FX-602P's ``points``), never from a copy written
by hand: a ruleset that changes a key changes its reference. The result is
plain text in sections of at most :data:`WIDTH` columns, for the reference
screen and for ``mjtui rules RULESET``.

Only the scoring system of the ruleset is imported, so ``mjtui rules`` stays
as light as the other headless commands.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.base import WINDS

WIDTH = 76  # the reference screen at 80 columns: its margin and scrollbar beside it


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]


def reference(ruleset: Ruleset) -> list[Section]:
    """The reference of ``ruleset``: a heading section, then its system's sections."""
    rules = ruleset.rules
    head = _wrap(f"{ruleset.name} ({ruleset.id}), scored with the {rules.system!r} system.")
    if rules.description:
        head += _wrap(rules.description)
    head.append(f"{ruleset.players} players, {ruleset.start_points} points each to start.")
    build = _BUILDERS.get(rules.system, _keys)
    return [Section("Ruleset", tuple(head)), *build(rules)]


def reference_text(ruleset: Ruleset) -> str:
    """The reference as text: each section under its underlined title."""
    out: list[str] = []
    for section in reference(ruleset):
        out += [section.title, "-" * len(section.title), *section.lines, ""]
    return "\n".join(out).rstrip() + "\n"


# ------------------------------------------------------------------ helpers


def _wrap(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent) or [""]


def _table(header: list[str], rows: list[list[str]], first: int = 0,
           left_last: bool = False) -> list[str]:
    """Columns right-aligned to their widest cell (the first left-aligned, and the last
    too with ``left_last``)."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    if first:
        widths[0] = max(widths[0], first)

    def line(cells: list[str]) -> str:
        head, *rest = cells
        shown = [c.rjust(w) for c, w in zip(rest, widths[1:])]
        if left_last:
            shown[-1] = rest[-1].ljust(widths[-1])
        return "  ".join([head.ljust(widths[0]), *shown]).rstrip()

    return [line(header), *(line(r) for r in rows)]


def _doc(rules_part: Any, name: str) -> str:
    for f in dataclasses.fields(rules_part):
        if f.name == name:
            return f.metadata.get("doc", "")
    return ""


def _claiming(several: str) -> list[str]:
    """The order claims on one discard are settled in (the Pocket Mahjong page, seed 004);
    ``several`` says what happens when more than one player wins on it."""
    return [
        "When several players want the same discard:",
        "  1. a win beats everything: a pung or a kong is given up for it;",
        "  2. a pung or a kong beats a chow (which only the next player may claim);",
        "  3. a chow comes last.",
        *_wrap(several, "  "),
    ]


NEAREST = ("Two or three players win on the same discard: the nearest player in turn "
           "after the discarder wins; the others do not.")


# ------------------------------------------------------------------ riichi


RIICHI_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
RIICHI_HAN = (1, 2, 3, 4)


def _riichi(rules: Any) -> list[Section]:
    from mjtui.core.systems.riichi.points import LIMIT_HAN, LIMIT_NAMES, payment

    def cell(han: int, fu: int, dealer: bool, tsumo: bool) -> str:
        if han < _riichi_least_han(rules, fu, tsumo):
            return "-"
        return payment(rules, han, fu, dealer=dealer, tsumo=tsumo).short()

    sections = []
    for dealer, who in ((False, "Non-dealer"), (True, "Dealer")):
        for tsumo, how in ((False, "ron"), (True, "tsumo")):
            rows = [[f"{fu} fu", *(cell(h, fu, dealer, tsumo) for h in RIICHI_HAN)]
                    for fu in RIICHI_FU]
            unit = ("from each" if dealer else "non-dealers/dealer") if tsumo \
                else "from the discarder"
            sections.append(Section(
                f"{who} {how} ({unit})",
                tuple(_table(["", *(f"{h} han" for h in RIICHI_HAN)], rows, 7))))
    lim = rules.limits
    rows = []
    names = {"mangan": "5", "haneman": "6-7", "baiman": "8-10", "sanbaiman": "11-12",
             "kazoe": "13+"}
    for name, han in reversed(LIMIT_HAN):
        p = [payment(rules, han, None, dealer=d, tsumo=t).short()
             for d in (False, True) for t in (False, True)]
        label = LIMIT_NAMES[name] if getattr(lim, name) >= lim.yakuman or name != "kazoe" \
            else "kazoe (sanbaiman)"
        rows.append([f"{label} ({names[name]} han)", str(getattr(lim, name)), *p])
    rows.append(["yakuman", str(lim.yakuman),
                 *(payment(rules, 0, None, dealer=d, tsumo=t, yakuman=1).short()
                   for d in (False, True) for t in (False, True))])
    notes = [
        *_wrap("Below the limits the base is fu x 2^(2 + han), at most a mangan; each "
               f"payment is rounded up to {rules.payments.rounding} on its own."),
        "Kiriage: 4 han 30 fu and 3 han 60 fu are paid as a mangan." if lim.kiriage
        else "No kiriage: 4 han 30 fu and 3 han 60 fu are paid as they count.",
        "Several yakuman in one hand pay several times." if lim.multiple_yakuman
        else "A hand pays one yakuman however many it holds.",
        f"Honba: +{rules.payments.honba_ron} a counter on a ron, "
        f"+{rules.payments.honba_tsumo} from each player a counter on a tsumo.",
        f"Riichi: {rules.payments.riichi_deposit} on the table, to the next winner.",
        f"Exhaustive draw: the noten players pay {rules.draws.noten_total} to the tenpai "
        "players.",
    ]
    sections.append(Section("Limits (base; non-dealer ron, tsumo; dealer ron, tsumo)", tuple(
        _table(["", "base", "ron", "tsumo", "d. ron", "d. tsumo"], rows) + [""] + notes)))
    fu_rows = [[f"{f.name.replace('_', ' ')}", str(getattr(rules.fu, f.name)),
                _short_doc(f.metadata.get("doc", ""))] for f in dataclasses.fields(rules.fu)]
    sections.append(Section("Fu items (a standard hand's fu are rounded up to 10)",
                            tuple(_fu_lines(fu_rows))))
    sections.append(Section("Yaku (han closed / open; - closed only)",
                            tuple(_riichi_yaku(rules))))
    several = {"head-bump": NEAREST,
               "double": "Two players may win on the same discard and both are paid; "
                         "three winners make an abortive draw.",
               "triple": "Two or three players may win on the same discard and each is "
                         "paid."}[rules.payments.multiple_ron]
    sections.append(Section("Claiming a discard", tuple(_claiming(several))))
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


def _riichi_final(rules: Any) -> list[str]:
    final = rules.final

    def thousands(points: int) -> str:
        return f"{points / 1000:+.1f}" if points else "0.0"

    lines = [f"Final score = (points - {rules.table.target_points}) / 1000 + uma + oka "
             "(first place) - chombo penalties.",
             f"Uma, 1st to last: {' / '.join(thousands(u) for u in final.uma)}; oka "
             f"{thousands(final.oka)} to first place.",
             ROUNDING[final.rounding],
             "Equal totals: the seat nearer the first dealer ranks higher."
             if final.ties == "seat" else
             "Equal totals share the rank, the places' uma and the oka.",
             "Riichi deposits left at the end go to first place."
             if rules.end.left_over_deposits == "first" else
             "Riichi deposits left at the end leave the game."]
    return [w for line in lines for w in _wrap(line)]


def _short_doc(doc: str) -> str:
    """A key's doc without its default in brackets, for a one-line table."""
    import re

    return re.sub(r"\s*\([^()]*\)$", "", doc)


def _fu_lines(rows: list[list[str]]) -> list[str]:
    name_w = max(len(r[0]) for r in rows)
    out = []
    for name, value, doc in rows:
        lead = f"{name.ljust(name_w)}  {value.rjust(3)}  "
        wrapped = _wrap(doc, " " * len(lead))
        out.append(lead + wrapped[0].lstrip())
        out += wrapped[1:]
    return out


def _riichi_least_han(rules: Any, fu: int, tsumo: bool) -> int:
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


def _riichi_yaku(rules: Any) -> list[str]:
    cells = []
    yakuman = []
    for f in dataclasses.fields(rules.yaku):
        value = getattr(rules.yaku, f.name)
        name = f.name.replace("_", " ")
        if isinstance(value, bool):
            continue
        if isinstance(value, tuple):
            cells.append(f"{name} {value[0]}/{value[1] or '-'}")
        elif f.metadata.get("max"):
            yakuman.append(f"{name} {value}x" if value > 1 else name)
        else:
            cells.append(f"{name} {value}")
    out = _columns(cells, 3)
    out.append("Yakuman (x: counted as several with yaku.double_yakuman):")
    out += _wrap(", ".join(yakuman), "  ")
    flags = [f"open tanyao: {'yes' if rules.yaku.open_tanyao else 'no'}",
             f"red fives: {'yes, one dora each' if rules.yaku.red_fives else 'no'}",
             f"double yakuman: {'yes' if rules.yaku.double_yakuman else 'no'}"]
    return out + ["; ".join(flags)]


def _columns(cells: list[str], n: int) -> list[str]:
    width = WIDTH // n
    return ["".join(c.ljust(width) for c in cells[i:i + n]).rstrip()
            for i in range(0, len(cells), n)]


# ------------------------------------------------------------------ Pocket (HK fan)


def _pocket(rules: Any) -> list[Section]:
    from mjtui.core.systems.pocket.payments import by_role, multiplier, portion

    played, off = [], []
    for key, pattern in rules.patterns.items():
        if pattern.fan == 0:
            off.append(pattern.name)
            continue
        excludes = ", ".join(getattr(rules.patterns, k).name for k in pattern.excludes)
        played.append([pattern.name, "limit" if pattern.fan == "limit" else str(pattern.fan),
                       f"replaces {excludes}" if excludes else ""])
    # The "replaces" column wraps under itself.
    prefix = max(len(r[0]) for r in played) + 2 + max(3, *(len(r[1]) for r in played)) + 2
    rows = []
    for name, fan, excludes in played:
        parts = textwrap.wrap(excludes, WIDTH - prefix) or [""]
        rows += [[name, fan, parts[0]], *(["", "", part] for part in parts[1:])]
    lines = _table(["pattern", "fan", ""], rows, left_last=True)
    if off:
        lines += ["", "Not played here (0 fan):"] + _wrap(", ".join(off), "  ")
    p = rules.payments
    discard = {"half": "the discarder pays 1 portion, the two others half a portion each",
               "full": "the discarder pays 2 portions",
               "all": "the discarder pays what all three would pay on a self-draw"}[p.discard]
    curve = [
        f"A hand needs {rules.fan.minimum} fan to win; more than {rules.fan.limit} fan is "
        "paid as the limit.",
        *_wrap(f"A portion is {p.base} x the multiplier of the fan ({p.curve} curve). "
               f"Self-draw: each other player pays {p.self_draw_each} portion(s)"
               + ("; a named guarantor pays for all three." if p.guarantee else ".")
               + f" On a discard {discard}."),
        "",
    ]
    rows = []
    for fan in range(0, rules.fan.limit + 1):
        drawn, won = by_role(rules, fan, True), by_role(rules, fan, False)
        rows.append([str(fan) + (" (limit)" if fan == rules.fan.limit else ""),
                     str(multiplier(rules, fan)), str(portion(rules, fan)),
                     str(drawn["each"]), str(drawn["total"]), str(won["discarder"]),
                     str(won["others"]) if won["others"] else "-", str(won["total"])])
    curve += _table(["fan", "x", "portion", "each", "self-draw", "discarder", "others",
                     "discard"], rows)
    if rules.bonus.tiles:
        curve += ["", "Flowers and seasons are played"
                  + (" and their fan counts to the minimum." if rules.bonus.counts_to_minimum
                     else "; their fan does not count to the minimum.")]
    false_fan = rules.fan_value(rules.false_win.fan)
    curve += [""] + _wrap(
        f"False win: the offender pays each other player the portion of {false_fan} fan "
        f"({portion(rules, false_fan)}); the starter "
        + ("keeps the role." if rules.false_win.starter == "stay" else "passes."))
    return [Section("Fan table", tuple(lines)),
            Section("Payments by fan", tuple(curve)),
            Section("Claiming a discard", tuple(_claiming(NEAREST)))]


# ------------------------------------------------------------------ East doubling


def _east_doubling(rules: Any) -> list[Section]:
    from mjtui.core.systems.east_doubling import settle

    n = rules.table.players
    m = rules.payments.east_multiplier
    moves = {"stay": "East stays", "next": "East passes to the next seat"}
    rule = _wrap(
        f"Every player scores points in a hand. Each player pays every other player that "
        f"player's points, except that the winner pays nothing; an amount East pays or "
        f"receives is multiplied by {m}. A draw changes nothing.") + [
        f"East wins: {moves[rules.rotation.on_east_win]}. Another player wins: "
        f"{moves[rules.rotation.on_other_win]}.",
        f"A draw: {moves[rules.rotation.on_draw]}.",
    ]
    # A worked hand: seat 2 wins, East is seat 1.
    points = (8, 30, 4, 0, 0)[:n]
    winner, east = 1, 0
    change = settle(points, winner, east, m)
    seats = [f"{WINDS[s]}" for s in range(n)]
    worked = [f"Worked hand: {seats[winner]} wins; points "
              + ", ".join(f"{seats[s]} {points[s]}" for s in range(n)) + "."]
    for receiver in range(n):
        for payer in range(n):
            if payer in (receiver, winner) or points[receiver] == 0:
                continue
            factor = m if east in (receiver, payer) else 1
            worked.append(f"  {seats[payer]} pays {seats[receiver]} {points[receiver]}"
                          + (f" x {m} (East) = {points[receiver] * m}" if factor != 1 else ""))
    worked.append("Changes: " + ", ".join(f"{seats[s]} {change[s]:+d}" for s in range(n))
                  + " (they add up to 0).")
    sections = [Section("East doubling", tuple(rule)), Section("A worked hand", tuple(worked))]
    if n > 2:
        sections.append(Section("Claiming a discard", tuple(_claiming(NEAREST))))
    return sections


# ------------------------------------------------------------------ FX-602P


def _fx602p(rules: Any) -> list[Section]:
    from mjtui.core.systems.fx602p.evaluate import points

    p = rules.points
    lines = [f"points = {p.multiplier} x ({p.base} + {p.per_triplet} x triplets) x "
             "coefficient(han)", ""]
    rows = [[str(han), str(c), *(str(points(rules, han, t)) for t in range(4))]
            for han, c in enumerate(p.coefficients)]
    lines += _table(["han", "coeff.", "0 triplets", "1", "2", "3"], rows)
    lines.append(f"More than {len(p.coefficients) - 1} han use the last coefficient.")
    yaku = [[f.name, str(getattr(rules.yaku, f.name)), _short_doc(f.metadata.get("doc", ""))]
            for f in dataclasses.fields(rules.yaku)]
    yakuman = [[f.name, str(getattr(rules.yakuman, f.name)),
                _short_doc(f.metadata.get("doc", ""))] for f in dataclasses.fields(rules.yakuman)]
    return [Section("Points and the coefficient table", tuple(lines)),
            Section("Yaku (han; they add up)", tuple(_fu_lines(yaku))),
            Section("Yakuman (han)", tuple(_fu_lines(yakuman))),
            Section("Winning", ("Two players; the winner gains the points and the other "
                                "loses them;", "the last winner deals the next hand."))]


# ------------------------------------------------------------------ any other system


def _keys(rules: Any) -> list[Section]:
    """A system mjtui has no reference for: its keys and values as the ruleset gives them."""
    lines: list[str] = []

    def walk(obj: Any, prefix: str) -> None:
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if dataclasses.is_dataclass(value):
                walk(value, f"{prefix}{f.name}.")
            elif f.name not in ("name", "system", "description"):
                lines.append(f"{prefix}{f.name} = {value!r}")

    walk(rules, "")
    return [Section("Keys", tuple(lines))]


_BUILDERS: dict[str, Callable[[Any], list[Section]]] = {
    "riichi": _riichi, "pocket": _pocket, "east-doubling": _east_doubling, "fx602p": _fx602p,
}
