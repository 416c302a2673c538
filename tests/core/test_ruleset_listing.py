"""`mjtui rulesets` keeps what reading each file gave; the listing is the same as read in full.

The cache may only make the listing quicker: each test compares the listing
with one made by reading every file (:meth:`RulesetLibrary.entries`).
"""

from __future__ import annotations

import json
import os
import random
import time
import zlib
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core.rulesets import listing as ruleset_listing
from mjtui.core.rulesets import ruleset as ruleset_module
from mjtui.core.rulesets.listing import CACHE_FILE, Listed, listing
from mjtui.core.rulesets.ruleset import RulesetLibrary

SHIPPED = paths.shipped_rulesets_dir()


def read_in_full(folders: list[Path]) -> list[Listed]:
    return [
        Listed(
            e.id,
            e.path,
            e.ruleset and e.ruleset.name,
            e.ruleset and e.ruleset.rules.system,
            e.error,
        )
        for e in RulesetLibrary(folders).entries()
    ]


@pytest.fixture
def where(tmp_path: Path) -> tuple[list[Path], Path]:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "club.toml").write_text(
        (SHIPPED / "riichi-wrc.toml")
        .read_text()
        .replace('name = "Riichi (WRC)"', 'name = "Our club"')
    )
    (mine / "hp11c.toml").write_text(
        (SHIPPED / "hp11c.toml").read_text().replace("HP-11C East doubling", "Our HP-11C")
    )
    (mine / "broken.toml").write_text(
        'name = "x"\nsystem = "riichi"\n[table]\nstart_points = "a"\n'
    )
    (mine / "notes.txt").write_text("not a ruleset")
    return [SHIPPED, mine], tmp_path / "cache"


