"""Discord shards across processes: which ones this process serves, its logins, and taking over.

A guild belongs to shard ``(guild_id >> 22) % MESA_SHARD_COUNT``; each process runs discord.py's
``AutoShardedClient`` on its part of the shards (``MESA_SHARDS``), and does the background work of
their games alone (``storage.Shards``). With ``MESA_SHARDS=auto`` (PostgreSQL) a process claims
shards through advisory locks held by a connection of its own: it counts the live processes (each
holds a member lock), takes its fair part of the free shards, and keeps looking, so that when a
process dies (the server drops its connection, and its locks with it) the others take its shards
over within ``CLAIM_EVERY`` seconds, connect them, and answer what the dead one left behind.

Logins: Discord lets ``max_concurrency`` shards identify per 5 seconds, in buckets of
``shard_id % max_concurrency``. ``before_identify`` holds the bucket for 5 seconds: in this process,
and, on PostgreSQL, across processes with an advisory lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from typing import TYPE_CHECKING, Protocol

import discord

from . import discord_internals
from .settings import Settings
from .storage import LOCK_IDENTIFY, LOCK_MEMBER, LOCK_SHARD, Database, DatabaseAway, DatabaseError, Session, Shards
from .storage.backends import SESSION_TIMEOUT

if TYPE_CHECKING:
    import yarl


class Sweeps(Protocol):
    """The handlers (``ui.handlers.Handlers``) as the keeper sees them: whose games they look after."""

    shards: Shards

    async def start_up(
        self, shards: Shards | None = None, since: float | None = None, lost: str = "board.click_lost"
    ) -> None: ...


class Moves(Protocol):
    """The game service (``service.games.GameService``) as the keeper sees it."""

    async def wait_idle(self) -> None: ...


class MesaBot(Protocol):
    """The bot as the keeper sees it (``app.MesaBot``: an ``AutoShardedBot`` with its handlers and service)."""

    shard_count: int
    shard_ids: list[int] | None

    @property
    def http(self) -> discord.http.HTTPClient: ...

    @property
    def handlers(self) -> Sweeps: ...

    @property
    def service(self) -> Moves: ...

    def is_closed(self) -> bool: ...

    def is_ready(self) -> bool: ...

    async def wait_until_ready(self) -> None: ...

    def get_shard(self, shard_id: int, /) -> discord.ShardInfo | None: ...

    async def launch_shard(self, gateway: yarl.URL, shard_id: int, *, initial: bool = False) -> None: ...

    async def close(self) -> None: ...


log = logging.getLogger(__name__)

IDENTIFY_WINDOW = 5.0  # seconds a login bucket stays taken (Discord's rule)
CLAIM_EVERY = 2.0  # seconds between two looks for free shards (MESA_SHARDS=auto), and at the lock connection
SETTLE = 1.0  # seconds a starting process waits for the others starting with it before it claims
# Seconds between two tries to reach the database for the lock connection: the first, and the longest.
RECONNECT_FIRST = 0.25
RECONNECT_MAX = 5.0
# Seconds a process waits between claiming a shard and serving it (MESA_SHARDS=auto): a process that lost
# its lock connection stops serving its shards within CLAIM_EVERY + SESSION_TIMEOUT (it looks at the
# connection that often, each look answered within SESSION_TIMEOUT, and it hears at once of a connection
# the server closed), so by then no other process serves the shard claimed.
FENCE_GRACE = CLAIM_EVERY + SESSION_TIMEOUT + 1.0


class ShardKeeper:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.auto = settings.auto_shards
        self.count = settings.shard_count or 1
        if settings.shard_ids is not None:
            self.ids = list(settings.shard_ids)
        else:
            self.ids = [] if self.auto else list(range(self.count))
        self.max_concurrency = 1
        self.session: Session | None = None
        # The connection holding our locks was lost: the shards may be another process's from then on, so this
        # one serves none until it has their locks again (``_fence``).
        self.fenced = False
        self.closing = False
        self._bot: MesaBot | None = None
        self._free_at: dict[int, float] = {}
        self._buckets: dict[int, asyncio.Lock] = {}
        self._claiming: asyncio.Task[None] | None = None
        self._unlocks: set[asyncio.Task[None]] = set()
        # Shards taken over whose dead owner's leftovers are still to be answered, each with when it was taken.
        self._unswept: list[tuple[tuple[int, ...], float]] = []

    @property
    def shards(self) -> Shards:
        return Shards(self.count, tuple(sorted(self.ids)))

    async def setup(self, bot: MesaBot, db: Database) -> None:
        """After login: Discord's login limits (and shard count), the lock connection, the first claim."""
        if not self.settings.sharded:
            return
        count, _, limits = await bot.http.get_bot_gateway()
        self.max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
        if self.auto and self.settings.shard_count is None:
            self.count = max(1, int(count))
        self._bot = bot
        if db.sql.shared:
            self.session = await self._open(db)
            if not self.auto:
                await self._lock_fixed(refuse=True)
        elif self.auto:
            raise DatabaseError(f"{db.name}: MESA_SHARDS=auto needs PostgreSQL in MESA_DATABASE")
        if self.auto:
            await self._join()
            if await self._claim():
                await asyncio.sleep(FENCE_GRACE)
        if db.sql.shared:
            self._claiming = asyncio.create_task(self._keep_claiming(bot, db), name="mesa-shards")
        bot.shard_count = self.count
        bot.shard_ids = sorted(self.ids)
        log.info("serving shards %s of %s", sorted(self.ids), self.count)

    # -- logins ----------------------------------------------------------------------
    async def before_identify(self, shard_id: int) -> None:
        """Waits until this shard's login bucket is free, here and in every process on the database."""
        bucket = shard_id % self.max_concurrency
        async with self._buckets.setdefault(bucket, asyncio.Lock()):
            wait = self._free_at.get(bucket, 0.0) - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            if self.session is not None and self.session.alive():
                try:
                    while not await self.session.try_lock(LOCK_IDENTIFY, bucket):
                        await asyncio.sleep(0.1)
                except DatabaseAway:  # a login Discord asks for now is not held back by the database's outage
                    log.info("shard %s logs in without the other processes' word: the database is away", shard_id)
                else:
                    task = asyncio.create_task(self._release_later(bucket))
                    self._unlocks.add(task)
                    task.add_done_callback(self._unlocks.discard)
            self._free_at[bucket] = time.monotonic() + IDENTIFY_WINDOW

    async def _release_later(self, bucket: int) -> None:
        await asyncio.sleep(IDENTIFY_WINDOW)
        if self.session is not None and self.session.alive():
            with contextlib.suppress(Exception):
                await self.session.unlock(LOCK_IDENTIFY, bucket)

    # -- MESA_SHARDS=auto ------------------------------------------------------------------
    async def _join(self) -> None:
        """Takes a member lock (one per live process), then waits for the processes starting too."""
        assert self.session is not None
        slot = 0
        while not await self.session.try_lock(LOCK_MEMBER, slot):
            slot += 1
        await asyncio.sleep(SETTLE)

    async def _claim(self) -> list[int]:
        """Claims free shards up to this process's fair part; returns the new ones."""
        assert self.session is not None
        members = max(1, len(await self.session.holders(LOCK_MEMBER)))
        fair = math.ceil(self.count / members)
        if len(self.ids) >= fair:
            return []
        held = set(await self.session.holders(LOCK_SHARD))
        new: list[int] = []
        for shard in range(self.count):
            if len(self.ids) + len(new) >= fair:
                break
            if shard not in held and shard not in self.ids and await self.session.try_lock(LOCK_SHARD, shard):
                new.append(shard)
        self.ids.extend(new)
        return new

    async def _open(self, db: Database) -> Session:
        """The lock connection, opened as soon as the database can be reached (waiting for it, with a wait
        that grows to ``RECONNECT_MAX``); it fences this process's shards the moment it is lost."""
        wait = RECONNECT_FIRST
        while True:
            try:
                session = await db.sql.session()
            except DatabaseAway:
                await asyncio.sleep(wait)
                wait = min(wait * 2, RECONNECT_MAX)
                continue
            session.on_lost(self._lost)
            return session

    def _lost(self) -> None:
        """The lock connection is closed (by the server, the network, or this process stopping)."""
        if not self.closing and self._bot is not None and not self.fenced:
            task = asyncio.get_running_loop().create_task(self._fence(self._bot))
            self._unlocks.add(task)
            task.add_done_callback(self._unlocks.discard)

    async def _fence(self, bot: MesaBot) -> None:
        """Stops serving every shard at once (their locks are gone with the connection, and another process
        may claim them as soon as the database is back): no background work for them, their gateway closed.
        The shards are served again once their locks are taken again (``_reclaim``)."""
        if self.fenced:
            return
        self.fenced = True
        lost = sorted(self.ids)
        log.warning("the database connection holding shards %s of %s is lost: they wait for it", lost, self.count)
        if self.auto:
            self.ids = []
        bot.handlers.shards = Shards(self.count, ())
        bot.shard_ids = sorted(self.ids)
        discord_internals.serve_shards(bot, bot.shard_ids)
        self._unswept = []
        if self.session is not None:
            session, self.session = self.session, None
            await session.close()
        for shard in lost:
            running = bot.get_shard(shard)
            if running is not None:
                await running.disconnect()

    async def _reclaim(self, bot: MesaBot, db: Database) -> None:
        """After the lock connection was lost: opens it again (waiting for the database), then takes the shards
        again: a fixed list's own (once no other process holds them), or its fair part (MESA_SHARDS=auto)."""
        self.session = await self._open(db)
        if self.auto:
            await self._join()
            self.fenced = False
            return
        if not await self._lock_fixed(refuse=False):
            session, self.session = self.session, None
            await session.close()
            return
        self.fenced = False
        await self._take_over(bot, sorted(self.ids))

    async def _lock_fixed(self, *, refuse: bool) -> bool:
        """Takes the lock of each shard of a fixed list (MESA_SHARDS=0-3): a shard another process serves
        already is refused at start (``refuse``: two processes would answer every interaction of it), and
        after a lost connection, waited for."""
        assert self.session is not None
        taken = [shard for shard in sorted(self.ids) if not await self.session.try_lock(LOCK_SHARD, shard)]
        if not taken:
            return True
        for shard in sorted(set(self.ids) - set(taken)):
            await self.session.unlock(LOCK_SHARD, shard)
        if refuse:
            raise DatabaseError(
                f"shards {taken} of {self.count} are served by another process already: give each process "
                "shards of its own in MESA_SHARDS (or MESA_SHARDS=auto to every process)"
            )
        log.warning("shards %s of %s are served by another process: this one waits for them", taken, self.count)
        return False

    async def _keep_claiming(self, bot: MesaBot, db: Database) -> None:
        while not bot.is_closed():
            await asyncio.sleep(CLAIM_EVERY)
            try:
                if self.session is None or not self.session.alive():
                    await self._fence(bot)
                    await self._reclaim(bot, db)
                    if self.fenced:
                        continue
                assert self.session is not None
                if not self.auto:  # a look at the connection: one that no longer answers is lost
                    await self.session.holders(LOCK_SHARD)
                    await self._sweep(bot)
                    continue
                extra = await self._excess()
                if extra:
                    await self._hand_back(bot, extra)
                new = await self._claim()
                if new:
                    await asyncio.sleep(FENCE_GRACE)  # whoever held them has stopped serving them by now
                    await self._take_over(bot, new)
                await self._sweep(bot)
            except DatabaseAway:  # the connection is lost (or answers no more): fenced at the next look
                if self.session is not None and self.session.alive():
                    session, self.session = self.session, None
                    await self._fence(bot)
                    await session.close()
            except Exception as exc:  # one line: look again next time
                log.warning("claiming shards: %s: %s", type(exc).__name__, exc)

    async def _excess(self) -> list[int]:
        """The shards beyond this process's fair part, now that more processes share them."""
        assert self.session is not None
        members = max(1, len(await self.session.holders(LOCK_MEMBER)))
        fair = math.ceil(self.count / members)
        return sorted(self.ids)[fair:]

    async def _hand_back(self, bot: MesaBot, extra: list[int]) -> None:
        """Lets shards go to a process that joined: disconnect them, finish the moves under way, unlock."""
        assert self.session is not None
        log.warning("handing shards %s of %s over to another process", extra, self.count)
        for shard in extra:
            self.ids.remove(shard)
        self._unswept = [  # (what is left behind in those is the next owner's to answer)
            (kept, since) for shards, since in self._unswept if (kept := tuple(s for s in shards if s in self.ids))
        ]
        bot.shard_ids = sorted(self.ids)
        discord_internals.serve_shards(bot, bot.shard_ids)
        bot.handlers.shards = self.shards
        for shard in extra:
            # discord.py's ShardInfo closes one shard's connection and cancels its reading task (no more
            # events, no reconnecting); the client keeps the closed shard listed (bot.shards, latencies:
            # Mesa reads neither) until launch_shard connects it again. Its disconnect() does nothing to
            # a shard already closed, whose task may be about to reconnect it: connect() first cancels
            # that task and connects it (one more login, in that rare case), and disconnect() ends it.
            running = bot.get_shard(shard)
            if running is not None:
                await running.connect()
                await running.disconnect()
        await bot.service.wait_idle()  # its clicks played and forgotten before the new owner looks
        for shard in extra:
            await self.session.unlock(LOCK_SHARD, shard)

    async def _take_over(self, bot: MesaBot, new: list[int]) -> None:
        """Connects shards freed by a process that stopped or died; what it left behind is answered next
        (``_sweep``)."""
        log.warning("taking over shards %s of %s", new, self.count)
        since = time.time()
        was_ready = bot.is_ready()
        bot.shard_ids = sorted(self.ids)
        discord_internals.serve_shards(bot, bot.shard_ids)
        bot.handlers.shards = self.shards
        if was_ready:  # else the start-up sweep, once ready, covers them
            self._unswept.append((tuple(new), since))
        for shard in new:
            await bot.launch_shard(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, shard)

    async def _sweep(self, bot: MesaBot) -> None:
        """Answers what a dead process left behind in the shards taken over from it (the clicks it lost, the
        boards it did not post); a sweep that failed (the database away for a moment) is made again at the
        next look, and nothing stops the looks."""
        while self._unswept:
            shards, since = self._unswept[0]
            await bot.wait_until_ready()
            await bot.handlers.start_up(Shards(self.count, shards), since, "board.click_lost_takeover")
            self._unswept.pop(0)

    async def close(self) -> None:
        """Lets the shards go (a clean stop): the other processes may take them at once."""
        self.closing = True
        if self._claiming is not None:
            self._claiming.cancel()
            with contextlib.suppress(BaseException):
                await self._claiming
        for task in list(self._unlocks):
            task.cancel()
        if self.session is not None:
            await self.session.close()
            self.session = None
