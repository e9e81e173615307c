"""Each player's settings, kept across games and servers: one row per player who set anything."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from .tables import Tables

COLUMNS = (
    "delivery",
    "quiet_start",
    "quiet_end",
    "time_zone",
    "reminders",
    "locale",
    "dm_refused",
    "away_until",
    "away_mode",
)


class PlayerRows(Tables):
    async def players(self, user_ids: Iterable[int]) -> list[dict[str, Any]]:
        """The stored settings rows of these users (those who never set anything have none)."""
        ids = list(user_ids)
        if not ids:
            return []
        marks = ", ".join(f"${i}" for i in range(1, len(ids) + 1))
        return [dict(r) for r in await self.sql.fetch(f"SELECT * FROM players WHERE user_id IN ({marks})", *ids)]

    async def players_with_locale(self) -> list[tuple[int, str]]:
        rows = await self.sql.fetch("SELECT user_id, locale FROM players WHERE locale IS NOT NULL")
        return [(r["user_id"], r["locale"]) for r in rows]

    async def players_discord_locales(self) -> list[tuple[int, str]]:
        rows = await self.sql.fetch("SELECT user_id, discord_locale FROM players WHERE discord_locale IS NOT NULL")
        return [(r["user_id"], r["discord_locale"]) for r in rows]

    async def save_discord_locale(self, user_id: int, locale: str) -> None:
        """The language of the player's Discord, as their last interaction said it (their other settings
        are kept, or the defaults for a player who set none)."""
        await self.sql.execute(
            """INSERT INTO players (user_id, discord_locale, updated_at) VALUES ($1, $2, $3)
               ON CONFLICT (user_id) DO UPDATE SET discord_locale = EXCLUDED.discord_locale""",
            user_id,
            locale,
            time.time(),
        )

    async def save_player(self, row: dict[str, Any]) -> None:
        """Writes a player's settings (``user_id`` and every column of ``COLUMNS``)."""
        values = [row[column] for column in COLUMNS]
        marks = ", ".join(f"${i}" for i in range(2, len(COLUMNS) + 3))
        updates = ", ".join(f"{column} = EXCLUDED.{column}" for column in (*COLUMNS, "updated_at"))
        await self.sql.execute(
            f"""INSERT INTO players (user_id, {", ".join(COLUMNS)}, updated_at) VALUES ($1, {marks})
               ON CONFLICT (user_id) DO UPDATE SET {updates}""",
            row["user_id"],
            *values,
            time.time(),
        )
