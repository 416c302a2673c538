"""A screen laid out once for a size: :class:`LaidOutOnce`.

Textual works out a screen's layout as the screen is first shown and each time it
comes back on top (a form closing over the sheet); that layout sends the screen a
Resize, though the size is the one just laid out, and Textual lays the whole screen
out again for it: every form opened and every return to the sheet paid for its
layout twice (each one a reflow of every widget and a paint of the screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.events import Resize
    from textual.screen import Screen

    _ScreenMixin = Screen[Any]  # the mixin is checked as the Screen it is mixed into
else:
    _ScreenMixin = object


class LaidOutOnce(_ScreenMixin):
    """Screen mixin: a Resize to the size the screen is already laid out at does not
    lay it out again.

    The screen's own ``on_resize`` runs first (a subclass comes before this mixin),
    and a real change of the terminal's size is laid out as Textual does: only the
    Resize that repeats the screen's own size stops here. Layouts the screen's widgets
    ask for (a label grown, a row shown) come through Textual's refresh, not a Resize.
    """

    def on_resize(self, event: Resize) -> None:
        if event.size == self.outer_size:
            event.prevent_default()  # Screen's own handler: the same layout again
