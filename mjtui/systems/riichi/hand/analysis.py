"""What the analyzer makes of a winning hand: :class:`Analysis`, its best reading and score.

A module of its own, apart from the reading in :mod:`.analyzer`: the result keeps
its fields in its instance dict (one update for a frozen dataclass's eight
``object.__setattr__`` calls), which the analyzer's module, kept free of such
tricks, may be compiled without (benchmarks/compiled_reader.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mjtui.systems.riichi.fu import FuResult
from mjtui.systems.riichi.hand.dora import Dora
from mjtui.systems.riichi.hand.fu_count import seven_pairs_fu, standard_fu
from mjtui.systems.riichi.hand.shapes import SevenPairs, Shape, Standard, describe_shape
from mjtui.systems.riichi.points import Payment
from mjtui.systems.riichi.rules import Fu


@dataclass(frozen=True, init=False)
class Analysis:
    """The best reading of a hand and what it scores.

    A yakuman hand has ``han`` 0, ``fu`` None and ``yakuman`` >= 1, as the
    riichi hand form takes it; ``yaku`` then lists the yakuman, each with the
    number of yakuman it counts. The fu breakdown (:attr:`fu_result`) is worked
    out when first asked for: scoring needs only the fu.
    """

    han: int  # yaku and dora
    fu: int | None
    yaku: tuple[tuple[str, int], ...]  # (name, han), or (name, yakuman) for a yakuman hand
    yakuman: int
    dora: Dora
    shape: Shape
    payment: Payment
    # What the fu breakdown needs: (fu rules, ron, closed, seat wind, round wind).
    fu_source: tuple[Fu, bool, bool, int, int] | None = field(repr=False, compare=False)

    def __init__(
        self,
        han: int,
        fu: int | None,
        yaku: tuple[tuple[str, int], ...],
        yakuman: int,
        dora: Dora,
        shape: Shape,
        payment: Payment,
        fu_source: tuple[Fu, bool, bool, int, int] | None = None,
    ) -> None:
        # One update instead of a frozen dataclass's eight object.__setattr__ calls:
        # an Analysis is made for every hand scored.
        self.__dict__.update(
            han=han,
            fu=fu,
            yaku=yaku,
            yakuman=yakuman,
            dora=dora,
            shape=shape,
            payment=payment,
            fu_source=fu_source,
        )

    @property
    def fu_result(self) -> FuResult | None:
        """The fu calculator's breakdown of the reading (None for a yakuman hand), worked
        out once: kept in the instance's dict by hand, as functools.cached_property takes
        a lock on every first read in Python 3.11 (a fifth of the breakdown's cost)."""
        kept = self.__dict__
        if "_fu_result" not in kept:
            kept["_fu_result"] = self._fu_breakdown()
        found: FuResult | None = kept["_fu_result"]
        return found

    def _fu_breakdown(self) -> FuResult | None:
        if self.fu_source is None:
            return None
        fu, ron, closed, seat, round_wind = self.fu_source
        if isinstance(self.shape, SevenPairs):
            return seven_pairs_fu(fu)
        assert isinstance(self.shape, Standard)
        return standard_fu(fu, self.shape, ron, closed, seat, round_wind)

    @property
    def fu_items(self) -> tuple[tuple[str, int], ...]:
        result = self.fu_result
        return result.lines if result else ()

    @property
    def yaku_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.yaku)

    @property
    def reading(self) -> str:
        """The reading chosen, in words: '123m 456p [789s] 555z 11z (wait: ryanmen)'."""
        return describe_shape(self.shape)
