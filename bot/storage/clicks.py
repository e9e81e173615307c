"""The click journal: a click noted before it is acknowledged and forgotten when played, so that a
crash that loses it is told.

A move's transaction forgets its click (``Moves.record_moves``); a click still noted when a process
starts serving a game's shard was lost by a crash, and its player is told it did not count.
"""

from __future__ import annotations

import time
from typing import Any

from .backends import Step
from .records import Shards
from .tables import Tables


def click_note(interaction_id: int, game_id: int, user_id: int, token: str, locale: str) -> Step:
    """The statement that notes a click before it is acknowledged and played (its own transaction, made
    in the round trip that reads the game: ``Database.note_click``)."""
    return Step(
        """INSERT INTO clicks (interaction_id, game_id, user_id, token, locale, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (interaction_id) DO UPDATE SET game_id = excluded.game_id, user_id = excluded.user_id,
           token = excluded.token, locale = excluded.locale, created_at = excluded.created_at""",
        (interaction_id, game_id, user_id, token, locale, time.time()),
    )


class Clicks(Tables):
    async def drop_click(self, interaction_id: int) -> None:
        await self.sql.execute("DELETE FROM clicks WHERE interaction_id = $1", interaction_id)

    async def take_clicks(self, before: float, shards: Shards | None = None) -> list[dict[str, Any]]:
        """The clicks noted before ``before`` (on ``shards``' games): a crash lost them. Forgotten as read,
        so that one process alone answers each."""
        rows = await self.sql.fetch(
            f"""DELETE FROM clicks WHERE created_at < $1 AND game_id IN
               (SELECT id FROM games g WHERE {(shards or Shards.all()).where("g.guild_id")})
               RETURNING interaction_id, game_id, user_id, token, locale, created_at""",
            before,
        )
        return sorted((dict(r) for r in rows), key=lambda c: c["created_at"])
