"""Board pictures drawn in a worker process, and what happens when that worker dies."""

from __future__ import annotations

import os
import signal

from bot.renderpool import RenderPool
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
