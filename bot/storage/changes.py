"""Announcing changed games to whoever watches them (a spectator page), across processes.

``async with db.subscribe() as changes: async for game_id, at in changes: ...`` gives the id of
every game whose row changes from the moment the ``async with`` is entered (its moves, status,
board), in this process or in another one on the same database, and the row's ``updated_at`` as
found then when it is known (else None). PostgreSQL announces it with ``NOTIFY`` from a trigger
(migration 7: the id alone); SQLite has no such thing, so its watcher looks for rows with a newer
``updated_at`` a few times a second. An id may come twice for one change; a watcher that needs the
state reads the game, unless it has the row as of ``at`` or later already.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from .backends import CHANGES_CHANNEL, Postgres
from .tables import Tables

log = logging.getLogger(__name__)

# How often SQLite's watcher looks for changed games (seconds).
POLL = 0.2

# A changed game: its id, and its row's ``updated_at`` as the watcher found it (None: not known).
Changed = tuple[int, float | None]


class Changes(Tables):
    _subscribers: set[asyncio.Queue[Changed]]
    _watcher: asyncio.Task[None] | None

    def _init_changes(self) -> None:
        self._subscribers = set()
        self._watcher = None

    @contextlib.asynccontextmanager
    async def subscribe(self) -> AsyncIterator[AsyncIterator[Changed]]:
        """The games that change from now on (each id, and its row's ``updated_at`` if known), for as long as
        the ``async with`` lasts."""
        queue: asyncio.Queue[Changed] = asyncio.Queue()
        ready = asyncio.get_running_loop().create_future()
        self._subscribers.add(queue)
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.create_task(self._watch(ready), name="mesa-game-changes")
        else:
            ready.set_result(None)
        try:
            await asyncio.shield(ready)
            yield _drain(queue)
        finally:
            self._subscribers.discard(queue)
            if not self._subscribers and self._watcher is not None:
                self._watcher.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._watcher
                self._watcher = None

    def _announce(self, game_id: int, at: float | None = None) -> None:
        for queue in self._subscribers:
            queue.put_nowait((game_id, at))

    async def _watch(self, ready: asyncio.Future[None]) -> None:
        try:
            if isinstance(self.sql, Postgres):
                await self._listen(self.sql, ready)
            else:
                await self._poll(ready)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if not ready.done():
                ready.set_exception(exc)
            raise

    async def _listen(self, db: Postgres, ready: asyncio.Future[None]) -> None:
        """LISTEN on a connection of its own; a lost connection is opened again (a second later)."""
        import asyncpg

        while True:
            conn = await asyncpg.connect(db.url)
            lost = asyncio.Event()

            def on_notify(_conn: Any, _pid: int, _channel: str, payload: object) -> None:
                self._announce(int(str(payload)))

            conn.add_termination_listener(lambda _conn, lost=lost: lost.set())
            try:
                await conn.add_listener(CHANGES_CHANNEL, on_notify)
                if not ready.done():
                    ready.set_result(None)
                await lost.wait()
                log.warning("the connection that listens for changed games was lost; listening again")
            finally:
                with contextlib.suppress(Exception):
                    await conn.close(timeout=2)
            await asyncio.sleep(1.0)

    async def _poll(self, ready: asyncio.Future[None]) -> None:
        last = float(await self.sql.fetchval("SELECT COALESCE(MAX(updated_at), 0) FROM games"))
        seen = {int(r["id"]) for r in await self.sql.fetch("SELECT id FROM games WHERE updated_at = $1", last)}
        ready.set_result(None)
        while True:
            await asyncio.sleep(POLL)
            try:
                rows = await self.sql.fetch(
                    "SELECT id, updated_at FROM games WHERE updated_at >= $1 ORDER BY updated_at", last
                )
            except Exception as exc:  # the database is busy or closing: look again next time
                log.info("looking for changed games: %s", exc)
                continue
            for row in rows:
                game_id, at = int(row["id"]), float(row["updated_at"])
                if at > last:
                    last, seen = at, set()
                if game_id not in seen:
                    seen.add(game_id)
                    self._announce(game_id, at)


async def _drain(queue: asyncio.Queue[Changed]) -> AsyncIterator[Changed]:
    while True:
        yield await queue.get()
