"""Session files: TOML, a new hand appended, a change saved whole; read back leniently.

The format is documented in docs/session-format.md. A new hand is appended to
the file as its ``[[hands]]`` table, so saving it costs the same at hand 10
and at hand 10,000; anything else rewrites the whole file atomically. Either
way the file is what a whole save writes, byte for byte: the header, then
each hand, and each ends with a blank line, so a file that does not end with
one was cut short. Reading keeps every hand it can: a hand that does not fit
the rules, a block of TOML that does not parse or holds a byte that is not
UTF-8, the hand a crash cut short as it was appended, or the last hand of a
copy cut short by another program, is reported with its hand number and line
and the rest is still read. A header whose strings hold what TOML or UTF-8
refuse (a raw control character, a byte of another encoding) is repaired
(core/files/toml_repair.py) rather than cost every hand, and each repair is
reported with its line and key.
"""

from __future__ import annotations

import bisect
import contextlib
import errno
import os
import re
import tomllib
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjtui.core.errors import HandError, MjtuiError, NoSuchRuleset, RulesetError, SessionError
from mjtui.core.files.reading import (
    MAX_BYTES,
    MAX_HANDS,
    MAX_NUMBER,
    NOT_UTF8,
    TomlLimitError,
    TooManyTables,
    check_toml_limits,
    decode_text,
    loads,
    number_problem,
    read_bytes,
    undecodable_bytes,
)
from mjtui.core.files.writing import open_to_append, replace_file
from mjtui.core.language import N_, _
from mjtui.core.model.players import MAX_TABLE_NAME, clean_name, first_repeat, look_alike_notes
from mjtui.core.model.seats import SeatChange, from_tables, to_tables
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset, check_ruleset_id, rules_from_table
from mjtui.core.sessions.quick_toml import loads_hands
from mjtui.core.text import clean_line, shown

if TYPE_CHECKING:  # imported where a header is repaired: its patterns take 5 ms to compile
    from mjtui.core.files.toml_repair import Repair

FORMAT = "mjtui-session/1"
# The first line says the file ends each hand with a blank line (hand_text): a file with
# it that does not end with one was cut short. Files written before it have _OLD_HEADER
# and end each hand with its last line; a file with neither was written by hand.
HEADER = (
    "# An mjtui session. Format: mjtui-session/1 (see docs/session-format.md); "
    "every hand ends with a blank line.\n"
)
_OLD_HEADER = "# An mjtui session. Format: mjtui-session/1 (see docs/session-format.md).\n"
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
    if session.computer:
        head["computer"] = [seat + 1 for seat in session.computer]
    head["rules"] = session.ruleset.table()
    if session.seat_changes:  # after [rules], before the hands
        head["seat_changes"] = to_tables(session.seat_changes)
    return head


def hand_text(record: dict[str, Any]) -> str:
    """One hand as the file holds it: ``[[hands]]``, its keys, and the blank line that
    ends it.

    This is how tomli-w lays out each entry of an array of tables, the blank
    line that tomli-w puts before the next table put after this one instead,
    so a file written a hand at a time is the file written whole, and the
    last hand ends as the others do. No hand mjtui writes has a blank line
    anywhere else (no sub-table, no string over lines): a file cut short at a
    line end inside a hand does not end with a blank line. Both writers use it.
    """
    import tomli_w  # a session is written once a hand is played: not at start-up

    text = tomli_w.dumps({"hands": record})  # the same chunks under "[hands]"
    if text.startswith("[hands]\n"):
        return "[[hands]]\n" + text[len("[hands]\n") :] + "\n"
    return "[[hands]]\n\n" + text + "\n"  # sub-tables only: tomli-w writes no [hands] line


def session_text(session: Session) -> str:
    """The whole file: the header, ``[rules]`` and a blank line, then each hand as
    :func:`hand_text` has it.

    Every hand is written as a ``[[hands]]`` table, even when all are short
    enough for tomli-w to make one inline array of them, so a hand can always
    be appended; with no hand there is no ``hands`` key at all.
    """
    system = session.ruleset.system
    return _text(session, [system.hand_to_record(h) for h in session.hands])


def _text(session: Session, records: list[dict[str, Any]]) -> str:
    import tomli_w

    return HEADER + tomli_w.dumps(_head(session)) + "\n" + "".join(hand_text(r) for r in records)


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


class Unwritable(SessionError):
    """What a save was to write is what the reader would refuse (a name past its
    limit, a file past the size a session may have): nothing was written."""


NOTICE_SHARE = 0.9
"""From this share of the largest session read (files.MAX_BYTES) on, the scorer is told."""


