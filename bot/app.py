"""The bot: owns the database, the game service, the commands, the board outbox and the reminders."""

from __future__ import annotations

import asyncio
import logging
import time

import discord
from discord.ext import commands

from . import texts as _texts  # noqa: F401  (registers the bot's texts)
from .service.games import GameService
from .settings import Settings
from .storage import Database
from .ui.boards import BOARDS_CLEAN
from .ui.commands import CatalogueTranslator, MesaTree, setup
from .ui.components import DYNAMIC_ITEMS
from .ui.export_ui import ExportUI
from .ui.handlers import Handlers
from .ui.presenter import Presenter
from .ui.reminders import Reminders
from .ui.replay_ui import ReplayUI
from .ui.stats_ui import StatsUI
from .ui.undo_ui import UndoUI
from .workers import renderpool

log = logging.getLogger(__name__)


class MesaBot(commands.Bot):
    def __init__(self, settings: Settings, db: Database | None, **kwargs) -> None:
        """``db`` may come later (``use_database``, before ``connect``): ``python -m bot`` logs in first."""
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # Mesa never joins voice
        # Mesa reads no messages (slash commands and components only): no message, typing or reaction
        # events to parse for every board posted or edited, and no cache of messages to keep.
        intents = discord.Intents.default()
        intents.messages = intents.typing = intents.reactions = False
        kwargs.setdefault("max_messages", None)
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, tree_cls=MesaTree, help_command=None, **kwargs
        )
        self.settings = settings
        self.service = GameService(db, settings)
        self.presenter = Presenter()
        self.presenter.cache.pool = renderpool.shared(settings.render_workers)
        self.handlers = Handlers(self, self.service, self.presenter)
        self.reminders = Reminders(self, self.service, self.handlers)
        self.undo = UndoUI(self)
        self.replays = ReplayUI(self)
        self.stats = StatsUI(self)
        self.exports = ExportUI(self)
        self._reminder_loop: asyncio.Task | None = None
        self._outbox: asyncio.Task | None = None
        self._stopping: asyncio.Future | None = None

    def use_database(self, db: Database) -> None:
        self.service.db = db

    async def setup_hook(self) -> None:
        self.presenter.cache.pool.start()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        setup(self.tree)
        await self.tree.set_translator(CatalogueTranslator())
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._reminder_loop = asyncio.create_task(self.reminders.loop(), name="mesa-reminders")
        self._outbox = asyncio.create_task(self.outbox_loop(), name="mesa-boards")

    async def outbox_loop(self) -> None:
        """Posts the boards left behind by a crash or a failed post (see ``Handlers.outbox``)."""
        await self.wait_until_ready()
        await self.handlers.outbox()

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._gone(payload.thread_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._gone(channel.id)

    async def _gone(self, channel_id: int) -> None:
        try:
            await self.handlers.channel_gone(channel_id)
        except Exception as exc:  # the next failed post or reminder there finds it again
            log.warning("channel %s was deleted, but its games could not be stopped: %s", channel_id, exc)

    def wake_reminders(self) -> None:
        self.reminders.wake()

    async def close(self) -> None:
        """Stops the loops, finishes the board edits under way, then notes that the boards are right.

        Every caller (a signal, the end of ``connect``, a context manager) waits for the one stop.
        """
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        self.handlers.stopping = True  # clicks from now on are answered "restarting"
        await self.service.wait_idle()  # the moves under way post their boards
        tasks = [task for task in (self._reminder_loop, self._outbox) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.handlers.drain()
        self.service.thinker.close()
        await super().close()
        if not self.service.has_db:  # stopped before the database was opened
            return
        try:  # every board edit is done: the next start need not look for stray controls
            await self.service.db.set_meta(BOARDS_CLEAN, repr(time.time()))
        except Exception as exc:
            log.warning("could not note the clean stop: %s", exc)
