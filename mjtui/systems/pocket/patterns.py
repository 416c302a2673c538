"""The fan of a winning hand from its tiles: every pattern found, the best reading.

A hand is read every way its concealed tiles split into sets and a pair
(:func:`mjtui.core.tiles.readings`), with the declared melds beside them;
each reading is matched against the pattern keys of the ruleset, patterns
of 0 fan are dropped, then the ``excludes`` of the ruleset are applied (a
pattern named in another found pattern's ``excludes`` goes). A hand with a
limit pattern is paid the limit and shows only its limit patterns. The
reading paid the most wins (the higher raw total breaks a tie).

The table situation that tiles cannot show comes in :class:`Context`: the
seat and round wind, a self-draw, a robbed kong, a kong's replacement tile,
the last tile, a heavenly or earthly hand, and the winner's flowers and
seasons (scored only where the ruleset plays them, ``bonus.tiles``).
A hand of seven pairs is a winning hand only where ``seven_pairs`` scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.tiles import (
    TileHand,
    readings,
    seven_pairs,
    thirteen_orphans,
    tile_name,
    tile_text,
)
from mjtui.systems.pocket.events import (
    BONUS_NUMBERS,
    SITUATIONS,
    bonus_problem,
    fan_problem,
    situation_problem,
    tiles_problem,
)
from mjtui.systems.pocket.rules import BONUS_PATTERNS, Rules
from mjtui.systems.pocket.terms import pattern_name, say

HONORS = 27
WIND_TILES = range(27, 31)
DRAGON_TILES = range(31, 34)
ONES_AND_NINES = (0, 8, 9, 17, 18, 26)
SETS_IN_A_HAND = 4


@dataclass(frozen=True)
class Context:
    """What the tiles cannot show. Winds are 0 East ... 3 North. The flags after
    ``self_draw`` are the situations (events.SITUATIONS), in its order: their
    ``field`` names them (a test holds the two together); the bonus tiles last."""

    seat_wind: int = 0
    round_wind: int = 0
    self_draw: bool = False
    robbing_kong: bool = False
    kong_replacement: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False
    flowers: tuple[int, ...] = ()  # the bonus tiles, numbered 1-4
    seasons: tuple[int, ...] = ()


@dataclass(frozen=True)
class Found:
    key: str  # the pattern key in the ruleset
    name: str  # as shown, in the language spoken: with the tile of a wind or dragon triplet
    fan: int | str  # a number, or "limit"


@dataclass(frozen=True)
class Score:
    fan: int  # what the hand is paid: the total, at most the limit
    total: int  # the patterns' fan added up (the limit for a limit hand)
    patterns: tuple[Found, ...]
    limit_hand: bool
    reading: str  # the sets and the pair that give this score, e.g. "123m 555z [789s] 11z"
    bonus: int = 0  # the fan of the bonus tiles in ``total`` (not in a limit hand)

    def minimum_fan(self, rules: Rules) -> int:
        """The fan that counts toward the ruleset's minimum."""
        return self.fan if rules.bonus.counts_to_minimum else min(self.total - self.bonus, self.fan)


