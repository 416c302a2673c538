"""The user's config.toml: optional, and read as strictly as a ruleset."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mjtui.core.errors import ConfigError
from mjtui.core.files import read_toml
from mjtui.core.schema import SchemaError, read_struct


@dataclass(frozen=True)
class Config:
    default_ruleset: str = field(
        default="hp11c", metadata={"doc": "ruleset id or path used when --ruleset is not given"}
    )
    table: str = field(
        default="", metadata={"doc": "this machine's table, offered in the new-series form "
                                     "(docs/ledger.md)"}
    )


def load_config(path: Path) -> Config:
    if not path.exists():
        return Config()
    data = read_toml(path, ConfigError)
    try:
        return read_struct(Config, data)
    except SchemaError as e:
        raise ConfigError(f"{path}: {e}") from None
