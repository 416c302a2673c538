"""Random winning riichi hands for the differential test and the benchmark.

Each :class:`Case` is a hand in mpsz notation (exercising the parser) with
its winning tile and a WinContext, and converts to the `mahjong` library's
136-tile arrays and HandConfig. The hands lean towards what makes yaku
(flushes, honors, terminals, green tiles, seven pairs, thirteen orphans)
so that a few thousand cover every yaku and yakuman.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from mjtui.core.tiles.notation import (
    FIVES,
    TileHand,
    WaitingHand,
    format_tiles,
    parse_hand,
    tile_name,
)
from mjtui.systems.riichi.hand import WinContext
from mjtui.systems.riichi.rules import Rules

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = (19, 20, 21, 23, 25, 32)
SIMPLES = tuple(t for t in range(27) if t % 9 not in (0, 8))


OUTSIDE_RUNS = tuple(t for t in range(27) if t % 9 in (0, 1, 2, 6, 7, 8))
POOLS = (  # (chance, tiles or a suit-dependent function)
    (0.50, lambda suit: range(34)),
    (0.14, lambda suit: [*range(suit, suit + 9), *range(27, 34)]),
    (0.09, lambda suit: range(suit, suit + 9)),
    (0.06, lambda suit: TERMINALS_AND_HONORS),
    (0.06, lambda suit: SIMPLES),
    (0.05, lambda suit: OUTSIDE_RUNS),
    (0.03, lambda suit: [*range(27, 34), 0, 8, 9, 17, 18, 26, *range(suit, suit + 9)]),
    (0.02, lambda suit: GREEN),
    (0.02, lambda suit: TERMINALS_AND_HONORS[:6]),
    (0.02, lambda suit: [*range(27, 31), *range(suit, suit + 9)]),
    (0.01, lambda suit: [*range(27, 31), 31 + suit // 9]),
)


def _pool(rng: random.Random) -> tuple[int, ...]:
    """The tiles a hand is drawn from, chosen to make flushes and such likely."""
    roll = rng.random()
    suit = rng.randrange(3) * 9
    for chance, tiles in POOLS:
        if roll < chance:
            return tuple(sorted(set(tiles(suit))))
        roll -= chance
    return tuple(range(34))


@dataclass
class Case:
    text: str  # the hand in mpsz notation
    win: str | None  # the winning tile ("5p", "0p"), or None: the last tile written
    win_red: bool
    ctx: WinContext
    hand: TileHand = field(init=False)

    def __post_init__(self) -> None:
        self.hand = parse_hand(self.text, self.win)


def _sets(
    rng: random.Random, pool: tuple[int, ...], counts: list[int], kan_rate: float
) -> list[tuple[str, int]]:
    """Four sets drawn from the pool (chi, pon or kan), within four tiles of each."""
    runs = [t for t in pool if t < 27 and t % 9 <= 6 and t + 1 in pool and t + 2 in pool]
    sets: list[tuple[str, int]] = []
    tries = 0
    while len(sets) < 4:
        tries += 1
        if tries > 200:
            raise ValueError("no room")
        if runs and rng.random() < 0.55:
            t = rng.choice(runs)
            if all(counts[t + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[t + i] += 1
                sets.append(("chi", t))
        else:
            t = rng.choice(pool)
            kan = rng.random() < kan_rate
            need = 4 if kan else 3
            if counts[t] + need <= 4:
                counts[t] += need
                sets.append(("kan" if kan else "pon", t))
    return sets


def _standard(rng: random.Random) -> tuple[list[int], list[tuple[str, int, bool]]]:
    """Concealed tiles and declared melds (kind, first tile, opened) of a standard hand."""
    pool = _pool(rng)
    counts = [0] * 34
    pair = rng.choice(pool)
    counts[pair] += 2
    sets = _sets(rng, pool, counts, rng.choice((0.1, 0.1, 0.1, 0.6)))
    concealed = [pair, pair]
    melds = []
    call_rate = rng.choice((0.0, 0.0, 0.25, 0.5))
    for kind, t in sets:
        if kind == "kan":
            melds.append((kind, t, rng.random() < 0.5))
        elif rng.random() < call_rate:
            melds.append((kind, t, True))
        else:
            concealed += [t, t + 1, t + 2] if kind == "chi" else [t] * 3
    return concealed, melds


def _seven_pairs(rng: random.Random) -> list[int]:
    pool = _pool(rng)
    if len(pool) < 7:
        pool = tuple(range(34))
    return [t for t in rng.sample(pool, 7) for _ in (0, 1)]


def _nine_gates(rng: random.Random) -> list[int]:
    suit = rng.randrange(3) * 9
    return [suit + i for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(n)] + [
        suit + rng.randrange(9)
    ]


def _thirteen_orphans(rng: random.Random) -> list[int]:
    return [*list(TERMINALS_AND_HONORS), rng.choice(TERMINALS_AND_HONORS)]


def _meld_tiles(kind: str, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == "chi" else [t] * (4 if kind == "kan" else 3)


def _meld_text(kind: str, t: int, opened: bool, red: bool) -> str:
    tiles = _meld_tiles(kind, t)
    body = format_tiles(tiles, [f for f in FIVES if f in tiles][:1] if red else [])
    return f"[{body}]" if opened else f"({body})"


def random_case(rng: random.Random) -> Case:
    """One random winning hand and how it was won."""
    roll = rng.random()
    melds: list[tuple[str, int, bool]] = []
    while True:
        try:
            if roll < 0.07:
                concealed = _seven_pairs(rng)
            elif roll < 0.09:
                concealed = _thirteen_orphans(rng)
            elif roll < 0.095:
                concealed = _nine_gates(rng)
            else:
                concealed, melds = _standard(rng)
            break
        except ValueError:
            continue
    win = rng.choice(concealed)
    # One red five per suit at most, on a concealed five or in a meld; a suit's
    # four fives include its red one, as in a set with red fives.
    meld_fives = [[f for f in FIVES if f in _meld_tiles(kind, t)] for kind, t, _ in melds]
    red_concealed = []
    red_melds = set()
    for f in FIVES:
        total = concealed.count(f) + sum(_meld_tiles(kind, t).count(f) for kind, t, _ in melds)
        if not total or (total < 4 and rng.random() < 0.6):
            continue
        holders = [i for i, fives in enumerate(meld_fives) if f in fives]
        if f in concealed and (not holders or rng.random() < 0.5):
            red_concealed.append(f)
        else:
            red_melds.add(rng.choice(holders))
    win_red = win in red_concealed and (concealed.count(win) == 1 or rng.random() < 0.5)
    rest = list(concealed)
    rest.remove(win)
    reds_rest = [f for f in red_concealed if not (win_red and f == win)]
    parts = [format_tiles(rest, reds_rest)]
    parts += [
        _meld_text(kind, t, opened, i in red_melds) for i, (kind, t, opened) in enumerate(melds)
    ]
    rng.shuffle(parts)
    win_name = ("0" if win_red else str(win % 9 + 1)) + tile_name(win)[1]
    text = rng.choice(("", " ")).join(parts) + win_name
    named = win_name if rng.random() < 0.5 else None
    return Case(text, named, win_red, _context(rng, concealed, melds))


def _context(rng: random.Random, concealed: list[int], melds: list) -> WinContext:
    closed = all(not opened for _, _, opened in melds)
    has_kan = any(kind == "kan" for kind, _, _ in melds)
    tsumo = rng.random() < 0.45
    seat, round_wind = rng.randrange(4), rng.randrange(4)
    riichi = closed and rng.random() < 0.5
    double = riichi and rng.random() < 0.1
    first_draw = tsumo and not melds and rng.random() < 0.02
    last = rng.random() < 0.05
    return WinContext(
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=round_wind,
        dora=tuple(rng.randrange(34) for _ in range(rng.choice((1, 1, 2, 3)))),
        ura=tuple(rng.randrange(34) for _ in range(rng.choice((1, 2)))) if riichi else (),
        riichi=riichi and not double,
        double_riichi=double,
        ippatsu=riichi and rng.random() < 0.2,
        haitei=tsumo and last and not (has_kan and rng.random() < 0.5),
        houtei=not tsumo and last,
        rinshan=tsumo and has_kan and not last and rng.random() < 0.3,
        chankan=not tsumo and not last and rng.random() < 0.03,
        tenhou=first_draw and seat == 0,
        chiihou=first_draw and seat != 0,
        honba=rng.choice((0, 0, 1, 2, 5)),
    )


def cases(n: int, seed: int = 4) -> list[Case]:
    rng = random.Random(seed)
    return [random_case(rng) for _ in range(n)]


# --- the mahjong library's side ---------------------------------------------------------


def as_library(rules: Rules) -> Rules:
    """``rules`` with the two options the library (and riichienv) cannot change set their
    way (docs/tiles.md): a double wind pair 4 fu, yakuman counted several times."""
    import dataclasses

    return dataclasses.replace(
        rules,
        fu=dataclasses.replace(rules.fu, double_wind_pair=4),
        limits=dataclasses.replace(rules.limits, multiple_yakuman=True),
    )


def library_rules(rules: Rules) -> Any:
    """OptionalRules of the mahjong library that match ``rules`` where the library can."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    return OptionalRules(
        has_open_tanyao=rules.yaku.open_tanyao,
        has_aka_dora=rules.yaku.red_fives,
        has_double_yakuman=rules.yaku.double_yakuman,
        kazoe_limit=(
            HandConstants.KAZOE_LIMITED
            if rules.limits.kazoe >= rules.limits.yakuman
            else HandConstants.KAZOE_SANBAIMAN
        ),
        kiriage=rules.limits.kiriage,
        fu_for_open_pinfu=rules.fu.open_pinfu == 30,
        fu_for_pinfu_tsumo=rules.fu.pinfu_tsumo == 30,
    )


