"""`mjtui replay FILE --json`, checked against the seed's rules written out here.

The big test mimics how the project will be checked: a long series typed as
plain TOML text (not written by save_session), replayed by the command, and
compared with an independent implementation of the seed's pairwise rule.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from datetime import datetime
from pathlib import Path

import pytest

from mjtui.core.model.seats import Seating
from mjtui.core.model.session import Session
from mjtui.core.reports.replay import replay_document
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.session_file import save_session
from mjtui.systems.east_doubling.system import SYSTEM, Hand, settle

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_efbfaf89b1e00d0d.txt"
NAMES = ["Ann", "Bob", "Cy", "Di"]


# --------------------------------------------------------------------------
# The seed's rules, in the seed's words (1-based players, as on the sheet)
# --------------------------------------------------------------------------


def seed_replay(hands: list[tuple[int | None, list[int]]], start: int = 10000):
    """Totals and next East (1-based) after each hand, from the seed's prose.

    "EAST pays and receives double points. The winner pays nothing. The winner
    receives the number of points he/she scored from all other players. The
    other players receive their points scored from the other two. When a game
    ends undecided no points are exchanged. Each time someone other than EAST
    wins, the winds rotate."
    """
    totals = {p: start for p in (1, 2, 3, 4)}
    east = 1
    out = []
    for winner, points in hands:
        scored = dict(zip((1, 2, 3, 4), points, strict=False))
        if winner is not None:
            others = [p for p in (1, 2, 3, 4) if p != winner]
            # The winner receives his points from all other players.
            for payer in others:
                amount = scored[winner] * (2 if east in (winner, payer) else 1)
                totals[winner] += amount
                totals[payer] -= amount
            # The other players receive their points from the other two.
            for receiver in others:
                for payer in others:
                    if payer != receiver:
                        amount = scored[receiver] * (2 if east in (receiver, payer) else 1)
                        totals[receiver] += amount
                        totals[payer] -= amount
            if winner != east:
                east = east % 4 + 1
        out.append({"totals": [totals[p] for p in (1, 2, 3, 4)], "east": east})
    return out


def test_seed_replay_matches_hand_worked_examples() -> None:
    # The oracle must agree with the sums done by hand in test_east_doubling.
    got = seed_replay([(3, [10, 4, 50, 6]), (None, [9, 9, 9, 9]), (4, [12, 20, 0, 30])])
    assert got == [
        {"totals": [9920, 9936, 10200, 9944], "east": 2},
        {"totals": [9920, 9936, 10200, 9944], "east": 2},
        {"totals": [9886, 9932, 10118, 10064], "east": 3},
    ]


def random_sheet(rng: random.Random, count: int) -> tuple[str, list]:
    """A session file typed by hand: varied spacing, comments, draws with and without points."""
    lines = [
        "# Transcribed from the score pad",
        'format = "mjtui-session/1"',
        'ruleset = "hp11c"',
        "players = [" + ", ".join(f'"{n}"' for n in NAMES) + "]",
        "started = 2026-11-29T20:15:00",
        "",
    ]
    hands = []
    for number in range(1, count + 1):
        roll = rng.random()
        if roll < 0.08:
            lines += [f"[[hands]]  # hand {number}: draw", ""]
            hands.append((None, [0, 0, 0, 0]))
            continue
        if roll < 0.12:
            points = [rng.randint(0, 500) for _ in range(4)]
            lines += ["[[hands]]", "points = [" + ",".join(map(str, points)) + "]", ""]
            hands.append((None, points))
            continue
        winner = rng.randint(1, 4)
        if rng.random() < 0.05:
            points = [rng.randint(0, 100000) for _ in range(4)]
        else:
            points = [
                rng.choice([0, 2, 4, 8, 10, 16, 20, 24, 32, 40, 64, 100, 128, 500, 1000])
                + rng.randint(0, 60)
                for _ in range(4)
            ]
        if rng.random() < 0.02:
            points[winner - 1] = 0
        sep = rng.choice([", ", ",", " , "])
        block = ["[[hands]]", f"winner = {winner}", "points = [" + sep.join(map(str, points)) + "]"]
        if rng.random() < 0.5:
            block[1], block[2] = block[2], block[1]
        lines += [*block, ""]
        hands.append((winner, points))
    return "\n".join(lines), hands


def test_replay_json_matches_the_seed_rules(run_mjtui, folders, tmp_path: Path) -> None:
    rng = random.Random(20261129)
    text, hands = random_sheet(rng, 2000)
    # The sheet must exercise every case, or the comparison proves little.
    assert sum(1 for w, _ in hands if w is None) > 100
    path = tmp_path / "sheet.toml"
    path.write_text(text, encoding="utf-8")

    result = run_mjtui("replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["players"] == NAMES
    expected = seed_replay(hands)
    assert len(document["hands"]) == len(hands) == 2000
    for number, (got, want) in enumerate(zip(document["hands"], expected, strict=False), 1):
        assert got == want, f"hand {number}: {hands[number - 1]}"
    east_moves = sum(1 for a, b in itertools.pairwise(expected) if a["east"] != b["east"])
    assert east_moves > 500  # East did rotate a lot
    assert all(sum(h["totals"]) == 40000 for h in document["hands"])


def test_replay_document_in_process(folders) -> None:
    session = Session(load_ruleset(HP11C), tuple(NAMES), datetime(2026, 11, 29))
    for hand in [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0)), Hand(1, (0, 8, 0, 0))]:
        session.add(hand)
    # Hand 3: East = Bob (seat 1) wins 8; each of the three others pays 16: +48.
    assert replay_document(session) == {
        "players": NAMES,
        "seat_changes": [],
        "hands": [
            {"totals": [9920, 9936, 10200, 9944], "east": 2},
            {"totals": [9920, 9936, 10200, 9944], "east": 2},
            {"totals": [9904, 9984, 10184, 9928], "east": 2},
        ],
        "problems": [],
    }


def test_replay_json_lists_the_seat_changes_and_the_names_of_each_hand(
    run_mjtui, tmp_path: Path
) -> None:
    session = Session(load_ruleset(HP11C), tuple(NAMES), datetime(2026, 11, 29))
    for hand in [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0)), Hand(1, (0, 8, 0, 0))]:
        session.add(hand)
    seating = Seating(session.players).swap(0, 2, 2, 3).substitute(3, "Eve", 3, 3)
    session.players, session.seat_changes = seating.players, seating.changes
    path = tmp_path / "seats.toml"
    save_session(session, path)
    result = run_mjtui("replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    swapped = [NAMES[2], NAMES[1], NAMES[0], NAMES[3]]
    assert document["players"] == NAMES
    assert document["seat_changes"] == [
        {"from": 2, "players": swapped},
        {"from": 3, "players": [*swapped[:3], "Eve"]},
    ]
    # The first hand's names are "players"; a hand with other names says them. The
    # totals stay with the seats.
    assert "players" not in document["hands"][0]
    assert document["hands"][1]["players"] == swapped
    assert document["hands"][2]["players"] == [*swapped[:3], "Eve"]
    assert document["hands"][2]["totals"] == [9904, 9984, 10184, 9928]


def test_replay_of_a_damaged_file_exits_2(run_mjtui, folders, tmp_path: Path) -> None:
    text = "\n".join(
        [
            'format = "mjtui-session/1"',
            'ruleset = "hp11c"',
            'players = ["Ann", "Bob", "Cy", "Di"]',
            "",
            "[[hands]]",
            "winner = 1",
            "points = [8, 0, 0, 0]",
            "",
            "[[hands]]",
            "winner = 7",
            "points = [8, 0, 0, 0]",
            "",
        ]
    )
    path = tmp_path / "damaged.toml"
    path.write_text(text + "[[hands]]\nwinner = 2\npoints = [0, 4, 0, 0]\n", encoding="utf-8")
    result = run_mjtui("replay", str(path), "--json")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert str(path) in result.stderr
    assert "hand 2" in result.stderr and "line 9" in result.stderr
    # stdout is still the JSON of what could be read, with what could not.
    document = json.loads(result.stdout)
    assert document["players"] == NAMES
    # Hand 1: Ann (East) wins 8: +16 from each; hand 3 (the 2nd read): Bob wins 4,
    # Ann (East) pays 8, Cy and Di 4 each: Bob +16; East moves on.
    assert document["hands"] == [
        {"totals": [10048, 9984, 9984, 9984], "east": 1},
        {"totals": [10040, 10000, 9980, 9980], "east": 2},
    ]
    (problem,) = document["problems"]
    assert str(path) in problem and "hand 2 (line 9)" in problem and "left out" in problem


def test_replay_of_a_missing_file_exits_2(run_mjtui, folders, tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    result = run_mjtui("replay", str(path), "--json")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert str(path) in result.stderr and "no such file" in result.stderr
    # Nothing could be read: the JSON says so, for a script reading stdout.
    document = json.loads(result.stdout)
    assert document["hands"] == [] and document["players"] == []
    assert "no such file" in document["problems"][0]


# --------------------------------------------------------------------------
# The seed's listing states the facts our ruleset encodes
# --------------------------------------------------------------------------


def listing() -> dict[int, str]:
    if not SEED.is_file():
        pytest.skip(f"seed file not found: {SEED}")
    steps = {}
    for line in SEED.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(\d{3})\s+(\S.*?)\s*$", line)
        if m:
            steps[int(m.group(1))] = " ".join(m.group(2).split())
    return steps


def test_seed_listing_matches_our_ruleset() -> None:
    steps = listing()
    rules = load_ruleset(HP11C).rules
    assert len(steps) == 124

    # 027-028 "EEX 4": every total starts at 10^4.
    assert (steps[27], steps[28]) == ("EEX", "4")
    assert rules.table.start_points == 10 ** int(steps[28]) == 10000
    assert rules.table.players == 4

    # 025-026 "5 Sto I": register I points at R5, player 1's points: player 1 starts East.
    assert (steps[25], steps[26]) == ("5", "Sto I")
    assert SYSTEM.start(rules).east == int(steps[25]) - 5 == 0

    # 048-049 "Rcl (i) Sto + (i)": East's points are added to themselves, doubled.
    assert (steps[48], steps[49]) == ("Rcl (i)", "Sto + (i)")
    assert rules.payments.east_multiplier == 2

    # 052 "3 Sto 5": the receive factor is 3 when East won (054-057 skip the rest)...
    assert (steps[52], steps[53]) == ("3", "Sto 5")
    assert steps[57] == "GTO 2"
    # ...and 058-059 "1 Sto + 5" make it 4 when someone else won.
    assert (steps[58], steps[59]) == ("1", "Sto + 5")
    east_won, other_won = int(steps[52]), int(steps[52]) + int(steps[58])
    # A winner who alone scored 1 point receives the factor times his (doubled if
    # East) points, and pays nothing.
    assert settle((0, 1, 0, 0), winner=1, east=1, multiplier=2)[1] == east_won * 2
    assert settle((0, 1, 0, 0), winner=1, east=0, multiplier=2)[1] == other_won
    # A non-winner, non-East player who alone scored 1 receives factor x 1 and
    # pays back the total (1): factor - 1.
    assert settle((0, 0, 1, 0), winner=1, east=1, multiplier=2)[2] == east_won - 1
    assert settle((0, 0, 1, 0), winner=1, east=0, multiplier=2)[2] == other_won - 1

    # 112-113 "1 +": when someone else won, East (register I) moves to the next player.
    assert (steps[112], steps[113]) == ("1", "+")
    assert (rules.rotation.on_east_win, rules.rotation.on_other_win) == ("stay", "next")


def test_seed_prose_matches_our_ruleset() -> None:
    listing()  # skips when the seed is absent
    prose = " ".join(SEED.read_text(encoding="utf-8").split())
    rules = load_ruleset(HP11C).rules
    assert "each player receives 10.000 points" in prose
    assert "EAST pays and receives double points" in prose
    assert rules.payments.east_multiplier == 2
    assert "Do not do anything for games that end undecided" in prose
    assert rules.rotation.on_draw == "stay"
    assert "if player 3 wins the first game, in the next game 1 = NORTH, 2 = EAST" in prose
