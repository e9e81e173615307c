"""Board pictures drawn in worker processes, so that drawing neither holds the event loop's GIL nor
waits for it: the bot's clicks are acknowledged on time and a second core draws.

``workers`` 0 draws in a thread of the bot's own process instead.  A worker that dies is replaced
and that picture is drawn in a thread: a board is never lost to the pool.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from pydantic import BaseModel

from render import render

log = logging.getLogger(__name__)


def _warm() -> None:
    """Submitted once per worker at start: the worker is spawned and has imported the renderers
    before the first board needs it."""


def _follow_parent(parent: int) -> None:
    """Runs in each worker: it ends when the bot does, even when the bot was killed outright."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="mesa-follow-bot", daemon=True).start()


class RenderPool:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        if self.workers > 0 and self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_follow_parent,
                initargs=(os.getpid(),),
            )
            for _ in range(self.workers):
                self._pool.submit(_warm)

    async def render(self, game: str, view: BaseModel, locale: str, names: list[str]) -> bytes:
        if self.workers <= 0:
            return await asyncio.to_thread(render, game, view, locale=locale, names=names)
        self.start()
        assert self._pool is not None
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, _draw, game, view, locale, names)
        except BrokenProcessPool:
            log.warning("a picture worker died; drawing this board in the bot's process")
            self.close()
            return await asyncio.to_thread(render, game, view, locale=locale, names=names)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _draw(game: str, view: BaseModel, locale: str, names: list[str]) -> bytes:
    return render(game, view, locale=locale, names=names)


_POOLS: dict[int, RenderPool] = {}


def shared(workers: int) -> RenderPool:
    """One pool per worker count for the whole process (tests start many bots)."""
    if workers not in _POOLS:
        _POOLS[workers] = RenderPool(workers)
    return _POOLS[workers]


@atexit.register
def _close_all() -> None:
    for pool in _POOLS.values():
        pool.close()
