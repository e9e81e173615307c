"""Which games changed: the pages' live streams wait here for their game.

A source of changes is an async iterator of game ids. In the bot's process the game service says
so itself after every move (``GameService.watchers``); a change made by another process (``python
-m bot web`` beside the bot, or another bot process) comes from the database (``stored``:
PostgreSQL's NOTIFY, SQLite looked at a few times a second).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterator

from rules.core import GameState

from ..storage import Database, GameRow

log = logging.getLogger(__name__)

# How long to wait before following the database again when it cannot be followed (seconds).
RETRY = 1.0


class Changes:
    """The streams waiting for each game; ``notify`` wakes those of one game, ``close`` all of them.

    ``told`` is told of every change first (what was read of the game is read again, or is the game as
    stored and its state when the change came with them).
    """

    def __init__(self, told: Callable[[int, GameRow | None, GameState | None], object] | None = None) -> None:
        self._waiting: dict[int, set[asyncio.Event]] = {}
        self._sources: set[asyncio.Task[None]] = set()
        self._told = told
        self.closed = False

    def notify(self, game_id: int, game: GameRow | None = None, state: GameState | None = None) -> None:
        """The game changed; ``game`` and ``state``: the game as stored then and its state, if known."""
        if self._told is not None:
            self._told(game_id, game, state)
        for event in self._waiting.get(game_id, ()):
            event.set()

    @contextlib.contextmanager
    def watch(self, game_id: int) -> Iterator[asyncio.Event]:
        """An event set whenever the game changes (and when the server closes), while inside."""
        event = asyncio.Event()
        self._waiting.setdefault(game_id, set()).add(event)
        if self.closed:
            event.set()
        try:
            yield event
        finally:
            waiting = self._waiting.get(game_id)
            if waiting is not None:
                waiting.discard(event)
                if not waiting:
                    del self._waiting[game_id]

    def watched(self) -> int:
        """How many streams are waiting, over all games."""
        return sum(len(events) for events in self._waiting.values())

    def follow(self, source: AsyncIterator[int]) -> None:
        """Notifies the game ids ``source`` yields, until ``close``."""

        async def run() -> None:
            async for game_id in source:
                self.notify(game_id)

        task = asyncio.create_task(run(), name="mesa-web-changes")
        self._sources.add(task)
        task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[None]) -> None:
        self._sources.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("the pages stopped following changes", exc_info=task.exception())

    async def close(self) -> None:
        """Wakes every stream (they end) and stops the sources."""
        self.closed = True
        for events in self._waiting.values():
            for event in events:
                event.set()
        for task in list(self._sources):
            task.cancel()
        await asyncio.gather(*self._sources, return_exceptions=True)


async def stored(db: Callable[[], Database]) -> AsyncIterator[int]:
    """The ids of the games changed in the database, by this process or another (``Database.subscribe``).

    ``db`` gives the open database (the bot opens it after logging in); while it cannot, or while
    the database cannot be followed (a lost connection), it is tried again a second later.
    """
    while True:
        try:
            async with db().subscribe() as changes:
                async for game_id in changes:
                    yield game_id
        except RuntimeError:  # the database is not open yet
            pass
        except Exception as exc:
            log.warning("cannot follow the changed games (%s: %s); trying again", type(exc).__name__, exc)
        await asyncio.sleep(RETRY)
