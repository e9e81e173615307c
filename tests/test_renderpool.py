"""Board pictures drawn in a worker process, and what happens when that worker dies."""

from __future__ import annotations

import os
import signal

import pytest
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
        (worker,) = pool.pids()
        with pytest.raises(ModuleNotFoundError):  # an error of the drawing is the caller's, the worker lives on
            await pool.render("no-such-game", view, "en", names)
        assert pool.pids() == [worker]
        os.kill(worker, signal.SIGKILL)  # the worker dies (killed, out of memory...)
        assert await pool.render("atlandice", view, "en", names) == expected  # drawn here meanwhile
        assert await pool.render("atlandice", view, "en", names) == expected  # by a new worker
        assert pool.pids() and worker not in pool.pids()
    finally:
        pool.close()


async def test_a_worker_draws_several_boards_at_once_each_the_board_drawn_here():
    """One worker draws a board for each of its threads at once, sharing its caches: each board is the
    very file drawn in this process, in whatever order they end."""
    import asyncio

    from rules.core import play

    engine = GAMES["engis"]
    states = []
    play(engine, 3, seed=4, policy="random", on_step=lambda b, a, s, i: states.append(a))
    names = ["Ana", "Bruno", "Carla"]
    boards = [
        (engine.view(state, seat), locale) for state in states[::40] for seat in (None, 1) for locale in ("en", "pt-BR")
    ]
    expected = [render("engis", view, locale=locale, names=names) for view, locale in boards]
    pool = RenderPool(1, threads=3)
    try:
        drawn = await asyncio.gather(*(pool.render("engis", view, locale, names) for view, locale in boards))
        assert drawn == expected and len(pool.pids()) == 1
    finally:
        pool.close()


def test_the_worker_ends_when_the_bot_is_killed(tmp_path):
    """A bot killed outright (SIGKILL, an out-of-memory kill) leaves no picture worker behind."""
    import subprocess
    import sys
    import time

    script = (
        "import asyncio, os, sys; from bot.workers.renderpool import RenderPool; pool = RenderPool(1); pool.start();"
        "print(*pool.pids(), flush=True); os.kill(os.getpid(), 9)"
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


def _page_faults(pid: int) -> int:
    """A process's minor page faults so far (``/proc/PID/stat``, the tenth field)."""
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rpartition(")")[2].split()[7])


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads page faults from /proc")
async def test_a_worker_draws_board_after_board_in_the_memory_it_freed():
    """A worker keeps the memory it frees (``keep_freed_memory``): once it has drawn a few boards, the next
    ones (megabytes allocated and freed each) take their memory from what the earlier ones freed, not as
    new pages from the system, each a page fault. A process that does not keep it takes hundreds a board."""
    import platform
    import subprocess
    import sys

    if platform.libc_ver()[0] != "glibc":
        pytest.skip("the setting is glibc's")
    engine = GAMES["engis"]
    names = ["Ana", "Bruno", "Carla"]
    views = [engine.view(engine.new_game(3, seed=seed), None) for seed in range(30)]
    pool = RenderPool(1, threads=1)
    try:
        for view in views[:10]:
            await pool.render("engis", view, "pt-BR", names)
        (worker,) = pool.pids()
        before = _page_faults(worker)
        for view in views[10:]:
            await pool.render("engis", view, "pt-BR", names)
        kept = (_page_faults(worker) - before) / 20
    finally:
        pool.close()
    # The same allocations in a process that does not keep its freed memory: a board's worth, 20 times.
    code = (
        "import resource; from PIL import Image\n"
        "faults = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_minflt\n"
        "Image.new('RGB', (1500, 1188)).tobytes(); before = faults()\n"
        "for _ in range(20): Image.new('RGB', (1500, 1188), (1, 2, 3)).tobytes()\n"
        "print((faults() - before) / 20)"
    )
    plain = float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert plain > 500 and kept < plain / 10, (kept, plain)
