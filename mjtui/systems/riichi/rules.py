"""The riichi ruleset: every number and every table-dependent choice is a TOML key.

:func:`mjtui.core.rulesets.schema.read_struct` reads a ruleset file into :class:`Rules`;
docs/rulesets.md lists the keys. What stays in code is what makes the game
riichi at all: base points = fu x 2^(2 + han), the han that start each limit
(5, 6, 8, 11, 13), the shares of a payment (ron 4 or 6 base points, tsumo 1
or 2 from each) and the seat order of play.

Amounts are table points throughout, uma and oka included (15000 is +15.0
in the final score), so the fold stays in whole numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

from mjtui.core.rulesets.schema import SchemaError
from mjtui.core.rulesets.schema import whole as _int
from mjtui.core.systems.base import RulesHeader

PLAYERS = 4  # the usual table; a ruleset may play three (table.players)

ORDINALS = ("1st", "2nd", "3rd", "4th")
MultipleRon = Literal["head-bump", "double", "triple"]
PaoYakuman = Literal["daisangen", "daisuushii", "suukantsu"]
Rounding = Literal["exact", "4-down-5-up", "5-down-6-up"]


def say(english: str) -> str:
    """A sentence of a ruleset check in the language spoken, from riichi's catalog
    (terms.py's say, without importing terms: it imports the analyzer, which imports
    these rules)."""
    from mjtui.core.language import term  # said only when a ruleset is wrong

    return term(__package__ or "mjtui.systems.riichi", english, english)


@dataclass(frozen=True)
class Table:
    start_points: int = field(metadata=_int("each player's total at the start"))
    target_points: int = field(
        metadata=_int("the return: final scores count from here, (total - target) / 1000")
    )
    players: Literal[3, 4] = field(
        default=4,
        metadata={
            "doc": ("players at the table: 4, or 3 (sanma: no North seat, East 1-3 in each round)")
        },
    )


@dataclass(frozen=True)
class Length:
    rounds: int = field(
        metadata=_int(
            "round winds played: 1 East only (tonpuusen), 2 East and South (hanchan)", 1, 4
        )
    )
    extra_rounds: int = field(
        metadata=_int(
            "round winds played on (West, then North) when nobody has the target points after "
            "the last hand; in them the game ends after the first hand that leaves someone at "
            "the target or above",
            0,
            3,
        )
    )
    agari_yame: bool = field(
        metadata={
            "doc": ("the game ends when the dealer of the last hand wins it and is then first")
        }
    )
    tenpai_yame: bool = field(
        metadata={
            "doc": (
                "the game ends when the dealer of the last hand is tenpai at an exhaustive draw "
                "and is first"
            )
        }
    )

    def __post_init__(self) -> None:
        if self.rounds + self.extra_rounds > 4:
            raise SchemaError(
                "length.extra_rounds",
                say(
                    "rounds + extra_rounds must be 4 or less (East, South, West, North), got "
                    "{rounds} + {extra}"
                ).format(rounds=self.rounds, extra=self.extra_rounds),
            )


@dataclass(frozen=True)
class Fu:
    base: int = field(metadata=_int("fu every standard hand starts with (20)"))
    closed_ron: int = field(metadata=_int("added for a closed hand won by ron (10)"))
    tsumo: int = field(metadata=_int("added for a win by tsumo, except pinfu (2)"))
    wait: int = field(metadata=_int("added for a kanchan, penchan or tanki wait (2)"))
    value_pair: int = field(
        metadata=_int("added for a pair of dragons, of the seat wind or of the round wind (2)")
    )
    double_wind_pair: int = field(
        metadata=_int("a pair of the wind that is both seat and round wind: 4, or 2 (M-League)")
    )
    open_triplet_simples: int = field(metadata=_int("an open triplet of 2-8 (2)"))
    closed_triplet_simples: int = field(metadata=_int("a closed triplet of 2-8 (4)"))
    open_triplet_terminals: int = field(metadata=_int("an open triplet of terminals or honors (4)"))
    closed_triplet_terminals: int = field(
        metadata=_int("a closed triplet of terminals or honors (8)")
    )
    open_kan_simples: int = field(metadata=_int("an open kan of 2-8 (8)"))
    closed_kan_simples: int = field(metadata=_int("a closed kan of 2-8 (16)"))
    open_kan_terminals: int = field(metadata=_int("an open kan of terminals or honors (16)"))
    closed_kan_terminals: int = field(metadata=_int("a closed kan of terminals or honors (32)"))
    seven_pairs: int = field(metadata=_int("fixed fu of seven pairs, never rounded (25)"))
    open_pinfu: Literal[20, 30] = field(
        metadata={
            "doc": (
                "an open hand won by ron whose items add nothing (the pinfu shape, opened): "
                "30 (most rules) or 20"
            )
        }
    )
    pinfu_tsumo: Literal[20, 30] = field(
        metadata={
            "doc": (
                "a closed pinfu won by tsumo: 20 (the tsumo fu is dropped, pinfu and tsumo both "
                "count) or 30 (22 rounded up; pinfu does not count then)"
            )
        }
    )


@dataclass(frozen=True)
class Limits:
    kiriage: bool = field(metadata={"doc": "4 han 30 fu and 3 han 60 fu are paid as a mangan"})
    mangan: int = field(
        metadata=_int("base points of 5 han, and the most that han and fu can give (2000)", 1)
    )
    haneman: int = field(metadata=_int("base points of 6-7 han (3000)", 1))
    baiman: int = field(metadata=_int("base points of 8-10 han (4000)", 1))
    sanbaiman: int = field(metadata=_int("base points of 11-12 han (6000)", 1))
    kazoe: int = field(
        metadata=_int(
            "base points of 13 han or more: 8000 (counted as a yakuman) or 6000 (no kazoe yakuman)",
            1,
        )
    )
    yakuman: int = field(metadata=_int("base points of each yakuman (8000)", 1))
    multiple_yakuman: bool = field(
        metadata={
            "doc": (
                "a hand may pay several yakuman (double yakuman, composite yakuman); "
                "false: every yakuman hand pays one"
            )
        }
    )


def _closed_only(doc: str, han: int) -> Any:
    """A yaku only a closed hand can have: its han, one integer."""
    return field(default=han, metadata=_int(f"{doc} ({han})", 1))


def _han(doc: str, closed: int, opened: int) -> Any:
    """A yaku's han as [closed hand, open hand]; open 0: closed hands only."""
    return field(
        default=(closed, opened),
        metadata={"doc": f"{doc} ([{closed}, {opened}])", "min": 0, "han": True},
    )


