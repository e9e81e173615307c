"""``/privacy show`` (everything Mesa keeps about you, as a file) and ``/privacy delete`` (forget me,
after a confirmation): see PRIVACY.md."""

from __future__ import annotations

import io
import logging

import discord

from rules.core import t

from ..service import privacy
from ..service.games import UserError
from .components import ForgetButton
from .ports import Mesa
from .replies import release, reply, user_locale

log = logging.getLogger(__name__)


class PrivacyUI:
    def __init__(self, bot: Mesa) -> None:
        self.bot = bot

    async def show(self, interaction: discord.Interaction) -> None:
        """The user's data as a JSON file, privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = self.bot.service
        data = privacy.dumps(await privacy.report(service.db, interaction.user.id, service.clock()))
        name = f"mesa-data-{interaction.user.id}.json"
        await reply(
            interaction,
            t("privacy.shown", user_locale(interaction)),
            file=discord.File(io.BytesIO(data), filename=name),
        )

    async def ask_delete(self, interaction: discord.Interaction) -> None:
        """What deleting does, privately, with the button that does it."""
        locale = user_locale(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(
            ForgetButton(interaction.user.id, label=t("privacy.confirm", locale), style=discord.ButtonStyle.danger)
        )
        try:
            await reply(interaction, t("privacy.ask", locale), view=view)
        finally:
            release(view)

    async def on_forget(self, interaction: discord.Interaction, user_id: int) -> None:
        await self.bot.handlers.guarded(interaction, self._forget(interaction, user_id))

    async def _forget(self, interaction: discord.Interaction, user_id: int) -> None:
        locale = user_locale(interaction)
        if interaction.user.id != user_id:  # the button of someone else's confirmation (forged)
            raise UserError("error.forged")
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = self.bot.service
        _, running = await privacy.forget(service.db, user_id)
        service.players.forget(user_id)
        for game_id in running:  # their seats there are the AI's now: it plays the turns waiting on them
            try:
                await service.nudge(game_id, then=self.bot.handlers.publish)
            except Exception as exc:  # the board outbox posts it again later anyway
                log.info("game %s: could not play on after a player was forgotten: %s", game_id, exc)
        await reply(interaction, t("privacy.deleted", locale, games=len(running)))
