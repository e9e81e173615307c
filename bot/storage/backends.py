"""The two databases behind one small interface, so that every query is written once.

SQL is written with PostgreSQL's numbered placeholders (``$1``), which SQLite reads as ``?1``;
the statements themselves keep to what both understand (``INSERT ... ON CONFLICT``, ``RETURNING``,
``COALESCE``, ``>>``). What differs lives here and nowhere else: how a transaction starts and locks
a game, how the schema's version is kept, how PostgreSQL's column types are spelled
(``postgres_ddl``), the advisory locks that coordinate several processes, and how a
changed game is announced.

- ``SQLite``: one aiosqlite connection (WAL); one write transaction at a time, taken with
  ``BEGIN IMMEDIATE``, which also serializes the processes that share the file.
- ``Postgres`` (``postgres.py``): an asyncpg pool; a transaction on a game first takes that game's advisory
  transaction lock, in the same round trip as its ``BEGIN``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import re
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, overload
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from . import aiosqlite_internals
from .records import DatabaseAway, DatabaseError

if TYPE_CHECKING:  # asyncpg itself is imported when a PostgreSQL database is opened
    pass


class Row(Protocol):
    """A row as both databases give it (asyncpg's Record, sqlite3.Row): read by column name or position."""

    @overload
    def __getitem__(self, key: str, /) -> Any: ...
    @overload
    def __getitem__(self, key: int, /) -> Any: ...
    def keys(self) -> Iterable[str]: ...


# The first key of PostgreSQL's two-key advisory locks, one per kind of thing locked (the second
# key is the game, the shard, ...). 0x4D45 is "ME".
LOCK_GAME = 0x4D450001
LOCK_SHARD = 0x4D450002
LOCK_IDENTIFY = 0x4D450003
LOCK_MEMBER = 0x4D450004
LOCK_MIGRATE = 0x4D450005
# The channel of PostgreSQL's NOTIFY that announces a changed game (its id as the payload).
CHANGES_CHANNEL = "mesa_game_changed"

# Oldest SQLite that reads every statement here (RETURNING).
SQLITE_MIN = (3, 35, 0)

T = TypeVar("T")  # what a function run in SQLite's connection thread returns

log = logging.getLogger(__name__)

# Seconds between two looks for a database that went away: the first, and the longest (each next one waits
# half as long again).
PROBE_FIRST = 0.25
PROBE_MAX = 2.0
# Seconds a statement on a session (the connection holding a process's locks) may take before the connection
# is taken for lost.
SESSION_TIMEOUT = 2.0


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str) and target.split("://", 1)[0].lower() in ("postgres", "postgresql")


