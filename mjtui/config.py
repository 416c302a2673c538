"""The user's config.toml: optional, and read as strictly as a ruleset."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path

from mjtui.core.errors import ConfigError
from mjtui.core.files.reading import read_toml
from mjtui.core.language import _
from mjtui.core.model.players import MAX_TABLE_NAME
from mjtui.core.rulesets.schema import SchemaError, read_struct, text, whole


@dataclass(frozen=True)
class Config:
    default_ruleset: str = field(
        default="hp11c", metadata={"doc": "ruleset id or path used when --ruleset is not given"}
    )
    # As long as a session file may hold it: a longer one would be saved unreadable.
    table: str = field(
        default="",
        metadata=text(
            "this machine's table, offered in the new-series form (docs/ledger.md)", MAX_TABLE_NAME
        ),
    )
    time_limit: int = field(
        default=0,
        metadata=whole(
            "minutes a game may last (the new-series form starts with it); 0: no time limit",
            0,
            24 * 60,
        ),
    )
    # A code of mjtui.core.language.LANGUAGES (en, ja, zh_Hans, zh_Hant) or a locale's
    # tag (ja_JP, zh_TW); empty: the locale's (docs/languages.md).
    language: str = field(
        default="",
        metadata=text(
            "the language mjtui speaks: en, ja, zh_Hans or zh_Hant; empty: the locale's", 32
        ),
    )
    time_warning: int = field(
        default=10,
        metadata=whole(
            "minutes before the end of the time limit when the sheet warns the table", 1, 120
        ),
    )


def configured_language(path: Path) -> tuple[str, list[str]]:
    """The config's ``language`` (empty where it sets none) and what was wrong with the
    config: read only where the file exists, as every command asks for it."""
    if not path.exists():
        return "", []
    config, problems = read_config(path)
    return config.language, problems


def load_config(path: Path) -> Config:
    if not path.exists():
        return Config()
    data = read_toml(path, ConfigError)
    try:
        return read_struct(Config, data)
    except SchemaError as e:
        raise ConfigError(f"{path}: {e}") from None


def read_config(path: Path) -> tuple[Config, list[str]]:
    """The config for the app, and what was wrong with it: a typo in one key must not
    keep a table from playing. Each key that cannot be read is said and left at its
    default; the others are kept. (:func:`load_config` is the strict reading.)"""
    if not path.exists():
        return Config(), []
    try:
        data = read_toml(path, ConfigError)
    except ConfigError as e:
        return Config(), [_("{e}; the config's defaults are used").format(e=e)]
    if not isinstance(data, dict):  # read_toml gives a table; kept for the type
        return Config(), [
            _("{path}: not a table; the config's defaults are used").format(path=path)
        ]
    kept: dict[str, object] = {}
    problems = []
    for key, value in data.items():
        try:
            read_struct(Config, {key: value})
        except SchemaError as e:
            problems.append(
                (
                    _("{path}: {e}; ignored")
                    if key not in _KEYS
                    else _("{path}: {e}; its default used")
                ).format(path=path, e=e)
            )
            continue
        kept[key] = value
    return read_struct(Config, kept), problems


_KEYS = {f.name for f in fields(Config)}