def save_session(session: Session, path: Path, *, hands_checked: bool = False) -> Written:
    """Write the whole file beside its final name, then rename it over (core/files/writing.py).

    A crash at any moment leaves either the previous complete file or the new
    one, never a half-written one. Returns the file written, for
    :func:`append_hands`. Unwritable, nothing written, when the reader would
    refuse the file or a hand in it; ``hands_checked``: every hand has passed
    :func:`hand_problem` already (a Scorebook checks each as it comes), so
    only the header and the size are checked.
    """
    system = session.ruleset.system
    _check_count(path, len(session.hands))
    records = [system.hand_to_record(h) for h in session.hands]
    _check_head(session, path)
    if not hands_checked:
        for number, record in enumerate(records, 1):
            problem = _record_problem(session, record)
            if problem:
                raise Unwritable(f"{path}: not saved: hand {number}: {problem}")
    data = _text(session, records).encode("utf-8")
    _check_size(path, len(data))
    return Written.of(replace_file(path, data, SessionError, make_folder=True))


def append_hands(session: Session, path: Path, saved: int, written: Written) -> Written:
    """Append the hands after the first ``saved`` to a file that holds those, as left
    by the save that returned ``written``; the file as it is now.

    NotAsWritten, nothing written, when the file is not that one any more.
    Unwritable, nothing written, when a hand is one the reader would refuse
    or the file would grow past the size a session may have. SessionError
    when a write fails; the file is cut back to where it was.

    Each hand's text goes in after a gap of one byte, which is filled (with
    the ``[`` that starts the text) only once the rest is on disk: a
    crash or kill at any moment leaves the complete file, the complete file
    with the new hand, or the complete file followed by a zero byte and part
    of the new hand, which the reader recognises as a save cut short
    (:func:`load_session`) and leaves out. No part of a hand can ever be read
    as a whole one.
    """
    system = session.ruleset.system
    records = [system.hand_to_record(h) for h in session.hands[saved:]]
    if not records:
        return written
    _check_count(path, len(session.hands))
    for number, record in enumerate(records, saved + 1):
        problem = _record_problem(session, record)
        if problem:
            raise Unwritable(f"{path}: not saved: hand {number}: {problem}")
    texts = [hand_text(record).encode("utf-8") for record in records]
    _check_size(path, written.size + sum(len(raw) for raw in texts))
    fd = open_to_append(path)
    if fd is None:
        raise NotAsWritten  # gone, a link, not writable: a whole save says more
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
        _write_at(fd, raw[1:], end + 1)  # raw[0] is the "[" of the hand's [[hands]] line
        os.fsync(fd)
        _write_at(fd, raw[:1], end)
        os.fsync(fd)
        return Written.of(os.fstat(fd))
    except OSError as e:
        with contextlib.suppress(OSError):  # if even this fails, the gap marks the end
            os.ftruncate(fd, end)
            os.fsync(fd)
        raise SessionError(
            f"{path}: " + _("could not save ({why})").format(why=e.strerror or e)
        ) from None


