"""`mjtui tournament serve`'s pages (cli/tournament_serve.py): a table's secret link opens
that table's game and no other, one browser at a time; a wrong or old link, a full hall
or a game open on a laptop gets a page that says so and starts no process; the hall's
viewers are counted apart from the tables'; every limit of `mjtui serve` still holds.

The server runs in the test's own event loop with the stand-in board of
tests/serve_fake_board.py for each process (it says its pid; what it was started for is
read from its command line). All traffic is to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import io
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from html import unescape
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from test_serve_limits import WAIT, connect, pids, report, running, until
from tournament_helpers import TWO_HANDS, make, play, save, seated

from mjtui.cli.serving import Say
from mjtui.cli.tournament_serve import HallServer, mjtui_command
from mjtui.core.sessions.lock import SessionLock
from mjtui.core.tournament.links import LINKS_FILE, Links, save_links
from mjtui.core.tournament.model import game_file

FAKE = Path(__file__).resolve().parents[1] / "serve_fake_board.py"
R1 = [["P0", "P1", "P2", "P3"], ["P4", "P5", "P6", "P7"], ["P8", "P9", "P10", "P11"]]


def started_for(pid: int) -> list[str]:
    """What a stand-in process was started for: ["hall"], or ["table", R, T]."""
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        return [a.decode() for a in f.read().split(b"\0")[5:-1]]


@pytest.fixture
def hall_folder(tmp_path: Path) -> tuple[Path, Any, Links]:
    folder = tmp_path / "t"
    t = seated(make(12), 1, R1)
    save(t, folder)
    links = Links().made_for(1, 3)
    save_links(links, folder / LINKS_FILE)
    return folder, t, links


@asynccontextmanager
async def serving(
    tmp_path: Path, folder: Path, hall_clients: int = 2
) -> AsyncIterator[tuple[HallServer, str, io.StringIO]]:
    said = io.StringIO()
    pidfile = str(tmp_path / "pids")

    def command(kind: str, number: int, table: int) -> list[str]:
        return [sys.executable, "-I", str(FAKE), "plain", pidfile, kind, str(number), str(table)]

    server = HallServer(
        folder,
        "Club Night",
        3,
        host="127.0.0.1",
        port=0,
        hall_clients=hall_clients,
        command=command,
        say=Say(said),
    )
    port = await server.start()
    try:
        yield server, f"127.0.0.1:{port}", said
    finally:
        try:
            await asyncio.wait_for(server.close(), WAIT)
        finally:
            left = [pid for pid in pids(tmp_path) if running(pid)]
            for pid in left:
                os.kill(pid, signal.SIGKILL)
    assert not left


def open_table(
    http: aiohttp.ClientSession, where: str, secret: str, origin: str | None = "same"
) -> Any:
    headers = (
        {} if origin is None else {"Origin": f"http://{where}" if origin == "same" else origin}
    )
    return http.ws_connect(f"http://{where}/t/{secret}/ws", headers=headers)


async def refused(
    http: aiohttp.ClientSession, where: str, secret: str, status: int, origin: str = "same"
) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as e:
        await open_table(http, where, secret, origin)
    assert e.value.status == status


async def test_a_table_s_link_opens_its_own_game_one_browser_at_a_time(
    tmp_path: Path, hall_folder
) -> None:
    folder, _t, links = hall_folder
    first, second, _third = links.of(1)
    async with (
        serving(tmp_path, folder) as (server, where, said),
        aiohttp.ClientSession() as http,
    ):
        async with http.get(f"http://{where}/t/{first}") as page:
            text = unescape(await page.text())
            assert page.status == 200 and f"ws://{where}/t/{first}/ws" in text
            assert "Club Night · table 1" in text
            assert page.headers["Referrer-Policy"] == "no-referrer"
        one = await open_table(http, where, first)
        pid = (await report(one))["pid"]
        assert started_for(pid) == ["table", "1", "1"]
        # A second browser on the same link: a message, and no process.
        async with http.get(f"http://{where}/t/{first}") as page:
            assert page.status == 409 and "Table 1 is being scored" in unescape(await page.text())
        await refused(http, where, first, 409)
        assert pids(tmp_path) == [pid]
        # Another table's link opens that table's game.
        async with open_table(http, where, second) as two:
            assert started_for((await report(two))["pid"]) == ["table", "1", "2"]
        # The first browser leaves: the link opens the game again.
        await one.close()
        await until(lambda: not running(pid) and not server.scoring, "the first to end")
        async with open_table(http, where, first) as again:
            assert started_for((await report(again))["pid"]) == ["table", "1", "1"]
        # Every limit of `mjtui serve` holds on a table's websocket: the Origin first.
        await refused(http, where, second, 403, origin="http://evil.example")
        assert first not in said.getvalue() and second not in said.getvalue()
        assert len(pids(tmp_path)) == 3


async def test_a_wrong_or_old_link_gets_a_message_and_starts_nothing(
    tmp_path: Path, hall_folder
) -> None:
    folder, t, links = hall_folder
    first, second, third = links.of(1)
    async with (
        serving(tmp_path, folder) as (_server, where, _said),
        aiohttp.ClientSession() as http,
    ):
        for wrong in (first[:-1] + ("A" if first[-1] != "A" else "B"), "x", "%3Cscript%3E" * 2):
            async with http.get(f"http://{where}/t/{wrong}") as page:
                text = unescape(await page.text())
                assert page.status == 404 and "Not a table's link" in text, wrong
                assert "<script>" not in await page.text()
            await refused(http, where, wrong, 404)
        # Round 2 seated: round 1's links are old, but for a table still playing it.
        play(t, folder, 1, 2, TWO_HANDS)
        t2 = seated(t, 2, R1[::-1])
        save(t2, folder)
        save_links(links.made_for(2, 3), folder / LINKS_FILE)
        async with http.get(f"http://{where}/t/{first}") as page:
            text = unescape(await page.text())
            assert page.status == 410 and "table 1's in round 1; round 2 is being played" in text
        await refused(http, where, third, 410)
        async with http.get(f"http://{where}/t/{second}") as page:
            assert page.status == 200  # table 2 still plays round 1
        assert pids(tmp_path) == []


async def test_the_hall_is_public_and_counted_apart_from_the_tables(
    tmp_path: Path, hall_folder
) -> None:
    folder, _t, links = hall_folder
    async with (
        serving(tmp_path, folder, hall_clients=1) as (server, where, _said),
        aiohttp.ClientSession() as http,
    ):
        assert server.limits.max_clients == 1 + 3  # the hall's one, and one a table
        async with http.get(f"http://{where}/") as page:
            assert page.status == 200 and f"ws://{where}/ws" in unescape(await page.text())
        async with connect(http, where) as hall:
            assert started_for((await report(hall))["pid"]) == ["hall", "0", "0"]
            async with http.get(f"http://{where}/") as page:
                assert page.status == 503 and "The hall page is full" in unescape(await page.text())
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await connect(http, where)
            assert e.value.status == 503
            # The hall is full; the tables still get their games.
            async with open_table(http, where, links.of(1)[2]) as table:
                assert started_for((await report(table))["pid"]) == ["table", "1", "3"]
        assert len(pids(tmp_path)) == 2


async def test_a_game_open_on_a_laptop_is_said_to_be_scored_there(
    tmp_path: Path, hall_folder
) -> None:
    folder, _t, links = hall_folder
    held = SessionLock.take(folder / game_file(1, 1))
    if held.warning is not None:  # a folder that cannot hold locks
        held.release()
        pytest.skip(held.warning)
    try:
        async with (
            serving(tmp_path, folder) as (_server, where, _said),
            aiohttp.ClientSession() as http,
        ):
            async with http.get(f"http://{where}/t/{links.of(1)[0]}") as page:
                text = unescape(await page.text())
                assert page.status == 409 and f"is open in mjtui pid {os.getpid()}" in text
            await refused(http, where, links.of(1)[0], 409)
            assert pids(tmp_path) == []
    finally:
        held.release()


def test_the_processes_are_mjtui_s_hall_and_the_table_s_play() -> None:
    command = mjtui_command("Spring Open", Path("/srv/t"))
    assert command("hall", 0, 0)[1:] == [
        "-m", "mjtui", "tournament", "hall", "Spring Open", "--folder", "/srv/t",
    ]  # fmt: skip
    assert command("table", 2, 7)[4:] == [
        "play", "Spring Open", "--folder", "/srv/t", "--table", "7", "--round", "2",
    ]  # fmt: skip
    # Told a language, the server's processes speak it too.
    spoken = mjtui_command("Spring Open", Path("/srv/t"), "ja")
    assert spoken("hall", 0, 0)[1:6] == ["-m", "mjtui", "--language", "ja", "tournament"]


def test_serve_reads_the_folder_first_and_serves_nothing_while_a_file_is_wrong(
    hall_folder, monkeypatch, capsys
) -> None:
    """A broken tournament.toml, a damaged game, a game of other rules or a broken
    links.toml: said with its file and key or hand, exit 2, no server started; a whole
    folder (a game still arriving included) is served."""
    from mjtui.cli import entry

    folder, t, _ = hall_folder
    served: list[bool] = []

    def serve(self: HallServer, ready: Any = None) -> None:
        served.append(True)

    monkeypatch.setattr(HallServer, "serve", serve)

    def run() -> tuple[int, str]:
        code = entry.main(["tournament", "serve", "Club Night", "--folder", str(folder)])
        return code, capsys.readouterr().err

    path = play(t, folder, 1, 1, TWO_HANDS)
    code, err = run()
    assert code == 0 and served == [True]
    # A hand that cannot be read: the file and the hand named, nothing served.
    whole = path.read_text(encoding="utf-8")
    assert whole.count("han = 3") == 1
    path.write_text(whole.replace("han = 3", 'han = "three"'), encoding="utf-8")
    code, err = run()
    assert code == 2 and served == [True], err
    assert f"{path.name}: hand 2 (line " in err and "nothing was served" in err
    assert "Traceback" not in err
    path.write_text(whole, encoding="utf-8")
    # A game of another ruleset at table 2.
    other = seated(make(12, ruleset="hk-common"), 1, R1)
    play(other, folder, 1, 2, [{"win": 1, "fan": 3}])
    code, err = run()
    assert code == 2 and "round-01_table-02.toml: a hk-common game of 4 players" in err
    (folder / game_file(1, 2)).unlink()
    # A game still arriving (its last line not written yet, a moment old) is no problem.
    arriving = play(t, folder, 1, 3, TWO_HANDS)
    arriving.write_bytes(arriving.read_bytes().rstrip(b"\n"))
    assert run()[0] == 0 and served == [True, True]
    # A broken links.toml, then a broken tournament.toml: each named with its key.
    links = folder / LINKS_FILE
    kept = links.read_text(encoding="utf-8")
    links.write_text("extra = 1\n" + kept, encoding="utf-8")
    code, err = run()
    assert code == 2 and "links.toml: key 'extra': unknown key" in err
    links.write_text(kept, encoding="utf-8")
    toml = folder / "tournament.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("rounds = 4", 'rounds = "4"'))
    code, err = run()
    assert code == 2 and "key 'rounds'" in err and "Traceback" not in err
    assert served == [True, True]
