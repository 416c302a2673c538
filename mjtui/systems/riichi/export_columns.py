"""Riichi's own columns in exports: the outcome, who won off whom, han, fu and yaku per
winner, and the table the hand was played at (round, dealer, honba, deposits)."""

from __future__ import annotations

from mjtui.core.systems.capabilities import Cell, HandColumns
from mjtui.systems.riichi.events import AbortiveDraw, Chombo, ExhaustiveDraw, Hand, Win
from mjtui.systems.riichi.rules import Rules
from mjtui.systems.riichi.table import State


def _outcome(hand: Hand) -> str:
    if isinstance(hand, Win):
        return "tsumo" if hand.tsumo else "ron"
    if isinstance(hand, ExhaustiveDraw):
        return "exhaustive draw"
    if isinstance(hand, AbortiveDraw):
        return "abortive draw"
    return "chombo"


def _cells(rules: Rules, before: State, hand: Hand) -> dict[str, Cell]:
    win = hand if isinstance(hand, Win) else None
    winners = win.winners if win else ()
    return {
        "outcome": _outcome(hand),
        "winners": [w.seat + 1 for w in winners],
        "discarder": win.discarder + 1 if win and win.discarder is not None else None,
        "han": [w.han for w in winners],
        "fu": [w.fu for w in winners],
        "yakuman": [w.yakuman for w in winners],
        "yaku": [list(w.yaku) for w in winners],
        "pao": win.pao + 1 if win and win.pao is not None else None,
        "riichi": [s + 1 for s in sorted(hand.riichi)],
        "tenpai": (
            [s + 1 for s in sorted(hand.tenpai)] if isinstance(hand, ExhaustiveDraw) else None
        ),
        "nagashi": (
            [s + 1 for s in sorted(hand.nagashi)] if isinstance(hand, ExhaustiveDraw) else None
        ),
        "offender": hand.offender + 1 if isinstance(hand, Chombo) else None,
        "round": before.round,
        "dealer": before.east + 1,
        "honba": before.honba,
        "deposits": before.deposits,
    }


COLUMNS = HandColumns(
    fields=(
        "outcome",
        "winners",
        "discarder",
        "han",
        "fu",
        "yakuman",
        "yaku",
        "pao",
        "riichi",
        "tenpai",
        "nagashi",
        "offender",
        "round",
        "dealer",
        "honba",
        "deposits",
    ),
    cells=_cells,
    seats=frozenset(
        {"winners", "discarder", "pao", "riichi", "tenpai", "nagashi", "offender", "dealer"}
    ),
    docs=(
        ("outcome", "`tsumo`, `ron`, `exhaustive draw`, `abortive draw` or `chombo`"),
        ("winners", "the winning seats (several for a multiple ron)"),
        ("discarder", "the seat that dealt in (empty for a tsumo and draws)"),
        ("han", "each winner's han, in the order of `winners` (0 for a yakuman)"),
        ("fu", "each winner's fu (empty where the limit ignores it)"),
        ("yakuman", "each winner's yakuman count (0 for a hand of han and fu)"),
        ("yaku", "each winner's yaku, when the hand was counted from the tiles"),
        ("pao", "the seat liable for a yakuman (pao, sekinin barai)"),
        ("riichi", "the seats that declared riichi in the hand"),
        ("tenpai", "after an exhaustive draw, the tenpai seats"),
        ("nagashi", "after an exhaustive draw, the seats that made nagashi mangan"),
        ("offender", "the seat that made a chombo"),
        ("round", "the hand as players write it: `E1`, `S4`"),
        ("dealer", "the dealer of the hand"),
        ("honba", "the counters on the table during the hand"),
        ("deposits", "the riichi deposits on the table as the hand began, in points"),
    ),
)
