"""What happens when someone clicks: acknowledge at once, load, lock, apply, save, post.

Every refusal is an ephemeral sentence in the clicker's language; nothing is lost by a refusal.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from rules.core import RuleError, normalize_locale, t

from .components import SpecialButton
from .presenter import Payload, Presenter
from .service import GameService, MoveResult, Stale, UserError, engine_of
from .storage import ACTIVE, GameRow

if TYPE_CHECKING:  # pragma: no cover
    from .app import MesaBot

log = logging.getLogger(__name__)


def user_locale(interaction: discord.Interaction) -> str:
    return normalize_locale(interaction.locale)


def channel_locale(interaction: discord.Interaction) -> str:
    return normalize_locale(interaction.guild_locale or interaction.locale)


async def reply(interaction: discord.Interaction, text: str, **kwargs) -> None:
    """An ephemeral answer, whether or not the interaction was acknowledged already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


class Handlers:
    def __init__(self, bot: MesaBot, service: GameService, presenter: Presenter) -> None:
        self.bot = bot
        self.service = service
        self.presenter = presenter
        self._background: set[asyncio.Task] = set()

    def _spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def drain(self) -> None:
        """Waits for background message edits (tests and shutdown)."""
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    async def guarded(self, interaction: discord.Interaction, coro) -> None:
        try:
            await coro
        except Stale:
            await self._stale(interaction)
        except RuleError as error:
            await reply(interaction, t(error.message, user_locale(interaction)))
        except Exception:
            log.exception("interaction %s failed", interaction.data)
            try:
                await reply(interaction, t("error.internal", user_locale(interaction)))
            except discord.HTTPException:
                pass

    # -- moves -----------------------------------------------------------------------
    async def on_action(self, interaction: discord.Interaction, game_id: int, version: int, action_id: str) -> None:
        await self.guarded(interaction, self._action(interaction, game_id, version, action_id))

    async def _action(self, interaction: discord.Interaction, game_id: int, version: int, action_id: str) -> None:
        await interaction.response.defer()
        result = await self.service.act(game_id, interaction.user.id, version, action_id,
                                        then=lambda result: self.publish(result, clicked=interaction))
        await self.bot.undo.offer(interaction, result)

    async def publish(self, result: MoveResult, clicked: discord.Interaction | None = None) -> None:
        """Posts the new board in the game's channel and takes the controls off the old ones."""
        game, state = result.game, result.state
        payload = await self.presenter.board(game, state, result.moves)
        channel = await self.channel(game.play_channel_id)
        message = await channel.send(**payload.kwargs())
        previous = game.board_message_id
        await self.service.db.update_game(game.id, board_message_id=message.id, board_version=game.version)
        clicked_id = clicked.message.id if clicked is not None and clicked.message is not None else None
        if clicked is not None:
            self._spawn(self._strip(clicked.edit_original_response(view=None)))
        if previous and previous != clicked_id:
            self._spawn(self._strip(channel.get_partial_message(previous).edit(view=None)))

    async def resume_boards(self) -> None:
        """Posts the board of every game whose last move was stored but whose board never went out."""
        for game in await self.service.db.games_with_stale_boards():
            async with self.service.lock(game.id):
                game = await self.service.load(game.id)
                if game.board_version is not None and game.board_version >= game.version:
                    continue
                try:
                    await self.publish(MoveResult(game, self.service.state_of(game)))
                except discord.HTTPException:
                    log.exception("could not post the board of game %s", game.id)

    async def strip_board(self, game: GameRow) -> None:
        """Takes the controls off the game's last board (the game ended)."""
        if game.board_message_id:
            channel = await self.channel(game.play_channel_id)
            await self._strip(channel.get_partial_message(game.board_message_id).edit(view=None))

    @staticmethod
    async def _strip(edit) -> None:
        try:
            await edit
        except discord.HTTPException as exc:  # a deleted or too old message keeps its buttons
            log.info("could not take the controls off a board: %s", exc)

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        return channel  # type: ignore[return-value]

    async def _stale(self, interaction: discord.Interaction) -> None:
        """A click on an old board: say so and show the current board (with controls if it is their turn)."""
        locale = user_locale(interaction)
        game_id = int(str(interaction.data.get("custom_id", "m1:0")).split(":")[1])  # type: ignore[union-attr]
        game = await self.service.db.get_game(game_id)
        if game is None or game.status == "lobby":
            await reply(interaction, t("error.forged", locale))
            return
        state = self.service.state_of(game)
        seat = next((s for s in game.seats_of(interaction.user.id) if s in engine_of(game).to_act(state)), None)
        if seat is not None:
            payload = await self.presenter.private(game, state, seat, locale)
        else:
            payload = await self.presenter.board(game, state, locale=locale, controls=False)
        await self.send_private(interaction, payload, t("error.stale", locale))

    async def send_private(self, interaction: discord.Interaction, payload: Payload, text: str = "") -> None:
        kwargs = {"embed": payload.embed}
        if payload.file is not None:
            kwargs["file"] = payload.file
        if payload.view is not None:
            kwargs["view"] = payload.view
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)

    async def on_private(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.guarded(interaction, self._private(interaction, game_id))

    async def _private(self, interaction: discord.Interaction, game_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.service.load(game_id)
        await self.show_private(interaction, game)

    async def show_private(self, interaction: discord.Interaction, game: GameRow) -> None:
        locale = user_locale(interaction)
        seats = game.seats_of(interaction.user.id)
        if not seats:
            raise UserError("error.not_a_player")
        state = self.service.state_of(game)
        to_act = engine_of(game).to_act(state)
        seat = next((s for s in seats if s in to_act), seats[0])
        await self.send_private(interaction, await self.presenter.private(game, state, seat, locale))

    async def on_mute(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        async def mute() -> None:
            if not await self.service.mute(game_id, interaction.user.id, version):
                raise UserError("error.not_a_player")
            await reply(interaction, t("remind.muted", user_locale(interaction)))
        await self.guarded(interaction, mute())

    # -- lobby -----------------------------------------------------------------------
    async def on_lobby(self, interaction: discord.Interaction, game_id: int, what: str) -> None:
        await self.guarded(interaction, self._lobby(interaction, game_id, what))

    async def _lobby(self, interaction: discord.Interaction, game_id: int, what: str) -> None:
        user = interaction.user
        if what == "start":
            await self._start(interaction, game_id)
            return
        if what == "join":
            game = await self.service.join(game_id, user.id, user.display_name)
        elif what == "leave":
            game = await self.service.leave(game_id, user.id)
        elif what == "ai":
            game = await self.service.add_ai(game_id, user.id)
        else:
            game = await self.service.cancel(game_id, user.id)
        await self._update_lobby(interaction, game)

    async def _update_lobby(self, interaction: discord.Interaction, game: GameRow) -> None:
        embed, view = self.presenter.lobby(game, game.locale)
        content = t("lobby.cancelled", game.locale) if game.status == "ended" else None
        await interaction.response.edit_message(content=content, embed=embed, view=view)

    async def on_option(self, interaction: discord.Interaction, game_id: int, key: str, value: str) -> None:
        async def set_option() -> None:
            game = await self.service.set_option(game_id, interaction.user.id, key, value)
            await self._update_lobby(interaction, game)
        await self.guarded(interaction, set_option())

    async def on_ai_level(self, interaction: discord.Interaction, game_id: int, value: str) -> None:
        async def set_level() -> None:
            seat, _, level = value.partition(".")
            if not seat.isdigit():
                raise UserError("error.forged")
            game = await self.service.set_ai_level(game_id, interaction.user.id, int(seat), level)
            await self._update_lobby(interaction, game)
        await self.guarded(interaction, set_level())

    async def _start(self, interaction: discord.Interaction, game_id: int) -> None:
        await interaction.response.defer()
        game = await self.service.check_start(game_id, interaction.user.id)
        engine = engine_of(game)
        thread_id = None
        try:
            if interaction.message is not None:
                thread = await interaction.message.create_thread(
                    name=t("lobby.thread_name", game.locale, game=engine.title, id=game.id)[:100],
                    auto_archive_duration=10080)
                thread_id = thread.id
        except discord.HTTPException as exc:  # threads not allowed here: the game is played in the channel
            log.info("no thread for game %s: %s", game.id, exc)
        if thread_id is None and await self.service.db.active_games_in_channel_itself(game.channel_id):
            raise UserError("error.channel_busy")
        result = await self.service.start(game_id, interaction.user.id, thread_id, then=self.publish)
        where = f"<#{thread_id}>" if thread_id else t("lobby.no_thread", game.locale)
        embed, _ = self.presenter.lobby(result.game, game.locale)
        await interaction.edit_original_response(content=t("lobby.started", game.locale, where=where),
                                                  embed=embed, view=None)

    # -- reminders -------------------------------------------------------------------
    async def send_reminder(self, reminder: dict) -> None:
        game = await self.service.db.get_game(reminder["game_id"])
        if game is None or game.status != ACTIVE:
            return
        locale = game.locale
        step = min(reminder["sent"] + 1, 3)
        text = t(f"remind.{step}", locale, who=f"<@{reminder['user_id']}>",
                 game=f"{engine_of(game).title} #{game.id}")
        view = discord.ui.View(timeout=None)
        view.add_item(SpecialButton(game.id, game.version, "mute", label=t("remind.mute", locale)))
        if game.board_message_id:
            text += f"\nhttps://discord.com/channels/{game.guild_id or '@me'}/{game.play_channel_id}/{game.board_message_id}"
        channel = await self.channel(game.play_channel_id)
        await channel.send(text, view=view, allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(reminder["user_id"])]))
        await self.service.reminder_sent(reminder)
