"""The sign-ins on the pages: one row each, from the sign-in until its player signs out (or it expires).

The session itself is a cookie only the server can read (``bot.web.sessions``); it names its sign-in by a
long random id, and a request counts as signed in only while that row is here: signing out deletes it, so
every copy of the cookie ends with it."""

from __future__ import annotations

import time

from .tables import Tables


class SignIns(Tables):
    async def start_sign_in(self, sign_in: str, user_id: int, lifetime: float) -> None:
        """Notes a new sign-in (and forgets those older than ``lifetime`` seconds: their cookies are expired)."""
        now = time.time()
        async with self.sql.transaction() as tx:
            await tx.execute("DELETE FROM sign_ins WHERE created_at < $1", now - lifetime)
            await tx.execute(
                "INSERT INTO sign_ins (id, user_id, created_at) VALUES ($1, $2, $3)", sign_in, user_id, now
            )

    async def signed_in_still(self, sign_in: str, user_id: int, lifetime: float) -> bool:
        """Whether ``user_id``'s sign-in ``sign_in`` goes on (not signed out, younger than ``lifetime``)."""
        found = await self.sql.fetchrow(
            "SELECT 1 FROM sign_ins WHERE id = $1 AND user_id = $2 AND created_at >= $3",
            sign_in,
            user_id,
            time.time() - lifetime,
        )
        return found is not None

    async def end_sign_in(self, sign_in: str) -> None:
        await self.sql.execute("DELETE FROM sign_ins WHERE id = $1", sign_in)
