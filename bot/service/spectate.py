"""What anyone watching a game may see, with no discord in sight: the players' names, the public
events, the running scores, the final results and the board pictures of the spectator's view.

The channel's board (``bot.ui.presenter``) and the spectator page (``bot.web``) are both built from
these, so the page never shows what the channel could not see.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

from pydantic import BaseModel

from render import describe
from render.hits import HitArea, hit_areas
from render.names import plain_name
from rules.core import Engine, Event, GameState, Outcome, t
from rules.core.search import level_of

from ..storage import GameRow, Move
from ..workers.renderpool import RenderPool
from .games import engine_of


def seat_names(game: GameRow, locale: str) -> list[str]:
    """Seat names as text (``render.names.plain_name``: no control that turns the text around); a seat the
    AI always held is named "AI n" in the reader's language."""
    return [plain_name(s.name) if s.name else t("ai.name", locale, n=s.seat + 1) for s in game.seats]


def ai_label(name: str, level: str, locale: str) -> str:
    """An AI seat with its strength: "🤖 AI 2 (strong)"."""
    return t("ai.seat", locale, name=name, level=t(f"ai.level.{level_of(level)}", locale))


def turn_line(who: str, engine: Engine[Any], view: BaseModel, seat: int, names: list[str], locale: str) -> str:
    """ "Ana: Take a resource…": who must act, then the question put to them, as everyone but them reads it
    (the channel's board, the spectator page, the other players' copies). Made from ``view``, the
    spectator's view, alone (``Engine.public_prompt``), so it tells nothing the channel may not know. The
    question never names its own seat: the name is said here, once."""
    return t("board.turn", locale, who=who, prompt=t(engine.public_prompt(view, seat), locale, names=names))


def own_turn_line(who: str, engine: Engine[Any], state: GameState, seat: int, names: list[str], locale: str) -> str:
    """The line of ``turn_line`` in ``seat``'s own copy of the board (``/game me``, a private message): the
    question put to that seat (``Engine.prompt``), which may name what only that seat knows."""
    return t("board.turn", locale, who=who, prompt=t(engine.prompt(state, seat), locale, names=names))


# The bot's own notes on a move (a player's time was up and the AI played their turn): they say who
# played it, so a board that shows only the last few lines keeps them.
NOTES = ("clock.",)


def event_lines(
    game: GameRow,
    moves: list[Move],
    viewer: int | None,
    locale: str,
    most: int | None = None,
    names: list[str] | None = None,
) -> list[str]:
    """The events of ``moves`` that ``viewer`` (None: a spectator) may read, in words; with ``most``, the
    last ``most`` of them, the bot's notes on the moves (``NOTES``) kept ahead of them. ``names``: the
    seats' names as the surface writes them (``seat_names`` by default)."""
    names = names or seat_names(game, locale)
    lines: list[tuple[bool, str]] = []
    for move in moves:
        for data in move.events:
            event = Event.model_validate(data)
            if event.visible_to(viewer):
                lines.append((event.text.key.startswith(NOTES), t(event.text, locale, names=names)))
    if most is not None and len(lines) > most:
        notes = [line for note, line in lines if note][:most]
        others = [line for note, line in lines if not note]
        return notes + others[len(others) - (most - len(notes)) :]
    return [line for _, line in lines]


def public_events(events: Iterable[dict[str, Any]]) -> list[Event]:
    """The stored events of a move that everyone may read (private ones name the seats that may)."""
    return [event for event in map(Event.model_validate, events) if event.seats is None]


def outcome_lines(game: GameRow, outcome: Outcome, locale: str, names: list[str] | None = None) -> list[str]:
    names = names or seat_names(game, locale)
    if outcome.goal is not None:  # a solo game: won or lost against its goal, no ranks or ties
        won = bool(outcome.winners)
        lines = [t("board.solo_won" if won else "board.solo_lost", locale, goal=t(outcome.goal, locale))]
        for r in outcome.results:
            if r.seat is not None:
                detail = ", ".join(f"{t(k, locale)} {v}" for k, v in r.breakdown.items() if v)
                lines.append(t("board.solo_line", locale, name=names[r.seat], score=r.score, detail=detail or "0"))
        return lines
    lines = []
    for r in sorted(outcome.results, key=lambda r: (r.seat is None, r.rank)):
        detail = ", ".join(f"{t(k, locale)} {v}" for k, v in r.breakdown.items() if v) or "0"
        if r.seat is None:  # a non-player (the neutral player) scores, but is not ranked among the players
            name = t(r.name, locale) if r.name else "?"
            lines.append(t("board.unranked_line", locale, name=name, score=r.score, detail=detail))
            continue
        crown = "🏆 " if r.winner else ""
        line = t("board.result_line", locale, rank=r.rank, name=names[r.seat], score=r.score, detail=detail)
        lines.append(crown + line)
    if outcome.tiebreak is not None:
        lines.append(t(outcome.tiebreak, locale))
    return lines


def running_scores(view: BaseModel) -> dict[int, int]:
    """The seats' scores as the spectator's view shows them during play (seat -> score).

    Read from the view alone: a list of the seats' scores, or a list of per-seat models each with
    its ``seat`` and a ``score`` (or ``victory_points``) that is not None. A game whose view keeps
    the scores for the end (they depend on what is hidden) shows none.
    """
    scores = getattr(view, "scores", None)
    if isinstance(scores, list) and all(isinstance(s, int) for s in scores):
        return dict(enumerate(scores))
    for name in type(view).model_fields:
        value = getattr(view, name)
        if isinstance(value, list) and value and all(isinstance(v, BaseModel) for v in value):
            for field in ("score", "victory_points"):
                found = {
                    v.seat: getattr(v, field)
                    for v in value
                    if isinstance(getattr(v, "seat", None), int) and isinstance(getattr(v, field, None), int)
                }
                if found:
                    return found
    return {}


