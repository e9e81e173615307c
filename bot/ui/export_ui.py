"""``/game export`` and ``/game import``: a game as a JSON file, and a file continued as a new game."""

from __future__ import annotations

import asyncio
import io

import discord

from rules.core import t

from ..service import export
from ..service.games import UserError, engine_of
from ..storage import ACTIVE, GameRow
from .ports import Mesa
from .presenter import Presenter
from .replies import channel_locale, release, reply, user_locale


class ExportUI:
    def __init__(self, bot: Mesa) -> None:
        self.bot = bot

    async def export(self, interaction: discord.Interaction, game: GameRow) -> None:
        """The game's file, privately. While a game runs, its file shows only what the channel sees (its
        seed and moves sealed with this deployment's key) and only its players and host take it out."""
        locale = user_locale(interaction)
        user = interaction.user.id
        if game.status == ACTIVE and user != game.host_id and all(s.user_id != user for s in game.seats):
            raise UserError("export.players_only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        moves = await self.bot.service.db.moves_that_count(game.id)
        file = export.export(game, moves, await self.bot.service.secret())
        data = export.dumps(file)
        name = f"{game.game}-{game.id}.json"
        done = "export.sealed" if file.is_sealed else "export.done"
        text = t(done, locale, game=f"{engine_of(game).title} #{game.id}", moves=len(moves))
        await reply(interaction, text, file=discord.File(io.BytesIO(data), filename=name))

    async def import_file(self, interaction: discord.Interaction, attachment: discord.Attachment) -> None:
        """Checks that the file's log replays, then continues it as a new game (its host: whoever imports
        it) in a new thread of this channel. A refusal says why, privately."""
        locale = user_locale(interaction)
        if attachment.size > export.MAX_FILE_BYTES:
            raise UserError("import.too_big", mb=export.MAX_FILE_BYTES // (1024 * 1024))
        await interaction.response.defer(ephemeral=True, thinking=True)
        given = export.read(await attachment.read())
        file = export.unseal(given, await self.bot.service.secret())
        if all(p.user_id != interaction.user.id or p.ai for p in file.players):
            raise UserError("import.not_at_table")
        replayed = await asyncio.to_thread(export.replay, file)  # a long game replays in a second or two
        if replayed.engine.is_over(replayed.state):
            raise UserError("import.over")
        if not given.is_sealed:  # a running game in the clear was not written by a bot: anyone can make one
            raise UserError("import.unsealed")
        service = self.bot.service
        lobby = await service.import_game(
            file.game,
            replayed.state.seed,
            replayed.state.options,
            replayed.seats(),
            replayed.engine.dump(replayed.state),
            replayed.moves,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            locale=channel_locale(interaction),
        )
        # The lobby in the channel: no mention in it reaches anyone (the invited are named as the file names them).
        embed, view = Presenter.lobby(lobby, lobby.locale)
        channel = interaction.channel
        if not isinstance(channel, discord.abc.Messageable):
            raise UserError("error.no_game_here")
        try:
            message = await channel.send(
                embed=embed, view=view or discord.utils.MISSING, allowed_mentions=discord.AllowedMentions.none()
            )
        finally:
            release(view)
        await service.db.update_game(lobby.id, lobby_message_id=message.id)
        title = f"{engine_of(lobby).title} #{lobby.id}"
        await reply(
            interaction, t("import.lobby_done", locale, game=title, moves=len(replayed.moves), where=message.jump_url)
        )
