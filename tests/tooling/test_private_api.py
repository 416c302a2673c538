"""What mjtui takes from its libraries' internals (mjtui/private_api.py), checked.

Each function of mjtui.private_api relies on something Textual, argparse or
textual-serve does not offer as public API. The tests below check that each thing
relied on still exists and behaves as assumed, so that an upgrade that changes it
fails here, naming the function to fix, rather than somewhere far from the cause.
A scan checks that nothing else in the tree touches a private name of those
libraries (or of Rich): the one place stays the only one.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import pkgutil
import platform
import re
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import ClassVar

import rich
import textual
import textual_serve
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Footer, Static

from mjtui import private_api

REPO = Path(__file__).resolve().parents[2]
LIBRARIES = ("textual", "rich", "textual_serve", "argparse")


# What each function of private_api takes its internals from (the rest: Textual's).
FROM_ARGPARSE = {"SubParsersAction", "list_choice", "unlist_choices", "listed_choices"}
FROM_ARGPARSE |= {"subparsers_of", "argparse_says_with", "argparse_says"}
FROM_ARGPARSE |= {"argparse_wraps_with", "argparse_wraps", "HelpSplit", "HelpFill"}
FROM_TEXTUAL_SERVE = {"serve_environment"}


def installed(function: str) -> str:
    """The library ``function`` relies on, with the version installed now."""
    if function in FROM_ARGPARSE:
        return f"argparse of Python {platform.python_version()}"
    if function in FROM_TEXTUAL_SERVE:
        return f"textual-serve {version('textual-serve')}"
    return f"Textual {version('textual')}"


def fix(function: str) -> str:
    return (
        f"{installed(function)} no longer has what mjtui.private_api.{function} relies on"
        " (its docstring says what): fix it there"
    )


# ------------------------------------------------------------------------ Textual


class Bound(Static):
    value: reactive[int] = reactive(0)


class Holder(Widget):
    value: reactive[int] = reactive(0)

    def compose(self) -> ComposeResult:
        yield Bound("bound", id="bound").data_bind(Holder.value)


class Shown(App[None]):
    BINDINGS: ClassVar = [Binding("z", "bell", "Ring")]

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    def compose(self) -> ComposeResult:
        yield Holder(id="holder")
        yield Static("the screen's text", id="text")
        yield Footer()

    def on_key(self, event: object) -> None:
        self.keys.append(getattr(event, "key", ""))


async def test_drop_closed_watchers() -> None:
    app = Shown()
    async with app.run_test(size=(40, 8)) as pilot:
        holder = app.query_one(Holder)
        bound = app.query_one("#bound", Bound)
        watchers = getattr(holder, "__watchers", None)
        assert isinstance(watchers, dict), fix("drop_closed_watchers")
        assert any(w is bound for entries in watchers.values() for w, _ in entries), fix(
            "drop_closed_watchers"
        )
        assert bound._closing is False, fix("drop_closed_watchers")
        await bound.remove()
        await pilot.pause()
        assert bound._closing is True, fix("drop_closed_watchers")
        private_api.drop_closed_watchers(holder)
        assert not any(w is bound for entries in watchers.values() for w, _ in entries)


def test_ansi_sequences() -> None:
    from mjtui.ui.terminal_keys import ESC_AND_DIGIT

    sequences = private_api.ansi_sequences()
    assert sequences and all(isinstance(s, str) for s in sequences), fix("ansi_sequences")
    assert ESC_AND_DIGIT, fix("ansi_sequences") + " (Esc and a digit are no longer in it)"
    assert all(len(char) == 1 and digit.isdigit() for char, digit in ESC_AND_DIGIT.items())


async def test_screen_strips_send_as_terminal_notifications_and_frames() -> None:
    app = Shown()
    frames: list[Screen[object]] = []
    private_api.on_each_frame(app, lambda screen, renderable: frames.append(screen))
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        strips = private_api.screen_strips(app.screen)
        assert len(strips) == 8 and all(isinstance(s, Strip) for s in strips), fix("screen_strips")
        assert any("bound" in line for line in private_api.screen_lines(app.screen))
        assert frames and app.screen in frames, fix("on_each_frame")

        private_api.send_as_terminal(app, events.Key("y", "y"))
        for _ in range(5):
            await pilot.pause()
            if app.keys:
                break
        assert app.keys == ["y"], fix("send_as_terminal")

        app.notify("a notice", title="Told")
        await pilot.pause()
        (notice,) = private_api.notifications(app)
        assert (notice.title, notice.message) == ("Told", "a notice"), fix("notifications")


async def test_work_pending() -> None:
    app = Shown()
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        assert not private_api.work_pending(app), fix("work_pending")
        app.screen.call_after_refresh(lambda: None)
        assert private_api.work_pending(app), fix("work_pending")
        for _ in range(20):
            await pilot.pause()
            if not private_api.work_pending(app):
                break
        assert not private_api.work_pending(app), fix("work_pending")


async def test_footer_key_type() -> None:
    footer_key = private_api.footer_key_type()
    assert issubclass(footer_key, Widget), fix("footer_key_type")
    app = Shown()
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        keys = app.query_one(Footer).query(footer_key)
        assert len(keys) >= 1, fix("footer_key_type")


# ----------------------------------------------------------------------- argparse


def test_the_subparsers_action_and_choices_listed_without_a_parser() -> None:
    parser = argparse.ArgumentParser(prog="p")
    action = parser.add_subparsers(dest="command")
    assert type(action) is private_api.SubParsersAction, fix("SubParsersAction")
    assert private_api.subparsers_of(parser) is action, fix("subparsers_of")

    private_api.list_choice(action, "later", "made when chosen")
    assert private_api.listed_choices(action) == {"later": "made when chosen"}, fix(
        "listed_choices"
    )
    assert "made when chosen" in parser.format_help(), fix("list_choice")
    assert "later" in action.choices, fix("list_choice")  # argparse accepts the name
    private_api.unlist_choices(action, ["later"])
    assert private_api.listed_choices(action) == {} and "later" not in action.choices, fix(
        "unlist_choices"
    )
    action.add_parser("later", help="made now")
    assert private_api.listed_choices(action) == {"later": "made now"}, fix("unlist_choices")
    assert parser.parse_args(["later"]).command == "later"


def test_argparse_says_its_words_with_the_calls_it_is_given() -> None:
    before = private_api.argparse_says()
    try:
        private_api.argparse_says_with(
            lambda m: f"<{m}>", lambda s, p, n: f"<{s if n == 1 else p}>"
        )
        parser = argparse.ArgumentParser(prog="p")
        parser.add_argument("--n", nargs=2)
        assert "<usage: >p" in parser.format_help(), fix("argparse_says_with")
        assert "<show this help message and exit>" in parser.format_help(), fix(
            "argparse_says_with"
        )
        parser.exit_on_error = False
        try:
            parser.parse_args(["--n", "1"])
        except argparse.ArgumentError as e:
            said = str(e)
        assert said == "<argument --n: <expected 2 arguments>>", fix("argparse_says_with")
    finally:
        private_api.argparse_says_with(*before)
    assert "usage: p" in argparse.ArgumentParser(prog="p").format_help()


def test_argparse_wraps_its_help_with_the_methods_it_is_given() -> None:
    before = private_api.argparse_wraps()
    try:
        private_api.argparse_wraps_with(
            lambda formatter, text, width: [f"<{text}>"],
            lambda formatter, text, width, indent: f"[{text}]",
        )
        parser = argparse.ArgumentParser(prog="p", description="said")
        parser.add_argument("--n", help="a number")
        text = parser.format_help()
        assert "<a number>" in text and "[said]" in text, fix("argparse_wraps_with")
    finally:
        private_api.argparse_wraps_with(*before)
    parser = argparse.ArgumentParser(prog="p", description="said")
    assert "\nsaid\n" in parser.format_help()  # textwrap's again


# ------------------------------------------------------------------ textual-serve


def test_serve_environment() -> None:
    from textual_serve.app_service import AppService

    async def nothing(*args: object) -> None:
        return None

    service = AppService(
        "true", write_bytes=nothing, write_str=nothing, close=nothing, download_manager=None
    )  # type: ignore[arg-type]
    environment = private_api.serve_environment(service, 100, 30)
    assert (environment.get("COLUMNS"), environment.get("ROWS")) == ("100", "30"), fix(
        "serve_environment"
    )
    assert "web_driver" in environment.get("TEXTUAL_DRIVER", ""), fix("serve_environment")


# ------------------------------------------------------------------ the one place


@cache
def library_names() -> frozenset[str]:
    """Every private name (``_x``, ``__x``) written in the libraries' sources."""
    roots = [Path(m.__file__).parent for m in (textual, rich, textual_serve)]
    text = "\n".join(p.read_text(encoding="utf-8") for r in roots for p in r.rglob("*.py"))
    text += Path(argparse.__file__).read_text(encoding="utf-8")
    return frozenset(re.findall(r"(?<![\w.])(_{1,2}[A-Za-z]\w*)", text)) | frozenset(
        re.findall(r"\.(_{1,2}[A-Za-z]\w*)", text)
    )


