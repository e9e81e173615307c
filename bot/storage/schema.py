"""The schema: one list of migrations for both databases, the single place where a table is added.

Each migration is written once in SQLite's DDL, the database the schema began with; PostgreSQL runs the
same text with its own spelling of the column types (``postgres_ddl``: ``INTEGER`` becomes ``BIGINT``,
since Discord ids need 64 bits, ``REAL`` becomes ``DOUBLE PRECISION``, the autoincrementing key an
identity column), plus what only it has (``Migration.postgres``: the trigger that announces a changed
game). A new table or column is one more ``Migration`` at the end of ``MIGRATIONS``; the storage
contract tests run it on both databases. The schema's version is SQLite's ``user_version``, or the
``mesa_schema`` table in PostgreSQL; a database of a newer schema than this list is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from .backends import CHANGES_CHANNEL, Backend
from .moves import RECORD_MOVES
from .records import DatabaseError


@dataclass(frozen=True)
class Migration:
    sql: str  # both databases (SQLite's DDL; see postgres_ddl)
    postgres: str = ""  # run by PostgreSQL alone, after ``sql``


MIGRATIONS: list[Migration] = [
    # 1: the first schema
    Migration(
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
        """
    ),
    # 2: which version the posted board shows, so a board lost in a crash is posted again
    Migration(
        """
        ALTER TABLE games ADD COLUMN board_version INTEGER;
        """
    ),
    # 3: the host's reminder delay for one game (seconds; 0 turns reminders off; NULL: the default)
    Migration(
        """
        ALTER TABLE games ADD COLUMN reminder_delay REAL;
        """
    ),
    # 4: undo. A move taken back stays in the log with the version of the undo (undone_at); an undo
    # takes a version of its own, so the version keeps growing and every older button goes stale.
    # revealed: the move showed something new (a roll, a card), so it is never taken back (NULL:
    # not known, as for moves stored before this migration, is treated the same). One pending
    # request per game for an undo that needs the other players' consent.
    Migration(
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
        """
    ),
    # 5: why a game's board cannot be posted (NULL: it can), the clicks being played (so that a
    #    clicker whose move a crash lost is told), and small facts about the bot (when its boards were right)
    Migration(
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
        """
    ),
    # 6: the strength of an AI seat (easy, normal, strong), chosen in the lobby
    Migration(
        """
        ALTER TABLE seats ADD COLUMN ai_level TEXT NOT NULL DEFAULT 'normal';
        """
    ),
    # 7: changed games are announced (PostgreSQL: NOTIFY from a trigger; SQLite's readers look at
    #    updated_at, hence its index)
    Migration(
        """
        CREATE INDEX games_updated ON games(updated_at);
        """,
        postgres=f"""
        CREATE FUNCTION mesa_game_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{CHANGES_CHANNEL}', NEW.id::text);
            RETURN NULL;
        END $$;
        CREATE TRIGGER games_changed AFTER INSERT OR UPDATE ON games
            FOR EACH ROW EXECUTE FUNCTION mesa_game_changed();
        """,
    ),
    # 8: a lobby opened by a finished game's Rematch button names that game (one open rematch at a time)
    Migration(
        """
        ALTER TABLE games ADD COLUMN rematch_of INTEGER;
        """
    ),
    # 9: each player's settings across games and servers (/settings, /away): where turns reach them
    #    (mention, dm, both; dm_refused once Discord refused a direct message), quiet hours (minutes after
    #    midnight in time_zone), reminders on or off, a language other than Discord's, away until when
    #    and how (the AI plays, or the tables without a clock wait). A reminder may be a turn's ping held
    #    back by quiet hours (held): sent when they end, it is not counted as a reminder.
    Migration(
        """
        CREATE TABLE players (
            user_id INTEGER PRIMARY KEY,
            delivery TEXT NOT NULL DEFAULT 'mention',
            quiet_start INTEGER,
            quiet_end INTEGER,
            time_zone TEXT NOT NULL DEFAULT 'UTC',
            reminders INTEGER NOT NULL DEFAULT 1,
            locale TEXT,
            dm_refused INTEGER NOT NULL DEFAULT 0,
            away_until REAL,
            away_mode TEXT NOT NULL DEFAULT 'ai',
            updated_at REAL NOT NULL
        );
        ALTER TABLE reminders ADD COLUMN held INTEGER NOT NULL DEFAULT 0;
        """
    ),
    # 10: a clock per table: seconds a player has for a turn (NULL: no clock) and the strength the AI
    #     plays a late turn at; each waiting seat's deadline (kept while its decision waits).
    Migration(
        """
        ALTER TABLE games ADD COLUMN turn_limit REAL;
        ALTER TABLE games ADD COLUMN stand_in TEXT NOT NULL DEFAULT 'normal';
        CREATE TABLE clocks (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            deadline REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX clocks_due ON clocks(deadline);
        """
    ),
    # 11: the game's spectator page (/g/<web_token>): a long random token, replaced when the host resets
    #     the link (NULL: no page yet)
    Migration(
        """
        ALTER TABLE games ADD COLUMN web_token TEXT;
        CREATE UNIQUE INDEX games_web_token ON games(web_token);
        """
    ),
    # 12: PostgreSQL writes a game's row in place at a move (a "HOT" update: no index is touched, no
    #     dead index entry is left for VACUUM). Its changes are announced by the trigger, so it needs no
    #     index on updated_at (SQLite's watcher does); and half of each page of games is left free for
    #     the row's next version. The pages already written keep their rows until they are rewritten.
    Migration(
        "",
        postgres="""
        DROP INDEX games_updated;
        ALTER TABLE games SET (fillfactor = 50);
        """,
    ),
    # 13: a game continued from a file (/game import) seats nobody who has not accepted: a seat of the
    #     file's other players waits in its lobby, open (user_id NULL), for the one it invites to Join
    Migration(
        """
        ALTER TABLE seats ADD COLUMN invited_id INTEGER;
        """
    ),
    # 14: the language of the player's Discord as their last interaction said it: their direct messages and
    #     reminders are written in it when they chose none with /settings.
    Migration("ALTER TABLE players ADD COLUMN discord_locale TEXT;"),
    # 15: what the pages' own process (``python -m bot web``) asks the bot to say in a game's channel beside its
    #     boards (a player resigned there; strong AI seats think after a move made there), at which version:
    #     taken, and so deleted, by the bot that says it
    Migration(
        """
        CREATE TABLE channel_notes (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            version INTEGER NOT NULL,
            moved INTEGER NOT NULL,
            created_at REAL NOT NULL
        );
        CREATE INDEX channel_notes_game ON channel_notes(game_id);
        """
    ),
    # 16: the sign-ins on the pages (their cookie names one by its long random id): signing out deletes its
    #     row, and with it every copy of its cookie
    Migration(
        """
        CREATE TABLE sign_ins (
            id TEXT PRIMARY KEY,
            user_id INTEGER NOT NULL,
            created_at REAL NOT NULL
        );
        CREATE INDEX sign_ins_created ON sign_ins(created_at);
        """
    ),
]


# PostgreSQL's stored functions: not part of the schema's history but of this code, so (re)created
# at every start, after the migrations (a database left by an older Mesa gets this Mesa's).
ROUTINES: list[str] = [RECORD_MOVES]


async def migrate(db: Backend) -> None:
    """Brings the schema up to date, or raises DatabaseError for a database of a newer Mesa.

    Each migration is one transaction that reads the version again, so two processes starting at
    once on one database apply each migration once.
    """
    async with db.migrating():
        version = await db.schema_version()
        if version > len(MIGRATIONS):
            raise DatabaseError(
                f"{db.name} was written by a newer Mesa (schema {version}, this one knows "
                f"{len(MIGRATIONS)}); update Mesa or point MESA_DATABASE at another database"
            )
        for number in range(version + 1, len(MIGRATIONS) + 1):
            migration = MIGRATIONS[number - 1]
            async with db.transaction() as tx:
                if await db.schema_version(tx) >= number:
                    continue
                for statement in db.statements(migration.sql, migration.postgres):
                    await tx.execute(statement)
                await db.set_schema_version(tx, number)
        if db.routines:
            async with db.transaction() as tx:
                for routine in ROUTINES:
                    await tx.execute(routine)
