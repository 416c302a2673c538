"""What `mjtui rulesets` lists, kept between runs so that the listing rereads no file
that has not changed.

Reading a ruleset in full (the TOML, then every key checked against its
system's rules types, which alone take 20 ms to make) was 60 of the
listing's 80 ms. What reading a file gave, its name and system or why it is
broken, is kept in a cache file and used again while the file's status (size,
change times, inode) and mjtui's core code are the same; any other file is
read in full, as :meth:`RulesetLibrary.entries` reads it, and the cache
rewritten.

The cache is only ever a shortcut: one that cannot be read, fails its
checksum or was written by other code is ignored, and one that cannot be
written is not kept. The outcome is the same listing, read in full. It is
meant for a process that knows the shipped scoring systems alone, as the
command does.

Importing this module imports no scoring system and no TOML parser.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any, NamedTuple

from mjtui import __version__
from mjtui.core.errors import MjtuiError
from mjtui.core.files.reading import MAX_SMALL_BYTES, read_bytes
from mjtui.core.files.writing import replace_file
from mjtui.core.language import ENGLISH, current, say_in
from mjtui.core.rulesets.folders import ruleset_files
from mjtui.core.systems import rules_type

CACHE_FILE = "rulesets.cache"  # a checksum line, then JSON
FORMAT = 1
SETTLED_NS = 2 * 10**9
"""A file changed less than this long ago is read again next time: the clock that stamps
files ticks in milliseconds, so a second change of the same size could keep its stamp."""


class Listed(NamedTuple):
    """A ruleset file found: its name and system, or why it could not be read."""

    id: str
    path: Path
    name: str | None
    system: str | None
    error: str | None

    def name_said(self) -> str | None:
        """The name in the language spoken, as its system's catalog says it (see
        RulesHeader.name_said); the file's where the system is not installed."""
        if self.name is None or self.system is None or current() == ENGLISH:
            return self.name
        try:
            package = rules_type(self.system).__module__.rpartition(".")[0]
        except (KeyError, MjtuiError):
            return self.name
        return say_in(package, self.name)


def listing(folders: list[Path], cache_dir: Path) -> list[Listed]:
    """The rulesets in ``folders``, each read in full unless ``cache_dir`` holds what
    reading it gave."""
    cache = cache_dir / CACHE_FILE
    code = _code_stamp()
    kept = _read_cache(cache, code)
    settled = time.time_ns() - SETTLED_NS
    listed, fresh = [], {}
    for rid, path in ruleset_files(folders).items():
        key = str(path)
        try:
            stamp = _stamp(path)
        except OSError:
            stamp = None  # gone meanwhile, or unreadable: reading it says which
        entry = kept.get(key)
        if stamp is None or entry is None or entry["stat"] != stamp:
            entry = _read_in_full(path)
            entry["stat"] = stamp
        if stamp is not None and max(stamp[1], stamp[2]) < settled:
            fresh[key] = entry
        listed.append(Listed(rid, path, entry.get("name"), entry.get("system"), entry.get("error")))
    if fresh != kept:
        _write_cache(cache, {"format": FORMAT, "code": code, "files": fresh})
    return listed


def _read_in_full(path: Path) -> dict[str, Any]:
    from mjtui.core.rulesets.ruleset import load_ruleset  # not for a listing read before

    try:
        ruleset = load_ruleset(path)
    except MjtuiError as e:
        return {"error": str(e)}
    return {"name": ruleset.name, "system": ruleset.rules.system}


def _stamp(path: Path) -> list[int]:
    # ctime as well as mtime: a copy that keeps the old mtime (cp -p, tar, rsync)
    # still changes the ctime, which nothing can set back.
    st = os.stat(path)
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]


def _code_stamp() -> list[Any]:
    """mjtui's version and the status of every core module: what reads a ruleset."""
    core = Path(__file__).parent
    modules = []
    for folder, subfolders, names in os.walk(core):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py"):
                st = os.stat(os.path.join(folder, name))
                modules.append(
                    [os.path.relpath(os.path.join(folder, name), core), st.st_size, st.st_mtime_ns]
                )
    return [__version__, modules]


class _Unusable(Exception):
    pass


def _read_cache(cache: Path, code: list[Any]) -> dict[str, dict[str, Any]]:
    """The cache's entries by path; none when it is missing, damaged or from other code."""
    import json  # here: reading a ruleset's file in full (mjtui.core.rulesets.ruleset) needs none
    import zlib

    try:
        header, _, body = read_bytes(cache, _Unusable, MAX_SMALL_BYTES).partition(b"\n")
        if header != _header(zlib.crc32(body)):
            return {}  # cut short, or changed since it was written
        document = json.loads(body)
    except (_Unusable, ValueError, RecursionError):
        return {}
    if (
        not isinstance(document, dict)
        or document.get("format") != FORMAT
        or document.get("code") != code
        or not isinstance(document.get("files"), dict)
    ):
        return {}
    files: dict[str, dict[str, Any]] = document["files"]  # JSON: its keys are strings
    if all(_is_entry(entry) for entry in files.values()):
        return files
    return {}


def _header(crc: int) -> bytes:
    return b"mjtui rulesets cache, crc32 %08x" % crc


def _is_entry(entry: object) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("stat"), list):
        return False
    if set(entry) == {"stat", "error"}:
        return isinstance(entry["error"], str)
    return (
        set(entry) == {"stat", "name", "system"}
        and isinstance(entry["name"], str)
        and isinstance(entry["system"], str)
    )


def _write_cache(cache: Path, document: dict[str, Any]) -> None:
    """Write the cache whole or not at all (a reader never sees half of one, and one
    too large to be read back is not written)."""
    import json
    import zlib

    body = json.dumps(document).encode()
    data = _header(zlib.crc32(body)) + b"\n" + body
    if len(data) > MAX_SMALL_BYTES:
        return
    # Not flushed to disk: a cache lost to a power cut is only a slower listing.
    with contextlib.suppress(OSError):
        replace_file(cache, data, OSError, make_folder=True, durable=False)
