"""The catalogs are whole and safe: every interface string the code marks (``_``, ``N_``,
``pgettext``) is translated in each language's mjtui.po, every sentence a system says
(``say``) is in its own catalog for its tables' languages, and no translation names a
placeholder its English does not give (``.format`` would fail on the screen)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2] / "mjtui"
INTERFACE = ("ja", "zh_Hans", "zh_Hant")
SYSTEMS = {
    "riichi": ("ja",),
    "pocket": ("zh_Hans", "zh_Hant"),
    "mcr": ("zh_Hans", "zh_Hant"),
    "east_doubling": INTERFACE,
    "fx602p": INTERFACE,
}
_FIELD = re.compile(r"\{(\w*)\}")


@cache
def marked(
    folder: Path, keywords: tuple[tuple[str, tuple[int | tuple[int, str], ...]], ...]
) -> set[str]:
    """The messages marked in ``folder``'s modules, or in the one module ``folder`` names."""
    found = set()
    if folder.is_file():
        messages = (
            (message, context)
            for _line, message, _comments, context in extract_from_file(
                "python", folder, keywords=dict(keywords), comment_tags=()
            )
        )
    else:
        messages = (
            (message, context)
            for _file, _line, message, _comments, context in extract_from_dir(
                folder, keywords=dict(keywords), comment_tags=()
            )
        )
    for message, context in messages:
        text = message[0] if isinstance(message, tuple) else message
        if text:
            found.add(f"{context}\x04{text}" if context else text)
    return found


def translated(path: Path) -> dict[str, str]:
    """Each translated message by its id (a plural's by its singular, its forms joined)."""
    with path.open("rb") as f:
        catalog = read_po(f)
    found: dict[str, str] = {}
    for m in catalog:
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        forms = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if not ids[0] or m.fuzzy or not all(forms):
            continue
        key = f"{m.context}\x04{ids[0]}" if m.context else str(ids[0])
        found[key] = " ".join(str(form) for form in forms)
    return found


def plurals(path: Path) -> dict[str, str]:
    """A plural message's singular id -> its plural id (a form may name the plural's
    placeholders: "{n} hands")."""
    with path.open("rb") as f:
        catalog = read_po(f)
    return {str(m.id[0]): str(m.id[1]) for m in catalog if isinstance(m.id, (tuple, list))}


INTERFACE_KEYWORDS = (
    ("_", ()),
    ("N_", ()),
    ("pgettext", ((1, "c"), 2)),
    ("ngettext", (1, 2)),
)


def interface_strings() -> set[str]:
    strings: set[str] = set()
    # The packages, and the modules at the top (config.py says the config's problems).
    parts = [ROOT / part for part in ("ui", "core", "cli", "calc")] + sorted(ROOT.glob("*.py"))
    for part in parts:
        strings |= marked(part, INTERFACE_KEYWORDS)  # type: ignore[arg-type]
    return strings


@pytest.mark.parametrize("spoken", INTERFACE)
def test_every_marked_interface_string_is_translated(spoken: str) -> None:
    have = translated(ROOT / "locale" / spoken / "LC_MESSAGES" / "mjtui.po")
    missing = sorted(interface_strings() - have.keys())
    assert missing == []


@pytest.mark.parametrize(
    ("system", "spoken"), [(s, lang) for s, langs in SYSTEMS.items() for lang in langs]
)
def test_every_sentence_a_system_says_is_in_its_catalog(system: str, spoken: str) -> None:
    package = ROOT / "systems" / system
    have = translated(package / "locale" / spoken / "LC_MESSAGES" / "terms.po")
    said = marked(package, (("say", ()),))
    assert sorted(said - have.keys()) == []


def _catalogs() -> list[Path]:
    return sorted(ROOT.glob("**/locale/*/LC_MESSAGES/*.po"))


