"""A kill -9 at any moment of play loses at most the hand being saved, and the file loads.

A player process records hands through the Scorebook in a loop, saying on a
pipe which hand it begins and which it has done; it is killed with SIGKILL
after a random short time, and the file is then read back and compared with
what it said. The next player resumes the same file (open_scorebook, as the
app does), so a hand cut short by one kill is repaired before the next hand
is appended. The players are forked from one process that has imported
mjtui already, so twenty rounds take a second or two, not twenty starts.
"""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.scorebook import open_scorebook
from mjtui.core.sessions.session_file import load_session, session_text
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
ROUNDS = 20
MOST_PER_ROUND = 120  # hands a player adds before it waits to be killed: keeps files short

PLAYER = r'''
import os, sys, time, traceback
from datetime import datetime
from pathlib import Path
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.scorebook import Scorebook, open_scorebook
from mjtui.core.model.session import Session
from mjtui.systems.east_doubling.system import Hand

RULES, PATH, MOST = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
ruleset = load_ruleset(RULES)

def hand(i):
    """The hand recorded as hand i (0-based): the parent computes the same."""
    if i % 7 == 3:
        return Hand(None, (0, 0, 0, 0))
    return Hand(i % 4, tuple((i * (seat + 3)) % 97 for seat in range(4)))

def say(text):
    os.write(1, (text + "\n").encode())

def play():
    say(f"pid {os.getpid()}")
    if PATH.exists():
        book, _ = open_scorebook(PATH, lambda rid: ruleset)
    else:
        book = Scorebook(Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30)),
                         PATH)
        book.save()
    n = len(book.session.hands)
    for _ in range(MOST):
        say(f"begin {n}")
        book.add(hand(n))
        if book.save_error:
            say(f"error {book.save_error}")
        say(f"done {n}")
        n += 1
    time.sleep(60)

for _ in sys.stdin:  # one line per round: fork a player, wait for its end
    pid = os.fork()
    if pid == 0:
        try:
            play()
        except BaseException:
            traceback.print_exc()
        os._exit(1)
    os.waitpid(pid, 0)
    say("end")
'''


def hand(i: int) -> Hand:
    if i % 7 == 3:
        return Hand(None, (0, 0, 0, 0))
    return Hand(i % 4, tuple((i * (seat + 3)) % 97 for seat in range(4)))


class Forker:
    """The process that forks the players, and the lines they say, in order."""

    def __init__(self, script: Path, path: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.proc = subprocess.Popen(
            [sys.executable, str(script), str(HP11C), str(path), str(MOST_PER_ROUND)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put("eof")

    def next_line(self) -> str:
        line = self.lines.get(timeout=30)
        assert line != "eof", "the player process ended unexpectedly"
        return line

    def round(self, hand: int, wait: float) -> list[str]:
        """Fork a player, kill it ``wait`` seconds after it says it begins hand number
        ``hand`` of its round (0-based); what it said.

        The kill waits for the player's own word, not for a time since it started: on
        a busy machine a player may not have begun a hand at all by then.
        """
        assert self.proc.stdin is not None
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()
        first = self.next_line()
        assert first.startswith("pid "), first
        pid = int(first.split()[1])
        said, begun = [], -1
        while begun < hand:
            line = self.next_line()
            assert line != "end", f"the player ended before hand {hand}: {said[-3:]}"
            said.append(line)
            begun += line.startswith("begin")
        time.sleep(wait)  # somewhere in that hand's save, or just after it
        os.kill(pid, signal.SIGKILL)
        while (line := self.next_line()) != "end":
            said.append(line)
        return said

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the players are forked")
def test_kill_9_loses_at_most_the_hand_being_saved(tmp_path: Path) -> None:
    script = tmp_path / "player.py"
    script.write_text(PLAYER)
    path = tmp_path / "series.toml"
    ruleset = load_ruleset(HP11C)
    rng = random.Random(15)
    forker = Forker(script, path)
    on_file, cut_rounds, recorded, cut = 0, 0, 0, False
    try:
        for r in range(ROUNDS):
            said = forker.round(rng.randrange(4), rng.uniform(0.0, 0.003))
            assert not [s for s in said if s.startswith("error")], said
            begun = [int(s.split()[1]) for s in said if s.startswith("begin")]
            done = [int(s.split()[1]) for s in said if s.startswith("done")]
            recorded += len(done)
            if not path.exists():
                assert not done, f"round {r}: hands said done, but no file"
                continue
            loaded = load_session(path, lambda rid: ruleset)
            hands = loaded.session.hands
            where = f"round {r}: {len(hands)} hands on file, said {said[-3:]}"
            # Every hand on file is the one the player recorded there, in order ...
            assert hands == [hand(i) for i in range(len(hands))], where
            # ... every hand it said was done is there, nothing beyond the one begun ...
            least = done[-1] + 1 if done else on_file
            most = begun[-1] + 1 if begun else on_file
            assert least <= len(hands) <= most, where
            in_flight = begun[-1] if begun and (not done or done[-1] != begun[-1]) else None
            # ... and at most that one is missing, or reported as cut short (a cut left by
            # an earlier kill stays until a player resumes the file and adds a hand).
            if loaded.problems:
                assert in_flight == len(hands) or (cut and not done), where
                assert len(loaded.problems) == 1, loaded.problems
                assert f"hand {len(hands) + 1} (line" in loaded.problems[0], loaded.problems
                assert "cut short" in loaded.problems[0], loaded.problems
                cut_rounds += not cut
            cut = bool(loaded.problems)
            on_file = len(hands)
    finally:
        forker.close()
    assert recorded > ROUNDS, "the players recorded too few hands for the kills to mean much"

    # Resuming repairs a cut-short hand (a copy of the file kept) and appends to a
    # clean file; every earlier damaged file the players resumed left a copy too.
    book, warnings = open_scorebook(path, lambda rid: ruleset)
    try:
        n = len(book.session.hands)
        book.add(hand(n))
        book.add(hand(n + 1))
        assert book.save_error is None
        assert path.read_text() == session_text(book.session)
    finally:
        book.close()
    again = load_session(path, lambda rid: ruleset)
    assert again.problems == [] and again.session.hands == [hand(i) for i in range(n + 2)]
    if cut_rounds:
        assert list(tmp_path.glob("series.toml.damaged*")), (
            "a file with a hand cut short was resumed without a copy of it kept"
        )
        assert any("cut short" in w for w in warnings) or not cut
