"""The fake Discord's world, the bot runner, and a pytest fixture.

In tests/conftest.py:  `from fakediscord.fixtures import fake_discord  # noqa: F401`
(`pytest_plugins = ["fakediscord.fixtures"]` works too). Without the test extras (pytest-asyncio), everything
but the fixture still imports, so ``python -m bench`` works from a plain install.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from .server import FakeDiscord

GUILD_ID = 100
CHANNEL_ID = 200
USERS = {1: ("Ana", "pt-BR"), 2: ("Bruno", "en-US"), 3: ("Carla", "en-US"), 4: ("Davi", "en-US")}

__all__ = ["CHANNEL_ID", "GUILD_ID", "USERS", "ErrorLog", "build_world", "fake_discord", "run_bot"]


def build_world(fake: FakeDiscord) -> FakeDiscord:
    fake.add_guild(GUILD_ID, "Mesa Test Guild")
    fake.add_channel(GUILD_ID, CHANNEL_ID, "general")
    for uid, (name, locale) in USERS.items():
        fake.add_user(uid, name, locale=locale)
    return fake


async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake with discord.py patched to it: guild 100, text channel 200, users 1 Ana (pt-BR), 2 Bruno,
    3 Carla, 4 Davi (en-US)."""
    fake = build_world(FakeDiscord())
    await fake.start()
    try:
        with fake.patch():
            yield fake
    finally:
        await fake.close()


try:
    import pytest_asyncio
except ImportError:  # a plain install: the benchmarks use the rest of this module
    pass
else:
    fake_discord = pytest_asyncio.fixture(fake_discord)


class ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.asynccontextmanager
async def run_bot(
    fake: FakeDiscord,
    bot: Any,
    *,
    token: str = "fake-token",
    guild_id: int | None = GUILD_ID,
    timeout: float = 5,
    settle: bool = True,
    fail_on_error: bool = True,
) -> AsyncIterator[Any]:
    """Log the bot in, connect it in a task and wait until guild_id is cached; on exit wait for the bot to go
    idle (settle), close it, and raise AssertionError if discord.py logged an ERROR meanwhile (exceptions in
    command, view and event handlers are only logged by discord.py).

    Build the bot inside the test (a Bot is bound to the loop that logs it in) and while fake.patch() is active.
    """
    errors = ErrorLog()
    logger = logging.getLogger("discord")
    logger.addHandler(errors)
    task: asyncio.Task | None = None
    try:
        await bot.login(token)
        task = asyncio.create_task(bot.connect(reconnect=True))
        if guild_id is not None:
            ready = asyncio.ensure_future(fake.wait_ready(bot, guild_id, timeout))
            done, _ = await asyncio.wait({ready, task}, return_when=asyncio.FIRST_COMPLETED)
            if task in done:
                ready.cancel()
                task.result()
                raise RuntimeError("bot.connect() returned before the guild was cached")
            ready.result()
        yield bot
        if settle:
            await fake.settle()
        # discord.py waits for the last guild before it is ready: closed sooner, it leaves that task pending
        if guild_id is not None and not bot.is_closed():
            await fake.wait_for(bot.is_ready)
    finally:
        await bot.close()
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 2)
        logger.removeHandler(errors)
    if fail_on_error and errors.records:
        text = "\n".join(logging.Formatter().format(r) for r in errors.records)
        raise AssertionError(f"discord.py logged {len(errors.records)} error(s):\n{text}")
