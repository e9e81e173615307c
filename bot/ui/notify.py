"""Where and when a turn reaches a player, by their settings (``/settings``).

A turn is announced by a mention on the board in the game's thread (the default), by a direct
message with a link to the board, or both. Inside a player's quiet hours neither is sent: the
mention is left off the board and the ping is held as a reminder due when the hours end
(``GameService.hold_pings``); so it is while the player is away from the tables that wait for them
(``/away mode:pause``), until they are back. A direct message Discord refuses (50007: the player's direct
messages are closed) falls back to a mention in the game's thread, which also tells the player,
once: from then on their turns reach them by mention until they choose again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable

import discord

from rules.core import t

from ..service.games import GameService, engine_of
from ..service.players import PlayerSettings
from ..storage import GameRow
from .ports import PlayChannel
from .presenter import deadline_line
from .replies import plain

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: Cannot send messages to this user


def board_link(game: GameRow) -> str:
    where = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.play_channel_id}"
    return f"{where}/{game.board_message_id}" if game.board_message_id else where


def direct_text(game: GameRow, key: str, locale: str, server: str, deadline: float | None = None) -> str:
    """A direct message about a game (``dm.turn``...): the game, its server, a link to its board and the
    seat's ``deadline`` at a table with a clock, nothing of the position (the board tells it to whoever may
    read it)."""
    text = t(key, locale, game=f"{engine_of(game).title} #{game.id}", server=server, link=board_link(game))
    return text if deadline is None else text + "\n" + deadline_line(deadline, locale)


class Notifier:
    def __init__(
        self, bot: discord.Client, service: GameService, channel: Callable[[int], Awaitable[PlayChannel]]
    ) -> None:
        self.bot = bot
        self.service = service
        self.channel = channel

    def settings(self, game: GameRow, user_ids: Iterable[int]) -> list[PlayerSettings]:
        """These players' settings, as read with the game."""
        settings = self.service.players.of_game(game)
        return [settings.get(user_id) or PlayerSettings(user_id) for user_id in user_ids]

    def unmentioned(self, game: GameRow, user_ids: Iterable[int]) -> frozenset[int]:
        """The users a board must not @mention now: inside their quiet hours, away from the tables that wait
        for them (``/away mode:pause``), or reached by direct message only."""
        return frozenset(
            s.user_id
            for s in self.settings(game, user_ids)
            if not s.by_mention or self.service.later_for(s) is not None
        )

    async def direct(self, game: GameRow, user_ids: Iterable[int], key: str = "dm.turn") -> None:
        """Direct messages for the players who asked for them and may be told now (their held pings come later)."""
        for s in self.settings(game, user_ids):
            if s.by_dm and self.service.later_for(s) is None:
                await self.send_dm(game, s, key)

    async def send_dm(self, game: GameRow, settings: PlayerSettings, key: str, deadline: float | None = None) -> bool:
        """One direct message about a game (with the seat's ``deadline`` at a table with a clock); a refusal
        (50007) falls back to a mention in the game's thread, telling the player why, once. Whether the direct
        message went out."""
        user_id = settings.user_id
        locale = settings.reads or game.locale
        guild = self.bot.get_guild(game.guild_id) if game.guild_id else None
        text = direct_text(game, key, locale, plain(guild.name) if guild else "—", deadline)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text)
            return True
        except discord.HTTPException as exc:
            if exc.code != DM_CLOSED:
                log.info("game %s: no direct message to %s: %s", game.id, user_id, exc)
                return False
        await self.service.players.save(settings.with_changes(dm_refused=True))
        fallback = t("dm.refused", locale, who=f"<@{user_id}>", game=f"{engine_of(game).title} #{game.id}")
        try:
            channel = await self.channel(game.play_channel_id)
            mention = discord.AllowedMentions(users=[discord.Object(user_id)], roles=False, everyone=False)
            await channel.send(fallback, allowed_mentions=mention)
        except (discord.HTTPException, TypeError) as exc:
            log.info("game %s: could not tell %s that their direct messages are closed: %s", game.id, user_id, exc)
        return False
