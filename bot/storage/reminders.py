"""Reminders: who must act in which game, when to remind them, how many were sent, muted or not.

Due reminders are claimed, not just read: a claim pushes them a lease ahead in the transaction
that finds them (``FOR UPDATE SKIP LOCKED`` in PostgreSQL), so with several processes each
reminder is sent by one of them; the sender then sets the next due time (``reminder_sent``).
"""

from __future__ import annotations

from typing import Any

from .backends import Step
from .records import Shards
from .tables import Tables

# How long a claimed reminder is left to its claimant before another process may send it.
LEASE = 300.0
# Reminders claimed at once at most.
BATCH = 100


def reminder_steps(game_id: int, version: int, waiting: list[tuple[int, int]], due_at: float) -> list[Step]:
    """The statements by which the game's reminders become one per (seat, user) that must act at ``version``."""
    return [
        Step("DELETE FROM reminders WHERE game_id = $1", (game_id,)),
        Step(
            "INSERT INTO reminders (game_id, seat, user_id, version, due_at) VALUES ($1, $2, $3, $4, $5)",
            rows=[(game_id, seat, user_id, version, due_at) for seat, user_id in waiting],
        ),
    ]


class Reminders(Tables):
    async def schedule_reminders(
        self, game_id: int, version: int, waiting: list[tuple[int, int]], due_at: float
    ) -> None:
        """Replaces the game's reminders by one per (seat, user) that must act at ``version``."""
        await self.sql.at_once(reminder_steps(game_id, version, waiting, due_at), game_id)

    async def hold_ping(self, game_id: int, seat: int, user_id: int, version: int, due_at: float) -> None:
        """The turn's ping to ``user_id``, held back by their quiet hours, goes out at ``due_at`` instead
        (it replaces the seat's reminder, which follows from then on)."""
        await self.sql.execute(
            """INSERT INTO reminders (game_id, seat, user_id, version, due_at, sent, muted, held)
               VALUES ($1, $2, $3, $4, $5, 0, 0, 1)
               ON CONFLICT (game_id, seat) DO UPDATE SET user_id = EXCLUDED.user_id, version = EXCLUDED.version,
               due_at = EXCLUDED.due_at, sent = 0, muted = 0, held = 1""",
            game_id,
            seat,
            user_id,
            version,
            due_at,
        )

    async def drop_reminder(self, game_id: int, seat: int) -> None:
        await self.sql.execute("DELETE FROM reminders WHERE game_id = $1 AND seat = $2", game_id, seat)

    async def postpone_reminder(self, game_id: int, seat: int, due_at: float) -> None:
        await self.sql.execute(
            "UPDATE reminders SET due_at = $1 WHERE game_id = $2 AND seat = $3", due_at, game_id, seat
        )

    async def held_ping_sent(self, game_id: int, seat: int, next_due: float | None) -> None:
        """A held ping went out: the seat's reminders follow from ``next_due`` (None: none)."""
        if next_due is None:
            await self.sql.execute(
                "UPDATE reminders SET held = 0, muted = 1 WHERE game_id = $1 AND seat = $2", game_id, seat
            )
        else:
            await self.sql.execute(
                "UPDATE reminders SET held = 0, due_at = $1 WHERE game_id = $2 AND seat = $3", next_due, game_id, seat
            )

    async def clear_reminders(self, game_id: int) -> None:
        await self.sql.execute("DELETE FROM reminders WHERE game_id = $1", game_id)

    async def due_reminders(self, now: float, shards: Shards | None = None) -> list[dict[str, Any]]:
        """Claims the reminders due at ``now`` (of ``shards``' games): no other caller gets them for ``LEASE`` s."""
        async with self.sql.transaction() as tx:
            rows = [
                dict(r)
                for r in await tx.fetch(
                    f"""SELECT r.*, g.reminder_delay AS game_delay FROM reminders r JOIN games g ON g.id = r.game_id
                       WHERE r.due_at <= $1 AND r.muted = 0 AND g.status = 'active' AND g.version = r.version
                       AND {(shards or Shards.all()).where("g.guild_id")}
                       ORDER BY r.due_at LIMIT {BATCH}{self.sql.skip_locked("r")}""",
                    now,
                )
            ]
            await tx.executemany(
                "UPDATE reminders SET due_at = $1 WHERE game_id = $2 AND seat = $3",
                [(now + LEASE, r["game_id"], r["seat"]) for r in rows],
            )
        return rows

    async def reminder_sent(self, game_id: int, seat: int, next_due: float | None) -> None:
        if next_due is None:
            await self.sql.execute(
                "UPDATE reminders SET sent = sent + 1, muted = 1 WHERE game_id = $1 AND seat = $2", game_id, seat
            )
        else:
            await self.sql.execute(
                "UPDATE reminders SET sent = sent + 1, due_at = $1 WHERE game_id = $2 AND seat = $3",
                next_due,
                game_id,
                seat,
            )

    async def mute_reminder(self, game_id: int, user_id: int, version: int) -> bool:
        muted = await self.sql.execute(
            "UPDATE reminders SET muted = 1 WHERE game_id = $1 AND user_id = $2 AND version = $3",
            game_id,
            user_id,
            version,
        )
        return muted > 0

    async def reminders_of(self, game_id: int) -> list[dict[str, Any]]:
        return [
            dict(r) for r in await self.sql.fetch("SELECT * FROM reminders WHERE game_id = $1 ORDER BY seat", game_id)
        ]
