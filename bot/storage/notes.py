"""Lines the pages' own process (``python -m bot web``) leaves for the bot to say in a game's channel, beside
the boards it posts there: that process speaks to no Discord. A note is written with a touch of its game's row
(so the bot hears of it as of a move) and deleted by the bot that takes it."""

from __future__ import annotations

import time
from typing import Any

from .tables import Tables

RESIGNED = "resigned"  # a player resigned on a page (``moved``: the AI seats played on in the same call)
THINKING = "thinking"  # a move made on a page is stored (at ``version``), and strong AI seats think now


class ChannelNotes(Tables):
    async def leave_note(self, game_id: int, kind: str, user_id: int, version: int, moved: bool = False) -> None:
        """Leaves a note for the bot about ``game_id``, which then hears that the game changed."""
        now = time.time()
        async with self.sql.transaction(game_id) as tx:
            await tx.execute(
                """INSERT INTO channel_notes (game_id, kind, user_id, version, moved, created_at)
                   VALUES ($1, $2, $3, $4, $5, $6)""",
                game_id,
                kind,
                user_id,
                version,
                int(moved),
                now,
            )
            await tx.execute("UPDATE games SET updated_at = $1 WHERE id = $2", now, game_id)

    async def take_notes(self, game_id: int) -> list[dict[str, Any]]:
        """The game's notes, oldest first, deleted as read (one process alone says each). A game without any (most
        changes the bot hears of) costs a read, not a write."""
        if await self.sql.fetchrow("SELECT 1 FROM channel_notes WHERE game_id = $1 LIMIT 1", game_id) is None:
            return []
        rows = await self.sql.fetch(
            "DELETE FROM channel_notes WHERE game_id = $1 RETURNING kind, user_id, version, moved, created_at",
            game_id,
        )
        return sorted(({**dict(r), "moved": bool(r["moved"])} for r in rows), key=lambda r: r["created_at"])
