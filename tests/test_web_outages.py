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
from collections.abc import AsyncIterator

import pytest
from aiohttp import ClientConnectionError, ClientSession
from test_web import next_event, play, settings, started, token_of

from bot.service.games import GameService
from bot.storage import Database


def free_port() -> int:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return int(free.getsockname()[1])


class WebProcess:
    """``python -m bot web`` on a free port of 127.0.0.1, in a process group of its own (whatever the test's
    end, it and anything it started are killed); its log is read as it comes."""

    def __init__(self, database: str, **env: str) -> None:
        self.port = free_port()
        self.env = {**os.environ, "MESA_DATABASE": database, "MESA_WEB_PORT": str(self.port)}
        self.env |= {"MESA_WEB_HOST": "127.0.0.1", "MESA_RENDER_WORKERS": "0", **env}
        self.env.pop("DISCORD_TOKEN", None)
        self.env.pop("DATABASE_URL", None)
        self.log: list[str] = []
        self.url = f"http://127.0.0.1:{self.port}"

    async def __aenter__(self) -> WebProcess:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "web", env=self.env, stderr=asyncio.subprocess.PIPE, start_new_session=True
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
                assert "banco de dados" in await answer.text()
            assert await status_of(session, health) == 503
            await web.said("cannot be reached")  # (down for as long as it takes the process to notice)
        finally:
            await asyncio.to_thread(postgres_server.resume)
        for attempt in range(50):  # (the test's own pool may hold a connection the restart closed)
            try:
                await play(service, game_id, 1)
                break
            except Exception:
                if attempt == 49:
                    raise
                await asyncio.sleep(0.1)
        after = await asyncio.wait_for(_next_version(stream), 60)  # (a guard against a hang, not a timing)
        assert after == (await db.get_game(game_id)).version > before
        await until_status(session, page, 200)
        await until_status(session, health, 200)
        stream.close()
        assert await web.stop() == 0
    assert len(web.lines("cannot be reached")) == 1, web.log
    assert len(web.lines("can be reached again")) == 1, web.log
    assert not web.lines("Traceback"), web.log


async def _next_version(stream) -> int:
    """The version of the next ``game`` event of a stream (a ``waiting`` one is passed over)."""
    while True:
        name, data = await next_event(stream)
        if name == "game":
            return int(json.loads(data)["version"])
