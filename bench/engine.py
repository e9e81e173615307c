"""Engine and picture figures: full AI games per second, render time and PNG size."""

from __future__ import annotations

import hashlib
import statistics
import time

from render import render
from rules import GAMES
from rules.core import play


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def engine_figures(game_id: str, players: int, seconds: float = 3.0) -> dict[str, float | str]:
    """Full AI games per second over seeds 1000, 1001, ... for about ``seconds`` (3 games at least).

    Seconds of this process's CPU time: on a machine shared with other jobs, wall time measures them
    too.  ``games`` is a digest of the first three games' action logs: two versions of an engine that
    agree on it played the same games, move for move.
    """
    engine = GAMES[game_id]
    digest = hashlib.sha256()
    start = time.process_time()
    games = actions = 0
    while time.process_time() - start < seconds or games < 3:
        _, log = play(engine, players, seed=1000 + games, policy="ai")
        if games < 3:
            digest.update(repr(log).encode())
        games += 1
        actions += len(log)
    elapsed = time.process_time() - start
    return {
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_game": actions / games,
        "games": digest.hexdigest()[:10],
    }


def render_figures(game_id: str, players: int, samples: int = 40) -> dict[str, float]:
    """Median and p95 render time (ms) and the largest PNG (kB) over states of one AI game."""
    engine = GAMES[game_id]
    states = []
    play(engine, players, seed=7, policy="ai", on_step=lambda before, after, s, a: states.append(after))
    step = max(1, len(states) // samples)
    picked = states[::step][:samples]
    names = [f"Player {i + 1}" for i in range(players)]
    times, sizes = [], []
    render(game_id, engine.view(picked[0], None), locale="pt-BR", names=names)  # warm caches
    for state in picked:
        view = engine.view(state, None)
        t0 = time.perf_counter()
        png = render(game_id, view, locale="pt-BR", names=names)
        times.append((time.perf_counter() - t0) * 1000)
        sizes.append(len(png) / 1024)
    return {
        "render_median_ms": statistics.median(times),
        "render_p95_ms": percentile(times, 0.95),
        "png_max_kb": max(sizes),
        "png_median_kb": statistics.median(sizes),
    }
