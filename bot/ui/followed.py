"""The moves made on the pages of another process (``python -m bot web``), followed from the database: their
boards, and what that process left to say beside them (``Database.take_notes``), posted in their channels as a
click's move, or ``/game resign``, posts them. In its own process the pages post through ``move_posts``."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time

import discord

from ..service.games import MoveResult
from ..storage import ACTIVE, FINISHED, RESIGNED, THINKING, GameRow
from .boards import Boards
from .table_lines import MovePosts, resigned_line

log = logging.getLogger(__name__)


class FollowedPages(Boards):
    """The boards' posting, with the moves made on pages (``handlers.Handlers`` builds on it)."""

    def move_posts(self, clicked: discord.Interaction | None = None) -> MovePosts:
        """What one move posts in its channel (its thinking line, its board), made by ``clicked`` or on a page."""
        return MovePosts(self, clicked)

    def post_moved(self, game_id: int) -> None:
        """A game changed in another process (a move made on a page that ``python -m bot web`` serves): its
        board is posted, in the background, if it is behind and the game is this process's, with what that
        process left to say beside it (``take_notes``: a player resigned there)."""
        self._spawn(self._post_moved(game_id))

    async def _post_moved(self, game_id: int) -> None:
        """One game's changes are dealt with one after the other, in the order heard: a line a note asks for
        goes out before the board of the moves stored after it."""
        turn = self._page_turns.setdefault(game_id, asyncio.Lock())
        async with turn:
            await self._post_moved_now(game_id)

    async def _post_moved_now(self, game_id: int) -> None:
        try:
            game = await self.service.db.get_game(game_id)
            if game is None or game.status not in (ACTIVE, FINISHED):
                self._page_turns.pop(game_id, None)  # (a game over is heard of no more)
                return
            if self.stopping or self.shards.of(game.guild_id) not in self.shards.ids:
                return
            notes = await self.service.db.take_notes(game_id)
            for note in notes:
                if note["kind"] == THINKING:
                    await self._thinking_on_page(game_id, note["version"])
            if (game.board_version or 0) < game.version and not self._retry_waits(game_id, time.monotonic()):
                await self.repost(game_id, look_back=False, followed=True)
            for note in notes:
                if note["kind"] == RESIGNED:
                    await self.resigned(game_id, note["user_id"], again=not note["moved"])
        except Exception as exc:  # (the outbox tries again)
            log.info("game %s: the board of a move made on a page: %s: %s", game_id, type(exc).__name__, exc)

    async def _thinking_on_page(self, game_id: int, version: int) -> None:
        """A move made on a page by another process was stored at ``version`` and strong AI seats think there:
        the channel gets the line a click's move gives (unless the board of that move is out already)."""
        async with self.service.lock(game_id):
            game = await self.service.load(game_id)
            if (game.board_version or 0) >= version:
                return
            state = await self.service.state_at(game, version)
            moves = await self._moves_since_board(game, until=version)
            posts = self._followed.setdefault(game_id, MovePosts(self))
            await posts.thinking(MoveResult(dataclasses.replace(game, version=version), state, moves))

    async def resigned(self, game_id: int, user_id: int, *, again: bool) -> None:
        """A player resigned on a page served by another process: the channel gets what ``/game resign``
        gives it, the board (``again``: posted anew, as the AI seats had nothing to play) and the line."""
        if again:
            async with self.service.lock(game_id):
                game = await self.service.load(game_id)
                await self.publish(MoveResult(game, self.service.state_of(game)))
        await self.say_resigned(await self.service.load(game_id), user_id)

    async def say_resigned(self, game: GameRow, user_id: int) -> None:
        """The line after a resignation made on a page (``/game resign`` answers with the same line)."""
        await self.say(game, resigned_line(game, user_id))
