"""What mjtui takes from the internals of Textual, argparse and textual-serve, in one place.

Each function here reads or calls one thing its library does not offer as public API,
says what it relies on and why no public API serves. Nothing else in mjtui or its
tests touches a private name of those libraries (tests/tooling/test_private_api.py
looks for one and checks that each thing relied on here still exists and behaves as
assumed: after an upgrade of one of them, that test names the function to fix).

The module imports only argparse when imported: the command line reads it at every
start (cli/entry.py), before it knows whether Textual is needed, and the core, the
systems and the calculators never import it (the import-linter contracts).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.app import App
    from textual.events import Event
    from textual.notifications import Notification
    from textual.screen import Screen
    from textual.strip import Strip
    from textual.widget import Widget

# --------------------------------------------------------------------------- Textual


def drop_closed_watchers(node: Any) -> None:
    """Drop the watchers of ``node``'s reactives that closed nodes left.

    Relies on Textual keeping a node's watchers in its attribute ``"__watchers"`` (a
    dict: reactive name -> list of (watcher node, callback); textual/reactive.py
    ``_watch``), and on ``MessagePump._closing``, the test by which Textual itself
    drops them when the watched value changes (reactive.py ``_check_watchers``).
    No public API unwatches: a ``data_bind`` lasts as long as the node bound to
    (ui/widgets/footer.py says why the footer needs this: Textualize/textual#6666).
    """
    watchers: dict[str, list[tuple[Any, Any]]] = getattr(node, "__watchers", {})
    for entries in watchers.values():
        entries[:] = [(watcher, callback) for watcher, callback in entries if not watcher._closing]


def ansi_sequences() -> Mapping[str, Any]:
    """Textual's table of the byte sequences a terminal sends and the keys it reads
    them as (``{}`` from a Textual that has none: keys are then taken as they come).

    Relies on ``textual._ansi_sequences.ANSI_SEQUENCES_KEYS``. Textual offers no
    public way to ask what it reads Esc and a digit as; ui/terminal_keys.py takes
    those apart again.
    """
    try:
        from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
    except ImportError:
        return {}
    return ANSI_SEQUENCES_KEYS


# What the tests take from Textual: the screen as the terminal shows it, keys as the
# terminal sends them, the notices shown. Kept here so that one test checks them all.


def screen_strips(screen: Screen[Any]) -> list[Strip]:
    """The lines of ``screen`` as the terminal is sent them, with their styles.

    Relies on ``Screen._compositor.render_strips()``. The public
    ``App.export_screenshot`` gives an SVG, not lines to read.
    """
    return screen._compositor.render_strips()


def screen_lines(screen: Screen[Any]) -> list[str]:
    """The text of each line of ``screen`` (:func:`screen_strips`)."""
    return [strip.text for strip in screen_strips(screen)]


def send_as_terminal(app: App[Any], event: Event) -> None:
    """Hand ``event`` (a key) to ``app`` as its driver does with what the terminal sent.

    Relies on ``App._driver`` (public ``Driver.send_message``). ``Pilot.press`` waits
    for each key to be handled, and ``App.post_message`` queues the key at once from
    the test's own task; a terminal's keys arrive from the driver, each in its own
    turn of the event loop, while the app is busy: what the typing tests are about.
    """
    driver = app._driver
    assert driver is not None, "the app is not running"
    driver.send_message(event)


def notifications(app: App[Any]) -> list[Notification]:
    """The notices ``app`` has shown and not yet withdrawn, oldest first.

    Relies on ``App._notifications`` (a ``textual.notifications.Notifications``).
    Textual has no public getter; a test run (``run_test``) does not draw the
    toasts either, so there is no widget to read them from.
    """
    return list(app._notifications)


def withdraw_notifications(app: App[Any], withdrawn: Callable[[Notification], bool]) -> None:
    """Take away the notices shown for which ``withdrawn`` is true (mjtui withdraws the
    passing ones when a newer one comes, or a screen opens).

    Relies on ``App._notifications`` (deleting from it) and
    ``App._refresh_notifications`` (the toasts redrawn). Textual's public
    ``App.clear_notifications`` takes every notice away, warnings included.
    """
    shown = app._notifications
    for notification in list(shown):
        if withdrawn(notification):
            del shown[notification]
    app._refresh_notifications()


def work_pending(app: App[Any]) -> bool:
    """Whether ``app`` still has work queued that can change the screen: a callback a
    screen runs after its next refresh (``call_after_refresh``, a deferred
    ``scroll_to``) or a message waiting at a node of the screen on top.

    Relies on ``Screen._callbacks`` and ``MessagePump._message_queue``. Textual's
    public waits (``Pilot.pause``) wait for the CPU to be idle, which a starved process
    on a busy machine is: a screenshot taken then can miss a scroll still queued.
    """
    if any(screen._callbacks for screen in app.screen_stack):
        return True
    nodes = (app, *app.screen.walk_children(with_self=True))
    return any(not node._message_queue.empty() for node in nodes)


def footer_key_type() -> type[Widget]:
    """The class of the keys Textual's Footer shows.

    Relies on ``textual.widgets._footer.FooterKey``, which ``textual.widgets`` does
    not export; tests/ui/test_long_evening.py counts them to find old keys kept alive.
    """
    from textual.widgets._footer import FooterKey

    return FooterKey


def on_each_frame(
    app: App[Any], seen: Callable[[Screen[Any], RenderableType | None], None]
) -> None:
    """Call ``seen(screen, renderable)`` after ``app`` sends each frame to the terminal.

    Relies on ``App._display(screen, renderable)``, through which every update
    passes. No public event says a frame was drawn.
    """
    display = app._display

    def displayed(screen: Screen[Any], renderable: RenderableType | None) -> None:
        display(screen, renderable)
        seen(screen, renderable)

    app._display = displayed  # type: ignore[method-assign]


# -------------------------------------------------------------------------- argparse

SubParsersAction = argparse._SubParsersAction
"""The action ``ArgumentParser.add_subparsers`` makes: cli/entry.py subclasses it
(``action=LazySubcommands``) to give a command its parser only once it is chosen.
argparse has no public class for it, and no way to list a command without its parser."""


def list_choice(action: argparse._SubParsersAction[Any], name: str, help: str | None) -> None:
    """List ``name`` as a command of ``action``, with its ``help`` line, but no parser yet.

    Relies on ``_SubParsersAction._choices_actions`` (the lines of ``--help``),
    ``_ChoicesPseudoAction`` (one line) and ``_name_parser_map`` (the names taken:
    argparse checks a choice against it before calling the action). Publicly a
    command is listed only by ``add_parser``, which builds its parser.
    """
    action._choices_actions.append(action._ChoicesPseudoAction(name, (), help))
    action._name_parser_map[name] = None


def unlist_choices(action: argparse._SubParsersAction[Any], names: Iterable[str]) -> None:
    """Take the commands ``names`` listed by :func:`list_choice` off ``action`` again,
    so that ``add_parser`` can add them for real (same internals as :func:`list_choice`)."""
    gone = set(names)
    for name in gone:
        action._name_parser_map.pop(name, None)
    action._choices_actions[:] = [a for a in action._choices_actions if a.dest not in gone]


def listed_choices(action: argparse._SubParsersAction[Any]) -> dict[str, str | None]:
    """The commands ``action`` lists in ``--help``: name -> help line
    (``_SubParsersAction._choices_actions``, as :func:`list_choice`)."""
    return {a.dest: a.help for a in action._choices_actions}


def subparsers_of(parser: argparse.ArgumentParser) -> argparse._SubParsersAction[Any]:
    """The action ``parser.add_subparsers()`` made.

    Relies on ``ArgumentParser._actions``: a parser keeps no public list of its arguments.
    """
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return action


def argparse_says_with(
    gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]
) -> None:
    """Make argparse say its own words ("usage: ", "options", "invalid choice: ...") with
    ``gettext`` and ``ngettext`` from now on (cli/argparse_words.py: in the language spoken).

    Relies on argparse's module-level names ``_`` and ``ngettext``, bound by its
    ``from gettext import gettext as _, ngettext``: it looks every message of its own up
    through them, in gettext's global default domain (read from ``.mo`` files under the
    system's locale folder, chosen by the environment, not by ``--language``). No public
    API gives argparse a translation; a formatter class would reach only the help's
    headings, not its errors.
    """
    names = vars(argparse)  # argparse's globals, where its functions look the names up
    names["_"] = gettext
    names["ngettext"] = ngettext


def argparse_says() -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """What argparse says its words with now (the same names as :func:`argparse_says_with`)."""
    names = vars(argparse)
    return names["_"], names["ngettext"]


HelpSplit = Callable[[argparse.HelpFormatter, str, int], list[str]]
HelpFill = Callable[[argparse.HelpFormatter, str, int, str], str]


def argparse_wraps() -> tuple[HelpSplit, HelpFill]:
    """How argparse's help formatter wraps now (the same as :func:`argparse_wraps_with`)."""
    return argparse.HelpFormatter._split_lines, argparse.HelpFormatter._fill_text


def argparse_wraps_with(split: HelpSplit, fill: HelpFill) -> None:
    """Make every argparse help formatter wrap an option's help with ``split(formatter,
    text, width)`` (its lines) and a description with ``fill(formatter, text, width,
    indent)`` (cli/argparse_words.py: by terminal cells, for Japanese and Chinese).

    Relies on ``HelpFormatter._split_lines`` and ``HelpFormatter._fill_text``, where
    argparse wraps with textwrap, which counts characters, not cells: a line of CJK
    text ran twice the terminal's width. ``formatter_class`` would have to be given to
    every parser and subparser the commands make, and the public formatters all wrap
    with textwrap.
    """
    for name, method in (("_split_lines", split), ("_fill_text", fill)):
        setattr(argparse.HelpFormatter, name, method)


# --------------------------------------------------------------------- textual-serve


def serve_environment(service: Any, width: int, height: int) -> dict[str, str]:
    """The environment textual-serve starts an app in for a browser of ``width`` x
    ``height`` cells (its web driver, colours, size).

    Relies on ``textual_serve.app_service.AppService._build_environment``. The board's
    process is started by mjtui (cli/serving.py: from an argument list, no shell), and
    textual-serve makes this environment only inside its own start.
    """
    environment: dict[str, str] = service._build_environment(width=width, height=height)
    return environment
