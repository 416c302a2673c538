"""What a mutation is fed to, and how a run ended.

A mutation is written into a workspace folder laid out as mjtui's own
(``config/rulesets``, ``data/sessions``), and each command of its kind runs
there with ``MJTUI_CONFIG_DIR`` and ``MJTUI_DATA_DIR`` pointing into it:

- a session: ``replay FILE --json``, ``export FILE --format csv``, ``stats``
  over a folder holding it and a valid session, and (through ``probe``)
  ``resume FILE`` up to the app being built, and the library's summary;
- a ruleset: ``rulesets`` with it in the user rulesets folder, ``hand PATH``,
  ``points PATH`` (riichi), ``replay`` of a session that names it by id and
  has no [rules], and the start-up of plain ``mjtui`` with it as the default;
- an HP-11C listing: ``calc run LISTING --keys ...`` and ``calc show``;
  mutated keys: ``calc run east_doubling --keys KEYS``;
- an FX-602P listing: ``calc autoplay-fx602p LISTING --hands 1 --seed 1``;
- a config.toml: the start-up of plain ``mjtui`` (through ``probe``);
- a tenhou.net/6 log (tests/data/tenhou6): ``import tenhou6 LOG --output FILE``.

An outcome is a clean error (exit 2, a message on stderr, no traceback), a
success (exit 0), a traceback (any "Traceback", or exit 1), a hang (past the
time budget), or odd (any other exit). Tracebacks and hangs carry a cause:
the exception type and the innermost frame inside the mjtui package.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import signal
import subprocess
import sys
import tomllib
import traceback
from dataclasses import dataclass
from pathlib import Path

import mjtui
from fuzz import probe
from fuzz.corpus import HP11C_KEYS, PLAYERS, records
from fuzz.mutate import Mutation
from mjtui.core.systems import SYSTEMS

PACKAGE = Path(mjtui.__file__).resolve().parent
PROBE = Path(probe.__file__).resolve()
MEMORY_CAP_KB = 3_000_000  # per process: a reader that reads without end fails, not the machine
FAILURES = ("traceback", "hang", "odd")


@dataclass(frozen=True)
class Command:
    name: str  # how the figures name it, e.g. "replay --json"
    argv: tuple[str, ...]  # after `mjtui` (or after `probe.py` when probe is True)
    probe: bool = False  # an interactive command, run up to the app being built

    def line(self) -> str:
        head = f"python {PROBE.relative_to(PROBE.parents[2])}" if self.probe else "mjtui"
        return " ".join([head, *map(shlex.quote, self.argv)])


@dataclass(frozen=True)
class Outcome:
    command: Command
    status: str  # success, clean, traceback, hang, odd
    cause: str = ""  # for traceback, hang and odd
    output: str = ""  # stderr (and stdout) when it failed, for the report

    @property
    def failed(self) -> bool:
        return self.status in FAILURES

    def describe(self) -> str:
        return f"{self.command.line()}: {self.status} {self.cause}\n{self.output[-3000:]}"


# --------------------------------------------------------------------------
# The workspace and the commands
# --------------------------------------------------------------------------

SESSION = "data/sessions/fuzzed.toml"
RULESET = "config/rulesets/fuzzed.toml"
NAMED = "data/sessions/names-fuzzed.toml"  # a session with no [rules], ruleset = "fuzzed"
CONFIG = "config/config.toml"


def input_path(m: Mutation) -> str:
    kind = m.seed.kind
    if kind == "session":
        return SESSION
    if kind == "ruleset":
        return RULESET
    if kind == "config":
        return CONFIG
    if kind == "hp11c":
        return "fuzzed.hp11c" if m.seed.name != "seed-000" else "fuzzed.txt"
    if kind == "fx602p":
        return "fuzzed.txt"
    if kind == "tenhou6":
        return "fuzzed.json"
    return ""


def materialize(m: Mutation, ws: Path) -> None:
    """Write the workspace of ``m`` into ``ws`` (which must exist)."""
    (ws / "config" / "rulesets").mkdir(parents=True, exist_ok=True)
    (ws / "data" / "sessions").mkdir(parents=True, exist_ok=True)
    if m.seed.kind == "session":
        (ws / "data/sessions/valid.toml").write_text(_named_session("hp11c", "east-doubling"))
    if m.seed.kind == "ruleset":
        (ws / NAMED).write_text(_named_session("fuzzed", m.seed.system, _players_of(m.seed.data)))
    where = input_path(m)
    if not where:
        return
    path = ws / where
    if m.special == "fifo":
        os.mkfifo(path)
    elif m.special == "dir":
        path.mkdir()
    else:
        assert m.data is not None
        path.write_bytes(m.data)


def _players_of(ruleset: bytes) -> int | None:
    """``table.players`` of a shipped ruleset's text (a three-player riichi ruleset)."""
    try:
        return tomllib.loads(ruleset.decode("utf-8")).get("table", {}).get("players")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None