@dataclass
class LibraryCase:
    tiles: list[int]
    win: int
    melds: list[Any]
    dora: list[int]
    ura: list[int]
    config: Any


def to_library(case: Case, options: Any) -> LibraryCase:
    """The case as the mahjong library takes it: 136-tile ids (copy 0 of a five is red)."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    hand, ctx = case.hand, case.ctx
    used = [0] * 34

    def take(t: int, red: bool) -> int:
        if red:
            return t * 4  # the library's red fives are copy 0 (ids 16, 52, 88)
        used[t] += 1
        return t * 4 + (used[t] if t in FIVES else used[t] - 1)

    melds = []
    tiles: list[int] = []
    for m in hand.melds:
        reds = m.red
        ids = []
        for t in m.tiles:
            red = reds > 0 and t in FIVES
            reds -= red
            ids.append(take(t, red))
        kind = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}[m.kind]
        melds.append(Meld(meld_type=kind, tiles=ids, opened=m.opened))
        tiles += ids
    win = take(hand.win, case.win_red)
    tiles.append(win)
    reds = [f for f in hand.red_fives if not (case.win_red and f == hand.win)]
    rest = list(hand.concealed)
    rest.remove(hand.win)
    for t in rest:
        red = t in reds
        if red:
            reds.remove(t)
        tiles.append(take(t, red))
    free = [4] * 34

    def indicator(t: int) -> int:
        free[t] -= 1
        return t * 4 + free[t] % 4

    config = HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi=ctx.riichi,
        is_daburu_riichi=ctx.double_riichi,
        is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        is_haitei=ctx.haitei,
        is_houtei=ctx.houtei,
        is_tenhou=ctx.tenhou,
        is_chiihou=ctx.chiihou,
        player_wind=27 + ctx.seat_wind,
        round_wind=27 + ctx.round_wind,
        tsumi_number=ctx.honba,
        options=options,
    )
    return LibraryCase(
        tiles, win, melds, [indicator(t) for t in ctx.dora], [indicator(t) for t in ctx.ura], config
    )


def library_score(lc: LibraryCase) -> Any:
    from mahjong.hand_calculating.hand import HandCalculator

    return HandCalculator.estimate_hand_value(
        lc.tiles,
        lc.win,
        melds=lc.melds,
        dora_indicators=lc.dora,
        config=lc.config,
        ura_dora_indicators=lc.ura,
    )


def library_payments(result: Any, ctx: WinContext) -> dict[str, int]:
    """The library's cost as `mjtui points --json` shows payments."""
    cost = result.cost
    main = cost["main"] + cost["main_bonus"]
    if not ctx.tsumo:
        return {"discarder": main}
    if ctx.dealer:
        return {"non_dealer": main}
    return {"dealer": main, "non_dealer": cost["additional"] + cost["additional_bonus"]}


