"""Reminders: the players whose turn waits are pinged in the game's channel until they play (or
mute the reminders for the turn).

The deadlines live in the database (``Database.due_reminders``, ``Database.due_clocks``), so a restart
keeps them; each due reminder, and each passed deadline of a table's clock, is claimed by one process,
among those that serve its game's shard.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from rules.core import t

from ..service.games import GameService, engine_of
from ..storage import ACTIVE, DatabaseAway, GameRow
from .boards import Boards, gone
from .components import SpecialButton
from .notify import board_link
from .presenter import deadline_line
from .replies import release

log = logging.getLogger(__name__)


def reminder_text(game: GameRow, user_id: int, key: str, locale: str, deadline: float | None = None) -> str:
    """A reminder in the game's thread (``remind.1``...): it mentions the player, says the seat's
    ``deadline`` at a table with a clock and links the board, nothing of the position."""
    text = t(key, locale, who=f"<@{user_id}>", game=f"{engine_of(game).title} #{game.id}")
    if deadline is not None:
        text += "\n" + deadline_line(deadline, locale)
    if game.board_message_id:
        text += f"\n{board_link(game)}"
    return text


class Reminders:
    def __init__(self, bot: discord.Client, service: GameService, boards: Boards) -> None:
        self.bot = bot
        self.service = service
        self.boards = boards
        self._wake = asyncio.Event()
        self._checks: list[asyncio.Future[None]] = []  # callers of ``check`` waiting for the next pass
        # What an outage of the database interrupted, still claimed by this process (``LEASE``): the reminders
        # and deadlines to deal with, and the reminders sent whose sending is not yet stored. The next pass,
        # once the database is back, takes them up first, so that each fires once.
        self._reminders_left: list[dict[str, Any]] = []
        self._clocks_left: list[dict[str, Any]] = []
        self._unrecorded: list[tuple[dict[str, Any], bool, bool]] = []

    async def loop(self) -> None:
        """Sends the reminders that are due, until the bot closes."""
        await self.bot.wait_until_ready()
        try:
            while not self.bot.is_closed():
                await self._pass()
                try:
                    await asyncio.wait_for(self._wake.wait(), timeout=self.service.settings.reminder_poll)
                except TimeoutError:
                    pass
        finally:
            for check in self._checks:
                check.cancel()

    async def _pass(self) -> None:
        """Sends the reminders that are due and plays the turns whose time is up, once."""
        self._wake.clear()  # a wake from now on is seen at the next wait
        checks, self._checks = self._checks, []
        try:
            try:
                while self._unrecorded:
                    await self._record_sent(*self._unrecorded[0])
                    self._unrecorded.pop(0)
                if not self._reminders_left:
                    self._reminders_left = await self.service.due_reminders(self.boards.shards)
                while self._reminders_left:
                    reminder = self._reminders_left[0]
                    try:
                        await self.send(reminder)
                    except DatabaseAway:
                        raise
                    except Exception as exc:  # one game's trouble never stops the others' reminders
                        log.warning("game %s: reminder: %s: %s", reminder["game_id"], type(exc).__name__, exc)
                        await self.service.reminder_sent(reminder)
                    self._reminders_left.pop(0)
                if not self._clocks_left:
                    self._clocks_left = await self.service.due_clocks(self.boards.shards)
                while self._clocks_left:  # a turn's time is up: the AI plays it
                    due = self._clocks_left[0]
                    try:
                        await self.service.time_up(due["game_id"], due["seat"], due["lease"], then=self.boards.publish)
                    except DatabaseAway:
                        raise
                    except Exception as exc:
                        log.warning("game %s: clock: %s: %s", due["game_id"], type(exc).__name__, exc)
                    self._clocks_left.pop(0)
            except DatabaseAway:  # in the log once for the whole outage; its end wakes this loop
                pass
            except Exception as exc:
                log.warning("reminder loop: %s: %s", type(exc).__name__, exc)
        finally:
            for check in checks:
                if not check.done():
                    check.set_result(None)

    def wake(self) -> None:
        """The deadlines changed (``/game reminders``): look again now."""
        self._wake.set()

    async def check(self) -> None:
        """Looks again now, and returns once every reminder and clock due by then has been dealt with."""
        done = asyncio.get_running_loop().create_future()
        self._checks.append(done)
        self.wake()
        await done

    async def send(self, reminder: dict[str, Any]) -> None:
        """Sends one due reminder.

        A deleted channel abandons the game; one the bot may not write in stops the reminders of
        that seat for this turn; any other failure counts as a reminder sent. Each is one log line.
        """
        game = await self.service.db.get_game(reminder["game_id"])
        if game is None or game.status != ACTIVE:
            return
        db = self.service.db
        settings = await self.service.players.get(reminder["user_id"])
        later = self.service.later_for(settings, reminder["now"])
        if later is not None:  # inside the player's quiet hours (or away): when they end
            await db.postpone_reminder(game.id, reminder["seat"], later)
            return
        held = bool(reminder.get("held"))  # a turn's ping held back by quiet hours
        if not held and not settings.reminders:
            await db.reminder_sent(game.id, reminder["seat"], None)
            return
        mention = settings.by_mention
        deadline = (await self.boards.deadlines(game)).get(reminder["seat"])
        if settings.by_dm and not await self.boards.notifier.send_dm(
            game, settings, "dm.turn" if held else "dm.remind", deadline
        ):
            mention = mention and not (await self.service.players.get(settings.user_id)).dm_refused  # told already
        if not mention:
            await self._sent(reminder, held, settings.reminders)
            return
        locale = settings.reads or game.locale  # the reminded player's language
        step = min(reminder["sent"] + 1, 3)
        key = "remind.turn" if held else f"remind.{step}"
        text = reminder_text(game, reminder["user_id"], key, locale, deadline)
        view = discord.ui.View(timeout=None)
        view.add_item(SpecialButton(game.id, game.version, "mute", label=t("remind.mute", locale)))
        try:
            channel = await self.boards.channel(game.play_channel_id)
            await channel.send(
                text, view=view, allowed_mentions=discord.AllowedMentions(users=[discord.Object(reminder["user_id"])])
            )
        except discord.HTTPException as exc:
            log.warning("game %s: a reminder could not be sent (%s %s)", game.id, exc.status, exc.text or "")
            if gone(exc):
                await self.boards.channel_gone(game.play_channel_id)
                return
            if isinstance(exc, discord.Forbidden):
                await self.service.db.reminder_sent(game.id, reminder["seat"], None)
                return
        finally:
            release(view)
        await self._sent(reminder, held, settings.reminders)

    async def _sent(self, reminder: dict[str, Any], held: bool, reminders: bool) -> None:
        try:
            await self._record_sent(reminder, held, reminders)
        except DatabaseAway:  # it went out: stored once the database is back, never sent twice
            self._unrecorded.append((reminder, held, reminders))

    async def _record_sent(self, reminder: dict[str, Any], held: bool, reminders: bool) -> None:
        if held:
            await self.service.held_ping_sent(reminder, reminders)
        else:
            await self.service.reminder_sent(reminder)
