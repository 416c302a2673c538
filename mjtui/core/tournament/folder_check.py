"""A tournament's folder read whole before it is served: every problem of its files named.

`mjtui tournament serve` reads the folder first and serves nothing while a file of it is
wrong: ``tournament.toml`` (read by core/tournament/tournament_file.py, which names the
key at fault), ``links.toml`` (core/tournament/links.py), and every seated table's game
(core/sessions/session_file.py: a file that cannot be read, a hand that cannot be read
or that a crash cut short, a game of other rules or another number of players, a
symbolic link). The standings count what they can read of a damaged game and say so in
a note, as a live hall must; a server started on one would hand a table a game whose
hands are not all there, so :func:`folder_problems` says each problem instead, its file
and its hand or key. A game still arriving (its last line not yet written, the file
younger than the ledger's settling time) is a table writing, not a problem.
"""

from __future__ import annotations

import time
from pathlib import Path

from mjtui.core.errors import MjtuiError
from mjtui.core.language import _
from mjtui.core.sessions.ledger import SETTLE_SECONDS, ends_whole, stamp
from mjtui.core.sessions.session_file import load_session
from mjtui.core.text import shown
from mjtui.core.tournament.games import games_rules
from mjtui.core.tournament.links import LINKS_FILE, load_links
from mjtui.core.tournament.model import Tournament, game_file

MOST_SAID = 20  # problems listed; past that, how many more


def folder_problems(t: Tournament, folder: Path) -> list[str]:
    """What is wrong in the folder of ``t`` (read already), each naming its file."""
    problems: list[str] = []
    try:
        load_links(folder / LINKS_FILE)
    except MjtuiError as e:
        problems.append(str(e))
    for seated in t.seatings:
        for table, names in enumerate(seated.tables, 1):
            problems += game_problems(t, folder / game_file(seated.number, table), names)
    if len(problems) > MOST_SAID:
        more = len(problems) - MOST_SAID
        problems = [*problems[:MOST_SAID], _("... and {n} more").format(n=more)]
    return problems


def game_problems(t: Tournament, path: Path, seated: tuple[str, ...]) -> list[str]:
    """What is wrong with one table's game file (none: no file yet, or a whole game)."""
    where = shown(str(path))
    if path.is_symlink():
        return [_("{path}: a symbolic link, not a game file of the folder").format(path=where)]
    now = stamp(path)
    if now is None:
        return []
    if not ends_whole(path) and time.time() - now[1] / 1e9 < SETTLE_SECONDS:
        return []  # a hand being written this moment
    try:
        loaded = load_session(path, games_rules(t))
    except MjtuiError as e:
        return [shown(str(e))]
    problems = [shown(p) for p in loaded.problems]
    session = loaded.session
    if session.ruleset.rules.system != t.ruleset.rules.system or len(session.players) != len(
        seated
    ):
        problems.append(
            _(
                "{path}: a {ruleset} game of {n} players, not one of {plays} ({seats} players)"
            ).format(
                path=where,
                ruleset=session.ruleset.id,
                n=len(session.players),
                plays=t.ruleset.id,
                seats=len(seated),
            )
        )
    return problems
