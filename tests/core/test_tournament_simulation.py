"""A simulated tournament: 80 players at 20 tables over 8 rounds, each table's hands
written by its own process into one folder at the same time, a reader computing the
standings all along, and the standings at the end checked against a fold of every file.

Kept cheap here (two hands a game); benchmarks/tournament.py plays the full games
and times the seating and the standings.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

from tournament_processes import START, hands_of

from mjtui import paths
from mjtui.core.reports.export import final_standings
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.library import ruleset_finder
from mjtui.core.sessions.session_file import load_session
from mjtui.core.tournament.games import GameReader
from mjtui.core.tournament.model import FILE_NAME, Player, Round, Tournament, game_file
from mjtui.core.tournament.seating import seat_round
from mjtui.core.tournament.standings import compute
from mjtui.core.tournament.tournament_file import save_tournament

HERE = Path(__file__).resolve().parents[1]
PLAYERS, ROUNDS, HANDS = 80, 8, 2
LIMIT = 120.0  # seconds a round may take before the test gives up: a bound, not a timing


def wait_for_lines(procs: list[subprocess.Popen], line: str) -> None:
    """Until every process has printed ``line`` (or one has ended, which fails)."""
    waiting = {p.stdout.fileno(): p for p in procs}  # type: ignore[union-attr]
    end = time.monotonic() + LIMIT
    while waiting:
        ready, _, _ = select.select(list(waiting), [], [], max(0.0, end - time.monotonic()))
        assert ready, f"{len(waiting)} tables did not finish round {line}"
        for fd in ready:
            got = waiting[fd].stdout.readline().strip()  # type: ignore[union-attr]
            assert got == line, (got, waiting[fd].stderr.read())  # type: ignore[union-attr]
            del waiting[fd]


def test_eighty_players_eight_rounds_a_process_a_table(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    folder.mkdir()
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-ema2025")
    players = tuple(Player(f"Player {i:02d}", team=f"Club {i % 10}") for i in range(PLAYERS))
    t = Tournament(
        name="Open",
        ruleset=ruleset,
        rounds=ROUNDS,
        players=players,
        created=START,
        keep_apart=("team",),
        seed=1,
    )
    save_tournament(t, folder / FILE_NAME)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE.parent), str(HERE)])}
    script = str(HERE / "tournament_processes.py")
    # One process forks the twenty tables' processes, so mjtui is imported once.
    tables = [
        subprocess.Popen(
            [sys.executable, script, "tables", str(folder), str(PLAYERS // 4), str(HANDS)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
    ]
    stop = tmp_path / "stop"
    reader = subprocess.Popen(
        [sys.executable, script, "read", str(folder), str(stop)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    director = GameReader(folder)
    try:
        for number in range(1, ROUNDS + 1):
            # The director: swiss by the standings so far, read as the tables left them.
            order = None
            if number > 1:
                games, notes = director.read(t)
                order = [line.player.name for line in compute(t, games, START).lines]
            seating = seat_round(
                t.players,
                t.seatings,
                number,
                "swiss" if number > 1 else "random",
                4,
                t.seed + number,
                t.keep_apart,
                order,
            )
            assert seating.cost.repeats == 0 and seating.cost.apart == 0
            t = t.with_round(Round(number, "swiss", seating.tables, t.seed + number))
            save_tournament(t, folder / FILE_NAME)
            for proc in tables:  # every table starts the round at once
                proc.stdin.write(f"{number}\n")  # type: ignore[union-attr]
                proc.stdin.flush()  # type: ignore[union-attr]
            wait_for_lines(tables, f"done {number}")
    finally:
        for proc in tables:
            if proc.poll() is None:
                proc.stdin.write("quit\n")  # type: ignore[union-attr]
                proc.stdin.flush()  # type: ignore[union-attr]
        for proc in tables:
            proc.wait(timeout=LIMIT)
        stop.touch()
        out, err = reader.communicate(timeout=LIMIT)
    assert all(proc.returncode == 0 for proc in tables)
    assert reader.returncode == 0, err
    seen = json.loads(out)
    assert seen["reads"] >= 2 and seen["counted"] > 0 and seen["notes"] == []

    # The standings against a fold of every file, seat by seat to the seated player.
    games, notes = GameReader(folder).read(t)
    standings = compute(t, games, START, notes=notes)
    assert notes == [] and all(g.status == "playing" and g.hands == HANDS for g in games)
    find = ruleset_finder(paths.ruleset_folders())
    folded = {p.name: 0.0 for p in players}
    for seated in t.seatings:
        for n, names in enumerate(seated.tables, 1):
            loaded = load_session(folder / game_file(seated.number, n), find)
            assert loaded.problems == [] and loaded.session.players == names
            assert loaded.session.hands == hands_of(loaded.session, seated.number, n, HANDS)
            for entry in final_standings(loaded.session):
                folded[names[entry["seat"] - 1]] += entry["score"]
    assert {line.player.name: line.total for line in standings.lines} == {
        name: round(total, 3) + 0.0 for name, total in folded.items()
    }
    assert next(line.place for line in standings.lines) == 1
    assert all(len(line.games) == ROUNDS for line in standings.lines)
