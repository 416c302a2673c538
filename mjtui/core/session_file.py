"""Session files: TOML, a new hand appended, a change saved whole; read back leniently.

The format is documented in docs/session-format.md. A new hand is appended to
the file as its ``[[hands]]`` table, so saving it costs the same at hand 10
and at hand 10,000; anything else rewrites the whole file atomically. Either
way the file is what a whole save writes, byte for byte. Reading keeps every
hand it can: a hand that does not fit the rules, a block of TOML that does not
parse, or the hand a crash cut short as it was appended, is reported with its
hand number and line and the rest is still read.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tomllib
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, Callable, Container

import tomli_w

from mjtui.core.errors import HandError, MjtuiError, RulesetError, SessionError
from mjtui.core.files import MAX_NUMBER, TomlLimitError, loads, number_problem, read_text
from mjtui.core.players import MAX_TABLE_NAME, clean_name, first_repeat, look_alike_notes
from mjtui.core.quick_toml import loads_hands
from mjtui.core.ruleset import Ruleset, check_ruleset_id, rules_from_table
from mjtui.core.seats import from_tables, to_tables
from mjtui.core.session import Session
from mjtui.core.text import clean_line, shown

FORMAT = "mjtui-session/1"
HEADER = "# An mjtui session. Format: mjtui-session/1 (see docs/session-format.md).\n"
_HANDS_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*hands[ \t]*\]\]", re.MULTILINE)
_TABLE_HEADER = re.compile(
    r"^[ \t]*(?P<open>\[\[?)[ \t]*(?P<name>[A-Za-z0-9_.\-\"' ]+?)[ \t]*\]\]?[ \t]*(?:#.*)?$",
    re.MULTILINE,
)
_TOML_LINE = re.compile(r"at line (\d+)")


def to_document(session: Session) -> dict[str, Any]:
    system = session.ruleset.system
    return _head(session) | {"hands": [system.hand_to_record(h) for h in session.hands]}


def _head(session: Session) -> dict[str, Any]:
    """Everything the file holds but the hands (``table``, ``time_limit`` and
    ``seat_changes`` only when there are any, so a file written before them is
    still the file a save writes)."""
    head: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": session.ruleset.id,
        "players": list(session.players),
        "started": session.started,
    }
    if session.table:
        head["table"] = session.table
    if session.time_limit:
        head["time_limit"] = session.time_limit
    head["rules"] = session.ruleset.table()
    if session.seat_changes:  # after [rules], before the hands
        head["seat_changes"] = to_tables(session.seat_changes)
    return head


def hand_text(record: dict[str, Any]) -> str:
    """One hand as the file holds it: a blank line, ``[[hands]]``, its keys and sub-tables.

    This is how tomli-w lays out each entry of an array of tables, so a file
    written a hand at a time is the file written whole. Both writers use it.
    """
    text = tomli_w.dumps({"hands": record})  # the same chunks under "[hands]"
    if text.startswith("[hands]\n"):
        return "\n[[hands]]\n" + text[len("[hands]\n"):]
    return "\n[[hands]]\n\n" + text  # sub-tables only: tomli-w writes no [hands] line


def session_text(session: Session) -> str:
    """The whole file: the header, ``[rules]``, then each hand as :func:`hand_text` has it.

    Every hand is written as a ``[[hands]]`` table, even when all are short
    enough for tomli-w to make one inline array of them, so a hand can always
    be appended; with no hand there is no ``hands`` key at all.
    """
    system = session.ruleset.system
    hands = "".join(hand_text(system.hand_to_record(h)) for h in session.hands)
    return HEADER + tomli_w.dumps(_head(session)) + hands


@dataclass(frozen=True)
class Written:
    """The file a save left, as the file system tells it apart: an append is made only
    to a file still exactly so (nothing else wrote it since, no append failed)."""

    size: int
    mtime_ns: int
    inode: int

    @classmethod
    def of(cls, st: os.stat_result) -> Written:
        return cls(st.st_size, st.st_mtime_ns, st.st_ino)

    @classmethod
    def at(cls, path: Path) -> Written | None:
        try:
            return cls.of(os.stat(path, follow_symlinks=False))
        except OSError:
            return None


class NotAsWritten(Exception):
    """The file is not the one the last save left: save it whole instead of appending."""


def save_session(session: Session, path: Path) -> Written:
    """Write the whole file beside its final name, then rename it over.

    A crash at any moment leaves either the previous complete file or the new
    one, never a half-written one. Returns the file written, for
    :func:`append_hands`.
    """
    data = session_text(session).encode("utf-8")
    tmp = _temp_name(path, os.getpid())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            written = Written.of(os.fstat(f.fileno()))
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):  # the folder itself may be what failed
            tmp.unlink()
        raise SessionError(f"{path}: could not save ({e.strerror or e})") from None
    _fsync_folder(path.parent)
    remove_left_temps(path)
    return written


def append_hands(session: Session, path: Path, saved: int, written: Written) -> Written:
    """Append the hands after the first ``saved`` to a file that holds those, as left
    by the save that returned ``written``; the file as it is now.

    NotAsWritten, nothing written, when the file is not that one any more.
    SessionError when a write fails; the file is cut back to where it was.

    Each hand's text goes in after a gap of one byte, which is filled (with
    the blank line that starts the text) only once the rest is on disk: a
    crash or kill at any moment leaves the complete file, the complete file
    with the new hand, or the complete file followed by a zero byte and part
    of the new hand, which the reader recognises as a save cut short
    (:func:`load_session`) and leaves out. No part of a hand can ever be read
    as a whole one.
    """
    system = session.ruleset.system
    texts = [hand_text(system.hand_to_record(h)).encode("utf-8") for h in session.hands[saved:]]
    if not texts:
        return written
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        raise NotAsWritten from None  # gone, a link, not writable: a whole save says more
    try:
        try:
            if Written.of(os.fstat(fd)) != written:
                raise NotAsWritten
        except OSError:
            raise NotAsWritten from None
        for raw in texts:
            written = _append_one(fd, raw, written, path)
        return written
    finally:
        os.close(fd)


def _append_one(fd: int, raw: bytes, written: Written, path: Path) -> Written:
    end = written.size
    try:
        _write_at(fd, raw[1:], end + 1)  # raw[0] is the "\n" of the blank line
        os.fsync(fd)
        _write_at(fd, raw[:1], end)
        os.fsync(fd)
        return Written.of(os.fstat(fd))
    except OSError as e:
        with contextlib.suppress(OSError):  # if even this fails, the gap marks the end
            os.ftruncate(fd, end)
            os.fsync(fd)
        raise SessionError(f"{path}: could not save ({e.strerror or e})") from None


def _write_at(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        n = os.pwrite(fd, view, offset)
        if n <= 0:  # no progress: as good as a full disk
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view, offset = view[n:], offset + n


# A save writes ".FILE.PID.tmp" beside FILE; only names of exactly this form
# are ever removed, and never the one of a process still running here.
def _temp_name(path: Path, pid: int) -> Path:
    return path.with_name(f".{path.name}.{pid}.tmp")


def remove_left_temps(path: Path) -> list[Path]:
    """Remove the temporary files that killed saves of ``path`` left beside it.

    A temporary file whose pid is a running process is kept: it may be a
    save under way (in the session's lock holder, the only writer, it is
    not: the pid then belongs to an unrelated process and the file is
    removed by a later save, once that process has ended).
    """
    pattern = re.compile(rf"\.{re.escape(path.name)}\.([0-9]{{1,10}})\.tmp")
    removed = []
    try:
        names = [e.name for e in os.scandir(path.parent)]
    except OSError:
        return removed
    for name in names:
        m = pattern.fullmatch(name)
        if m is None or int(m.group(1)) == os.getpid() or _running(int(m.group(1))):
            continue
        leftover = path.with_name(name)
        with contextlib.suppress(OSError):
            if leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
                removed.append(leftover)
    return removed


def _running(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # no such process; no pid is that large
        return False
    except PermissionError:
        return True  # another user's process
    return True


def _fsync_folder(folder: Path) -> None:
    # The rename is durable only once the folder's entry is on disk too.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def new_session_path(folder: Path, session: Session, avoid: Container[Path] = ()) -> Path:
    """A free name for a new session: its start, ruleset id, table and machine, "-2",
    "-3"... when taken (by a file, or a name in ``avoid``).

    The folder may be shared by several machines through a sync tool
    (docs/ledger.md), which cannot see that another machine is about to use a
    name: the table's name and this machine's id in the name make two apps on
    two machines never pick the same one, even when two tables start the same
    ruleset in the same second.
    """
    tag = "_".join(part for part in (slug(session.table), machine_id()) if part)
    stem = f"{session.started:%Y-%m-%d_%H%M%S}_{session.ruleset.id}_{tag}"
    path = folder / f"{stem}.toml"
    n = 2
    while path.exists() or path in avoid:
        path = folder / f"{stem}-{n}.toml"
        n += 1
    return path


def slug(name: str) -> str:
    """A table's name as a file name can hold it: "Table 2" -> "table-2"."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:24].strip("-")


