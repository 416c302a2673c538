"""The stylesheets beyond mjtui.tcss, each read when the first screen naming it is shown.

mjtui.tcss holds what the first screens (the new-series form, the sheet) need;
the rules of the forms and questions over them (modal.tcss) and of the other
screens wait for them, so the first frame parses and applies only its own
(benchmarks/startup.py: about 20 ms sooner, and the forms' rules were half of
mjtui.tcss). A screen names its stylesheets in ``STYLES``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

FOLDER = Path(__file__).parent
BASE = FOLDER / "mjtui.tcss"


if TYPE_CHECKING:
    from textual.app import App

    # The mixin is checked as the App it is mixed into (MjtuiApp), whose method it extends.
    _AppMixin = App[object]
else:
    _AppMixin = object


class ScreenStyles(_AppMixin):
    """App mixin: a screen's STYLES are read as it is first pushed."""

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        add_styles(self, screen)
        return super().push_screen(screen, *args, **kwargs)


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
