"""Fuzzing the readers: no mutated file, listing or key sequence ends in a traceback or a hang.

A few hundred mutations (tests/fuzz/mutate.py) of valid sessions, rulesets,
listings, keys and configs, drawn from a fixed seed (``MJTUI_FUZZ_SEED`` and
``MJTUI_FUZZ_COUNT`` change it), each fed in-process to the commands a user
would type (tests/fuzz/targets.py) with a time budget; a few also go through
the real ``mjtui`` process. Every outcome must be a success or a clean error.
``python tests/fuzz/run_fuzz.py`` runs thousands as processes.

For sessions no traceback is not enough: damage that other programs do
(a cut, a zero byte for a line end, a re-encoding) must cost only the hands
it touches, and each one lost is reported (issue 26; ``MJTUI_DAMAGE_COUNT``
draws of each).

The explicit cases at the end are one per cause the fuzzing of issue 14
found (each failed before the reader with limits; each is a clean error now).
"""

from __future__ import annotations

import functools
import os
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from fuzz.corpus import FX602P_SEED, corpus
from fuzz.mutate import (
    DEEP_ARRAY,
    DEEP_TABLE,
    DOTTED_PARTS,
    LONG_DIGITS,
    Mutation,
    generate,
    mutate,
)
from fuzz.mutate import name_ruleset as named
from fuzz.targets import Outcome, commands, materialize, run_in_process, run_process

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.session_file import load_session

SEED = int(os.environ.get("MJTUI_FUZZ_SEED", "14"))
COUNT = int(os.environ.get("MJTUI_FUZZ_COUNT", "200"))
BUDGET = 3.0  # CPU seconds in-process; the slowest command (an FX-602P hand) takes 0.8 s alone,
# and CPU time itself grows on a loaded machine (shared caches): a hang takes them all
PROCESS_TIMEOUT = 5.0  # a real process: start-up and imports on a busy machine


class KnownCause(AssertionError):
    """A failure with one of the causes issue 14 named (a regression, if it comes back)."""


DEEP = (
    "issue 14: RecursionError from tomllib on deep nesting (session_file, _salvage, "
    "_peek, files.read_toml)"
)


def check(outcome: Outcome, patterns: list[str]) -> None:
    if not outcome.failed:
        return
    if any(re.search(p, outcome.cause) for p in patterns):
        raise KnownCause(outcome.describe())
    pytest.fail(outcome.describe(), pytrace=False)


def run_all(m: Mutation, ws: Path, patterns: list[str], only: tuple[str, ...] = ()) -> None:
    materialize(m, ws)
    for command in commands(m):
        if only and command.name not in only:
            continue
        if m.process_only:  # reads without end: only under a memory cap
            outcome = run_process(command, ws, timeout=PROCESS_TIMEOUT)
        else:
            outcome = run_in_process(command, ws, BUDGET)
        check(outcome, patterns)


MUTATIONS = generate(SEED, COUNT)


@pytest.mark.parametrize("m", [pytest.param(m, id=m.label) for m in MUTATIONS])
def test_no_traceback_no_hang(m: Mutation, tmp_path: Path) -> None:
    run_all(m, tmp_path, [])


def test_the_mutations_are_the_same_for_a_seed() -> None:
    again = generate(SEED, 20)
    assert [(m.label, m.data) for m in again] == [(m.label, m.data) for m in MUTATIONS[:20]]
    assert [m.data for m in generate(SEED + 1, 20)] != [m.data for m in again]


def test_the_sample_covers_every_kind_and_mutator() -> None:
    kinds = {m.seed.kind for m in MUTATIONS}
    assert {"session", "ruleset", "hp11c", "keys", "config"} <= kinds
    used = {name for m in MUTATIONS for name in m.how.split("+")}
    assert {
        "deep_array",
        "deep_table",
        "number_blowup",
        "type_swap",
        "odd_ruleset",
        "fifo",
        "directory",
        "empty",
        "utf16",
        "utf16be",
        "crlf",
        "bom",
        "cut_line_end",
        "nul_newline",
        "flip_bytes",
    } <= used


# --------------------------------------------------------------------------
# What a session's damage may cost (issue 26): no traceback is not enough
# --------------------------------------------------------------------------

