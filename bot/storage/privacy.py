"""What is stored about one player, and forgetting them (``/privacy``, ``python -m bot forget``)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from .tables import Tables

# The user id a forgotten player's seats, moves and hosted games keep: no Discord user has it (ids are
# snowflakes, far above 0), so nothing of theirs points to anyone, and the games replay as before.
FORMER_PLAYER = 0
# Games still going on: a forgotten player's seats there are played by the AI from then on.
_GOING_ON = ("lobby", "active", "abandoned")


def _rows(rows: list[Any]) -> list[dict[str, Any]]:
    return [dict(row) for row in rows]


class Privacy(Tables):
    async def about(self, user_id: int) -> dict[str, Any]:
        """Every stored row that names ``user_id``: settings and absence, seats (with their games), games
        hosted, moves, reminders, turn deadlines, undo requests and votes, clicks being played, lines
        left for the bot to say (a resignation on a page), sign-ins on the pages (when each began)."""
        sql = self.sql
        undo = [
            row
            for row in _rows(await sql.fetch("SELECT * FROM undo_requests ORDER BY game_id"))
            if row["user_id"] == user_id or user_id in json.loads(row["voters"]) or user_id in json.loads(row["agreed"])
        ]
        return {
            "settings": _rows(await sql.fetch("SELECT * FROM players WHERE user_id = $1", user_id)),
            "seats": _rows(
                await sql.fetch(
                    """SELECT s.game_id, g.game, g.status, g.guild_id, g.channel_id, g.thread_id, s.seat, s.name,
                              s.is_ai, s.ai_level, g.created_at, g.updated_at
                       FROM seats s JOIN games g ON g.id = s.game_id
                       WHERE s.user_id = $1 OR s.invited_id = $1 ORDER BY s.game_id, s.seat""",
                    user_id,
                )
            ),
            "games_hosted": _rows(
                await sql.fetch(
                    """SELECT id AS game_id, game, status, guild_id, channel_id, thread_id, created_at, updated_at
                       FROM games WHERE host_id = $1 ORDER BY id""",
                    user_id,
                )
            ),
            "moves": _rows(
                await sql.fetch(
                    """SELECT game_id, version, seat, action_id, undone_at, created_at FROM actions
                       WHERE user_id = $1 ORDER BY game_id, version""",
                    user_id,
                )
            ),
            "reminders": _rows(
                await sql.fetch("SELECT * FROM reminders WHERE user_id = $1 ORDER BY game_id, seat", user_id)
            ),
            "turn_deadlines": _rows(
                await sql.fetch("SELECT * FROM clocks WHERE user_id = $1 ORDER BY game_id, seat", user_id)
            ),
            "undo_requests": undo,
            "channel_notes": _rows(
                await sql.fetch("SELECT game_id, kind, created_at FROM channel_notes WHERE user_id = $1", user_id)
            ),
            "page_sign_ins": _rows(
                await sql.fetch("SELECT created_at FROM sign_ins WHERE user_id = $1 ORDER BY created_at", user_id)
            ),
            "clicks_being_played": _rows(
                await sql.fetch(
                    "SELECT interaction_id, game_id, locale, created_at FROM clicks WHERE user_id = $1", user_id
                )
            ),
        }

    async def forget(self, user_id: int, former_name: Callable[[str], str]) -> dict[str, int]:
        """Forgets ``user_id`` in one transaction: their settings and absence, reminders, deadlines, undo
        requests, clicks and sign-ins on the pages are deleted; their seats, moves and hosted games keep ``FORMER_PLAYER``
        instead of their id, their seats ``former_name(game's language)`` instead of their name, so no
        rating is theirs any more and every game still replays. In a game still going on the AI plays
        their seats. Returns how many rows of each kind changed."""
        now = time.time()
        async with self.sql.transaction() as tx:
            games = await tx.fetch(
                """SELECT DISTINCT g.id, g.locale FROM games g JOIN seats s ON s.game_id = g.id
                   WHERE s.user_id = $1 OR s.invited_id = $1""",
                user_id,
            )
            seats = 0
            for locale in {row["locale"] for row in games}:
                name = former_name(locale)
                seats += await tx.execute(
                    f"""UPDATE seats SET user_id = CASE WHEN user_id = $1 THEN {FORMER_PLAYER} ELSE user_id END,
                           invited_id = NULL, name = $2,
                           is_ai = CASE WHEN user_id = $1 AND game_id IN (SELECT id FROM games
                               WHERE status IN {_GOING_ON!r}) THEN 1 ELSE is_ai END
                       WHERE (user_id = $1 OR invited_id = $1)
                         AND game_id IN (SELECT id FROM games WHERE locale = $3)""",
                    user_id,
                    name,
                    locale,
                )
            moves = await tx.execute(f"UPDATE actions SET user_id = {FORMER_PLAYER} WHERE user_id = $1", user_id)
            hosted = await tx.execute(
                f"UPDATE games SET host_id = {FORMER_PLAYER}, updated_at = $2 WHERE host_id = $1", user_id, now
            )
            for row in games:
                # a running game's board goes out again (the outbox's sweep), the AI playing their turn first
                await tx.execute(
                    "UPDATE games SET updated_at = $1, board_version = CASE WHEN status = 'active' THEN NULL"
                    " ELSE board_version END WHERE id = $2",
                    now,
                    row["id"],
                )
            undo = 0
            for row in await tx.fetch("SELECT game_id, user_id, voters, agreed FROM undo_requests"):
                if row["user_id"] == user_id or user_id in json.loads(row["voters"]) + json.loads(row["agreed"]):
                    undo += await tx.execute("DELETE FROM undo_requests WHERE game_id = $1", row["game_id"])
            return {
                "settings": await tx.execute("DELETE FROM players WHERE user_id = $1", user_id),
                "seats": seats,
                "moves": moves,
                "games_hosted": hosted,
                "reminders": await tx.execute("DELETE FROM reminders WHERE user_id = $1", user_id),
                "turn_deadlines": await tx.execute("DELETE FROM clocks WHERE user_id = $1", user_id),
                "undo_requests": undo,
                "clicks": await tx.execute("DELETE FROM clicks WHERE user_id = $1", user_id),
                "channel_notes": await tx.execute("DELETE FROM channel_notes WHERE user_id = $1", user_id),
                "page_sign_ins": await tx.execute("DELETE FROM sign_ins WHERE user_id = $1", user_id),
            }