def agrees(ours: Any, result: Any, ctx: WinContext) -> bool:
    """Whether our Analysis (or HandError) says what the library's result says: the
    same han and fu (a yakuman: 13 han per yakuman), the same payments, or the
    same refusal."""
    from mjtui.core.errors import HandError

    if isinstance(ours, HandError):
        words = {"no_yaku": "no yaku", "hand_not_winning": "not a winning hand"}
        return result.error is not None and words.get(result.error, "?") in str(ours)
    if result.error:
        return False
    if ours.yakuman:
        same = result.han == 13 * ours.yakuman
    else:
        same = (result.han, result.fu) == (ours.han, ours.fu)
    return same and library_payments(result, ctx) == ours.payment.shares()


# --- waiting hands (13 tiles) for `mjtui waits` -----------------------------------------


def waiting_hands(n: int, seed: int = 7) -> list[WaitingHand]:
    """Hands one tile short: a generated winning hand less one concealed tile (tenpai
    mostly), the same with one or two concealed tiles changed (a tile or two from
    tenpai), and thirteen tiles drawn from a shuffled wall (far from it)."""
    rng = random.Random(seed)
    found: list[WaitingHand] = []
    while len(found) < n:
        roll = rng.random()
        if roll < 0.2:
            wall = [t for t in range(34) for _ in range(4)]
            rng.shuffle(wall)
            found.append(WaitingHand(tuple(sorted(wall[:13])), (), 0))
            continue
        hand = random_case(rng).hand
        concealed = list(hand.concealed)
        concealed.remove(rng.choice(concealed))
        held = hand.counts()
        for _ in range(0 if roll < 0.6 else rng.choice((1, 2))):
            i = rng.randrange(len(concealed))
            new = rng.randrange(34)
            if held[new] < 4:
                held[concealed[i]] -= 1
                held[new] += 1
                concealed[i] = new
        found.append(WaitingHand(tuple(sorted(concealed)), hand.melds, 0))
    return found


