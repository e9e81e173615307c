"""The spectator pages' process (``python -m bot web``, a real process) through what hosts meet: a
restart of its PostgreSQL (the real one the tests start), and its health check."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator

import pytest
from aiohttp import ClientConnectionError, ClientSession, ClientTimeout
from test_web import Web, next_event, play, settings, started, token_of

from bot.service.games import GameService
from bot.storage import Database
from bot.web import SECURITY_HEADERS, WebServer


def free_port() -> int:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return int(free.getsockname()[1])


class WebProcess:
    """``python -m bot web`` on a free port of 127.0.0.1, in a process group of its own (whatever the test's
    end, it and anything it started are killed); its log is read as it comes."""

    def __init__(self, database: str, open_files: int | None = None, **env: str) -> None:
        self.open_files = open_files  # the process's open-files limit, soft and hard (None: this one's)
        self.port = free_port()
        self.env = {**os.environ, "MESA_DATABASE": database, "MESA_WEB_PORT": str(self.port)}
        self.env |= {"MESA_WEB_HOST": "127.0.0.1", "MESA_RENDER_WORKERS": "0", **env}
        self.env.pop("DISCORD_TOKEN", None)
        self.env.pop("DATABASE_URL", None)
        self.log: list[str] = []
        self.url = f"http://127.0.0.1:{self.port}"

    async def __aenter__(self) -> WebProcess:
        self.process = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "bot", "web"),
            env=self.env,
            stderr=asyncio.subprocess.PIPE,
            start_new_session=True,
            preexec_fn=None if self.open_files is None else _open_files(self.open_files),
        )
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        assert self.process.stderr is not None
        async for line in self.process.stderr:
            self.log.append(line.decode(errors="replace"))

    async def __aexit__(self, *exc: object) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        await self.process.wait()
        await self._reader

    async def stop(self) -> int:
        """SIGTERM, as a host stops it; its exit status."""
        self.process.send_signal(signal.SIGTERM)
        return await asyncio.wait_for(self.process.wait(), 120)  # (a guard against a hang, not a timing)

    async def serving(self, session: ClientSession) -> None:
        for _ in range(3000):
            assert self.process.returncode is None, "".join(self.log)
            try:
                async with session.get(f"{self.url}/robots.txt") as answer:
                    if answer.status == 200:
                        return
            except ClientConnectionError:
                pass
            await asyncio.sleep(0.01)
        raise AssertionError("python -m bot web never served")

    async def said(self, words: str) -> None:
        """Waits until the log has a line with ``words`` (a minute at most: a guard, not a timing)."""
        for _ in range(6000):
            if self.lines(words):
                return
            assert self.process.returncode is None, "".join(self.log)
            await asyncio.sleep(0.01)
        raise AssertionError(f"the log never said {words!r}: {''.join(self.log)}")

    def lines(self, words: str) -> list[str]:
        return [line for line in self.log if words in line]


async def status_of(session: ClientSession, url: str) -> int:
    async with session.get(url) as answer:
        await answer.read()
        return answer.status


async def until_status(session: ClientSession, url: str, status: int) -> None:
    """Asks again until ``url`` answers ``status`` (at most a minute: a guard, not a timing)."""
    seen: list[int] = []
    for _ in range(600):
        seen.append(await status_of(session, url))
        if seen[-1] == status:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{url} never answered {status} (answered {sorted(set(seen))})")


@pytest.fixture
async def pg(postgres_url) -> AsyncIterator[tuple[Database, GameService]]:
    db = await Database.open(postgres_url)
    service = GameService(db, settings())
    yield db, service
    service.thinker.close()
    await db.close()


@pytest.fixture
async def lite(tmp_path) -> AsyncIterator[tuple[Database, GameService]]:
    db = await Database.open(tmp_path / "mesa.sqlite3")
    service = GameService(db, settings())
    yield db, service
    service.thinker.close()
    await db.close()


async def test_python_m_bot_web_rides_out_a_postgres_outage(pg, postgres_server, postgres_url):
    """PostgreSQL restarted under ``python -m bot web``: meanwhile its pages answer a clear 503 and its health
    check too; once the server is back they answer again, an open stream hears the next move, and the log has
    one line when the outage started and one when it ended, no traceback."""
    db, service = pg
    game_id = await started(service)
    token = await token_of(db, game_id)
    async with WebProcess(postgres_url) as web, ClientSession() as session:
        await web.serving(session)
        page, health = f"{web.url}/g/{token}", f"{web.url}/healthz"
        stream = await session.get(f"{page}/events")
        before = json.loads((await next_event(stream))[1])["version"]
        assert await status_of(session, health) == 200
        try:
            await asyncio.to_thread(postgres_server.halt)
            await until_status(session, page, 503)
            async with session.get(page, headers={"Accept-Language": "pt-BR"}) as answer:
                assert answer.status == 503 and answer.headers["Retry-After"]
                assert answer.headers["Content-Security-Policy"] == SECURITY_HEADERS["Content-Security-Policy"]
                assert "banco de dados" in await answer.text()
            assert await status_of(session, health) == 503
            await web.said("cannot be reached")  # (down for as long as it takes the process to notice)
        finally:
            await asyncio.to_thread(postgres_server.resume)
        back_at = time.monotonic()
        for attempt in range(50):  # (the test's own pool may hold a connection the restart closed)
            try:
                await play(service, game_id, 1)
                break
            except Exception:
                if attempt == 49:
                    raise
                await asyncio.sleep(0.1)
        await until_status(session, page, 200)  # (the page read before the stream hears of the move)
        answering = time.monotonic() - back_at
        after = await asyncio.wait_for(_next_version(stream), 60)  # (a guard against a hang, not a timing)
        following = time.monotonic() - back_at
        assert after == (await db.get_game(game_id)).version > before
        await until_status(session, health, 200)
        stream.close()
        assert await web.stop() == 0
    assert len(web.lines("cannot be reached")) == 1, web.log
    assert len(web.lines("can be reached again")) == 1, web.log
    assert not web.lines("Traceback"), web.log
    from test_outage import figure

    figure(
        failure="PostgreSQL restarted under python -m bot web",
        processes="web",
        commit="on",
        controls_back_s=round(answering, 2),  # the page answers again
        moving_again_s=round(following, 2),  # an open stream hears the next move
        not_counted=0,
        told=0,
    )


async def _next_version(stream) -> int:
    """The version of the next ``game`` event of a stream (a ``waiting`` one is passed over)."""
    while True:
        name, data = await next_event(stream)
        if name == "game":
            return int(json.loads(data)["version"])


# -- connections ---------------------------------------------------------------------------------
def _open_files(limit: int):
    """A child's open-files limit, soft and hard (so that the process cannot raise it)."""

    def lower() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    return lower


