"""The commands' own messages in the language spoken: the Tenhou import's report and
errors (riichi's words in Japanese, the command's in each language), the export's
usage errors, `mjtui folders` and `mjtui rulesets`. English stays as it was (the tests
of each command read it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_argparse_words import left, run

from mjtui.core.cells import cells

LOGS = Path(__file__).resolve().parents[1] / "data" / "tenhou6"
GAME = LOGS / "2019081518gm-00a9-0000-cce9d00c.json"  # two hands differ under riichi-wrc


def test_the_tenhou_import_reports_in_japanese(capsys, tmp_path: Path) -> None:
    argv = ("import", "tenhou6", str(GAME), "--ruleset", "riichi-wrc")
    output = ("--output", str(tmp_path / "s.toml"))
    code, out, err = run(capsys, "--language", "ja", *argv, *output)
    assert code == 3 and err == ""
    lines = out.splitlines()
    assert lines[-2] == "16局中14局が完全に一致、2局が異なる"
    assert lines[-1].endswith("を書き出しました (16局、riichi-wrc)")
    assert "第1局 (E1): こちら [-8000, 0, +9000, 0]、牌譜 [-7700, 0, +8700, 0]: " in out
    assert [w for w in left(out) if w not in ("wrc", "true")] == []  # red_fives = true
    code, english, _ = run(capsys, *argv, *output, "--force")
    assert "14 of 16 hands reproduce exactly; 2 differ" in english


@pytest.mark.parametrize(
    ("argv", "japanese"),
    [
        (("import",), "牌譜の FORMAT と LOG ファイルを指定してください (形式: tenhou6)"),
        (("import", "nosuch", "x.json"), "'nosuch' の牌譜を読める計算方式はインストール"),
        (("import", "tenhou6", str(GAME), "--ruleset", "hp11c"), "リーチ麻雀のルールを選んで"),
        (
            ("import", "tenhou6", str(LOGS / "sanma" / "2024010120gm-00b9-0000-ef5da89f.json"),
             "--ruleset", "riichi-tenhou"),
            "3人の tenhou.net/6 の牌譜には三人麻雀のルールが必要です (riichi-sanma)",
        ),
    ],
)  # fmt: skip
def test_the_import_s_errors_in_japanese(capsys, argv: tuple[str, ...], japanese: str) -> None:
    code, _out, err = run(capsys, "--language", "ja", *argv)
    assert code == 2 and japanese in err
    assert [w for w in left(err) if w not in ("nosuch", "json")] == []


def test_a_log_that_is_no_json_says_so_in_japanese(capsys, tmp_path: Path) -> None:
    log = tmp_path / "log.json"
    log.write_text('{"name": ["a", "b", "c", "d"], "log": [[1]]}', encoding="utf-8")
    code, _out, err = run(capsys, "--language", "ja", "import", "tenhou6", str(log))
    assert code == 2
    assert "牌譜のどの局も riichi-tenhou で計算できません: 第1局: 局の開始、4 × (配牌" in err
    log.write_bytes(b"\xff")
    code, _out, err = run(capsys, "--language", "ja", "import", "tenhou6", str(log))
    assert code == 2 and "UTF-8 のテキストではありません (0バイト目)" in err


@pytest.mark.parametrize(
    ("spoken", "itself", "which"),
    [
        ("ja", "は対局ファイルそのものです", "書き出す形式を指定してください: --format"),
        ("zh_Hans", "就是对局文件本身", "请指定要写的格式：--format"),
        ("zh_Hant", "就是對局檔案本身", "請指定要寫的格式：--format"),
    ],
)
def test_the_export_s_usage_errors_in_the_language(
    capsys, tmp_path: Path, spoken: str, itself: str, which: str
) -> None:
    session = tmp_path / "s.toml"
    run(capsys, "import", "tenhou6", str(LOGS / "double_ron.json"), "--output", str(session))
    argv = ("export", str(session))
    code, _out, err = run(capsys, "--language", spoken, *argv, "-o", str(session), "--format=csv")
    assert code == 2 and itself in err and left(err) == []
    code, _out, err = run(capsys, "--language", spoken, *argv, "-o", str(tmp_path / "s.txt"))
    assert code == 2 and which in err and left(err) == []
    code, _out, err = run(capsys, *argv, "-o", str(tmp_path / "s.txt"))
    # A riichi session: its system's own format (pantheon) is named with mjtui's.
    assert "say which format to write: --format csv, json, md, results, pantheon\n" in err


@pytest.mark.parametrize("spoken", ["ja", "zh_Hans"])
def test_folders_and_rulesets_in_the_language(capsys, spoken: str) -> None:
    code, out, _err = run(capsys, "--language", spoken, "folders")
    assert code == 0 and left(out) == []
    starts = {cells(line[: line.index("/")]) for line in out.splitlines()}
    assert len(starts) == 1  # the folders line up, whatever the labels' widths
    code, _out, err = run(capsys, "--language", spoken, "rulesets")
    assert code == 0 and left(err) == []


@pytest.mark.parametrize(
    ("spoken", "words"),
    [
        ("ja", ("Error 0: 不正な計算: 0 による割り算", "2行目: ステップ 002 の", "1以上の整数")),
        ("zh_Hans", ("Error 0: 不正确的数学运算: 除以零", "第 2 行：应为第 002 步", "需要 1 或更")),
    ],
)  # fmt: skip
def test_the_calculators_errors_in_the_language(
    capsys, tmp_path: Path, spoken: str, words: tuple[str, str, str]
) -> None:
    """The emulated display keeps the machine's "Error 0"; what it means is said."""
    code, out, err = run(capsys, "--language", spoken, "calc", "run", "east_doubling",
                         "--keys", "0 ENTER 0 /")  # fmt: skip
    assert out == "Error 0\n" and words[0] in err and left(err) == ["Error"]  # the display's
    listing = tmp_path / "l.txt"
    listing.write_text("001 LBL A\n003 +\n", encoding="utf-8")
    code, _out, err = run(capsys, "--language", spoken, "calc", "show", str(listing))
    assert code == 2 and words[1] in err and left(err) == []
    code, _out, err = run(
        capsys, "--language", spoken, "calc", "autoplay-fx602p", "x", "--hands", "0"
    )
    assert code == 2 and words[2] in err and left(err) == []
    code, _out, err = run(capsys, "calc", "run", "east_doubling", "--keys", "0 ENTER 0 /")
    assert "Error 0: improper math operation: division by zero" in err


