"""Builders for hand-made ENGIS positions."""

from __future__ import annotations

from rules.engis import ENGINE
from rules.engis.state import Clan, EngisState


def new(players: int = 4, seed: int = 1, **options: str) -> EngisState:
    return ENGINE.new_game(players, seed, options or None)


def act(state: EngisState, seat: int, action_id: str) -> EngisState:
    return ENGINE.apply(state, seat, action_id)


def ids(state: EngisState, seat: int | None = None) -> list[str]:
    seat = state.actor if seat is None else seat
    return [a.id for a in ENGINE.legal_actions(state, seat)]


def edit(state: EngisState, seat: int, **values: object) -> Clan:
    """Puts in ``seat``'s place a player with ``values`` instead of its own (players are frozen: a
    position is set up by replacing them, lists given for the tuples); returns it."""
    player = Clan.model_validate({**state.clans[seat].model_dump(by_alias=False), **values})
    state.clans[seat] = player
    return player


def territory(state: EngisState, seat: int, hexes: dict[str, str], meeples: list[str]) -> None:
    edit(state, seat, hexes=dict(hexes), meeples=meeples)


def phase2(state: EngisState, seat: int) -> EngisState:
    """Puts ``seat`` at the start of its phase-2 turn."""
    n = state.players
    state.order = [seat] + [s for s in range(n) if s != seat]
    state.order_position, state.phase, state.actor = 0, "act", seat
    state.offer = [None] * 4
    for i in range(n):
        edit(state, i, used=[], moved=[])
    return state


def phase3(state: EngisState, seat: int) -> EngisState:
    n = state.players
    state.order = [seat] + [s for s in range(n) if s != seat]
    state.order_position, state.phase, state.actor = 0, "score", seat
    state.offer = [None] * 4
    return state