# mjtui's own names that a library also uses: an access to one of these on another
# object than self is mjtui's (ScoreScreen._tick, a clock's tick; not textual's Timer).
OWN = {"_tick"}

SCANNED = ("mjtui", "tests", "benchmarks", "scripts", "screenshots")
EXEMPT = {REPO / "mjtui" / "private_api.py", Path(__file__).resolve()}
# What makes a file worth parsing: an attribute, a string or an import line with a
# private name in it (parsing every file took seconds).
CANDIDATE = re.compile(
    r"\.(_{1,2}[A-Za-z]\w*)|[\"'](_{1,2}[A-Za-z]\w*)[\"']"
    r"|^[ \t]*(?:from|import)[ \t]+(?:textual|rich|textual_serve|argparse)\b[^\n]*\b_",
    re.M,
)


def sources() -> list[Path]:
    return sorted(
        p
        for folder in SCANNED
        for p in (REPO / folder).rglob("*.py")
        if p.resolve() not in EXEMPT and "__pycache__" not in p.parts
    )


def worth_parsing(text: str) -> bool:
    for match in CANDIDATE.finditer(text):
        name = match.group(1) or match.group(2)
        if name is None or (name in library_names() and not name.endswith("__")):
            return True
    return False


def is_self(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id in ("self", "cls")) or (
        isinstance(node, ast.Call) and ast.unparse(node.func) == "super"
    )


