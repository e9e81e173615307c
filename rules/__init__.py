"""The rule engines, one package per game, and their registry ``GAMES``."""

from __future__ import annotations

import importlib

from .core import Engine

KNOWN_GAMES = ("atlandice", "engis", "pergamemnon", "neanderthal")


def _load() -> dict[str, Engine]:
    games: dict[str, Engine] = {}
    for game_id in KNOWN_GAMES:
        try:
            module = importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{game_id}":
                raise
            continue
        games[game_id] = module.ENGINE
    return games


GAMES: dict[str, Engine] = _load()