@dataclass(frozen=True)
class _Set:
    kind: str  # chi, pon, kan
    tile: int  # the first tile
    concealed: bool

    @property
    def triplet(self) -> bool:
        return self.kind in ("pon", "kan")

    def text(self) -> str:
        if self.kind == "chi":
            body = "".join(str(self.tile % 9 + 1 + i) for i in range(3))
            body += "mps"[self.tile // 9]
        else:
            name = tile_name(self.tile)
            body = name[0] * (4 if self.kind == "kan" else 3) + name[1]
        return (
            body
            if self.concealed and self.kind != "kan"
            else f"({body})"
            if self.concealed
            else f"[{body}]"
        )


def check_context(hand: TileHand, ctx: Context) -> None:
    """Refuse situations that contradict each other or the tiles."""
    if not (0 <= ctx.seat_wind < 4 and 0 <= ctx.round_wind < 4):
        raise HandError(say("the seat and round wind are East, South, West or North"))
    names = context_names(ctx)
    problem = (
        situation_problem(names, self_draw=ctx.self_draw, by_starter=ctx.seat_wind == 0)
        or tiles_problem(names, hand)
        or bonus_problem(ctx.flowers, ctx.seasons)
    )
    if problem:
        raise HandError(problem)


def context_of(
    seat_wind: int,
    round_wind: int,
    self_draw: bool,
    words: tuple[str, ...] | list[str] = (),
    flowers: tuple[int, ...] = (),
    seasons: tuple[int, ...] = (),
) -> Context:
    """The Context of a win with the situations named by their words (Win.context)."""
    return Context(
        seat_wind=seat_wind,
        round_wind=round_wind,
        self_draw=self_draw,
        **{s.field: s.word in words for s in SITUATIONS},
        flowers=tuple(flowers),
        seasons=tuple(seasons),
    )


def context_names(ctx: Context) -> tuple[str, ...]:
    """The situations ticked in ``ctx``, as a hand event and a file name them."""
    return tuple(s.word for s in SITUATIONS if getattr(ctx, s.field))


def score_hand(rules: Rules, hand: TileHand, ctx: Context) -> Score:
    """The best-paid reading of ``hand``; HandError when the tiles are not a winning hand."""
    check_context(hand, ctx)
    if (ctx.flowers or ctx.seasons) and not rules.bonus.tiles:
        raise HandError(say("this ruleset plays no flowers or seasons (136 tiles): leave them out"))
    options = [_score(rules, sets, pair, hand, ctx) for sets, pair in _readings(hand)]
    orphans = None if hand.melds else thirteen_orphans(hand.counts())
    if orphans is not None:
        options.append(
            _finish(
                rules,
                {"thirteen_orphans": 1, **_situation(rules, hand, ctx)},
                "13 orphans, pair " + tile_name(orphans),
                ctx,
            )
        )
    pairs = None if hand.melds else seven_pairs(hand.counts())
    if pairs is not None and rules.patterns.seven_pairs.fan != 0:
        options.append(_seven_pairs(rules, pairs, hand, ctx))
    if not options:
        raise HandError(
            say(
                "these tiles are not a winning hand: they do not make four sets "
                "(chow, pong, kong) and a pair, nor seven pairs, nor thirteen orphans"
            )
            if rules.patterns.seven_pairs.fan != 0
            else say(
                "these tiles are not a winning hand: they do not make four sets "
                "(chow, pong, kong) and a pair, nor thirteen orphans"
            )
        )
    return max(options, key=lambda s: (s.fan, s.total))


def score_problem(rules: Rules, score: Score) -> str | None:
    """Why a hand of this score cannot be declared (under the minimum), or None."""
    counted = score.minimum_fan(rules)
    if counted < score.fan and counted < rules.fan.minimum:
        return say(
            "{counted} fan without the bonus tiles' {bonus} is under the minimum of "
            "{minimum} fan to win: the hand cannot be declared (bonus tiles do not count "
            "toward it)"
        ).format(counted=counted, bonus=score.fan - counted, minimum=rules.fan.minimum)
    return fan_problem(rules, score.fan)


def _readings(hand: TileHand) -> list[tuple[list[_Set], int]]:
    declared = [_Set(m.kind, m.tiles[0], not m.opened) for m in hand.melds]
    found = []
    for r in readings(hand.concealed_counts()):
        sets = declared + [_Set(kind, tile, True) for kind, tile in r.sets]
        if len(sets) == SETS_IN_A_HAND:
            found.append((sets, r.pair))
    return found


def _situation(rules: Rules, hand: TileHand, ctx: Context) -> dict[str, int]:
    """The patterns that come from how the hand was won and the bonus tiles, not
    from its shape."""
    flags = {
        "self_draw": ctx.self_draw,
        "concealed": all(not m.opened for m in hand.melds),
        **{s.pattern: getattr(ctx, s.field) for s in SITUATIONS},
    }
    found = {k: 1 for k, on in flags.items() if on}
    if rules.bonus.tiles:
        found.update({k: n for k, n in _bonus(ctx).items() if n})
    return found


def _bonus(ctx: Context) -> dict[str, int]:
    """The bonus tile patterns: the winner's own number (seat wind East 1 ... North 4)
    counts once in each kind, unless that kind is a full set of four."""
    own = ctx.seat_wind + 1
    full = [len(kind) == len(BONUS_NUMBERS) for kind in (ctx.flowers, ctx.seasons)]
    return {
        "no_bonus": not ctx.flowers and not ctx.seasons,
        "own_flower": sum(
            own in kind and not whole
            for kind, whole in zip((ctx.flowers, ctx.seasons), full, strict=False)
        ),
        "flower_set": sum(full),
        "all_bonus": all(full),
    }


def _terminals_and_honors(tiles: list[int]) -> bool:
    """Mixed orphans: 1s, 9s and honors only, with both a terminal and an honor."""
    return (
        all(t in ONES_AND_NINES or t >= HONORS for t in tiles)
        and any(t >= HONORS for t in tiles)
        and any(t < HONORS for t in tiles)
    )


def _suits(tiles: list[int]) -> tuple[set[int], bool]:
    return {t // 9 for t in tiles if t < HONORS}, any(t >= HONORS for t in tiles)


def _seven_pairs(rules: Rules, pairs: tuple[int, ...], hand: TileHand, ctx: Context) -> Score:
    tiles = [t for t in pairs for _ in range(2)]
    suits, honors = _suits(tiles)
    counts = {"seven_pairs": 1, **_situation(rules, hand, ctx)}
    for key, on in (
        ("pure_hand", len(suits) == 1 and not honors),
        ("semi_pure_hand", len(suits) == 1),
        ("all_honors", not suits),
        ("all_terminals", all(t in ONES_AND_NINES for t in tiles)),
        ("mixed_orphans", _terminals_and_honors(tiles)),
    ):
        if on:
            counts[key] = 1
    reading = " ".join(tile_name(t)[0] * 2 + tile_name(t)[1] for t in pairs)
    return _finish(rules, counts, reading, ctx)


def _score(rules: Rules, sets: list[_Set], pair: int, hand: TileHand, ctx: Context) -> Score:
    tiles = [t for t, c in enumerate(hand.counts()) for _ in range(c)]
    suits, honors = _suits(tiles)
    triplets = [s for s in sets if s.triplet]
    dragons = [s.tile for s in triplets if s.tile in DRAGON_TILES]
    winds = [s.tile for s in triplets if s.tile in WIND_TILES]
    counts: dict[str, int] = _situation(rules, hand, ctx)

    def found(key: str, n: int | bool = 1) -> None:
        if n:
            counts[key] = int(n)

    found("pure_hand", len(suits) == 1 and not honors)
    found("semi_pure_hand", len(suits) == 1)
    found("round_wind", HONORS + ctx.round_wind in winds)
    found("seat_wind", HONORS + ctx.seat_wind in winds)
    found("all_sequences", all(s.kind == "chi" for s in sets))
    found("all_triplets", len(triplets) == SETS_IN_A_HAND)
    found("dragon_triplet", len(dragons))
    found("small_dragons", len(dragons) == 2 and pair in DRAGON_TILES)
    found("big_dragons", len(dragons) == 3)
    found("big_four_winds", len(winds) == 4)
    found("small_four_winds", len(winds) == 3 and pair in WIND_TILES)
    found("all_honors", not suits)
    found("all_terminals", all(t in ONES_AND_NINES for t in tiles))
    found("mixed_orphans", not any(s.kind == "chi" for s in sets) and _terminals_and_honors(tiles))
    found("nine_gates", _nine_gates(hand, suits))
    found("four_kongs", sum(s.kind == "kan" for s in sets) == SETS_IN_A_HAND)
    found("four_concealed_triplets", _four_concealed(triplets, sets, pair, hand, ctx))
    name = tile_name(pair)
    reading = " ".join([*(s.text() for s in sets), name[0] * 2 + name[1]])
    return _finish(rules, counts, reading, ctx, dragons=dragons)


def _nine_gates(hand: TileHand, suits: set[int]) -> bool:
    if hand.melds or len(suits) != 1 or any(t >= HONORS for t in hand.concealed):
        return False
    start = next(iter(suits)) * 9
    c = hand.counts()[start : start + 9]
    return c[0] >= 3 and c[8] >= 3 and all(n >= 1 for n in c[1:8])


def _four_concealed(
    triplets: list[_Set], sets: list[_Set], pair: int, hand: TileHand, ctx: Context
) -> bool:
    if len(triplets) != SETS_IN_A_HAND or not all(s.concealed for s in triplets):
        return False
    # A triplet completed on a discard was shown to the table: only a pair
    # wait (the winning tile is the pair) keeps all four concealed.
    return ctx.self_draw or pair == hand.win


def _finish(
    rules: Rules,
    counts: dict[str, int],
    reading: str,
    ctx: Context,
    dragons: list[int] | None = None,
) -> Score:
    table = dict(rules.patterns.items())
    counts = {k: n for k, n in counts.items() if table[k].fan != 0}
    excluded = {x for k in counts for x in table[k].excludes}
    keys = [k for k, _ in rules.patterns.items() if k in counts and k not in excluded]
    limits = [k for k in keys if table[k].fan == "limit"]
    limit = rules.fan.limit
    if limits:
        found = tuple(Found(k, pattern_name(k, table[k].name), "limit") for k in limits)
        return Score(limit, limit, found, True, reading)
    own = ctx.seat_wind + 1
    details = {
        "round_wind": [WINDS[ctx.round_wind]],
        "seat_wind": [WINDS[ctx.seat_wind]],
        "dragon_triplet": [tile_text(t) for t in dragons or ()],
        "own_flower": [
            f"{kind} {own}"
            for kind, numbers in (("flower", ctx.flowers), ("season", ctx.seasons))
            if own in numbers and len(numbers) < len(BONUS_NUMBERS)
        ],
        "flower_set": [
            kind
            for kind, numbers in (("flowers", ctx.flowers), ("seasons", ctx.seasons))
            if len(numbers) == len(BONUS_NUMBERS)
        ],
    }
    out: list[Found] = []
    for key in keys:
        pattern = table[key]
        if key in details:  # one line for each wind, dragon, flower or set found
            out += [
                Found(key, pattern_name(key, pattern.name, d), pattern.fan) for d in details[key]
            ]
        else:
            out.append(Found(key, pattern_name(key, pattern.name), pattern.fan))
    # A limit hand has returned above: every fan here is a number.
    total = sum(f.fan for f in out if isinstance(f.fan, int))
    bonus = sum(f.fan for f in out if f.key in BONUS_PATTERNS and isinstance(f.fan, int))
    return Score(min(total, limit), total, tuple(out), False, reading, bonus)


__all__ = [
    "Context",
    "Found",
    "Score",
    "check_context",
    "context_names",
    "context_of",
    "score_hand",
    "score_problem",
]
