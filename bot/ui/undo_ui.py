"""Undo in Discord: ``/game undo``, the Undo button on the mover's private follow-up, and the
other players' private yes/no when their moves would be taken back too."""

from __future__ import annotations

import logging
from typing import Any

import discord

from rules.core import t

from ..service.games import MoveResult, Then
from ..service.undo import UndoOutcome, UndoService
from ..storage import ACTIVE
from .components import UndoButton
from .ports import Mesa
from .replies import release, reply, user_locale

log = logging.getLogger(__name__)


def _mentions(users: list[int]) -> str:
    return ", ".join(f"<@{u}>" for u in users)


class UndoUI:
    def __init__(self, bot: Mesa) -> None:
        self.bot = bot
        self.service = UndoService(bot.service)

    # -- after a move: the mover's private follow-up --------------------------------------
    async def offer(self, interaction: discord.Interaction, result: MoveResult) -> None:
        """Tells the mover their move is played, with an Undo button while it can be taken back freely."""
        moves = result.moves
        if not moves or moves[0].user_id != interaction.user.id or result.game.status != ACTIVE:
            return
        if any(m.revealed is not False for m in moves):
            return
        move_version = result.game.version - len(moves) + 1
        locale = user_locale(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(
            UndoButton(
                result.game.id,
                move_version,
                "a",
                label=t("undo.button", locale),
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
            )
        )
        try:
            await reply(interaction, t("board.done", locale), view=view)
        except discord.HTTPException as exc:  # the move is played and shown; /game undo still works
            log.info("no undo follow-up for game %s: %s", result.game.id, exc)

    # -- asking ----------------------------------------------------------------------------
    async def on_undo(self, interaction: discord.Interaction, game_id: int, move_version: int | None) -> None:
        await self.bot.handlers.guarded(interaction, self._undo(interaction, game_id, move_version))

    async def _undo(self, interaction: discord.Interaction, game_id: int, move_version: int | None) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        earlier = await self.service.pending(game_id)
        outcome = await self.service.request(game_id, user.id, move_version, then=self.announce(user.id))
        if earlier is not None and earlier.get("message_id"):  # a request replaced or made moot
            await self._strip(earlier, "undo.void")
        locale = user_locale(interaction)
        if outcome.result is not None:
            await reply(interaction, t("undo.you_did", locale))
            return
        await self.ask(outcome, game_id)
        await reply(interaction, t("undo.asked", locale, who=_mentions(outcome.waiting)))

    async def ask(self, outcome: UndoOutcome, game_id: int) -> None:
        """Posts the request in the game's channel: the others answer privately, one button each."""
        game = await self.bot.service.load(game_id)
        locale = game.locale
        view = discord.ui.View(timeout=None)
        view.add_item(
            UndoButton(game.id, game.version, "y", label=t("undo.yes", locale), style=discord.ButtonStyle.success)
        )
        view.add_item(
            UndoButton(game.id, game.version, "n", label=t("undo.no", locale), style=discord.ButtonStyle.danger)
        )
        text = t(
            "undo.ask",
            locale,
            voters=_mentions(outcome.plan.voters),
            who=f"<@{outcome.plan.user_id}>",
            n=len(outcome.plan.moves),
        )
        channel = await self.bot.handlers.channel(game.play_channel_id)
        try:
            message = await channel.send(
                text,
                view=view,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in outcome.plan.voters]),
            )
        finally:
            release(view)
        await self.bot.service.db.set_undo_message(game.id, message.id)

    # -- answering -------------------------------------------------------------------------
    async def on_vote(self, interaction: discord.Interaction, game_id: int, version: int, agree: bool) -> None:
        await self.bot.handlers.guarded(interaction, self._vote(interaction, game_id, version, agree))

    async def _vote(self, interaction: discord.Interaction, game_id: int, version: int, agree: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        request = await self.service.pending(game_id)
        requester = f"<@{request['user_id']}>" if request else ""
        locale = user_locale(interaction)
        outcome = await self.service.vote(
            game_id, interaction.user.id, version, agree, then=self.announce(request["user_id"] if request else 0)
        )
        if outcome.refused:
            await self._close(interaction, game_id, "undo.refused", requester)
            await reply(interaction, t("undo.noted_no", locale))
        elif outcome.result is None:
            await reply(interaction, t("undo.noted_yes", locale, n=len(outcome.waiting)))
        else:
            await self._close(interaction, game_id, "undo.agreed", requester)
            await reply(interaction, t("undo.you_did", locale))

    async def _close(self, interaction: discord.Interaction, game_id: int, key: str, requester: str) -> None:
        """Takes the buttons off the request, saying how it ended."""
        if interaction.message is None:
            return
        game = await self.bot.service.load(game_id)
        try:
            await interaction.message.edit(
                content=t(key, game.locale, who=requester), view=None, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:  # a deleted request: the outcome is on the board anyway
            pass

    async def _strip(self, request: dict[str, Any], key: str) -> None:
        game = await self.bot.service.load(request["game_id"])
        try:
            channel = await self.bot.handlers.channel(game.play_channel_id)
            await channel.get_partial_message(request["message_id"]).edit(
                content=t(key, game.locale), view=None, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            pass

    # -- the undo itself, seen by the table ------------------------------------------------
    def announce(self, user_id: int) -> Then:
        async def then(result: MoveResult) -> None:
            game = result.game
            channel = await self.bot.handlers.channel(game.play_channel_id)
            undone = sum(1 for _ in await self._undone_by(game.id, game.version - len(result.moves)))
            await channel.send(
                t("undo.done", game.locale, who=f"<@{user_id}>", n=undone),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await self.bot.handlers.publish(result)

        return then

    async def _undone_by(self, game_id: int, undo_version: int) -> list[dict[str, Any]]:
        return [row for row in await self.bot.service.db.action_log(game_id) if row["undone_at"] == undo_version]
