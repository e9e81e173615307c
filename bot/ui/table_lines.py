"""What a move or a resignation says in its game's channel besides the board: the same whether it was made
by a click in Discord or on the game's page (served by the bot's process, or by ``python -m bot web``, whose
moves the bot follows from the database)."""

from __future__ import annotations

from typing import Protocol

import discord

from rules.core import t

from ..service.games import MoveResult
from ..storage import GameRow


class Poster(Protocol):
    """Where a move's messages are posted (``boards.Boards``)."""

    async def post_thinking(
        self, result: MoveResult, clicked: discord.Interaction | None = None
    ) -> discord.Message | None: ...

    async def publish(self, result: MoveResult, clicked: discord.Interaction | None = None) -> bool: ...

    def delete_later(self, message: discord.Message) -> None: ...


def resigned_line(game: GameRow, user_id: int) -> str:
    """The channel's line when a player resigns (``/game resign``, or the page's Resign), after the board."""
    return t("board.resigned", game.locale, who=f"<@{user_id}>")


class MovePosts:
    """The channel's messages of one move: while strong AI seats think, a line saying what was played and who
    thinks (``thinking``); then the board (``publish``), and the line goes (the board says it all).
    ``clicked``: the Discord click that made the move, if one did (its board loses its controls)."""

    def __init__(self, boards: Poster, clicked: discord.Interaction | None = None) -> None:
        self.boards, self.clicked = boards, clicked
        self.lines: list[discord.Message] = []
        self.posted: list[bool] = []  # whether each board went out
        self.told: int | None = None  # the version the line was said for

    async def thinking(self, result: MoveResult) -> None:
        """The move is stored and strong AI seats think: said once for its version."""
        if self.told == result.game.version:
            return
        self.told = result.game.version
        line = await self.boards.post_thinking(result, clicked=self.clicked)
        if line is not None:
            self.lines.append(line)

    async def publish(self, result: MoveResult) -> bool:
        posted = await self.boards.publish(result, clicked=self.clicked)
        self.posted.append(posted)
        for line in self.lines:
            self.boards.delete_later(line)
        self.lines = []
        return posted