SAME = ("bom", "crlf", "utf16", "utf16be")  # the file re-encoded: the same session
CUT = ("truncate", "cut_line_end")  # only the start of the file
DAMAGE = SAME + CUT + ("nul_newline",)


def _damaged_sessions() -> list[Mutation]:
    seeds = [s for s in corpus() if s.kind == "session"]
    out = []
    for name in DAMAGE:
        for i in range(int(os.environ.get("MJTUI_DAMAGE_COUNT", "4"))):
            rng = random.Random(f"mjtui-damage:{SEED}:{name}:{i}")
            out.append(mutate(rng.choice(seeds), rng, f"{SEED}-{name}-{i}", how=name))
    return out


@functools.cache
def _find(rid: str):
    return RulesetLibrary(paths.ruleset_folders()).get(rid)


def _hand_ends(data: bytes) -> list[int]:
    """Where each hand's text ends (after its blank line) in a file the app wrote."""
    starts = [m.start() for m in re.finditer(rb"^\[\[hands\]\]$", data, re.MULTILINE)]
    return [*starts[1:], len(data)]


@pytest.mark.parametrize("m", [pytest.param(m, id=m.label) for m in _damaged_sessions()])
def test_damage_to_a_session_costs_only_the_hands_it_touches(m: Mutation, tmp_path: Path) -> None:
    """Re-encoded, the session reads whole; cut short, every hand before the cut and a
    problem for the one cut; a zero byte for a line end, at most the hand it is in."""
    (tmp_path / "s.toml").write_bytes(m.seed.data)
    whole = load_session(tmp_path / "s.toml", _find).session.hands
    path = tmp_path / "damaged.toml"
    path.write_bytes(m.data or b"")
    ends = _hand_ends(m.seed.data)
    try:
        loaded = load_session(path, _find)
    except SessionError as e:
        # Only a file cut inside its header, or a zero byte in it, is not read at all.
        assert m.how in (*CUT, "nul_newline"), e
        first_start = m.seed.data.index(b"[[hands]]")
        if m.how in CUT:
            assert len(m.data or b"") < first_start, e
        else:
            assert (m.data or b"").index(b"\0") < first_start - 1, e
        return
    hands = loaded.session.hands
    if m.how in SAME:
        assert loaded.problems == [] and hands == whole
    elif m.how in CUT:
        size = len(m.data or b"")
        if size < m.seed.data.index(b"[[hands]]"):
            # Cut at a blank line between [rules] tables, those after it optional: read
            # as a file without them (each hand has its own end; [rules] has none).
            assert hands == [], loaded.problems
            return
        complete = sum(1 for end in ends if end <= size)
        assert hands == whole[:complete]
        at_a_hand_end = size in ends or size == m.seed.data.index(b"[[hands]]")
        assert len(loaded.problems) == (0 if at_a_hand_end or complete == len(whole) else 1)
        assert all("cut short" in p for p in loaded.problems)
    else:
        assert len(hands) >= len(whole) - 1
        assert len(loaded.problems) == len(whole) - len(hands)
        assert all(h in whole for h in hands)


@pytest.mark.parametrize("seed", corpus(), ids=lambda s: f"{s.kind}-{s.name}")
def test_the_unmutated_inputs_pass(seed, tmp_path: Path) -> None:
    """The fuzz starts from inputs every command takes: a success, bar `hand` for a system
    without a scorer (a clear refusal)."""
    m = Mutation("seed", seed, "none", seed.data)
    materialize(m, tmp_path)
    for command in commands(m):
        outcome = run_in_process(command, tmp_path, BUDGET)
        refused = command.name == "hand PATH" and seed.system == "east-doubling"
        assert outcome.status == ("clean" if refused else "success"), outcome.describe()


