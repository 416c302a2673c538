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
the last tile, a heavenly or earthly hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.pocket.events import SITUATIONS, situation_problem
from mjtui.core.systems.pocket.rules import Rules
from mjtui.core.tiles import TileHand, readings, thirteen_orphans, tile_name, tile_text

HONORS = 27
WIND_TILES = range(27, 31)
DRAGON_TILES = range(31, 34)
ONES_AND_NINES = (0, 8, 9, 17, 18, 26)
SETS_IN_A_HAND = 4


@dataclass(frozen=True)
class Context:
    """What the tiles cannot show. Winds are 0 East ... 3 North. The flags after
    ``self_draw`` are the situations (events.SITUATIONS), in its order: their
    ``field`` names them (a test holds the two together)."""

    seat_wind: int = 0
    round_wind: int = 0
    self_draw: bool = False
    robbing_kong: bool = False
    kong_replacement: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False


@dataclass(frozen=True)
class Found:
    key: str  # the pattern key in the ruleset
    name: str  # as shown: the ruleset's name, with the tile for wind and dragon triplets
    fan: int | str  # a number, or "limit"


@dataclass(frozen=True)
class Score:
    fan: int  # what the hand is paid: the total, at most the limit
    total: int  # the patterns' fan added up (the limit for a limit hand)
    patterns: tuple[Found, ...]
    limit_hand: bool
    reading: str  # the sets and the pair that give this score, e.g. "123m 555z [789s] 11z"


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
        return body if self.concealed and self.kind != "kan" else \
            f"({body})" if self.concealed else f"[{body}]"


def check_context(hand: TileHand, ctx: Context) -> None:
    """Refuse situations that contradict each other or the tiles."""
    if not (0 <= ctx.seat_wind < 4 and 0 <= ctx.round_wind < 4):
        raise HandError("the seat and round wind are East, South, West or North")
    problem = situation_problem(context_names(ctx), self_draw=ctx.self_draw,
                                by_starter=ctx.seat_wind == 0)
    if problem:
        raise HandError(problem)
    if ctx.kong_replacement and not any(m.kind == "kan" for m in hand.melds):
        raise HandError("a win on a kong's replacement tile needs a kong in the hand")


def context_of(seat_wind: int, round_wind: int, self_draw: bool,
               words: tuple[str, ...] | list[str] = ()) -> Context:
    """The Context of a win with the situations named by their words (Win.context)."""
    return Context(seat_wind=seat_wind, round_wind=round_wind, self_draw=self_draw,
                   **{s.field: s.word in words for s in SITUATIONS})


def context_names(ctx: Context) -> tuple[str, ...]:
    """The situations ticked in ``ctx``, as a hand event and a file name them."""
    return tuple(s.word for s in SITUATIONS if getattr(ctx, s.field))


def score_hand(rules: Rules, hand: TileHand, ctx: Context) -> Score:
    """The best-paid reading of ``hand``; HandError when the tiles are not a winning hand."""
    check_context(hand, ctx)
    options = [_score(rules, sets, pair, hand, ctx) for sets, pair in _readings(hand)]
    orphans = None if hand.melds else thirteen_orphans(hand.counts())
    if orphans is not None:
        options.append(_finish(rules, {"thirteen_orphans": 1, **_situation(hand, ctx)},
                               "13 orphans, pair " + tile_name(orphans), ctx))
    if not options:
        raise HandError("these tiles are not a winning hand: they do not make four sets "
                        "(chow, pong, kong) and a pair, nor thirteen orphans")
    return max(options, key=lambda s: (s.fan, s.total))


def _readings(hand: TileHand) -> list[tuple[list[_Set], int]]:
    declared = [_Set(m.kind, m.tiles[0], not m.opened) for m in hand.melds]
    found = []
    for r in readings(hand.concealed_counts()):
        sets = declared + [_Set(kind, tile, True) for kind, tile in r.sets]
        if len(sets) == SETS_IN_A_HAND:
            found.append((sets, r.pair))
    return found


def _situation(hand: TileHand, ctx: Context) -> dict[str, int]:
    """The patterns that come from how the hand was won, not from its shape."""
    flags = {
        "self_draw": ctx.self_draw,
        "concealed": all(not m.opened for m in hand.melds),
        **{s.pattern: getattr(ctx, s.field) for s in SITUATIONS},
    }
    return {k: 1 for k, on in flags.items() if on}


def _score(rules: Rules, sets: list[_Set], pair: int, hand: TileHand, ctx: Context) -> Score:
    tiles = [t for t, c in enumerate(hand.counts()) for _ in range(c)]
    suits = {t // 9 for t in tiles if t < HONORS}
    honors = any(t >= HONORS for t in tiles)
    triplets = [s for s in sets if s.triplet]
    dragons = [s.tile for s in triplets if s.tile in DRAGON_TILES]
    winds = [s.tile for s in triplets if s.tile in WIND_TILES]
    counts: dict[str, int] = _situation(hand, ctx)

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
    c = hand.counts()[start:start + 9]
    return c[0] >= 3 and c[8] >= 3 and all(n >= 1 for n in c[1:8])


def _four_concealed(triplets: list[_Set], sets: list[_Set], pair: int, hand: TileHand,
                    ctx: Context) -> bool:
    if len(triplets) != SETS_IN_A_HAND or not all(s.concealed for s in triplets):
        return False
    # A triplet completed on a discard was shown to the table: only a pair
    # wait (the winning tile is the pair) keeps all four concealed.
    return ctx.self_draw or pair == hand.win


def _finish(rules: Rules, counts: dict[str, int], reading: str, ctx: Context,
            dragons: list[int] | None = None) -> Score:
    table = dict(rules.patterns.items())
    counts = {k: n for k, n in counts.items() if table[k].fan != 0}
    excluded = {x for k in counts for x in table[k].excludes}
    keys = [k for k, _ in rules.patterns.items() if k in counts and k not in excluded]
    limits = [k for k in keys if table[k].fan == "limit"]
    limit = rules.fan.limit
    if limits:
        found = tuple(Found(k, table[k].name, "limit") for k in limits)
        return Score(limit, limit, found, True, reading)
    out: list[Found] = []
    for key in keys:
        pattern = table[key]
        name = pattern.name
        if key in ("round_wind", "seat_wind"):
            wind = ctx.round_wind if key == "round_wind" else ctx.seat_wind
            out.append(Found(key, f"{name} ({WINDS[wind]})", pattern.fan))
        elif key == "dragon_triplet":
            out += [Found(key, f"{name} ({tile_text(t)})", pattern.fan) for t in dragons or ()]
        else:
            out.append(Found(key, name, pattern.fan))
    total = sum(f.fan for f in out)  # type: ignore[misc]
    return Score(min(total, limit), total, tuple(out), False, reading)


__all__ = ["Context", "Found", "Score", "check_context", "context_names", "context_of",
           "score_hand"]
