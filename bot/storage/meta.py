"""Small facts about the bot itself, by key (when its boards were last known right, the key its game files
are sealed with)."""

from __future__ import annotations

from .tables import Tables


class Meta(Tables):
    async def get_meta(self, key: str) -> str | None:
        row = await self.sql.fetchrow("SELECT value FROM meta WHERE key = $1", key)
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str) -> None:
        await self.sql.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )

    async def meta_once(self, key: str, value: str) -> str:
        """The value kept under ``key``, or ``value`` kept there now if none was: two processes asking at
        once get the same one."""
        await self.sql.execute("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", key, value)
        return str(await self.get_meta(key))
