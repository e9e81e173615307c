"""Board pictures drawn in a worker process, and what happens when that worker dies."""

from __future__ import annotations

import os
import signal

from spawned import alive

from bot.workers.renderpool import RenderPool
from fakediscord.timing import stretched
from render import render
from rules import GAMES


async def test_a_worker_draws_the_same_picture_and_a_dead_worker_is_replaced():
    engine = GAMES["atlandice"]
    view = engine.view(engine.new_game(3, seed=8), None)
    names = ["Ana", "Bruno", "Carla"]
    expected = render("atlandice", view, locale="en", names=names)
    pool = RenderPool(1)
    try:
        assert await pool.render("atlandice", view, "en", names) == expected
        for pid in list(pool._pool._processes):  # the worker dies (killed, out of memory...)
            os.kill(pid, signal.SIGKILL)
        assert await pool.render("atlandice", view, "en", names) == expected  # drawn here meanwhile
        assert await pool.render("atlandice", view, "en", names) == expected  # by a new worker
        assert pool._pool is not None and pool._pool._processes
    finally:
        pool.close()


def test_the_worker_ends_when_the_bot_is_killed(tmp_path):
    """A bot killed outright (SIGKILL, an out-of-memory kill) leaves no picture worker behind."""
    import subprocess
    import sys
    import time

    script = (
        "import asyncio, os, sys; from bot.workers.renderpool import RenderPool; pool = RenderPool(1); pool.start();"
        "pool._pool.submit(int).result(); print(*pool._pool._processes, flush=True); os.kill(os.getpid(), 9)"
    )
    # Not in a group of its own (spawned.run would end the worker itself): the worker must end alone.
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=stretched(60))
    worker = int(done.stdout.split()[0])
    try:
        deadline = time.monotonic() + stretched(10)
        while time.monotonic() < deadline and alive(worker):
            time.sleep(0.2)
        assert not alive(worker)
    finally:
        if alive(worker):
            os.kill(worker, signal.SIGKILL)
