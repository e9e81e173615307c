"""``python -m bench.replay [GAME ...]``: what ``/game replay`` costs for a whole AI game of each game.

One row per game and player count (seed 1): moves, frames in the GIF, its size against Discord's
8 MB, the seconds to draw it (the replay of the moves, every board, the GIF), and frames a second.
"""

from __future__ import annotations

import argparse
import io
import time

from PIL import Image

from bot import texts as _texts  # noqa: F401  (the captions are in the catalogue)
from bot.replay import replay_gif
from render.replay import MAX_BYTES
from rules import GAMES
from rules.core import play


def figures(game: str, players: int, seed: int = 1) -> dict[str, float]:
    engine = GAMES[game]
    _, log = play(engine, players, seed)
    start = time.perf_counter()
    data, frames = replay_gif(engine, players, seed, None, log, names=[f"P{i + 1}" for i in range(players)],
                              locale="en", title=engine.title)
    seconds = time.perf_counter() - start
    with Image.open(io.BytesIO(data)) as gif:
        width, height = gif.size
    return {"moves": len(log), "frames": frames, "mb": len(data) / 1e6, "seconds": seconds,
            "fps": frames / seconds, "width": width, "height": height}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.replay")
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"/game replay of a whole AI game (seed {args.seed}); Discord's limit {MAX_BYTES / 1e6:.0f} MB.\n")
    print("| game | players | moves | frames | GIF MB | size px | draw s | frames/s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game in args.games:
        engine = GAMES[game]
        for players in sorted({engine.min_players, engine.max_players}):
            f = figures(game, players, args.seed)
            print(f"| {engine.title} | {players} | {f['moves']} | {f['frames']} | {f['mb']:.2f} | "
                  f"{f['width']}x{f['height']} | {f['seconds']:.1f} | {f['fps']:.0f} |")


if __name__ == "__main__":
    main()