# A drawn picture: the game, its stored version, the step, the viewer's seat (None: a spectator), the language.
PictureKey = tuple[int, int, int, int | None, str]


def _retrieved(future: asyncio.Future[bytes]) -> None:
    if not future.cancelled():
        future.exception()


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(OrderedDict[K, V]):
    """The last ``size`` values used, by key, each made once while it is kept."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def made(self, key: K, make: Callable[[], V]) -> V:
        if key in self:
            return self.used(key)
        return self.put(key, make())

    def used(self, key: K) -> V:
        """The value kept for ``key``, now the last used (KeyError if none is)."""
        self.move_to_end(key)
        return self[key]

    def put(self, key: K, value: V) -> V:
        self[key] = value
        while len(self) > self.size:
            self.popitem(last=False)
        return value


class RenderCache:
    """Recently drawn pictures by (game, version, step, viewer, locale): a board is drawn once per move,
    also when the channel's post and a spectator page ask for it at the same time. Their views and words
    (the alt text) too: the picture, the channel's message and the pages need the same.

    The stored version (not the step) tells states apart: after an undo a step is played again.
    """

    def __init__(self, size: int = 64, pool: RenderPool | None = None) -> None:
        self.size = size
        self.pool = pool or RenderPool(0)
        self._items: Kept[PictureKey, bytes] = Kept(size)
        self._drawing: dict[PictureKey, asyncio.Future[bytes]] = {}
        self._views: Kept[tuple[int, int, int, int | None], BaseModel] = Kept(size)
        self._words: Kept[PictureKey, str] = Kept(size)

    def view(self, game: GameRow, state: GameState, viewer: int | None) -> BaseModel:
        """What ``viewer`` sees of the game's position at its version (None: the spectators), made once."""
        key = (game.id, game.version, state.step, viewer)
        return self._views.made(key, lambda: engine_of(game).view(state, viewer))

    def words(self, game: GameRow, state: GameState, viewer: int | None, locale: str) -> str:
        """The picture in words (``render.describe`` of the view: its alt text), made once."""
        key = (game.id, game.version, state.step, viewer, locale)
        return self._words.made(
            key,
            lambda: describe(game.game, self.view(game, state, viewer), locale=locale, names=seat_names(game, locale)),
        )

    def areas(self, game: GameRow, state: GameState, seat: int, actions: list[str], locale: str) -> list[HitArea]:
        """Where a click on ``seat``'s own picture plays one of its legal ``actions`` (``render.hits``)."""
        return hit_areas(game.game, self.view(game, state, seat), seat, actions, locale=locale)

    def drawn(self, game: GameRow, step: int, viewer: int | None, locale: str) -> bytes | None:
        """The picture of the game's ``step`` at its version, if it is drawn already."""
        key = (game.id, game.version, step, viewer, locale)
        return self._items.used(key) if key in self._items else None

    async def get(self, game: GameRow, state: GameState, viewer: int | None, locale: str) -> bytes:
        key = (game.id, game.version, state.step, viewer, locale)
        if key in self._items:
            return self._items.used(key)
        return await asyncio.shield(self._drawing_of(key, game, state, viewer, locale))

    def start(self, game: GameRow, state: GameState, viewer: int | None, locale: str) -> Callable[[], None]:
        """Starts drawing the picture of a position that is about to be stored as ``game``'s version, so
        that it is drawn while the move is written; returns what forgets it if the write fails (another
        state may then be stored as that version)."""
        key = (game.id, game.version, state.step, viewer, locale)
        if key not in self._items:  # a failed drawing is told to whoever asks for the picture (``get``)
            self._drawing_of(key, game, state, viewer, locale).add_done_callback(_retrieved)

        def forget() -> None:
            self._items.pop(key, None)
            self._drawing.pop(key, None)  # a drawing under way is then not kept (``_draw``)
            self._views.pop(key[:4], None)
            for made in [k for k in self._words if k[:4] == key[:4]]:
                del self._words[made]

        return forget

    def _drawing_of(
        self, key: PictureKey, game: GameRow, state: GameState, viewer: int | None, locale: str
    ) -> asyncio.Future[bytes]:
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = self._drawing[key] = asyncio.ensure_future(self._draw(key, game, state, viewer, locale))
            drawing.add_done_callback(lambda done: self._drawing.pop(key) if self._drawing.get(key) is done else None)
        return drawing

    async def _draw(self, key: PictureKey, game: GameRow, state: GameState, viewer: int | None, locale: str) -> bytes:
        names = seat_names(game, locale)
        if self._drawing.get(key) is asyncio.current_task():
            view = self.view(game, state, viewer)
        else:  # forgotten before it began: neither it nor its view is kept
            view = engine_of(game).view(state, viewer)
        png = await self.pool.render(game.game, view, locale, names)
        if self._drawing.get(key) is asyncio.current_task():  # not forgotten meanwhile
            self._items.put(key, png)
        return png


__all__ = [
    "Kept",
    "RenderCache",
    "ai_label",
    "event_lines",
    "outcome_lines",
    "own_turn_line",
    "public_events",
    "running_scores",
    "seat_names",
    "turn_line",
]