def accesses(tree: ast.AST) -> list[tuple[int, str]]:
    """Where ``tree`` takes a private name of a library: the line and what it takes.

    ``self._x`` is left to the test of the classes below; ``x._x`` where ``x`` is a
    module or name imported from mjtui is mjtui's own.
    """
    ours = {"os", "sys"}  # os._exit: the standard library's, documented
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mjtui"):
            ours |= {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.Import):
            ours |= {(a.asname or a.name).split(".")[0] for a in node.names if "mjtui" in a.name}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            if isinstance(node, ast.ImportFrom):
                modules, names = [node.module or ""], [a.name for a in node.names]
            else:
                modules, names = [a.name for a in node.names], []
            for module in modules:
                parts = module.split(".")
                if parts[0] not in LIBRARIES:
                    continue
                if any(p.startswith("_") for p in parts):
                    found.append((node.lineno, f"import {module}"))
                found += [(node.lineno, f"{module}.{n}") for n in names if n.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            on = node.value
            if node.attr.endswith("__") or is_self(on):
                continue
            if isinstance(on, ast.Name) and on.id in ours:
                continue
            if (isinstance(on, ast.Name) and on.id in LIBRARIES) or (
                node.attr in library_names() and node.attr not in OWN
            ):
                found.append((node.lineno, ast.unparse(node)))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and node.args[1].value in library_names()
            and not node.args[1].value.endswith("__")
        ):
            found.append((node.lineno, f"{node.func.id}(..., {node.args[1].value!r})"))
    return sorted(found)