# --- riichienv's side (benchmarks only: a Rust engine, not a test dependency) ---------


def to_riichienv(case: Case, lc: LibraryCase) -> tuple[Any, ...]:
    """The case as riichienv's HandEvaluator takes it: the concealed 136-tile ids (the
    winning tile among them), its melds, the winning tile, the indicators and its
    Conditions; the same 136-tile ids as the mahjong library's (copy 0 red)."""
    import riichienv._riichienv as renv

    kinds = {"chi": renv.MeldType.Chi, "pon": renv.MeldType.Pon}
    winds = [renv.Wind.East, renv.Wind.South, renv.Wind.West, renv.Wind.North]
    melds, in_melds = [], set()
    for meld, theirs in zip(case.hand.melds, lc.melds, strict=True):
        kind = kinds.get(meld.kind) or (
            renv.MeldType.Daiminkan if meld.opened else renv.MeldType.Ankan
        )
        melds.append(renv.Meld(kind, list(theirs.tiles), meld.opened))
        in_melds.update(theirs.tiles)
    ctx = case.ctx
    conditions = renv.Conditions(
        tsumo=ctx.tsumo,
        riichi=ctx.riichi,
        double_riichi=ctx.double_riichi,
        ippatsu=ctx.ippatsu,
        haitei=ctx.haitei,
        houtei=ctx.houtei,
        rinshan=ctx.rinshan,
        chankan=ctx.chankan,
        tsumo_first_turn=ctx.tenhou or ctx.chiihou,
        player_wind=winds[ctx.seat_wind],
        round_wind=winds[ctx.round_wind],
        honba=ctx.honba,
    )
    concealed = sorted(t for t in lc.tiles if t not in in_melds)
    return concealed, melds, lc.win, lc.dora, lc.ura, conditions


def riichienv_score(hand: tuple[Any, ...]) -> Any:
    import riichienv._riichienv as renv

    concealed, melds, win, dora, ura, conditions = hand
    return renv.HandEvaluator(concealed, melds).calc(win, dora, ura, conditions)
