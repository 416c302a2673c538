"""The riichi tile hand analyzer: yaku, han, fu and payments from a hand's tiles.

* :mod:`.context`: how the hand was won (:class:`WinContext`) and its checks;
* :mod:`.shapes`: the readings (four sets and a pair with a wait, seven pairs,
  thirteen orphans);
* :mod:`.yaku`: the yaku and yakuman, and their han from the ruleset's ``[yaku]``;
* :mod:`.fu_count`: fu through the app's fu calculator;
* :mod:`.dora`: dora, ura dora and red fives;
* :mod:`.analyzer`: :func:`analyze`, the best reading and its score;
* :mod:`.analysis`: :class:`Analysis`, what :func:`analyze` gives.
"""

from mjtui.systems.riichi.hand.analysis import Analysis
from mjtui.systems.riichi.hand.analyzer import analyze, analyze_text
from mjtui.systems.riichi.hand.context import WinContext, check_context
from mjtui.systems.riichi.hand.dora import Dora

__all__ = ["Analysis", "Dora", "WinContext", "analyze", "analyze_text", "check_context"]