@pytest.mark.parametrize("path", _catalogs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_translation_names_a_placeholder_its_english_lacks(path: Path) -> None:
    plural = plurals(path)

    def english(key: str) -> str:
        message = key.rpartition("\x04")[2]
        return f"{message} {plural.get(message, '')}"

    wrong = {
        key: text
        for key, text in translated(path).items()
        if set(_FIELD.findall(text)) - set(_FIELD.findall(english(key)))
    }
    assert wrong == {}


# Key descriptions that are names, said the same in every language.
UNTRANSLATED_KEYS = {"FX-602P", "+10", "-10"}
# Textual's own keys that show in our footers: a Select's open menu.
TEXTUAL_KEYS = {"Dismiss menu"}


def key_descriptions() -> set[str]:
    """The description of every key a screen or widget of mjtui/ui binds: the footer
    says each in the language spoken (ui/widgets/footer.py), so each must be in the
    catalogs, though none is marked where it is declared (a class's BINDINGS)."""
    import importlib
    import inspect
    import pkgutil

    from textual.binding import Binding
    from textual.dom import DOMNode

    import mjtui.ui

    found: set[str] = set()
    for module_info in pkgutil.walk_packages(mjtui.ui.__path__, "mjtui.ui."):
        module = importlib.import_module(module_info.name)
        for thing in vars(module).values():
            if not (inspect.isclass(thing) and issubclass(thing, DOMNode)):
                continue
            if thing.__module__ != module.__name__:
                continue  # Textual's own, imported (their keys stay out of our footers)
            for binding in thing.__dict__.get("BINDINGS", []):
                if isinstance(binding, Binding) and binding.description:
                    found.add(binding.description)
    return (found | TEXTUAL_KEYS) - UNTRANSLATED_KEYS


def test_the_keys_are_found() -> None:
    keys = key_descriptions()
    assert {"Win", "Resume", "Give a penalty", "Let it go"} <= keys


@pytest.mark.parametrize("spoken", INTERFACE)
def test_every_key_the_footer_shows_is_translated(spoken: str) -> None:
    have = translated(ROOT / "locale" / spoken / "LC_MESSAGES" / "mjtui.po")
    assert sorted(key_descriptions() - have.keys()) == []


def test_no_screen_says_a_string_inside_an_f_string() -> None:
    """Babel does not read into an f-string's fields: a ``_("...")`` there is shown yet
    never extracted, so the catalog test above could not see it missing."""
    inside = re.compile(r"""\bf(["'])[^"'\n]*\{[^}\n]*\b(?:_|N_|pgettext|ngettext)\(""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "ui").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if inside.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("path", _catalogs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_message_is_in_a_catalog_twice(path: Path) -> None:
    """Two blocks of a catalog written apart (the commands' after the header, the
    screens' at the end) may each bring one message: Babel keeps the last without a
    word, gettext's msgfmt refuses the file. (A message written on several lines, its
    msgid "" first, is left out: the header is one.)"""
    seen: dict[str, int] = {}
    context = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgctxt "):
            context = line[len("msgctxt ") :]
        elif line.startswith("msgid ") and line != 'msgid ""':
            key = f"{context}\x04{line[len('msgid ') :]}"
            seen[key] = seen.get(key, 0) + 1
            context = ""
        elif line.startswith("msgid "):
            context = ""
    assert {key: n for key, n in seen.items() if n > 1} == {}


def test_no_module_that_says_strings_binds_underscore() -> None:
    """``x, _, y = ...`` where ``_`` is the language's call makes every ``_("...")`` after
    it in that function a TypeError on the screen (the statistics screen raised one)."""
    import ast

    bound = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        says = any(
            isinstance(node, ast.ImportFrom)
            and node.module == "mjtui.core.language"
            and any(alias.name == "_" for alias in node.names)
            for node in ast.walk(tree)
        )
        bound += [
            f"{path.relative_to(ROOT)}:{node.lineno}"
            for node in ast.walk(tree)
            if says and isinstance(node, ast.Name) and node.id == "_"
            if isinstance(node.ctx, ast.Store)
        ]
    assert bound == []
