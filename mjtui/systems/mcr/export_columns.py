"""Chinese Official's own columns in exports: the outcome, the fan and the fans that made it,
who paid (the discarder, a false winner, a player penalised), the round and the dealer."""

from __future__ import annotations

from typing import Any

from mjtui.core.errors import HandError
from mjtui.core.systems.capabilities import HandColumns
from mjtui.systems.mcr.calculator import score_text
from mjtui.systems.mcr.events import Draw, FalseWin, Penalty, Win
from mjtui.systems.mcr.table import situation_at
from mjtui.systems.mcr.wording import fan_item


def _fans(rules: Any, before: Any, hand: Win) -> list[str]:
    """The fans the tiles score, each with its value (none when only the fan was entered)."""
    if hand.tiles is None:
        return []
    try:
        score = score_text(rules, hand.tiles, situation_at(before, hand), hand.win_tile)
    except HandError:
        return []
    return [fan_item(key, rules.value(key), count) for key, count in score.fans]


def _cells(rules: Any, before: Any, hand: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "outcome": "draw",
        "winner": None,
        "discarder": None,
        "fan": None,
        "flowers": None,
        "fans": [],
        "responsible": None,
        "penalty": None,
        "round": before.round_label,
        "dealer": before.east + 1,
    }
    if isinstance(hand, FalseWin):
        row.update(outcome="false win", responsible=hand.offender + 1)
    elif isinstance(hand, Penalty):
        row.update(outcome="penalty", responsible=hand.offender + 1, penalty=hand.points)
    elif isinstance(hand, Win):
        row.update(
            outcome="self-draw" if hand.self_draw else "discard",
            winner=hand.winner + 1,
            discarder=None if hand.discarder is None else hand.discarder + 1,
            fan=hand.fan,
            flowers=hand.flowers,
            fans=_fans(rules, before, hand),
            responsible=None if hand.discarder is None else hand.discarder + 1,
        )
    else:
        assert isinstance(hand, Draw)
    return row


COLUMNS = HandColumns(
    fields=(
        "outcome",
        "winner",
        "discarder",
        "fan",
        "flowers",
        "fans",
        "responsible",
        "penalty",
        "round",
        "dealer",
    ),
    cells=_cells,
    seats=frozenset({"winner", "discarder", "responsible", "dealer"}),
    docs=(
        ("outcome", "`self-draw`, `discard`, `draw`, `false win` or `penalty`"),
        ("winner", "the winning seat (empty when nobody won)"),
        ("discarder", "the seat whose discard won (empty for a self-draw)"),
        ("fan", "the fan the win is paid on, flowers in (empty when nobody won)"),
        ("flowers", "the winner's flower tiles (their fan is in `fan`)"),
        (
            "fans",
            "the fans and their values, English and Chinese, when the fan was counted "
            "from the tiles",
        ),
        (
            "responsible",
            "who paid more than a share: the discarder, the player who declared a false "
            "win, the player penalised",
        ),
        ("penalty", "the points a penalty took off"),
        ("round", "the round wind and the hand in it, e.g. South 2"),
        ("dealer", "the dealer (East) of the hand"),
    ),
)
