"""The rule engines, one package per game, and their registry ``GAMES``.

``import rules`` imports no engine: ``GAMES["engis"]`` imports ``rules.engis`` the first time it is
asked for and takes its ``ENGINE``.  Listing the games (``sorted(GAMES)``, ``"engis" in GAMES``)
imports nothing; ``GAMES.items()`` and ``GAMES.values()`` import every engine.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, MutableMapping
from typing import Any

from .core import Engine

KNOWN_GAMES = ("atlandice", "engis", "pergamemnon", "neanderthal")


class Games(MutableMapping[str, Engine[Any]]):
    """The engines by game id, each imported on first use.

    A game is listed when its package exists (``rules/<game id>/``); assigning an engine to an id
    registers it (the tests add small games of their own this way).
    """

    def __init__(self, game_ids: tuple[str, ...]) -> None:
        self._engines: dict[str, Engine[Any] | None] = {
            game_id: None for game_id in game_ids if importlib.util.find_spec(f"{__name__}.{game_id}") is not None
        }

    def __getitem__(self, game_id: str) -> Engine[Any]:
        engine = self._engines[game_id]
        if engine is None:
            engine = importlib.import_module(f"{__name__}.{game_id}").ENGINE
            self._engines[game_id] = engine
        return engine

    def __setitem__(self, game_id: str, engine: Engine[Any]) -> None:
        self._engines[game_id] = engine

    def __delitem__(self, game_id: str) -> None:
        del self._engines[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._engines)

    def __len__(self) -> int:
        return len(self._engines)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._engines


GAMES = Games(KNOWN_GAMES)
