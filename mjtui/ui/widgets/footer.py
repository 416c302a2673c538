"""The footer every screen shows: Textual's, without the keys it never lets go of.

Textual's Footer makes its keys anew whenever the screen's bindings change, as
they do when a hand form opens over the sheet and closes again: every hand.
It binds each key's ``compact`` to its own (``data_bind``), which leaves a
watcher on the footer that Textual drops only when ``compact`` next changes,
which it never does. So every key the footer ever showed stayed alive: some
2,600 objects a hand, over which each full pass of the cyclic collector took
2 ms longer a hand, 240 ms after 120 hands, now and then between a ctrl+s and
the new totals (Textualize/textual#6666, open).
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    async def recompose(self) -> None:
        await super().recompose()
        forget_closed_watchers(self)


def forget_closed_watchers(node: Any) -> None:
    """Drop the watchers of ``node``'s reactives that closed nodes left: what Textual
    itself drops, by the same test, when the watched value changes."""
    watchers: dict[str, list[tuple[Any, Any]]] = getattr(node, "__watchers", {})
    for entries in watchers.values():
        entries[:] = [(watcher, callback) for watcher, callback in entries if not watcher._closing]
