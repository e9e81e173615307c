"""The bot as its parts see it: the small interface the buttons, the handlers and the *_ui modules use.

discord.py hands every button, menu and command the client (``interaction.client``); the parts
reach the bot's services through it, typed by ``Mesa`` below rather than by ``app.MesaBot``, so
the modules of ``bot`` import each other one way only (``app`` at the top builds everything;
``commands`` widens ``Mesa`` with the concrete classes). ``app.MesaBot`` is the one implementation.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, Protocol, cast

import discord

from ..service.games import GameService, MoveResult
from ..storage import GameRow

# The channels a game is played in or its host is told in: a text, voice or stage channel's chat,
# or a thread of one (a private chat too, though games are started in servers only).
PlayChannel = discord.TextChannel | discord.VoiceChannel | discord.StageChannel | discord.Thread | discord.DMChannel
PLAY_CHANNELS = (discord.TextChannel, discord.VoiceChannel, discord.StageChannel, discord.Thread, discord.DMChannel)


class Controls(Protocol):
    """The handlers (``handlers.Handlers``) as the buttons, menus and undo see them."""

    async def guarded(self, interaction: discord.Interaction, coro: Coroutine[Any, Any, None]) -> None: ...

    async def fenced(self, interaction: discord.Interaction) -> bool: ...

    async def publish(self, result: MoveResult, clicked: discord.Interaction | None = None) -> bool: ...

    async def channel(self, channel_id: int) -> PlayChannel: ...

    async def say(self, game: GameRow, text: str) -> None: ...

    async def on_action(self, interaction: discord.Interaction, game_id: int, version: int, action_id: str) -> None: ...

    async def on_private(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def on_play_here(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def on_mute(self, interaction: discord.Interaction, game_id: int, version: int) -> None: ...

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, what: str) -> None: ...

    async def on_option(self, interaction: discord.Interaction, game_id: int, key: str, value: str) -> None: ...

    async def on_ai_level(self, interaction: discord.Interaction, game_id: int, value: str) -> None: ...

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


class PrivacyControls(Protocol):
    """``/privacy`` (``privacy_ui.PrivacyUI``) as its confirmation button sees it."""

    async def on_forget(self, interaction: discord.Interaction, user_id: int) -> None: ...


class UndoControls(Protocol):
    """Undo (``undo_ui.UndoUI``) as the buttons and the handlers see it."""

    async def offer(self, interaction: discord.Interaction, result: MoveResult) -> None: ...

    async def on_undo(self, interaction: discord.Interaction, game_id: int, move_version: int | None) -> None: ...

    async def on_vote(self, interaction: discord.Interaction, game_id: int, version: int, agree: bool) -> None: ...


class Mesa(Protocol):
    """The bot's services (read-only, so that the bot may hold narrower types)."""

    @property
    def service(self) -> GameService: ...

    @property
    def handlers(self) -> Controls: ...

    @property
    def undo(self) -> UndoControls: ...

    @property
    def privacy(self) -> PrivacyControls: ...

    def wake_reminders(self) -> None: ...


def mesa(interaction: discord.Interaction) -> Mesa:
    """The bot that received this interaction."""
    return cast(Mesa, interaction.client)
