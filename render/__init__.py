"""Pictures of a game: a pure function from an engine's view to PNG bytes.

Each game has a module ``render.<game id>`` with
``render(view, *, locale: str, names: list[str]) -> bytes`` and ``describe(view, locale, names) -> str``,
the same picture in words (its alt text).
"""

from __future__ import annotations

import importlib

from pydantic import BaseModel

from .names import drawn_name, plain_name


def render(game_id: str, view: BaseModel, *, locale: str = "en", names: list[str] | None = None) -> bytes:
    """The picture of ``view``; the players' ``names`` as ``render.names.drawn_name`` gives them."""
    module = importlib.import_module(f"{__name__}.{game_id}")
    return module.render(view, locale=locale, names=[drawn_name(n) for n in names or []])


def describe(game_id: str, view: BaseModel, *, locale: str = "en", names: list[str] | None = None) -> str:
    """The picture of ``view`` in words, for its alt text (at most 1,024 characters, in ``locale``): who
    must act or who won, the scores and the key position."""
    module = importlib.import_module(f"{__name__}.{game_id}")
    return str(module.describe(view, locale, [plain_name(n) for n in names or []]))
