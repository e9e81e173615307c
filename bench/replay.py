"""``python -m bench replay [GAME ...]``: what ``/game replay`` costs for a whole AI game of each game.

One row per game and player count (seed 1): moves, frames in the GIF, its size against Discord's
8 MB, the seconds to draw it (the replay of the moves, every board, the GIF), and frames a second.
"""

from __future__ import annotations

import io
import time

from PIL import Image

from bot import texts as _texts  # noqa: F401  (the captions are in the catalogue)
from bot.service.replay import replay_gif
from rules import GAMES
from rules.core import play


def figures(game: str, players: int, seed: int = 1) -> dict[str, float]:
    engine = GAMES[game]
    _, log = play(engine, players, seed)
    start = time.perf_counter()
    data, frames = replay_gif(
        engine, players, seed, None, log, names=[f"P{i + 1}" for i in range(players)], locale="en", title=engine.title
    )
    seconds = time.perf_counter() - start
    with Image.open(io.BytesIO(data)) as gif:
        width, height = gif.size
    return {
        "moves": len(log),
        "frames": frames,
        "mb": len(data) / 1e6,
        "seconds": seconds,
        "fps": frames / seconds,
        "width": width,
        "height": height,
    }
