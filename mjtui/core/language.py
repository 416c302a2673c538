"""The language mjtui speaks: its catalogs of interface strings and of each system's terms.

The interface's strings go through :func:`_` and :func:`ngettext` (stdlib gettext's
calls, so Babel extracts them); a scoring system's terms (yaku, fu items, fans,
patterns, limits) are looked up by their key with :func:`term`, from the catalog
the system's own package ships, so shared code never names a system and a new
system brings its own terms.

Catalogs are ``.po`` sources shipped in the package: the interface's in
``mjtui/locale/<language>/LC_MESSAGES/mjtui.po``, a system's in
``<its package>/locale/<language>/LC_MESSAGES/terms.po``. They are compiled at
first use, in memory, with Babel (no ``.mo`` is built or committed), and English
needs none: in English nothing is read and Babel is not imported. A string a
catalog lacks (or leaves empty, or marks fuzzy) is said in English.

The core reads neither the config nor the environment: the command line decides
the language (:func:`choose`, given the option, the config's key and the
environment) and calls :func:`install` once at start-up.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from typing import ClassVar

ENGLISH = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "ja": "日本語",
    "zh_Hans": "简体中文",
    "zh_Hant": "繁體中文",
}
"""The languages mjtui speaks, by code, each named in itself."""

DOMAIN = "mjtui"
TERMS = "terms"
MAX_CATALOG_BYTES = 1024 * 1024
"""A catalog longer than this is not read (ours are some 60 KB): a bound on memory and
time even for the files we ship."""

# The regions whose Chinese is written in traditional characters; any other Chinese
# (zh, zh_CN, zh_SG) is simplified.
_TRADITIONAL = ("tw", "hk", "mo", "hant")
# What the locale's names for the languages may look like, beside the codes.
_NAMES = {"english": "en", "japanese": "ja", "chinese": "zh_Hans"}
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_of(tag: str) -> str | None:
    """The language of ``tag`` (``ja``, ``ja_JP.UTF-8``, ``zh-TW``, ``zh_Hant_HK``,
    ``zh-hans``, ``en_GB``, ``C``), or None for one mjtui does not speak."""
    typed = tag.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    if typed in ("c", "posix"):
        return ENGLISH
    if typed in _NAMES:
        return _NAMES[typed]
    parts = typed.split("_")
    if parts[0] == "zh":
        return "zh_Hant" if any(p in _TRADITIONAL for p in parts[1:]) else "zh_Hans"
    if parts[0] in ("en", "ja"):
        return parts[0]
    return None


def from_locale(environment: Mapping[str, str]) -> str | None:
    """The language the locale's variables ask for, looked at in gettext's order
    (LANGUAGE, a list of languages by preference, then LC_ALL, LC_MESSAGES, LANG);
    None where none is set or none is one mjtui speaks."""
    for variable in _LOCALE_VARIABLES:
        value = environment.get(variable, "")
        if not value:
            continue
        for tag in value.split(":") if variable == "LANGUAGE" else (value,):
            found = language_of(tag) if tag else None
            if found:
                return found
        if variable != "LANGUAGE":  # the first of the others set decides, as gettext's
            return None
    return None


def choose(option: str | None, configured: str, environment: Mapping[str, str]) -> str:
    """The language to speak: the command line's ``option``, else the config's
    ``configured`` (empty: none), else the locale's, else English. ValueError, with
    what is spoken, for an option or config value that is no language of mjtui's."""
    for given, where in ((option, "--language"), (configured, "language")):
        if given:
            found = language_of(given)
            if found is None:
                # English: no language is chosen yet, the one asked for is not spoken
                raise ValueError(f"{where} {given!r}: mjtui speaks {spoken()}")
            return found
    return from_locale(environment) or ENGLISH


