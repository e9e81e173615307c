"""Where a move is stored: the games, their seats, the append-only action log, the reminders.

The rest of the bot imports from here (``from bot.storage import Database, GameRow``), never from
the modules inside, and this package imports nothing of discord or of the rest of the bot.
"""

from .database import (
    ABANDONED,
    ACTIVE,
    ENDED,
    FINISHED,
    FORBIDDEN,
    LOBBY,
    MIGRATIONS,
    Database,
    DatabaseError,
    GameRow,
    Move,
    Seat,
    StaleVersion,
)

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "ENDED",
    "FINISHED",
    "FORBIDDEN",
    "LOBBY",
    "MIGRATIONS",
    "Database",
    "DatabaseError",
    "GameRow",
    "Move",
    "Seat",
    "StaleVersion",
]
