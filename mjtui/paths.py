"""Where mjtui finds its rulesets and config and keeps its sessions.

``MJTUI_CONFIG_DIR`` and ``MJTUI_DATA_DIR`` override the platform's folders,
so tests and portable installs can keep everything in one place (the cache,
then, in the data folder).
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "mjtui"


def shipped_rulesets_dir() -> Path:
    packaged = Path(__file__).parent / "rulesets"
    if packaged.is_dir():
        return packaged
    # A source checkout (editable install, or run from the repository) keeps
    # them at the top, where the wheel build picks them up.
    return Path(__file__).parent.parent / "rulesets"


def config_dir() -> Path:
    override = os.environ.get("MJTUI_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs  # asked for only here: `mjtui --help` needs no folder

    return platformdirs.user_config_path(APP)


def data_dir() -> Path:
    override = os.environ.get("MJTUI_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_data_path(APP)


def cache_dir() -> Path:
    """What mjtui keeps only to be quicker next time: it can be deleted at any moment."""
    override = os.environ.get("MJTUI_DATA_DIR")
    if override:
        return Path(override) / "cache"
    import platformdirs

    return platformdirs.user_cache_path(APP)


def user_rulesets_dir() -> Path:
    return config_dir() / "rulesets"


def config_file() -> Path:
    return config_dir() / "config.toml"


def sessions_dir() -> Path:
    return data_dir() / "sessions"


def trash_dir() -> Path:
    """Where deleted sessions go, so a wrong delete can be undone."""
    return data_dir() / "trash"


def ruleset_folders() -> list[Path]:
    """Where rulesets are found, a later folder's file over an earlier one's of the same
    id: mjtui's own, those the installed plugins ship, the user's."""
    from mjtui.core.systems.discovery import ruleset_folders as plugins

    return [shipped_rulesets_dir(), *plugins(), user_rulesets_dir()]