def machine_id() -> str:
    """Six hex digits that tell this machine from the others sharing a folder.

    ``MJTUI_MACHINE_ID`` gives it (letters, digits and dashes); otherwise it is
    drawn from the machine's network address (uuid.getnode), the same on every run.
    """
    given = slug(os.environ.get("MJTUI_MACHINE_ID", ""))
    if given:
        return given
    # Imported here: only a new series' file is named, and these took 4 ms of a
    # resumed series' first frame.
    import hashlib
    import uuid

    return hashlib.sha256(str(uuid.getnode()).encode()).hexdigest()[:6]


def latest_session(folder: Path) -> Path | None:
    """The session file changed last; never a sync tool's conflict copy or temporary file."""
    from mjtui.core.ledger import session_names  # it reads sessions with this module

    files = session_names(folder)[0]
    return max(files, key=lambda p: (p.stat().st_mtime, p.name), default=None)


@dataclass
class Loaded:
    session: Session
    problems: list[str] = field(default_factory=list)  # what was not read, and where
    warnings: list[str] = field(default_factory=list)  # read in full, but worth saying once
    # The file is what a save of the session writes (its header, each hand a [[hands]]
    # table, nothing left out), so a hand appended to it (append_hands) is the next one.
    appendable: bool = False


def load_session(path: Path, find_ruleset: Callable[[str], Ruleset]) -> Loaded:
    """Read a session file; ``find_ruleset`` supplies the rules when the file has none.

    Raises SessionError when nothing usable can be read (the header is
    broken); problems with single hands are returned in ``Loaded.problems``.
    """
    where = shown(str(path))  # a file name found in a folder may hold anything
    text = read_text(path, SessionError)
    problems: list[str] = []
    text, cut_at = _cut_short(text)
    data = _quick_read(text)
    quick = data is not None
    if data is None:
        try:
            data = loads(text)
        except (tomllib.TOMLDecodeError, TomlLimitError):
            data = _salvage(text, where)  # keep every hand that can be read
    head = number_problem({k: v for k, v in data.items() if k != "hands"})
    if head:
        raise SessionError(f"{where}: {head}")

    ruleset = _read_ruleset(data, where, find_ruleset)
    warnings = _check_rules_agree(data, ruleset, where, find_ruleset)
    players = _read_players(data, where, ruleset)
    _check_players_differ(players, where)
    started = _read_started(data, where, path)
    session = Session(ruleset=ruleset, players=players, started=started,
                      table=_read_table(data, where),
                      time_limit=_read_time_limit(data, where),
                      seat_changes=_read_seat_changes(data, where, ruleset.players))
    warnings += _look_alikes(session, where)

    records = data.get("hands", [])
    if not isinstance(records, list):
        raise SessionError(f"{where}: key 'hands': expected an array of tables ([[hands]])")
    system, rules = ruleset.system, ruleset.rules
    left_out: list[tuple[int, str]] = []  # hand number, why
    read: list[int] = []  # the numbers of the hands checked alone
    hands = []
    for number, record in enumerate(records, 1):
        if not isinstance(record, dict):
            left_out.append((number, f"expected a table, got {record!r}"))
            continue
        if "_unreadable" in record:
            left_out.append((number, record["_unreadable"]))
            continue
        # The quick reader declines a number past the limit: its hands need no check.
        beyond = None if quick else number_problem(record)
        if beyond:
            left_out.append((number, f"{beyond}; this hand was left out"))
            continue
        try:
            hands.append(system.hand_from_record(rules, record))  # the hand alone
        except HandError as e:
            left_out.append((number, f"{e}; this hand was left out"))
            continue
        read.append(number)
    for i, e in session.add_read(hands):  # and what the table allows
        left_out.append((read[i], f"{e}; this hand was left out"))
    # Where each [[hands]] table starts is found only when it is needed: a file the
    # quick reader took has one per hand read (it declines any other layout), and a
    # line is worded only in a problem. Finding them took 7 ms of 10,000 hands' 90.
    headers = len(records) if quick else None
    lines: list[int | None] = [None] * len(records)
    if left_out or headers is None:
        found = _line_numbers(text, [m.start() for m in _HANDS_HEADER.finditer(text)])
        headers = len(found)
        if headers == len(records):
            lines = list(found)
    for number, why in sorted(left_out, key=lambda problem: problem[0]):
        line = lines[number - 1]
        at = f"hand {number}" + (f" (line {line})" if line else "")
        problems.append(f"{where}: {at}: {why}")
    if cut_at is not None:
        line = _line_numbers(text, [cut_at])[0]
        problems.append(f"{where}: hand {len(records) + 1} (line {line}): cut short as it was "
                        "saved (mjtui stopped during the save); this hand was left out")
    # A hand is appended only to a file whose header is the one a save writes (a
    # hand-written sheet gets its [rules], clean names and start from a whole save)
    # and whose hands are [[hands]] tables (an inline `hands = [...]` cannot take one).
    appendable = not problems and headers == len(records) \
        and (bool(records) or "hands" not in data) \
        and {k: v for k, v in data.items() if k != "hands"} == _head(session)
    return Loaded(session, problems, warnings, appendable)