def shown(url: str) -> str:
    """A PostgreSQL URL as a message may show it: the password replaced by ***."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "the PostgreSQL URL"
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


class Outage:
    """Whether the database can be reached, told by the statements that fail to reach it: the first failure
    starts an outage (one log line), a look every ``PROBE_FIRST``..``PROBE_MAX`` seconds ends it (one line),
    and then whoever waits for it hears of it (``on_back``, ``back``).

    A database reached through a connection of its own (PostgreSQL) has outages; an SQLite file has none."""

    def __init__(self, name: str, probe: Callable[[], Awaitable[object]] | None = None) -> None:
        self.name = name
        self._probe = probe
        self.since: float | None = None  # when the outage began (a Unix time), None while the database answers
        # When a statement last reached the database (a Unix time), and, for the outage under way or the last
        # one, when one last did before it: the server may have failed any time after that.
        self.answered_at = time.time()
        self.answered_before = self.answered_at
        self._back = asyncio.Event()
        self._back.set()
        self._looking: asyncio.Task[None] | None = None
        # Called (each in a task of its own) when the database answers again, with when the outage began.
        self.on_back: list[Callable[[float], Coroutine[Any, Any, object]]] = []
        self._after: set[asyncio.Task[object]] = set()

    @property
    def down(self) -> bool:
        return self.since is not None

    def down_since(self, error: BaseException) -> None:
        """The database could not be reached (``error``): the outage begins, unless it has already."""
        self.failed(error)

    def failed(self, error: BaseException) -> DatabaseAway:
        """A statement could not reach the database: the outage begins (once), and its error is returned."""
        if self.since is None:
            self.since = time.time()
            self.answered_before = self.answered_at
            self._back.clear()
            log.warning(
                "the database %s cannot be reached (%s: %s); the games wait for it",
                self.name,
                type(error).__name__,
                str(error).splitlines()[0][:200] if str(error) else "",
            )
            if self._probe is not None and (self._looking is None or self._looking.done()):
                self._looking = asyncio.get_running_loop().create_task(self._look(), name="mesa-database-probe")
        return DatabaseAway(f"the database {self.name} cannot be reached")

    async def back(self) -> None:
        """Returns once the database answers (at once while it does)."""
        await self._back.wait()

    async def _look(self) -> None:
        assert self._probe is not None
        wait = PROBE_FIRST
        while True:
            await asyncio.sleep(wait)
            try:
                await self._probe()
            except Exception:
                wait = min(wait * 1.5, PROBE_MAX)
                continue
            break
        self.up()

    def up(self) -> None:
        """The database answers again: the outage ends (once), and whoever waits for its end hears of it."""
        if self.since is None:
            return
        since, self.since = self.since, None
        log.warning("the database %s can be reached again, after %.1f s", self.name, time.time() - since)
        self._back.set()
        for call in self.on_back:
            task: asyncio.Task[object] = asyncio.get_running_loop().create_task(call(since))
            self._after.add(task)
            task.add_done_callback(self._after.discard)

    async def close(self) -> None:
        if self._looking is not None:
            self._looking.cancel()
            with contextlib.suppress(BaseException):
                await self._looking
        for task in list(self._after):
            task.cancel()


# libpq's URL parameters that asyncpg does not read (it would send them to the server as settings, which
# refuses them): what Mesa does with each. Those not here and not read by asyncpg go to the server.
LIBPQ_IGNORED = {  # (a parameter: why it is left out)
    "keepalives": "TCP keepalives are the system's; Mesa notices a lost connection itself",
    "keepalives_idle": "TCP keepalives are the system's; Mesa notices a lost connection itself",
    "keepalives_interval": "TCP keepalives are the system's; Mesa notices a lost connection itself",
    "keepalives_count": "TCP keepalives are the system's; Mesa notices a lost connection itself",
    "tcp_user_timeout": "Mesa notices a lost connection itself",
    "sslcompression": "no server compresses TLS any more",
    "sslsni": "asyncpg sends the host's name with TLS anyway",
    "fallback_application_name": "Mesa names its connections itself",
}
LIBPQ_UNSUPPORTED = ("hostaddr", "require_auth", "replication", "requirepeer", "sslcrldir", "sslcertmode", "options")
# Parameters whose weaker values asyncpg meets (as libpq does when it cannot): their strict value is refused.
LIBPQ_BEST_EFFORT = {"channel_binding": "require", "gssencmode": "require", "gssdelegation": "1"}


def postgres_target(url: str) -> tuple[str, float | None]:
    """A PostgreSQL URL as asyncpg takes it, and its ``connect_timeout`` (seconds, None: not given); libpq's
    parameters it does not read are left out (``LIBPQ_IGNORED``). DatabaseError names, in one sentence
    without the password, a URL that cannot be used: a port out of range, a parameter Mesa cannot honour."""
    name = shown(url)
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises ValueError when out of range)
    except ValueError as exc:
        raise DatabaseError(f"MESA_DATABASE is not a usable PostgreSQL URL ({name}): {exc}") from None
    kept: list[str] = []
    timeout: float | None = None
    refused: list[str] = []
    for pair in parts.query.split("&") if parts.query else []:
        key, _, value = pair.partition("=")
        if key == "connect_timeout":
            try:
                timeout = max(2.0, float(value)) if float(value) > 0 else None
            except ValueError:
                raise DatabaseError(f"{name}: connect_timeout must be a number of seconds (got {value!r})") from None
        elif key in LIBPQ_IGNORED:
            continue
        elif key in LIBPQ_UNSUPPORTED or LIBPQ_BEST_EFFORT.get(key) == value:
            refused.append(f"{key}={value}")
        elif key in LIBPQ_BEST_EFFORT:
            continue
        else:
            kept.append(pair)
    if refused:
        raise DatabaseError(
            f"{name}: Mesa's PostgreSQL driver (asyncpg) cannot honour {', '.join(refused)}; remove it from the URL"
        )
    return urlunsplit(parts._replace(query="&".join(kept))), timeout


class Sql(ABC):
    """Where statements run: the database itself (each statement on its own) or an open transaction."""

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...

    @abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """Runs a statement; returns how many rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: Any) -> Any:
        """The value of a query that gives one row of one column (a COUNT, a MIN)."""
        row = await self.fetchrow(sql, *args)
        if row is None:
            raise DatabaseError(f"the database gave no answer to {sql!r}.")
        return row[0]


