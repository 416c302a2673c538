"""How a hand was won: ron or tsumo, the winds, dora, and the situational yaku.

:func:`check_context` refuses what cannot happen at a table (riichi with an
open hand, rinshan without a kan, houtei by tsumo...), each with a message
for the player.

The situations a player states because the tiles cannot show them are listed
once, here: :data:`STATED` (each a WinContext flag, with what it means; the
``mjtui hand`` options are these flags) and :data:`SITUATIONS` (the tiles
form's letters: one letter for "last tile", which is haitei by tsumo and
houtei by ron, and one for "first draw", tenhou for the dealer and chiihou
for the others).
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.tiles.notation import TileHand
from mjtui.systems.riichi.rules import say

MAX_INDICATORS = 5  # the dead wall shows at most five (one, plus one per kan)


@dataclass(frozen=True, init=False)
class WinContext:
    """Everything about a win that the tiles do not show.

    Winds are 0-3 (East, South, West, North); the dealer is the player whose
    seat wind is East. Indicators are tile ids, as :func:`parse_tiles` gives them.
    """

    tsumo: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dora: tuple[int, ...] = ()  # dora indicators
    ura: tuple[int, ...] = ()  # ura dora indicators (count only with riichi)
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False  # tsumo on the last tile of the wall
    houtei: bool = False  # ron on the last discard
    rinshan: bool = False  # tsumo on the replacement tile of a kan
    chankan: bool = False  # ron on a tile added to a kan
    tenhou: bool = False  # the dealer's first draw
    chiihou: bool = False  # a non-dealer's first draw, no call before
    honba: int = 0
    kita: int = 0  # North tiles set aside as dora (three players)

    def __init__(
        self,
        tsumo: bool = False,
        seat_wind: int = 0,
        round_wind: int = 0,
        dora: tuple[int, ...] = (),
        ura: tuple[int, ...] = (),
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        honba: int = 0,
        kita: int = 0,
    ) -> None:
        # One update instead of a frozen dataclass's sixteen object.__setattr__ calls:
        # a context is made for every hand of a batch and two for each waits query.
        self.__dict__.update(
            tsumo=tsumo,
            seat_wind=seat_wind,
            round_wind=round_wind,
            dora=dora,
            ura=ura,
            riichi=riichi,
            double_riichi=double_riichi,
            ippatsu=ippatsu,
            haitei=haitei,
            houtei=houtei,
            rinshan=rinshan,
            chankan=chankan,
            tenhou=tenhou,
            chiihou=chiihou,
            honba=honba,
            kita=kita,
        )

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi


# The WinContext flags a player states, and what each means (the CLI's option help).
STATED: dict[str, str] = {
    "riichi": "declared riichi",
    "double_riichi": "declared riichi on the first turn",
    "ippatsu": "won within a turn of riichi",
    "haitei": "tsumo on the last tile of the wall",
    "houtei": "ron on the last discard",
    "rinshan": "tsumo on a kan's replacement tile",
    "chankan": "ron on a tile added to a kan",
    "tenhou": "the dealer won on the first draw",
    "chiihou": "a non-dealer won on the first draw",
}


@dataclass(frozen=True)
class Situation:
    """A letter of the tiles form and the flag it sets (``r``: the riichi the hand form's
    riichi field says too, so the tiles can be scored before that field is reached)."""

    letter: str
    words: str  # in full, shown once typed
    short: str  # in the list of letters
    flag: str  # the WinContext flag of a tsumo by the dealer
    ron: str = ""  # the flag instead on a ron, where it differs
    non_dealer: str = ""  # the flag instead for a non-dealer, where it differs

    @property
    def flags(self) -> tuple[str, ...]:
        """Every flag the letter may set, however the hand was won."""
        return tuple(f for f in (self.flag, self.ron, self.non_dealer) if f)

    def flag_for(self, *, tsumo: bool, dealer: bool) -> str:
        if not tsumo and self.ron:
            return self.ron
        if not dealer and self.non_dealer:
            return self.non_dealer
        return self.flag


SITUATIONS: tuple[Situation, ...] = (
    Situation("r", "riichi", "riichi", "riichi"),
    Situation("d", "double riichi", "double riichi", "double_riichi"),
    Situation("i", "ippatsu", "ippatsu", "ippatsu"),
    Situation("l", "last tile (haitei / houtei)", "last tile", "haitei", ron="houtei"),
    Situation("k", "on a kan's replacement tile (rinshan)", "rinshan", "rinshan"),
    Situation("c", "robbing a kan (chankan)", "chankan", "chankan"),
    Situation("h", "first draw (tenhou / chiihou)", "tenhou", "tenhou", non_dealer="chiihou"),
)
SITUATION_LETTERS = "".join(s.letter for s in SITUATIONS)
SITUATION_HELP = " · ".join(f"{s.letter} {s.short}" for s in SITUATIONS)
_BY_LETTER = {s.letter: s for s in SITUATIONS}
_NO_FLAGS: frozenset[str] = frozenset()


def situations_of(letters: str) -> tuple[Situation, ...]:
    """The situations typed as letters (any case, each once, in the order typed)."""
    picked = []
    for c in dict.fromkeys(letters.lower()):
        if c.isspace():
            continue
        if c not in _BY_LETTER:
            raise HandError(
                say("{c} is not a situation letter: {situation_help}").format(
                    c=repr(c), situation_help=SITUATION_HELP
                )
            )
        picked.append(_BY_LETTER[c])
    return tuple(picked)


def situation_flags(letters: str, *, tsumo: bool, dealer: bool) -> frozenset[str]:
    """The WinContext flags the letters set for a win by tsumo or ron, by the dealer or not."""
    if not letters:
        return _NO_FLAGS  # most hands of a batch
    return frozenset(s.flag_for(tsumo=tsumo, dealer=dealer) for s in situations_of(letters))


def check_context(hand: TileHand, ctx: WinContext) -> None:
    """Raise HandError when ``ctx`` cannot go with ``hand``."""
    problem = _problem(hand, ctx)
    if problem:
        raise HandError(problem)


def _problem(hand: TileHand, ctx: WinContext) -> str | None:
    if ctx.seat_wind not in (0, 1, 2, 3) or ctx.round_wind not in (0, 1, 2, 3):
        return say(
            "the seat and round winds must be 0-3 ({names}), got {seat_wind} and {round_wind}"
        ).format(
            names=", ".join(WINDS), seat_wind=repr(ctx.seat_wind), round_wind=repr(ctx.round_wind)
        )
    if ctx.honba < 0:
        return say("honba must be 0 or more, got {honba}").format(honba=ctx.honba)
    if len(ctx.dora) > MAX_INDICATORS or len(ctx.ura) > MAX_INDICATORS:
        return say("at most {max_indicators} dora and {max_indicators} ura dora indicators").format(
            max_indicators=MAX_INDICATORS
        )
    if not 0 <= ctx.kita <= 4:
        return say("kita: 0 to 4 North tiles set aside, got {kita}").format(kita=ctx.kita)
    if (
        ctx.kita
        and ctx.kita + hand.concealed_counts()[30] + sum(m.tiles.count(30) for m in hand.melds) > 4
    ):
        return say("there are four North tiles: the hand and kita hold more")
    if not (
        ctx.riichi
        or ctx.double_riichi
        or ctx.ippatsu
        or ctx.ura
        or ctx.haitei
        or ctx.houtei
        or ctx.rinshan
        or ctx.chankan
        or ctx.tenhou
        or ctx.chiihou
    ):
        return None  # most wins: nothing more to check
    # In the order of the checks a player reads most easily; the first that fails
    # is reported.
    riichi = ctx.riichi or ctx.double_riichi
    ron = not ctx.tsumo
    if ctx.riichi and ctx.double_riichi:
        return say("riichi or double riichi, not both")
    if riichi and not hand.closed:
        return say("riichi needs a closed hand; this one has a called meld")
    if ctx.ippatsu and not riichi:
        return say("ippatsu needs riichi")
    if ctx.ura != () and not riichi:
        return say("ura dora count only with riichi")
    if ctx.haitei and ron:
        return say("haitei is a win by tsumo on the last tile; houtei is by ron")
    if ctx.houtei and ctx.tsumo:
        return say("houtei is a win by ron on the last discard; haitei is by tsumo")
    if ctx.rinshan:
        if ron:
            return say("rinshan kaihou is a win by tsumo on a kan's replacement tile")
        if not any(m.kind == "kan" for m in hand.melds):
            return say("rinshan kaihou needs a kan in the hand")
        if ctx.haitei:
            return say(
                "the replacement tile of a kan is not the last tile: rinshan or haitei, not both"
            )
    if ctx.chankan:
        if ctx.tsumo:
            return say("chankan is a win by ron on a tile added to a kan")
        if ctx.houtei:
            return say("chankan or houtei, not both")
    if ctx.tenhou or ctx.chiihou:
        if ctx.tenhou and ctx.chiihou:
            return say("tenhou (dealer) or chiihou (non-dealer), not both")
        if ctx.tenhou and not ctx.dealer:
            return say("tenhou is the dealer's win; the seat wind must be East")
        if ctx.chiihou and ctx.dealer:
            return say("chiihou is a non-dealer's win; the dealer's is tenhou")
        if ron:
            return say("tenhou and chiihou are wins by tsumo")
        if hand.melds != ():
            return say("tenhou and chiihou are won on the first draw, before any kan or call")
    return None
