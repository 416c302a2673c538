"""The session library: every saved session, summarised for a list, and a trash folder.

Players come back to old series to settle an argument or see who leads, so
the list must show every file, including the ones that are damaged: a file
with unreadable hands is summarised from the hands that could be read and
carries its problems; a file that cannot be read at all is still listed,
with its error. One bad file never hides the others or stops the scan.

Deleting moves the file to a trash folder without overwriting anything
already there, so a wrong delete can be undone with :func:`restore`.

The folders (sessions, trash, rulesets) are the caller's to give: the core
does not know where mjtui keeps its files (``mjtui.paths`` does, and the CLI
and the screens pass what it says).
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from mjtui.core.errors import MjtuiError, RulesetError, SessionError
from mjtui.core.files.reading import MAX_BYTES, TomlLimitError, loads, read_bytes, read_text
from mjtui.core.files.writing import create_file, replace_file
from mjtui.core.language import _
from mjtui.core.model.players import clean_name, player_key
from mjtui.core.model.standings import standings
from mjtui.core.rulesets.ruleset import Ruleset, RulesetLibrary
from mjtui.core.sessions.ledger import conflict_note, kind_of, session_names, stamp
from mjtui.core.sessions.lock import SessionLock
from mjtui.core.sessions.session_file import load_session
from mjtui.core.text import clean_line, fold, shown, shown_path

FindRuleset = Callable[[str], Ruleset]


@dataclass(frozen=True)
class SessionSummary:
    """One line of the library: what a session file holds, or why it cannot be read."""

    path: Path
    modified: float  # the file's mtime (seconds), for sorting files with no date
    started: datetime | None  # None only when the file cannot be read
    ruleset_id: str | None
    ruleset_name: str | None
    players: tuple[str, ...]
    hands: int  # hands read (a damaged file's unreadable hands are not counted)
    totals: tuple[int, ...]  # each seat's total after the last hand read
    leaders: tuple[str, ...]  # the highest total's player(s); empty before the first hand
    leader_total: int | None
    # Hands that could not be read, with their line, after the header's repairs (a file
    # resumed is kept as it was first, as a damaged one: Loaded.repairs).
    problems: tuple[str, ...] = ()
    table: str = ""  # the table it was played at (docs/ledger.md)
    error: str | None = None  # why nothing could be read; the other fields hold what was seen

    @property
    def readable(self) -> bool:
        """The session can be opened (to resume or replay), perhaps without some hands."""
        return self.error is None

    @property
    def damaged(self) -> bool:
        return self.error is not None or bool(self.problems)

    @property
    def leader(self) -> str:
        """The leader's name, or the names sharing the lead, for one cell of a list."""
        return ", ".join(self.leaders)

    @property
    def when(self) -> float:
        """When the series began, as a timestamp (the file's time when unknown)."""
        return timestamp(self.started, self.modified)


def timestamp(started: datetime | None, default: float = 0.0) -> float:
    """A date-time as seconds, for sorting; ``default`` when there is none.

    A naive date-time (a hand-written file) is read as local time, so it sorts
    among the app's own, zone-aware ones; a date the platform cannot convert
    (the year 1, say) gets the default rather than an error.
    """
    if started is None:
        return default
    try:
        return started.timestamp()
    except (OverflowError, OSError, ValueError):
        return default


def ruleset_finder(folders: Iterable[Path]) -> FindRuleset:
    """The rulesets in those folders, each file read once however many sessions name it."""
    library = RulesetLibrary(list(folders))
    found: dict[str, Ruleset | RulesetError] = {}

    def find(rid: str) -> Ruleset:
        if rid not in found:
            try:
                found[rid] = library.get(rid)
            except RulesetError as e:
                found[rid] = e
        result = found[rid]
        if isinstance(result, RulesetError):
            raise result
        return result

    return find


def summarize(path: Path, find_ruleset: FindRuleset) -> SessionSummary:
    """Read one session file into a summary; never raises for a bad file.

    A file that changes while it is read (a hand arriving from another
    machine) is summarised as such, with nothing counted; a sync conflict copy
    is listed with a problem saying so."""
    before = stamp(path)
    summary = _summarize(path, find_ruleset)
    if stamp(path) != before:
        return _unreadable(
            path,
            summary.modified,
            _(
                "{path}: changed while it was read (a hand arriving?); it is read again on the "
                "next look"
            ).format(path=shown_path(path)),
        )
    if kind_of(path.name) == "conflict":
        return dataclasses.replace(summary, problems=(conflict_note(path), *summary.problems))
    return summary


