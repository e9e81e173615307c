"""Pictures of a game: a pure function from an engine's view to PNG bytes.

Each game has a module ``render.<game id>`` with
``render(view, *, locale: str, names: list[str]) -> bytes``.
"""

from __future__ import annotations

import importlib

from pydantic import BaseModel


def render(game_id: str, view: BaseModel, *, locale: str = "en", names: list[str] | None = None) -> bytes:
    module = importlib.import_module(f"{__name__}.{game_id}")
    return module.render(view, locale=locale, names=names or [])
