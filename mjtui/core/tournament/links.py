"""The tables' secret links: table T's link of round R opens that table's game, and no
other, in a phone's browser (`mjtui tournament serve`, cli/tournament_serve.py).

A link is ``/t/SECRET``: SECRET is :func:`secrets.token_urlsafe` of :data:`SECRET_BYTES`
bytes (96 bits: nobody finds a table's link by trying), one for each table of each
round, made when the round is seated and never changed (seating the round again keeps
them: the phone at table 3 stays table 3's). They are kept in ``links.toml`` beside
``tournament.toml``, which the director's machine alone writes, under the same lock;
not in ``tournament.toml`` itself, so the tournament's file can be shown or sent on
without them::

    format = "mjtui-links/1"
    [[round]]
    round = 1
    tables = ["q2Xk0fJ8b1W-aZ7u", ...]

The file is read as every mjtui file is: bounded, never through a link, each problem
naming the file and the key.
"""

from __future__ import annotations

import hmac
import re
import secrets
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from mjtui.core.files.reading import MAX_SMALL_BYTES, loads, read_text
from mjtui.core.files.reading import TomlLimitError as _TomlLimit
from mjtui.core.files.writing import replace_file
from mjtui.core.language import _
from mjtui.core.tournament.model import MAX_PLAYERS, MAX_ROUNDS, TournamentError

LINKS_FILE = "links.toml"
FORMAT = "mjtui-links/1"
SECRET_BYTES = 12  # 16 characters of the URL-safe alphabet
SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")
HEADER = (
    "# The tables' secret links (mjtui tournament serve): whoever has a table's link\n"
    "# scores its game. Written by the director's machine only. Format: mjtui-links/1.\n"
)


@dataclass(frozen=True)
class Links:
    """Each seated round's secrets, table 1 first."""

    rounds: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    def of(self, number: int) -> tuple[str, ...]:
        return tuple(self.rounds.get(number, ()))

    def made_for(
        self, number: int, tables: int, token: Callable[[int], str] = secrets.token_urlsafe
    ) -> Links:
        """These links with round ``number`` given one for each of its ``tables`` (those it
        has are kept)."""
        have = self.of(number)
        if len(have) >= tables:
            return self
        taken = {s for r in self.rounds.values() for s in r}
        more = list(have)
        while len(more) < tables:
            secret = token(SECRET_BYTES)
            if secret not in taken:  # 96 bits: never, but a repeat would open two tables
                taken.add(secret)
                more.append(secret)
        return Links({**self.rounds, number: tuple(more)})

    def find(self, secret: str) -> tuple[int, int] | None:
        """The (round, table) whose link ``secret`` is, or None. Every secret is compared,
        in constant time each, so how long the answer takes tells nothing of them."""
        found = None
        given = secret.encode("utf-8", "replace")
        for number, tables in self.rounds.items():
            for table, kept in enumerate(tables, 1):
                if hmac.compare_digest(given, kept.encode()) and found is None:
                    found = (number, table)
        return found


def load_links(path: Path) -> Links:
    """``links.toml``, or no links when there is none yet."""
    where = str(path)
    if path.is_symlink():
        raise TournamentError(
            _("{where}: a symbolic link; the links are read only from a file").format(where=where)
        )
    if not path.exists():
        return Links()
    text = read_text(path, TournamentError, MAX_SMALL_BYTES)
    try:
        data = loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TournamentError(_("{where}: not valid TOML: {e}").format(where=where, e=e)) from None
    except _TomlLimit as e:
        raise TournamentError(f"{where}: {e}") from None
    if data.get("format") != FORMAT:
        raise TournamentError(
            _("{where}: key 'format': expected {format}").format(where=where, format=repr(FORMAT))
        )
    unknown = sorted(set(data) - {"format", "round"})
    if unknown:
        raise TournamentError(
            _("{where}: key {unknown}: unknown key (known: format, round)").format(
                where=where, unknown=repr(unknown[0])
            )
        )
    rounds: dict[int, tuple[str, ...]] = {}
    items = data.get("round", [])
    if not isinstance(items, list):
        raise TournamentError(
            _("{where}: key 'round': expected an array of tables").format(where=where)
        )
    seen: set[str] = set()
    for i, item in enumerate(items):
        key = f"round[{i}]"
        if not isinstance(item, dict) or set(item) != {"round", "tables"}:
            raise TournamentError(
                _("{where}: key '{key}': expected a table of round and tables").format(
                    where=where, key=key
                )
            )
        number, tables = item["round"], item["tables"]
        if type(number) is not int or not 1 <= number <= MAX_ROUNDS or number in rounds:
            raise TournamentError(
                _(
                    "{where}: key '{key}.round': expected a round from 1 to {max_rounds}, once"
                ).format(where=where, key=key, max_rounds=MAX_ROUNDS)
            )
        if not isinstance(tables, list) or len(tables) > MAX_PLAYERS:
            raise TournamentError(
                _("{where}: key '{key}.tables': expected an array of secrets").format(
                    where=where, key=key
                )
            )
        for n, secret in enumerate(tables):
            if not isinstance(secret, str) or not SECRET.fullmatch(secret) or secret in seen:
                raise TournamentError(
                    _(
                        "{where}: key '{key}.tables[{n}]': expected a secret of 16 to 64 "
                        "letters, digits, - and _, each once"
                    ).format(where=where, key=key, n=n)
                )
            seen.add(secret)
        rounds[number] = tuple(tables)
    return Links(rounds)


def save_links(links: Links, path: Path) -> None:
    """Write the whole file atomically (core/files/writing.py)."""
    doc = {
        "format": FORMAT,
        "round": [
            {"round": number, "tables": list(tables)}
            for number, tables in sorted(links.rounds.items())
        ],
    }
    replace_file(path, (HEADER + tomli_w.dumps(doc)).encode("utf-8"), TournamentError)


def link_path(secret: str) -> str:
    """The path a table's link serves: ``/t/SECRET``."""
    return f"/t/{secret}"
