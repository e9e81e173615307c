"""Which games changed: the pages' live streams wait here for their game.

A source of changes is an async iterator of game ids. In the bot's process the game service says
so itself after every move (``GameService.watchers``); a change made by another process (``python
-m bot web`` beside the bot, or another bot process) comes from the database (``stored``:
PostgreSQL's NOTIFY, SQLite looked at a few times a second).

The database tells of every write to a game's row, the bot's own included, and most are no news to a
page: the move the service told of already, the record of its board in the channel. So a game that
pages watch is read once (``check``), and its streams are woken only if what a page shows changed; a
change the pages have the game as of already (the database says when the row changed, and they have
it as of then or later) is not read at all.

In the bot's process, the streams of a game hear of its move once the bot is done with it (its board
posted in the channel, ``settled``), so that the pages' work never comes between a click and its board;
a Discord slow to take the board holds them back ``SETTLING`` at most.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

from rules.core import GameState

from ..storage import Database, GameRow
from ..storage.changes import Changed

log = logging.getLogger(__name__)

# How long to wait before following the database again when it cannot be followed (seconds).
RETRY = 1.0
# How long the streams of a game wait for the bot of their process to be done with it, at most (seconds).
SETTLING = 0.5


async def settled_within(settled: Callable[[int], Awaitable[None]], game_id: int) -> None:
    """Waits until the bot of this process is done with the game (``settled``), ``SETTLING`` at most: a
    board that Discord is slow to take (or refuses) does not hold the pages back."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(settled(game_id), SETTLING)


class Changes:
    """The streams waiting for each game; ``notify`` wakes those of one game, ``close`` all of them.

    ``told`` is told of every change first, and says whether it is news to the pages (False: the game as
    told is the one they have, or older), else the streams are woken (when the change came with the game
    as stored and its state, they take those; else they read the game again), once ``settled`` (the bot of
    this process done with the game, when the pages are served in its process). ``check`` reads a game the
    database told of, and says the same.
    """

    def __init__(
        self,
        told: Callable[[int, GameRow | None, GameState | None], bool],
        check: Callable[[int, float | None], Awaitable[bool]],
        settled: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        self._waiting: dict[int, set[asyncio.Event]] = {}
        self._sources: set[asyncio.Task[None]] = set()
        self._told = told
        self._check = check
        self._checking: dict[int, asyncio.Task[None]] = {}  # game id -> its check under way
        self._again: set[int] = set()  # games told of again while their check was under way
        self._at: dict[int, float | None] = {}  # game id -> when its row changed, as the database told (None: not said)
        self._settled = settled
        self._settling: dict[int, asyncio.Task[None]] = {}  # game id -> its wake once the bot is done with it
        self.closed = False

    def notify(self, game_id: int, game: GameRow | None = None, state: GameState | None = None) -> None:
        """The game changed; ``game`` and ``state``: the game as stored then and its state, if known."""
        if self._told(game_id, game, state):
            if self._settled is None or game_id not in self._waiting:
                self._wake(game_id)
            elif game_id not in self._settling:  # (one wake for all the changes told meanwhile)
                self._settling[game_id] = asyncio.create_task(self._wake_settled(game_id), name="mesa-web-settling")

    async def _wake_settled(self, game_id: int) -> None:
        assert self._settled is not None
        try:
            await settled_within(self._settled, game_id)
        finally:
            del self._settling[game_id]
            self._wake(game_id)

    def _wake(self, game_id: int) -> None:
        for event in self._waiting.get(game_id, ()):
            event.set()

    @property
    def settling(self) -> int:
        """How many games' streams wait for the bot of this process to be done with their game."""
        return len(self._settling)

    @property
    def checking(self) -> int:
        """How many games the database told of are being read now (``check``)."""
        return len(self._checking)

    def stored(self, game_id: int, at: float | None = None) -> None:
        """The database says the game's row changed (``at``: when, if it says): a game no page watches is
        forgotten, one that pages watch is read (once for all the times it is told of meanwhile) and its
        streams woken if that is news."""
        if game_id not in self._waiting:
            self.notify(game_id)
            return
        if game_id in self._at:  # told of twice before its check began: the later time, unless one is unknown
            earlier = self._at[game_id]
            self._at[game_id] = None if at is None or earlier is None else max(at, earlier)
        else:
            self._at[game_id] = at
        if game_id in self._checking:
            self._again.add(game_id)
        else:
            self._checking[game_id] = asyncio.create_task(self._checked(game_id), name="mesa-web-check")

    async def _checked(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                at = self._at.pop(game_id, None)
                try:
                    news = await self._check(game_id, at)
                except Exception as exc:  # the database is away for a moment: the streams read it themselves
                    log.info("game %s: could not read what changed (%s: %s)", game_id, type(exc).__name__, exc)
                    self.notify(game_id)
                else:
                    if news:
                        self._wake(game_id)
                if game_id not in self._again:
                    return
        finally:
            del self._checking[game_id]
            self._at.pop(game_id, None)

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

    def follow(self, source: AsyncIterator[Changed]) -> None:
        """Takes the games ``source`` yields (each id, and when its row changed if known) as changes the
        database told of (``stored``), until ``close``."""

        async def run() -> None:
            async for game_id, at in source:
                self.stored(game_id, at)

        task = asyncio.create_task(run(), name="mesa-web-changes")
        self._sources.add(task)
        task.add_done_callback(self._ended)

    @property
    def following(self) -> bool:
        """Whether the changes of the database are followed (a source runs)."""
        return any(not task.done() for task in self._sources)

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
        tasks = [*self._sources, *self._checking.values(), *self._settling.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def stored(db: Callable[[], Database]) -> AsyncIterator[Changed]:
    """The games changed in the database, by this process or another (``Database.subscribe``): each id, and
    when its row changed if the database says.

    ``db`` gives the open database (the bot opens it after logging in); while it cannot, or while
    the database cannot be followed (a lost connection), it is tried again a second later.
    """
    while True:
        try:
            async with db().subscribe() as changes:
                async for changed in changes:
                    yield changed
        except RuntimeError:  # the database is not open yet
            pass
        except Exception as exc:
            log.warning("cannot follow the changed games (%s: %s); trying again", type(exc).__name__, exc)
        await asyncio.sleep(RETRY)
