"""A folder of sessions that other machines write into: read it without trusting a file
that is still arriving.

Clubs keep one ledger for many tables by pointing every laptop's sessions
folder at a folder a sync tool keeps (a network share, Syncthing, a git
repository; docs/ledger.md). Each laptop writes only its own files (their
names carry the table and the machine: core/sessions/session_file.py
``new_session_path``); readers (the library, ``mjtui stats``, ``mjtui
league``) see the other tables' files arrive and change while they read.
This module decides which files to read and whether what was read can be
counted:

- **ignored**: what sync tools and editors leave beside the files while
  they work (``.syncthing.NAME.tmp``, mjtui's own ``.NAME.PID.tmp``, any
  hidden file, ``NAME~``, ``*.tmp``, ``*.part``) and every name not ending
  in ``.toml``;
- **conflict copies** (Syncthing's ``NAME.sync-conflict-DATE-TIME-ID.toml``,
  Dropbox's and Nextcloud's ``(conflicted copy ...)``) are not counted, and
  are reported so someone merges them;
- **skipped and said** (and read again on the next read): a file that
  changes while it is read, that was written in the last two minutes and
  does not end with a line end (a copy cut short), that fails to parse, or
  that has any hand that cannot be read (a hand cut short as it was appended
  included). Only a file read whole and unchanged counts.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mjtui.core.errors import MjtuiError
from mjtui.core.language import _
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.sessions.session_file import load_session
from mjtui.core.text import shown, shown_path

_CONFLICT = re.compile(
    r"\.sync-conflict-|\(conflicted copy|\(conflict|conflicted copy", re.IGNORECASE
)
_IGNORED_ENDINGS = ("~", ".tmp", ".part", ".partial", ".swp", ".crdownload")


def kind_of(name: str) -> str:
    """What a file name in the folder is: "session", "conflict" or "ignored"."""
    if name.startswith(".") or name.endswith(_IGNORED_ENDINGS) or not name.endswith(".toml"):
        return "ignored"
    if _CONFLICT.search(name):
        return "conflict"
    return "session"


def session_names(folder: Path) -> tuple[list[Path], list[Path]]:
    """The session files of a folder and its conflict copies, each by name."""
    sessions: list[Path] = []
    conflicts: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return [], []
    for entry in entries:
        kind = kind_of(entry.name)
        if kind == "ignored":
            continue
        try:
            if not entry.is_file():
                continue
        except OSError:
            continue
        (conflicts if kind == "conflict" else sessions).append(Path(entry.path))
    return sorted(sessions), sorted(conflicts)


def latest_session(folder: Path) -> Path | None:
    """The session file changed last; never a sync tool's conflict copy or temporary file."""
    files = session_names(folder)[0]
    return max(files, key=lambda p: (p.stat().st_mtime, p.name), default=None)


def conflict_note(path: Path) -> str:
    return _(
        "not counted, a sync conflict copy: {path} (two machines changed one file; compare "
        "it with the original and keep one)"
    ).format(path=shown_path(path))


Stamp = tuple[int, int, int]
SETTLE_SECONDS = 120
"""A file younger than this that does not end with a line end is taken to be arriving;
an older one was written so (by hand, say) and is read as it is."""


def stamp(path: Path) -> Stamp | None:
    """Size, modification time and inode, to tell whether a file changed meanwhile."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ino


def ends_whole(path: Path) -> bool:
    """Whether the file ends with a line end, as every file mjtui writes does."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            if f.tell() == 0:
                return False
            f.seek(-1, os.SEEK_END)
            return f.read(1) == b"\n"
    except OSError:
        return False


class Unsettled(MjtuiError):
    """A file that is still arriving or changing: read it again later."""


class Damaged(MjtuiError):
    """A file with hands that cannot be read (damaged, or a copy not fully synced)."""


def read_settled(path: Path, find_ruleset: Callable[[str], Ruleset]) -> Session:
    """The session of a file read whole and unchanged, with every hand readable.

    Unsettled when the file changed while read, is cut short or vanished;
    Damaged when a hand cannot be read; MjtuiError (SessionError) when nothing can.
    """
    before = stamp(path)
    if before is None:
        raise Unsettled(f"{shown_path(path)}: gone while the folder was read")
    whole = ends_whole(path)
    loaded = load_session(path, find_ruleset)
    if stamp(path) != before:
        raise Unsettled(
            f"{shown_path(path)}: changed while it was read (a hand arriving?); "
            "read again next time"
        )
    if loaded.problems:
        more = f" (and {len(loaded.problems) - 1} more)" if len(loaded.problems) > 1 else ""
        raise Damaged(f"{loaded.problems[0]}{more}")
    if not whole and time.time() - before[1] / 1e9 < SETTLE_SECONDS:
        # Every file mjtui writes ends with a line end: one just written without
        # it is a copy cut short, however well what arrived parses.
        raise Unsettled(f"{shown_path(path)}: cut short (still arriving?); read again next time")
    return loaded.session


@dataclass
class FolderRead:
    """What a read of the folder counted, and what it did not and why."""

    sessions: list[tuple[Path, Session]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def read_folder(
    folder: Path,
    find_ruleset: Callable[[str], Ruleset],
    keep: Callable[[Session], bool] | None = None,
) -> FolderRead:
    """Every settled session of the folder (and ``keep``'s choice of them); never raises
    for a file."""
    sessions, conflicts = session_names(folder)
    result = FolderRead(skipped=[conflict_note(p) for p in conflicts])
    for path in sessions:
        try:
            session = read_settled(path, find_ruleset)
        except Unsettled as e:
            result.skipped.append(_("skipped for now: {e}").format(e=e))
            continue
        except Damaged as e:
            result.skipped.append(_("skipped, damaged: {e}").format(e=e))
            continue
        except MjtuiError as e:
            result.skipped.append(_("skipped, cannot be read: {e}").format(e=e))
            continue
        except Exception as e:
            result.skipped.append(
                _("skipped, cannot be read: {path}: {kind}: {e}").format(
                    path=shown_path(path), kind=type(e).__name__, e=shown(str(e))
                )
            )
            continue
        if keep is None or keep(session):
            result.sessions.append((path, session))
    return result
