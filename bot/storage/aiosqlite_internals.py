"""The part of aiosqlite that is not its public interface: running a function in a connection's thread.

A move is several statements in one transaction; run one by one through aiosqlite's public calls, each is
a trip to the connection's thread and back (a move then costs a trip per statement). aiosqlite runs every
call as a function in that thread (``Connection._execute``, with the ``sqlite3`` connection there,
``Connection._conn``), so a whole move goes in one trip through it. Through the public calls a click
costs 11.1 trips instead of 4.1, and the bot 43.1 CPU ms instead of 41.1 (+5 %, medians of 3 runs each;
the runs through the internals spread from 38.6 to 44.3 ms on a machine loaded 12 to 20 on 2 cores), with
``python -m bench load --games 20 --rate 10 --seconds 20``, run with ``MESA_PUBLIC_APIS=aiosqlite`` and
without, taking turns (``MESA_PUBLIC_APIS=aiosqlite`` runs the moves through the public calls, for that
measurement). Nothing else in Mesa touches these;
``check`` says at once which of them an aiosqlite version lacks, and ``tests/test_library_internals.py``
runs a function through it, so an upgrade that breaks it fails there, loudly.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Awaitable, Callable
from importlib.metadata import version
from typing import TypeVar, cast

import aiosqlite

T = TypeVar("T")

# Whether the moves go statement by statement through aiosqlite's public calls instead, for
# ``python -m bench`` to compare the two (``MESA_PUBLIC_APIS`` holding ``aiosqlite``).
PUBLIC = "aiosqlite" in os.environ.get("MESA_PUBLIC_APIS", "").split(",")


async def in_thread(conn: aiosqlite.Connection, run: Callable[[sqlite3.Connection], T]) -> T:
    """``run(connection)`` in ``conn``'s thread, with its ``sqlite3`` connection, as aiosqlite runs each call."""
    execute = cast(Callable[..., Awaitable[T]], conn._execute)
    return await execute(run, conn._conn)


def check(conn: aiosqlite.Connection) -> None:
    """Raises ``RuntimeError``, naming aiosqlite's version, if ``conn`` lacks what ``in_thread`` uses."""
    missing = [name for name in ("_execute", "_conn") if not hasattr(conn, name)]
    if not missing and not isinstance(conn._conn, sqlite3.Connection):
        missing.append("_conn as a sqlite3.Connection")
    if missing:
        raise RuntimeError(
            f"aiosqlite {version('aiosqlite')} lacks Connection.{', '.join(missing)}, which "
            "bot/storage/aiosqlite_internals.py uses: keep aiosqlite to the versions pyproject.toml allows"
        )