@dataclass(frozen=True)
class Step:
    """One statement of ``Backend.at_once``: run with ``args``, or once for each of ``rows``; with
    ``changes``, the transaction goes on only if the statement changed that many rows."""

    sql: str
    args: Sequence[Any] = ()
    rows: Sequence[Sequence[Any]] | None = None
    changes: int | None = None


class _Undone(Exception):
    """A step of ``at_once`` did not change the rows it had to: the transaction is rolled back."""


class Backend(Sql):
    kind: ClassVar[str]

    def __init__(self, name: str) -> None:
        self.name = name  # how a message names the database: a path, or a URL without its password
        self.trips = 0  # round trips to the database so far (bench load reports them per click)
        self.outage = Outage(name)  # whether the database can be reached now

    @abstractmethod
    def transaction(self, game: int | None = None) -> contextlib.AbstractAsyncContextManager[Sql]:
        """A write transaction, committed at the end, rolled back on any error.

        With ``game``, writers of that game in other processes wait for it (PostgreSQL's advisory
        transaction lock; SQLite's writers all wait for each other anyway).
        """

    async def at_once(self, steps: Sequence[Step], game: int | None = None) -> bool:
        """The steps as one transaction (on ``game``, as ``transaction``); False, and nothing written, when
        a step did not change the rows it had to."""
        try:
            async with self.transaction(game) as tx:
                for step in steps:
                    if step.rows is not None:
                        await tx.executemany(step.sql, step.rows)
                        continue
                    changed = await tx.execute(step.sql, *step.args)
                    if step.changes is not None and changed != step.changes:
                        raise _Undone
        except _Undone:
            return False
        return True

    @abstractmethod
    async def fetch_after(self, write: Step, sql: str, *args: Any) -> list[Row]:
        """Makes ``write`` (one statement, its own transaction), then runs the query ``sql``: both in one
        round trip (the query may not see the write on PostgreSQL, so it reads other tables)."""

    @abstractmethod
    async def close(self) -> None: ...

    def explain(self, error: Exception) -> str:
        """One sentence for an error met while opening the database."""
        return f"cannot use {self.name}: {type(error).__name__}: {error}"

    def unreachable(self, error: BaseException) -> bool:
        """Whether ``error`` says that the database cannot be reached now (its server down, starting up or
        stopping, a connection lost), rather than that a statement failed."""
        return False

    # -- the schema --------------------------------------------------------------------
    @abstractmethod
    async def schema_version(self, sql: Sql | None = None) -> int: ...

    @abstractmethod
    async def set_schema_version(self, sql: Sql, version: int) -> None: ...

    @abstractmethod
    def statements(self, script: str, postgres: str) -> list[str]:
        """A migration's script as this database runs it, one statement at a time."""

    @abstractmethod
    def migrating(self) -> contextlib.AbstractAsyncContextManager[None]:
        """Held while the schema is checked and migrated, so two processes starting at once migrate once."""

    def skip_locked(self, alias: str) -> str:
        """What ends a SELECT that claims rows of ``alias`` for one process alone (a queue shared by processes)."""
        return ""

    async def after_copy(self, sql: Sql) -> None:
        """After rows were copied in with their ids (``python -m bot migrate``)."""

    @property
    def routines(self) -> bool:
        """Whether the database keeps stored functions (``schema.ROUTINES``): PostgreSQL runs a move's
        transaction in one of them, one round trip instead of one per statement."""
        return False

    # -- several processes -------------------------------------------------------------
    @property
    def shared(self) -> bool:
        """Whether several bot processes can coordinate through this database (its advisory locks)."""
        return False

    async def session(self) -> Session:
        raise DatabaseError(f"{self.name}: several processes need PostgreSQL (MESA_SHARDS=auto)")


