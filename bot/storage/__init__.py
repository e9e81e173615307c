"""Where a move is stored: games, seats, the append-only action log, reminders, the click journal.

SQLite (a file, the default) or PostgreSQL (``MESA_DATABASE=postgresql://...``), behind one
interface: ``backends`` (what differs between the two), ``schema`` (the migrations: where a table
is added), one module per concern (``games``, ``moves``, ``reminders``, ``clicks``, ``undo``,
``meta``, ``changes``), gathered in ``database.Database``. The rest of the bot imports from here
(``from bot.storage import Database, GameRow``), never from the modules inside, and this package
imports nothing of discord or of the rest of the bot.
"""

from .backends import LOCK_IDENTIFY, LOCK_MEMBER, LOCK_SHARD, Outage, Session, is_postgres
from .database import Database
from .notes import RESIGNED, THINKING
from .privacy import FORMER_PLAYER
from .records import (
    ABANDONED,
    ACTIVE,
    ENDED,
    FINISHED,
    FORBIDDEN,
    LOBBY,
    DatabaseAway,
    DatabaseError,
    GameRow,
    Move,
    Seat,
    Shards,
    StaleVersion,
)
from .schema import MIGRATIONS, Migration

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "ENDED",
    "FINISHED",
    "FORBIDDEN",
    "FORMER_PLAYER",
    "LOBBY",
    "LOCK_IDENTIFY",
    "LOCK_MEMBER",
    "LOCK_SHARD",
    "MIGRATIONS",
    "RESIGNED",
    "THINKING",
    "Database",
    "DatabaseAway",
    "DatabaseError",
    "GameRow",
    "Migration",
    "Move",
    "Outage",
    "Seat",
    "Session",
    "Shards",
    "StaleVersion",
    "is_postgres",
]