@pytest.mark.parametrize("stuck", ["spins", "blocks"])
def test_a_command_that_spins_or_blocks_is_a_hang(
    stuck: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The budget is CPU time, and a command that waits without using any is caught too."""
    import mjtui.cli

    def stuck_main(argv: list[str]) -> int:
        while stuck == "spins":
            pass
        time.sleep(60)
        return 0

    m = _first_unmarked("session")
    materialize(m, tmp_path)
    monkeypatch.setattr(mjtui.cli, "main", stuck_main)
    command = next(c for c in commands(m) if not c.probe)
    assert run_in_process(command, tmp_path, 0.2).status == "hang"


def _first_unmarked(kind: str) -> Mutation:
    return next(m for m in MUTATIONS if m.seed.kind == kind)


@pytest.mark.parametrize(
    "kind, command",
    [
        ("session", "replay --json"),
        ("ruleset", "hand PATH"),
        ("hp11c", "calc run"),
        ("keys", "calc run --keys"),
    ],
)
def test_the_real_command(kind: str, command: str, tmp_path: Path) -> None:
    """A few mutations through the real `mjtui` process, as a user runs it."""
    m = _first_unmarked(kind)
    materialize(m, tmp_path)
    [cmd] = [c for c in commands(m) if c.name == command]
    check(run_process(cmd, tmp_path, PROCESS_TIMEOUT), [])


# --------------------------------------------------------------------------
# One case per cause of issue 14 (and the ones the fuzz found beside them)
# --------------------------------------------------------------------------

SEEDS = {(s.kind, s.name): s for s in corpus()}
DEEP_ARRAY_TEXT = b"[" * DEEP_ARRAY + b"1" + b"]" * DEEP_ARRAY
DEEP_TABLE_TEXT = b"{ a = " * DEEP_TABLE + b"1" + b" }" * DEEP_TABLE
HUGE = b"1" + b"0" * 400  # 10^400


@dataclass(frozen=True)
class Cause:
    id: str
    kind: str
    name: str
    edit: Callable[[bytes], bytes] | None  # None: a FIFO stands where the file should be
    commands: tuple[str, ...]
    reason: str
    pattern: str


def _after_format(line: bytes) -> Callable[[bytes], bytes]:
    return lambda data: data.replace(
        b'format = "mjtui-session/1"\n', b'format = "mjtui-session/1"\n' + line + b"\n", 1
    )


def _broken_hand_then(line: bytes) -> Callable[[bytes], bytes]:
    """Hand 1 does not parse (so the file is salvaged), hand 2 holds ``line``."""

    def edit(data: bytes) -> bytes:
        first = data.index(b"[[hands]]")
        second = data.index(b"[[hands]]", first + 1)
        return (
            data[:first]
            + b"[[hands]]\nwinner = = 3\n\n"
            + data[second:].replace(b"[[hands]]\n", b"[[hands]]\n" + line + b"\n", 1)
        )

    return edit


SESSION_COMMANDS = (
    "replay --json",
    "export --format csv",
    "stats",
    "resume (app built)",
    "library summary",
)
CAUSES = [
    Cause(
        "deep-array-in-a-session",
        "session",
        "riichi-tenhou",
        _after_format(b"deep = " + DEEP_ARRAY_TEXT),
        SESSION_COMMANDS,
        DEEP,
        "RecursionError",
    ),
    Cause(
        "deep-table-in-a-session-salvaged",
        "session",
        "pocket",
        _broken_hand_then(b"deep = " + DEEP_TABLE_TEXT),
        SESSION_COMMANDS,
        DEEP,
        "RecursionError",
    ),
    Cause(
        "deep-table-in-a-user-ruleset",
        "ruleset",
        "riichi-wrc",
        lambda d: d + b"\ndeep = " + DEEP_TABLE_TEXT + b"\n",
        ("rulesets", "mjtui --ruleset fuzzed (app built)", "hand PATH", "points PATH"),
        DEEP,
        "RecursionError",
    ),
    Cause(
        "deep-array-in-config",
        "config",
        "config",
        lambda d: d + b"deep = " + DEEP_ARRAY_TEXT + b"\n",
        ("mjtui (app built, config read)",),
        DEEP,
        "RecursionError",
    ),
    Cause(
        "ruleset-id-of-300-characters",
        "session",
        "hp11c",
        lambda d: named(d, "x" * 300),
        SESSION_COMMANDS,
        "issue 14: OSError ENAMETOOLONG: a 300-character ruleset id in a file without [rules]",
        r"^OSError",
    ),
    Cause(
        "fx602p-multiplier-of-10^400",
        "session",
        "fx602p",
        lambda d: d.replace(b"multiplier = 16", b"multiplier = " + HUGE),
        SESSION_COMMANDS,
        "issue 14: OverflowError: an FX-602P multiplier of 10^400 in [rules] "
        "(fx602p/table.py average)",
        r"^OverflowError",
    ),
    Cause(
        "hp11c-points-of-10^400",
        "session",
        "hp11c",
        lambda d: d.replace(b"    10,\n", b"    " + HUGE + b",\n", 1),
        ("stats",),
        "issue 14: OverflowError: hp11c points of 10^400 in a file (reports/stats.py average)",
        r"^OverflowError",
    ),
    Cause(
        "dotted-key-of-20000-parts",
        "session",
        "hp11c",
        _after_format(b"a." * (DOTTED_PARTS - 1) + b"a = 1"),
        ("replay --json",),
        "issue 14: a 20,000-part dotted key parses in quadratic time in tomllib",
        r"^hang",
    ),
    Cause(
        "fifo-session",
        "session",
        "riichi-mleague",
        None,
        ("replay --json",),
        "issue 14: a FIFO named *.toml blocks replay, export, ...",
        r"^hang",
    ),
    Cause(
        "fifo-ruleset",
        "ruleset",
        "riichi-tenhou",
        None,
        ("rulesets",),
        "issue 14: a FIFO named *.toml blocks `mjtui rulesets` and start-up",
        r"^hang",
    ),
    Cause(
        "ruleset-id-/dev/zero",
        "session",
        "hp11c",
        lambda d: named(d, "/dev/zero"),
        ("replay --json",),
        'issue 14: ruleset = "/dev/zero" reads forever',
        r"^hang|^MemoryError",
    ),
    Cause(
        "keys-with-a-20000-digit-number",
        "keys",
        "east_doubling",
        lambda d: b"GSB 9 B " + b"9" * LONG_DIGITS + b" R/S",
        ("calc run --keys",),
        "issue 14: a 20,000-digit number in --keys: quadratic regex in calc/hp11c/keys.py",
        r"^hang in mjtui/calc/hp11c/",
    ),
    # Found by the fuzz, not in the issue as filed:
    Cause(
        "integer-of-5000-digits-in-a-session",
        "session",
        "pocket",
        lambda d: d.replace(b"fan = 4", b"fan = " + b"9" * 5000),
        ("replay --json", "library summary"),
        "not in issue 14 as filed: an integer over 4,300 digits makes tomllib raise "
        "ValueError (not TOMLDecodeError)",
        r"^ValueError",
    ),
    Cause(
        "integer-of-5000-digits-in-a-ruleset",
        "ruleset",
        "pocket",
        lambda d: d.replace(b"start_points = ", b"start_points = " + b"9" * 5000 + b"#"),
        ("rulesets", "hand PATH"),
        "not in issue 14 as filed: an integer over 4,300 digits makes tomllib raise "
        "ValueError (not TOMLDecodeError)",
        r"^ValueError",
    ),
    Cause(
        "ruleset-path-with-a-nul-byte",
        "session",
        "hp11c",
        lambda d: named(d, "a/\\u0000b"),
        ("replay --json", "stats"),
        "not in issue 14 as filed: a ruleset id with '/' and a NUL byte: ValueError "
        "(embedded null byte) from open() in core/files/reading.py read_text",
        r"^ValueError",
    ),
]


@pytest.mark.parametrize("cause", [pytest.param(c, id=c.id) for c in CAUSES])
def test_issue14_cause(cause: Cause, tmp_path: Path) -> None:
    seed = SEEDS[(cause.kind, cause.name)]
    data = cause.edit(seed.data) if cause.edit else None
    assert data != seed.data, "the edit changed nothing: the case tests nothing"
    m = Mutation(f"issue14-{cause.id}", seed, cause.id, data, "" if data else "fifo")
    names = {c.name for c in commands(m)}
    assert set(cause.commands) <= names, set(cause.commands) - names
    run_all(m, tmp_path, [cause.pattern], only=cause.commands)


@pytest.mark.skipif(
    not FX602P_SEED.is_file(), reason="the FX-602P seed listing is not in ../shared/seeds/"
)
def test_an_fx602p_listing_mutation_through_the_real_command(tmp_path: Path) -> None:
    seed = SEEDS.get(("fx602p", "seed-001"))
    m = generate(SEED, 1, [seed])[0]
    materialize(m, tmp_path)
    [cmd] = commands(m)
    check(run_process(cmd, tmp_path, PROCESS_TIMEOUT), [])
