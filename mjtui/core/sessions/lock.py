"""One running mjtui per session file: a lock the kernel lets go of when its holder dies.

The lock is an ``flock`` on a sibling file, ``FILE.lock``, taken without
waiting and held for as long as the app has the session open. The holder
writes its pid, host and start time in it, so that a second ``mjtui resume``
can say who has the file ("in use by mjtui pid 1234 on host ada since
20:14"). The kernel releases a flock when the process ends however it ends,
so a crash or a SIGKILL leaves at most an unlocked ``FILE.lock``, which the
next opener simply takes over; a clean exit removes it.

On a filesystem that cannot lock (flock fails with ENOLCK or EOPNOTSUPP, as
on some network and FUSE mounts, or a platform without ``fcntl``), or where
the lock file cannot be written (a read-only folder), the session is opened
anyway with a warning saying that another mjtui could open it at the same
time: losing the evening's sheet to a missing feature of the disk would be
worse than the risk the lock guards against.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from mjtui.core.errors import SessionError
from mjtui.core.language import _
from mjtui.core.text import clean_line, shown_path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on this platform's filesystems
    # The name is the module where it can be imported, None elsewhere; mypy types it
    # as the module alone.
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
_HOLDER_BYTES = 1024  # a holder line is ~100 bytes; never read more than this
_CANNOT_LOCK = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL}


def lock_path(path: Path) -> Path:
    """The lock file of a session file: ``FILE.lock`` beside it."""
    return path.with_name(path.name + LOCK_SUFFIX)


@dataclass(frozen=True)
class Holder:
    """Who holds a lock, as written in the lock file."""

    pid: int | None = None
    host: str = ""
    started: datetime | None = None

    def __str__(self) -> str:
        words = ["mjtui"]
        if self.pid is not None:
            words.append(f"pid {self.pid}")
        if self.host:
            words.append(f"on host {self.host}")
        if self.started is not None:
            when = (
                f"{self.started:%H:%M}"
                if self.started.date() == datetime.now().date()
                else f"{self.started:%Y-%m-%d %H:%M}"
            )
            words.append(f"since {when}")
        return " ".join(words) if len(words) > 1 else "another mjtui"

    def to_text(self) -> str:
        started = self.started.isoformat() if self.started else None
        return json.dumps({"pid": self.pid, "host": self.host, "started": started}) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Holder:
        """Read what a holder wrote; whatever does not make sense is left out."""
        try:
            data = json.loads(text)
        except ValueError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        pid = data.get("pid")
        host = data.get("host")
        started = None
        if isinstance(data.get("started"), str):
            with contextlib.suppress(ValueError):
                started = datetime.fromisoformat(data["started"])
        return cls(
            pid=pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
            host=clean_line(host[:100]) if isinstance(host, str) else "",
            started=started,
        )

    @classmethod
    def me(cls) -> Holder:
        return cls(os.getpid(), _host_name(), datetime.now().astimezone().replace(microsecond=0))


def _host_name() -> str:
    # The kernel's name for the host where there is uname: importing socket for it took
    # 2 ms of a resumed series' first frame.
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket

    return socket.gethostname()


class SessionInUse(SessionError):
    """The session file is held by another running mjtui."""

    def __init__(self, path: Path, holder: Holder) -> None:
        self.path = path
        self.holder = holder
        super().__init__(f"{shown_path(path)}: in use by {holder}")


class SessionLock:
    """The lock on one session file, taken with :meth:`take`, let go with :meth:`release`.

    ``warning`` says why the file is open without a lock, when it is.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock_path = lock_path(path)
        self.warning: str | None = None
        self._fd: int | None = None

    @classmethod
    def take(cls, path: Path) -> SessionLock:
        """Lock ``path`` for this process, or raise SessionInUse naming the holder."""
        lock = cls(path)
        lock._take()
        return lock

    @property
    def held(self) -> bool:
        return self._fd is not None

    def _take(self) -> None:
        if fcntl is None:
            self._unlocked(_("this system has no file locks"))
            return
        # Taking an unlocked FILE.lock that its holder is removing would lock a
        # file no longer in the folder: check after locking that it is still there.
        for _attempt in range(20):
            try:
                fd = self._open()
            except OSError as e:
                self._unlocked(
                    _("{file} cannot be written ({why})").format(
                        file=self.lock_path, why=e.strerror or e
                    )
                )
                return
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                holder = _read_holder(fd)
                os.close(fd)
                if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise SessionInUse(self.path, holder) from None
                if e.errno in _CANNOT_LOCK:
                    self._unlocked(
                        _("its folder cannot hold locks ({why})").format(why=e.strerror or e)
                    )
                    return
                raise SessionError(
                    _("{lock_path}: cannot lock it ({why})").format(
                        lock_path=self.lock_path, why=e.strerror or e
                    )
                ) from None
            if _same_file(fd, self.lock_path):
                self._fd = fd
                _write_holder(fd, Holder.me())
                return
            os.close(fd)
        raise SessionError(
            _("{lock_path}: the lock file keeps changing; try again").format(
                lock_path=self.lock_path
            )
        )

    def _open(self) -> int:
        # The folder is not made here: a mistyped path to resume must not create folders.
        flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(self.lock_path, flags | getattr(os, "O_NOFOLLOW", 0), 0o644)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise SessionError(
                _("{lock_path}: not a regular file; remove it to open {name}").format(
                    lock_path=self.lock_path, name=self.path.name
                )
            )
        return fd

    def _unlocked(self, why: str) -> None:
        self.warning = _(
            "{file} is open without a lock: {why}. Another mjtui "
            "could open it at the same time, and the last to save would win."
        ).format(file=self.path.name, why=why)

    def release(self) -> None:
        """Let go of the lock and remove FILE.lock (both done at most once)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if _same_file(fd, self.lock_path):
                os.unlink(self.lock_path)  # while still locked, so nobody takes it meanwhile
        except OSError:
            pass
        finally:
            os.close(fd)

    def __enter__(self) -> SessionLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def __del__(self) -> None:
        fd = getattr(self, "_fd", None)
        if fd is not None:
            os.close(fd)  # the kernel lets go; the file stays, unlocked, to be taken over


def _same_file(fd: int, path: Path) -> bool:
    try:
        st, here = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (st.st_dev, st.st_ino) == (here.st_dev, here.st_ino)


def _read_holder(fd: int) -> Holder:
    try:
        text = os.pread(fd, _HOLDER_BYTES, 0).decode("utf-8", "replace")
    except OSError:
        return Holder()
    return Holder.from_text(text)


def _write_holder(fd: int, holder: Holder) -> None:
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, holder.to_text().encode("utf-8"), 0)
    except OSError:
        pass  # the lock holds without the note; a second opener says "another mjtui"
