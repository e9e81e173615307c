"""A player's running games on every server: those waiting on them, oldest wait first, then the others."""

from __future__ import annotations

from dataclasses import dataclass

from ..storage import ACTIVE, GameRow
from .games import BrokenGame, GameService, engine_of


@dataclass(frozen=True)
class Table:
    game: GameRow
    to_act: list[int]  # the seats the game waits on
    since: float  # when the decision it waits on began (its last move, or its start)
    mine: bool  # one of them is the player's


async def tables_of(service: GameService, user_id: int) -> list[Table]:
    """The player's running games: first those where it is their turn, oldest wait first, then the
    others, the longest waiting first too. A game whose state cannot be read is left out."""
    games = await service.db.games_of_player(user_id, (ACTIVE,))
    moved = await service.db.last_move_times([g.id for g in games])
    tables = []
    for game in games:
        try:
            to_act = engine_of(game).to_act(service.state_of(game))
        except BrokenGame:
            continue
        since = moved.get(game.id, game.updated_at or 0.0)
        tables.append(Table(game, to_act, since, any(s in to_act for s in game.seats_of(user_id))))
    return sorted(tables, key=lambda table: (not table.mine, table.since, table.game.id))
