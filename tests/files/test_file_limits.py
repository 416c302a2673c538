"""The one reader with limits: every damaged or hostile file gets a message, never a
traceback or a hang (issue 14, items 1 and 2).

Each cause found by fuzzing has a test here: nesting that makes tomllib recurse
too deep, dotted keys that take it quadratic time, FIFOs and devices that block a
read, ruleset ids that are paths or too long for a file name, numbers beyond the
forms' bounds, and the quadratic key-string pattern of the HP-11C.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from datetime import datetime
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjtui import paths
from mjtui.calc.errors import ListingError
from mjtui.calc.fx602p.listing import parse_listing
from mjtui.calc.hp11c.keywords import number_keys
from mjtui.calc.programs import load_program
from mjtui.core.errors import RulesetError, SessionError
from mjtui.core.files import reading as files
from mjtui.core.files.reading import (
    MAX_DEPTH,
    MAX_HANDS,
    MAX_KEY_PARTS,
    TomlLimitError,
    check_toml_limits,
    decode_text,
    loads,
    number_problem,
    read_text,
)
from mjtui.core.reports.stats import PlayerStats
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions import session_file
from mjtui.core.sessions.library import ruleset_finder, scan
from mjtui.core.sessions.session_file import load_session
from mjtui.systems.fx602p.table import State as Fx602pState

REPO = Path(__file__).resolve().parents[2]
SHIPPED = REPO / "rulesets"
HEAD = (
    'format = "mjtui-session/1"\nruleset = "hp11c"\nplayers = ["Ann", "Bob", "Cy", "Di"]\n'
    "started = 2026-11-29T20:15:00\n"
)
HAND = "\n[[hands]]\nwinner = 1\npoints = [10, 4, 50, 6]\n"
DEEP_ARRAY = "[" * 500 + "]" * 500  # tomllib: RecursionError
DEEP_TABLE = "{a = " * 330 + "1" + "}" * 330  # tomllib: RecursionError
DOTTED = ".".join(["a"] * 20_000)  # tomllib: 20 s


def find(rid: str):
    return RulesetLibrary(paths.ruleset_folders()).get(rid)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# The TOML limits
# --------------------------------------------------------------------------


@pytest.mark.parametrize("value", [DEEP_ARRAY, DEEP_TABLE], ids=["arrays", "inline-tables"])
def test_deep_nesting_is_a_limit_not_a_recursion_error(value) -> None:
    with pytest.raises(TomlLimitError, match=f"nested more than {MAX_DEPTH} deep \\(at line 2\\)"):
        loads(f"a = 1\nx = {value}\n")
    assert loads("x = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH)  # the limit itself is read


@pytest.mark.parametrize(
    "text",
    [
        f"{DOTTED} = 1",
        f"[{DOTTED}]",
        f"[[{DOTTED}]]",
        f"x = {{{DOTTED} = 1}}",
        " . ".join(['"a"'] * (MAX_KEY_PARTS + 1)) + " = 1",
    ],
    ids=["key", "table", "array-of-tables", "inline", "quoted"],
)
def test_long_dotted_keys_are_refused_before_parsing(text) -> None:
    with pytest.raises(TomlLimitError, match=f"more than {MAX_KEY_PARTS} dotted parts"):
        loads(text)
    assert loads(".".join(["a"] * MAX_KEY_PARTS) + " = 1")


def test_long_keys_and_long_numbers_are_limits() -> None:
    with pytest.raises(TomlLimitError, match="key longer than 256 characters"):
        loads("a" * 300 + " = 1")
    with pytest.raises(TomlLimitError, match="a number too long to read"):
        loads("x = " + "9" * 5000)  # int() refuses it with a ValueError


def test_brackets_dots_and_quotes_in_strings_and_comments_are_not_counted() -> None:
    text = (
        'a = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ \\" a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a"\n'
        "b = '{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{'  # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n"
        'c = """\n' + "x.y." * 40 + '\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[""""\n'
        "d = '''" + "[" * 40 + "'''''\n"
        "e.f = [{g = {}}, [1.5, 2.5], {}]\n"
    )
    assert loads(text) == tomllib.loads(text)


_TEXT = st.text(alphabet=st.sampled_from(list("ab.[]{}\"'\\#=,\n\t -_é")), max_size=12)
_VALUES = st.recursive(
    st.one_of(st.integers(-(10**9), 10**9), st.floats(allow_nan=False), _TEXT, st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_TEXT, inner, max_size=4)),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(_TEXT, _VALUES, max_size=5), st.booleans())
def test_any_toml_within_the_limits_reads_as_tomllib_reads_it(data, multiline) -> None:
    text = tomli_w.dumps(data, multiline_strings=multiline)
    assert loads(text) == tomllib.loads(text)


def test_number_problem_names_the_key_and_refuses_nan_and_infinity() -> None:
    data = {"points": {"coefficients": [1, 2, 10**400]}}
    assert number_problem(data, "rules.") == (
        "key 'rules.points.coefficients[2]': a number of 401 digits is beyond the largest "
        "number mjtui reads (1,000,000,000 either way)"
    )
    assert "is not a number" in number_problem({"x": float("nan")})
    assert "is not a number" in number_problem({"x": [float("-inf")]})
    assert number_problem({"x": [10**9, -(10**9), 2.5, True]}) is None


# --------------------------------------------------------------------------
# Files that are not files, or too large
# --------------------------------------------------------------------------


def test_devices_folders_and_large_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match=r"/dev/zero: is a device"):
        read_text(Path("/dev/zero"), SessionError)
    with pytest.raises(SessionError, match="is a folder"):
        read_text(tmp_path, SessionError)
    big = write(tmp_path / "big.toml", "x = 1\n" * 100)
    with pytest.raises(SessionError, match="too large"):
        read_text(big, SessionError, limit=100)
    ruleset = write(tmp_path / "huge.toml", "# " + "x" * 300_000 + "\n")
    with pytest.raises(RulesetError, match=r"huge.toml: too large .*256 KB"):
        load_ruleset(ruleset)


# --------------------------------------------------------------------------
# Sessions
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (DEEP_ARRAY, "nested more than 32 deep (at line 12)"),
        (DEEP_TABLE, "nested more than 32 deep (at line 12)"),
    ],
    ids=["arrays", "inline-tables"],
)
def test_deep_nesting_in_a_hand_leaves_out_that_hand_only(tmp_path: Path, bad, words) -> None:
    text = HEAD + HAND + f"\n[[hands]]\nwinner = 2\npoints = {bad}\n" + HAND
    loaded = load_session(write(tmp_path / "s.toml", text), find)
    assert len(loaded.session.hands) == 2
    [problem] = loaded.problems
    assert "hand 2 (line 10)" in problem and words in problem and "left out" in problem


@pytest.mark.parametrize(
    ("header", "words"),
    [
        (f"players = {DEEP_ARRAY}\n", "nested more than 32 deep"),
        (f"{DOTTED} = 1\n", "more than 16 dotted parts"),
    ],
    ids=["deep", "dotted"],
)
def test_a_session_whose_header_is_past_a_limit_is_refused(tmp_path: Path, header, words) -> None:
    path = write(
        tmp_path / "s.toml", HEAD.replace('players = ["Ann", "Bob", "Cy", "Di"]\n', header) + HAND
    )
    with pytest.raises(SessionError, match=re.escape(words)) as caught:
        load_session(path, find)
    assert str(caught.value).startswith(str(path))


def test_a_long_dotted_key_in_a_hand_leaves_out_that_hand(tmp_path: Path) -> None:
    text = HEAD + HAND + f"\n[[hands]]\nwinner = 2\n{DOTTED} = 1\n" + HAND
    loaded = load_session(write(tmp_path / "s.toml", text), find)
    assert len(loaded.session.hands) == 2
    assert "more than 16 dotted parts" in loaded.problems[0]


def test_more_hands_than_a_session_holds_are_refused_before_any_is_read(tmp_path: Path) -> None:
    """Issue 26: 380,000 empty hands (4.18 MB) took 18 s and 363 MB to replay."""
    path = write(tmp_path / "s.toml", HEAD + "\n[[hands]]\n" * (MAX_HANDS + 1))
    with pytest.raises(
        SessionError,
        match=f"{MAX_HANDS + 1:,} hands, more than a session "
        f"holds \\(at most {MAX_HANDS:,}\\); nothing was read",
    ):
        load_session(path, find)


@pytest.mark.parametrize("layout", ["tables", "inline"])
def test_a_session_holds_at_most_max_hands(tmp_path: Path, monkeypatch, layout: str) -> None:
    monkeypatch.setattr(session_file, "MAX_HANDS", 3)
    # "[[hands]]" that is no table does not count: a name here.
    head = HEAD.replace('"Di"', '"[[hands]] [[hands]] [[hands]] [[hands]]"')

    def sheet(n: int) -> Path:
        if layout == "inline":
            hands = "hands = [" + ", ".join(["{ winner = 1, points = [1, 2, 3, 4] }"] * n) + "]\n"
        else:
            hands = "\n[[hands]]\nwinner = 1\npoints = [1, 2, 3, 4]\n" * n
        return write(tmp_path / "s.toml", head + hands)

    loaded = load_session(sheet(3), find)
    assert loaded.problems == [] and len(loaded.session.hands) == 3
    with pytest.raises(SessionError, match="4 hands, more than a session holds"):
        load_session(sheet(4), find)


def test_a_long_run_of_tables_is_refused_after_the_first_ones(monkeypatch) -> None:
    """Issue 26: 10^6 inline hands took 10.8 s and 742 MB to load; the scan now stops."""
    monkeypatch.setattr(files, "MAX_TABLES", 5)
    check_toml_limits("[a]\n[[b]]\nc = [{}, {d = {}}]\n")
    for text in [
        "x = [" + "{}, " * 6 + "]",
        "[[hands]]\n" * 6,
        "[a]\n[b]\nc = {}\n[[d]]\n[e]\nf = {}",
    ]:
        with pytest.raises(TomlLimitError, match="more than 5 tables"):
            check_toml_limits(text)
    with pytest.raises(
        TomlLimitError,
        match=r"more than 5 tables \(headers and inline "
        r"tables; at line 2\)",
    ):  # at the sixth, before what follows
        check_toml_limits("x = [\n" + "{}, " * 6 + "\n" + "[" * (MAX_DEPTH + 1))


@pytest.mark.parametrize(
    "hands", ["hands = [" + "{}, " * 6 + "]\n", "  [[hands]]\n" * 6], ids=["inline", "indented"]
)
def test_a_session_past_the_tables_is_refused_whole(
    tmp_path: Path, monkeypatch, hands: str
) -> None:
    """Not read a hand at a time as a damaged file is: each would be past the limit."""
    monkeypatch.setattr(files, "MAX_TABLES", 5)
    path = write(tmp_path / "s.toml", HEAD + hands)
    with pytest.raises(
        SessionError,
        match=r"more than 5 tables .*a session holds at most "
        f"{MAX_HANDS:,} hands",
    ):
        load_session(path, find)


@pytest.mark.parametrize(
    ("data", "how"),
    [
        (b"a = 1\n", ""),
        (b"\xef\xbb\xbfa = 1\n", "UTF-8 with a byte-order mark"),
        (b"a = 1\r\n", "CRLF line ends"),
        (b"a = 1\r", "CR line ends"),
        ("a = 1\r\n".encode("utf-16"), "UTF-16, CRLF line ends"),
        (b"\xfe\xff" + "a = 1\n".encode("utf-16-be"), "UTF-16"),
        ("a = 1\n".encode("utf-32"), "UTF-32"),
    ],
)
def test_text_is_utf8_or_marked_utf16_with_any_line_ends(data: bytes, how: str) -> None:
    assert decode_text(data, "f", ValueError) == ("a = 1\n", how)


def test_a_ruleset_saved_by_notepad_loads(tmp_path: Path) -> None:
    text = (SHIPPED / "hp11c.toml").read_text(encoding="utf-8").replace("\n", "\r\n")
    (tmp_path / "hp11c.toml").write_bytes(text.encode("utf-16"))
    assert load_ruleset(tmp_path / "hp11c.toml").rules == load_ruleset(SHIPPED / "hp11c.toml").rules


@pytest.mark.parametrize(
    ("rid", "words"),
    [
        ("x" * 300, "at most 100 characters, got one of 300"),  # was OSError ENAMETOOLONG
        ("/dev/zero", "not a path"),  # was read forever
        ("../rulesets/hp11c", "not a path"),
        ("hp11c.toml", "not a path"),  # was read from the current folder
    ],
)
def test_ruleset_ids_in_sessions_are_names_never_paths(tmp_path: Path, rid, words) -> None:
    path = write(tmp_path / "s.toml", HEAD.replace('"hp11c"', f'"{rid}"') + HAND)
    with pytest.raises(SessionError, match=re.escape(words)) as caught:
        load_session(path, find)
    assert "key 'ruleset'" in str(caught.value)


def test_a_typed_ruleset_name_too_long_for_a_file_is_a_clear_error() -> None:
    with pytest.raises(RulesetError, match="at most 100 characters"):
        find("x" * 300)
    with pytest.raises(ListingError, match="cannot read it"):
        load_program("x" * 300)  # a ruleset's [calculator] program


def test_huge_points_in_a_hand_are_refused_like_the_form_refuses_them(tmp_path: Path) -> None:
    text = HEAD + "\n[[hands]]\nwinner = 1\npoints = [0, " + "1" * 401 + ", 0, 0]\n" + HAND
    loaded = load_session(write(tmp_path / "s.toml", text), find)
    assert len(loaded.session.hands) == 1
    assert "hand 1 (line 6): key 'points[1]': a number of 401 digits" in loaded.problems[0]
    text = HEAD + "\n[[hands]]\nwinner = 1\npoints = [0, 1000000001, 0, 0]\n"
    loaded = load_session(write(tmp_path / "t.toml", text), find)
    assert "key 'points[1]': 1000000001 is beyond" in loaded.problems[0]


def _fx602p_rules(coefficient: str) -> str:
    text = (SHIPPED / "fx602p.toml").read_text(encoding="utf-8")
    return re.sub(r"(?m)^coefficients = \[[^\]]*\]", f"coefficients = [1, 2, {coefficient}]", text)


def test_huge_ruleset_numbers_are_refused_naming_the_key(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"key 'points.coefficients\[2\]': a number of 401"):
        load_ruleset(write(tmp_path / "big.toml", _fx602p_rules("1" + "0" * 400)))
    multiplier = (
        (SHIPPED / "fx602p.toml")
        .read_text(encoding="utf-8")
        .replace("multiplier = 16", "multiplier = 1e400")
    )
    assert "1e400" in multiplier
    with pytest.raises(RulesetError, match=r"key 'points.multiplier': inf is not a number"):
        load_ruleset(write(tmp_path / "inf.toml", multiplier))
    rules = tomllib.loads(_fx602p_rules("3"))
    session = (
        'format = "mjtui-session/1"\nruleset = "fx602p"\nplayers = ["You", "FX"]\n'
        + tomli_w.dumps({"rules": rules})
        .replace("3, ]", "3]")
        .replace("    3,\n", "    1" + "0" * 400 + ",\n", 1)
    )
    path = write(tmp_path / "s.toml", session)
    with pytest.raises(SessionError, match=r"key 'rules.points.coefficients\[2\]'"):
        load_session(path, find)


def test_averages_survive_any_total() -> None:
    for net in (10**400, -(10**400)):
        average = PlayerStats("Ann", hands_played=3, net=net).average
        assert abs(average) > 1e300 and (average > 0) == (net > 0)
        state = Fx602pState(totals=(net, -net), east=0, hands=2)
        assert abs(state.average(0)) > 1e300
    assert PlayerStats("Ann").average == 0.0
    assert PlayerStats("Ann", hands_played=4, net=10).average == 2.5


def test_the_library_peeks_at_an_unreadable_file_through_the_limits(tmp_path: Path) -> None:
    # The summary of an unreadable file parses it again for its header: that
    # second read was outside the guard and raised RecursionError.
    folder = tmp_path / "sessions"
    write(folder / "deep.toml", HEAD.replace('"hp11c"', '"nope"') + f"x = {DEEP_ARRAY}\n")
    write(folder / "dots.toml", HEAD + f"{DOTTED} = 1\n")
    summaries = {s.path.name: s for s in scan(folder, ruleset_finder(paths.ruleset_folders()))}
    assert "nested more than 32 deep" in summaries["deep.toml"].error
    assert "more than 16 dotted parts" in summaries["dots.toml"].error


def test_listing_numbers_past_any_program_are_refused() -> None:
    with pytest.raises(ListingError, match="line 2: a step count of 5000 digits"):
        parse_listing("P0\n(" + "9" * 5000 + " steps) AC\n")
    with pytest.raises(ListingError, match="line 2: a step count of 5000 digits"):
        parse_listing("P0: AC\ntotal " + "9" * 5000 + " steps\n")


def test_key_string_numbers_match_in_linear_time() -> None:
    # The pattern had two ways to split a run of digits: minutes for 100,000.
    assert number_keys("1" * 100_000 + "x") is None
    assert len(number_keys("12.5e3")) == 6


# --------------------------------------------------------------------------
# The commands: a message and exit status 2, never a hang
# --------------------------------------------------------------------------


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("replay", "{fifo}", "--json"),
        ("export", "{fifo}", "--format", "csv"),
        ("hand", "{fifo}", "11"),
        ("points", "{fifo}", "--han", "1", "--fu", "30", "--ron"),
        ("resume", "{fifo}"),
    ],
    ids=["replay", "export", "hand", "points", "resume"],
)
def test_a_fifo_named_toml_is_refused_at_once(run_mjtui, tmp_path: Path, args) -> None:
    fifo = _fifo(tmp_path / "pipe.toml")
    result = run_mjtui(*(a.format(fifo=fifo) for a in args))  # the fixture's timeout: no hang
    assert result.returncode == 2, result.stderr
    assert f"{fifo}: is a FIFO (named pipe), not a file mjtui can read" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_device_typed_as_a_ruleset_is_refused(run_mjtui) -> None:
    result = run_mjtui("points", "/dev/zero", "--han", "1", "--fu", "30", "--ron")
    assert result.returncode == 2
    assert "/dev/zero: is a device" in result.stderr


def _start_plain_mjtui(*args: str) -> subprocess.CompletedProcess:
    """What plain `mjtui` builds before its first screen, printed instead of shown."""
    code = (
        "import sys\nfrom mjtui.cli import entry\nfrom mjtui.core.errors import MjtuiError\n"
        "try:\n"
        f"    app = entry.new_series(entry.build_parser().parse_args({list(args)!r}))\n"
        "except MjtuiError as e:\n"
        "    print(e, file=sys.stderr); sys.exit(2)\n"
        "offered, warnings = app.more_rulesets()\n"
        "print('\\n'.join(app.warnings + warnings))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


def _hostile_rulesets(folder: Path) -> None:
    write(folder / "deep.toml", f"name = 'x'\nsystem = 'east-doubling'\nx = {DEEP_ARRAY}\n")
    write(folder / "deeptable.toml", f"x = {DEEP_TABLE}\n")
    write(folder / "dots.toml", f"{DOTTED} = 1\n")
    write(folder / "bigfx.toml", _fx602p_rules("1" + "0" * 400))
    _fifo(folder / "pipe.toml")


def test_hostile_user_rulesets_are_listed_as_broken(run_mjtui, folders) -> None:
    _hostile_rulesets(folders["rulesets"])
    result = run_mjtui("rulesets")
    assert result.returncode == 0, result.stderr
    broken = {line.split()[0]: line for line in result.stdout.splitlines() if "BROKEN" in line}
    assert set(broken) == {"bigfx", "deep", "deeptable", "dots", "pipe"}
    assert "nested more than 32 deep" in broken["deep"]
    assert "nested more than 32 deep" in broken["deeptable"]
    assert "more than 16 dotted parts" in broken["dots"]
    assert "key 'points.coefficients[2]'" in broken["bigfx"]
    assert "is a FIFO" in broken["pipe"]
    assert "hp11c " in result.stdout  # the good ones are still offered


def test_plain_mjtui_starts_beside_hostile_user_rulesets(folders) -> None:
    _hostile_rulesets(folders["rulesets"])
    result = _start_plain_mjtui()
    assert result.returncode == 0, result.stderr
    warnings = result.stdout.splitlines()
    assert len(warnings) == 5 and all(w.startswith("Ruleset not offered: ") for w in warnings)
    assert any("is a FIFO" in w for w in warnings)


@pytest.mark.parametrize("where", ["--ruleset", "config"])
def test_plain_mjtui_refuses_a_fifo_ruleset_or_config(folders, tmp_path: Path, where) -> None:
    if where == "config":
        # A config is only advice: the app opens with the warning (never waits on it).
        from mjtui.config import read_config

        fifo = _fifo(folders["config"] / "config.toml")
        config, warnings = read_config(fifo)
        assert config == type(config)()
        assert f"{fifo}: is a FIFO" in warnings[0]
        return
    else:
        fifo = _fifo(tmp_path / "pipe.toml")
        result = _start_plain_mjtui("--ruleset", str(fifo))
    assert result.returncode == 2
    assert f"{fifo}: is a FIFO" in result.stderr


def test_stats_skip_a_session_with_huge_points(run_mjtui, folders) -> None:
    sessions = folders["data"] / "sessions"
    write(
        sessions / "a.toml",
        HEAD + "\n[[hands]]\nwinner = 1\npoints = [0, " + "1" * 401 + ", 0, 0]\n",
    )
    write(sessions / "b.toml", HEAD.replace("20:15", "21:15") + HAND)
    result = run_mjtui("stats")
    assert result.returncode == 0, result.stderr
    assert "a number of 401 digits" in result.stdout + result.stderr


def test_a_20000_digit_key_word_is_answered_at_once(run_mjtui) -> None:
    result = run_mjtui(
        "calc",
        "run",
        str(REPO / "mjtui/calc/programs/east_doubling.hp11c"),
        "--keys",
        "1" * 100_000 + "x",
    )
    assert result.returncode == 2
    assert "is not an HP-11C key" in result.stderr and len(result.stderr) < 300


def test_a_deep_session_is_refused_by_replay(run_mjtui, tmp_path: Path) -> None:
    path = write(tmp_path / "s.toml", HEAD.replace('"hp11c"', '"' + "x" * 300 + '"') + HAND)
    result = run_mjtui("replay", str(path), "--json")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "at most 100 characters" in result.stderr
    deep = write(tmp_path / "d.toml", HEAD + HAND + f"\n[[hands]]\nx = {DEEP_TABLE}\n")
    result = run_mjtui("replay", str(deep), "--json")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "hand 2 (line 10): arrays or inline tables nested more than 32 deep" in result.stderr


def test_the_sessions_folder_lists_no_fifo(folders) -> None:
    sessions = folders["data"] / "sessions"
    _fifo(sessions / "pipe.toml")
    write(sessions / "ok.toml", HEAD + HAND)
    summaries = scan(sessions, ruleset_finder(paths.ruleset_folders()))
    assert [s.path.name for s in summaries] == ["ok.toml"]
    assert summaries[0].started == datetime(2026, 11, 29, 20, 15)


def test_what_if_values_are_read_within_the_same_limits() -> None:
    from mjtui.core.reports.whatif import parse_value, variant

    assert parse_value(DEEP_ARRAY) == DEEP_ARRAY  # text, which the ruleset then refuses
    hp11c = load_ruleset(SHIPPED / "hp11c.toml")
    with pytest.raises(RulesetError, match=r"key 'payments.east_multiplier': a number of 401"):
        variant(hp11c, {"payments.east_multiplier": parse_value("1" + "0" * 400)})
