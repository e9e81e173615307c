"""Board pictures drawn in worker processes, so that drawing neither holds the event loop's GIL nor
waits for it: the bot's clicks are acknowledged on time and a second core draws.

Each worker draws ``THREADS`` boards at once, one a thread: a board's larger pixel work (Pillow's
drawing and pasting, the PNG's compression) runs without the GIL, so two threads of one worker draw on
two cores at times, sharing its caches (a second worker process would hold caches of its own).

``workers`` 0 draws in a thread of the bot's own process instead.  A worker that dies is replaced
and that picture is drawn in a thread: a board is never lost to the pool.
"""

from __future__ import annotations

import asyncio
import atexit
import ctypes
import logging
import multiprocessing
import os
import platform
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.managers import BaseManager
from typing import Any

from pydantic import BaseModel

from render import render

log = logging.getLogger(__name__)

# Boards a worker draws at once. `python -m bench render --threads 2` draws the same boards, byte for byte,
# 1.06 to 1.08 times as many a second as `--threads 1` on an idle 2-core machine (two runs of each): since
# the boards are drawn in their palette, most of a board's CPU is Python's, under the GIL.
THREADS = 2


# glibc's malloc settings (mallopt): a block of up to 32 MB comes from the heap, and up to 128 MB freed at
# the heap's top are kept for the next ones.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
_KEEP_FREED = 128 * 1024 * 1024
_FROM_HEAP = 32 * 1024 * 1024  # the largest glibc takes


def keep_freed_memory() -> bool:
    """Has this process's allocator keep the memory it frees (glibc only; whether it could).

    A board allocates and frees megabytes (a picture, its rows, its PNG), and glibc gives blocks that large
    back to the system at once: the next board's pages are new to the process, and each costs a page fault.
    A picture worker took about 800 of them a board (50,000 a second under ``python -m bench load``), and
    its two threads wait on each other's. Kept, the same memory serves board after board: a board costs
    20 % less CPU drawn one at a time (``python -m bench render --against``) and 11-12 % less drawn two at
    once (``--threads 2``, two runs of each), the process holding 7-10 MB more."""
    if platform.libc_ver()[0] != "glibc":
        return False
    try:
        libc = ctypes.CDLL(None)
        kept = libc.mallopt(_M_TRIM_THRESHOLD, _KEEP_FREED) and libc.mallopt(_M_MMAP_THRESHOLD, _FROM_HEAP)
    except (OSError, AttributeError):
        return False
    return bool(kept)


def _start_worker(parent: int) -> None:
    keep_freed_memory()
    _follow_parent(parent)


def _follow_parent(parent: int) -> None:
    """Runs in each worker: it ends when the bot does, even when the bot was killed outright."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="mesa-follow-bot", daemon=True).start()


class Painter:
    """In a worker process: draws boards, each call in the thread of the worker that serves that caller
    (``multiprocessing.managers``: a thread a connection, a connection a calling thread)."""

    def draw(self, game: str, view: BaseModel, locale: str, names: list[str]) -> bytes:
        return render(game, view, locale=locale, names=names)

    def pid(self) -> int:
        return os.getpid()


class _Worker(BaseManager):
    pass


_Worker.register("Painter", Painter)


class RenderPool:
    def __init__(self, workers: int, threads: int = THREADS) -> None:
        self.workers = workers
        self.threads = threads
        self._lock = threading.Lock()
        self._managers: list[_Worker] = []
        self._painters: list[Any] = []  # a proxy to each worker's Painter
        self._callers: ThreadPoolExecutor | None = None  # the bot's threads that wait for the workers
        self._next = 0

    def start(self) -> None:
        with self._lock:
            if self.workers <= 0 or self._managers:
                return
            context = multiprocessing.get_context("spawn")
            for _ in range(self.workers):
                manager = _Worker(ctx=context)
                manager.start(_start_worker, (os.getpid(),))
                self._managers.append(manager)
                self._painters.append(manager.Painter())  # type: ignore[attr-defined]
            self._callers = ThreadPoolExecutor(self.workers * self.threads, thread_name_prefix="mesa-picture")

    def pids(self) -> list[int]:
        """The worker processes' ids (none before the first board, or after ``close``)."""
        with self._lock:
            painters = list(self._painters)
        return [painter.pid() for painter in painters]

    async def render(self, game: str, view: BaseModel, locale: str, names: list[str]) -> bytes:
        if self.workers <= 0:
            return await asyncio.to_thread(render, game, view, locale=locale, names=names)
        if not self._managers:  # (spawning a worker and its imports take a second: not on the event loop)
            await asyncio.to_thread(self.start)
        with self._lock:
            callers, painters = self._callers, self._painters
            painter = painters[self._next % len(painters)] if painters else None
            self._next += 1
        if callers is not None and painter is not None:  # (else closed meanwhile: drawn here)
            try:
                return await asyncio.get_running_loop().run_in_executor(
                    callers, painter.draw, game, view, locale, names
                )
            except (EOFError, ConnectionError):  # the worker is gone (killed, out of memory...); an error the
                # drawing raised in it is raised here as it is
                log.warning("a picture worker died; drawing this board in the bot's process")
                await asyncio.to_thread(self.close, painters)  # (ending the others waits for them)
        return await asyncio.to_thread(render, game, view, locale=locale, names=names)

    def close(self, painters: list[Any] | None = None) -> None:
        """Ends the workers (the next board starts new ones); with ``painters``, only if they are still
        this pool's (a worker that died is closed once, not its replacement)."""
        with self._lock:
            if painters is not None and painters is not self._painters:
                return
            managers, callers = self._managers, self._callers
            self._managers, self._painters, self._callers = [], [], None
        if callers is not None:
            callers.shutdown(wait=False, cancel_futures=True)
        for manager in managers:
            manager.shutdown()


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
