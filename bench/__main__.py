"""``python -m bench [GAME ...]``: the figures for every game the registry knows (or those named).

``python -m bench ai [GAME ...]``: the AI strengths' win rates, scores and thinking time (bench/ai.py)."""

from __future__ import annotations

import argparse
import logging
import sys

from rules import GAMES

from . import engine as engine_bench
from . import latency


def main() -> None:
    if sys.argv[1:2] == ["ai"]:
        from . import ai
        ai.main(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on AI games per player count")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)
    print("Machine-dependent figures; targets on a 2-core machine: p95 click→board < 150 ms, render < 60 ms.\n")
    for game in args.games:
        engine = GAMES[game]
        print(f"== {engine.title} ({game})")
        lat = __import__("asyncio").run(latency.click_latency(game, clicks=args.clicks))
        print(f"click → board posted: median {lat['click_median_ms']:.1f} ms, p95 {lat['click_p95_ms']:.1f} ms"
              f" over {lat['clicks']} clicks (fake Discord, real bot, SQLite, Pillow)")
        r = engine_bench.render_figures(game, engine.max_players)
        print(f"render ({engine.max_players} players): median {r['render_median_ms']:.1f} ms, "
              f"p95 {r['render_p95_ms']:.1f} ms; PNG median {r['png_median_kb']:.0f} kB, max {r['png_max_kb']:.0f} kB")
        for players in range(engine.min_players, engine.max_players + 1):
            rate, actions = engine_bench.games_per_second(game, players, args.seconds)
            print(f"full AI games, {players} players: {rate:.1f} games/s ({actions:.0f} actions a game)")
        print()


if __name__ == "__main__":
    main()
