"""Which games changed: the pages' live streams wait here for their game.

A source of changes is an async iterator of game ids. In the bot's process the game service says
so itself after every move (``GameService.watchers``); a change made by another process (``python
-m bot web`` beside the bot) is found by ``poll``, which reads the games' versions and times.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterator

from ..storage import Database

log = logging.getLogger(__name__)

# How far back each look at the database reaches (seconds): a move stamped a little before an
# earlier one (another process, committed later) is still found.
WINDOW = 5.0


class Changes:
    """The streams waiting for each game; ``notify`` wakes those of one game, ``close`` all of them."""

    def __init__(self) -> None:
        self._waiting: dict[int, set[asyncio.Event]] = {}
        self._sources: set[asyncio.Task] = set()
        self.closed = False

    def notify(self, game_id: int) -> None:
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

    def _ended(self, task: asyncio.Task) -> None:
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


async def poll(db: Callable[[], Database], every: float) -> AsyncIterator[int]:
    """The ids of the games whose version or time changed, looked up every ``every`` seconds.

    Each look reads the games changed in the last few seconds (``WINDOW``) and yields those not
    seen so at the last look; a database that fails a look is looked at again later.
    """
    seen: dict[int, tuple[int, float]] = {}
    since: float | None = None
    while True:
        try:
            rows = await db().games_changed_since(0.0 if since is None else since - WINDOW)
        except Exception as exc:  # a busy or closing database: look again next time
            log.debug("could not look for changed games: %s", exc)
            rows = None
        if rows is not None:
            first = since is None
            for game_id, version, updated_at in rows:
                if seen.get(game_id) != (version, updated_at):
                    seen[game_id] = (version, updated_at)
                    if not first:
                        yield game_id
            if rows:
                since = max(since or 0.0, rows[-1][2])
            elif since is None:
                since = 0.0
            if since is not None:
                seen = {g: v for g, v in seen.items() if v[1] >= since - WINDOW}
        await asyncio.sleep(every)