def spoken() -> str:
    """The languages as an error message lists them."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


class Catalog(gettext.NullTranslations):
    """A compiled catalog held in memory: each message by its id, each plural by its
    id and form. A message it lacks is the English one."""

    def __init__(
        self,
        messages: dict[str, str],
        plurals: dict[tuple[str, int], str],
        plural: Callable[[int], int],
    ) -> None:
        super().__init__()
        self.messages = messages
        self.plurals = plurals
        self.plural = plural

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        found = self.plurals.get((msgid1, self.plural(n)))
        if found is None:
            return msgid1 if n == 1 else msgid2
        return found

    def pgettext(self, context: str, message: str) -> str:
        return self.messages.get(f"{context}\x04{message}", message)


def compile_po(data: bytes, where: str) -> Catalog:
    """The catalog of a ``.po`` source (``where`` names it in an error): its
    translated, not fuzzy messages. ValueError for one that cannot be read."""
    from babel.messages.pofile import PoFileError, read_po  # only a language not English

    if len(data) > MAX_CATALOG_BYTES:
        # English: this catalog cannot be read, so English is what is spoken
        raise ValueError(f"{where}: longer than {MAX_CATALOG_BYTES} bytes")
    import io

    try:
        catalog = read_po(io.BytesIO(data), abort_invalid=True)
    except (PoFileError, UnicodeDecodeError, ValueError) as e:
        raise ValueError(f"{where}: {e}") from None
    messages: dict[str, str] = {}
    plurals: dict[tuple[str, int], str] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        context = f"{message.context}\x04" if message.context else ""
        ids, string = message.id, message.string
        if isinstance(ids, (tuple, list)):
            forms = string if isinstance(string, (tuple, list)) else (string,)
            for i, form in enumerate(forms):
                if form:
                    plurals[(context + str(ids[0]), i)] = str(form)
        elif string and isinstance(string, str):
            messages[context + ids] = string
    plural_expr = catalog.plural_expr or "0"
    plural: Callable[[int], int] = gettext.c2py(plural_expr)
    return Catalog(messages, plurals, plural)


def read_catalog(package: str, language: str, domain: str) -> gettext.NullTranslations:
    """The catalog ``domain`` that ``package`` ships for ``language``, compiled; an empty
    one (every message English) for English, or where the package ships none."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    from importlib import resources  # 5 ms: only a language not English reads a catalog

    try:
        source = resources.files(package) / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
        if not source.is_file():
            return gettext.NullTranslations()
        with source.open("rb") as f:
            data = f.read(MAX_CATALOG_BYTES + 1)
    except (ModuleNotFoundError, OSError):
        return gettext.NullTranslations()
    return compile_po(data, f"{package}: locale/{language}/LC_MESSAGES/{domain}.po")


class _Spoken:
    """The language installed, and the catalogs read in it so far."""

    language = ENGLISH
    interface: gettext.NullTranslations = gettext.NullTranslations()
    terms: ClassVar[dict[str, gettext.NullTranslations]] = {}
    added: ClassVar[dict[tuple[str, str], Mapping[str, str]]] = {}


def install(language: str) -> None:
    """Speak ``language`` from now on (a code of :data:`LANGUAGES`); its interface catalog
    is read at once, a system's terms when first asked for."""
    if language not in LANGUAGES:
        # English: a caller's bug (the command line installs only what choose() gave)
        raise ValueError(f"language {language!r}: mjtui speaks {spoken()}")
    _Spoken.language = language
    _Spoken.interface = read_catalog("mjtui", language, DOMAIN)
    _Spoken.terms = {}


def current() -> str:
    """The code of the language spoken."""
    return _Spoken.language


def _(message: str) -> str:
    """``message`` in the language spoken (English where its catalog lacks it)."""
    return _Spoken.interface.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message with a plural, in the language spoken."""
    return _Spoken.interface.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` (a word that reads two ways), in the language spoken."""
    return _Spoken.interface.pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is defined (a module's constant);
    it is translated, with :func:`_`, where it is shown."""
    return message


def add_terms(package: str, language: str, names: Mapping[str, str]) -> None:
    """Terms a system holds in its own code (MCR's Chinese fan names), by key, for
    ``language``: :func:`term` gives them where the package's catalog lacks them."""
    _Spoken.added[(package, language)] = names


def say_in(package: str, english: str, context: str | None = None) -> str:
    """Words a system's form declares (a label, a placeholder, its help) in the language
    spoken: from the system's own catalog, else the interface's (in ``context`` where it
    says them so: a column's title), else English."""
    if _Spoken.language == ENGLISH:
        return english
    found = term(package, english, english)
    if found != english:
        return found
    if context is not None:
        found = pgettext(context, english)
        if found != english:
            return found
    return _(english)


def package_of(thing: object) -> str:
    """The package of the module that defines ``thing``'s class: a system's, for its
    form, where its catalog is."""
    return type(thing).__module__.rpartition(".")[0]


def term(package: str, key: str, english: str) -> str:
    """The term ``key`` of the system in ``package`` (its yaku, fan, pattern, fu item,
    limit: the ruleset's or the record's key) in the language spoken; ``english``
    where neither the package's catalog nor its own names have it."""
    language = _Spoken.language
    if language == ENGLISH:
        return english
    catalog = _Spoken.terms.get(package)
    if catalog is None:
        catalog = _Spoken.terms[package] = read_catalog(package, language, TERMS)
    found = catalog.gettext(key)
    if found != key:
        return found
    return _Spoken.added.get((package, language), {}).get(key, english)


__all__ = [
    "DOMAIN",
    "ENGLISH",
    "LANGUAGES",
    "MAX_CATALOG_BYTES",
    "N_",
    "TERMS",
    "Catalog",
    "_",
    "add_terms",
    "choose",
    "compile_po",
    "current",
    "from_locale",
    "install",
    "language_of",
    "ngettext",
    "package_of",
    "pgettext",
    "read_catalog",
    "say_in",
    "spoken",
    "term",
]
