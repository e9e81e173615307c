"""Games and their seats: lobbies, starting, the channel a game is played in, its board message."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from typing import Any

from .backends import Row, Sql, Step
from .players import COLUMNS as PLAYER_COLUMNS
from .records import DatabaseError, GameRow, Seat, Shards
from .tables import Tables

# A game's row and its seats, one row per seat (a lobby with no seat left still gives its game), each with
# its player's settings if they set any (``players``), and the version of its pending undo request: what
# a move needs to know of its players and of the game comes with it.
_GAMES_WITH_SEATS = f"""SELECT g.*, u.version AS undo_version, s.seat AS seat_number, s.user_id AS seat_user_id,
       s.name AS seat_name, s.is_ai AS seat_is_ai, s.ai_level AS seat_ai_level,
       s.invited_id AS seat_invited_id, p.user_id AS player_user_id,
       {", ".join(f"p.{column} AS player_{column}" for column in (*PLAYER_COLUMNS, "discord_locale"))}
FROM games g LEFT JOIN undo_requests u ON u.game_id = g.id LEFT JOIN seats s ON s.game_id = g.id
LEFT JOIN players p ON p.user_id = s.user_id"""


def _game_of(row: Row) -> GameRow:
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
        turn_limit=row["turn_limit"],
        stand_in=row["stand_in"],
        web_token=row["web_token"],
        undo_version=row["undo_version"],
    )


def _games_of(rows: Iterable[Row]) -> list[GameRow]:
    """Games with their seats from rows of ``_GAMES_WITH_SEATS`` (each game's rows next to each other)."""
    games: list[GameRow] = []
    for row in rows:
        if not games or games[-1].id != row["id"]:
            games.append(_game_of(row))
        if row["seat_number"] is not None:
            games[-1].seats.append(
                Seat(
                    row["seat_number"],
                    row["seat_user_id"],
                    row["seat_name"],
                    bool(row["seat_is_ai"]),
                    row["seat_ai_level"],
                    row["seat_invited_id"],
                )
            )
        if row["player_user_id"] is not None:
            games[-1].players[row["player_user_id"]] = {
                "user_id": row["player_user_id"],
                **{column: row[f"player_{column}"] for column in (*PLAYER_COLUMNS, "discord_locale")},
            }
    return games


def _marks(first: int, count: int) -> str:
    return ", ".join(f"${i}" for i in range(first, first + count))


class Games(Tables):
    async def _games(
        self, where: str, args: Iterable[Any] = (), order: str = "g.id", after: Step | None = None
    ) -> list[GameRow]:
        """The games matching ``where`` (on ``g``), each with its seats, in one statement (made in the same
        round trip as the write ``after``, when given)."""
        query = f"{_GAMES_WITH_SEATS} WHERE {where} ORDER BY {order}, g.id, s.seat"
        rows = await (self.sql.fetch(query, *args) if after is None else self.sql.fetch_after(after, query, *args))
        return _games_of(rows)

    # -- reads -----------------------------------------------------------------------
    async def get_game(self, game_id: int, after: Step | None = None) -> GameRow | None:
        """The game and its seats, read in one statement; with ``after`` (a click's note, which must be
        stored before the click is acknowledged), that write and the read are one round trip."""
        games = await self._games("g.id = $1", (game_id,), after=after)
        return games[0] if games else None

    async def game_by_web_token(self, token: str) -> GameRow | None:
        """The started game whose spectator page has this token."""
        games = await self._games("g.web_token = $1 AND g.status != 'lobby'", (token,))
        return games[0] if games else None

    async def game_in_channel(self, channel_id: int) -> GameRow | None:
        """The game played in this thread or channel (the newest running one), else the newest any."""
        games = await self._games(
            """g.id = (SELECT id FROM games WHERE (thread_id = $1 OR (thread_id IS NULL AND channel_id = $1))
               ORDER BY status = 'active' DESC, id DESC LIMIT 1)""",
            (channel_id,),
        )
        return games[0] if games else None

    async def active_games_in_channel_itself(self, channel_id: int) -> int:
        return int(
            await self.sql.fetchval(
                "SELECT COUNT(*) FROM games WHERE channel_id = $1 AND thread_id IS NULL AND status = 'active'",
                channel_id,
            )
        )

    async def games_with_stale_boards(self, *, blocked: bool = False, shards: Shards | None = None) -> list[GameRow]:
        """Running (or just finished) games whose last posted board is older than their state.

        This is the outbox of boards to post; games whose board the bot may not post
        (``board_blocked``) are left out unless ``blocked``; with ``shards``, only their games.
        """
        return await self._games(
            f"""g.status IN ('active', 'finished') AND g.state IS NOT NULL
               AND (g.board_version IS NULL OR g.board_version < g.version)
               {"" if blocked else "AND g.board_blocked IS NULL"}
               AND {(shards or Shards.all()).where("g.guild_id")}"""
        )

    async def games_played_in(self, channel_id: int) -> list[GameRow]:
        """Running games played in this thread or channel, or in a thread of this channel."""
        return await self._games("g.status = 'active' AND (g.thread_id = $1 OR g.channel_id = $1)", (channel_id,))

    async def games_touched_since(self, when: float, shards: Shards | None = None) -> list[GameRow]:
        """Running or finished games changed at or after ``when`` (a Unix time); with ``shards``, only theirs."""
        return await self._games(
            f"""g.status IN ('active', 'finished') AND g.state IS NOT NULL AND g.updated_at >= $1
               AND {(shards or Shards.all()).where("g.guild_id")}""",
            (when,),
        )

    async def started_games(self) -> list[GameRow]:
        """Every game that was ever started (it has a state), in the order they were made."""
        return await self._games("g.state IS NOT NULL")

    async def games_of_host(self, guild_id: int, host_id: int, statuses: tuple[str, ...]) -> list[GameRow]:
        return await self._games(
            f"g.guild_id = $1 AND g.host_id = $2 AND g.status IN ({_marks(3, len(statuses))})",
            (guild_id, host_id, *statuses),
            order="g.id DESC",
        )

    async def games_of_guild(self, guild_id: int, statuses: tuple[str, ...]) -> list[GameRow]:
        return await self._games(f"g.guild_id = $1 AND g.status IN ({_marks(2, len(statuses))})", (guild_id, *statuses))

    async def games_of_player(self, user_id: int, statuses: tuple[str, ...]) -> list[GameRow]:
        """The games, on every server, in which ``user_id`` holds a seat (not handed to the AI)."""
        return await self._games(
            f"""g.status IN ({_marks(2, len(statuses))})
               AND g.id IN (SELECT game_id FROM seats WHERE user_id = $1 AND is_ai = 0)""",
            (user_id, *statuses),
        )

    async def finished_games(self, guild_id: int, game: str | None = None) -> list[GameRow]:
        """A server's finished games (of one game if given), in the order they ended."""
        if game is None:
            return await self._games("g.guild_id = $1 AND g.status = 'finished'", (guild_id,), order="g.updated_at")
        return await self._games(
            "g.guild_id = $1 AND g.status = 'finished' AND g.game = $2", (guild_id, game), order="g.updated_at"
        )

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
        async with self.sql.transaction() as tx:
            game_id = await tx.fetchval(
                """INSERT INTO games (game, guild_id, channel_id, status, host_id, locale, options,
                   created_at, updated_at) VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, $7) RETURNING id""",
                game,
                guild_id,
                channel_id,
                host_id,
                locale,
                json.dumps(options),
                now,
            )
            if game_id is None:
                raise DatabaseError("the database did not number the new game.")
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES ($1, 0, $2, $3, 0)",
                game_id,
                host_id,
                host_name,
            )
        return int(game_id)

    async def create_rematch(
        self, old: GameRow, channel_id: int, host_id: int, host_name: str, seats: list[Seat]
    ) -> tuple[int, bool]:
        """The open rematch lobby of a finished game, made (with ``seats``, the old game's options and
        language) unless one is open already; returns its id and whether it is new."""
        now = time.time()
        async with self.sql.transaction(old.id) as tx:
            found = await tx.fetchrow(
                "SELECT id FROM games WHERE rematch_of = $1 AND status = 'lobby' ORDER BY id DESC LIMIT 1", old.id
            )
            if found is not None:
                return int(found["id"]), False
            game_id = await tx.fetchval(
                """INSERT INTO games (game, guild_id, channel_id, status, host_id, locale, options, rematch_of,
                   turn_limit, stand_in, created_at, updated_at)
                   VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id""",
                old.game,
                old.guild_id,
                channel_id,
                host_id,
                old.locale,
                json.dumps(old.options),
                old.id,
                old.turn_limit,
                old.stand_in,
                now,
            )
            if game_id is None:
                raise DatabaseError("the database did not number the new game.")
            await tx.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, is_ai, ai_level) VALUES ($1, $2, $3, $4, $5, $6)",
                [
                    (
                        game_id,
                        i,
                        s.user_id,
                        s.name or (host_name if s.user_id == host_id else ""),
                        int(s.is_ai),
                        s.level,
                    )
                    for i, s in enumerate(seats)
                ],  # an AI seat keeps no name: it is "AI n"
            )
        return int(game_id), True

    async def set_seats(self, game_id: int, seats: list[Seat]) -> None:
        async with self.sql.transaction(game_id) as tx:
            await self._write_seats(tx, game_id, seats)
            await tx.execute("UPDATE games SET updated_at = $1 WHERE id = $2", time.time(), game_id)

    @staticmethod
    async def _write_seats(tx: Sql, game_id: int, seats: list[Seat]) -> None:
        await tx.execute("DELETE FROM seats WHERE game_id = $1", game_id)
        await tx.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, is_ai, ai_level, invited_id)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7)",
            [(game_id, i, s.user_id, s.name, int(s.is_ai), s.level, s.invited) for i, s in enumerate(seats)],
        )

    async def start_imported(self, game_id: int, seats: list[Seat], thread_id: int | None) -> bool:
        """An imported game's lobby starts: its seats as they end up (those nobody took, the AI's) and its
        thread, in one transaction; False if it is no lobby any more."""
        async with self.sql.transaction(game_id) as tx:
            changed = await tx.execute(
                "UPDATE games SET status = 'active', thread_id = $1, updated_at = $2 WHERE id = $3 AND status = 'lobby'",
                thread_id,
                time.time(),
                game_id,
            )
            if changed != 1:
                return False
            await self._write_seats(tx, game_id, seats)
            return True

    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Sets columns of the game (names from this code, never from input); one statement."""
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        fields["updated_at"] = time.time()
        assignments = ", ".join(f"{column} = ${i}" for i, column in enumerate(fields, start=2))
        await self.sql.execute(f"UPDATE games SET {assignments} WHERE id = $1", game_id, *fields.values())

    async def record_board(self, game_id: int, message_id: int, version: int, now: float | None = None) -> bool:
        """Notes the board posted for ``version`` (the row changed ``now``: the time by default); False (nothing
        noted) if the game has moved on since. The row as it leaves it: ``GameRow.with_board``."""
        return (
            await self.sql.execute(
                """UPDATE games SET board_message_id = $2, board_version = $3, board_blocked = NULL,
                   updated_at = $4 WHERE id = $1 AND version = $3""",
                game_id,
                message_id,
                version,
                time.time() if now is None else now,
            )
            == 1
        )

    async def start_game(self, game_id: int, seed: int, state: str, thread_id: int | None) -> bool:
        async with self.sql.transaction(game_id) as tx:
            changed = await tx.execute(
                """UPDATE games SET status = 'active', seed = $1, state = $2, version = 0, thread_id = $3,
                   updated_at = $4 WHERE id = $5 AND status = 'lobby'""",
                seed,
                state,
                thread_id,
                time.time(),
                game_id,
            )
            return changed == 1

    async def close_lobbies_in(self, channel_id: int) -> int:
        """Ends the open lobbies of a deleted channel; returns how many."""
        return await self.sql.execute(
            "UPDATE games SET status = 'ended', updated_at = $1 WHERE status = 'lobby' AND channel_id = $2",
            time.time(),
            channel_id,
        )

    async def set_ai_level(self, game_id: int, seat: int, level: str) -> None:
        async with self.sql.transaction(game_id) as tx:
            await tx.execute("UPDATE seats SET ai_level = $1 WHERE game_id = $2 AND seat = $3", level, game_id, seat)
            await tx.execute("UPDATE games SET updated_at = $1 WHERE id = $2", time.time(), game_id)

    async def set_seat_ai(self, game_id: int, seat: int) -> None:
        async with self.sql.transaction(game_id) as tx:
            await tx.execute("UPDATE seats SET is_ai = 1 WHERE game_id = $1 AND seat = $2", game_id, seat)
            await tx.execute("DELETE FROM reminders WHERE game_id = $1 AND seat = $2", game_id, seat)