class Session(ABC):
    """A connection of its own that holds locks until released or until the process dies."""

    @abstractmethod
    def on_lost(self, call: Callable[[], object]) -> None:
        """``call()`` runs as soon as the connection is found lost (its locks may be another's from then on)."""

    @abstractmethod
    async def try_lock(self, kind: int, key: int) -> bool: ...

    @abstractmethod
    async def lock(self, kind: int, key: int) -> None: ...

    @abstractmethod
    async def unlock(self, kind: int, key: int) -> None: ...

    @abstractmethod
    async def holders(self, kind: int) -> list[int]:
        """The keys of ``kind`` locked now, by any process."""

    @abstractmethod
    def alive(self) -> bool: ...

    @abstractmethod
    async def close(self) -> None: ...


# ================================================================================== SQLite
@functools.lru_cache(maxsize=1024)
def _sqlite(sql: str) -> str:
    return re.sub(r"\$(\d+)", r"?\1", sql)


class _SQLiteSql(Sql):
    def __init__(self, backend: SQLite) -> None:
        self.backend = backend

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        self.backend.trips += 1
        return list(await self.backend.conn.execute_fetchall(_sqlite(sql), args))

    async def execute(self, sql: str, *args: Any) -> int:
        self.backend.trips += 1
        cursor = await self.backend.conn.execute(_sqlite(sql), args)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self.backend.trips += 1
            await self.backend.conn.executemany(_sqlite(sql), rows)