def test_nothing_else_takes_a_private_name_of_textual_rich_argparse_or_textual_serve() -> None:
    taken = []
    for path in sources():
        text = path.read_text(encoding="utf-8")
        if worth_parsing(text):
            where = path.relative_to(REPO)
            taken += [f"{where}:{line}: {what}" for line, what in accesses(ast.parse(text))]
    assert not taken, "through mjtui/private_api.py, please:\n" + "\n".join(taken)


def test_the_scan_sees_the_kinds_of_access_it_looks_for() -> None:
    code = (
        "import argparse\n"
        "from textual._ansi_sequences import X\n"
        "app._driver.send_message(k)\n"
        "class A(argparse._SubParsersAction): pass\n"
        "getattr(node, '__watchers')\n"
        "from mjtui.core import listing\n"
        "listing._header(1), self._driver, super()._on_key(k), os._exit(1), sheet._tick()\n"
    )
    assert worth_parsing(code)
    assert [line for line, _ in accesses(ast.parse(code))] == [2, 3, 4, 5]


# The packages whose classes derive from the libraries' (the ui's widgets and screens,
# the command line's parser and server).
DERIVING = ("mjtui.ui", "mjtui.cli")


@cache
def tree_of(path: str) -> ast.Module:
    return ast.parse(Path(path).read_text(encoding="utf-8"))


def names_of_class(node: ast.ClassDef) -> set[str]:
    """The private names a class body defines, or takes from self or super()."""
    names = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and sub.name.startswith("_"):
            names.add(sub.name)
        elif isinstance(sub, ast.Attribute) and sub.attr.startswith("_") and is_self(sub.value):
            names.add(sub.attr)
    for statement in node.body:  # the class's own attributes
        targets = statement.targets if isinstance(statement, ast.Assign) else []
        targets += [statement.target] if isinstance(statement, ast.AnnAssign) else []
        names |= {t.id for t in targets if isinstance(t, ast.Name) and t.id.startswith("_")}
    return {n for n in names if not n.endswith("__")}


@cache
def names_of_library_class(cls: type) -> frozenset[str]:
    """The private names ``cls`` (a library's class) has or gives its instances."""
    names = {n for n in vars(cls) if n.startswith("_")}
    try:
        path = inspect.getsourcefile(cls)
    except TypeError:
        return frozenset(names)
    if path is None:
        return frozenset(names)
    for node in tree_of(path).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            names |= names_of_class(node)
    return frozenset(names)


def test_no_class_of_mjtui_takes_or_overrides_a_private_name_of_its_library_base() -> None:
    """A subclass's ``self._x`` or ``def _x`` is its base's when the base has ``_x``."""
    own: dict[type, set[str]] = {}
    for package_name in DERIVING:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            module = importlib.import_module(info.name)
            assert module.__file__ is not None
            for node in tree_of(module.__file__).body:
                if isinstance(node, ast.ClassDef) and inspect.isclass(getattr(module, node.name)):
                    own[getattr(module, node.name)] = names_of_class(node)
    taken = set()
    for cls in own:
        used = set().union(*(own[b] for b in cls.__mro__ if b in own))
        for base in cls.__mro__:
            if base.__module__.split(".")[0] in LIBRARIES:
                for name in used & names_of_library_class(base):
                    taken.add(f"{cls.__module__}.{cls.__qualname__}: {base.__name__}.{name}")
    assert not taken, "through mjtui/private_api.py, please:\n" + "\n".join(sorted(taken))


def test_each_function_says_what_it_relies_on() -> None:
    functions = [
        f
        for f in vars(private_api).values()
        if inspect.isfunction(f) and f.__module__ == "mjtui.private_api"
    ]
    assert len(functions) >= 10
    assert set(vars(private_api)) >= FROM_ARGPARSE | FROM_TEXTUAL_SERVE  # fix() names them
    for function in functions:
        doc = function.__doc__ or ""
        assert "Relies on" in doc or "as :func:" in doc or "(:func:" in doc, function.__name__
