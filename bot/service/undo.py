"""Taking moves back, with no discord in sight.

The policy: a player may take back their own last move (and the AI seats' moves that followed it)
while no other player has acted since; past that, every other human player must agree; and no
undo ever crosses a move that showed something new (``Engine.reveals``: a roll, a card dealt or
turned up). Playing a card from one's own hand is no such move: the mover learns nothing by it.
The moves taken back stay in the log, marked with the undo's version; the state after an undo is
the seed replayed with the moves that still count, so it is exact by construction. A move stored
before the log knew what moves reveal (``revealed`` NULL) is never taken back.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from ..storage import ACTIVE, FINISHED, Database, GameRow, StaleVersion
from .games import GameService, MoveResult, Then, UserError, engine_of
from .replay import states


@dataclass
class UndoPlan:
    """What an undo by ``user_id`` would take back: every move that counts from ``back_to`` on."""

    user_id: int
    back_to: int
    moves: list[dict[str, Any]]
    voters: list[int] = field(default_factory=list)  # the other human players who must agree


@dataclass
class UndoOutcome:
    """Either the undo was done (``result``) or it waits for the others (``plan.voters``)."""

    plan: UndoPlan
    result: MoveResult | None = None
    refused: bool = False
    waiting: list[int] = field(default_factory=list)


class UndoService:
    def __init__(self, service: GameService) -> None:
        self.service = service

    @property
    def db(self) -> Database:
        """The service's database (``python -m bot`` opens it after logging in, once the bot exists)."""
        return self.service.db

    async def plan(self, game: GameRow, user_id: int) -> UndoPlan:
        """What ``user_id`` may take back now; a refusal is a UserError saying why."""
        if game.status == FINISHED:
            raise UserError("undo.finished")
        if game.status != ACTIVE:
            raise UserError("error.not_running")
        if not game.seats_of(user_id):
            raise UserError("error.not_a_player")
        log = await self.db.moves_that_count(game.id)
        mine = [row for row in log if row["user_id"] == user_id]
        if not mine:
            raise UserError("undo.nothing")
        back_to = mine[-1]["version"]
        moves = [row for row in log if row["version"] >= back_to]
        if any(row["revealed"] is not False for row in moves):
            raise UserError("undo.revealed")
        voters: list[int] = []
        if any(row["user_id"] not in (None, user_id) for row in moves):
            voters = sorted(
                {s.user_id for s in game.seats if not s.is_ai and s.user_id is not None and s.user_id != user_id}
            )
        return UndoPlan(user_id, back_to, moves, voters)

    async def request(
        self, game_id: int, user_id: int, move_version: int | None = None, then: Then | None = None
    ) -> UndoOutcome:
        """``/game undo`` (or the Undo button of the move at ``move_version``).

        Done at once when no one else must agree; otherwise the request is stored and waits.
        """
        async with self.service.lock(game_id):
            game = await self.service.load(game_id)
            plan = await self.plan(game, user_id)
            if move_version is not None and plan.back_to != move_version:
                raise UserError("undo.not_last")
            if not plan.voters:
                return UndoOutcome(plan, await self._take_back(game, plan, then))
            await self.db.save_undo_request(game_id, user_id, game.version, plan.back_to, plan.voters)
            return UndoOutcome(plan, waiting=list(plan.voters))

    async def vote(
        self, game_id: int, user_id: int, version: int, agree: bool, then: Then | None = None
    ) -> UndoOutcome:
        """One player's private yes or no; the last yes takes the moves back, any no drops the request."""
        async with self.service.lock(game_id):
            game = await self.service.load(game_id)
            request = await self.db.undo_request(game_id)
            if request is None or request["version"] != version or game.version != version or game.status != ACTIVE:
                raise UserError("undo.void")
            if user_id not in request["voters"]:
                raise UserError("undo.not_voter")
            if not agree:
                await self.db.drop_undo_request(game_id)
                return UndoOutcome(
                    UndoPlan(request["user_id"], request["back_to"], [], request["voters"]), refused=True
                )
            await self.db.agree_undo(game_id, user_id)
            agreed = {*request["agreed"], user_id}
            waiting = [v for v in request["voters"] if v not in agreed]
            plan = await self.plan(game, request["user_id"])  # the game has not moved: the same plan
            if plan.back_to != request["back_to"]:
                await self.db.drop_undo_request(game_id)
                raise UserError("undo.void")
            if waiting:
                return UndoOutcome(plan, waiting=waiting)
            return UndoOutcome(plan, await self._take_back(game, plan, then))

    async def pending(self, game_id: int) -> dict[str, Any] | None:
        return await self.db.undo_request(game_id)

    async def _take_back(self, game: GameRow, plan: UndoPlan, then: Then | None) -> MoveResult:
        """Replays the seed with the moves that still count, lets the AI seats play on, stores it all."""
        engine = engine_of(game)
        log = await self.db.moves_that_count(game.id)
        counted = [(row["seat"], row["action_id"]) for row in log]
        keep = sum(1 for row in log if row["version"] < plan.back_to)
        # the whole log first: it must still lead to the stored state (see replay.states)
        state = await asyncio.to_thread(
            lambda: states(engine, len(game.seats), game.seed or 0, game.options, counted, game.state)[keep]
        )
        state, ai_moves = await self.service.play_ai(game, engine, state)
        try:
            await self.db.record_undo(
                game.id, game.version, plan.back_to, engine.dump(state), ai_moves, engine.is_over(state)
            )
        except StaleVersion:
            raise UserError("error.stale") from None
        game = await self.service.load(game.id)
        await self.service._schedule(game, state)
        result = MoveResult(game, state, ai_moves)
        try:
            if then is not None:
                await then(result)
        finally:
            self.service.changed(game.id)
        return result