@pytest.mark.parametrize(
    ("argv", "japanese", "chinese"),
    [
        (("league", "--since", "x"), "2026-11-01 のような日付", "需要 2026-11-01 这样的日期"),
        (("league", "--system", "nosuch"), "という計算方式はありません", "的计分系统"),
        (("board", "/no/such.toml"), "その対局ファイルはありません", "没有这个对局文件"),
    ],
)  # fmt: skip
def test_the_league_board_and_serve_errors_in_the_language(
    capsys, argv: tuple[str, ...], japanese: str, chinese: str
) -> None:
    for spoken, said in (("ja", japanese), ("zh_Hans", chinese)):
        code, _out, err = run(capsys, "--language", spoken, *argv)
        assert code == 2 and said in err
        assert [w for w in left(err) if w not in ("nosuch", "such", "toml")] == []


def test_the_seats_and_serve_errors_in_the_language(capsys, tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    run(capsys, "import", "tenhou6", str(LOGS / "double_ron.json"), "--output", str(session))
    for spoken, said in (("ja", "1から65535が必要です"), ("zh_Hans", "需要 1 到 65535")):
        code, _out, err = run(capsys, "--language", spoken, "serve", str(session), "--port", "0")
        assert code == 2 and said in err and left(err) == []
    for spoken, said in (("ja", "--from は --swap か"), ("zh_Hans", "--from 要与 --swap")):
        code, _out, err = run(capsys, "--language", spoken, "seats", str(session), "--from", "2")
        assert code == 2 and said in err and left(err) == []


def test_a_file_that_cannot_be_read_says_why_in_the_language(capsys, tmp_path: Path) -> None:
    """The core's messages of a file (a folder, a session's keys) through the commands."""
    session = tmp_path / "s.toml"
    run(capsys, "import", "tenhou6", str(LOGS / "double_ron.json"), "--output", str(session))
    text = session.read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('format = "mjtui-session/1"', 'format = "nope"'), "utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    for spoken, said in [
        ("ja", ("フォルダーで、mjtui が読めるファイルではありません", "キー 'format': 'mjtui-")),
        ("zh_Hans", ("是文件夹，不是 mjtui 能读的文件", "键 'format'：应为 'mjtui-")),
    ]:
        for path, words in zip((folder, wrong), said, strict=True):
            code, _out, err = run(capsys, "--language", spoken, "export", str(path), "--format=csv")
            assert code == 2 and words in err
            assert [w for w in left(err) if w not in ("nope", "session")] == []
    code, _out, err = run(capsys, "export", str(folder), "--format=csv")
    assert "is a folder, not a file mjtui can read" in err


