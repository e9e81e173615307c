"""The clock of a table: each waiting seat's deadline, after which the AI plays that turn."""

from __future__ import annotations

from typing import Any

from .tables import Tables


class Clocks(Tables):
    async def clocks_of(self, game_id: int) -> dict[int, dict[str, Any]]:
        rows = await self.sql.fetch("SELECT * FROM clocks WHERE game_id = $1", game_id)
        return {r["seat"]: dict(r) for r in rows}

    async def set_clocks(self, game_id: int, deadlines: list[tuple[int, int, float]]) -> None:
        """Replaces the game's deadlines by these (seat, user, deadline)."""
        async with self.sql.transaction(game_id) as tx:
            await tx.execute("DELETE FROM clocks WHERE game_id = $1", game_id)
            await tx.executemany(
                "INSERT INTO clocks (game_id, seat, user_id, deadline) VALUES ($1, $2, $3, $4)",
                [(game_id, seat, user_id, deadline) for seat, user_id, deadline in deadlines],
            )

    async def due_clocks(self, now: float) -> list[dict[str, Any]]:
        """The deadlines passed at ``now`` in running games, the oldest first."""
        rows = await self.sql.fetch(
            """SELECT c.* FROM clocks c JOIN games g ON g.id = c.game_id
               WHERE c.deadline <= $1 AND g.status = 'active' ORDER BY c.deadline""",
            now,
        )
        return [dict(r) for r in rows]
