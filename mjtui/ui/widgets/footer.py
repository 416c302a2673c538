"""The footer every screen shows: Textual's, without the keys it never lets go of.

Textual's Footer makes its keys anew whenever the screen's bindings change, as
they do when a hand form opens over the sheet and closes again: every hand.
It binds each key's ``compact`` to its own (``data_bind``), which leaves a
watcher on the footer that Textual drops only when ``compact`` next changes,
which it never does. So every key the footer ever showed stayed alive: some
2,600 objects a hand, over which each full pass of the cyclic collector took
2 ms longer a hand, 240 ms after 120 hands, now and then between a ctrl+s and
the new totals (Textualize/textual#6666, open). Dropping them takes Textual's
internals (mjtui/private_api.py: drop_closed_watchers).

Each key's description is said in the language spoken (mjtui.core.language).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter

from mjtui.core.language import _
from mjtui.private_api import drop_closed_watchers, footer_key_type


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        # The bindings' descriptions are English where they are declared (a class's
        # constants): each key is said in the language spoken as it is shown.
        key_type = footer_key_type()
        for widget in super().compose():
            if isinstance(widget, key_type):
                key: Any = widget  # a FooterKey, which holds its description as text
                key.description = _(key.description)
            yield widget

    async def recompose(self) -> None:
        await super().recompose()
        drop_closed_watchers(self)