async def test_slow_clients_neither_starve_the_pages_nor_fill_the_log(lite, tmp_path):
    """``python -m bot web`` with 256 open files: 400 connections that send nothing or half a request take
    no more than the process can hold (past its limit one is dropped at once, the log says so once a minute,
    never with a traceback), each of them is closed once it has been idle for MESA_WEB_IDLE, and a page is
    still served meanwhile."""
    db, service = lite
    game_id = await started(service)
    token = await token_of(db, game_id)
    env = {"MESA_WEB_IDLE": "1", "MESA_WEB_CONNECTIONS_PER_ADDRESS": "1000"}  # (every test connection is 127.0.0.1's)
    async with (
        WebProcess(str(tmp_path / "mesa.sqlite3"), 256, **env) as web,
        ClientSession(timeout=ClientTimeout(total=10)) as session,  # (a page not served in 10 s is asked again)
    ):
        await web.serving(session)
        slow: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        for i in range(400):
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", web.port), 5)
            except (OSError, TimeoutError):  # (the listening socket's queue is full: the process is not accepting)
                continue
            if i % 2:
                writer.write(b"GET /g/" + token.encode() + b" HTTP/1.1\r\nHost: mesa\r\n")  # never ended
            slow.append((reader, writer))
        answer = None
        for _ in range(30):  # (a guard against a process that never serves again, not a timing)
            with contextlib.suppress(ClientConnectionError, TimeoutError):
                answer = await status_of(session, f"{web.url}/g/{token}")
                if answer == 200:
                    break
            await asyncio.sleep(0.1)
        assert answer == 200, web.log

        async def ended(reader: asyncio.StreamReader) -> bytes:
            with contextlib.suppress(ConnectionError):
                return await reader.read()
            return b""

        # Each one ends: dropped at once, or closed once idle (a minute is a guard, not a timing).
        assert set(await asyncio.wait_for(asyncio.gather(*(ended(reader) for reader, _ in slow)), 60)) == {b""}
        for _, writer in slow:
            writer.close()
        assert await web.stop() == 0
    assert 1 <= len(web.lines("refused")) <= 2, web.log  # (a minute may turn once at most in this test)
    assert not web.lines("Traceback") and not web.lines("Too many open files"), web.log


async def _raw(port: int, request: bytes) -> tuple[int, dict[str, str]]:
    """What the server answers to ``request`` sent as it is: the status and the headers."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)).decode("latin-1")  # (a guard)
    finally:
        writer.close()
    status_line, *lines = head.strip().split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return int(status_line.split()[1]), headers


async def test_aiohttps_own_answers_carry_the_security_headers(lite):
    """A request aiohttp itself refuses before any handler of the pages sees it (a broken request line, a
    header too long, an unknown method) is answered 400 with the pages' headers too; so are a 404 and a 405."""
    db, _ = lite
    server = WebServer(lambda: db, settings())
    port = await server.start(host="127.0.0.1", port=0)
    try:
        for request, status in (
            (b"NOT HTTP AT ALL\r\n\r\n", 400),
            (b"GET /robots.txt HTTP/1.1\r\nHost: mesa\r\nX-Long: " + b"a" * 10_000 + b"\r\n\r\n", 400),
            (b"GET /robots.txt HTTP/1.1\r\nHost: mesa\r\nBad Header\r\n\r\n", 400),
            (b"GET /nowhere HTTP/1.1\r\nHost: mesa\r\n\r\n", 404),
            (b"POST /robots.txt HTTP/1.1\r\nHost: mesa\r\nContent-Length: 0\r\n\r\n", 405),
        ):
            answer, headers = await _raw(port, request)
            assert answer == status, request[:40]
            for header, value in SECURITY_HEADERS.items():
                assert headers.get(header) == value, (request[:40], header)
    finally:
        await server.stop()


