"""Moves: a player's click checked and applied, the AI seats playing on, the moves stored in one
transaction, a seat's time up, seats handed to the AI, a game ended, abandoned or moved elsewhere."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any

from rules.core import Engine, Event, GameState, Msg, seat_msg

from ..storage import ABANDONED, ACTIVE, ENDED, FINISHED, GameRow, Move, StaleVersion
from .access import MoveResult, Noted, Stale, Then, UserError, engine_of
from .waiting import Waiting


class Playing(Waiting):
    """The game service's moves (``GameService`` is built on it)."""

    def acting_seat(self, game: GameRow, state: GameState, user_id: int) -> int:
        engine = engine_of(game)
        mine = game.seats_of(user_id)
        if not mine:
            raise UserError("error.not_a_player")
        to_act = engine.to_act(state)
        for seat in mine:
            if seat in to_act:
                return seat
        if not to_act:
            raise UserError("error.game_over")
        who = ", ".join(self.mention(game, s) for s in to_act)
        raise UserError("error.waiting_for", who=who)

    @staticmethod
    def mention(game: GameRow, seat: int) -> str:
        s = game.seats[seat]
        if s.is_ai or s.user_id is None:
            return f"🤖 {s.name or '#' + str(seat + 1)}"
        return f"<@{s.user_id}>"

    async def act(
        self,
        game_id: int,
        user_id: int,
        version: int,
        action_id: str,
        then: Then | None = None,
        click: int | None = None,
        thinking: Then | None = None,
        noted: Noted | None = None,
    ) -> MoveResult:
        """Plays a click; ``then`` (posting the board) runs under the game's lock, so boards keep their order.

        ``click`` (an interaction id noted by ``note_click``) is forgotten with the move.
        ``thinking`` hears of the move once it is stored, when strong AI seats think before the board.
        ``noted`` (from ``note_click``) gives the game as read when the click was noted.
        """
        lock = self.lock(game_id)
        async with lock:
            if noted is not None and noted.game is not None and noted.fresh(lock):
                game = noted.game
            else:
                game = await self.load(game_id)
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            engine = engine_of(game)
            state = self.state_of(game)
            if version != game.version:
                seat = await self._pending_since(game, state, user_id, version)
                if seat is None:
                    raise Stale("error.stale")
            else:
                seat = self.acting_seat(game, state, user_id)
            new = engine.apply(state, seat, action_id)
            move = Move(
                seat, action_id, user_id, [e.model_dump(mode="json") for e in new.events], engine.reveals(state, new)
            )
            return await self._after_move(game, new, [move], then, click, thinking)

    async def _pending_since(self, game: GameRow, state: GameState, user_id: int, version: int) -> int | None:
        """The user's seat whose decision at ``version`` is still the one pending now, if any.

        In a simultaneous decision the others' moves make a player's buttons older than the game
        without changing the question they answer: the seat had to act then, has not acted since
        and still has to act. Any other older click is stale.
        """
        engine = engine_of(game)
        mine = [s for s in game.seats_of(user_id) if s in engine.to_act(state)]
        if not mine or not 0 <= version < game.version:
            return None
        log = await self.db.action_log(game.id)
        if any(row["undone_at"] is not None and row["undone_at"] > version for row in log):
            return None  # an undo since then: the question may have changed
        counted = [row for row in log if row["undone_at"] is None]
        since = {row["seat"] for row in counted if row["version"] > version}
        mine = [s for s in mine if s not in since]
        if not mine:
            return None
        before = [(row["seat"], row["action_id"]) for row in counted if row["version"] <= version]
        then = await asyncio.to_thread(engine.replay, len(game.seats), game.seed or 0, game.options, before)
        return next((s for s in mine if s in engine.to_act(then)), None)

    async def state_at(self, game: GameRow, version: int) -> GameState:
        """The game's state at ``version``: the stored one, or replayed from the moves that counted then."""
        if version == game.version:
            return self.state_of(game)
        log = await self.db.action_log(game.id)
        before = [
            (row["seat"], row["action_id"])
            for row in log
            if row["version"] <= version and (row["undone_at"] is None or row["undone_at"] > version)
        ]
        engine = engine_of(game)
        state: GameState = await asyncio.to_thread(engine.replay, len(game.seats), game.seed or 0, game.options, before)
        return state

    async def _after_move(
        self,
        game: GameRow,
        state: GameState,
        moves: list[Move],
        then: Then | None = None,
        click: int | None = None,
        thinking: Then | None = None,
    ) -> MoveResult:
        """Plays the AI seats on, stores the moves, schedules reminders, sets the clocks.

        The moves and the AI seats' answer are one transaction, unless a strong AI seat must answer:
        then ``moves`` are stored first, ``thinking`` hears of them (and the pages see them), and the AI
        seats' moves follow in a transaction of their own.
        """
        stored: list[Move] = []
        if moves and self.slow_ai(game, state):
            game = await self._store(game, state, moves, click, drawn=False)
            stored, moves, click = moves, [], None
            await self._waits(game, state, stored)
            try:
                if thinking is not None:
                    await thinking(MoveResult(game, state, stored))
            finally:
                self.changed(game.id, game, state)
        state, ai_moves = await self.play_ai(game, engine_of(game), state)
        moves = moves + ai_moves
        if moves:
            game = await self._store(game, state, moves, click, drawn=then is not None)
            # The pages hear of the position as soon as it is stored: its picture is being drawn for the
            # channel (``drawing``), and they wait for it there, not for Discord to take the board.
            self.changed(game.id, game, state)
        else:
            game = await self.load(game.id)
            if not stored:
                await self._schedule(game, state)
        await self._waits(game, state, moves)
        self._note_acting(game, state)
        result = MoveResult(game, state, stored + moves)
        try:
            if then is not None:
                await then(result)
        finally:
            if not moves:  # (moves were told of as they were stored) the pages read the game again
                self.changed(game.id)
        return result

    async def _waits(self, game: GameRow, state: GameState, moves: list[Move]) -> None:
        """After ``moves`` are stored: the waiting players' pings held by their settings, their clocks set."""
        if not engine_of(game).is_over(state):
            await self.hold_pings(game, state)
        await self._set_clocks(game, state, moves)

    async def _store(
        self, game: GameRow, state: GameState, moves: list[Move], click: int | None, drawn: bool
    ) -> GameRow:
        """Stores ``moves`` after ``game``'s version with the state they lead to, in one transaction
        (with the reminders of that position, and forgetting ``click``); the game as stored.

        The stored game is ``game`` with what the transaction changed (it changes nothing else), not
        read again: the caller holds the game's lock, and the versioned write failed if another
        process had changed it. With ``drawn`` (its board is posted next), ``drawing`` starts the
        board's picture before the write."""
        finished = engine_of(game).is_over(state)
        dumped = engine_of(game).dump(state)
        expected, now = game.version + len(moves), time.time()
        forget = self.drawing(dataclasses.replace(game, version=expected), state) if drawn and self.drawing else None
        try:
            version = await self.db.record_moves(
                game.id,
                game.version,
                moves,
                dumped,
                finished,
                click,
                reminders=self._reminders(game, state, active=not finished),
                now=now,
            )
        except BaseException as exc:
            if forget is not None:
                forget()
            if isinstance(exc, StaleVersion):
                raise Stale("error.stale") from None
            raise
        status = FINISHED if finished else game.status
        return dataclasses.replace(game, state=dumped, version=version, status=status, updated_at=now)

    def ai_to_act(self, game: GameRow, state: GameState) -> list[int]:
        """The AI seats that must act now."""
        return [s for s in engine_of(game).to_act(state) if game.seats[s].is_ai]

    def slow_ai(self, game: GameRow, state: GameState) -> bool:
        """Whether AI seats must act now in a game with a strong AI seat (whose chain takes a while)."""
        return bool(self.ai_to_act(game, state)) and any(s.is_ai and s.level == "strong" for s in game.seats)

    async def play_on(self, game: GameRow, state: GameState) -> MoveResult:
        """The AI seats that must act play on and their moves are stored (the caller holds the game's
        lock): a crash came between a stored move (or a start) and their answer."""
        return await self._after_move(game, state, [])

    async def play_ai(self, game: GameRow, engine: Engine[Any], state: GameState) -> tuple[GameState, list[Move]]:
        """The AI seats play on from ``state`` (off the event loop) until a human must act; the seats of
        a player away from the table (``/away``) are played too, at the table's stand-in strength."""
        levels = {s.seat: s.level for s in game.seats if s.is_ai}
        away = await self.away_seats(game)
        levels.update({seat: game.stand_in for seat in away})
        state, chain = await self.thinker.play(engine, state, levels, self.settings.max_ai_chain)
        moves = [Move(m.seat, m.action_id, None, m.events, m.revealed) for m in chain]
        for seat, until in away.items():  # the board says so, at the first move played for them
            first = next((m for m in moves if m.seat == seat), None)
            if first is not None:
                note = Event(
                    text=Msg(key="clock.away_played", params={"who": seat_msg(seat), "until": f"<t:{int(until)}:f>"})
                )
                first.events.insert(0, note.model_dump(mode="json"))
        return state, moves

    async def time_up(self, game_id: int, seat: int, lease: float, then: Then | None = None) -> MoveResult | None:
        """A seat's time is up: the AI plays that turn (while the seat's decision lasts) at the table's
        stand-in strength, and the board says so. The seat stays its player's: they play the next one.

        ``lease`` is the deadline the claim gave the seat (``due_clocks``): another deadline now means
        that the seat was played meanwhile, and nothing is done."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            due = (await self.db.clocks_of(game_id)).get(seat)
            if game.status != ACTIVE or due is None or due["deadline"] != lease:
                return None  # played meanwhile
            engine = engine_of(game)
            state = self.state_of(game)
            if seat not in engine.to_act(state):
                await self._set_clocks(game, state, [])
                return None
            state, chain = await self.thinker.play(engine, state, {seat: game.stand_in}, self.settings.max_ai_chain)
            moves = [Move(m.seat, m.action_id, None, m.events, m.revealed) for m in chain]
            if moves:
                note = Event(
                    text=Msg(
                        key="clock.time_up",
                        params={"who": seat_msg(seat), "level": Msg(key=f"ai.level.{game.stand_in}")},
                    )
                )
                moves[0].events.insert(0, note.model_dump(mode="json"))
            return await self._after_move(game, state, moves, then)

    async def nudge(self, game_id: int, then: Then | None = None) -> MoveResult:
        """Plays on where the AI now plays a seat that the game waits on (a player went away)."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            return await self._after_move(game, self.state_of(game), [], then)

    # -- seats and ending --------------------------------------------------------------
    async def hand_to_ai(self, game_id: int, by_user: int, user_id: int, then: Then | None = None) -> MoveResult:
        """The host hands a player's seats to the AI; a player may resign their own."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            seats = game.seats_of(user_id)
            if not seats:
                raise UserError("error.not_a_player" if user_id == by_user else "error.unknown_player")
            if by_user != game.host_id and any(game.seats[s].user_id != by_user for s in seats):
                raise UserError("error.host_only", host=f"<@{game.host_id}>")
            for s in seats:
                await self.db.set_seat_ai(game_id, s)
            game = await self.load(game_id)
            return await self._after_move(game, self.state_of(game), [], then)

    async def end(self, game_id: int, user_id: int) -> GameRow:
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status not in (ACTIVE, ABANDONED):
                raise UserError("error.not_running")
            self._host_only(game, user_id)
            await self.db.update_game(game_id, status=ENDED)
            await self.db.clear_reminders(game_id)
            self.changed(game_id)
            return await self.load(game_id)

    async def abandon(self, game_id: int) -> GameRow | None:
        """The game's thread or channel is gone: it stops (no reminders) until its host moves or ends it.

        Returns the game if it was running (None if it was not, so the host is told once).
        """
        async with self.lock(game_id):
            return await self.load(game_id) if await self.mark_abandoned(game_id) else None

    async def mark_abandoned(self, game_id: int) -> bool:
        """``abandon`` for a caller that holds the game's lock already; whether the game was running."""
        game = await self.load(game_id)
        if game.status != ACTIVE:
            return False
        await self.db.update_game(game_id, status=ABANDONED)
        await self.db.clear_reminders(game_id)
        self.changed(game_id)
        return True

    async def check_move(self, game_id: int, user_id: int) -> GameRow:
        game = await self.load(game_id)
        if game.status not in (ACTIVE, ABANDONED):
            raise UserError("error.not_running")
        self._host_only(game, user_id)
        self.state_of(game)
        return game

    async def move(
        self, game_id: int, user_id: int, channel_id: int, thread_id: int | None, then: Then | None = None
    ) -> MoveResult:
        """The host re-posts a running or abandoned game in a new thread (or channel) and play goes on there."""
        async with self.lock(game_id):
            game = await self.check_move(game_id, user_id)
            await self.db.update_game(
                game_id,
                status=ACTIVE,
                channel_id=channel_id,
                thread_id=thread_id,
                board_message_id=None,
                board_version=None,
                board_blocked=None,
            )
            game = await self.load(game_id)
            return await self._after_move(game, self.state_of(game), [], then)
