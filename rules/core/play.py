"""Whole games played by policies: the AI seats' loop, the demo, the tests and the benchmark."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from .engine import Engine, GameState
from .rng import Rng
from .search import LEVELS

Policy = Literal["ai", "random", "mixed", "easy", "normal", "strong"]
Chooser = Callable[[GameState, int], str]


class GameDidNotEnd(AssertionError):
    pass


def chooser(engine: Engine[Any], policy: Policy | list[Policy], seed: int = 0, budget: float | None = None) -> Chooser:
    """``policy`` is one policy for every seat, or one per seat ("mixed": random or AI per move;
    "ai" is the AI at its default strength, "easy" / "normal" / "strong" at that strength, the
    strong one thinking ``budget`` seconds' worth)."""
    rng = Rng(seed=seed ^ 0x5EED)

    def choose(state: GameState, seat: int) -> str:
        p = policy[seat] if isinstance(policy, list) else policy
        if p == "mixed":
            p = "ai" if rng.below(2) else "random"
        if p == "ai":
            return engine.ai_action(state, seat)
        if p in LEVELS:
            return engine.ai_action(state, seat, p, budget)
        return rng.choice(engine.legal_actions(state, seat)).id

    return choose


def play(
    engine: Engine[Any],
    players: int,
    seed: int,
    options: dict[str, str] | None = None,
    policy: Policy | list[Policy] = "ai",
    *,
    max_steps: int = 50_000,
    budget: float | None = None,
    on_step: Callable[[GameState, GameState, int, str], None] | None = None,
) -> tuple[GameState, list[tuple[int, str]]]:
    """Plays a game to its end and returns the final state and the action log."""
    choose = chooser(engine, policy, seed, budget)
    state = engine.new_game(players, seed, options)
    log: list[tuple[int, str]] = []
    for _ in range(max_steps):
        seats = engine.to_act(state)
        if not seats:
            return state, log
        seat = seats[0]
        action_id = choose(state, seat)
        new = engine.apply(state, seat, action_id)
        log.append((seat, action_id))
        if on_step is not None:
            on_step(state, new, seat, action_id)
        state = new
    raise GameDidNotEnd(f"{engine.id}: no end after {max_steps} actions (seed {seed})")
