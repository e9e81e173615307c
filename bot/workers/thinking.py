"""AI seats think in worker processes, off the event loop.

A strong AI searches for a good part of a second per decision: in the bot's own process that would
hold the interpreter and slow every other game's clicks.  In a game with a strong AI seat, the chain
of AI moves after a human move (or a start) runs whole in a worker of a process pool; the state travels as JSON both ways and the
moves come back with their events, ready to be stored in one transaction.  The engines are
deterministic given the state (and the budget), so a worker plays exactly what the bot would.
The easy and normal strengths answer in about a millisecond a decision: their chains run in a
thread of the bot's process, as every chain does with ``processes=0`` (MESA_AI_PROCESSES=0).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from rules import GAMES
from rules.core import Engine, GameState

log = logging.getLogger(__name__)


@dataclass
class AiMove:
    seat: int
    action_id: str
    events: list[dict[str, Any]]
    revealed: bool  # Engine.reveals: the move showed something new (a roll, a card)


def play_chain(
    engine: Engine[Any], state: GameState, levels: dict[int, str], budget: float | None, max_chain: int
) -> tuple[GameState, list[AiMove]]:
    """The AI seats (``levels``: seat -> strength) play until a human must act or the game ends."""
    moves: list[AiMove] = []
    for _ in range(max_chain):
        seats = [s for s in engine.to_act(state) if s in levels]
        if not seats:
            break
        seat = seats[0]
        action_id = engine.ai_action(state, seat, levels[seat], budget)
        before, state = state, engine.apply(state, seat, action_id)
        moves.append(
            AiMove(seat, action_id, [e.model_dump(mode="json") for e in state.events], engine.reveals(before, state))
        )
    return state, moves


def _chain_in_worker(
    game_id: str, state_json: str, levels: dict[int, str], budget: float | None, max_chain: int
) -> tuple[str, list[AiMove]]:
    engine = GAMES[game_id]
    state, moves = play_chain(engine, engine.load(state_json), levels, budget, max_chain)
    return engine.dump(state), moves


def _warm() -> None:
    """Worker start: every engine is imported once, before the first decision."""
    list(GAMES.values())


def _context() -> multiprocessing.context.BaseContext:
    # forkserver: workers fork from a small clean server process (the engines imported once there),
    # not from the bot with its threads and connections
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload([f"rules.{game_id}" for game_id in GAMES])
    return ctx


class Thinker:
    """Runs AI chains in a process pool started on first use."""

    def __init__(self, processes: int, budget: float | None) -> None:
        self.processes = processes
        self.budget = budget
        self._pool: Executor | None = None

    def _executor(self) -> Executor | None:
        if self.processes <= 0:
            return None
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=_context(), initializer=_warm)
        return self._pool

    async def play(
        self, engine: Engine[Any], state: GameState, levels: dict[int, str], max_chain: int
    ) -> tuple[GameState, list[AiMove]]:
        if not levels or not any(s in levels for s in engine.to_act(state)):
            return state, []
        # easy and normal seats answer in about a millisecond: a thread spares them the round trip
        pool = self._executor() if "strong" in levels.values() else None
        if pool is None:
            return await asyncio.to_thread(play_chain, engine, state, levels, self.budget, max_chain)
        loop = asyncio.get_running_loop()
        try:
            state_json, moves = await loop.run_in_executor(
                pool, _chain_in_worker, engine.id, engine.dump(state), levels, self.budget, max_chain
            )
        except Exception:  # a worker died or could not start: this chain in a thread, a fresh pool next time
            log.warning("AI worker failed; thinking in a thread this time", exc_info=True)
            self.close()
            return await asyncio.to_thread(play_chain, engine, state, levels, self.budget, max_chain)
        return engine.load(state_json), moves

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
