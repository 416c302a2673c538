"""What `mjtui serve` lets a browser have (:class:`Limits`), and the small checks that
apply it: the page a websocket comes from, the terminal size asked, the rate of keys, and
how many connections the descriptors allow. Plain Python: the server (cli/serving.py)
does the networking.

The numbers were measured on the board (a process of textual's web driver): 40 MB a
board process at 80x24 as at 400x200, 564 MB at 10000x10000; 2 KB of memory and 0.15 ms
of CPU for each byte of keys it is sent (1 MB of keys: 2.2 GB at the peak, 160 s).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


SERVED_BY = "MJTUI_SERVED_BY"
"""Set by `mjtui serve` (cli/serving.py) for its boards: the board ends with the server."""


@dataclass(frozen=True)
class Limits:
    """What one `mjtui serve` lets its clients have."""

    max_clients: int  # board processes at once: 40 MB each (`mjtui serve --max-clients`)
    max_message: int = 4096  # bytes; the browser's messages (a key, a resize) are < 100
    key_rate: int = 1024  # bytes of keys a second; a mouse moved over the page sends ~800
    key_burst: int = 2048  # the most at once (4 KB of keys cost a board 0.5 s of CPU)
    resize_every: float = 0.25  # seconds between resizes passed on (each lays out again)
    columns: tuple[int, int] = (20, 400)  # a 400x200 board is 40 MB like an 80x24 one
    rows: tuple[int, int] = (10, 200)
    quit_grace: float = 2.0  # seconds a board has to quit when asked, then SIGTERM
    term_grace: float = 2.0  # and then to end after SIGTERM, then SIGKILL
    request_timeout: float = 15.0  # seconds for a request to be whole (and a connection idle)
    connections_per_client: int = 8  # a browser opens up to 6 to load a page
    heartbeat: float = 15.0  # seconds between the server's pings on a websocket


DESCRIPTORS_KEPT = 64  # for the server itself: its files, imports, static files being sent
DESCRIPTORS_PER_BOARD = 4  # three pipes, and a pidfd where asyncio watches children so
DESCRIPTORS_PER_CONNECTION = 2  # its socket, and the static file it may be sent


def connection_budget(limits: Limits, descriptors: int) -> int:
    """How many connections may be open at once: ``connections_per_client`` a client, fewer
    where ``descriptors`` (the soft RLIMIT_NOFILE) cannot hold that many with the boards'
    pipes and the server's own files."""
    spare = descriptors - DESCRIPTORS_KEPT - DESCRIPTORS_PER_BOARD * limits.max_clients
    return max(
        0,
        min(
            limits.connections_per_client * limits.max_clients, spare // DESCRIPTORS_PER_CONNECTION
        ),
    )


def descriptor_limit() -> int:
    """The soft RLIMIT_NOFILE: how many descriptors this process may have open."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to read
        return 1 << 20
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return 1 << 20 if soft == resource.RLIM_INFINITY else soft


def clamp(value: int, bounds: tuple[int, int]) -> int:
    return min(max(value, bounds[0]), bounds[1])


def terminal_size(width: object, height: object, limits: Limits) -> tuple[int, int] | None:
    """The size to give a board for a requested one, clamped; None if it is not two whole
    numbers."""
    if type(width) is not int or type(height) is not int:  # bool is an int too
        return None
    return clamp(width, limits.columns), clamp(height, limits.rows)


def same_origin(origin: str | None, scheme: str, host: str) -> bool:
    """Whether a websocket's ``Origin`` header names the page this server sent: the same
    scheme, host and port as the request's Host (a browser always sends Origin)."""
    if not origin:
        return False
    theirs = _scheme_host_port(origin)
    return (
        theirs is not None
        and theirs == _scheme_host_port(f"{scheme}://{host}")
        and urlsplit(origin).path in ("", "/")
    )


def _scheme_host_port(url: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # a port that is no number, or out of range
        return None
    if parts.hostname is None or parts.scheme not in DEFAULT_PORTS:
        return None
    return parts.scheme, parts.hostname, DEFAULT_PORTS[parts.scheme] if port is None else port


class TokenBucket:
    """At most ``rate`` units a second on average, ``burst`` at once."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = float(burst), clock()

    def take(self, units: float) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if units > self.tokens:
            return False
        self.tokens -= units
        return True
