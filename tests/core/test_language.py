"""The language chosen (option, config, locale, English), the catalogs compiled in memory,
English without Babel, and a system's terms by key."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mjtui.core import language
from mjtui.core.language import _, choose, compile_po, from_locale, language_of, ngettext, term

PO = """
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"

msgid "Scores"
msgstr "点数"

msgid "Untranslated"
msgstr ""

#, fuzzy
msgid "Fuzzy"
msgstr "あいまい"

msgid "{n} hand"
msgid_plural "{n} hands"
msgstr[0] "{n}局"

msgctxt "wind"
msgid "East"
msgstr "東"
""".encode()


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("ja", "ja"),
        ("ja_JP.UTF-8", "ja"),
        ("zh_CN.UTF-8", "zh_Hans"),
        ("zh-Hans", "zh_Hans"),
        ("zh_SG", "zh_Hans"),
        ("zh", "zh_Hans"),
        ("zh_TW", "zh_Hant"),
        ("zh-HK", "zh_Hant"),
        ("zh_Hant_MO", "zh_Hant"),
        ("en_GB.UTF-8", "en"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("fr_FR", None),
        ("", None),
    ],
)
def test_a_tag_reads_as_a_language(tag: str, code: str | None) -> None:
    assert language_of(tag) == code


def test_the_option_comes_before_the_config_and_the_config_before_the_locale() -> None:
    env = {"LANG": "zh_TW.UTF-8"}
    assert choose("ja", "zh_Hans", env) == "ja"
    assert choose(None, "zh_Hans", env) == "zh_Hans"
    assert choose(None, "", env) == "zh_Hant"
    assert choose(None, "", {}) == "en"


def test_a_language_not_spoken_is_said_with_those_that_are() -> None:
    with pytest.raises(ValueError, match=r"--language 'fr'.*ja \(日本語\)"):
        choose("fr", "", {})
    with pytest.raises(ValueError, match=r"^language 'klingon'"):
        choose(None, "klingon", {})


def test_the_locale_is_read_in_gettexts_order() -> None:
    assert from_locale({"LANGUAGE": "fr:ja", "LANG": "zh_CN"}) == "ja"
    assert from_locale({"LC_ALL": "zh_HK.UTF-8", "LANG": "ja_JP"}) == "zh_Hant"
    assert from_locale({"LC_MESSAGES": "ja_JP", "LANG": "zh_CN"}) == "ja"
    # LC_ALL set to a language mjtui does not speak decides: not LANG after it
    assert from_locale({"LC_ALL": "fr_FR", "LANG": "ja_JP"}) is None
    assert from_locale({}) is None


def test_a_po_compiles_in_memory_without_its_untranslated_and_fuzzy_messages() -> None:
    catalog = compile_po(PO, "test.po")
    assert catalog.gettext("Scores") == "点数"
    assert catalog.gettext("Untranslated") == "Untranslated"
    assert catalog.gettext("Fuzzy") == "Fuzzy"
    assert catalog.gettext("Missing") == "Missing"
    assert catalog.ngettext("{n} hand", "{n} hands", 3) == "{n}局"
    assert catalog.ngettext("{n} other", "{n} others", 3) == "{n} others"
    assert catalog.pgettext("wind", "East") == "東"


def test_a_catalog_past_its_bound_or_broken_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"big\.po: longer than"):
        compile_po(b"#" * (language.MAX_CATALOG_BYTES + 1), "big.po")
    with pytest.raises(ValueError, match=r"bad\.po"):
        compile_po(b"garbage line\n", "bad.po")
    with pytest.raises(ValueError, match=r"latin\.po"):
        compile_po(b"\xff\xfe", "latin.po")


def test_the_shipped_catalogs_install_and_english_is_the_message_itself() -> None:
    language.install("ja")
    assert language.current() == "ja"
    assert _("Scores") == "点数"
    assert _("no such message, said in English") == "no such message, said in English"
    language.install("en")
    assert _("Scores") == "Scores"
    assert ngettext("{n} hand", "{n} hands", 2) == "{n} hands"


def test_an_unknown_language_is_not_installed() -> None:
    with pytest.raises(ValueError, match="mjtui speaks"):
        language.install("fr")


def test_a_term_is_the_systems_own_then_its_added_names_then_english() -> None:
    language.add_terms("tests.no_such_system", "zh_Hans", {"big_four_winds": "大四喜"})
    language.install("zh_Hans")
    assert term("tests.no_such_system", "big_four_winds", "Big Four Winds") == "大四喜"
    assert term("tests.no_such_system", "other", "Other") == "Other"
    language.install("en")
    assert term("tests.no_such_system", "big_four_winds", "Big Four Winds") == "Big Four Winds"


def test_english_imports_no_babel() -> None:
    code = (
        "import sys; from mjtui.cli.entry import speak; speak('en', {}); "
        "from mjtui.core.language import _, term; _('Scores'); term('mjtui', 'x', 'x'); "
        "print('babel' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