def _named_session(rid: str, system: str, players: int | None = None) -> str:
    """A session that names its ruleset by id only (no [rules]), as a transcribed sheet."""
    players = players or SYSTEMS[system].seats or 4
    lines = [
        'format = "mjtui-session/1"',
        f'ruleset = "{rid}"',
        f"players = {list(PLAYERS[:players])!r}".replace("'", '"'),
        "started = 2026-11-29T20:15:00",
        "",
    ]
    fitting = [r for r in records(system) if _fits(r, players)]
    for record in fitting[:2]:
        lines.append("[[hands]]")
        lines += [f"{k} = {_toml(v)}" for k, v in record.items()]
        lines.append("")
    return "\n".join(lines)


SEAT_KEYS = ("ron", "from", "tsumo", "tenpai", "riichi", "chombo")


def _fits(record: dict, players: int) -> bool:
    """Whether the seats of a riichi record are all at a table of ``players``."""
    for key in SEAT_KEYS:
        value = record.get(key, [])
        if any(seat > players for seat in (value if isinstance(value, list) else [value])):
            return False
    return True


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def keys_text(m: Mutation) -> str:
    """Mutated keys as a command line can carry them (no NUL, no broken UTF-8)."""
    assert m.data is not None
    return m.data.decode("utf-8", "replace").replace("\x00", " ")


def commands(m: Mutation) -> list[Command]:
    kind, system = m.seed.kind, m.seed.system
    if kind == "session":
        return [
            Command("replay --json", ("replay", SESSION, "--json")),
            Command("export --format csv", ("export", SESSION, "--format", "csv")),
            Command("stats", ("stats",)),
            Command("resume (app built)", ("resume", SESSION), probe=True),
            Command("library summary", ("library", SESSION), probe=True),
        ]
    if kind == "ruleset":
        examples = SYSTEMS[system].examples()
        out = [
            Command("rulesets", ("rulesets",)),
            Command("hand PATH", ("hand", RULESET, *(examples.hand_args or ("1",)))),
            Command("replay --json (ruleset by id)", ("replay", NAMED, "--json")),
            Command("mjtui --ruleset fuzzed (app built)", ("start", "fuzzed"), probe=True),
        ]
        if examples.points_args:
            out.append(Command("points PATH", ("points", RULESET, *examples.points_args)))
        return out
    if kind == "hp11c":
        listing = input_path(m)
        return [
            Command("calc run", ("calc", "run", listing, "--keys", HP11C_KEYS)),
            Command("calc show", ("calc", "show", listing)),
        ]
    if kind == "keys":
        return [
            Command("calc run --keys", ("calc", "run", "east_doubling", "--keys", keys_text(m)))
        ]
    if kind == "fx602p":
        return [
            Command(
                "calc autoplay-fx602p",
                ("calc", "autoplay-fx602p", input_path(m), "--hands", "1", "--seed", "1"),
            )
        ]
    if kind == "config":
        return [Command("mjtui (app built, config read)", ("start",), probe=True)]
    if kind == "tenhou6":
        return [
            Command(
                "import tenhou6",
                ("import", "tenhou6", input_path(m), "--output", "data/sessions/imported.toml"),
            )
        ]
    raise ValueError(kind)


