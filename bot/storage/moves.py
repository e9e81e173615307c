"""The action log and the moves that change a game's state: every move, every undo, one versioned write.

A move is one transaction that checks the stored version, writes the new state, bumps the version
and appends to the log, so a crash leaves either the old state or the new one and a second writer
with a stale version (in this process or another) changes nothing.
"""

from __future__ import annotations

import json
import time
from typing import Any

from .backends import LOCK_GAME, Step
from .records import DatabaseError, Move, Seat, StaleVersion
from .reminders import reminder_steps
from .tables import Tables

# The one write that moves a game on, from the version its writer read to the next: numbered
# placeholders in a statement (``_advance``), PostgreSQL's parameter names in ``RECORD_MOVES``.
_ADVANCE = """UPDATE games SET state = {state}, version = {version}, updated_at = {now},
           status = CASE WHEN {finished} THEN 'finished' ELSE status END
           WHERE id = {game} AND version = {expected} AND status = 'active'"""

_ADVANCE_NUMBERED = _ADVANCE.format(state="$1", version="$2", now="$3", finished="$4", game="$5", expected="$6")
_ADVANCE_NAMED = _ADVANCE.format(
    state="p_state", version="p_version", now="p_now", finished="p_finished", game="p_game", expected="p_expected"
)

# ``Moves.record_moves`` as one PostgreSQL function, so that a move costs one round trip instead of
# seven (BEGIN and the game's lock, the versioned write, the log, the click, the reminders, COMMIT):
# the same statements in the same order, in the transaction of the statement that calls it. False
# when the game moved on (nothing written). ``schema.migrate`` (re)creates it at every start, so it
# always matches this code.
RECORD_MOVES = f"""
CREATE OR REPLACE FUNCTION mesa_record_moves(
    p_game BIGINT, p_expected BIGINT, p_version BIGINT, p_state TEXT, p_finished BOOLEAN, p_now DOUBLE PRECISION,
    p_seats BIGINT[], p_actions TEXT[], p_users BIGINT[], p_events TEXT[], p_revealed BIGINT[],
    p_click BIGINT, p_remind BOOLEAN, p_remind_seats BIGINT[], p_remind_users BIGINT[], p_due DOUBLE PRECISION
) RETURNS BOOLEAN LANGUAGE plpgsql AS $mesa$
BEGIN
    PERFORM pg_advisory_xact_lock({LOCK_GAME}, p_game::integer);
    {_ADVANCE_NAMED};
    IF NOT FOUND THEN
        RETURN FALSE;
    END IF;
    INSERT INTO actions (game_id, version, seat, action_id, user_id, events, created_at, revealed)
        SELECT p_game, p_expected + m.n, m.seat, m.action_id, m.user_id, m.events, p_now, m.revealed
        FROM unnest(p_seats, p_actions, p_users, p_events, p_revealed)
            WITH ORDINALITY AS m(seat, action_id, user_id, events, revealed, n);
    IF p_click IS NOT NULL THEN
        DELETE FROM clicks WHERE interaction_id = p_click;
    END IF;
    IF p_remind THEN
        DELETE FROM reminders WHERE game_id = p_game;
        INSERT INTO reminders (game_id, seat, user_id, version, due_at)
            SELECT p_game, r.seat, r.user_id, p_version, p_due FROM unnest(p_remind_seats, p_remind_users) AS r(seat, user_id);
    END IF;
    RETURN TRUE;
END
$mesa$"""


def _advance(game_id: int, expected_version: int, new_version: int, state: str, finished: bool, now: float) -> Step:
    """The one write that moves a game on: from ``expected_version`` to ``new_version`` (it changes no row
    if the stored version is another, and the transaction is undone)."""
    return Step(
        _ADVANCE_NUMBERED,
        (state, new_version, now, finished, game_id, expected_version),
        changes=1,
    )


def _revealed(move: Move) -> int | None:
    return None if move.revealed is None else int(move.revealed)


def _log_moves(game_id: int, last_version: int, moves: list[Move], now: float) -> Step:
    """Appends ``moves`` to the game's action log, numbered from ``last_version`` + 1."""
    return Step(
        """INSERT INTO actions (game_id, version, seat, action_id, user_id, events, created_at, revealed)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)""",
        rows=[
            (game_id, last_version + i + 1, m.seat, m.action_id, m.user_id, json.dumps(m.events), now, _revealed(m))
            for i, m in enumerate(moves)
        ],
    )


