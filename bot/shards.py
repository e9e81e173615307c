"""Discord shards across processes: which ones this process serves, its logins, and taking over.

A guild belongs to shard ``(guild_id >> 22) % MESA_SHARD_COUNT``; each process runs discord.py's
``AutoShardedClient`` on its part of the shards (``MESA_SHARDS``), and does the background work of
their games alone (``storage.Shards``). With ``MESA_SHARDS=auto`` (PostgreSQL) a process claims
shards through advisory locks held by a connection of its own: it counts the live processes (each
holds a member lock), takes its fair part of the free shards, and keeps looking, so that when a
process dies (the server drops its connection, and its locks with it) the others take its shards
over within ``CLAIM_EVERY`` seconds, connect them after ``FENCE_GRACE``, and answer what the dead one
left behind.

When its lock connection is lost (PostgreSQL restarts, the network drops it) a process fences its
shards at once: it stops serving them, and keeps their gateways open for ``KEEP`` seconds, telling
a click there that it did not count. It reconnects, takes back the shards it had, and serves those
whose gateway is still open at once, with no new login; the others are logged in again.

Logins: Discord lets ``max_concurrency`` shards identify per 5 seconds, in buckets of
``shard_id % max_concurrency``. ``before_identify`` holds the bucket for 5 seconds: in this process,
and, on PostgreSQL, across processes with an advisory lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import os
import secrets
import time
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Protocol

import discord

from . import discord_internals
from .settings import Settings
from .storage import LOCK_IDENTIFY, LOCK_MEMBER, LOCK_SHARD, Database, DatabaseAway, DatabaseError, Session, Shards

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
CLAIM_EVERY = 2.0  # seconds between two looks for free shards (MESA_SHARDS=auto)
SETTLE = 1.0  # seconds a starting process waits for the others starting with it before it claims
# Seconds between two tries to reach the database for the lock connection: the first, and the longest (a
# refused connection is cheap, and a process waiting for its shards should have them back at once).
RECONNECT_FIRST = 0.1
RECONNECT_MAX = 0.5
# The lock connection is looked at every LOOK_EVERY seconds, and taken for lost (its shards fenced) as soon as
# no statement sent on it in the last NOTICE seconds has been answered (``_watch``): the server answered it,
# so the connection, and its locks, were alive when it was sent. A connection the server closes is heard of at
# once. So a process stops serving its shards within NOTICE seconds of the last moment its locks were surely
# held, and another process can take a lock only after that moment.
LOOK_EVERY = 0.5
NOTICE = 1.5
# Seconds a fenced shard's gateway stays open (counted, like NOTICE, from the last answered look): meanwhile
# the process does no work for it (a click on it is told it did not count, without the database: ``serves``),
# and if it gets the shard's lock back in time it serves it again at once, with no new login (``_retake``).
# No other process can have served it in between: it would have waited FENCE_GRACE after taking the lock,
# which outlasts this gateway. Past KEEP the gateway is closed.
KEEP = 4.0
# Seconds a process waits between claiming a shard (its lock taken, and its claim noted in the database) and
# serving it: whoever held the lock before has noticed that it lost it (NOTICE), and closed the gateway it
# kept (KEEP), by then. The rest is a margin for an event loop slowed by a busy machine, and for closing the
# gateway. A process that takes back a shard whose last claim is still its own (``_reclaim``) need not wait:
# no other process claimed it since, so none served it (one that took its lock and lost it again before
# noting its claim notices that loss, as above, before its own wait is over).
FENCE_GRACE = NOTICE + KEEP + 1.5


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
        # The shards served when the lock connection was lost, to be taken back first (``_retake``); and those of
        # them whose gateway is kept open meanwhile, until (loop time) it is closed (``KEEP``).
        self._held: list[int] = []
        self._kept: dict[int, float] = {}
        self._heard = 0.0  # (loop time) when the last look at the lock connection that was answered was sent
        self._woken = asyncio.Event()  # set when fenced: the claiming loop takes the shards back at once
        self._db: Database | None = None
        # What this process notes in the database as a shard's last claim (``_note_claims``).
        self.claimant = f"{os.getpid()} {secrets.token_hex(8)}"
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

    def serves(self, guild_id: int | None) -> bool:
        """Whether an interaction from this server may be answered here: not while the process is fenced, nor
        on a fenced shard whose gateway is kept open (``KEEP``), since another process may take it over."""
        if not self.settings.sharded:
            return True
        return not self.fenced and Shards(self.count, ()).of(guild_id) not in self._kept

    async def setup(self, bot: MesaBot, db: Database) -> None:
        """After login: Discord's login limits (and shard count), the lock connection, the first claim."""
        if not self.settings.sharded:
            return
        count, _, limits = await bot.http.get_bot_gateway()
        self.max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
        if self.auto and self.settings.shard_count is None:
            self.count = max(1, int(count))
        self._bot = bot
        self._db = db
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
    async def _join(self, *, settle: bool = True) -> None:
        """Takes a member lock (one per live process), then waits for the processes starting too (``settle``)."""
        assert self.session is not None
        slot = 0
        while not await self.session.try_lock(LOCK_MEMBER, slot):
            slot += 1
        if settle:
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
        await self._note_claims(new)
        return new

    def _claim_key(self, shard: int) -> str:
        return f"shard-claimed.{shard}of{self.count}"

    async def _note_claims(self, shards: list[int]) -> None:
        """Notes in the database that this process claimed the shards (their locks held); should that fail,
        lets them go. FENCE_GRACE is waited from then on."""
        assert self._db is not None and self.session is not None
        try:
            for shard in shards:
                await self._db.set_meta(self._claim_key(shard), self.claimant)
        except BaseException:
            for shard in shards:
                self.ids.remove(shard)
            with contextlib.suppress(Exception):
                for shard in shards:
                    await self.session.unlock(LOCK_SHARD, shard)
            raise

    async def _still_ours(self, shards: list[int]) -> list[int]:
        """Those of the shards whose last claim noted is this process's own."""
        assert self._db is not None
        return [shard for shard in shards if await self._db.get_meta(self._claim_key(shard)) == self.claimant]

    async def _open(self, db: Database) -> Session:
        """The lock connection, opened as soon as the database can be reached (trying again every
        ``RECONNECT_MAX`` seconds at most); it fences this process's shards the moment it is lost, or as soon as
        it stops answering (``_watch``)."""
        wait = RECONNECT_FIRST
        while True:
            sent = asyncio.get_running_loop().time()
            try:
                session = await db.sql.session()
            except DatabaseAway:
                await asyncio.sleep(wait)
                wait = min(wait * 2, RECONNECT_MAX)
                continue
            self._heard = sent  # (the connection, made after this, was alive then)
            session.on_lost(functools.partial(self._lost, session))
            task = asyncio.create_task(self._watch(session), name="mesa-shard-locks")
            self._unlocks.add(task)
            task.add_done_callback(self._unlocks.discard)
            return session

    async def _watch(self, session: Session) -> None:
        """Looks at the lock connection every ``LOOK_EVERY`` seconds; one whose looks have gone unanswered for
        ``NOTICE`` seconds since the last answered one was sent is lost (a network that drops it silently, a
        server that no longer answers)."""
        loop = asyncio.get_running_loop()
        while self.session is session and session.alive():
            await asyncio.sleep(LOOK_EVERY)
            sent = loop.time()
            try:
                async with asyncio.timeout_at(self._heard + NOTICE):
                    await session.holders(LOCK_MEMBER)
            except Exception:  # (a timeout, or the connection gone): lost
                self._lost(session)
                return
            if self.session is session:
                self._heard = sent

    def _lost(self, session: Session) -> None:
        """The lock connection is closed (by the server, the network, or this process stopping), or answers no
        more."""
        if not self.closing and self._bot is not None and not self.fenced and self.session is session:
            self._fence(self._bot)

    def _fence(self, bot: MesaBot) -> None:
        """Stops serving every shard at once (their locks are gone with the connection, and another process
        may claim them as soon as it can reach the database): no background work for them, no click answered
        but to say it did not count. Their gateways stay open until ``KEEP`` seconds after the last answered
        look, for this process to serve them again with no new login if it gets their locks back by then
        (``_reclaim``); then they are closed."""
        if self.fenced:
            return
        self.fenced = True
        log.warning("the database connection holding shards %s of %s is lost: they wait for it", self.ids, self.count)
        closing_at = self._heard + NOTICE + KEEP
        # The shards served (a shard claimed and not served yet is let go: claimed again later, and waited for)
        served = [shard for shard in self.ids if shard in (bot.shard_ids or ())]
        for shard in served:  # (those still to take back after an earlier loss keep their earlier time)
            self._kept[shard] = closing_at
        self._held = sorted(set(self._held) | set(served))
        if self.auto:
            self.ids = []
        self._woken.set()
        bot.handlers.shards = Shards(self.count, ())
        bot.shard_ids = sorted(self.ids)
        discord_internals.serve_shards(bot, bot.shard_ids)
        self._unswept = []
        session, self.session = self.session, None
        self._later(self._let_kept_go(bot, closing_at))
        if session is not None:
            self._later(session.close())

    def _later(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._unlocks.add(task)
        task.add_done_callback(self._unlocks.discard)

    async def _let_kept_go(self, bot: MesaBot, closing_at: float) -> None:
        """Closes the gateways of the fenced shards not taken back by ``closing_at``."""
        await asyncio.sleep(max(0.0, closing_at - asyncio.get_running_loop().time()))
        gone = sorted(shard for shard, at in self._kept.items() if at == closing_at)
        for shard in gone:
            del self._kept[shard]
        for shard in gone:
            await self._disconnect(bot, shard)

    @staticmethod
    async def _disconnect(bot: MesaBot, shard: int) -> None:
        # discord.py's ShardInfo closes one shard's connection and cancels its reading task (no more events, no
        # reconnecting); the client keeps the closed shard listed (bot.shards, latencies: Mesa reads neither)
        # until launch_shard connects it again.
        running = bot.get_shard(shard)
        if running is not None:
            await running.disconnect()

    async def _reclaim(self, bot: MesaBot, db: Database) -> None:
        """After the lock connection was lost: opens it again (waiting for the database), then takes back the
        shards it had: a fixed list's once no other process holds them; with MESA_SHARDS=auto each one that is
        free (``_retake``), the others' claimed at the next looks."""
        if self.session is not None:  # (opened at the last try, which the database's going away again cut short)
            session, self.session = self.session, None
            await session.close()
        self.session = await self._open(db)
        if self.auto:
            await self._join(settle=False)
            self.fenced = False  # (a loss from now on fences again; the shards not taken back yet stay fenced)
            self._woken.clear()
            relaunched = await self._retake(bot)
        elif await self._retake_fixed():
            self.fenced = False
            self._woken.clear()
            back, self._held = self._held, []
            kept = [shard for shard in back if self._kept.pop(shard, None) is not None]
            if kept:
                log.warning("serving shards %s of %s again", kept, self.count)
                self._serve(bot, kept)
            relaunched = [shard for shard in back if shard not in kept]
        else:
            session, self.session = self.session, None
            await session.close()
            return
        with contextlib.suppress(DatabaseAway):  # (what the outage left in the shards served again; else later)
            await self._sweep(bot)
        if not relaunched or self.fenced:  # (lost again meanwhile: their locks with it)
            return
        ours = await self._still_ours(relaunched) if self.auto else relaunched
        if ours:  # no other process claimed them since this one did (a fixed list is this process's alone)
            self.ids = sorted(set(self.ids) | set(ours))
            await self._take_over(bot, ours)
        others = [shard for shard in relaunched if shard not in ours]
        if others:
            self.ids.extend(others)
            await self._note_claims(others)
            await self._pause(FENCE_GRACE)  # whoever held them meanwhile has stopped serving them by now
            if not self.fenced:
                await self._take_over(bot, others)

    async def _retake(self, bot: MesaBot) -> list[int]:
        """Takes back the shards this process served (MESA_SHARDS=auto): each one whose gateway is kept as soon
        as its lock is free (the old connection may hold it for a moment on its way out), until that gateway is
        closed, and serves it again at once; the others if free now, their locks held, to be launched again
        (returned)."""
        assert self.session is not None
        loop = asyncio.get_running_loop()
        relaunched: list[int] = []
        while self._held and not self.fenced:
            for shard in list(self._held):
                if await self.session.try_lock(LOCK_SHARD, shard):
                    self._held.remove(shard)
                    if self._kept.pop(shard, None) is not None:  # (discord.py reconnects it, if it dropped)
                        log.warning("serving shard %s of %s again", shard, self.count)
                        self.ids.append(shard)
                        self._serve(bot, [shard])
                    else:
                        relaunched.append(shard)
                elif self._kept.get(shard, 0.0) <= loop.time():
                    self._held.remove(shard)  # another process's now (or its gateway closed: claimed at a next look)
            if self._held:
                await asyncio.sleep(0.1)
        return relaunched

    async def _retake_fixed(self) -> bool:
        """A fixed list's locks, taken back all together; tried again while its gateways are kept."""
        loop = asyncio.get_running_loop()
        while not await self._lock_fixed(refuse=False):
            if not any(at > loop.time() for at in self._kept.values()):
                return False
            await asyncio.sleep(0.1)
        return True

    def _serve(self, bot: MesaBot, shards: list[int]) -> None:
        """Serves again shards whose gateway stayed open while they were fenced; what was left behind in them
        meanwhile (the clicks the outage lost, the boards to post) is answered next (``_sweep``)."""
        bot.shard_ids = sorted(self.ids)
        discord_internals.serve_shards(bot, bot.shard_ids)
        bot.handlers.shards = self.shards
        self._unswept.append((tuple(shards), time.time()))

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
        if not any(self._kept.values()):
            log.warning("shards %s of %s are served by another process: this one waits for them", taken, self.count)
        return False

    async def _keep_claiming(self, bot: MesaBot, db: Database) -> None:
        while not bot.is_closed():
            try:
                if self.session is None or not self.session.alive() or self.fenced:
                    # (at once: the connection was just lost, or this is the next try of a fixed list)
                    self._fence(bot)
                    await self._reclaim(bot, db)
                    if self.fenced:  # (a fixed list another process holds: tried again later)
                        await asyncio.sleep(CLAIM_EVERY)
                        continue
                    await self._sweep(bot)
                    await self._pause(CLAIM_EVERY)  # (the others take their own shards back meanwhile)
                    continue
                await self._pause(CLAIM_EVERY)
                if self.fenced or self.session is None:
                    continue
                if not self.auto:
                    await self._sweep(bot)
                    continue
                extra = await self._excess()
                if extra:
                    await self._hand_back(bot, extra)
                new = await self._claim()
                if new:
                    await self._pause(FENCE_GRACE)  # whoever held them has stopped serving them by now
                    if self.fenced:  # (lost meanwhile: they are taken back, or not, with the others)
                        continue
                    await self._take_over(bot, new)
                await self._sweep(bot)
            except DatabaseAway:  # the connection is lost, or answers no more: fenced by now, or at once
                if self.fenced:  # (away again while the shards were taken back: tried again in a moment)
                    await asyncio.sleep(RECONNECT_MAX)
                elif self.session is not None:
                    self._lost(self.session)
            except Exception as exc:  # one line: look again next time
                log.warning("claiming shards: %s: %s", type(exc).__name__, exc)
                await (asyncio.sleep(CLAIM_EVERY) if self.fenced else self._pause(CLAIM_EVERY))

    async def _pause(self, seconds: float) -> None:
        """Waits ``seconds``, or less if the lock connection is lost meanwhile."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self._woken.wait()

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