def _summarize(path: Path, find_ruleset: FindRuleset) -> SessionSummary:
    try:
        modified = path.stat().st_mtime
    except OSError as e:
        return _unreadable(
            path,
            0.0,
            _("{path}: cannot read it ({why})").format(path=shown_path(path), why=e.strerror or e),
        )
    try:
        loaded = load_session(path, find_ruleset)
    except MjtuiError as e:
        return _unreadable(path, modified, str(e))
    except Exception as e:
        return _unreadable(
            path,
            modified,
            _("{path}: could not be read ({kind}: {e})").format(
                path=shown_path(path), kind=type(e).__name__, e=shown(str(e))
            ),
        )
    session = loaded.session
    states = session.states()
    table = standings(session, states)
    # A seat two people played is led by both ("Bob/Eve"), not by who sits there now.
    labels = session.seat_labels
    leaders = tuple(labels[s.seat] for s in table if s.rank == 1) if session.hands else ()
    return SessionSummary(
        path=path,
        modified=modified,
        started=session.started,
        ruleset_id=session.ruleset.id,
        ruleset_name=session.ruleset.rules.name_said(),
        players=session.players,
        hands=len(session.hands),
        totals=tuple(s.total for s in sorted(table, key=lambda s: s.seat)),
        leaders=leaders,
        leader_total=table[0].total if leaders else None,
        problems=(*loaded.repairs, *loaded.problems),
        table=session.table,
    )


def _unreadable(path: Path, modified: float, error: str) -> SessionSummary:
    """A summary of a file that cannot be opened, with whatever its header shows."""
    seen = _peek(path)
    players = seen.get("players")
    started = seen.get("started")
    if isinstance(started, date) and not isinstance(started, datetime):
        started = datetime(started.year, started.month, started.day)
    rid = seen.get("ruleset")
    return SessionSummary(
        path=path,
        modified=modified,
        started=started if isinstance(started, datetime) else None,
        ruleset_id=clean_line(rid)[:80] if isinstance(rid, str) else None,  # what it shows
        ruleset_name=None,
        players=tuple(clean_name(p)[:80] for p in players)
        if isinstance(players, list) and all(isinstance(p, str) for p in players)
        else (),
        hands=0,
        totals=(),
        leaders=(),
        leader_total=None,
        problems=(error,),
        error=error,
    )


def _peek(path: Path) -> dict[str, Any]:
    """The file's top keys when it parses at all, through the same limits as a session."""
    try:
        return loads(read_text(path, SessionError))
    except (SessionError, tomllib.TOMLDecodeError, TomlLimitError):
        return {}


class SummaryCache:
    """Summaries already made, reused while a file keeps its size and modification time.

    Reading a session costs about 2 ms per 60 hands (mostly TOML parsing), so
    a screen that keeps one cache rescans after a delete or restore at once.
    Files without ``[rules]`` are scored with the installed ruleset: make a
    new cache when rulesets may have changed.
    """

    def __init__(self) -> None:
        self._seen: dict[Path, tuple[tuple[int, int, int], SessionSummary]] = {}

    def summary(self, path: Path, find_ruleset: FindRuleset) -> SessionSummary:
        try:
            st = path.stat()
        except OSError:
            return summarize(path, find_ruleset)
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
        hit = self._seen.get(path)
        if hit and hit[0] == key:
            return hit[1]
        summary = summarize(path, find_ruleset)
        if stamp(path) == (st.st_size, st.st_mtime_ns, st.st_ino):
            self._seen[path] = (key, summary)  # a file that changed meanwhile is read again
        return summary


def session_files(folder: Path) -> list[Path]:
    """The session files of a folder and its sync conflict copies, by name; none when the
    folder does not exist. What sync tools and editors leave while they work is not
    listed (core/sessions/ledger.py)."""
    sessions, conflicts = session_names(folder)
    return sorted(sessions + conflicts)


def scan(
    folder: Path,
    find_ruleset: FindRuleset,
    cache: SummaryCache | None = None,
) -> list[SessionSummary]:
    """Every session file in the folder, newest first."""
    files = session_files(folder)
    if cache is None:
        return sort_newest_first(summarize(p, find_ruleset) for p in files)
    return sort_newest_first(cache.summary(p, find_ruleset) for p in files)


def sort_newest_first(summaries: Iterable[SessionSummary]) -> list[SessionSummary]:
    return sorted(summaries, key=lambda s: (-s.when, s.path.name))


def filter_summaries(
    summaries: Iterable[SessionSummary], player: str = "", ruleset_id: str | None = None
) -> list[SessionSummary]:
    """The sessions where a player's name contains ``player`` (any case or width, NFC or
    NFD: compared by core/text.py ``fold``) and of that ruleset.

    An empty ``player`` or ``ruleset_id`` does not filter. A file that cannot
    be read matches only on what its header showed.
    """
    needle = fold(player)
    return [
        s
        for s in summaries
        if (not needle or any(needle in fold(p) for p in s.players))
        and (not ruleset_id or s.ruleset_id == ruleset_id)
    ]