def _cut_short(text: str) -> tuple[str, int | None]:
    """The text without the hand a crash cut short as it was appended, and where it began.

    An append leaves a zero byte where its text begins until the rest is on
    disk (:func:`append_hands`): a zero byte at the start of a line, with at
    most one hand's text after it, is such a save, the file before it
    complete. A zero byte anywhere else is left to the TOML reader.
    """
    at = text.find("\0")
    if at <= 0 or text[at - 1] != "\n" or _HANDS_HEADER.search(text, at):
        return text, None
    return text[:at], at


def _quick_read(text: str) -> dict | None:
    """The document, when its hands are as mjtui writes them (core/quick_toml.py);
    None sends the text to the thorough reader, which also says what is wrong."""
    try:
        return loads_hands(text, loads, MAX_NUMBER)
    except (tomllib.TOMLDecodeError, TomlLimitError):
        return None


def _line_numbers(text: str, offsets: list[int]) -> list[int]:
    """The 1-based line of each offset (ascending), reading the text once."""
    lines, line, last = [], 1, 0
    for offset in offsets:
        line += text.count("\n", last, offset)
        last = offset
        lines.append(line)
    return lines


def _salvage(text: str, where: str) -> dict:
    """Read a file whose TOML is broken somewhere, one [[hands]] entry at a time.

    Everything that is not a hand (the top keys, [rules] wherever it stands)
    must parse, or nothing can be scored; a hand that does not parse is
    reported and left out.
    """
    headers = list(_TABLE_HEADER.finditer(text))
    head = [text[: headers[0].start()] if headers else text]
    blocks: list[tuple[int, str]] = []  # (offset, text) of each [[hands]] entry
    for i, m in enumerate(headers):
        section = text[m.start() : headers[i + 1].start() if i + 1 < len(headers) else len(text)]
        name = m.group("name").strip()
        if m.group("open") == "[[" and name == "hands":
            blocks.append((m.start(), section))
        elif name.startswith("hands.") and blocks:  # a sub-table of the hand above
            blocks[-1] = (blocks[-1][0], blocks[-1][1] + section)
        else:
            head.append(section)
            continue
        head.append("\n" * section.count("\n"))  # keep line numbers true in head errors
    try:
        data = loads("".join(head))
    except tomllib.TOMLDecodeError as e:
        raise SessionError(f"{where}: not valid TOML: {e}") from None
    except TomlLimitError as e:
        raise SessionError(f"{where}: {e}") from None
    hands: list[dict] = []
    lines = _line_numbers(text, [offset for offset, _ in blocks])
    for (offset, block), line in zip(blocks, lines):
        first_line = line - 1
        try:
            hands.extend(loads(block)["hands"])
        except (tomllib.TOMLDecodeError, TomlLimitError) as e:
            # Report the line in the whole file, not in the block.
            msg = _TOML_LINE.sub(lambda m: f"at line {int(m.group(1)) + first_line}", str(e))
            what = "not valid TOML: " if isinstance(e, tomllib.TOMLDecodeError) else ""
            hands.append({"_unreadable": f"{what}{msg}; this hand was left out"})
    data["hands"] = hands
    return data


