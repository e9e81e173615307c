"""SQLite storage (aiosqlite, WAL): games, seats, the append-only action log, reminders.

Every move is one transaction that checks the stored version, writes the new state, bumps the
version and appends to the log, so a crash leaves either the old state or the new one and a
second writer with a stale version changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        thread_id INTEGER,
        lobby_message_id INTEGER,
        board_message_id INTEGER,
        status TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        locale TEXT NOT NULL DEFAULT 'en',
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE INDEX games_thread ON games(thread_id, status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        is_ai INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action_id TEXT NOT NULL,
        user_id INTEGER,
        events TEXT NOT NULL DEFAULT '[]',
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, version)
    );
    CREATE TABLE reminders (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        due_at REAL NOT NULL,
        sent INTEGER NOT NULL DEFAULT 0,
        muted INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX reminders_due ON reminders(due_at);
    """,
    # 2: which version the posted board shows, so a board lost in a crash is posted again
    """
    ALTER TABLE games ADD COLUMN board_version INTEGER;
    """,
    # 3: the host's reminder delay for one game (seconds; 0 turns reminders off; NULL: the default)
    """
    ALTER TABLE games ADD COLUMN reminder_delay REAL;
    """,
    # 4: undo. A move taken back stays in the log with the version of the undo (undone_at); an undo
    # takes a version of its own, so the version keeps growing and every older button goes stale.
    # revealed: the move showed something new (a roll, a card), so it is never taken back (NULL:
    # not known, as for moves stored before this migration, is treated the same). One pending
    # request per game for an undo that needs the other players' consent.
    """
    ALTER TABLE actions ADD COLUMN undone_at INTEGER;
    ALTER TABLE actions ADD COLUMN revealed INTEGER;
    CREATE TABLE undo_requests (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        back_to INTEGER NOT NULL,
        voters TEXT NOT NULL,
        agreed TEXT NOT NULL DEFAULT '[]',
        message_id INTEGER,
        created_at REAL NOT NULL
    );
    """,
    # 5: why a game's board cannot be posted (NULL: it can), the clicks being played (so that a
    #    clicker whose move a crash lost is told), and small facts about the bot (when its boards were right)
    """
    ALTER TABLE games ADD COLUMN board_blocked TEXT;
    CREATE TABLE clicks (
        interaction_id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        token TEXT NOT NULL,
        locale TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 6: the strength of an AI seat (easy, normal, strong), chosen in the lobby
    """
    ALTER TABLE seats ADD COLUMN ai_level TEXT NOT NULL DEFAULT 'normal';
    """,
]

ACTIVE = "active"
LOBBY = "lobby"
FINISHED = "finished"
ENDED = "ended"
# The game's thread or channel was deleted: it waits for its host to move it (/game move) or end it.
ABANDONED = "abandoned"
# Why a board cannot be posted (games.board_blocked): the bot may not write there.
FORBIDDEN = "forbidden"


@dataclass
class Move:
    seat: int
    action_id: str
    user_id: int | None
    events: list[dict]
    revealed: bool | None = None  # Engine.reveals: the move showed something new (None: not known)


class StaleVersion(Exception):
    """The game moved on since the version the writer read."""


class DatabaseError(Exception):
    """The database file cannot be used; the message is one sentence for whoever starts the bot."""


@dataclass
class Seat:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    level: str = "normal"  # the AI's strength when the AI plays the seat (rules.core.LEVELS)


@dataclass
class GameRow:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    board_message_id: int | None
    status: str
    host_id: int
    locale: str
    options: dict[str, str]
    seed: int | None
    state: str | None
    version: int
    seats: list[Seat] = field(default_factory=list)
    board_version: int | None = None
    reminder_delay: float | None = None
    board_blocked: str | None = None
    updated_at: float | None = None

    @property
    def play_channel_id(self) -> int:
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_ai), None)

    def seats_of(self, user_id: int) -> list[int]:
        return [s.seat for s in self.seats if s.user_id == user_id and not s.is_ai]


class Database:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self):
        """One write transaction at a time on the shared connection; rolled back on any error."""
        async with self._write:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Opens (creating or migrating) the database, or raises DatabaseError with one sentence.

        A file SQLite cannot read, one the bot cannot write, one that fails ``PRAGMA quick_check``
        and one written by a newer Mesa (a schema beyond ``MIGRATIONS``) are all refused before
        anything is served; the connection's thread is closed on every failure, so the process
        can exit.
        """
        where = str(path)
        if where != ":memory:":
            file = Path(path)
            if file.is_dir():
                raise DatabaseError(f"{file} is a folder, not a database file")
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseError(f"cannot create the folder of {file}: {exc.strerror}") from None
        try:
            conn = await aiosqlite.connect(where, isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseError(f"cannot open {where}: {exc}") from None
        try:
            conn.row_factory = aiosqlite.Row
            db = cls(conn)
            await db._check(where)
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=NORMAL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA busy_timeout=5000")
            await db.migrate()
        except sqlite3.Error as exc:
            await conn.close()
            raise DatabaseError(_explain(where, exc)) from None
        except BaseException:
            await conn.close()
            raise
        return db

    async def _check(self, where: str) -> None:
        """Refuses a damaged, read-only or newer database (sqlite3.Error or DatabaseError)."""
        async with self.conn.execute("PRAGMA quick_check") as cur:
            problems = [row[0] for row in await cur.fetchall()]
        if problems != ["ok"]:
            lines = [line for row in problems for line in str(row).splitlines() if not line.startswith("***")]
            first = (lines or ["?"])[0][:120]
            raise DatabaseError(
                f"{where} is damaged (SQLite quick_check: {first}; {len(lines)} problem(s)); "
                "restore a backup or point MESA_DATABASE at another file"
            )
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise DatabaseError(
                f"{where} was written by a newer Mesa (schema {version}, this one knows "
                f"{len(MIGRATIONS)}); update Mesa or point MESA_DATABASE at another file"
            )
        await self.conn.execute("BEGIN IMMEDIATE")  # a write, rolled back: fails on a file the bot cannot write
        try:
            await self.conn.execute(f"PRAGMA user_version = {version}")
        finally:
            await self.conn.execute("ROLLBACK")

    async def close(self) -> None:
        await self.conn.close()

    async def migrate(self) -> None:
        current = await self._value("PRAGMA user_version")
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in filter(str.strip, script.split(";")):
                    await self.conn.execute(statement)
                await self.conn.execute(f"PRAGMA user_version = {number}")
                await self.conn.execute("COMMIT")
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise

    async def schema_version(self) -> int:
        return await self._value("PRAGMA user_version")

    async def _value(self, sql: str, args: tuple = ()) -> Any:
        """The value of a query that always gives one row of one column (a PRAGMA, COUNT, MIN)."""
        async with self.conn.execute(sql, args) as cur:
            row = await cur.fetchone()
        if row is None:
            raise DatabaseError(f"the database gave no answer to {sql!r}.")
        return row[0]

    # -- reads -----------------------------------------------------------------------
    @staticmethod
    def _game_of(row: aiosqlite.Row) -> GameRow:
        """The game of a ``games`` row, without its seats."""
        return GameRow(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            thread_id=row["thread_id"],
            lobby_message_id=row["lobby_message_id"],
            board_message_id=row["board_message_id"],
            status=row["status"],
            host_id=row["host_id"],
            locale=row["locale"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            state=row["state"],
            version=row["version"],
            board_version=row["board_version"],
            reminder_delay=row["reminder_delay"],
            board_blocked=row["board_blocked"],
            updated_at=row["updated_at"],
        )

    async def _row_to_game(self, row: aiosqlite.Row) -> GameRow:
        return (await self._games_of([row]))[0]

    async def _games_of(self, rows: Iterable[aiosqlite.Row]) -> list[GameRow]:
        """The games of ``games`` rows with their seats, read in one statement for them all."""
        games = [self._game_of(r) for r in rows]
        if games:
            by_id = {g.id: g for g in games}
            seats = await self.conn.execute_fetchall(
                """SELECT game_id, seat, user_id, name, is_ai, ai_level FROM seats
                   WHERE game_id IN (SELECT value FROM json_each(?)) ORDER BY game_id, seat""",
                (json.dumps(list(by_id)),),
            )
            for r in seats:
                by_id[r["game_id"]].seats.append(
                    Seat(r["seat"], r["user_id"], r["name"], bool(r["is_ai"]), r["ai_level"])
                )
        return games

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game and its seats, read in one statement (one trip to the database thread)."""
        rows = list(
            await self.conn.execute_fetchall(
                """SELECT g.*, s.seat AS seat_number, s.user_id AS seat_user_id, s.name AS seat_name,
                      s.is_ai AS seat_is_ai, s.ai_level AS seat_ai_level
               FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat""",
                (game_id,),
            )
        )
        if not rows:
            return None
        game = self._game_of(rows[0])
        game.seats = [
            Seat(r["seat_number"], r["seat_user_id"], r["seat_name"], bool(r["seat_is_ai"]), r["seat_ai_level"])
            for r in rows
            if r["seat_number"] is not None
        ]
        return game

    async def game_in_channel(self, channel_id: int) -> GameRow | None:
        """The game played in this thread or channel (the newest running one), else the newest any."""
        async with self.conn.execute(
            """SELECT * FROM games WHERE (thread_id = ? OR (thread_id IS NULL AND channel_id = ?))
               ORDER BY status = 'active' DESC, id DESC LIMIT 1""",
            (channel_id, channel_id),
        ) as cur:
            row = await cur.fetchone()
        return await self._row_to_game(row) if row else None

    async def active_games_in_channel_itself(self, channel_id: int) -> int:
        return await self._value(
            "SELECT COUNT(*) FROM games WHERE channel_id = ? AND thread_id IS NULL AND status = 'active'",
            (channel_id,),
        )

    async def games_with_stale_boards(self, *, blocked: bool = False) -> list[GameRow]:
        """Running (or just finished) games whose last posted board is older than their state.

        This is the outbox of boards to post; games whose board the bot may not post
        (``board_blocked``) are left out unless ``blocked``.
        """
        async with self.conn.execute(
            f"""SELECT * FROM games WHERE status IN ('active', 'finished') AND state IS NOT NULL
               AND (board_version IS NULL OR board_version < version)
               {"" if blocked else "AND board_blocked IS NULL"} ORDER BY id"""
        ) as cur:
            rows = await cur.fetchall()
        return await self._games_of(rows)

    async def games_played_in(self, channel_id: int) -> list[GameRow]:
        """Running games played in this thread or channel, or in a thread of this channel."""
        async with self.conn.execute(
            """SELECT * FROM games WHERE status = 'active' AND (thread_id = ? OR channel_id = ?) ORDER BY id""",
            (channel_id, channel_id),
        ) as cur:
            rows = await cur.fetchall()
        return await self._games_of(rows)

    async def close_lobbies_in(self, channel_id: int) -> int:
        """Ends the open lobbies of a deleted channel; returns how many."""
        async with self.transaction():
            cur = await self.conn.execute(
                "UPDATE games SET status = 'ended', updated_at = ? WHERE status = 'lobby' AND channel_id = ?",
                (time.time(), channel_id),
            )
            return cur.rowcount or 0

    async def games_touched_since(self, when: float) -> list[GameRow]:
        """Running or finished games changed at or after ``when`` (a Unix time)."""
        async with self.conn.execute(
            """SELECT * FROM games WHERE status IN ('active', 'finished') AND state IS NOT NULL
               AND updated_at >= ? ORDER BY id""",
            (when,),
        ) as cur:
            rows = await cur.fetchall()
        return await self._games_of(rows)

    async def games_of_host(self, guild_id: int, host_id: int, statuses: tuple[str, ...]) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        async with self.conn.execute(
            f"SELECT * FROM games WHERE guild_id = ? AND host_id = ? AND status IN ({marks}) ORDER BY id DESC",
            (guild_id, host_id, *statuses),
        ) as cur:
            rows = await cur.fetchall()
        return await self._games_of(rows)

    async def games_of_guild(self, guild_id: int, statuses: tuple[str, ...]) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        async with self.conn.execute(
            f"SELECT * FROM games WHERE guild_id = ? AND status IN ({marks}) ORDER BY id", (guild_id, *statuses)
        ) as cur:
            rows = await cur.fetchall()
        return await self._games_of(rows)

    async def finished_games(self, guild_id: int, game: str | None = None) -> list[GameRow]:
        """A server's finished games (of one game if given), in the order they ended."""
        query = "SELECT * FROM games WHERE guild_id = ? AND status = 'finished'"
        args: list[int | str] = [guild_id]
        if game is not None:
            query, args = query + " AND game = ?", [guild_id, game]
        async with self.conn.execute(query + " ORDER BY updated_at, id", args) as cur:
            rows = await cur.fetchall()
        return await self._games_of(rows)

    async def action_log(self, game_id: int, limit: int | None = None) -> list[dict[str, Any]]:
        """The whole log (or its last ``limit`` rows), moves taken back included (``undone_at`` set)."""
        query = (
            "SELECT version, seat, action_id, user_id, events, undone_at, revealed, created_at"
            " FROM actions WHERE game_id = ? ORDER BY version"
        )
        if limit is not None:
            query = f"SELECT * FROM ({query} DESC LIMIT {int(limit)}) ORDER BY version"
        return [
            {
                "version": r["version"],
                "seat": r["seat"],
                "action_id": r["action_id"],
                "user_id": r["user_id"],
                "events": json.loads(r["events"]),
                "undone_at": r["undone_at"],
                "revealed": None if r["revealed"] is None else bool(r["revealed"]),
                "created_at": r["created_at"],
            }
            for r in await self.conn.execute_fetchall(query, (game_id,))
        ]

    async def moves_that_count(self, game_id: int) -> list[dict[str, Any]]:
        """The log without the moves taken back: seed + these moves replay the game exactly."""
        return [row for row in await self.action_log(game_id) if row["undone_at"] is None]

    # -- writes ----------------------------------------------------------------------
    async def create_lobby(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        locale: str,
        options: dict[str, str],
    ) -> int:
        now = time.time()
        async with self.transaction():
            cur = await self.conn.execute(
                """INSERT INTO games (game, guild_id, channel_id, status, host_id, locale, options,
                   created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)""",
                (game, guild_id, channel_id, host_id, locale, json.dumps(options), now, now),
            )
            game_id = cur.lastrowid
            if game_id is None:  # sqlite3 gives the new row's id after every INSERT
                raise DatabaseError("the database did not number the new game.")
            await self.conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, 0, ?, ?, 0)",
                (game_id, host_id, host_name),
            )
        return game_id

    async def set_seats(self, game_id: int, seats: list[Seat]) -> None:
        async with self.transaction():
            await self.conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self.conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, is_ai, ai_level) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, i, s.user_id, s.name, int(s.is_ai), s.level) for i, s in enumerate(seats)],
            )
            await self.conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (time.time(), game_id))

    async def update_game(self, game_id: int, **fields: Any) -> None:
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        fields["updated_at"] = time.time()
        assignments = ", ".join(f"{k} = ?" for k in fields)
        async with self._write:  # one statement is its own transaction (autocommit): one trip
            await self.conn.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*fields.values(), game_id))

    async def start_game(self, game_id: int, seed: int, state: str, thread_id: int | None) -> bool:
        async with self.transaction():
            cur = await self.conn.execute(
                """UPDATE games SET status = 'active', seed = ?, state = ?, version = 0, thread_id = ?,
                   updated_at = ? WHERE id = ? AND status = 'lobby'""",
                (seed, state, thread_id, time.time(), game_id),
            )
            return cur.rowcount == 1

    async def record_moves(
        self,
        game_id: int,
        expected_version: int,
        moves: list[Move],
        state: str,
        finished: bool,
        click: int | None = None,
        reminders: tuple[list[tuple[int, int]], float] | None = None,
    ) -> int:
        """Stores moves and the state after them in one transaction (which also forgets ``click`` and,
        with ``reminders`` (the (seat, user) pairs to remind and when), replaces the game's reminders
        as ``schedule_reminders`` does: none for an empty list).

        Raises StaleVersion (and changes nothing) if the stored version is not ``expected_version``.
        """
        now = time.time()
        new_version = expected_version + len(moves)
        async with self.transaction():
            cur = await self.conn.execute(
                """UPDATE games SET state = ?, version = ?, updated_at = ?,
                   status = CASE WHEN ? THEN 'finished' ELSE status END
                   WHERE id = ? AND version = ? AND status = 'active'""",
                (state, new_version, now, int(finished), game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion(game_id)
            await self._log_moves(game_id, expected_version, moves, now)
            if click is not None:
                await self.conn.execute("DELETE FROM clicks WHERE interaction_id = ?", (click,))
            if reminders is not None:
                await self._replace_reminders(game_id, new_version, *reminders)
        return new_version

    async def _log_moves(self, game_id: int, last_version: int, moves: list[Move], now: float) -> None:
        """Appends ``moves`` to the game's action log, numbered from ``last_version`` + 1 (inside the
        caller's transaction)."""
        await self.conn.executemany(
            """INSERT INTO actions (game_id, version, seat, action_id, user_id, events, created_at, revealed)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
            [
                (
                    game_id,
                    last_version + i + 1,
                    m.seat,
                    m.action_id,
                    m.user_id,
                    json.dumps(m.events),
                    now,
                    None if m.revealed is None else int(m.revealed),
                )
                for i, m in enumerate(moves)
            ],
        )

    async def set_ai_level(self, game_id: int, seat: int, level: str) -> None:
        async with self.transaction():
            await self.conn.execute(
                "UPDATE seats SET ai_level = ? WHERE game_id = ? AND seat = ?", (level, game_id, seat)
            )
            await self.conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (time.time(), game_id))

    # -- clicks being played -----------------------------------------------------------
    async def add_click(self, interaction_id: int, game_id: int, user_id: int, token: str, locale: str) -> None:
        """Notes an acknowledged click before it is played; the move's transaction forgets it.

        One statement is its own transaction (autocommit): one trip to the database thread.
        """
        async with self._write:
            await self.conn.execute(
                """INSERT OR REPLACE INTO clicks (interaction_id, game_id, user_id, token, locale, created_at)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (interaction_id, game_id, user_id, token, locale, time.time()),
            )

    async def drop_click(self, interaction_id: int) -> None:
        async with self._write:
            await self.conn.execute("DELETE FROM clicks WHERE interaction_id = ?", (interaction_id,))

    async def take_clicks(self, before: float) -> list[dict[str, Any]]:
        """The clicks noted before ``before`` (the start of this run: a crash lost them), forgotten as read."""
        async with self.transaction():
            async with self.conn.execute(
                "SELECT * FROM clicks WHERE created_at < ? ORDER BY created_at", (before,)
            ) as cur:
                rows = [dict(r) async for r in cur]
            await self.conn.execute("DELETE FROM clicks WHERE created_at < ?", (before,))
        return rows

    # -- facts about the bot -------------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        rows = list(await self.conn.execute_fetchall("SELECT value FROM meta WHERE key = ?", (key,)))
        return rows[0][0] if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction():
            await self.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    async def set_seat_ai(self, game_id: int, seat: int) -> None:
        async with self.transaction():
            await self.conn.execute("UPDATE seats SET is_ai = 1 WHERE game_id = ? AND seat = ?", (game_id, seat))
            await self.conn.execute("DELETE FROM reminders WHERE game_id = ? AND seat = ?", (game_id, seat))

    # -- reminders -------------------------------------------------------------------
    async def schedule_reminders(
        self, game_id: int, version: int, waiting: list[tuple[int, int]], due_at: float
    ) -> None:
        """Replaces the game's reminders by one per (seat, user) that must act at ``version``."""
        async with self.transaction():
            await self._replace_reminders(game_id, version, waiting, due_at)

    async def _replace_reminders(
        self, game_id: int, version: int, waiting: list[tuple[int, int]], due_at: float
    ) -> None:
        await self.conn.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
        if waiting:
            await self.conn.executemany(
                "INSERT INTO reminders (game_id, seat, user_id, version, due_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seat, user_id, version, due_at) for seat, user_id in waiting],
            )

    async def clear_reminders(self, game_id: int) -> None:
        async with self._write:  # one statement, its own transaction
            await self.conn.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))

    async def due_reminders(self, now: float) -> list[dict[str, Any]]:
        async with self.conn.execute(
            """SELECT r.*, g.reminder_delay AS game_delay FROM reminders r JOIN games g ON g.id = r.game_id
               WHERE r.due_at <= ? AND r.muted = 0 AND g.status = 'active' AND g.version = r.version
               ORDER BY r.due_at""",
            (now,),
        ) as cur:
            return [dict(r) async for r in cur]

    async def next_reminder_at(self) -> float | None:
        return await self._value("SELECT MIN(due_at) FROM reminders WHERE muted = 0")

    async def reminder_sent(self, game_id: int, seat: int, next_due: float | None) -> None:
        async with self.transaction():
            if next_due is None:
                await self.conn.execute(
                    "UPDATE reminders SET sent = sent + 1, muted = 1 WHERE game_id = ? AND seat = ?", (game_id, seat)
                )
            else:
                await self.conn.execute(
                    "UPDATE reminders SET sent = sent + 1, due_at = ? WHERE game_id = ? AND seat = ?",
                    (next_due, game_id, seat),
                )

    async def mute_reminder(self, game_id: int, user_id: int, version: int) -> bool:
        async with self.transaction():
            cur = await self.conn.execute(
                "UPDATE reminders SET muted = 1 WHERE game_id = ? AND user_id = ? AND version = ?",
                (game_id, user_id, version),
            )
            return cur.rowcount > 0

    async def reminders_of(self, game_id: int) -> list[dict[str, Any]]:
        async with self.conn.execute("SELECT * FROM reminders WHERE game_id = ? ORDER BY seat", (game_id,)) as cur:
            return [dict(r) async for r in cur]

    # -- undo ------------------------------------------------------------------------
    async def record_undo(
        self, game_id: int, expected_version: int, back_to: int, state: str, moves: list[Move], finished: bool = False
    ) -> int:
        """Takes back every move from version ``back_to`` on, in one transaction.

        The undo takes version ``expected_version + 1`` (the moves taken back keep their rows,
        marked with it); ``moves`` (the AI seats playing on) follow it; ``state`` is the state
        after them. Raises StaleVersion (and changes nothing) if the game moved on.
        """
        now = time.time()
        undo_version = expected_version + 1
        new_version = undo_version + len(moves)
        async with self.transaction():
            cur = await self.conn.execute(
                """UPDATE games SET state = ?, version = ?, updated_at = ?,
                   status = CASE WHEN ? THEN 'finished' ELSE status END
                   WHERE id = ? AND version = ? AND status = 'active'""",
                (state, new_version, now, int(finished), game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion(game_id)
            await self.conn.execute(
                "UPDATE actions SET undone_at = ? WHERE game_id = ? AND version >= ? AND undone_at IS NULL",
                (undo_version, game_id, back_to),
            )
            await self._log_moves(game_id, undo_version, moves, now)
            await self.conn.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))
        return new_version

    async def save_undo_request(
        self, game_id: int, user_id: int, version: int, back_to: int, voters: list[int]
    ) -> None:
        """Stores the game's pending undo request (replacing an older one)."""
        async with self.transaction():
            await self.conn.execute(
                """INSERT OR REPLACE INTO undo_requests (game_id, user_id, version, back_to, voters, agreed,
                   created_at) VALUES (?, ?, ?, ?, ?, '[]', ?)""",
                (game_id, user_id, version, back_to, json.dumps(voters), time.time()),
            )

    async def undo_request(self, game_id: int) -> dict[str, Any] | None:
        async with self.conn.execute("SELECT * FROM undo_requests WHERE game_id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        out = dict(row)
        out["voters"], out["agreed"] = json.loads(out["voters"]), json.loads(out["agreed"])
        return out

    async def agree_undo(self, game_id: int, user_id: int) -> None:
        async with self.transaction():
            async with self.conn.execute("SELECT agreed FROM undo_requests WHERE game_id = ?", (game_id,)) as cur:
                row = await cur.fetchone()
            if row is not None:
                agreed = sorted({*json.loads(row["agreed"]), user_id})
                await self.conn.execute(
                    "UPDATE undo_requests SET agreed = ? WHERE game_id = ?", (json.dumps(agreed), game_id)
                )

    async def set_undo_message(self, game_id: int, message_id: int) -> None:
        async with self.transaction():
            await self.conn.execute("UPDATE undo_requests SET message_id = ? WHERE game_id = ?", (message_id, game_id))

    async def drop_undo_request(self, game_id: int) -> None:
        async with self.transaction():
            await self.conn.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))


def _explain(where: str, error: sqlite3.Error) -> str:
    """One sentence for an SQLite error met while opening the database."""
    text = str(error)
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