class Moves(Tables):
    async def record_moves(
        self,
        game_id: int,
        expected_version: int,
        moves: list[Move],
        state: str,
        finished: bool,
        click: int | None = None,
        reminders: tuple[list[tuple[int, int]], float] | None = None,
        now: float | None = None,
    ) -> int:
        """Stores moves and the state after them in one transaction (which also forgets ``click`` and,
        with ``reminders`` (the (seat, user) pairs to remind and when), replaces the game's reminders
        as ``schedule_reminders`` does: none for an empty list), at ``now`` (the game's ``updated_at``
        and the moves' time; by default the present).

        Raises StaleVersion (and changes nothing) if the stored version is not ``expected_version``.
        """
        now = time.time() if now is None else now
        new_version = expected_version + len(moves)
        if self.sql.routines:  # PostgreSQL: the same transaction in one round trip
            waiting, due = reminders if reminders is not None else ([], 0.0)
            done = await self.sql.fetchval(
                "SELECT mesa_record_moves($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
                game_id,
                expected_version,
                new_version,
                state,
                finished,
                now,
                [m.seat for m in moves],
                [m.action_id for m in moves],
                [m.user_id for m in moves],
                [json.dumps(m.events) for m in moves],
                [_revealed(m) for m in moves],
                click,
                reminders is not None,
                [seat for seat, _ in waiting],
                [user_id for _, user_id in waiting],
                due,
            )
            if not done:
                raise StaleVersion(game_id)
            return new_version
        steps = [
            _advance(game_id, expected_version, new_version, state, finished, now),
            _log_moves(game_id, expected_version, moves, now),
        ]
        if click is not None:
            steps.append(Step("DELETE FROM clicks WHERE interaction_id = $1", (click,)))
        if reminders is not None:
            steps += reminder_steps(game_id, new_version, *reminders)
        if not await self.sql.at_once(steps, game_id):
            raise StaleVersion(game_id)
        return new_version

    async def record_undo(
        self, game_id: int, expected_version: int, back_to: int, state: str, moves: list[Move], finished: bool = False
    ) -> int:
        """Takes back every move from version ``back_to`` on, in one transaction.

        The undo takes version ``expected_version + 1`` (the moves taken back keep their rows,
        marked with it); ``moves`` (the AI seats playing on) follow it; ``state`` is the state
        after them. Raises StaleVersion (and changes nothing) if the game moved on.
        """
        now = time.time()
        undo_version = expected_version + 1
        new_version = undo_version + len(moves)
        steps = [
            _advance(game_id, expected_version, new_version, state, finished, now),
            Step(
                "UPDATE actions SET undone_at = $1 WHERE game_id = $2 AND version >= $3 AND undone_at IS NULL",
                (undo_version, game_id, back_to),
            ),
            _log_moves(game_id, undo_version, moves, now),
            Step("DELETE FROM undo_requests WHERE game_id = $1", (game_id,)),
        ]
        if not await self.sql.at_once(steps, game_id):
            raise StaleVersion(game_id)
        return new_version

    async def import_game(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        locale: str,
        options: dict[str, str],
        seed: int,
        seats: list[Seat],
        state: str,
        moves: list[Move],
        status: str = "active",
    ) -> int:
        """A running game brought from a file: its seats, its moves (numbered from 1) and the state after
        them, in one transaction; it has no thread yet (``update_game`` gives it one). With ``status``
        ``lobby`` it waits for its invited players first (``start_imported``)."""
        now = time.time()
        async with self.sql.transaction() as tx:
            game_id = await tx.fetchval(
                """INSERT INTO games (game, guild_id, channel_id, status, host_id, locale, options, seed, state,
                   version, created_at, updated_at) VALUES ($1, $2, $3, $11, $4, $5, $6, $7, $8, $9, $10, $10)
                   RETURNING id""",
                game,
                guild_id,
                channel_id,
                host_id,
                locale,
                json.dumps(options),
                seed,
                state,
                len(moves),
                now,
                status,
            )
            if game_id is None:
                raise DatabaseError("the database did not number the new game.")
            await tx.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, is_ai, ai_level, invited_id)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                [(game_id, i, s.user_id, s.name, int(s.is_ai), s.level, s.invited) for i, s in enumerate(seats)],
            )
            logged = _log_moves(game_id, 0, moves, now)
            await tx.executemany(logged.sql, logged.rows or [])
        return int(game_id)

    async def action_log(
        self, game_id: int, limit: int | None = None, *, parse_events: bool = True
    ) -> list[dict[str, Any]]:
        """The whole log (or its last ``limit`` rows), moves taken back included (``undone_at`` set); without
        ``parse_events``, each row's ``events`` is their JSON as stored (a caller that keeps what it made of
        a row reads only the new rows' events: a log's last rows are a millisecond to read, most of it this)."""
        query = (
            "SELECT version, seat, action_id, user_id, events, undone_at, revealed, created_at"
            " FROM actions WHERE game_id = $1 ORDER BY version"
        )
        if limit is not None:
            query = f"SELECT * FROM ({query} DESC LIMIT {int(limit)}) AS recent ORDER BY version"
        return [
            {
                "version": r["version"],
                "seat": r["seat"],
                "action_id": r["action_id"],
                "user_id": r["user_id"],
                "events": json.loads(r["events"]) if parse_events else r["events"],
                "undone_at": r["undone_at"],
                "revealed": None if r["revealed"] is None else bool(r["revealed"]),
                "created_at": r["created_at"],
            }
            for r in await self.sql.fetch(query, game_id)
        ]

    async def last_move_times(self, game_ids: list[int]) -> dict[int, float]:
        """When each of these games last had a move stored (games with none are left out)."""
        if not game_ids:
            return {}
        marks = ", ".join(f"${i}" for i in range(1, len(game_ids) + 1))
        rows = await self.sql.fetch(
            f"SELECT game_id, MAX(created_at) AS at FROM actions WHERE game_id IN ({marks}) GROUP BY game_id",
            *game_ids,
        )
        return {r["game_id"]: r["at"] for r in rows}

    async def moves_that_count(self, game_id: int) -> list[dict[str, Any]]:
        """The log without the moves taken back: seed + these moves replay the game exactly."""
        return [row for row in await self.action_log(game_id) if row["undone_at"] is None]