@pytest.fixture
def settled_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files written by the test count as settled (as a user's are, seconds later)."""
    monkeypatch.setattr(ruleset_listing, "SETTLED_NS", -(10**9))


def cached(cache: Path) -> dict:
    """The entries the cache holds, past its checksum line."""
    return json.loads((cache / CACHE_FILE).read_bytes().partition(b"\n")[2])["files"]


def signed(body: bytes) -> bytes:
    """A cache document with a right checksum: damage the checksum cannot see."""
    return ruleset_listing._header(zlib.crc32(body)) + b"\n" + body


def counting_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    read: list[Path] = []
    load = ruleset_module.load_ruleset  # the listing reads a file with this one

    def counted(path: Path):
        read.append(path)
        return load(path)

    monkeypatch.setattr(ruleset_module, "load_ruleset", counted)
    return read


def test_the_listing_is_the_full_reading_cold_and_warm(where, settled_at_once, monkeypatch) -> None:
    folders, cache = where
    expected = read_in_full(folders)
    assert [x.id for x in expected if x.error] == ["broken"]
    assert ("hp11c", "Our HP-11C") in [(x.id, x.name) for x in expected]
    read = counting_reads(monkeypatch)
    assert listing(folders, cache) == expected
    assert len(read) == len(expected)
    read.clear()
    assert listing(folders, cache) == expected
    assert read == []  # nothing changed: no file read again


def test_a_file_changed_is_read_again_even_with_its_old_size_and_mtime(
    where, settled_at_once, monkeypatch
) -> None:
    folders, cache = where
    club = folders[1] / "club.toml"
    listing(folders, cache)
    before = club.stat()
    time.sleep(0.05)  # past the file system clock's tick, so the change time moves
    text = club.read_text()
    changed = text.replace("start_points = 30000", "start_points = 3000x")
    assert changed != text and len(changed) == len(text)
    club.write_text(changed)
    os.utime(club, ns=(before.st_atime_ns, before.st_mtime_ns))  # as cp -p or tar leave it
    read = counting_reads(monkeypatch)
    found = listing(folders, cache)
    assert read == [club]
    assert found == read_in_full(folders)
    assert next(x for x in found if x.id == "club").error


def test_files_added_and_removed_are_listed_as_they_are(where, settled_at_once) -> None:
    folders, cache = where
    listing(folders, cache)
    (folders[1] / "broken.toml").unlink()
    (folders[1] / "pocket.toml").write_text((SHIPPED / "pocket.toml").read_text())
    assert listing(folders, cache) == read_in_full(folders)
    kept = cached(cache)
    assert str(folders[1] / "broken.toml") not in kept
    assert str(folders[1] / "pocket.toml") in kept


def test_a_file_changed_a_moment_ago_is_not_kept(where, monkeypatch) -> None:
    # Two changes of the same size within one tick of the clock would share a
    # status: so a file is kept only once it has been left alone for a while.
    folders, cache = where
    listing(folders, cache)
    kept = cached(cache)
    assert str(SHIPPED / "fx602p.toml") in kept
    assert str(folders[1] / "club.toml") not in kept
    read = counting_reads(monkeypatch)
    listing(folders, cache)
    assert set(read) == {folders[1] / n for n in ("club.toml", "hp11c.toml", "broken.toml")}


def test_a_cache_from_other_code_is_not_used(where, settled_at_once, monkeypatch) -> None:
    folders, cache = where
    listing(folders, cache)
    monkeypatch.setattr(ruleset_listing, "_code_stamp", lambda: ["0.0.0", []])
    expected = read_in_full(folders)
    read = counting_reads(monkeypatch)
    assert listing(folders, cache) == expected
    assert len(read) == len(expected)


DAMAGED = {
    "garbage": b"\x00\xff not json at all",
    "empty": b"",
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "long number": b'{"format": ' + b"9" * 100_000 + b"}",
    "a list": b"[1, 2, 3]",
    "names of the wrong type": None,  # made from a good cache below
    "a stat that is not a list": None,
    "too large": b" " * (300 * 1024) + b"{}",
}
# Damage with a right checksum: what the JSON reader itself must take calmly.
SIGNED = {
    "deep, signed": b"[" * 100_000 + b"]" * 100_000,
    "long number, signed": b'{"format": ' + b"9" * 100_000 + b"}",
    "a list, signed": b"[1, 2, 3]",
}


@pytest.mark.parametrize("damage", sorted(DAMAGED) + sorted(SIGNED))
def test_a_damaged_cache_is_ignored_and_replaced(where, settled_at_once, damage) -> None:
    folders, cache = where
    listing(folders, cache)
    _header, _, body = (cache / CACHE_FILE).read_bytes().partition(b"\n")
    good = json.loads(body)
    data = DAMAGED[damage] if damage in DAMAGED else signed(SIGNED[damage])
    if damage == "names of the wrong type":
        for entry in good["files"].values():
            entry.pop("error", None)
            entry["name"], entry["system"] = 1, None
        data = signed(json.dumps(good).encode())
    elif damage == "a stat that is not a list":
        for entry in good["files"].values():
            entry["stat"] = {"size": 1}
        data = signed(json.dumps(good).encode())
    (cache / CACHE_FILE).write_bytes(data)
    assert listing(folders, cache) == read_in_full(folders)
    assert cached(cache)  # written anew


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "folder is a file"])
def test_a_cache_that_is_not_a_file_is_never_waited_on(where, settled_at_once, kind) -> None:
    folders, cache = where
    if kind == "folder is a file":
        cache.write_text("not a folder")
    else:
        cache.mkdir()
        target = cache / CACHE_FILE
        if kind == "fifo":
            os.mkfifo(target)
        elif kind == "folder":
            target.mkdir()
        else:
            target.symlink_to("/dev/zero")
    assert listing(folders, cache) == read_in_full(folders)


def test_seeded_mutations_of_the_cache_change_nothing_listed(where, settled_at_once) -> None:
    folders, cache = where
    listing(folders, cache)
    good = (cache / CACHE_FILE).read_bytes()
    expected = read_in_full(folders)
    rng = random.Random(15)
    for _ in range(60):
        data = bytearray(good)
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(len(data))
            action = rng.choice(("flip", "cut", "insert"))
            if action == "flip":
                data[at] = rng.randrange(256)
            elif action == "cut":
                del data[at : at + rng.randint(1, 40)]
            else:
                data[at:at] = rng.choice((b"[", b"{", b'"', b"-1", b"1e999", b"null", b"\\u0000"))
        (cache / CACHE_FILE).write_bytes(bytes(data))
        assert listing(folders, cache) == expected


def test_no_cache_is_kept_where_none_can_be_written(where, settled_at_once) -> None:
    folders, cache = where
    cache.write_text("a file where the cache folder would be")
    assert listing(folders, cache) == read_in_full(folders)
    assert listing(folders, cache) == read_in_full(folders)
    assert cache.read_text() == "a file where the cache folder would be"
    assert not list(cache.parent.glob(f".{CACHE_FILE}*"))
