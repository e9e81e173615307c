"""The players a game waits on: their reminders, the pings held by their quiet hours or absence, the
table's clock and the seats the AI plays while their players are away."""

from __future__ import annotations

import math
from typing import Any

from rules.core import LEVELS, GameState

from ..storage import ACTIVE, GameRow, Move, Shards
from .access import GameAccess, UserError, engine_of
from .players import AWAY_AI, AWAY_PAUSE, PlayerSettings

MAX_REMINDER_HOURS = 168
CLOCK_HOURS = (0, 24, 72)  # the clocks a table may choose: none, 24 h or 72 h a turn


class Waiting(GameAccess):
    """The game service's reminders and clocks (``GameService`` is built on it)."""

    def _reminders(self, game: GameRow, state: GameState, active: bool) -> tuple[list[tuple[int, int]], float]:
        """The (seat, user) pairs to remind of the decision pending in ``state``, and when (none: [])."""
        engine = engine_of(game)
        waiting = [
            (seat, user_id)
            for seat in engine.to_act(state)
            if not game.seats[seat].is_ai and (user_id := game.seats[seat].user_id) is not None
        ]
        delay = self.reminder_delay(game.reminder_delay)
        if not active or not waiting or delay <= 0:
            return [], 0.0
        return waiting, self.clock() + delay

    async def _schedule(self, game: GameRow, state: GameState) -> None:
        waiting, due = self._reminders(game, state, game.status == ACTIVE)
        if not waiting:
            await self.db.clear_reminders(game.id)
            return
        await self.db.schedule_reminders(game.id, game.version, waiting, due)

    async def hold_pings(self, game: GameRow, state: GameState) -> None:
        """By the waiting players' settings: the ping of one inside their quiet hours (or away from a table
        that waits for them) is held until then, and one who wants no reminders has none."""
        waiting = {
            seat: user_id
            for seat in engine_of(game).to_act(state)
            if not game.seats[seat].is_ai and (user_id := game.seats[seat].user_id) is not None
        }
        if not waiting:
            return
        settings = self.players.of_game(game)
        for seat, user_id in waiting.items():
            later = self.later_for(settings[user_id])
            if later is not None:
                await self.db.hold_ping(game.id, seat, user_id, game.version, later)
            elif not settings[user_id].reminders:
                await self.db.drop_reminder(game.id, seat)

    def later_for(self, settings: PlayerSettings, now: float | None = None) -> float | None:
        """When a player who must not be pinged now (or at ``now``) may be (the end of their quiet hours, or
        of their absence from the tables that wait for them), or None: now."""
        now = self.clock() if now is None else now
        later = settings.quiet_until(now)
        if settings.away(now) and settings.away_mode == AWAY_PAUSE and settings.away_until is not None:
            later = max(later or now, settings.away_until)
        return later

    async def held_ping_sent(self, reminder: dict[str, Any], reminders: bool) -> None:
        """A held ping went out; the reminders follow as for a turn just begun (if wanted)."""
        delay = self.reminder_delay(reminder.get("game_delay"))
        next_due = reminder["now"] + delay if reminders and delay > 0 else None
        await self.db.held_ping_sent(reminder["game_id"], reminder["seat"], next_due)

    def reminder_delay(self, game_delay: float | None) -> float:
        return self.settings.reminder_delay if game_delay is None else game_delay

    async def set_reminders(self, game_id: int, user_id: int, hours: float) -> GameRow:
        """The host sets this game's first-reminder delay (0: no reminders)."""
        if not (isinstance(hours, int | float) and math.isfinite(hours) and 0 <= hours <= MAX_REMINDER_HOURS):
            raise UserError("error.reminder_hours", max=MAX_REMINDER_HOURS)
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            self._host_only(game, user_id)
            await self.db.update_game(game_id, reminder_delay=hours * 3600)
            game = await self.load(game_id)
            await self._schedule(game, self.state_of(game))
            return game

    # -- reminders -------------------------------------------------------------------
    async def due_reminders(self, shards: Shards | None = None) -> list[dict[str, Any]]:
        """The reminders due now (of ``shards``' games), claimed: no other process sends them. Each carries
        ``now``, the time they were found due, which the next one is reckoned from."""
        now = self.clock()
        return [{**reminder, "now": now} for reminder in await self.db.due_reminders(now, shards)]

    async def reminder_sent(self, reminder: dict[str, Any]) -> None:
        count = reminder["sent"] + 1
        next_due = (
            None
            if count >= self.settings.reminder_max
            else (reminder["now"] + self.reminder_delay(reminder.get("game_delay")) * (2**count))
        )
        await self.db.reminder_sent(reminder["game_id"], reminder["seat"], next_due)

    async def mute(self, game_id: int, user_id: int, version: int) -> None:
        """The "Not this turn" button of the reminder sent at ``version``; a refusal says why (old, someone else's)."""
        if await self.db.mute_reminder(game_id, user_id, version):
            return
        game = await self.load(game_id)
        if not game.seats_of(user_id):
            raise UserError("error.not_a_player")
        if game.status != ACTIVE:
            raise UserError("error.not_running")
        raise UserError("remind.old" if version != game.version else "remind.not_yours")

    # -- the clock -------------------------------------------------------------------------
    async def set_clock(self, game_id: int, user_id: int, hours: float, level: str) -> GameRow:
        """The host chooses the table's clock in the lobby: hours a turn (0: none), and the strength the
        AI plays a late turn at."""
        if hours not in CLOCK_HOURS or level not in LEVELS:
            raise UserError("error.forged")
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            await self.db.update_game(game_id, turn_limit=hours * 3600 or None, stand_in=level)
            return await self.load(game_id)

    async def _set_clocks(self, game: GameRow, state: GameState, moves: list[Move]) -> None:
        """Each waiting seat's deadline: kept while its decision waits, new for a decision just begun (the
        seat moved since, or was not waiting), pushed to the end of the player's quiet hours."""
        if not game.turn_limit:
            return
        engine = engine_of(game)
        waiting = {}
        if game.status == ACTIVE:
            waiting = {
                seat: user_id
                for seat in engine.to_act(state)
                if not game.seats[seat].is_ai and (user_id := game.seats[seat].user_id) is not None
            }
        old = await self.db.clocks_of(game.id)
        moved = {m.seat for m in moves}
        settings = self.players.of_game(game)
        deadlines = []
        for seat, user_id in waiting.items():
            kept = old.get(seat)
            if kept is not None and seat not in moved and kept["user_id"] == user_id:
                deadline = kept["deadline"]
            else:
                deadline = self.clock() + game.turn_limit
                deadline = settings[user_id].quiet_until(deadline) or deadline
            deadlines.append((seat, user_id, deadline))
        if deadlines or old:
            await self.db.set_clocks(game.id, deadlines)

    async def due_clocks(self, shards: Shards | None = None) -> list[dict[str, Any]]:
        """The passed deadlines (of ``shards``' games), claimed for this process (``Database.due_clocks``): play
        each with ``time_up``."""
        return await self.db.due_clocks(self.clock(), shards)

    async def away_seats(self, game: GameRow) -> dict[int, float]:
        """The seats whose player is away (``/away``) and whose table the AI plays for them (every table
        with a clock; every table, if they asked the AI to play): seat -> until when."""
        humans = {s.seat: s.user_id for s in game.seats if not s.is_ai and s.user_id is not None}
        if not humans:
            return {}
        now = self.clock()
        settings = self.players.of_game(game)
        return {
            seat: s.away_until
            for seat, user_id in humans.items()
            if (s := settings[user_id]).away(now)
            and s.away_until is not None
            and (s.away_mode == AWAY_AI or game.turn_limit)
        }
