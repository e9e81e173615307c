"""``/game export`` and ``/game import``: a game as a JSON file, and a file continued as a new game."""

from __future__ import annotations

import asyncio
import io

import discord

from rules.core import t

from ..service import export
from ..service.games import UserError, engine_of
from ..storage import ACTIVE, GameRow
from .places import open_thread
from .ports import Mesa
from .replies import channel_locale, reply, user_locale


class ExportUI:
    def __init__(self, bot: Mesa) -> None:
        self.bot = bot

    async def export(self, interaction: discord.Interaction, game: GameRow) -> None:
        """The game's file, privately. While a game runs its file shows what is hidden (the seed, so the
        cards to come): only its host may take it out then."""
        locale = user_locale(interaction)
        if game.status == ACTIVE and interaction.user.id != game.host_id:
            raise UserError("export.host_only", host=f"<@{game.host_id}>")
        await interaction.response.defer(ephemeral=True, thinking=True)
        moves = await self.bot.service.db.moves_that_count(game.id)
        data = export.dumps(export.export(game, moves))
        name = f"{game.game}-{game.id}.json"
        text = t("export.done", locale, game=f"{engine_of(game).title} #{game.id}", moves=len(moves))
        await reply(interaction, text, file=discord.File(io.BytesIO(data), filename=name))

    async def import_file(self, interaction: discord.Interaction, attachment: discord.Attachment) -> None:
        """Checks that the file's log replays, then continues it as a new game (its host: whoever imports
        it) in a new thread of this channel. A refusal says why, privately."""
        locale = user_locale(interaction)
        if attachment.size > export.MAX_FILE_BYTES:
            raise UserError("import.too_big", mb=export.MAX_FILE_BYTES // (1024 * 1024))
        await interaction.response.defer(ephemeral=True, thinking=True)
        file = export.read(await attachment.read())
        replayed = await asyncio.to_thread(export.replay, file)  # a long game replays in a second or two
        if replayed.engine.is_over(replayed.state):
            raise UserError("import.over")
        service = self.bot.service
        channel = interaction.channel
        game = await service.import_game(
            file.game,
            file.seed,
            replayed.state.options,
            replayed.seats(),
            replayed.engine.dump(replayed.state),
            replayed.moves,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            host_id=interaction.user.id,
            locale=channel_locale(interaction),
        )
        parent_id = getattr(channel, "parent_id", None) or interaction.channel_id or 0
        client = interaction.client
        parent = client.get_channel(parent_id) or channel
        thread_id = await open_thread(client, game, parent)
        if thread_id is None and await service.db.active_games_in_channel_itself(parent_id):
            await service.end(game.id, interaction.user.id)
            raise UserError("error.channel_busy")
        moved = await service.move(game.id, interaction.user.id, parent_id, thread_id, then=self.bot.handlers.publish)
        title = f"{engine_of(game).title} #{game.id}"
        await reply(
            interaction,
            t("import.done", locale, game=title, moves=len(replayed.moves), where=f"<#{moved.game.play_channel_id}>"),
        )
