"""Pocket's own columns in exports: the outcome, the fan and the patterns that made it,
and who was responsible for paying (the discarder, a guarantor, a false winner)."""

from __future__ import annotations

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.capabilities import Cell, HandColumns
from mjtui.core.tiles import parse_hand
from mjtui.systems.pocket.events import Draw, FalseWin, Hand, Win
from mjtui.systems.pocket.patterns import context_of, score_hand
from mjtui.systems.pocket.rules import Rules
from mjtui.systems.pocket.table import State


def _patterns(rules: Rules, before: State, hand: Win) -> list[str]:
    """The patterns the tiles score (none when only the fan was entered)."""
    if hand.tiles is None:
        return []
    ctx = context_of(
        before.seat_wind(hand.winner),
        before.round_wind,
        hand.self_draw,
        hand.context,
        hand.flowers,
        hand.seasons,
    )
    try:
        score = score_hand(rules, parse_hand(hand.tiles), ctx)
    except HandError:
        return []
    return [f"{p.name} {p.fan}" for p in score.patterns]


def _cells(rules: Rules, before: State, hand: Hand) -> dict[str, Cell]:
    row: dict[str, Cell] = {
        "outcome": "draw",
        "winner": None,
        "discarder": None,
        "fan": None,
        "patterns": [],
        "responsible": None,
        "round": WINDS[before.round_wind],
        "starter": before.east + 1,
    }
    if isinstance(hand, FalseWin):
        row.update(outcome="false win", responsible=hand.offender + 1)
    elif isinstance(hand, Win):
        payer = hand.discarder if hand.discarder is not None else hand.guarantor
        row.update(
            outcome="self-draw" if hand.self_draw else "discard",
            winner=hand.winner + 1,
            discarder=None if hand.discarder is None else hand.discarder + 1,
            fan=hand.fan,
            patterns=_patterns(rules, before, hand),
            responsible=None if payer is None else payer + 1,
        )
    else:
        assert isinstance(hand, Draw)
    return row


COLUMNS = HandColumns(
    fields=("outcome", "winner", "discarder", "fan", "patterns", "responsible", "round", "starter"),
    cells=_cells,
    seats=frozenset({"winner", "discarder", "responsible", "starter"}),
    docs=(
        ("outcome", "`self-draw`, `discard`, `draw` or `false win`"),
        ("winner", "the winning seat (empty for a draw and a false win)"),
        ("discarder", "the seat whose discard won (empty for a self-draw)"),
        ("fan", "the fan the win is paid (empty for a draw and a false win)"),
        ("patterns", "the patterns and their fan, when the fan was counted from the tiles"),
        (
            "responsible",
            "who pays more than a share: the discarder, the guarantor of a "
            "self-draw (包), or the player who declared a false win",
        ),
        ("round", "the round wind of the hand"),
        ("starter", "the starter (East) of the hand"),
    ),
)
