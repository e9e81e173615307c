"""The bot: owns the database, the game service, the commands and the reminder loop."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands

from . import texts as _texts  # noqa: F401  (registers the bot's texts)
from .commands import CatalogueTranslator, MesaTree, setup
from .components import DYNAMIC_ITEMS
from .handlers import Handlers
from .presenter import Presenter
from .replay_ui import ReplayUI
from .service import GameService
from .settings import Settings
from .stats_ui import StatsUI
from .storage import Database
from .undo_ui import UndoUI

log = logging.getLogger(__name__)


class MesaBot(commands.Bot):
    def __init__(self, settings: Settings, db: Database, **kwargs) -> None:
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=MesaTree,
                         help_command=None, **kwargs)
        self.settings = settings
        self.service = GameService(db, settings)
        self.presenter = Presenter()
        self.handlers = Handlers(self, self.service, self.presenter)
        self.undo = UndoUI(self)
        self.replays = ReplayUI(self)
        self.stats = StatsUI(self)
        self._reminders: asyncio.Task | None = None
        self._wake = asyncio.Event()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        setup(self.tree)
        await self.tree.set_translator(CatalogueTranslator())
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._reminders = asyncio.create_task(self.reminder_loop(), name="mesa-reminders")

    async def reminder_loop(self) -> None:
        """Sends the reminders that are due; the deadlines live in SQLite, so restarts keep them."""
        await self.wait_until_ready()
        await self.handlers.resume_boards()
        while not self.is_closed():
            try:
                for reminder in await self.service.due_reminders():
                    try:
                        await self.handlers.send_reminder(reminder)
                    except discord.HTTPException:
                        log.exception("reminder for game %s failed", reminder["game_id"])
                        await self.service.reminder_sent(reminder)
            except Exception:
                log.exception("reminder loop")
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=self.settings.reminder_poll)
            except TimeoutError:
                pass

    def wake_reminders(self) -> None:
        self._wake.set()

    async def close(self) -> None:
        if self._reminders is not None:
            self._reminders.cancel()
        await self.handlers.drain()
        self.service.thinker.close()
        await super().close()
