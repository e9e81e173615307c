"""Click → new board latency through the real bot, discord.py's HTTP client, SQLite and Pillow.

The fake Discord (fakediscord/) runs in the same event loop; the time runs from the fake
writing the INTERACTION_CREATE frame to the fake having stored the new board message.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
from pathlib import Path

from fakediscord import FakeDiscord
from fakediscord.botkit import board_messages, controls, last_board, lobby_id, mentioned, mesa, play_move, start_lobby
from fakediscord.fixtures import CHANNEL_ID, build_world
from rules import GAMES


async def _new_game(fake: FakeDiscord, game: str, humans: list[int], ai: int) -> int:
    lobby = await start_lobby(fake, game, humans[0], humans[1:], ai)
    start = await fake.click(humans[0], lobby, lobby_id(lobby, "start"))
    await start.wait_response()
    thread = await fake.wait_for(lambda: [t for t in fake.threads if t not in _seen][-1:] or None)
    _seen.add(thread[0])
    await fake.wait_for(lambda: board_messages(fake, thread[0]))
    return thread[0]


_seen: set[int] = set()


async def click_latency(game: str, clicks: int = 60, warmup: int = 5, seed: int = 1) -> dict[str, float]:
    engine = GAMES[game]
    players = min(3, engine.max_players)
    humans = [1, 2][: max(1, min(2, players))]
    rng = random.Random(seed)
    samples: list[float] = []
    fake = build_world(FakeDiscord())
    await fake.start()
    _seen.clear()
    try:
        with fake.patch(), tempfile.TemporaryDirectory() as folder:
            async with mesa(fake, Path(folder) / "bench.sqlite3"):
                thread = await _new_game(fake, game, humans, players - len(humans))
                done = 0
                while done < clicks + warmup:
                    inter = await play_move(fake, thread, rng)
                    if inter is None:
                        thread = await _new_game(fake, game, humans, players - len(humans))
                        continue
                    board = last_board(fake, thread)
                    assert set(mentioned(board)) <= {1, 2} or not controls(board)
                    if done >= warmup:
                        samples.append((board.stored_at - inter.sent_at) * 1000)
                    done += 1
    finally:
        await fake.close()
    ordered = sorted(samples)
    return {
        "click_median_ms": statistics.median(samples),
        "click_p95_ms": ordered[int(0.95 * (len(ordered) - 1))],
        "clicks": len(samples),
    }


def run(game: str) -> dict[str, float]:
    return asyncio.run(click_latency(game))


__all__ = ["CHANNEL_ID", "run"]