def _read_ruleset(data: dict, where: str, find_ruleset: Callable[[str], Ruleset]) -> Ruleset:
    fmt = data.get("format")
    if fmt != FORMAT:
        got = "missing" if fmt is None else f"got {fmt!r}"
        raise SessionError(f"{where}: key 'format': expected {FORMAT!r}, {got}")
    rid = data.get("ruleset")
    if isinstance(rid, str):
        rid = clean_line(rid).strip()
    if not isinstance(rid, str) or not rid:
        raise SessionError(f"{where}: key 'ruleset': expected the ruleset id, a string")
    if "rules" in data:
        if not isinstance(data["rules"], dict):
            raise SessionError(f"{where}: key 'rules': expected a table")
        try:
            rules = rules_from_table(data["rules"], where, "rules.")
        except RulesetError as e:
            raise SessionError(str(e)) from None
        return Ruleset(id=rid, origin=f"{where} [rules]", rules=rules)
    try:
        check_ruleset_id(rid)  # a name, never a path: the file is not the user typing
    except RulesetError as e:
        raise SessionError(f"{where}: key 'ruleset': {e}; the file has no [rules] to score "
                           "it with") from None
    try:
        return find_ruleset(rid)
    except RulesetError as e:
        raise SessionError(f"{where}: the file has no [rules] and its ruleset {rid!r} "
                           f"cannot be loaded: {e}") from None