def environment(ws: Path) -> dict[str, str]:
    return {"MJTUI_CONFIG_DIR": str(ws / "config"), "MJTUI_DATA_DIR": str(ws / "data")}


# --------------------------------------------------------------------------
# Causes: the exception type and the innermost frame inside mjtui
# --------------------------------------------------------------------------


def _where(filename: str, function: str) -> str | None:
    try:
        rel = Path(filename).resolve().relative_to(PACKAGE)
    except ValueError:
        return None
    return f"mjtui/{rel}:{function}"


def cause_of(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    inner = [w for f in frames if (w := _where(f.filename, f.name))]
    return f"{type(exc).__name__} in {inner[-1] if inner else '(outside mjtui)'}"


_TB_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line \d+,? in (?P<func>\S+)', re.M)
_EXC_LINE = re.compile(
    r"^(?P<type>[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|"
    r"Expired|Iteration)\w*)(?::|$)",
    re.M,
)


def cause_from_text(text: str, innermost_first: bool = False) -> str:
    """The cause of the last traceback printed in ``text`` (or of a faulthandler dump)."""
    block = text[text.rfind("Traceback (most recent call last)") :] if not innermost_first else text
    inner = [w for m in _TB_FRAME.finditer(block) if (w := _where(m["file"], m["func"]))]
    frame = (inner[0] if innermost_first else inner[-1]) if inner else "(outside mjtui)"
    if innermost_first:
        return f"hang in {frame}"
    types = _EXC_LINE.findall(block)
    return f"{types[-1] if types else 'Exception'} in {frame}"


# --------------------------------------------------------------------------
# Running in-process (the suite) and as a process (the script)
# --------------------------------------------------------------------------


BLOCKED_FACTOR = 20  # wall-clock budgets before a command using no CPU is a hang: a
# command given a quarter of a core on a loaded machine still gets its CPU budget


class Hang(BaseException):
    """Raised by the time budget's alarm: past the budget is a hang."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang


@contextlib.contextmanager
def _inside(ws: Path):
    saved_env = {k: os.environ.get(k) for k in ("MJTUI_CONFIG_DIR", "MJTUI_DATA_DIR")}
    saved_cwd = os.getcwd()
    os.environ.update(environment(ws))
    os.chdir(ws)
    try:
        yield
    finally:
        os.chdir(saved_cwd)
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run_in_process(command: Command, ws: Path, budget: float = 2.0) -> Outcome:
    """Run ``command`` in this process, as `mjtui` would, with a time budget (main thread).

    The budget is CPU time, so that a machine busy with other work does not turn a slow
    command into a hang; a read that blocks without using the CPU (a FIFO) is caught by
    a wall-clock limit of ``BLOCKED_FACTOR`` budgets."""
    from mjtui.cli import main

    out, err = io.StringIO(), io.StringIO()
    previous = {sig: signal.signal(sig, _alarm) for sig in (signal.SIGALRM, signal.SIGPROF)}
    limit = sys.getrecursionlimit()
    try:
        with _inside(ws), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            signal.setitimer(signal.ITIMER_PROF, budget)
            signal.setitimer(signal.ITIMER_REAL, budget * BLOCKED_FACTOR)
            try:
                code = probe.run(list(command.argv)) if command.probe else main(list(command.argv))
            except SystemExit as e:  # argparse
                code = e.code if isinstance(e.code, int) else 2
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
                signal.setitimer(signal.ITIMER_REAL, 0)
    except Hang as e:
        return Outcome(
            command, "hang", "hang in " + cause_of(e).split(" in ", 1)[1], err.getvalue()
        )
    except Exception as e:
        text = "".join(traceback.format_exception(e))
        return Outcome(command, "traceback", cause_of(e), err.getvalue() + text)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sys.setrecursionlimit(limit)
    return _classify(command, code, out.getvalue(), err.getvalue())


def _classify(command: Command, code: int | None, stdout: str, stderr: str) -> Outcome:
    if "Traceback" in stdout or "Traceback" in stderr:
        return Outcome(
            command, "traceback", cause_from_text(stderr + stdout), (stderr + stdout)[-5000:]
        )
    stderr = stderr[-5000:]
    if code == 0 or (code == 3 and command.name == "import tenhou6"):
        # 3: the session was written, but the log does not reproduce whole (it says how).
        return Outcome(command, "success")
    if code == 2 and stderr.strip():
        return Outcome(command, "clean")
    if code == 1:
        return Outcome(command, "traceback", "exit 1 without a traceback", stderr)
    return Outcome(
        command, "odd", f"exit {code}" + ("" if stderr.strip() else ", no message"), stderr
    )


def process_argv(command: Command) -> list[str]:
    """The command as a process, under a memory cap (`ulimit -v`)."""
    head = [sys.executable, str(PROBE)] if command.probe else [sys.executable, "-m", "mjtui"]
    return ["sh", "-c", f'ulimit -v {MEMORY_CAP_KB} && exec "$@"', "sh", *head, *command.argv]


def run_process(command: Command, ws: Path, timeout: float = 10.0) -> Outcome:
    """Run ``command`` as a real `mjtui` process in ``ws``; past ``timeout`` it is a hang,
    and faulthandler (SIGABRT) says where it was."""
    env = {
        **os.environ,
        **environment(ws),
        "PYTHONFAULTHANDLER": "1",
        "PYTHONPATH": os.pathsep.join([str(PACKAGE.parent), str(PROBE.parents[1])]),
    }
    proc = subprocess.Popen(
        process_argv(command),
        cwd=ws,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
    )
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        try:
            stdout, stderr = proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            stdout, stderr = proc.communicate()
        return Outcome(command, "hang", _hang_cause(stderr), stderr[-5000:])
    if proc.returncode < 0:
        return Outcome(command, "odd", f"killed by signal {-proc.returncode}", stderr[-5000:])
    return _classify(command, proc.returncode, stdout, stderr)


def _hang_cause(stderr: str) -> str:
    """Where faulthandler found the process; a traceback it was printing when time ran out
    (a MemoryError under the cap, say) names the cause when the dump does not."""
    at = stderr.rfind("Fatal Python error")
    cause = cause_from_text(stderr[at:] if at >= 0 else stderr, innermost_first=True)
    if cause.endswith("(outside mjtui)") and "Traceback" in stderr:
        cause = f"hang while ending on {cause_from_text(stderr)}"
    return cause


def repro_script(m: Mutation, command: Command, timeout: float) -> str:
    """A shell script that rebuilds nothing: run it in the saved workspace."""
    make = ""
    if m.special == "fifo":
        make = f"[ -p {input_path(m)} ] || mkfifo {input_path(m)}\n"
    elif m.special == "dir":
        make = f"mkdir -p {input_path(m)}\n"
    head = f"python {PROBE}" if command.probe else "python -m mjtui"
    return (
        "#!/bin/sh\n# "
        + m.label
        + '\ncd "$(dirname "$0")"\n'
        + make
        + f"PYTHONPATH={shlex.quote(str(PACKAGE.parent))} "
        + 'MJTUI_CONFIG_DIR="$PWD/config" MJTUI_DATA_DIR="$PWD/data" '
        + f"timeout {timeout:g} {head} "
        + " ".join(map(shlex.quote, command.argv))
        + "\n"
    )
