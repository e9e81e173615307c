"""SQLite on the event loop's own thread, behind the small async API ``bot.storage`` speaks.

A statement on the bot's small rows takes microseconds; handing each one to a database thread (as
aiosqlite does) cost about a hundred microseconds of CPU and two thread wake-ups, a dozen times a
click, and on a busy machine every wake-up waits for a core.  So statements run where they are
awaited.  What could stall the loop is the checkpoint, which copies the write-ahead log into the
database file and waits for the disk: a thread of its own runs it with a connection of its own
(``Checkpointer``), and the bot's connection only checkpoints itself past ``WAL_SAFETY`` pages, a
size the thread keeps it far below.

The API is aiosqlite's, as far as the storage uses it: ``await conn.execute(...)`` or ``async with
conn.execute(...) as cur``, ``executemany``, ``execute_fetchall``, cursors with ``fetchone``,
``fetchall``, ``rowcount``, ``lastrowid`` and ``async for``.  A statement runs when awaited, and its
errors (sqlite3.Error) are raised there.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterable
from typing import Any

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 1.0  # seconds between two checkpoints of the write-ahead log
WAL_SAFETY = 20_000  # pages (4 kB): past this the bot's own connection checkpoints (the thread lagging)

Row = sqlite3.Row


class Cursor:
    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    def __aiter__(self) -> Cursor:
        return self

    async def __anext__(self) -> Any:
        row = self._cursor.fetchone()
        if row is None:
            raise StopAsyncIteration
        return row

    async def close(self) -> None:
        self._cursor.close()


class _Statement:
    """What ``execute`` returns: awaited, the cursor; entered, the cursor closed on leaving."""

    def __init__(self, run: Callable[[], sqlite3.Cursor]) -> None:
        self._run = run
        self._cursor: Cursor | None = None

    def __await__(self):
        return self._start().__await__()

    async def _start(self) -> Cursor:
        return Cursor(self._run())

    async def __aenter__(self) -> Cursor:
        self._cursor = Cursor(self._run())
        return self._cursor

    async def __aexit__(self, *exc: object) -> None:
        if self._cursor is not None:
            await self._cursor.close()


class Connection:
    def __init__(self, conn: sqlite3.Connection, checkpointer: Checkpointer | None) -> None:
        self._conn = conn
        self._checkpointer = checkpointer

    @property
    def row_factory(self) -> Any:
        return self._conn.row_factory

    @row_factory.setter
    def row_factory(self, factory: Any) -> None:
        self._conn.row_factory = factory

    def execute(self, sql: str, parameters: Any = ()) -> _Statement:
        return _Statement(lambda: self._conn.execute(sql, parameters))

    def executemany(self, sql: str, parameters: Iterable[Any]) -> _Statement:
        return _Statement(lambda: self._conn.executemany(sql, parameters))

    async def execute_fetchall(self, sql: str, parameters: Any = ()) -> list[Any]:
        return self._conn.execute(sql, parameters).fetchall()

    def start_checkpoints(self) -> None:
        """From now on (the database is in WAL mode), the log is checkpointed by a thread."""
        if self._checkpointer is not None and not self._checkpointer.is_alive():
            self._conn.execute(f"PRAGMA wal_autocheckpoint={WAL_SAFETY}")
            self._checkpointer.start()

    async def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.stop()
        self._conn.close()


class Checkpointer(threading.Thread):
    """Copies the write-ahead log into the database file every ``CHECKPOINT_EVERY`` seconds (a passive
    checkpoint: it never waits for the bot's writes, nor makes them wait)."""

    def __init__(self, path: str) -> None:
        super().__init__(name="mesa-sqlite-checkpoint", daemon=True)
        self.path = path
        self._stopping = threading.Event()

    def run(self) -> None:
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error:
            log.warning("cannot open %s for checkpoints; the bot's connection checkpoints itself", self.path,
                        exc_info=True)
            return
        try:
            conn.execute("PRAGMA busy_timeout=5000")
            while not self._stopping.wait(CHECKPOINT_EVERY):
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error:
                    log.warning("checkpoint failed; trying again", exc_info=True)
        finally:
            conn.close()

    def stop(self) -> None:
        self._stopping.set()
        if self.is_alive():
            self.join(5)


async def connect(path: str, **kwargs: Any) -> Connection:
    """A connection to ``path`` (``sqlite3.connect``'s arguments); raises sqlite3.Error as it would."""
    conn = sqlite3.connect(path, **kwargs)
    return Connection(conn, None if path == ":memory:" else Checkpointer(path))
