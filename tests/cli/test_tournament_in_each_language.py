"""`mjtui tournament` in Japanese and simplified Chinese: each family of its commands (new,
seat and sheet, penalty, substitute, timer, standings, play's and the folder's
refusals, serve, the options' help) run in process in both languages, and no word of
the interface left in English in what they print (test_snapshots_languages.py's check,
on the output with its commands, options, links and the players' names taken out); the
seating's and the standings' tables line up by cells with names in three scripts; what
machines read (the JSON, the CSV header, the EMA file) is the same in every language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_commands_in_each_language import run
from test_snapshots_languages import NAMES, english_left

from mjtui.cli.entry import main
from mjtui.core import language
from mjtui.core.cells import cells
from mjtui.core.tournament.tournament_file import TOP_KEYS

LANGUAGES = ("ja", "zh_Hans")
NAME = "春季杯"
# What stays in Latin letters in a sentence: a command or a file as it is typed, an
# option, a metavar (PLAYER, AMOUNT), a link, the ruleset's id.
_TYPED = re.compile(
    r"`[^`]*`"
    r"|\{[^}]*\}"  # a JSON's keys, or an option's choices, as they are typed
    r"|\b(?:random|swiss|interval|text|csv|ema|md|html|json)\b"  # values typed as options take them
    r"|mjtui(?: (?:[A-Za-z0-9_./:=-]+|'[^']*'))+"
    r"|\S*https?://\S*|\S*/t/[A-Za-z0-9_-]+"
    r"|--?[a-z][a-z-]*(?:[ =](?:[A-Z]+(?:\.[a-z]+)?\b|\{[^}]*\}|[a-z]+,[a-z,]+))?"
    r"|(?<![A-Za-z])[A-Z]{2,}(?![A-Za-z])(?:[ =][A-Z]+\b)?"
    r"|^mjtui:|Ctrl\+C|riichi-ema|tournament\.toml|tournaments/NAME|round-\d+_table-\d+\.toml",
    re.M,
)
# argparse's own words around the help we give (argparse's wording is not this file's).
# argparse's own lines: the usage (the first paragraph, in whatever language argparse
# speaks) and the help option's line.
_ARGPARSE = re.compile(r"\A.*?\n\n|-h, --help[^\n]*")


def english_words(text: str, *data: str) -> list[str]:
    """The words of the interface left in English in ``text``: english_left, and the
    words its ALLOWED lets by that the tournament's sentences say ("table", "all"), once
    what is typed as it is and the names of ``data`` (paths, names) are taken out."""
    for given in sorted(data, key=len, reverse=True):
        text = text.replace(given, " ")
    text = _TYPED.sub(" ", text)
    lines = text.splitlines()
    return english_left(lines) + re.findall(r"\b(?:[Tt]ables?|all)\b", text)


def test_the_check_finds_english_beside_what_is_typed() -> None:
    said = "mjtui: 第1回戦: still playing: table 3 (`mjtui tournament seat` --force PLAYER)"
    assert english_words(said) == ["playing", "still", "table"]
    assert english_words("次: mjtui tournament seat '春季杯' --round 1 (EMA番号, riichi-ema)") == []


def new(tmp_path: Path, capsys: pytest.CaptureFixture[str], spoken: str) -> tuple[Path, str]:
    """Eight players named in Japanese, Chinese and Latin letters, two teams; no round
    seated: the folder, and what `new` said."""
    names = [*NAMES["ja"], *NAMES["zh_Hans"]]
    players = tmp_path / "players.csv"
    players.write_text("".join(f"{n},{'東' if i % 2 else '西'}\n" for i, n in enumerate(names)))
    folder = tmp_path / "t"
    argv = ["tournament", "new", NAME, "--ruleset", "riichi-ema", "--rounds", "3"]
    more = ["--players", str(players), "--seed", "2", "--folder", str(folder), "--minutes", "60"]
    code, out, err = run(capsys, spoken, *argv, *more)
    assert code == 0, err
    return folder, out


@pytest.fixture
def tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return new(tmp_path, capsys, "en")[0]


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_new(spoken: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, out = new(tmp_path, capsys, spoken)
    assert english_words(out, str(folder)) == []
    command = f"mjtui tournament seat '{NAME}' --round 1"
    assert out.splitlines()[-1] == ("次: " if spoken == "ja" else "下一步：") + command


def said(
    capsys: pytest.CaptureFixture[str], spoken: str, folder: Path, step: str, *argv: str
) -> tuple[int, str, str]:
    return run(capsys, spoken, "tournament", step, NAME, *argv, "--folder", str(folder))


def columns(line: str) -> list[tuple[int, int]]:
    """Where each cell of a table's line starts and ends, in terminal cells (cells are
    two spaces or more apart)."""
    found = []
    for m in re.finditer(r"\S+(?: \S+)*", line):
        start = cells(line[: m.start()])
        found.append((start, start + cells(m.group())))
    return found


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_seat_and_its_sheet(
    spoken: str, tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = said(capsys, spoken, tournament, "seat", "--round", "1")
    assert code == 0, err
    assert english_words(out, *NAMES["ja"], *NAMES["zh_Hans"]) == []
    lines = out.splitlines()
    table = lines[1:4]  # the heading, then the tables, each East first
    assert table[0].split()[:2] == (["卓", "東"] if spoken == "ja" else ["桌", "东"])
    # Each wind's column starts in the same cell on every line, names in three scripts.
    edges = [columns(line) for line in table]
    assert len({e[0][1] for e in edges}) == 1, table  # the tables' numbers, to the right
    assert len({tuple(start for start, _end in e[1:]) for e in edges}) == 1, table
    assert any(not name.isascii() for name in table[1].split()[1:])
    code, _out, err = said(capsys, spoken, tournament, "seat", "--round", "1")
    assert code == 2 and english_words(err, str(tournament)) == []
    code, sheet, _err = said(capsys, spoken, tournament, "sheet", "--url", "http://h:8000")
    assert code == 0 and english_words(sheet.replace("Markdown", "")) == []
    assert (
        "| 卓 | 東 | 南 | 西 | 北 |" if spoken == "ja" else "| 桌 | 东 | 南 | 西 | 北 |"
    ) in sheet


def test_the_seating_s_json_is_the_same_in_every_language(
    tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said(capsys, "en", tournament, "seat", "--round", "1")
    found = [
        json.loads(said(capsys, spoken, tournament, "seat", "--round", "1", "--force", "--json")[1])
        for spoken in ("en", *LANGUAGES)
    ]
    assert found[0] == found[1] == found[2]


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_penalties_given_listed_and_cancelled(
    spoken: str, tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said(capsys, spoken, tournament, "seat", "--round", "1")
    player = NAMES["ja"][0]
    outs = [
        said(capsys, spoken, tournament, "penalty", player, "2000", "--reason", "遅刻")[1],
        said(capsys, spoken, tournament, "penalty", "--list")[1],
        said(capsys, spoken, tournament, "penalty", "--cancel", "1")[1],
        said(capsys, spoken, tournament, "penalty", "--list")[1],
    ]
    assert all(outs)
    assert [english_words(out, player, "遅刻") for out in outs] == [[], [], [], []]
    assert ("合計から2を引く" if spoken == "ja" else "总分扣 2") in outs[0]
    refusals = [
        said(capsys, spoken, tournament, "penalty", "誰か", "1000", "--reason", "x"),
        said(capsys, spoken, tournament, "penalty", player, "two", "--reason", "x"),
        said(capsys, spoken, tournament, "penalty", player, "1000"),
        said(capsys, spoken, tournament, "penalty", "--cancel", "1"),
        said(capsys, spoken, tournament, "penalty", "--cancel", "9"),
        said(capsys, spoken, tournament, "penalty"),
    ]
    assert [code for code, _out, _err in refusals] == [2] * len(refusals)
    assert [english_words(err, "誰か", NAME, "'two'") for _c, _o, err in refusals] == [[]] * 6


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_a_substitute_and_the_clock(
    spoken: str, tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    player = NAMES["zh_Hans"][1]
    answers = [
        said(capsys, spoken, tournament, "timer"),  # no round seated yet: refused
        said(capsys, spoken, tournament, "seat", "--round", "1"),
        said(capsys, spoken, tournament, "timer"),
        said(capsys, spoken, tournament, "timer", "--start", "--extra", "2", "5"),
        said(capsys, spoken, tournament, "substitute", player, "佐藤", "--round", "2"),
        said(capsys, spoken, tournament, "substitute", player, player, "--round", "2", "--to", "3"),
        said(capsys, spoken, tournament, "substitute", player, "佐藤", "--round", "9"),
        said(capsys, spoken, tournament, "timer", "--extra", "9", "5"),
    ]
    assert [code for code, _out, _err in answers] == [2, 0, 0, 0, 0, 0, 2, 2]
    words = [english_words(out + err, player, "佐藤", *NAMES["ja"]) for _c, out, err in answers]
    assert words == [[]] * len(answers)
    clock = answers[3][1]
    assert ("残り" if spoken == "ja" else "剩余") in clock and "+5" in clock


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_standings_and_the_team_standings(
    spoken: str, tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said(capsys, spoken, tournament, "seat", "--round", "1")
    said(capsys, spoken, tournament, "penalty", NAMES["ja"][2], "2000", "--reason", "遅刻")
    said(capsys, spoken, tournament, "timer", "--start")
    outs = {
        form: said(capsys, spoken, tournament, "standings", *argv)
        for form, argv in {
            "text": (),
            "md": ("--format", "md"),
            "teams": ("--teams",),
            "teams md": ("--teams", "--format", "md"),
        }.items()
    }
    assert {form: code for form, (code, _o, _e) in outs.items()} == dict.fromkeys(outs, 0)
    names = (*NAMES["ja"], *NAMES["zh_Hans"], "遅刻", "東", "西")
    left = {form: english_words(out, *names) for form, (_c, out, _e) in outs.items()}
    assert left == {form: [] for form in outs}
    # The names' column starts, the total's and the base rank's end, in one cell each.
    lines = outs["text"][1].splitlines()
    rows = [line for line in lines[1:] if re.match(r"\s*=?\d+\s", line)]
    table = [lines[1], *rows]
    assert len(rows) == 8 and any(not row.isascii() for row in rows)
    edges = [columns(line) for line in table]
    assert len({e[1][0] for e in edges}) == 1, table  # the names, to the left
    assert len({e[2][1] for e in edges}) == 1, table  # the totals, to the right
    assert len({e[-1][1] for e in edges}) == 1, table  # the base rank, to the right
    refused = said(capsys, spoken, tournament, "standings", "--teams", "--format", "ema")
    assert refused[0] == 2 and english_words(refused[2], "text", "csv") == []  # as typed


def test_what_machines_read_is_the_same_in_every_language(
    tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said(capsys, "en", tournament, "seat", "--round", "1")
    said(capsys, "en", tournament, "penalty", NAMES["ja"][2], "2000", "--reason", "遅刻")
    for argv in (("--json",), ("--teams", "--json")):
        found: list[Any] = []
        for spoken in ("en", *LANGUAGES):
            document = json.loads(said(capsys, spoken, tournament, "standings", *argv)[1])
            document.pop("tables", None)  # the games' state, read at each run
            found.append(document)
        assert found[0] == found[1] == found[2]
    for form in ("csv", "ema"):
        outs = [
            said(capsys, spoken, tournament, "standings", "--format", form)[1]
            for spoken in ("en", *LANGUAGES)
        ]
        assert outs[0] == outs[1] == outs[2]


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_refusals_of_play_and_of_the_folder(
    spoken: str, tournament: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "nothing"
    answers = [
        said(capsys, spoken, tournament, "play", "--table", "1"),
        said(capsys, spoken, tournament, "seat", "--round", "2"),
        said(capsys, spoken, tournament, "seat", "--round", "9"),
        said(capsys, spoken, elsewhere, "standings"),
        run(capsys, spoken, "tournament", "standings", "秋季杯", "--folder", str(tournament)),
        run(
            capsys,
            spoken,
            "tournament",
            "new",
            "x",
            "--ruleset",
            "riichi-ema",
            "--rounds",
            "99",
            "--players",
            "p.csv",
            "--folder",
            str(elsewhere),
        ),
    ]
    files = {"empty.csv": "", "twice.csv": "山田\n山田\n", "wide.csv": "a,b,c,d,e\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        argv = ["--rounds", "1", "--players", str(tmp_path / name), "--folder", str(elsewhere)]
        answers.append(
            run(capsys, spoken, "tournament", "new", "x", "--ruleset", "riichi-ema", *argv)
        )
    seating = tmp_path / "seating.csv"
    seating.write_text("山田太郎,鈴木,Ann,陳美玲\n山田太郎,李娜,张敏,Mary\n", encoding="utf-8")
    answers.append(said(capsys, spoken, tournament, "seat", "--round", "1", "--csv", str(seating)))
    toml = tournament / "tournament.toml"
    kept = toml.read_text(encoding="utf-8")
    for wrong in ('rounds = "three"', "rounds = 3\nround = 1"):
        toml.write_text(kept.replace("rounds = 3", wrong, 1), encoding="utf-8")
        answers.append(said(capsys, spoken, tournament, "standings"))
    toml.write_text(kept, encoding="utf-8")
    assert [code for code, _out, _err in answers] == [2] * len(answers)
    paths = (str(elsewhere / "tournament.toml"), str(tournament / "tournament.toml"))
    known = ", ".join(sorted(TOP_KEYS))  # the file's keys, as spelled
    paths += ("'rounds'", "'round'", "'three'", known)
    paths += (*(str(tmp_path / name) for name in [*files, "seating.csv"]), "山田太郎", "山田")
    words = [english_words(err, *paths, "秋季杯") for _c, _o, err in answers]
    assert words == [[]] * len(answers)


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_serve_says_its_lines_and_its_pages_in_the_language(
    spoken: str, tournament: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    from mjtui.cli.tournament_serve import HallServer

    def serve(self: HallServer, ready: Any = None) -> None:
        ready()

    monkeypatch.setattr(HallServer, "serve", serve)
    code, _out, err = said(capsys, spoken, tournament, "serve")
    assert code == 0 and english_words(err) == []
    said(capsys, spoken, tournament, "seat", "--round", "1")
    code, _out, err = said(capsys, spoken, tournament, "serve", "--port", "0")
    assert code == 2 and english_words(err) == []
    code, _out, err = said(capsys, spoken, tournament, "serve")
    assert code == 0 and english_words(err) == [] and err.count("/t/") == 2
    links = tournament / "links.toml"
    kept = links.read_text(encoding="utf-8")
    links.write_text("extra = 1\n" + kept, encoding="utf-8")
    code, _out, err = said(capsys, spoken, tournament, "serve")
    keys = (str(links), "'extra'", "format, round")  # the file's and its keys, as spelled
    assert code == 2 and "extra" in err and english_words(err, *keys) == []
    links.write_text(kept, encoding="utf-8")
    # The pages a phone is given instead of a table's game, and what the hall says of a
    # folder without its tournament.
    language.install(spoken)
    from mjtui.core.tournament.hall import HallFollower

    hall = HallFollower(tournament.parent, NAME)
    hall.poll()
    assert hall.error and english_words(hall.error, str(tournament.parent)) == []
    server = HallServer(tournament, NAME, 2, host="127.0.0.1", port=0, hall_clients=1)
    _where, wrong = server.table_of("x")
    server.halls = 1
    full = server._hall_full()
    assert wrong is not None and full is not None
    for page in (wrong, full):
        body = (page.text or "").partition("<body>")[2]
        text = re.sub(r"<[^>]*>", " ", body)
        assert text.strip() and english_words(text) == [], text
        assert f'lang="{"ja" if spoken == "ja" else "zh-Hans"}"' in (page.text or "")


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_help_of_each_step(
    spoken: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each step's --help: its description and its options' lines in the language (the
    words argparse writes around them are argparse's), wrapped within the width by cells."""
    monkeypatch.setenv("COLUMNS", "80")
    steps = ["new", "seat", "play", "standings", "penalty", "substitute", "timer", "sheet"]
    for step in [*steps, "serve", "hall", "director"]:
        with pytest.raises(SystemExit):
            main(["--language", spoken, "tournament", step, "--help"])
        out = capsys.readouterr().out
        said = _ARGPARSE.sub(" ", out)
        assert english_words(said, "Markdown", "html") == [], step  # a format as typed
        assert all(cells(line) <= 80 for line in out.splitlines()), step


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_director_s_desk_answers_in_the_language(spoken: str, tournament: Path) -> None:
    """What the director's app says after each change (its desk: cli/tournament.py's
    TournamentDesk, the same steps as the commands), and its refusals."""
    from mjtui.cli.tournament import TournamentDesk
    from mjtui.core.errors import MjtuiError

    language.install(spoken)
    desk = TournamentDesk(NAME, tournament)
    player = NAMES["ja"][0]
    answers = [
        desk.seat(1, "swiss", False),
        desk.clock(1, True, (2, 5)),
        desk.penalty(player, 1000, "遅刻", 1),
        desk.cancel(1),
        desk.substitute(player, "佐藤", 2, 3),
        desk.seating_text(1),
    ]
    for change in (
        lambda: desk.seat(1, "random", False),
        lambda: desk.penalty("誰か", 1000, "遅刻", 1),
        lambda: desk.cancel(1),
        lambda: desk.substitute(player, "佐藤", 2, 9),
    ):
        with pytest.raises(MjtuiError) as refused:
            change()
        answers.append(str(refused.value))
    names = (*NAMES["ja"], *NAMES["zh_Hans"], "遅刻", "佐藤", "誰か")
    assert [english_words(answer, *names) for answer in answers] == [[]] * len(answers)
    assert ("、卓2 +5分" if spoken == "ja" else "，第2桌 +5分钟") in answers[1]
