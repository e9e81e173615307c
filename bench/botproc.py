"""``python -m bench.botproc PORT DATABASE``: the real bot, in a process of its own, on a fake Discord.

The load benchmark runs the fake Discord and the simulated players in one process and this in
another (or several, each with its shards: ``MESA_SHARD_COUNT`` and ``MESA_SHARDS``), so that the
figures measure the bot (and its memory is the bot's alone). DATABASE is an SQLite file or a
``postgresql://`` URL; on SIGUSR1 the process prints ``trips N gc MS LONGEST``: its round trips to the
database so far, the milliseconds its garbage collections took so far, and the longest one since the
last SIGUSR1.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import signal
import sys
import threading
import time


class Collections:
    """The garbage collector's pauses in this process (``gc.callbacks``): their sum, and the longest since
    ``longest()`` was last asked."""

    def __init__(self) -> None:
        self.total = self._longest = 0.0
        self._began = 0.0
        gc.callbacks.append(self._seen)

    def _seen(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            took = time.perf_counter() - self._began
            self.total += took
            self._longest = max(self._longest, took)

    def longest(self) -> float:
        longest, self._longest = self._longest, 0.0
        return longest


async def run(port: int, database: str) -> None:
    import discord.gateway
    import discord.http
    import yarl

    from bot import __main__ as entry
    from bot.app import MesaBot
    from bot.settings import Settings
    from bot.storage import Database

    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway/")
    settings = Settings.from_env()  # MESA_* variables apply, as for python -m bot
    settings.token, settings.database = "fake-token", database
    db = await Database.open(database)
    collections = Collections()
    asyncio.get_running_loop().add_signal_handler(
        signal.SIGUSR1,
        lambda: print(
            f"trips {db.sql.trips} gc {collections.total * 1000:.3f} {collections.longest() * 1000:.3f}", flush=True
        ),
    )
    try:
        async with MesaBot(settings, db) as bot:  # as python -m bot starts it
            await bot.login("fake-token")
            getattr(entry, "settle_heap", lambda: None)()  # (a tree measured by --against may have none)
            await bot.connect()
    finally:
        await db.close()


def _follow_parent() -> None:
    """The bot ends when the benchmark does, however the benchmark ended."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def main() -> None:
    _follow_parent()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    port, database = int(sys.argv[1]), sys.argv[2]
    try:
        asyncio.run(run(port, database))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