def test_riichi_s_tools_and_pantheon_export_refuse_in_japanese(capsys, tmp_path: Path) -> None:
    argv = ("points", "riichi-tenhou", "--honba", "-1", "--han", "3", "--fu", "30", "--ron")
    code, _out, err = run(capsys, "--language", "ja", *argv)
    assert code == 2 and "--honba は0以上です (-1 が指定されています)" in err and left(err) == []
    session = tmp_path / "s3.toml"
    sanma = LOGS / "sanma" / "2024010120gm-00b9-0000-ef5da89f.json"
    run(capsys, "import", "tenhou6", str(sanma), "--output", str(session))
    code, _out, err = run(capsys, "--language", "ja", "export", str(session), "--format=pantheon")
    assert code == 2 and "Pantheon のテキスト牌譜は四人麻雀専用です" in err
    assert [w for w in left(err) if w != "Pantheon"] == []


@pytest.mark.parametrize(
    ("spoken", "argv", "said"),
    [
        ("zh_Hans", ("hand", "mcr", "123m456p789s11345z", "--self-draw"), "这些牌不是和牌"),
        ("zh_Hant", ("hand", "hk-common", "123m456p789s11345z", "--self-draw"), "這些牌不是糊牌"),
        ("ja", ("hand", "fx602p", "123456779", "--tsumo"), "は3面子 (刻子か順子) ではありません"),
        ("zh_Hans", ("hand", "fx602p", "123456780", "--tsumo"), "牌是数字 1-9"),
        ("ja", ("waits", "riichi-sanma", "123m456p789s1112z"), "2m は三人麻雀の牌にありません"),
        (
            "ja",
            ("hand", "riichi-tenhou", "123m456p789s2355s4s", "--ippatsu"),
            "一発にはリーチが必要です",
        ),
    ],
)
def test_the_systems_refusals_of_tiles_in_their_languages(
    capsys, spoken: str, argv: tuple[str, ...], said: str
) -> None:
    code, _out, err = run(capsys, "--language", spoken, *argv)
    assert code == 2 and said in err and left(err) == []


def test_the_tournament_s_own_file_checks_in_the_language(capsys, tmp_path: Path) -> None:
    """The core's checks of a tournament's players file (cli/tournament.py's own words
    are translated apart)."""
    players = tmp_path / "players.csv"
    players.write_text("Ann\nann\n", encoding="utf-8")
    argv = ("tournament", "new", "t", "--players", str(players), "--ruleset", "riichi-tenhou")
    for spoken, said in (
        ("ja", "2行目: 'ann' はすでに1行目にあります"),
        ("zh_Hans", "第 2 行：'ann' 已在第 1 行"),
    ):
        code, _out, err = run(capsys, "--language", spoken, *argv, "--rounds", "2")
        assert code == 2 and said in err and left(err) == []


def test_the_formats_are_listed_in_their_system_s_words(capsys) -> None:
    code, out, _err = run(capsys, "--language", "ja", "import", "--formats")
    assert (
        code == 0 and out == "tenhou6: tenhou.net/6 の JSON 牌譜 (各局の支払いを牌譜のものと照合)\n"
    )
    _code, english, _err = run(capsys, "import", "--formats")
    assert (
        english
        == "tenhou6: a tenhou.net/6 JSON log, each hand's payment checked against the log's\n"
    )
