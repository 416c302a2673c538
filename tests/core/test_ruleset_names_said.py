"""A shipped ruleset's name and description in the table's language: said by its
system's catalog, whose message is the English the file gives, so that a copy a user
renames shows its own name and never the one of the file it was copied from."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core import language
from mjtui.core.language import package_of
from mjtui.core.rulesets.listing import listing
from mjtui.core.rulesets.ruleset import Ruleset, RulesetLibrary, load_ruleset


def _shipped() -> list[Ruleset]:
    library = RulesetLibrary(paths.ruleset_folders())
    return [e.ruleset for e in library.entries() if e.ruleset is not None]


def _spoken_by(ruleset: Ruleset) -> list[str]:
    """The languages other than English whose catalog the ruleset's system ships."""
    folder = resources.files(package_of(ruleset.rules)) / "locale"
    return [code for code in language.LANGUAGES if code != "en" and (folder / code).is_dir()]


def test_every_shipped_ruleset_is_named_and_described_in_each_language_of_its_system() -> None:
    said = []
    for ruleset in _shipped():
        rules = ruleset.rules
        assert rules.name_said() == rules.name  # English: the file's own words
        for code in _spoken_by(ruleset):
            language.install(code)
            assert rules.name_said() != rules.name, (ruleset.id, code)
            assert rules.description_said() != rules.description, (ruleset.id, code)
            said.append((ruleset.id, code))
            language.install("en")
    assert ("riichi-tenhou", "ja") in said and ("mcr", "zh_Hans") in said
    assert ("hk-common", "zh_Hant") in said


def test_a_copy_renamed_is_shown_by_its_own_name_in_any_language(tmp_path: Path) -> None:
    shipped = Path(paths.shipped_rulesets_dir()) / "riichi-tenhou.toml"
    copy = tmp_path / "club.toml"
    copy.write_text(shipped.read_text().replace('name = "Riichi (Tenhou)"', 'name = "Our club"'))
    language.install("ja")
    assert load_ruleset(shipped).rules.name_said() == "リーチ麻雀（天鳳）"
    club = load_ruleset(copy).rules
    assert club.name_said() == "Our club"
    assert club.description_said().startswith("25000点持ち")  # the description kept as shipped


@pytest.mark.parametrize(
    ("code", "named"), [("ja", "リーチ麻雀（天鳳）"), ("zh_Hans", "国标麻将（MCR）")]
)
def test_the_listing_says_each_name_in_the_language_spoken(
    code: str, named: str, tmp_path: Path
) -> None:
    language.install(code)
    found = {r.id: r.name_said() for r in listing(paths.ruleset_folders(), tmp_path)}
    assert named in found.values()
    assert found["riichi-wrc" if code == "ja" else "hk-common"] in (
        "リーチ麻雀（WRC）",
        "香港麻将（常见规则）",
    )
