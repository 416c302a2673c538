"""The catalogs are whole and safe: every interface string the code marks (``_``, ``N_``,
``pgettext``) is translated in each language's mjtui.po, every sentence a system says
(``say``) is in its own catalog for its tables' languages, and no translation names a
placeholder its English does not give (``.format`` would fail on the screen)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
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
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        folder, keywords=dict(keywords), comment_tags=()
    ):
        text = message[0] if isinstance(message, tuple) else message
        if text:
            found.add(f"{context}\x04{text}" if context else text)
    return found


def translated(path: Path) -> dict[str, str]:
    with path.open("rb") as f:
        catalog = read_po(f)
    return {
        (f"{m.context}\x04{m.id}" if m.context else str(m.id)): str(m.string)
        for m in catalog
        if m.id and m.string and not m.fuzzy
    }


INTERFACE_KEYWORDS = (("_", ()), ("N_", ()), ("pgettext", ((1, "c"), 2)))


def interface_strings() -> set[str]:
    strings: set[str] = set()
    for part in ("ui", "core", "cli"):
        strings |= marked(ROOT / part, INTERFACE_KEYWORDS)  # type: ignore[arg-type]
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
    wrong = {
        key: text
        for key, text in translated(path).items()
        if set(_FIELD.findall(text)) - set(_FIELD.findall(key.rpartition("\x04")[2]))
    }
    assert wrong == {}
