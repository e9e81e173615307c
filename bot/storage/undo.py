"""Undo requests: the one pending request per game for an undo the other players must agree to."""

from __future__ import annotations

import json
import time
from typing import Any

from .tables import Tables


class UndoRequests(Tables):
    async def save_undo_request(
        self, game_id: int, user_id: int, version: int, back_to: int, voters: list[int]
    ) -> None:
        """Stores the game's pending undo request (replacing an older one)."""
        await self.sql.execute(
            """INSERT INTO undo_requests (game_id, user_id, version, back_to, voters, agreed, created_at)
               VALUES ($1, $2, $3, $4, $5, '[]', $6)
               ON CONFLICT (game_id) DO UPDATE SET user_id = excluded.user_id, version = excluded.version,
               back_to = excluded.back_to, voters = excluded.voters, agreed = '[]', message_id = NULL,
               created_at = excluded.created_at""",
            game_id,
            user_id,
            version,
            back_to,
            json.dumps(voters),
            time.time(),
        )

    async def undo_request(self, game_id: int) -> dict[str, Any] | None:
        row = await self.sql.fetchrow("SELECT * FROM undo_requests WHERE game_id = $1", game_id)
        if row is None:
            return None
        out = dict(row)
        out["voters"], out["agreed"] = json.loads(out["voters"]), json.loads(out["agreed"])
        return out

    async def agree_undo(self, game_id: int, user_id: int) -> None:
        async with self.sql.transaction(game_id) as tx:  # read and write the list under the game's lock
            row = await tx.fetchrow("SELECT agreed FROM undo_requests WHERE game_id = $1", game_id)
            if row is not None:
                agreed = sorted({*json.loads(row["agreed"]), user_id})
                await tx.execute("UPDATE undo_requests SET agreed = $1 WHERE game_id = $2", json.dumps(agreed), game_id)

    async def set_undo_message(self, game_id: int, message_id: int) -> None:
        await self.sql.execute("UPDATE undo_requests SET message_id = $1 WHERE game_id = $2", message_id, game_id)

    async def drop_undo_request(self, game_id: int) -> None:
        await self.sql.execute("DELETE FROM undo_requests WHERE game_id = $1", game_id)
