"""Reading the user's files, with every failure turned into a message."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_text(path: Path, error: type[Exception]) -> str:
    """The file's text; ``error`` (with the file's name) when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a file") from None
    except OSError as e:
        raise error(f"{path}: cannot read it ({e.strerror})") from None
    except UnicodeDecodeError as e:
        raise error(f"{path}: not UTF-8 text (byte {e.start})") from None


def read_toml(path: Path, error: type[Exception]) -> dict[str, Any]:
    """Parse a TOML file, turning every failure into ``error`` with the file's name."""
    text = read_text(path, error)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(f"{path}: not valid TOML: {e}") from None