def ruleset_choices(summaries: Iterable[SessionSummary]) -> list[tuple[str, str]]:
    """(id, name) of every ruleset the sessions were played with, for a filter menu."""
    seen: dict[str, str] = {}
    for s in summaries:
        if s.ruleset_id and (s.ruleset_id not in seen or not seen[s.ruleset_id]):
            seen[s.ruleset_id] = s.ruleset_name or ""
    return sorted(seen.items())


def player_names(summaries: Iterable[SessionSummary]) -> list[str]:
    """Every player that appears in the sessions (one spelling each: core/model/players.py),
    sorted without regard to case."""
    names: dict[str, str] = {}
    for s in summaries:
        for p in s.players:
            names.setdefault(player_key(p), p)
    return sorted(names.values(), key=lambda p: (fold(p), p))


# --------------------------------------------------------------------------
# The trash
# --------------------------------------------------------------------------


def move_to_trash(path: Path, trash: Path) -> Path:
    """Move a session file to the trash folder; returns where it now is.

    A file of the same name already in the trash is kept: the newcomer gets
    ``-2``, ``-3``... before ``.toml``.
    """
    if path.parent.resolve() == trash.resolve():
        raise SessionError(_("{path}: is already in the trash").format(path=shown_path(path)))
    # A series being played in another window stays where that window saves it
    # (SessionInUse names the window).
    with SessionLock.take(path):
        return _move_aside(path, trash, "move it to the trash")


def list_trash(trash: Path, find_ruleset: FindRuleset) -> list[SessionSummary]:
    """The sessions in the trash, summarised like the library (newest first)."""
    return scan(trash, find_ruleset)


def restore(path: Path, folder: Path) -> Path:
    """Move a file from the trash back to the sessions folder, never over another file."""
    return _move_aside(path, folder, "restore it")


def empty_trash(trash: Path) -> int:
    """Delete every session file in the trash for good; returns how many."""
    count = 0
    for p in sorted(trash.glob("*.toml")) if trash.is_dir() else []:
        try:
            p.unlink()
        except OSError as e:
            raise SessionError(
                _("{p}: could not delete it ({why})").format(p=p, why=e.strerror or e)
            ) from None
        count += 1
    return count


def _move_aside(src: Path, folder: Path, doing: str) -> Path:
    if not src.is_file():
        why = "no such file" if not src.exists() else "not a file"
        raise SessionError(f"{src}: cannot {doing} ({why})")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SessionError(f"{folder}: cannot {doing} there ({e.strerror or e})") from None
    dst = _reserve(folder, src.name)
    try:
        try:
            os.replace(src, dst)  # over our own empty placeholder, never another file
        except OSError as e:
            if e.errno != errno.EXDEV:
                raise
            _copy_across(src, dst)  # the trash is on another disk
            src.unlink()
    except OSError as e:
        if not src.exists():  # moved; what failed came after
            return dst
        with contextlib.suppress(OSError):  # the placeholder, or an unfinished copy
            dst.unlink()
        raise SessionError(f"{src}: cannot {doing} ({e.strerror or e})") from None
    return dst


def _copy_across(src: Path, dst: Path) -> None:
    """Copy ``src`` over the placeholder ``dst`` on another disk, with its times (the
    library lists by them); OSError when it cannot be, ``dst`` left empty."""
    if src.is_symlink():  # moved as a name on one disk; across, its target would be read
        raise OSError(errno.ELOOP, _("a symbolic link cannot be moved to another disk"))
    try:
        data = read_bytes(src, OSError, limit=MAX_BYTES)
    except OSError as e:
        raise OSError(errno.EIO, str(e).removeprefix(f"{src}: ")) from None
    st = os.stat(src, follow_symlinks=False)
    replace_file(dst, data, OSError, doing="copy")
    os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns), follow_symlinks=False)


def _reserve(folder: Path, name: str) -> Path:
    """Create an empty file with a name not yet taken in ``folder`` and return it.

    Creating it exclusively makes the choice safe even if another mjtui moves
    a file of the same name at the same moment.
    """
    stem, suffix = Path(name).stem, Path(name).suffix
    candidate, n = folder / name, 2
    while True:
        try:
            create_file(candidate, b"")
            return candidate
        except FileExistsError:
            candidate = folder / f"{stem}-{n}{suffix}"
            n += 1
        except OSError as e:
            raise SessionError(
                _("{folder}: cannot write there ({why})").format(folder=folder, why=e.strerror or e)
            ) from None
