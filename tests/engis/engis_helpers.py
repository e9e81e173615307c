"""Builders for hand-made ENGIS positions."""

from __future__ import annotations

from rules.engis import ENGINE
from rules.engis.state import EngisState


def new(players: int = 4, seed: int = 1, **options: str) -> EngisState:
    return ENGINE.new_game(players, seed, options or None)


def act(state: EngisState, seat: int, action_id: str) -> EngisState:
    return ENGINE.apply(state, seat, action_id)


def ids(state: EngisState, seat: int | None = None) -> list[str]:
    seat = state.actor if seat is None else seat
    return [a.id for a in ENGINE.legal_actions(state, seat)]


def territory(state: EngisState, seat: int, hexes: dict[str, str], meeples: list[str]) -> None:
    p = state.ps[seat]
    p.hexes = dict(hexes)
    p.meeples = list(meeples)


def phase2(state: EngisState, seat: int) -> EngisState:
    """Puts ``seat`` at the start of its phase-2 turn."""
    n = state.players
    state.order = [seat] + [s for s in range(n) if s != seat]
    state.cur, state.phase, state.actor = 0, "act", seat
    state.offer = [None] * 4
    for p in state.ps:
        p.used, p.moved = [], []
    return state


def phase3(state: EngisState, seat: int) -> EngisState:
    n = state.players
    state.order = [seat] + [s for s in range(n) if s != seat]
    state.cur, state.phase, state.actor = 0, "score", seat
    state.offer = [None] * 4
    return state
