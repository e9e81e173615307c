"""The bot: owns the database, the game service, the commands, the board outbox and the reminders."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, cast

import discord
from discord.ext import commands

from rules.core import normalize_locale

from . import discord_internals
from . import texts as _texts  # noqa: F401  (registers the bot's texts)
from .service.games import GameService
from .settings import Settings
from .shards import ShardKeeper
from .storage import Database, DatabaseAway
from .ui.boards import clean_key
from .ui.commands import CatalogueTranslator, MesaTree, setup
from .ui.components import DYNAMIC_ITEMS
from .ui.export_ui import ExportUI
from .ui.handlers import Handlers
from .ui.player_ui import PlayerUI
from .ui.presenter import Presenter
from .ui.privacy_ui import PrivacyUI
from .ui.reminders import Reminders
from .ui.replay_ui import ReplayUI
from .ui.stats_ui import StatsUI
from .ui.undo_ui import UndoUI
from .web import WebServer
from .workers import renderpool

log = logging.getLogger(__name__)


class MesaBot(commands.AutoShardedBot):
    def __init__(
        self, settings: Settings, db: Database | None, clock: Callable[[], float] = time.time, **kwargs: Any
    ) -> None:
        """``db`` may come later (``use_database``, before ``connect``); ``python -m bot`` opens it first.
        ``clock`` gives the time the reminders, quiet hours and clocks are reckoned by (tests move it)."""
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # Mesa never joins voice
        # Mesa reads no messages (slash commands and components only): no message, typing or reaction
        # events to parse for every board posted or edited, and no cache of messages to keep.
        intents = discord.Intents.default()
        intents.messages = intents.typing = intents.reactions = False
        kwargs.setdefault("max_messages", None)
        # Nobody is pinged unless a message names whom it pings (the players who must act, say): a name
        # or a text a user wrote never reaches @everyone, a role or another user.
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        # One process serves all the shards (one, by default) or its part of them (bot/shards.py).
        self.keeper = ShardKeeper(settings)
        if not settings.auto_shards or settings.shard_count is not None:
            kwargs.setdefault("shard_count", self.keeper.count)
            kwargs.setdefault("shard_ids", list(self.keeper.ids))
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, tree_cls=MesaTree, help_command=None, **kwargs
        )
        self.settings = settings
        self.service = GameService(db, settings, clock)
        self.presenter = Presenter(settings.web_url, sign_in=settings.sign_in, activity=settings.activity)
        cache = self.presenter.cache
        self.service.drawing = lambda game, state: cache.start(game, state, None, game.locale)  # the board's picture
        self.presenter.cache.pool = renderpool.shared(settings.render_workers)
        # The spectator pages, served by the bot itself when it is given a port (else by ``python -m bot web``).
        self.web: WebServer | None = None
        if settings.web_port is not None:
            self.web = WebServer(
                lambda: self.service.db,
                settings,
                self.presenter.cache,
                self.service.settled,
                self.gateway_problem,
                service=self.service,
            )
            self.service.watchers.append(self.web.changes.notify)
        self.handlers = Handlers(self, self.service, self.presenter)
        self.handlers.serving = self.keeper.serves
        self.reminders = Reminders(self, self.service, self.handlers)
        self.undo = UndoUI(self)
        if self.web is not None:  # a move made on a page is posted in its channel as a click's is
            self.web.table.moves = self.handlers.move_posts
            self.web.table.resigned = self.handlers.say_resigned
            self.web.table.undone = self.undo.announce
            self.web.table.ask_undo = self.undo.ask
        self.replays = ReplayUI(self)
        self.stats = StatsUI(self)
        self.exports = ExportUI(self)
        self.players = PlayerUI(self)
        self.privacy = PrivacyUI(self)
        self._reminder_loop: asyncio.Task[None] | None = None
        self._outbox: asyncio.Task[None] | None = None
        self._page_moves: asyncio.Task[None] | None = None
        self._stopping: asyncio.Future[None] | None = None

    def gateway_problem(self) -> str | None:
        """What keeps this process from hearing Discord now (its gateway, each of its shards'), or None: the
        pages' /healthz tells hosts. A process that waits for a shard to take over has none to hear."""
        if self.is_closed():
            return "the bot is stopping"
        if not self.keeper.ids:
            return None
        if not self.is_ready():
            return "the Discord gateway is not connected yet"
        closed = sorted(shard_id for shard_id, shard in self.shards.items() if shard.is_closed())
        if closed:
            return f"the Discord gateway is not connected (shard {', '.join(map(str, closed))})"
        return None

    async def use_database(self, db: Database) -> None:
        self.service.db = db
        self._follow_outages(db)
        await self.service.players.load_locales()

    def _follow_outages(self, db: Database) -> None:
        if self._after_outage not in db.outage.on_back:
            db.outage.on_back.append(self._after_outage)

    async def _after_outage(self, since: float) -> None:
        """The database answers again: the games of this process's shards go on by themselves (the clicks it
        lost told, the boards' controls given back, the boards left behind posted, the reminders and clocks
        that fell due meanwhile dealt with)."""
        try:
            await self.handlers.after_outage(since)
        except DatabaseAway:  # away again: the end of that outage does this
            return
        except Exception as exc:
            log.warning("after the database's outage: %s: %s", type(exc).__name__, exc)
        self.reminders.wake()

    async def setup_hook(self) -> None:
        await self.keeper.setup(self, self.service.db)
        self.handlers.shards = self.keeper.shards
        await asyncio.to_thread(self.presenter.cache.pool.start)  # (spawns its workers: a second, off the loop)
        if self.service.has_db:  # the languages players chose, for every answer (else once it is opened)
            self._follow_outages(self.service.db)
            await self.service.players.load_locales()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        setup(self.tree)
        await self.tree.set_translator(CatalogueTranslator())
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        if self.web is not None:
            await self.web.start()
        self._reminder_loop = asyncio.create_task(self.reminders.loop(), name="mesa-reminders")
        self._outbox = asyncio.create_task(self.outbox_loop(), name="mesa-boards")
        if self.settings.sign_in and self.web is None:  # players play on pages served by another process
            self._page_moves = asyncio.create_task(self.follow_page_moves(), name="mesa-page-moves")

    async def launch_shards(self) -> None:
        if not self.keeper.ids:  # MESA_SHARDS=auto and none free: wait to take over a stopped process's
            discord_internals.serve_shards(self, [], self.shard_count)
            return
        await super().launch_shards()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        await self.keeper.before_identify(shard_id or 0)

    async def outbox_loop(self) -> None:
        """Posts the boards left behind by a crash or a failed post (see ``Handlers.outbox``)."""
        await self.wait_until_ready()
        await self.handlers.outbox()

    async def follow_page_moves(self) -> None:
        """The pages are served by a process of their own (``python -m bot web``) where players play: a move
        made there is stored by that process, and its board is posted here as soon as the database tells of
        it (a game this process is changing itself posts its own board)."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                async with self.service.db.subscribe() as changes:
                    async for game_id, _ in changes:
                        if not self.service.lock(game_id).locked():
                            self.handlers.post_moved(game_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # (the database away: its changes are heard again once it is back)
                log.info("following the moves made on the pages: %s: %s", type(exc).__name__, exc)
                await asyncio.sleep(self.settings.board_retry)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Notes the language of the user's Discord (their direct messages and reminders are written in it).
        A click whose custom id none of Mesa's controls reads (forged, or from an old or foreign app) is
        answered privately at once; discord.py would let it go unanswered."""
        try:
            await self.service.players.saw_locale(interaction.user.id, normalize_locale(interaction.locale))
        except Exception as exc:  # (the language is noted again at the next interaction)
            log.warning("the language of user %s was not noted: %s", interaction.user.id, exc)
        data = cast(dict[str, object], interaction.data or {})
        if interaction.type is not discord.InteractionType.component or any(
            item.pattern.fullmatch(str(data.get("custom_id", ""))) for item in DYNAMIC_ITEMS
        ):
            return
        await self.handlers.forged(interaction)

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

    async def check_reminders(self) -> None:
        """Looks at the reminders and clocks now; returns once those due by then are dealt with."""
        await self.reminders.check()

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
        tasks = [task for task in (self._reminder_loop, self._outbox, self._page_moves) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.handlers.drain()
        if self.web is not None:
            await self.web.stop()
        self.service.thinker.close()
        await super().close()
        await self.keeper.close()
        if not self.service.has_db:  # stopped before the database was opened
            return
        try:  # every board edit is done: the next start need not look for stray controls
            for shard in self.keeper.ids:
                await self.service.db.set_meta(clean_key(self.keeper.shards, shard), repr(time.time()))
        except Exception as exc:
            log.warning("could not note the clean stop: %s", exc)