def _read_players(data: dict, where: str, ruleset: Ruleset) -> tuple[str, ...]:
    players = data.get("players")
    n = ruleset.players
    if (
        not isinstance(players, list)
        or len(players) != n
        or not all(isinstance(p, str) and p.strip() for p in players)
    ):
        raise SessionError(
            f"{where}: key 'players': expected {n} names (non-empty strings) in seat order, "
            f"got {players!r}"
        )
    names = tuple(clean_name(p) for p in players)
    if not all(names):
        seat = names.index("") + 1
        raise SessionError(f"{where}: key 'players': the name of seat {seat}, "
                           f"{players[seat - 1]!r}, has only control or invisible characters; "
                           "give the seat a name")
    return names


def _read_table(data: dict, where: str) -> str:
    """The table's name (docs/ledger.md), "" when the file has none (files before it)."""
    table = data.get("table", "")
    if not isinstance(table, str) or len(table) > MAX_TABLE_NAME:
        raise SessionError(f"{where}: key 'table': expected the table's name, a string of "
                           f"at most {MAX_TABLE_NAME} characters, got {table!r:.60}")
    return clean_name(table)


MAX_TIME_LIMIT = 24 * 60


def _read_time_limit(data: dict, where: str) -> int:
    """The game's time limit in minutes, 0 when the file has none (files before it)."""
    minutes = data.get("time_limit", 0)
    if isinstance(minutes, bool) or not isinstance(minutes, int) \
            or not 0 <= minutes <= MAX_TIME_LIMIT:
        raise SessionError(f"{where}: key 'time_limit': expected the minutes the game may "
                           f"last, 0 to {MAX_TIME_LIMIT}, got {minutes!r:.60}")
    return minutes


