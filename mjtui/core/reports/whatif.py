"""What-if: the same hands scored under other rules, to compare with what was played.

"What would last night have paid at the other table?" The hands a session
records are what happened at the table (who won, what each player scored);
the ruleset only turns them into payments. So re-scoring is the same fold
under other rules, and both folds are returned for a side-by-side view.

Only rules of the same scoring system and the same number of players can
read the same hands; anything else is refused with the reason. A variant of
a ruleset (other start points, another East multiplier...) is made from
dotted keys and read through the same strict schema as a ruleset file, so a
bad value gets the usual message naming the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mjtui.core.errors import HandError, MjtuiError, RulesetError
from mjtui.core.files.reading import TomlLimitError, loads, number_problem
from mjtui.core.language import _
from mjtui.core.model.session import Session
from mjtui.core.model.standings import Standing, standings
from mjtui.core.reports.export import HandRow, hand_rows
from mjtui.core.rulesets.ruleset import Ruleset, rules_from_table
from mjtui.core.systems.base import TableState

COSMETIC_KEYS = ("name", "description")  # keys that change no payment


class IncompatibleRulesError(MjtuiError):
    """Rules that cannot score a session's hands (another system, another table size)."""


@dataclass(frozen=True)
class Comparison:
    """One seat's result as played and under the other rules."""

    seat: int
    player: str
    played: int  # final total as played
    what_if: int  # final total under the other rules
    played_net: int
    what_if_net: int

    @property
    def difference(self) -> int:
        """How much better (or worse, when negative) the other rules' net would have been."""
        return self.what_if_net - self.played_net


@dataclass(frozen=True)
class WhatIf:
    """Both folds of the same hands: ``played[i]`` and ``what_if[i]`` are the tables
    after ``i`` hands (index 0 is before the first hand)."""

    session: Session  # as played
    rescored: Session  # the same players and hands under the other rules
    played: list[TableState]  # the states, as Session.states() gives them
    what_if: list[TableState]

    def rows(self) -> tuple[list[HandRow], list[HandRow]]:
        """Each hand's settlement as played and under the other rules."""
        return hand_rows(self.session, self.played), hand_rows(self.rescored, self.what_if)

    def standings(self) -> tuple[list[Standing], list[Standing]]:
        return standings(self.session, self.played), standings(self.rescored, self.what_if)

    def comparison(self) -> list[Comparison]:
        """Per seat, in seat order: final totals and nets under both rules."""
        played, other = self.standings()
        by_seat = {s.seat: s for s in other}
        return [
            Comparison(s.seat, s.player, s.total, by_seat[s.seat].total, s.net, by_seat[s.seat].net)
            for s in sorted(played, key=lambda s: s.seat)
        ]

    def differences(self) -> list[tuple[str, Any, Any]]:
        """The rules that differ: (dotted key, as played, what if)."""
        return rule_differences(self.session.ruleset, self.rescored.ruleset)


def check_compatible(session: Session, other: Ruleset) -> None:
    """Raise IncompatibleRulesError, saying why, unless ``other`` can score the hands."""
    played = session.ruleset
    if other.rules.system != played.rules.system:
        raise IncompatibleRulesError(
            _(
                "{origin}: {name} uses the scoring system {system}, but the session was played "
                "with {system2} ({name2}); its hands cannot be scored by another system"
            ).format(
                origin=other.origin,
                name=repr(other.name),
                system=repr(other.rules.system),
                system2=repr(played.rules.system),
                name2=played.name,
            )
        )
    if other.players != len(session.players):
        raise IncompatibleRulesError(
            _(
                "{origin}: {name} is for {players} players, but the session has {n} ({names})"
            ).format(
                origin=other.origin,
                name=repr(other.name),
                players=other.players,
                n=len(session.players),
                names=", ".join(session.players),
            )
        )


def rescore(session: Session, other: Ruleset) -> WhatIf:
    """Score the session's hands under ``other``; the session itself is not changed."""
    check_compatible(session, other)
    for number, hand in enumerate(session.hands, 1):
        try:
            other.system.check(other.rules, hand)
        except HandError as e:
            raise IncompatibleRulesError(
                _("{origin}: hand {number} cannot be scored under {name}: {e}").format(
                    origin=other.origin, number=number, name=repr(other.name), e=e
                )
            ) from None
    rescored = Session(
        other,
        session.players,
        session.started,
        list(session.hands),
        seat_changes=session.seat_changes,
    )
    return WhatIf(session, rescored, session.states(), rescored.states())


def rescore_with(session: Session, overrides: Mapping[str, Any]) -> WhatIf:
    """Re-score under the rules as played, changed by ``overrides`` (see :func:`variant`)."""
    return rescore(session, variant(session.ruleset, overrides))


def variant(ruleset: Ruleset, overrides: Mapping[str, Any], name: str | None = None) -> Ruleset:
    """A copy of ``ruleset`` with some keys changed, e.g. ``{"table.start_points": 25000}``.

    The result is read strictly, as a ruleset file is: an unknown key or a
    value out of range raises RulesetError naming the key. Unless ``name``
    (or a ``"name"`` override) is given, the variant's name says what changed.
    """
    where = f"{ruleset.origin} (what-if changes)"
    table = ruleset.table()
    for key, value in overrides.items():
        parts = key.split(".")
        if not all(p.strip() for p in parts):
            raise RulesetError(
                _("{where}: key {key}: expected a dotted key such as 'table.start_points'").format(
                    where=where, key=repr(key)
                )
            )
        node = table
        for depth, part in enumerate(parts[:-1], 1):
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                raise RulesetError(
                    _("{where}: key {names} is not a table, so {key} cannot be set").format(
                        where=where, names=repr(".".join(parts[:depth])), key=repr(key)
                    )
                )
            node = child
        node[parts[-1]] = value
    if name is not None:
        table["name"] = name
    elif "name" not in overrides and overrides:
        table["name"] = f"{ruleset.name}, what if {describe_overrides(overrides)}"
    beyond = number_problem(table)
    if beyond:
        raise RulesetError(f"{where}: {beyond}")
    return Ruleset(id=ruleset.id, origin=where, rules=rules_from_table(table, where))


def describe_overrides(overrides: Mapping[str, Any]) -> str:
    return ", ".join(f"{key} = {_show(value)}" for key, value in overrides.items())


def parse_value(text: str) -> Any:
    """A value typed in a form: a TOML value (``3``, ``true``, ``"next"``), else the text.

    So ``25000`` is the integer and ``stay`` the string; the strict reader then
    says whether it fits the key.
    """
    try:
        return loads(f"v = {text.strip()}")["v"]
    except (tomllib.TOMLDecodeError, TomlLimitError):
        return text.strip()


def rule_differences(a: Ruleset, b: Ruleset) -> list[tuple[str, Any, Any]]:
    """(dotted key, value in a, value in b) for every scoring key that differs.

    The name and description change no payment and are left out; a key only
    one side has shows None on the other.
    """
    flat_a, flat_b = flatten(a.table()), flatten(b.table())
    keys = list(flat_a) + [k for k in flat_b if k not in flat_a]
    return [
        (k, flat_a.get(k), flat_b.get(k))
        for k in keys
        if k not in COSMETIC_KEYS and flat_a.get(k) != flat_b.get(k)
    ]


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A nested table as {dotted key: value}."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[prefix + key] = value
    return flat


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)
