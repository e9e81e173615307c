"""Writes ``<game>_stored.sqlite``: a database of a game's games stored through the bot's own service
by the release it is run with, stopped where each of the state's keys holds something.

``tests/test_stored_games.py`` opens it with today's bot and plays the games on, so a field renamed in
code must still read what that release stored. Run it with the code of the release to keep on the
path, for example ``git worktree add /tmp/release 53977e7 && PYTHONPATH=/tmp/release python
tests/data/make_stored_database.py neanderthal`` (it uses only what that release's bot and rules offer).

Each game's seats are people (user ids 10 and up), so nothing plays but the stored log; each game's
log is a whole game played by ``rules.core.play`` (``mixed``: random and AI seats), cut at the first
step that fills a key no game kept so far fills.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from bot.service.games import GameService
from bot.settings import Settings
from bot.storage import Database, Seat
from rules import GAMES
from rules.core import play

HERE = Path(__file__).resolve().parent
# The games' player counts and options whose positions are searched, per game.
CONFIGS: dict[str, list[tuple[int, dict[str, str]]]] = {
    "neanderthal": [
        (3, {}),
        (2, {}),
        (1, {}),
        (1, {"solo": "advanced"}),
        (3, {"scenario": "hominids"}),
        (2, {"scenario": "giant_wurm"}),
        (1, {"map": "matrix"}),
        (2, {"map": "matrix"}),
        (3, {"map": "matrix"}),
    ],
    "engis": [
        (1, {}),
        (1, {"solo": "advanced"}),
        (1, {"solo": "glacial"}),
        (2, {}),
        (2, {"side": "swamp"}),
        (3, {"order": "reverse"}),
        (4, {}),
    ],
    "pergamemnon": [(2, {}), (3, {}), (4, {"first": "host"}), (5, {})],
    "atlandice": [(2, {}), (3, {}), (4, {})],
}
SEEDS = range(1, 9)
NAMES = ["Ana", "Bia", "Caio", "Duda", "Eva"]


def filled(stored: dict[str, Any], prefix: str = "") -> set[str]:
    """The keys of a stored state that hold something; a key of a model inside it (in a list or alone)
    as ``<its key>.<key>``: a NEANDERTHAL player's ``ps.hand``, a daughter's ``wives.disc``."""
    keys = set()
    for key, value in stored.items():
        if prefix == "" and key in ("rng", "events"):
            continue
        if value and value != -1:
            keys.add(prefix + key)
        for item in [value] if isinstance(value, dict) else value if isinstance(value, list) else []:
            if isinstance(item, dict):
                keys |= filled(item, key + ".")
    return keys


def plan(game: str) -> list[tuple[int, dict[str, str], int, list[tuple[int, str]], int]]:
    """Games to store, (players, options, seed, log, steps kept): few positions that between them fill
    every key some position of these games fills (a greedy cover), the first such position of each."""
    engine = GAMES[game]
    positions = []  # (keys filled, players, options, seed, log, step)
    for seed in SEEDS:
        for players, options in CONFIGS[game]:
            _, log = play(engine, players, seed, options, policy="mixed")
            state = engine.new_game(players, seed, options)
            for step, (seat, action_id) in enumerate(log, start=1):
                state = engine.apply(state, seat, action_id)
                positions.append((filled(json.loads(engine.dump(state))), players, options, seed, log, step))
    left = set().union(*(keys for keys, *_ in positions))
    chosen = []
    while left:
        keys, players, options, seed, log, step = max(positions, key=lambda p: len(p[0] & left))
        print(f"{players} {options} seed {seed} step {step}/{len(log)}: {sorted(keys & left)}", file=sys.stderr)
        left -= keys
        chosen.append((players, options, seed, log, step))
    return chosen


async def store(game: str, path: Path) -> None:
    path.unlink(missing_ok=True)
    db = await Database.open(str(path))
    service = GameService(db, Settings(ai_processes=0, reminder_delay=3600))
    engine = GAMES[game]
    try:
        for n, (players, options, seed, log, steps) in enumerate(plan(game)):
            game_id = await db.create_lobby(
                game, 7 << 22, 100 + n, 10, "Ana", "en", {**engine.default_options(), **options}
            )
            await db.set_seats(game_id, [Seat(s, 10 + s, NAMES[s], False) for s in range(players)])
            result = await service.start(game_id, 10, 500 + n, seed=seed)
            for seat, action_id in log[:steps]:
                result = await service.act(game_id, 10 + seat, result.game.version, action_id)
    finally:
        await db.close()
    with sqlite3.connect(path) as kept:  # the file as small as its rows
        kept.execute("VACUUM")


if __name__ == "__main__":
    game = sys.argv[1]
    asyncio.run(store(game, Path(sys.argv[2]) if len(sys.argv) > 2 else HERE / f"{game}_stored.sqlite"))
