"""Writing the user's files: the one way mjtui puts a file on disk.

Every file mjtui writes comes through here (a session saved whole or a hand
appended to it, an import, an export, a seat change, the trash, the copy of
a damaged file, the rulesets' listing cache), so one set of rules stands
between a shared or synced folder and the user's other files:

- only a regular file is ever replaced or appended to: a symbolic link, a
  FIFO, a device or a folder at the name is refused, saying what it is
  (:func:`check_target`); a FIFO is never opened, so nothing waits on it;
- a file is replaced whole (:func:`replace_file`) through a temporary file
  beside it, ``.NAME.PID.tmp``, created with ``O_CREAT|O_EXCL|O_NOFOLLOW``:
  whatever is planted at that name is removed as a name and never written
  through. The data is flushed to disk, the temporary file renamed over the
  name and the folder flushed too, so a crash leaves the old file or the new
  one, never part of one;
- every write of a file, an append included (:func:`open_to_append`), first
  removes what killed writes of the same name left (:func:`remove_left_temps`);
- a new file beside others (the copy of a damaged session, a name reserved
  in the trash) is created exclusively, never over anything (:func:`create_file`).

What may be written is the caller's to check, with the reader's own limits
(core/files/reading.py, core/sessions/session_file.py): a file is never written that mjtui
would refuse to read back.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from pathlib import Path

from mjtui.core.files.reading import _kind as _kind_of_mode
from mjtui.core.language import N_, _, pgettext

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_TEMP_TRIES = 3  # a name planted again between its removal and the create is said


def _doing(doing: str) -> str:
    """What a write is doing (the callers' ``doing=``: save, write, copy, change) in the
    language spoken."""
    said = {
        "save": pgettext("doing", "save"),
        "write": pgettext("doing", "write"),
        "copy": pgettext("doing", "copy"),
        "change": pgettext("doing", "change"),
    }
    return said.get(doing, doing)


def kind_at(path: Path) -> str | None:
    """What is at ``path`` that mjtui does not write over, in words; None for nothing
    there or a regular file. A link is never followed to see what it points to."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return None  # a part of the path is missing or not a folder: the write says so
    if stat.S_ISLNK(mode):
        return N_("a symbolic link")
    return _kind_of_mode(mode)


def check_target(path: Path, error: type[Exception], doing: str = "save") -> None:
    """``error`` naming ``path`` and what it is, unless it is a regular file or nothing."""
    kind = kind_at(path)
    if kind is not None:
        raise error(
            _(
                "{path}: could not {doing} it: it is {kind}, and mjtui writes only over a "
                "regular file; give another name"
            ).format(path=path, doing=_doing(doing), kind=_(kind))
        )


# --------------------------------------------------------------------------
# A whole file, atomically
# --------------------------------------------------------------------------


def temp_name(path: Path, pid: int) -> Path:
    """The temporary file a process writes ``path`` through: ``.NAME.PID.tmp`` beside it."""
    return path.with_name(f".{path.name}.{pid}.tmp")


def replace_file(
    path: Path,
    data: bytes,
    error: type[Exception],
    *,
    doing: str = "save",
    make_folder: bool = False,
    durable: bool = True,
) -> os.stat_result:
    """Make ``data`` the whole of ``path``, atomically; the new file as written (fstat).

    ``error`` (naming the file) when it cannot be written, or when something
    other than a regular file is at the name; the old file is then as it was
    and no temporary file is left. ``make_folder``: the folder is made if it
    is not there. ``durable=False`` leaves the flushes to disk out, for a file
    that is only a shortcut (a cache): a crash may then leave the old one.
    """
    check_target(path, error, doing)
    tmp = temp_name(path, os.getpid())
    try:
        if make_folder:
            path.parent.mkdir(parents=True, exist_ok=True)
        remove_left_temps(path)
        fd = _create_temp(tmp)
        try:
            _write_all(fd, data)
            if durable:
                os.fsync(fd)
            written = os.fstat(fd)
        finally:
            os.close(fd)
        check_target(path, error, doing)  # again: it may have been put there meanwhile
        os.replace(tmp, path)  # the name itself is replaced: nothing at it is followed
    except BaseException as e:
        with contextlib.suppress(OSError):  # the folder itself may be what failed
            if _is_regular(tmp):
                os.unlink(tmp)
        if isinstance(e, OSError):
            raise error(
                _("{path}: could not {doing} it ({why})").format(
                    path=path, doing=_doing(doing), why=e.strerror or e
                )
            ) from None
        raise
    if durable:
        fsync_folder(path.parent)
    return written


def _create_temp(tmp: Path) -> int:
    """Open a new ``tmp`` for writing; what is at the name already is removed first.

    The name holds this process's pid, so what is there was left by an
    earlier process of that pid or planted by someone: removing it as a name
    (unlink follows no link) and creating it exclusively writes only into a
    file this call made.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
    for _try in range(_TEMP_TRIES):
        try:
            return os.open(tmp, flags, 0o666)
        except FileExistsError:
            try:
                os.unlink(tmp)
            except OSError as e:  # a folder: left alone, and said
                raise OSError(
                    e.errno,
                    _("{name} is in the way ({why})").format(name=tmp.name, why=e.strerror or e),
                ) from None
    raise OSError(errno.EEXIST, _("{name} keeps being put back in the way").format(name=tmp.name))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:  # no progress: as good as a full disk
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def fsync_folder(folder: Path) -> None:
    """Flush a folder's entries: a rename is durable only once its folder is on disk."""
    try:
        fd = os.open(folder, os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --------------------------------------------------------------------------
# Appending, and a new file
# --------------------------------------------------------------------------


def open_to_append(path: Path) -> int | None:
    """A descriptor to write into the regular file ``path``; None when it is gone, a
    link, not a regular file or not writable (the caller writes it whole instead,
    which says why). What killed writes of it left is removed first."""
    remove_left_temps(path)
    try:
        # Non-blocking: a FIFO put at the name would otherwise wait for a reader.
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | _NOFOLLOW | _CLOEXEC)
    except OSError:
        return None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def create_file(path: Path, data: bytes) -> None:
    """Write ``data`` into a new file ``path``, never over anything (FileExistsError
    when the name is taken, by a link too); OSError when it cannot be written, and
    no file is left."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o666)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        with contextlib.suppress(OSError):  # a copy cut short is no copy
            os.unlink(path)
        raise


# --------------------------------------------------------------------------
# What killed writes left
# --------------------------------------------------------------------------


def remove_left_temps(path: Path) -> list[Path]:
    """Remove what killed writes of ``path`` left beside it; the names removed.

    Only names of exactly the form :func:`temp_name` gives are looked at. A
    regular file there is removed unless its pid is a running process (it
    may be a write under way: in the session's lock holder, the only writer,
    it is not, and the file goes with a later write once that process has
    ended). Anything else at such a name (a link, a FIFO) is never one of
    mjtui's and is removed at once, as a name: nothing is followed. A folder
    is left alone.
    """
    pattern = re.compile(rf"\.{re.escape(path.name)}\.([0-9]{{1,10}})\.tmp")
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        m = pattern.fullmatch(entry.name)
        if m is None:
            continue
        pid = int(m.group(1))
        try:
            if entry.is_dir(follow_symlinks=False):
                continue
            if entry.is_file(follow_symlinks=False) and (pid == os.getpid() or _running(pid)):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(path.with_name(entry.name))
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
