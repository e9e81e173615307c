"""Timing of NEANDERTHAL: AI games per second, picture time and size.

Run: python tests/neanderthal/bench_neanderthal.py
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from render.neanderthal import render
from rules.core import play
from rules.neanderthal import ENGINE


def main() -> None:
    t = time.perf_counter()
    n = 0
    for players in (1, 2, 3):
        for seed in range(10):
            play(ENGINE, players, seed, policy="ai")
            n += 1
    dt = time.perf_counter() - t
    print(f"AI games: {n / dt:.1f} games/s ({dt / n * 1000:.0f} ms per game)")
    sizes, times = [], []
    for players in (1, 2, 3):
        st = ENGINE.new_game(players, 7)
        for step in range(400):
            if not ENGINE.to_act(st):
                break
            s = ENGINE.to_act(st)[0]
            st = ENGINE.apply(st, s, ENGINE.ai_action(st, s))
            if step % 40 == 0:
                v = ENGINE.view(st, 0)
                t = time.perf_counter()
                png = render(v, locale="pt-BR", names=["Ana", "Bruno", "Carla"][:players])
                times.append((time.perf_counter() - t) * 1000)
                sizes.append(len(png))
    print(f"render: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms (the first one fills the caches); "
          f"PNG {min(sizes) // 1024}-{max(sizes) // 1024} KB")


if __name__ == "__main__":
    main()