def _yakuman(doc: str, count: int = 1) -> Any:
    return field(default=count, metadata=_int(f"{doc} ({count})", 1, MAX_YAKUMAN))


MAX_YAKUMAN = 6  # the most one yakuman key may count


@dataclass(frozen=True)
class Yaku:
    """Table options of the tile analyzer and the han of every yaku; the defaults are
    the standard values, so rulesets written before a key existed still load.

    A yaku's han is one integer for the yaku only a closed hand can have, else
    ``[closed, open]`` with open 0 for "closed hands only"; a yakuman's value is
    the number of yakuman it counts.
    """

    open_tanyao: bool = field(
        default=True,
        metadata={"doc": ("all simples (tanyao) also counts in an open hand (kuitan)")},
    )
    red_fives: bool = field(
        default=True,
        metadata={
            "doc": ("each red five (0m, 0p, 0s) counts one dora; false: a red five is a plain five")
        },
    )
    double_yakuman: bool = field(
        default=False,
        metadata={
            "doc": (
                "kokushi musou on a thirteen-sided wait, suuankou on a pair wait (tanki), junsei "
                "chuuren poutou (nine-sided wait) and daisuushii count the yakuman of their keys "
                "(2 each); false: one each"
            )
        },
    )
    # Han of the yaku only a closed hand can have.
    riichi: int = _closed_only("riichi", 1)
    double_riichi: int = _closed_only("double riichi, in place of riichi", 2)
    ippatsu: int = _closed_only("ippatsu: won within a turn of riichi", 1)
    menzen_tsumo: int = _closed_only("menzen tsumo: a closed hand won by tsumo", 1)
    pinfu: int = _closed_only("pinfu: four sequences, a worthless pair, a two-sided wait", 1)
    chiitoitsu: int = _closed_only("chiitoitsu: seven pairs", 2)
    # Han of the other yaku: [closed, open]; open 0: closed hands only.
    iipeikou: tuple[int, ...] = _han("iipeikou: two identical sequences", 1, 0)
    ryanpeikou: tuple[int, ...] = _han("ryanpeikou: two pairs of identical sequences", 3, 0)
    tanyao: tuple[int, ...] = _han("tanyao: all simples; open only with yaku.open_tanyao", 1, 1)
    haku: tuple[int, ...] = _han("a triplet of white dragons", 1, 1)
    hatsu: tuple[int, ...] = _han("a triplet of green dragons", 1, 1)
    chun: tuple[int, ...] = _han("a triplet of red dragons", 1, 1)
    seat_wind: tuple[int, ...] = _han("a triplet of the seat wind", 1, 1)
    round_wind: tuple[int, ...] = _han("a triplet of the round wind", 1, 1)
    haitei_raoyue: tuple[int, ...] = _han("tsumo on the last tile of the wall", 1, 1)
    houtei_raoyui: tuple[int, ...] = _han("ron on the last discard", 1, 1)
    rinshan_kaihou: tuple[int, ...] = _han("tsumo on a kan's replacement tile", 1, 1)
    chankan: tuple[int, ...] = _han("ron on a tile added to a kan", 1, 1)
    sanshoku_doujun: tuple[int, ...] = _han("the same sequence in the three suits", 2, 1)
    ittsu: tuple[int, ...] = _han("123 456 789 of one suit", 2, 1)
    chanta: tuple[int, ...] = _han(
        "every set and the pair hold a terminal or an honor, with a sequence", 2, 1
    )
    toitoi: tuple[int, ...] = _han("four triplets or kans", 2, 2)
    sanankou: tuple[int, ...] = _han("three concealed triplets", 2, 2)
    sanshoku_doukou: tuple[int, ...] = _han("the same triplet in the three suits", 2, 2)
    sankantsu: tuple[int, ...] = _han("three kans", 2, 2)
    shousangen: tuple[int, ...] = _han("two dragon triplets and a dragon pair", 2, 2)
    honroutou: tuple[int, ...] = _han("terminals and honors only", 2, 2)
    junchan: tuple[int, ...] = _han("every set and the pair hold a terminal, with a sequence", 3, 2)
    honitsu: tuple[int, ...] = _han("one suit and honors", 3, 2)
    chinitsu: tuple[int, ...] = _han("one suit only", 6, 5)
    # Yakuman counted by each yakuman.
    kokushi_musou: int = _yakuman("kokushi musou: thirteen orphans")
    suuankou: int = _yakuman("suuankou: four concealed triplets")
    daisangen: int = _yakuman("daisangen: three dragon triplets")
    shousuushii: int = _yakuman("shousuushii: three wind triplets and a wind pair")
    tsuuiisou: int = _yakuman("tsuuiisou: honors only")
    chinroutou: int = _yakuman("chinroutou: terminals only")
    ryuuiisou: int = _yakuman("ryuuiisou: all green")
    chuuren_poutou: int = _yakuman("chuuren poutou: nine gates")
    suukantsu: int = _yakuman("suukantsu: four kans")
    tenhou: int = _yakuman("tenhou: the dealer's first draw")
    chiihou: int = _yakuman("chiihou: a non-dealer's first draw")
    kokushi_musou_13_sided: int = _yakuman(
        "kokushi musou on a thirteen-sided wait, with yaku.double_yakuman", 2
    )
    suuankou_tanki: int = _yakuman("suuankou on a pair wait, with yaku.double_yakuman", 2)
    junsei_chuuren_poutou: int = _yakuman(
        "chuuren poutou on a nine-sided wait, with yaku.double_yakuman", 2
    )
    daisuushii: int = _yakuman(
        "daisuushii: four wind triplets, with yaku.double_yakuman (else 1)", 2
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            if not f.metadata.get("han"):
                continue
            value = getattr(self, f.name)
            if len(value) != 2 or value[0] < 1 or value[1] > value[0]:
                raise SchemaError(
                    f"yaku.{f.name}",
                    say(
                        "expected [closed han, open han]: two integers, the closed han 1 or "
                        "more, the open han from 0 (closed hands only) to the closed han, got "
                        "{value}"
                    ).format(value=list(value)),
                )


@dataclass(frozen=True)
class Payments:
    rounding: int = field(
        metadata=_int("every payment is rounded up to a multiple of this (100)", 1)
    )
    honba_ron: int = field(
        metadata=_int("added per honba counter to a ron, paid by the discarder (300)")
    )
    honba_tsumo: int = field(
        metadata=_int("added per honba counter to a tsumo, paid by each of the others (100)")
    )
    riichi_deposit: int = field(metadata=_int("what a riichi declaration puts on the table (1000)"))
    riichi_needs_deposit: bool = field(
        metadata={"doc": ("a player needs at least the deposit in points to declare riichi")}
    )
    multiple_ron: MultipleRon = field(
        metadata={
            "doc": (
                "several players win on one discard: 'head-bump' (only the first in turn after the "
                "discarder wins), 'double' (two may win; three is an abortive draw) or 'triple'"
            )
        }
    )
    multiple_ron_honba: Literal["first", "each"] = field(
        metadata={
            "doc": (
                "in a multiple ron, the honba go to the winner first in turn after the discarder "
                "('first') or to each winner ('each')"
            )
        }
    )
    tsumo_loss: bool = field(
        default=True,
        metadata={
            "doc": (
                "three players: a tsumo is paid by the two others as at a four-player table, the "
                "absent North's share is lost (tsumo loss); false: the North's share is split "
                "between the two payers (north split). No effect with four players"
            )
        },
    )
    multiple_ron_deposits: Literal["first", "split"] = field(
        default="first",
        metadata={
            "doc": (
                "in a multiple ron, the riichi deposits on the table go to the winner first in "
                "turn after the discarder ('first', atamahane) or are split equally among the "
                "winners in multiples of payments.rounding, the rest to the first ('split')"
            )
        },
    )
    pao: tuple[PaoYakuman, ...] = field(
        default=("daisangen", "daisuushii"),
        metadata={
            "doc": (
                "the yakuman that carry pao (sekinin barai): a win with one of them may name "
                "the liable seat, who pays the whole of a tsumo and half of a ron; "
                "empty: no pao"
            )
        },
    )


@dataclass(frozen=True)
class Draws:
    noten_total: int = field(
        metadata=_int("what the noten players pay the tenpai players at an exhaustive draw (3000)")
    )
    abortive: bool = field(
        metadata={
            "doc": (
                "abortive draws are played (nine terminals, four winds, four riichi...); the "
                "dealer stays and a honba is added"
            )
        }
    )
    nagashi_mangan: bool = field(
        default=True,
        metadata={
            "doc": (
                "nagashi mangan is played: an exhaustive draw may name the seats that made it, "
                "each paid as a mangan tsumo"
            )
        },
    )
    nagashi_honba: bool = field(
        default=False,
        metadata={
            "doc": ("the honba counters are added to each nagashi mangan payment, as to a tsumo")
        },
    )
    nagashi_noten: bool = field(
        default=False,
        metadata={
            "doc": (
                "the noten payments are made as well when there is a nagashi mangan; false: the "
                "nagashi payments replace them"
            )
        },
    )
    nagashi_flow: Literal["draw", "win"] = field(
        default="draw",
        metadata={
            "doc": (
                "'draw': the hand stays an exhaustive draw for the flow (a honba is added, the "
                "dealer repeats when tenpai); 'win': it counts as a win by the nagashi seats (the "
                "dealer repeats and a honba is added only when the dealer made it; otherwise the "
                "deal passes and the honba go back to 0)"
            )
        },
    )
    held_tiles_wait: bool = field(
        default=False,
        metadata={
            "doc": (
                "a wait on a tile the hand itself holds all four of (in its melds and kans "
                "too) counts as a wait, so a hand with no other wait is tenpai; false: it is "
                "no wait (most rules, riichi.wiki's 'Karaten')"
            )
        },
    )


@dataclass(frozen=True)
class End:
    tobi: bool = field(metadata={"doc": "the game ends at once when a total goes below zero"})
    left_over_deposits: Literal["first", "lost"] = field(
        metadata={
            "doc": (
                "riichi deposits still on the table at the end go to first place ('first') or "
                "leave the game ('lost')"
            )
        }
    )


@dataclass(frozen=True)
class Chombo:
    payment: Literal["mangan", "none"] = field(
        metadata={
            "doc": (
                "'mangan': the offender pays as if losing a mangan by tsumo (a dealer pays 2 "
                "mangan bases to each, others 2 to the dealer and 1 to each other player); "
                "'none': no payment at the table"
            )
        }
    )
    final_penalty: int = field(
        metadata=_int("points taken off the offender's final score (20000 takes 20.0)")
    )
    ends_last_hand: bool = field(
        default=False,
        metadata={
            "doc": (
                "a chombo in the last hand of the game ends the game (EMA 2025) instead of the "
                "hand being played again"
            )
        },
    )


@dataclass(frozen=True)
class Final:
    uma: tuple[int, ...] = field(
        metadata={
            "doc": (
                "added to the final score by place, 1st to last (3 or 4 amounts, one per "
                "player), in points (15000 = +15.0)"
            )
        }
    )
    oka: int = field(
        metadata=_int(
            "added to first place's final score, in points; (target - start) x players makes "
            "the final scores add up to zero",
            None,
        )
    )
    ties: Literal["seat", "split"] = field(
        metadata={
            "doc": (
                "equal totals: 'seat' ranks the seat nearer the first dealer higher; 'split' "
                "shares the places' uma (and oka, and left-over deposits) equally"
            )
        }
    )
    rounding: Rounding = field(
        default="exact",
        metadata={
            "doc": (
                "the final points counted as they are ('exact', Tenhou since 2022), or each "
                "player's but first place's rounded to a multiple of 1000, a remainder of 500 or "
                "more up ('4-down-5-up', Tenhou until early 2022) or of more than 500 up "
                "('5-down-6-up'); first place takes what makes the sum what it was"
            )
        },
    )
    substitute: tuple[int, ...] = field(
        default=(),
        metadata={
            "doc": (
                "a tournament game in which a substitute sat in a player's seat counts, for that "
                "player, [points, uma] in place of the seat's result: (points + uma) / 1000 in "
                "the final score and points in the points before uma ([-15000, -15000] is "
                "-30.0 and -15000); []: the seat's result counts"
            )
        },
    )

    def __post_init__(self) -> None:
        if len(self.substitute) not in (0, 2):
            raise SchemaError(
                "final.substitute",
                say(
                    "expected [points, uma] (two integers) or [] (the seat's result counts), "
                    "got {value}"
                ).format(value=list(self.substitute)),
            )


@dataclass(frozen=True, kw_only=True)
class Rules(RulesHeader):
    system: Literal["riichi"]
    table: Table
    length: Length
    fu: Fu
    limits: Limits
    yaku: Yaku = field(default_factory=Yaku)
    payments: Payments
    draws: Draws
    end: End
    chombo: Chombo
    final: Final

    @property
    def players(self) -> int:
        return self.table.players

    def __post_init__(self) -> None:
        n = self.table.players
        if len(self.final.uma) != n:
            raise SchemaError(
                "final.uma",
                say("expected {n} amounts (1st to {last}), got {got}").format(
                    n=n, last=ORDINALS[n - 1], got=len(self.final.uma)
                ),
            )
        # Every noten player pays each tenpai player total / (tenpai x noten): with 4
        # players 1, 2 or 3 tenpai make 3, 4 and 3 shares; with 3 players, 2 and 2.
        shares = 12 if n == 4 else 2
        if self.draws.noten_total % shares:
            raise SchemaError(
                "draws.noten_total",
                say(
                    "must split evenly among 1 to {most} tenpai players (a multiple of "
                    "{shares}), got {value}"
                ).format(most=n - 1, shares=shares, value=self.draws.noten_total),
            )
