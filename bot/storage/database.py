"""``Database``: every table's statements (one module per concern) on one of the two databases."""

from __future__ import annotations

from pathlib import Path

from .backends import Backend, SQLite, is_postgres
from .changes import Changes
from .clicks import Clicks, click_note
from .clocks import Clocks
from .games import Games
from .meta import Meta
from .moves import Moves
from .notes import ChannelNotes
from .players import PlayerRows
from .postgres import Postgres, unreachable
from .privacy import Privacy
from .records import DatabaseAway, DatabaseError, GameRow
from .reminders import Reminders
from .schema import migrate
from .sign_ins import SignIns
from .undo import UndoRequests


async def connect(target: str | Path) -> Backend:
    """The database named by ``MESA_DATABASE``: a ``postgresql://`` URL, or an SQLite file."""
    if is_postgres(str(target)):
        return await Postgres.open(str(target))
    return await SQLite.open(target)


class Database(
    Games, Moves, Reminders, Clicks, UndoRequests, Meta, Changes, PlayerRows, Clocks, Privacy, ChannelNotes, SignIns
):
    """The bot's storage: SQLite (a file path) or PostgreSQL (a ``postgresql://`` URL), the same either way."""

    def __init__(self, backend: Backend) -> None:
        self.sql = backend
        self._init_changes()

    @classmethod
    async def open(cls, target: str | Path) -> Database:
        """Opens (creating or migrating) the database, or raises DatabaseError with one sentence.

        SQLite: a missing folder, an empty file, a file SQLite cannot read, one the bot cannot write,
        one that fails ``PRAGMA quick_check``; PostgreSQL: a bad URL, a server out of reach, a refused
        password, a missing database; both: a schema newer than this Mesa's. Nothing is left open
        on a failure, so the process can exit.
        """
        backend = await connect(target)
        try:
            await migrate(backend)
        except DatabaseError:
            await backend.close()
            raise
        except Exception as exc:  # a table in the way (another program's database), a lost connection
            await backend.close()
            if backend.kind == "postgresql" and unreachable(exc):
                raise DatabaseAway(backend.explain(exc)) from None
            raise DatabaseError(backend.explain(exc)) from None
        except BaseException:
            await backend.close()
            raise
        return cls(backend)

    @property
    def name(self) -> str:
        """How messages name the database: its path, or its URL without the password."""
        return self.sql.name

    @property
    def kind(self) -> str:
        return self.sql.kind

    async def schema_version(self) -> int:
        return await self.sql.schema_version()

    async def migrate(self) -> None:
        await migrate(self.sql)

    async def note_click(
        self, interaction_id: int, game_id: int, user_id: int, token: str, locale: str
    ) -> GameRow | None:
        """Notes a click in the click journal and reads its game, in one round trip."""
        return await self.get_game(game_id, after=click_note(interaction_id, game_id, user_id, token, locale))

    async def close(self) -> None:
        await self.sql.close()