class SQLite(Backend):
    kind = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, name: str) -> None:
        super().__init__(name)
        self.conn = conn
        self._write = asyncio.Lock()
        self._in = _SQLiteSql(self)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return await self._in.fetch(sql, *args)

    async def execute(self, sql: str, *args: Any) -> int:
        async with self._write:  # one statement is its own transaction: never inside another's
            return await self._in.execute(sql, *args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        async with self.transaction() as tx:
            await tx.executemany(sql, rows)

    @asynccontextmanager
    async def transaction(self, game: int | None = None) -> AsyncIterator[Sql]:
        async with self._write:
            self.trips += 1
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._in
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            self.trips += 1
            await self.conn.execute("COMMIT")

    async def at_once(self, steps: Sequence[Step], game: int | None = None) -> bool:
        """The whole transaction in one call to the connection's thread: each statement sent on its own
        cost a hop to that thread and back, and the GIL with it, ten times a move."""
        if aiosqlite_internals.PUBLIC:
            return await super().at_once(steps, game)

        def run(conn: sqlite3.Connection) -> bool:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for step in steps:
                    sql = _sqlite(step.sql)
                    if step.rows is not None:
                        conn.executemany(sql, step.rows)
                        continue
                    changed = conn.execute(sql, step.args).rowcount
                    if step.changes is not None and changed != step.changes:
                        conn.execute("ROLLBACK")
                        return False
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return True

        return await self._in_thread(run)

    async def fetch_after(self, write: Step, sql: str, *args: Any) -> list[Row]:
        if aiosqlite_internals.PUBLIC:
            await self.execute(write.sql, *write.args)
            return await self.fetch(sql, *args)

        def run(conn: sqlite3.Connection) -> list[Row]:
            conn.execute(_sqlite(write.sql), write.args)  # autocommit: its own transaction
            return conn.execute(_sqlite(sql), args).fetchall()

        return await self._in_thread(run)

    async def _in_thread(self, run: Callable[[sqlite3.Connection], T]) -> T:
        """``run(connection)`` as one write in the connection's thread: one round trip."""
        async with self._write:
            self.trips += 1
            return await aiosqlite_internals.in_thread(self.conn, run)

    async def close(self) -> None:
        await self.conn.close()

    def explain(self, error: Exception) -> str:
        return _explain(self.name, error) if isinstance(error, sqlite3.Error) else super().explain(error)

    async def schema_version(self, sql: Sql | None = None) -> int:
        return int(await (sql or self).fetchval("PRAGMA user_version"))

    async def set_schema_version(self, sql: Sql, version: int) -> None:
        await sql.execute(f"PRAGMA user_version = {int(version)}")

    def statements(self, script: str, postgres: str) -> list[str]:
        return [s for s in script.split(";") if s.strip()]

    @asynccontextmanager
    async def migrating(self) -> AsyncIterator[None]:
        yield  # each migration is a BEGIN IMMEDIATE transaction that reads the version again

    @classmethod
    async def open(cls, path: str | Path) -> SQLite:
        """Opens the file, or raises DatabaseError with one sentence naming what is wrong with it.

        The folder must exist (a mistyped path is not created); an empty file, a folder, a file
        SQLite cannot read, one that fails ``PRAGMA quick_check`` and one the bot cannot write (a
        read-only file or file system) are refused. The connection's thread is closed on every
        failure, so the process can exit.
        """
        if sqlite3.sqlite_version_info < SQLITE_MIN:
            raise DatabaseError(
                f"this Python's SQLite is {sqlite3.sqlite_version}; Mesa needs "
                f"{'.'.join(map(str, SQLITE_MIN))} or newer (or PostgreSQL in MESA_DATABASE)"
            )
        where = str(path)
        if where != ":memory:":
            _check_file(Path(path))
        try:
            conn = await aiosqlite.connect(where, isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseError(_explain(where, exc)) from None
        try:
            conn.row_factory = aiosqlite.Row
            db = cls(conn, where)
            await db._check()
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=NORMAL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA busy_timeout=5000")
        except sqlite3.Error as exc:
            await conn.close()
            raise DatabaseError(_explain(where, exc)) from None
        except BaseException:
            await conn.close()
            raise
        return db

    async def _check(self) -> None:
        """Refuses a damaged or read-only database (sqlite3.Error or DatabaseError)."""
        problems = [row[0] for row in await self.fetch("PRAGMA quick_check")]
        if problems != ["ok"]:
            lines = [line for row in problems for line in str(row).splitlines() if not line.startswith("***")]
            first = (lines or ["?"])[0][:120]
            raise DatabaseError(
                f"{self.name} is damaged (SQLite quick_check: {first}; {len(lines)} problem(s)); "
                "restore a backup or point MESA_DATABASE at another file"
            )
        version = await self.schema_version()
        await self.conn.execute("BEGIN IMMEDIATE")  # a write, rolled back: fails on a file the bot cannot write
        try:
            await self.conn.execute(f"PRAGMA user_version = {version}")
        finally:
            await self.conn.execute("ROLLBACK")


def _check_file(file: Path) -> None:
    if file.is_dir():
        raise DatabaseError(f"{file} is a folder, not a database file")
    folder = file.parent
    if not folder.is_dir():
        raise DatabaseError(
            f"the folder of {file} does not exist ({folder}): create it, or fix MESA_DATABASE "
            "(a persistent volume must be mounted there)"
        )
    if file.exists() and file.stat().st_size == 0:
        raise DatabaseError(
            f"{file} is an empty file (0 bytes), not a Mesa database: restore a backup, or delete it "
            "to start with no games"
        )


def _read_only_fs(where: str) -> bool:
    try:
        return bool(os.statvfs(Path(where).resolve().parent).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _explain(where: str, error: sqlite3.Error) -> str:
    """One sentence for an SQLite error met while opening the database."""
    text = str(error)
    if ("readonly" in text or "read-only" in text or "unable to open" in text) and _read_only_fs(where):
        return (
            f"{where} is on a read-only file system: the bot must write it and its folder "
            f"(for the -wal and -shm files); point MESA_DATABASE at a writable volume ({text})"
        )
    if "readonly" in text or "read-only" in text:
        return (
            f"{where} is read-only: the bot must be able to write it and its folder "
            f"(for the -wal and -shm files) ({text})"
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return f"{where} is not a readable Mesa database ({text}); restore a backup or point MESA_DATABASE elsewhere"
    if "unable to open" in text:
        return f"cannot open {where} ({text}): check that the file and its folder exist and are readable"
    return f"cannot use {where}: {text}"
