"""The clock of a table: each waiting seat's deadline, after which the AI plays that turn.

Passed deadlines are claimed as due reminders are (``reminders``): the claim pushes them a lease
ahead in the transaction that finds them (``FOR UPDATE SKIP LOCKED`` in PostgreSQL), so with
several processes each late turn is played by one of them. The claimant plays it while the seat's
deadline is still the leased one: a move since then gave the seat a new deadline, or none.
"""

from __future__ import annotations

from typing import Any

from .records import Shards
from .reminders import BATCH, LEASE
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

    async def due_clocks(self, now: float, shards: Shards | None = None) -> list[dict[str, Any]]:
        """Claims the deadlines passed at ``now`` in running games (of ``shards``' games), the oldest first:
        no other caller gets them for ``LEASE`` s. Each row's ``lease`` is the deadline the seat holds
        meanwhile (``deadline`` is the one that passed)."""
        lease = now + LEASE
        async with self.sql.transaction() as tx:
            rows = [
                dict(r)
                for r in await tx.fetch(
                    f"""SELECT c.* FROM clocks c JOIN games g ON g.id = c.game_id
                       WHERE c.deadline <= $1 AND g.status = 'active' AND {(shards or Shards.all()).where("g.guild_id")}
                       ORDER BY c.deadline LIMIT {BATCH}{self.sql.skip_locked("c")}""",
                    now,
                )
            ]
            await tx.executemany(
                "UPDATE clocks SET deadline = $1 WHERE game_id = $2 AND seat = $3",
                [(lease, r["game_id"], r["seat"]) for r in rows],
            )
        return [{**r, "lease": lease} for r in rows]
