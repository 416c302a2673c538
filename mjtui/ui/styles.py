"""The stylesheets beyond mjtui.tcss, each read when the first screen naming it is shown.

mjtui.tcss holds what the first screens (the new-series form, the sheet) need;
the rules of the forms and questions over them (modal.tcss) and of the other
screens wait for them, so the first frame parses and applies only its own
(benchmarks/startup.py: about 20 ms sooner, and the forms' rules were half of
mjtui.tcss). A screen names its stylesheets in ``STYLES``. :class:`StyledOnce`
keeps a screen from being styled twice over as it is first shown, and
:class:`StyledWhenMounted` a widget from being styled before it is mounted.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

FOLDER = Path(__file__).parent
BASE = FOLDER / "mjtui.tcss"


if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode
    from textual.events import ScreenResume
    from textual.screen import Screen

    # The mixins are checked as the App and the Screen they are mixed into.
    _AppMixin = App[object]
    _ScreenMixin = Screen[Any]
else:
    _AppMixin = _ScreenMixin = object


class ScreenStyles(_AppMixin):
    """App mixin: a screen's STYLES are read as it is first pushed."""

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        add_styles(self, screen)
        return super().push_screen(screen, *args, **kwargs)


class StyledWhenMounted(_AppMixin):
    """App mixin: a widget is styled once it is in the app's DOM, not before.

    Textual restyles a node whenever its classes change, even one only made: an
    Input made in a compose method is styled as its ``compact`` sets a class, and
    again as its value is checked, each time with its four components, though it is
    styled anew as it is mounted. On the new-series form those styles were 40 of the
    93 that its first frame worked out (benchmarks/startup.py), for fields some of
    which its first frame does not even show.
    """

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        if node is self or node.is_attached:
            super().update_styles(node, animate)


def add_styles(app: Any, screen: Any) -> None:
    """Add the stylesheets ``screen`` names to ``app``'s, once each.

    Added as a source of the app's own rank, as mjtui.tcss is (not as a
    screen's CSS_PATH, whose loading parses every stylesheet again); only the
    new text is parsed.
    """
    for name in getattr(screen, "STYLES", ()):
        path = FOLDER / f"{name}.tcss"
        if not app.stylesheet.has_source(str(path)):
            app.stylesheet.add_source(path.read_text(encoding="utf-8"), read_from=(str(path), ""))


class StyledOnce(_ScreenMixin):
    """Screen mixin: a screen's widgets are styled as they are mounted, and not all
    over again as the screen is first shown.

    Textual styles each widget as it mounts it, and then restyles the whole screen
    on its first ScreenResume, when every widget has just been styled: the first
    screen's sixty-odd widgets, styled twice before the first frame, took some
    15 ms of it (benchmarks/startup.py). The forms over the sheet (a hand, the
    seats, a question) are styled once too: the restyle of a hand form as it
    opened took some 50 ms of every hand typed. A widget whose classes or focus
    change meanwhile is restyled by Textual at that change; later resumes (a form
    closing over the screen) restyle as Textual does.
    """

    _shown_before = False

    def on_screen_resume(self, event: ScreenResume) -> None:
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False