async def test_the_stream_limit_per_address_counts_an_ipv6_64_as_one_address(lite):
    db, service = lite
    game_id = await started(service)
    token = await token_of(db, game_id)
    async with Web(db, web_streams=10, web_streams_per_address=2, web_proxy=True) as client:

        async def open_from(address: str):
            return await client.get(f"/g/{token}/events", headers={"X-Forwarded-For": address})

        one, other = await open_from("2001:db8:1:2::1"), await open_from("2001:db8:1:2:ffff:ffff:ffff:9")
        assert one.status == other.status == 200
        assert (await open_from("2001:db8:1:2:abcd::7")).status == 429  # the same /64: its third stream
        elsewhere = await open_from("2001:db8:1:3::1")  # the next /64
        mapped = await open_from("::ffff:192.0.2.1")  # an IPv4 address written as IPv6 is that IPv4 address
        plain = await open_from("192.0.2.1")
        assert elsewhere.status == mapped.status == plain.status == 200
        assert (await open_from("192.0.2.1")).status == 429
        for stream in (one, other, elsewhere, mapped, plain):
            stream.close()


# -- health ----------------------------------------------------------------------------------------
async def test_the_bots_healthz_says_whether_its_gateway_and_database_are_reachable(fake_discord, tmp_path):
    """The bot serving the pages itself: /healthz is 200 while Discord's gateway is connected and the
    database answers; a shard disconnected makes it 503 and say why, until it is connected again."""
    from fakediscord.botkit import mesa

    async with mesa(fake_discord, tmp_path / "mesa.sqlite3", web_port=0, web_host="127.0.0.1") as bot:
        assert bot.web is not None
        async with ClientSession() as session:
            health = f"http://127.0.0.1:{bot.web.port}/healthz"
            await until_status(session, health, 200)
            shard = bot.get_shard(0)
            assert shard is not None
            await shard.disconnect()
            async with session.get(health) as answer:
                assert answer.status == 503 and "gateway" in await answer.text()
            await shard.connect()
            await until_status(session, health, 200)


# -- settings ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("variables", "said"),
    [
        ({"MESA_SHARD_COUNT": "99999999999999999999"}, "MESA_SHARD_COUNT must be a whole number from 0 to 100,000"),
        ({"MESA_WEB_PORT": "99999"}, "MESA_WEB_PORT must be a port number from 1 to 65535"),
        ({"MESA_WEB_PORT": "²"}, "MESA_WEB_PORT must be a port number"),
        ({"MESA_DEV_GUILD": "¹²"}, "MESA_DEV_GUILD must be a Discord server id"),
        ({"MESA_DATABASE": "postgresql+asyncpg://mesa:s3cret@db.example.org/mesa"}, "postgresql+asyncpg:// is neither"),
        ({"DATABASE_URL": "pgsql://mesa:s3cret@db.example.org/mesa"}, "DATABASE_URL must be a postgresql:// URL"),
        ({"MESA_DATABASE": "postgresql://mesa:s3cret@db.example.org:99999/mesa"}, "Port out of range"),
        ({"MESA_DATABASE": "postgres://mesa:s3cret@db/mesa?channel_binding=require"}, "cannot honour channel_binding"),
        ({"MESA_DATABASE": "postgres://mesa:s3cret@db/mesa?hostaddr=10.0.0.1&replication=1"}, "hostaddr=10.0.0.1, rep"),
    ],
)
def test_a_setting_that_cannot_be_used_is_one_line_without_the_password(monkeypatch, capsys, tmp_path, variables, said):
    """Before anything is opened or written (no database file appears), in one line, never a traceback, and
    with the URL's password hidden."""
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)
    for name in ("MESA_DATABASE", "DATABASE_URL", "MESA_WEB_PORT", "PORT", "MESA_SHARDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert "s3cret" not in err and not list(tmp_path.iterdir())


async def test_libpqs_usual_url_parameters_are_taken(postgres_url):
    """A URL as hosted providers give it (libpq's parameters: a connect timeout, keepalives, channel binding
    when offered, TLS as the server offers it, the application's name) opens the database."""
    from bot.settings import Settings

    url = postgres_url + (
        "&connect_timeout=10&keepalives=1&keepalives_idle=30&keepalives_interval=10&keepalives_count=3"
        "&channel_binding=prefer&sslmode=prefer&application_name=mesa-test&tcp_user_timeout=5000"
    )
    os.environ["MESA_DATABASE"] = url
    try:
        assert Settings.from_env().database == url
    finally:
        del os.environ["MESA_DATABASE"]
    db = await Database.open(url)
    try:
        assert await db.sql.fetchval("SELECT current_setting('application_name')") == "mesa-test"
    finally:
        await db.close()