def _read_seat_changes(data: dict, where: str, players: int) -> tuple:
    if "seat_changes" not in data:
        return ()
    try:
        return from_tables(data["seat_changes"], players)
    except ValueError as e:
        raise SessionError(f"{where}: key 'seat_changes': {e}") from None


def _read_started(data: dict, where: str, path: Path) -> datetime:
    started = data.get("started")
    if started is None:
        # A transcribed paper sheet may not know when it began.
        return datetime.fromtimestamp(path.stat().st_mtime).astimezone().replace(microsecond=0)
    if isinstance(started, str):
        try:
            started = datetime.fromisoformat(started)
        except ValueError:
            raise SessionError(
                f"{where}: key 'started': expected a date-time such as 2026-11-29T20:15:00, "
                f"got {started!r}"
            ) from None
    if isinstance(started, datetime):
        return started
    if isinstance(started, date):
        return datetime(started.year, started.month, started.day)
    raise SessionError(f"{where}: key 'started': expected a date-time, got {started!r}")



# --------------------------------------------------------------------------
# The header's parts must agree (docs/session-format.md)
# --------------------------------------------------------------------------

_RULESET_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")


def _check_rules_agree(
    data: dict, ruleset: Ruleset, where: str, find_ruleset: Callable[[str], Ruleset]
) -> list[str]:
    """With ``[rules]``, the ``ruleset`` id must name a ruleset of the same system.

    A different system is refused (SessionError): the hands are scored with
    [rules] but counted under the id in stats, and neither can be guessed. An
    id not installed here leaves [rules] the only truth: one warning. The id
    is looked up only when it is a plain name, never read as a path.
    """
    if "rules" not in data:
        return []
    rid, system = ruleset.id, ruleset.rules.system
    only = f"the file's [rules] (system {system!r}) are the only rules it is scored with"
    if not _RULESET_ID.fullmatch(rid) or rid.endswith(".toml"):
        return [f"{where}: the ruleset id {rid[:80]!r} is not a ruleset name; {only}"]
    try:
        named = find_ruleset(rid)
    except (MjtuiError, RecursionError) as e:  # a broken ruleset: the file has its own
        if "no ruleset named" in str(e):
            return [f"{where}: no ruleset named {rid!r} is installed here; {only}"]
        return [f"{where}: the ruleset {rid!r} cannot be loaded ({e}); {only}"]
    if named.rules.system != system:
        raise SessionError(
            f"{where}: key 'rules.system': {system!r}, but the file's ruleset {rid!r} is a "
            f"{named.rules.system!r} ruleset; make 'ruleset' and [rules] system agree "
            f"(the hands are {system!r} hands if [rules] is right)"
        )
    return []


def _check_players_differ(players: tuple[str, ...], where: str) -> None:
    repeat = first_repeat(players)
    if repeat is not None:
        a, b = repeat
        raise SessionError(
            f"{where}: key 'players': seats {a + 1} and {b + 1} are the same player "
            f"({players[a]!r} and {players[b]!r}: names are compared without case, extra "
            f"spaces or invisible characters, and NFC or NFD alike); give each seat its own "
            "name"
        )


def _look_alikes(session: Session, where: str) -> list[str]:
    """A warning for each two players of the session whose names are drawn alike, and
    each name mixing look-alike letters of two scripts (core/players.py)."""
    names = [*session.players, *(n for c in session.seat_changes for n in c.players)]
    return [f"{where}: {note}" for note in look_alike_notes(names)]
