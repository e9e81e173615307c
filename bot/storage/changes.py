"""Announcing changed games to whoever watches them (a spectator page), across processes.

``async with db.subscribe() as changes: async for game_id, at in changes: ...`` gives the id of
every game whose row changes from the moment the ``async with`` is entered (its moves, status,
board), in this process or in another one on the same database, and the row's ``updated_at`` as
found then when it is known (else None). PostgreSQL announces it with ``NOTIFY`` from a trigger
(migration 7: the id alone); SQLite has no such thing, so its watcher looks for rows with a newer
``updated_at`` a few times a second. An id may come twice for one change; a watcher that needs the
state reads the game, unless it has the row as of ``at`` or later already.

PostgreSQL's server may go away for a while (a restart, a failover, the network): the watcher listens
again as soon as it can (trying at once, then after a wait that doubles up to a few seconds), then
announces every game changed since shortly before it stopped hearing, so that no subscriber misses a
change. ``Database.outage`` says whether the database is out of reach meanwhile; the log says it once
when an outage starts and once when it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from .backends import CHANGES_CHANNEL, Outage
from .postgres import Postgres
from .tables import Tables

log = logging.getLogger(__name__)

# How often SQLite's watcher looks for changed games (seconds).
POLL = 0.2
# PostgreSQL's watcher: how long opening its connection may take, how often it makes sure that the
# connection still answers (a network that drops everything tells nothing), and how long it waits
# before listening again after a failure: nothing at first, then BACKOFF, twice as long each time after,
# BACKOFF_MOST at most (seconds).
CONNECT_TIMEOUT = 5.0
CHECK_EVERY = 10.0
BACKOFF = 0.25
BACKOFF_MOST = 4.0
# After an outage, the games changed from this long before the last change the watcher knew of are
# announced again (the bots' clocks differ a little, and a move's transaction takes a while): an
# announcement too many costs a read of the game, one too few a stream that misses a move (seconds).
CATCH_UP_MARGIN = 60.0

# A changed game: its id, and its row's ``updated_at`` as the watcher found it (None: not known).
Changed = tuple[int, float | None]


class Changes(Tables):
    _subscribers: set[asyncio.Queue[Changed]]
    _watcher: asyncio.Task[None] | None
    outage: Outage

    def _init_changes(self) -> None:
        self._subscribers = set()
        self._watcher = None
        self.outage = self.sql.outage

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
        """LISTEN on a connection of its own, for as long as there are subscribers.

        A lost connection is opened again at once, then after a wait that doubles up to ``BACKOFF_MOST``
        (the database's outage: ``outage``); once it listens again, the games changed while it could not
        hear are announced (``_catch_up``)."""
        delay = 0.0
        seen: float | None = None  # the latest ``updated_at`` the watcher knows of (None: none yet)
        while True:
            conn = None
            try:
                conn = await db.connect(timeout=CONNECT_TIMEOUT)
                lost = asyncio.Event()
                conn.add_termination_listener(lambda _conn, lost=lost: lost.set())
                await conn.add_listener(CHANGES_CHANNEL, self._on_notify)
                seen = await self._catch_up(conn, seen)
                if not ready.done():
                    ready.set_result(None)
                self.outage.up()
                delay = 0.0
                while not lost.is_set():  # (a network that drops everything says nothing: looked at now and then)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(lost.wait(), CHECK_EVERY)
                    if not lost.is_set():
                        seen = max(seen, await asyncio.wait_for(self._latest(conn), CONNECT_TIMEOUT))
                error: Exception = ConnectionError("the connection listening for changed games was lost")
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                error = exc
            finally:
                if conn is not None:
                    conn.terminate()
            if delay:
                self.outage.down_since(error)
            await asyncio.sleep(delay)
            delay = min(max(delay * 2, BACKOFF), BACKOFF_MOST)

    def _on_notify(self, _conn: Any, _pid: int, _channel: str, payload: object) -> None:
        self._announce(int(str(payload)))

    @staticmethod
    async def _latest(conn: Any) -> float:
        return float(await conn.fetchval("SELECT COALESCE(MAX(updated_at), 0) FROM games"))

    async def _catch_up(self, conn: Any, seen: float | None) -> float:
        """Announces the games changed since ``seen`` (less ``CATCH_UP_MARGIN``), which the watcher may not
        have heard of; returns the latest ``updated_at`` now."""
        if seen is None:  # (the first time: nothing was missed)
            return await self._latest(conn)
        rows = await conn.fetch("SELECT id, updated_at FROM games WHERE updated_at >= $1", seen - CATCH_UP_MARGIN)
        for row in rows:
            self._announce(int(row["id"]), float(row["updated_at"]))
        log.info("%s game(s) changed while the changes could not be heard: announced", len(rows))
        return max([seen, *(float(row["updated_at"]) for row in rows)])

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
