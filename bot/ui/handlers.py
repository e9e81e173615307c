"""What happens when someone clicks: acknowledge at once, load, lock, apply, save, post.

Every refusal is an ephemeral sentence in the clicker's language; nothing is lost by a refusal.
Posting the boards (and the outbox of boards a failure left behind) is ``boards.Boards``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Mapping
from typing import Any

import discord

from rules.core import RuleError, t

from ..service.games import BrokenGame, Noted, Stale, UserError, engine_of
from ..storage import ACTIVE, DatabaseAway, GameRow
from .boards import NETWORK_ERRORS, STRIPPED
from .followed import FollowedPages
from .places import forum_of, open_thread
from .ports import mesa
from .presenter import Payload
from .replies import release, reply, user_locale

log = logging.getLogger(__name__)

# Seconds a private view may take to draw and still be the answer to its click itself: Discord wants an
# answer within 3 s of the click, and the click took some of them to get here.
ANSWER_WITHIN = 1.5
# Discord's error code for a second answer to an interaction ("Interaction has already been acknowledged").
ALREADY_ANSWERED = 40060


class Handlers(FollowedPages):
    async def guarded(self, interaction: discord.Interaction, coro: Coroutine[Any, Any, object]) -> None:
        if self.stopping:
            coro.close()
            await self._quiet(reply(interaction, t("error.restarting", user_locale(interaction))))
            return
        self._under_way()  # a stop waits for the click's follow-ups (its Undo offer) before closing
        try:
            await coro
        except Stale:
            await self._stale(interaction)
        except DatabaseAway:  # said once in the log for the whole outage, not for every click
            key = "error.db_away_unsure" if interaction.id in self.unsure else "error.db_away"
            if key == "error.db_away":
                self.told.add(interaction.id)  # its note, if it was made after all, says nothing more
            await self._quiet(reply(interaction, t(key, user_locale(interaction))))
        except BrokenGame as error:
            await reply(interaction, t(error.message, user_locale(interaction)))
            await self.report_broken(error)
        except RuleError as error:
            await reply(interaction, t(error.message, user_locale(interaction)))
        except Exception:
            log.exception("interaction %s failed", interaction.data)
            try:
                await reply(interaction, t("error.internal", user_locale(interaction)))
            except discord.HTTPException:
                pass

    async def fenced(self, interaction: discord.Interaction) -> bool:
        """Whether this process may not answer the interaction now: its shard is fenced (``serving``; its lock
        is lost, and another process may take it over: bot/shards.py). Its user is then told that it did not
        count, without a look at the database. Should another process have answered it first, Discord refuses
        this answer ("already acknowledged"): that process said what became of it."""
        if self.serving(interaction.guild_id):
            return False
        if interaction.type is discord.InteractionType.autocomplete:
            return True
        try:
            await reply(interaction, t("error.db_away", user_locale(interaction)))
        except discord.HTTPException as exc:
            if exc.code != ALREADY_ANSWERED:
                log.info("a click on a fenced shard went unanswered: %s", exc)
        except NETWORK_ERRORS as exc:
            log.info("a click on a fenced shard went unanswered: %s", exc)
        return True

    async def forged(self, interaction: discord.Interaction) -> None:
        """A control no game made: said privately (a refusal that cannot be sent is only logged)."""
        try:
            await reply(interaction, t("error.forged", user_locale(interaction)))
        except (discord.HTTPException, *NETWORK_ERRORS) as exc:
            log.info("a forged click went unanswered: %s", exc)

    # -- moves -----------------------------------------------------------------------
    async def on_action(self, interaction: discord.Interaction, game_id: int, version: int, action_id: str) -> None:
        await self.guarded(interaction, self._action(interaction, game_id, version, action_id))

    async def _action(self, interaction: discord.Interaction, game_id: int, version: int, action_id: str) -> None:
        # The click is noted before it is acknowledged, and the move's transaction forgets it: a click
        # still noted at start-up is one a crash lost, and its player is told. Noted first, every click
        # Discord shows as received is one the bot knows of, whenever it dies.
        noted = await self.service.note_click(
            interaction.id, game_id, interaction.user.id, interaction.token, user_locale(interaction)
        )
        self.playing.add(interaction.id)  # an outage's end leaves it to this task
        try:
            await self._play(interaction, game_id, version, action_id, noted)
        finally:
            self.playing.discard(interaction.id)

    async def _play(
        self, interaction: discord.Interaction, game_id: int, version: int, action_id: str, noted: Noted
    ) -> None:
        """Plays a noted click: acknowledged at once, its move stored and its board posted; on a failure, the
        click is forgotten and the board has back the controls that the acknowledgement took off (or, if the
        database is away, the end of the outage says whether the move counted and gives them back)."""
        db = self.service.db
        posts = self.move_posts(interaction)  # (a move made on a page posts the same: bot.web.play)
        try:
            if interaction.message is not None and self.service.may_act(
                game_id, version, interaction.user.id, action_id
            ):
                # A choice the clicker has on the game's board: the acknowledgement itself takes the
                # board's controls off (one request, where a deferral and an edit after the move were two).
                await interaction.response.edit_message(view=None)
                interaction.extras[STRIPPED] = True
            else:
                await interaction.response.defer()
            result = await self.service.act(
                game_id,
                interaction.user.id,
                version,
                action_id,
                then=posts.publish,
                click=interaction.id,
                thinking=posts.thinking,
                noted=noted,
            )
        except BaseException as exc:
            if isinstance(exc, DatabaseAway):
                # The move may have been stored before the database went away: its click, still noted if not,
                # tells which when it is back (``after_outage``), and the board gets its controls back then.
                self.unsure.add(interaction.id)
                self.needs_controls.add(game_id)
                raise
            try:
                await db.drop_click(interaction.id)
            finally:
                if isinstance(exc, Exception) and not isinstance(exc, Stale) and interaction.extras.get(STRIPPED):
                    try:
                        await self._restore_controls(interaction, game_id, version)
                    except DatabaseAway:  # given back when the database is
                        self.needs_controls.add(game_id)
            raise
        if all(posts.posted) and not db.outage.down:  # else the clicker was just told what became of the move
            await mesa(interaction).undo.offer(interaction, result)

    async def _restore_controls(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """A click whose acknowledgement took its board's controls off failed before its move was stored:
        the board (or the private view) gets them back, unless the game has moved on since."""
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            await self.refresh_controls(game_id)
            return
        game = await self.service.db.get_game(game_id)
        if game is None or game.version != version or game.status != ACTIVE:
            return
        payload = await self.private_payload(interaction, game)
        try:
            await interaction.edit_original_response(view=payload.view)
        except (discord.HTTPException, *NETWORK_ERRORS) as exc:
            log.info("game %s: the failed click's private view keeps no controls: %s", game_id, exc)
        finally:
            payload.sent()

    async def _stale(self, interaction: discord.Interaction) -> None:
        """A click on an old board: say so and show the current board (with controls if it is their turn)."""
        locale = user_locale(interaction)
        data: Mapping[str, object] = interaction.data or {}
        game_id = int(str(data.get("custom_id", "m1:0")).split(":")[1])
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
        kwargs: dict[str, Any] = {"embed": payload.embed}
        if payload.file is not None:
            kwargs["file"] = payload.file
        if payload.view is not None:
            kwargs["view"] = payload.view
        await reply(interaction, text, **kwargs)

    async def on_private(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.guarded(interaction, self._private(interaction, game_id))

    async def _private(self, interaction: discord.Interaction, game_id: int) -> None:
        """The clicker's private view, as the answer to the click itself when it is drawn within
        ``ANSWER_WITHIN`` (one request; most clicks), else after a "thinking…" acknowledgement."""

        async def prepare() -> Payload:
            return await self.private_payload(interaction, await self.service.load(game_id))

        drawing = asyncio.ensure_future(prepare())
        try:
            done, _ = await asyncio.wait({drawing}, timeout=ANSWER_WITHIN)
            if not done:
                await interaction.response.defer(ephemeral=True, thinking=True)
            payload = await drawing
        finally:
            drawing.cancel()  # only if still drawing: the acknowledgement failed
        await self.send_private(interaction, payload)

    async def on_play_here(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Play here**: Discord opens the application's Activity in the channel (the page finds the game
        from the channel itself); if Discord refuses (the application has no Activity), the page's link."""
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as error:
            log.warning("the Activity could not be launched (is MESA_ACTIVITY right?): %s", error)
            link = self.presenter.web_link(await self.service.load(game_id))
            locale = user_locale(interaction)
            await reply(interaction, t("board.play_here.refused", locale, url=link or "—"))

    async def show_private(self, interaction: discord.Interaction, game: GameRow) -> None:
        await self.send_private(interaction, await self.private_payload(interaction, game))

    async def private_payload(self, interaction: discord.Interaction, game: GameRow) -> Payload:
        """The clicker's private view of ``game`` (the seat that must act, if any of theirs does)."""
        locale = user_locale(interaction)
        seats = game.seats_of(interaction.user.id)
        if not seats:
            raise UserError("error.not_a_player")
        state = self.service.state_of(game)
        to_act = engine_of(game).to_act(state)
        seat = next((s for s in seats if s in to_act), seats[0])
        return await self.presenter.private(game, state, seat, locale)

    async def on_mute(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        async def mute() -> None:
            await self.service.mute(game_id, interaction.user.id, version)
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
        if what == "settings":  # the menus the lobby message has no room for, privately
            locale = user_locale(interaction)
            game = await self.service.hosted_lobby(game_id, user.id)
            embed, view = self.presenter.lobby_settings(game, locale)
            await reply(interaction, t("lobby.settings.note", locale), embed=embed, view=view)
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
        """Shows the lobby as it is now: on the message clicked, or, from the host's private table settings,
        on those settings and on the lobby message itself."""
        embed, view = self.presenter.lobby(game, game.locale)
        content = t("lobby.cancelled", game.locale) if game.status == "ended" else None
        message = interaction.message
        try:
            if message is None or not message.flags.ephemeral:
                await interaction.response.edit_message(content=content, embed=embed, view=view)
                return
            mine, menus = self.presenter.lobby_settings(game, user_locale(interaction))
            try:
                await interaction.response.edit_message(embed=mine, view=menus)
            finally:
                release(menus)
            if game.lobby_message_id is None:
                return
            try:
                channel = await self.channel(game.channel_id)
                await channel.get_partial_message(game.lobby_message_id).edit(content=content, embed=embed, view=view)
            except (discord.HTTPException, TypeError) as exc:  # the choice is stored: the lobby shows it next time
                log.info("game %s: the lobby message was not updated: %s", game.id, exc)
        finally:
            release(view)

    async def on_option(self, interaction: discord.Interaction, game_id: int, key: str, value: str) -> None:
        async def set_option() -> None:
            game = await self.service.set_option(game_id, interaction.user.id, key, value)
            await self._update_lobby(interaction, game)

        await self.guarded(interaction, set_option())

    async def on_ai_level(self, interaction: discord.Interaction, game_id: int, value: str) -> None:
        async def set_level() -> None:
            seat, _, level = value.partition(".")
            if seat == "clock":  # "clock.<hours>.<level>": the table's clock
                hours, _, level = level.partition(".")
                if not (hours.isascii() and hours.isdigit()):
                    raise UserError("error.forged")
                game = await self.service.set_clock(game_id, interaction.user.id, int(hours), level)
                await self._update_lobby(interaction, game)
                return
            if not (seat.isascii() and seat.isdigit()):
                raise UserError("error.forged")
            game = await self.service.set_ai_level(game_id, interaction.user.id, int(seat), level)
            await self._update_lobby(interaction, game)

        await self.guarded(interaction, set_level())

    async def _start(self, interaction: discord.Interaction, game_id: int) -> None:
        await interaction.response.defer()
        game = await self.service.check_start(game_id, interaction.user.id)
        forum = forum_of(interaction.channel)  # a lobby in a forum's post: the game gets a post of its own
        thread_id = await open_thread(self.bot, game, forum or interaction.channel, lobby=interaction.message)
        if forum is not None and thread_id is not None:
            await self.service.db.update_game(game.id, channel_id=forum.id)
        if thread_id is None and await self.service.db.active_games_in_channel_itself(game.channel_id):
            raise UserError("error.channel_busy")
        result = await self.service.start(game_id, interaction.user.id, thread_id, then=self.publish)
        where = f"<#{thread_id}>" if thread_id else t("lobby.no_thread", game.locale)
        embed, _ = self.presenter.lobby(result.game, game.locale)
        await interaction.edit_original_response(
            content=t("lobby.started", game.locale, where=where), embed=embed, view=None
        )

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.guarded(interaction, self._rematch(interaction, game_id))

    async def _rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """The final board's Rematch: a lobby with the same options and AI seats, the clicker hosting it,
        the other players invited by name (one click on Join each). A second click points to it."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        old = await self.service.load(game_id)
        try:
            place = await self.channel(old.channel_id)
        except TypeError:  # a forum has no chat: the lobby goes in the finished game's post
            place = await self.channel(old.play_channel_id)

        async def post(old: GameRow, lobby: GameRow) -> None:
            if lobby.lobby_message_id is not None:
                return
            invited = list(dict.fromkeys(s.user_id for s in old.seats if s.user_id not in (None, user.id)))
            embed, view = self.presenter.lobby(lobby, lobby.locale)
            text = t(
                "rematch.invite",
                lobby.locale,
                game=f"{engine_of(old).title} #{old.id}",
                host=user.mention,
                who=" ".join(f"<@{u}>" for u in invited) or "—",
            )
            mentions = discord.AllowedMentions(users=[discord.Object(u) for u in invited], roles=False, everyone=False)
            kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": mentions}
            if view is not None:
                kwargs["view"] = view
            try:
                message = await place.send(text, **kwargs)
            finally:
                release(view)
            await self.service.db.update_game(lobby.id, lobby_message_id=message.id)

        lobby, made = await self.service.rematch(game_id, user.id, user.display_name, place.id, then=post)
        link = f"https://discord.com/channels/{lobby.guild_id or '@me'}/{lobby.channel_id}/{lobby.lobby_message_id}"
        await reply(
            interaction, t("rematch.opened" if made else "rematch.open_already", user_locale(interaction), link=link)
        )

    async def move_game(self, interaction: discord.Interaction, game: GameRow) -> None:
        """``/game move``: the host posts a running or stopped game again in a new thread of this channel."""
        game = await self.service.check_move(game.id, interaction.user.id)  # a refusal stays private
        await interaction.response.defer()
        channel = interaction.channel
        parent_id = getattr(channel, "parent_id", None) or interaction.channel_id or 0
        try:
            parent = self.bot.get_channel(parent_id) or await self.bot.fetch_channel(parent_id)
        except discord.HTTPException as exc:  # no thread here: play in the channel itself
            log.info("game %s: no new thread in %s: %s", game.id, parent_id, exc)
            parent = None
        thread_id = await open_thread(self.bot, game, parent) if parent is not None else None
        if thread_id is None and await self.service.db.active_games_in_channel_itself(parent_id):
            raise UserError("error.channel_busy")
        await self.service.move(game.id, interaction.user.id, parent_id, thread_id, then=self.publish)
        await self.strip_board(game)
        moved = await self.service.load(game.id)
        where = f"<#{moved.play_channel_id}>"
        text = t("game.moved", game.locale, game=f"{engine_of(game).title} #{game.id}", where=where)
        if moved.board_version is None:
            text = t("board.still_blocked", game.locale, where=where)
        await interaction.followup.send(text)