def _write_at(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        n = os.pwrite(fd, view, offset)
        if n <= 0:  # no progress: as good as a full disk
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view, offset = view[n:], offset + n


# --------------------------------------------------------------------------
# What a save may write: what the reader reads back (its own checks and limits)
# --------------------------------------------------------------------------


def hand_problem(session: Session, hand: object) -> str | None:
    """Why the reader would leave ``hand`` out of the session's file (a note past its
    length, a number past the largest read), or None."""
    return _record_problem(session, session.ruleset.system.hand_to_record(hand))


def _record_problem(session: Session, record: dict[str, Any]) -> str | None:
    # As load_session reads a hand: its numbers, then the system's reading of it.
    problem = number_problem(record)
    if problem:
        return problem
    try:
        session.ruleset.system.hand_from_record(session.ruleset.rules, record)
    except HandError as e:
        return str(e)
    return None


def _check_head(session: Session, path: Path) -> None:
    """Unwritable when the reader would refuse the file's header as the save writes it
    (read back by the reader's own functions: one source for each limit)."""
    where = str(path)
    head = _head(session)
    try:
        problem = number_problem(head)
        if problem:
            raise SessionError(f"{where}: {problem}")
        if "rules" in head:
            rules_from_table(head["rules"], where, "rules.")
        _check_players_differ(_read_players(head, where, session.ruleset), where)
        _read_table(head, where)
        _read_time_limit(head, where)
        _read_computer(head, where, session.ruleset.players)
        _read_seat_changes(head, where, session.ruleset.players)
    except (SessionError, RulesetError) as e:
        raise Unwritable(f"{e}; the file was not saved (mjtui would not read it back)") from None


def _check_count(path: Path, hands: int) -> None:
    """Unwritable past the most hands the reader takes (files.MAX_HANDS)."""
    if hands > MAX_HANDS:
        raise Unwritable(
            f"{path}: not saved: a session holds at most {MAX_HANDS:,} hands (mjtui would not "
            "read it back); start a new series for the next hands"
        )


def _check_size(path: Path, size: int) -> None:
    if size > MAX_BYTES:
        raise Unwritable(
            f"{path}: not saved: the file would be {size:,} bytes, past the "
            f"{_megabytes(MAX_BYTES)} a session file may hold (mjtui would not read it "
            f"back). The file keeps every hand saved so far. {go_on(path)}"
        )


def go_on(path: Path) -> str:
    """How to go on when a session file is full (docs/session-format.md, *Limits*)."""
    return _(
        "Go on in a new series with the same players (`mjtui` opens the new-series "
        "form); its totals start afresh, so note this one's first: `mjtui export "
        "{path} --format results` prints them, and stats and the league count both."
    ).format(path=path)


def size_notice(path: Path, size: int) -> str | None:
    """What to tell the scorer about a session file of ``size`` bytes: None while it
    is far from the largest session read, a notice from NOTICE_SHARE of it on."""
    if size < MAX_BYTES * NOTICE_SHARE:
        return None
    share = min(int(100 * size / MAX_BYTES), 100)
    return _(
        "{file} is {share}% of the {most} a session file may hold: start a new series "
        "soon, a hand that would pass it is refused. {go_on}"
    ).format(file=path.name, share=share, most=_megabytes(MAX_BYTES), go_on=go_on(path))


def _megabytes(n: int) -> str:
    return f"{n // (1024 * 1024)} MB"


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
    stem = f"{_start_in_name(session)}_{session.ruleset.id}_{tag}"
    path = folder / f"{stem}.toml"
    n = 2
    while os.path.lexists(path) or path in avoid:  # a link too: nothing writes over it
        path = folder / f"{stem}-{n}.toml"
        n += 1
    return path


def _start_in_name(session: Session) -> str:
    return f"{session.started:%Y-%m-%d_%H%M%S}"


def same_game_saved(
    folder: Path, session: Session, find_ruleset: Callable[[str], Ruleset]
) -> Path | None:
    """A file of ``folder`` named as :func:`new_session_path` names this session (its start,
    any ruleset, table or machine) that holds the same game: the same start, players and
    hands. A game record imported twice would be counted twice in the statistics and the
    league; a log's id is not kept in the file, but its start, players and hands are the
    log's. Only the files named for that second are read; one that cannot be read is no
    match."""
    for path in sorted(folder.glob(f"{_start_in_name(session)}_*.toml")):
        try:
            other = load_session(path, find_ruleset).session
        except Exception:  # as the ledger reads a folder: another file never stops this one
            continue
        if (other.started, other.players, other.hands) == (
            session.started,
            session.players,
            session.hands,
        ):
            return path
    return None


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


@dataclass
class Loaded:
    session: Session
    problems: list[str] = field(default_factory=list)  # what was not read, and where
    warnings: list[str] = field(default_factory=list)  # read in full, but worth saying once
    # The file is what a save of the session writes (its header, each hand a [[hands]]
    # table, nothing left out), so a hand appended to it (append_hands) is the next one.
    appendable: bool = False
    # Read in full, but only once strings of the header were repaired (a raw control
    # character read as escaped, a byte that is not UTF-8 left out), each with its line
    # and key: the next save writes the file otherwise, so whatever writes it keeps the
    # file as it was first (scorebook.keep_damaged), as for a problem.
    repairs: list[str] = field(default_factory=list)


def load_session(path: Path, find_ruleset: Callable[[str], Ruleset]) -> Loaded:
    """Read a session file; ``find_ruleset`` supplies the rules when the file has none.

    Raises SessionError when nothing usable can be read (the header is
    broken); problems with single hands are returned in ``Loaded.problems``.
    """
    where = shown(str(path))  # a file name found in a folder may hold anything
    raw = read_bytes(path, SessionError)
    # Leniently: a byte that is not UTF-8 costs the hand it is in, and is left out of a
    # string of the header (_salvage); elsewhere in the header it is refused, as before.
    text, converted = decode_text(raw, where, SessionError, lenient=True)
    undecodable = _Undecodable(text, raw) if NOT_UTF8 in converted else None
    # The lines that start with [[hands]], as mjtui writes them (other layouts: below).
    _check_hand_count(text.count("\n[[hands]]") + text.startswith("[[hands]]"), where)
    problems: list[str] = []
    repairs: list[str] = []
    framed = _framed(text)
    text, cut = _cut_short(text, framed, where)
    data = None if undecodable is not None else _quick_read(text)
    quick = data is not None
    if data is None:
        try:
            if undecodable is None:
                data = loads(text)
            else:  # tomllib takes such a byte in a string: each part is read alone
                check_toml_limits(text)  # the limits of the whole text, as loads checks
        except TooManyTables as e:  # not one hand that can be left out: the whole file
            raise SessionError(
                _("{where}: {e}; a session holds at most {max_hands} hands").format(
                    where=where, e=e, max_hands=format(MAX_HANDS, ",")
                )
            ) from None
        except (tomllib.TOMLDecodeError, TomlLimitError):
            pass
        if data is None:
            try:
                # Keep every hand that can be read.
                data = _salvage(text, where, repairs, undecodable)
            except SessionError as e:
                if converted.startswith(("UTF-16", "UTF-32")):  # or only starts like it?
                    raise SessionError(
                        _("{e} (read as {split} text, as its first bytes say)").format(
                            e=e, split=converted.split(",")[0]
                        )
                    ) from None
                raise
    head = number_problem({k: v for k, v in data.items() if k != "hands"})
    if head:
        raise SessionError(f"{where}: {head}")

    if framed and "rules" not in data and "hands" not in data:
        # mjtui writes [rules] in every file: a file that says mjtui wrote it and holds
        # neither [rules] nor a hand was cut short before them, hands and all.
        raise SessionError(
            _(
                "{where}: cut short: the file ends inside its header, before [rules] and the "
                "hands; it cannot be scored. If [rules] was taken out on purpose, take out the "
                "first line too (it says mjtui wrote the file)"
            ).format(where=where)
        )
    ruleset = _read_ruleset(data, where, find_ruleset)
    warnings = _check_rules_agree(data, ruleset, where, find_ruleset)
    players = _read_players(data, where, ruleset)
    _check_players_differ(players, where)
    started = _read_started(data, where, path)
    session = Session(
        ruleset=ruleset,
        players=players,
        started=started,
        table=_read_table(data, where),
        time_limit=_read_time_limit(data, where),
        computer=_read_computer(data, where, ruleset.players),
        seat_changes=_read_seat_changes(data, where, ruleset.players),
    )
    warnings += _look_alikes(session, where)

    records = data.get("hands", [])
    if not isinstance(records, list):
        raise SessionError(
            f"{where}: "
            + _("key '{key}': {problem}").format(
                key="hands", problem=_("expected an array of tables ([[hands]])")
            )
        )
    _check_hand_count(len(records), where)  # inline, indented...: counted once read
    system, rules = ruleset.system, ruleset.rules
    left_out: list[tuple[int, str]] = []  # hand number, why
    # The quick reader's hands are tables, none unreadable, none holding a number past
    # the limit (it declines such a file): they need none of the checks of _tables.
    tables, numbers = (records, range(1, len(records) + 1)) if quick else _tables(records, left_out)
    hands, wrong = system.hands_from_records(rules, tables)  # each hand alone
    read = list(numbers)  # the numbers of the hands checked alone
    for i, error in reversed(wrong):
        left_out.append((read.pop(i), _("{why}; this hand was left out").format(why=error)))
    for i, refused in session.add_read(hands):  # and what the table allows
        left_out.append((read[i], _("{why}; this hand was left out").format(why=refused)))
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
        at = (
            _("hand {number} (line {line})").format(number=number, line=line)
            if line
            else _("hand {number}").format(number=number)
        )
        problems.append(f"{where}: {at}: {why}")
    if cut is not None:
        line = _line_numbers(text, [cut.at])[0]
        at = _("hand {number} (line {line})").format(number=len(records) + 1, line=line)
        how = _(cut.why).format(where=_(cut.at_words) if cut.at_words else "")
        why = _("{why}; this hand was left out").format(why=how)
        problems.append(f"{where}: {at}: {why}")
    # A hand is appended only to a file whose header is the one a save writes (a
    # hand-written sheet gets its [rules], clean names and start from a whole save;
    # a file written before each hand ended with a blank line gets them), whose
    # bytes are the text read (no UTF-16, CRLF, zero byte...) and whose hands are
    # [[hands]] tables (an inline `hands = [...]` cannot take one).
    appendable = (
        not problems
        and not repairs
        and headers == len(records)
        and framed
        and not converted
        and "\0" not in text
        and (bool(records) or "hands" not in data)
        and {k: v for k, v in data.items() if k != "hands"} == _head(session)
    )
    return Loaded(session, problems, warnings, appendable, repairs)


class _Undecodable:
    """Where the bytes that are not UTF-8 of a file read leniently stand, in its text (each
    a lone surrogate) and in the file, to name the byte as the strict reading did."""

    def __init__(self, text: str, data: bytes) -> None:
        from mjtui.core.files.toml_repair import UNDECODABLE

        self._pattern = UNDECODABLE
        self._in_text = [m.start() for m in UNDECODABLE.finditer(text)]
        self._data = data
        self._in_file: list[int] | None = None

    def byte(self, at: int) -> int:
        """Where in the file the byte stands that the text's lone surrogate at ``at`` is."""
        if self._in_file is None:
            self._in_file = undecodable_bytes(self._data)
        return self._in_file[bisect.bisect_left(self._in_text, at)]

    def first(self, part: str) -> int | None:
        """Where the first such byte of ``part`` of the text stands in it, or None."""
        m = self._pattern.search(part)
        return None if m is None else m.start()


def _check_hand_count(count: int, where: str) -> None:
    """SessionError when ``count`` hands are more than :data:`MAX_HANDS`.

    Counted in the text first (the lines that start with ``[[hands]]``, those in
    a string over several lines too: no file mjtui writes has one), so that no
    hand of such a file is read; a text in other layouts is held to the limit
    of tables (core/files/reading.py) as it is parsed, and its hands counted once read.
    """
    if count > MAX_HANDS:
        raise SessionError(
            _(
                "{where}: {count} hands, more than a session holds (at most {max_hands}); "
                "nothing was read"
            ).format(where=where, count=format(count, ","), max_hands=format(MAX_HANDS, ","))
        )


@dataclass(frozen=True)
class _Cut:
    """Where the last hand of a file cut short begins, and how it was cut, in words."""

    at: int
    why: str  # in English, said with _() where it is shown: with {where}, at_words
    at_words: str = ""


_SAVE_STOPPED = N_("cut short as it was saved (mjtui stopped during the save)")
_FILE_ENDS = N_(
    "cut short: the file ends inside it, {where} (a copy, sync or disk that stopped short?)"
)


def _framed(text: str) -> bool:
    """Whether every hand of the text ends with a blank line, as its first line says.

    An mjtui from before that, given such a file, appends its hands after a blank
    line of their own (``"\\n\\n\\n[[hands]]"``), each ending with its last line:
    such a file is read as one of those mjtui's.
    """
    return text.startswith(HEADER) and "\n\n\n[[hands]]\n" not in text


def _cut_short(text: str, framed: bool, where: str) -> tuple[str, _Cut | None]:
    """The text without the last hand, and where it began, when the file was cut short
    inside it: by a crash as it was appended, or by any program that copied or wrote
    only the start of the file. The hands before it are complete, whatever the cut.

    An append leaves a zero byte where its text begins until the rest is on
    disk (:func:`append_hands`): a zero byte at the start of a line (after
    the blank line that ends each hand, in a file whose header says so), with
    at most one hand's text after it, is such a save. A zero byte anywhere
    else is left to the TOML reader (:func:`_salvage`: it loses the hand it
    sits in). A cut that leaves no zero byte is found by where the file ends
    (:func:`_unended`). SessionError when the cut is in the header itself.
    """
    at = text.find("\0")
    start = "\n\n" if framed else "\n"
    if at > 0 and text.endswith(start, 0, at) and not _HANDS_HEADER.search(text, at):
        return text[:at], _Cut(at, _SAVE_STOPPED)
    mjtui = text.startswith((HEADER, _OLD_HEADER))
    return _unended(text, "\n\n" if framed else "\n" if mjtui else "", where)


def _unended(text: str, end: str, where: str) -> tuple[str, _Cut | None]:
    """The text without its last hand, and where it began, when the file does not end
    where its writer ends one: with ``end`` after the last hand ("\\n\\n": a blank line;
    "\\n": the end of a line; "": a file written by hand, which may end anyhow).

    Whatever ``end``, a last line that is only the start of a ``[[hands]]`` line
    (``[[han``) is a hand cut short, never a part of the hand before it.
    """
    last_line = text.rfind("\n") + 1
    tail = text[last_line:]
    if tail and tail != "[[hands]]" and "[[hands]]".startswith(tail):
        return text[:last_line], _Cut(last_line, _FILE_ENDS, N_("in its [[hands]] line"))
    if not end or text.endswith(end):
        return text, None
    hands = [m.start() for m in _HANDS_HEADER.finditer(text)]  # a damaged file only
    if not hands:
        raise SessionError(
            _(
                "{where}: cut short: the file ends inside its header, before any hand (it does "
                "not end with {x}); it cannot be scored. If nothing is missing, end it with a "
                "blank line"
            ).format(where=where, x=_ENDS[end])
        )
    cut = hands[-1]
    if end == "\n\n":
        # What follows the last blank line: after a hand that ended as every hand ends,
        # unless it is a sub-table of that hand (mjtui writes none, a hand may).
        block = text.rfind("\n\n") + 2
        if block > cut and not text.startswith("[hands.", block):
            cut = block
    return text[:cut], _Cut(cut, _FILE_ENDS, _BEFORE_ENDS[end])


_ENDS = {"\n\n": "the blank line that ends every hand", "\n": "a line end"}
_BEFORE_ENDS = {
    "\n\n": N_("before the blank line that ends every hand"),
    "\n": N_("before a line end"),
}


def _tables(
    records: list[Any], left_out: list[tuple[int, str]]
) -> tuple[list[dict[str, Any]], list[int]]:
    """The hands of the thorough reader that are tables a system can read, and their
    numbers; those that are not (not a table, unreadable, a number past the limit) go
    to ``left_out`` with why."""
    tables, numbers = [], []
    for number, record in enumerate(records, 1):
        if not isinstance(record, dict):
            left_out.append((number, _("expected a table, got {value}").format(value=repr(record))))
            continue
        if "_unreadable" in record:
            left_out.append((number, record["_unreadable"]))
            continue
        beyond = number_problem(record)
        if beyond:
            left_out.append((number, _("{why}; this hand was left out").format(why=beyond)))
            continue
        tables.append(record)
        numbers.append(number)
    return tables, numbers


def _quick_read(text: str) -> dict[str, Any] | None:
    """The document, when its hands are as mjtui writes them (core/sessions/quick_toml.py);
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


def _salvage(
    text: str, where: str, repairs: list[str], undecodable: _Undecodable | None
) -> dict[str, Any]:
    """Read a file whose TOML is broken somewhere, one [[hands]] entry at a time.

    Everything that is not a hand (the top keys, [rules] wherever it stands)
    must parse, or nothing can be scored: its strings are repaired first
    where they hold what TOML or UTF-8 refuses (:func:`_read_head`; each
    repair goes to ``repairs``). A hand that does not parse, or holds a byte
    that is not UTF-8 (``undecodable``: where the file's are), is reported
    and left out. A zero byte ends a line as far as finding the tables goes
    (one in place of a line end loses the hand it is in, not the next one
    too), and one just before a table's line is read as the line end it
    stands for.
    """
    # The same offsets as the text: only where the tables start is looked for in it.
    seen = text.replace("\0", "\n") if "\0" in text else text
    headers = list(_TABLE_HEADER.finditer(seen))
    starts = [m.start() for m in headers] + [len(text)]

    def section(start: int, end: int) -> str:
        part = text[start:end]
        return part[:-1] + "\n" if part.endswith("\0") and end < len(text) else part

    head = [section(0, starts[0])]
    # Where each part of the head from the text starts, in the head and in the text.
    placed, size = [(0, 0)], len(head[0])
    blocks: list[tuple[int, str]] = []  # (offset, text) of each [[hands]] entry
    for i, m in enumerate(headers):
        section_text = section(m.start(), starts[i + 1])
        name = m.group("name").strip()
        if m.group("open") == "[[" and name == "hands":
            blocks.append((m.start(), section_text))
        elif name.startswith("hands.") and blocks:  # a sub-table of the hand above
            blocks[-1] = (blocks[-1][0], blocks[-1][1] + section_text)
        else:
            placed.append((size, m.start()))
            head.append(section_text)
            size += len(section_text)
            continue
        gap = "\n" * section_text.count("\n")  # keep line numbers true in head errors
        head.append(gap)
        size += len(gap)

    def in_text(at: int) -> int:
        """Where the head's character at ``at`` (never in a gap: a gap is line ends
        alone) stands in the text: past the start of the last part at or before it."""
        start, origin = placed[bisect.bisect_right(placed, (at, len(text))) - 1]
        return origin + at - start

    data = _read_head("".join(head), where, repairs, undecodable, in_text)
    hands: list[dict[str, Any]] = []
    lines = _line_numbers(text, [offset for offset, _block in blocks])
    for (offset, block), line in zip(blocks, lines, strict=False):
        first_line = line - 1
        if undecodable is not None:
            bad = undecodable.first(block)
            if bad is not None:
                why = _("not UTF-8 text (byte {at})").format(at=undecodable.byte(offset + bad))
                hands.append({"_unreadable": _("{why}; this hand was left out").format(why=why)})
                continue
        try:
            hands.extend(loads(block)["hands"])
        except (tomllib.TOMLDecodeError, TomlLimitError) as e:
            # Report the line in the whole file, not in the block.
            def in_file(m: re.Match[str], at: int = first_line) -> str:
                return f"at line {int(m.group(1)) + at}"

            msg = _TOML_LINE.sub(in_file, str(e))
            what = "not valid TOML: " if isinstance(e, tomllib.TOMLDecodeError) else ""
            hands.append({"_unreadable": f"{what}{msg}; this hand was left out"})
    data["hands"] = hands
    return data


def _read_head(
    head: str,
    where: str,
    repairs: list[str],
    undecodable: _Undecodable | None,
    in_text: Callable[[int], int],
) -> dict[str, Any]:
    """The TOML of what is not a hand, its strings repaired first when a raw control
    character or a byte that is not UTF-8 in them would cost the whole file
    (core/files/toml_repair.py), each repair said in ``repairs``. SessionError when
    it cannot be read, repaired or not: a byte that is not UTF-8 outside every string
    named as the strict reading names it, TOML's own complaint otherwise."""
    from mjtui.core.files.toml_repair import longest_repaired, needs_repair, repair_strings

    said: list[str] = []
    # An escape takes six characters (\u001b) for one: a header of control characters
    # would pass the size of the largest file read. Left as it is, it is refused below
    # (TOML takes none raw), as a header too damaged to repair.
    if needs_repair(head) and longest_repaired(head) <= MAX_BYTES:
        repaired = repair_strings(head)
        if repaired.unrepaired is not None and undecodable is not None:
            at = undecodable.byte(in_text(repaired.unrepaired))
            raise SessionError(
                f"{where}: " + _("not UTF-8 text (byte {at}); save it as UTF-8").format(at=at)
            )
        if len(repaired.text) <= MAX_BYTES:  # a literal string's quotes escaped too
            head = repaired.text
            said = [f"{where}: {_repair_said(r)}" for r in repaired.repairs]
    try:
        data = loads(head)
    except tomllib.TOMLDecodeError as e:
        raise SessionError(f"{where}: " + _("not valid TOML: {why}").format(why=e)) from None
    except TomlLimitError as e:
        raise SessionError(f"{where}: {e}") from None
    repairs.extend(said)
    return data


def _repair_said(repair: Repair) -> str:
    """One repair of the header, in words: where, what was wrong, what was made of it."""
    at = (
        _("line {line}, key '{key}'").format(line=repair.line, key=shown(repair.key))
        if repair.key
        else _("line {line}").format(line=repair.line)
    )
    if repair.comment:
        return f"{at}: " + _(
            "control characters or bytes that are not UTF-8 in a comment; left out"
        )
    what = []
    if repair.controls:
        codes = ", ".join(f"U+{ord(c):04X}" for c in repair.controls)
        what.append(
            _(
                "control characters written raw in a string ({codes}), which TOML allows only "
                "escaped; read as if escaped"
            ).format(codes=codes)
        )
    if repair.undecodable:
        codes = ", ".join(f"0x{b:02X}" for b in repair.undecodable)
        what.append(
            _("bytes that are not UTF-8 in a string ({codes}); left out").format(codes=codes)
        )
    return f"{at}: " + "; ".join(what)


def _read_ruleset(
    data: dict[str, Any], where: str, find_ruleset: Callable[[str], Ruleset]
) -> Ruleset:
    fmt = data.get("format")
    if fmt != FORMAT:
        wrong = (
            _("{where}: key 'format': expected {format}, missing")
            if fmt is None
            else _("{where}: key 'format': expected {format}, got {got}")
        )
        raise SessionError(wrong.format(where=where, format=repr(FORMAT), got=repr(fmt)))
    rid = data.get("ruleset")
    if isinstance(rid, str):
        rid = clean_line(rid).strip()
    if not isinstance(rid, str) or not rid:
        raise SessionError(
            f"{where}: "
            + _("key '{key}': {problem}").format(
                key="ruleset", problem=_("expected the ruleset id, a string")
            )
        )
    if "rules" in data:
        if not isinstance(data["rules"], dict):
            raise SessionError(
                f"{where}: "
                + _("key '{key}': {problem}").format(key="rules", problem=_("expected a table"))
            )
        try:
            rules = rules_from_table(data["rules"], where, "rules.")
        except RulesetError as e:
            raise SessionError(str(e)) from None
        return Ruleset(id=rid, origin=f"{where} [rules]", rules=rules)
    try:
        check_ruleset_id(rid)  # a name, never a path: the file is not the user typing
    except RulesetError as e:
        raise SessionError(
            _("{where}: key 'ruleset': {e}; the file has no [rules] to score it with").format(
                where=where, e=e
            )
        ) from None
    try:
        return find_ruleset(rid)
    except RulesetError as e:
        raise SessionError(
            _(
                "{where}: the file has no [rules] and its ruleset {rid} cannot be loaded: {e}"
            ).format(where=where, rid=repr(rid), e=e)
        ) from None


def _read_players(data: dict[str, Any], where: str, ruleset: Ruleset) -> tuple[str, ...]:
    players = data.get("players")
    n = ruleset.players
    if (
        not isinstance(players, list)
        or len(players) != n
        or not all(isinstance(p, str) and p.strip() for p in players)
    ):
        raise SessionError(
            _(
                "{where}: key 'players': expected {n} names (non-empty strings) in seat order, "
                "got {players}"
            ).format(where=where, n=n, players=repr(players))
        )
    names = tuple(clean_name(p) for p in players)
    if not all(names):
        seat = names.index("") + 1
        raise SessionError(
            _(
                "{where}: key 'players': the name of seat {seat}, {players}, has only control or "
                "invisible characters; give the seat a name"
            ).format(where=where, seat=seat, players=repr(players[seat - 1]))
        )
    return names


def _read_table(data: dict[str, Any], where: str) -> str:
    """The table's name (docs/ledger.md), "" when the file has none (files before it)."""
    table = data.get("table", "")
    if not isinstance(table, str) or len(table) > MAX_TABLE_NAME:
        raise SessionError(
            _(
                "{where}: key 'table': expected the table's name, a string of at most "
                "{max_table_name} characters, got {table}"
            ).format(where=where, max_table_name=MAX_TABLE_NAME, table=format(repr(table), ".60"))
        )
    return clean_name(table)


MAX_TIME_LIMIT = 24 * 60


def _read_time_limit(data: dict[str, Any], where: str) -> int:
    """The game's time limit in minutes, 0 when the file has none (files before it)."""
    minutes = data.get("time_limit", 0)
    if (
        isinstance(minutes, bool)
        or not isinstance(minutes, int)
        or not 0 <= minutes <= MAX_TIME_LIMIT
    ):
        raise SessionError(
            _(
                "{where}: key 'time_limit': expected the minutes the game may last, 0 to "
                "{max_time_limit}, got {minutes}"
            ).format(
                where=where, max_time_limit=MAX_TIME_LIMIT, minutes=format(repr(minutes), ".60")
            )
        )
    return minutes


def _read_computer(data: dict[str, Any], where: str, players: int) -> tuple[int, ...]:
    """The seats the computer plays (0-based), none when the file does not say."""
    seats = data.get("computer", [])
    if (
        not isinstance(seats, list)
        or len(seats) >= players
        or any(
            isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= players for s in seats
        )
        or len(set(seats)) != len(seats)
    ):
        raise SessionError(
            _(
                "{where}: key 'computer': expected the seats (1 to {players}) the computer "
                "plays, each once, at least one seat left to a person; got {seats}"
            ).format(where=where, players=players, seats=format(repr(seats), ".60"))
        )
    return tuple(s - 1 for s in seats)


def _read_seat_changes(data: dict[str, Any], where: str, players: int) -> tuple[SeatChange, ...]:
    if "seat_changes" not in data:
        return ()
    try:
        return from_tables(data["seat_changes"], players)
    except ValueError as e:
        raise SessionError(_("{where}: key 'seat_changes': {e}").format(where=where, e=e)) from None


def _read_started(data: dict[str, Any], where: str, path: Path) -> datetime:
    started = data.get("started")
    if started is None:
        # A transcribed paper sheet may not know when it began.
        return datetime.fromtimestamp(path.stat().st_mtime).astimezone().replace(microsecond=0)
    if isinstance(started, str):
        try:
            started = datetime.fromisoformat(started)
        except ValueError:
            raise SessionError(
                _(
                    "{where}: key 'started': expected a date-time such as 2026-11-29T20:15:00, "
                    "got {started}"
                ).format(where=where, started=repr(started))
            ) from None
    if isinstance(started, datetime):
        return started
    if isinstance(started, date):
        return datetime(started.year, started.month, started.day)
    raise SessionError(
        f"{where}: "
        + _("key '{key}': {problem}").format(
            key="started",
            problem=_("expected a date-time, got {value}").format(value=repr(started)),
        )
    )


# --------------------------------------------------------------------------
# The header's parts must agree (docs/session-format.md)
# --------------------------------------------------------------------------

_RULESET_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")


def _check_rules_agree(
    data: dict[str, Any], ruleset: Ruleset, where: str, find_ruleset: Callable[[str], Ruleset]
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
    only = _("the file's [rules] (system {system}) are the only rules it is scored with").format(
        system=repr(system)
    )
    if not _RULESET_ID.fullmatch(rid) or rid.endswith(".toml"):
        return [
            f"{where}: "
            + _("the ruleset id {id} is not a ruleset name; {only}").format(
                id=repr(rid[:80]), only=only
            )
        ]
    try:
        named = find_ruleset(rid)
    except (MjtuiError, RecursionError) as e:  # a broken ruleset: the file has its own
        if isinstance(e, NoSuchRuleset):
            return [
                f"{where}: "
                + _("no ruleset named {id} is installed here; {only}").format(
                    id=repr(rid), only=only
                )
            ]
        return [
            f"{where}: "
            + _("the ruleset {id} cannot be loaded ({why}); {only}").format(
                id=repr(rid), why=e, only=only
            )
        ]
    if named.rules.system != system:
        raise SessionError(
            _(
                "{where}: key 'rules.system': {system}, but the file's ruleset {rid} is a "
                "{system2} ruleset; make 'ruleset' and [rules] system agree (the hands are "
                "{system3} hands if [rules] is right)"
            ).format(
                where=where,
                system=repr(system),
                rid=repr(rid),
                system2=repr(named.rules.system),
                system3=repr(system),
            )
        )
    return []


def _check_players_differ(players: tuple[str, ...], where: str) -> None:
    repeat = first_repeat(players)
    if repeat is not None:
        a, b = repeat
        raise SessionError(
            _(
                "{where}: key 'players': seats {a} and {b} are the same player ({players} and "
                "{players2}: names are compared without case, extra spaces or invisible "
                "characters, and NFC or NFD alike); give each seat its own name"
            ).format(
                where=where, a=a + 1, b=b + 1, players=repr(players[a]), players2=repr(players[b])
            )
        )


def _look_alikes(session: Session, where: str) -> list[str]:
    """A warning for each two players of the session whose names are drawn alike, and
    each name mixing look-alike letters of two scripts (core/model/players.py)."""
    names = [*session.players, *(n for c in session.seat_changes for n in c.players)]
    return [f"{where}: {note}" for note in look_alike_notes(names)]
