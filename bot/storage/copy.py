"""Copying every row from one database to another (``python -m bot migrate``), either direction."""

from __future__ import annotations

from collections.abc import Callable

from .backends import Backend
from .records import DatabaseError

# Every table, parents first, with the columns that order its rows (a new table goes here too:
# tests/test_migrate.py checks that every table of the schema is listed).
TABLES: list[tuple[str, str]] = [
    ("games", "id"),
    ("seats", "game_id, seat"),
    ("actions", "game_id, version"),
    ("reminders", "game_id, seat"),
    ("undo_requests", "game_id"),
    ("clicks", "interaction_id"),
    ("meta", "key"),
    ("players", "user_id"),
    ("clocks", "game_id, seat"),
    ("channel_notes", "game_id, created_at"),
    ("sign_ins", "id"),
]
BATCH = 500

Progress = Callable[[str, int, int], None]  # (table, rows copied, rows in all)


async def counts(db: Backend) -> dict[str, int]:
    return {table: int(await db.fetchval(f"SELECT COUNT(*) FROM {table}")) for table, _ in TABLES}


async def empty(db: Backend) -> None:
    """Deletes every row (children first), for a copy into a database that held something."""
    async with db.transaction() as tx:
        for table, _ in reversed(TABLES):
            await tx.execute(f"DELETE FROM {table}")


async def copy(source: Backend, target: Backend, progress: Progress | None = None) -> dict[str, int]:
    """Copies every row of every table, ids kept; both databases at the same schema, the target empty."""
    if await source.schema_version() != await target.schema_version():
        raise DatabaseError("the two databases are at different schemas; open both with this Mesa first")
    total = await counts(source)
    for table, order in TABLES:
        done = 0
        while True:
            rows = await source.fetch(f"SELECT * FROM {table} ORDER BY {order} LIMIT {BATCH} OFFSET {done}")
            if not rows:
                break
            columns = list(rows[0].keys())
            marks = ", ".join(f"${i}" for i in range(1, len(columns) + 1))
            async with target.transaction() as tx:
                await tx.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                    [tuple(row[c] for c in columns) for row in rows],
                )
            done += len(rows)
            if progress is not None:
                progress(table, done, total[table])
        if progress is not None and not done:
            progress(table, 0, 0)
    async with target.transaction() as tx:
        await target.after_copy(tx)
    return total
