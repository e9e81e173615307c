"""pytest fixtures for the fake Discord. In tests/conftest.py: `from tests.fakediscord.fixtures import *`
(or `pytest_plugins = ["tests.fakediscord.fixtures"]`)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, AsyncIterator, Awaitable, Callable

import pytest_asyncio

from .server import FakeDiscord

GUILD_ID = 100
CHANNEL_ID = 200
USERS = {1: ("Ana", "pt-BR"), 2: ("Bruno", "en-US"), 3: ("Carla", "en-US"), 4: ("Davi", "en-US")}

__all__ = ["fake_discord", "run_bot", "GUILD_ID", "CHANNEL_ID", "USERS"]


def build_world(fake: FakeDiscord) -> FakeDiscord:
    fake.add_guild(GUILD_ID, "Mesa Test Guild")
    fake.add_channel(GUILD_ID, CHANNEL_ID, "general")
    for uid, (name, locale) in USERS.items():
        fake.add_user(uid, name, locale=locale)
    return fake


@pytest_asyncio.fixture
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


@contextlib.asynccontextmanager
async def run_bot(fake: FakeDiscord, bot: Any, *, token: str = "fake-token", guild_id: int | None = GUILD_ID,
                  timeout: float = 5) -> AsyncIterator[Any]:
    """Log the bot in, connect it in a task, wait until guild_id is cached; close it on exit.

    Build the bot inside the test (a Bot is bound to the loop that logs it in) and inside fake.patch().
    """
    await bot.login(token)
    task = asyncio.create_task(bot.connect(reconnect=True))
    try:
        if guild_id is not None:
            waiter: Callable[[], Awaitable[None]] = lambda: fake.wait_ready(bot, guild_id, timeout)  # noqa: E731
            ready = asyncio.ensure_future(waiter())
            done, _ = await asyncio.wait({ready, task}, return_when=asyncio.FIRST_COMPLETED)
            if task in done:
                ready.cancel()
                task.result()
                raise RuntimeError("bot.connect() returned before the guild was cached")
            ready.result()
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 2)
