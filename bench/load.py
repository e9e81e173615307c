"""Many games at once through the real bot: open-loop Poisson clicks, latency, errors and memory.

The fake Discord and the simulated players run here; the bot runs in a process of its own
(``bench.botproc``) with its own SQLite file, so the figures are the bot's; or, with ``database``
(a PostgreSQL URL) and ``processes``, in that many processes on that database, each serving its
shard, the games spread over as many servers (one per shard).  Clicks arrive as a Poisson
process at ``rate`` a second whatever the bot's speed (open loop); each goes to a game waiting for a
move (two humans and AI seats, the four games in turn), and its latency runs from its planned arrival
to the new board stored by the fake, so a late bot cannot hide its backlog.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import math
import os
import random
import signal
import socket
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.storage import Database, is_postgres
from fakediscord import FakeDiscord, FakeInteraction, FakeMessage
from fakediscord.botkit import action_ids, board_messages, controls, lobby_id, mentioned, start_lobby
from fakediscord.fixtures import CHANNEL_ID, GUILD_ID, build_world
from rules import GAMES

from .against import environment
from .page_clicks import PagePlayers, page_token, sign_in_environment

TIMEOUT = 15.0  # a click whose board has not come by then is an error
SETTLED = 0.25  # seconds without a request to the fake Discord: the bot has gone quiet before a phase


def probe() -> None:
    """Raises unless the bot on the path has what this benchmark reads of it (``bench.against.drives``): the
    storage's ``Database`` with its statements' ``sql`` and their count, the storage's ``empty``, and what
    ``bench.botproc`` starts."""
    from bot.app import MesaBot  # noqa: F401  (bench.botproc starts it)
    from bot.settings import Settings
    from bot.storage.copy import empty  # noqa: F401

    async def database() -> None:
        with tempfile.TemporaryDirectory(prefix="mesa-probe-") as folder:
            db = await Database.open(str(Path(folder, "probe.sqlite3")))
            try:
                await db.sql.fetchval("SELECT COUNT(*) FROM games")
                int(db.sql.trips)
            finally:
                await db.close()

    Settings.from_env()
    asyncio.run(database())


def _first_past(seen: list[tuple[int, float, float]], version: int) -> tuple[float, float] | None:
    """When a page was first sent a position past ``version``, and when it had its picture (``seen``: the
    versions it was sent, in order)."""
    first = None
    for sent, event_at, picture_at in reversed(seen):
        if sent <= version:
            break
        first = (event_at, picture_at)
    return first


@dataclass
class Follow:
    """A move's wait for every page of its game to be sent a later position."""

    version: int
    # Each page that was (by its ``seen``): when it was first sent a position past ``version``, and when it had
    # its picture then.
    firsts: dict[int, tuple[float, float]]
    done: asyncio.Future[bool]  # True once every page was; False if the game was replaced first


@dataclass
class Slot:
    index: int
    game: str
    channel: int = CHANNEL_ID
    thread: int = 0
    boards: int = 0
    busy: bool = True
    game_id: int = 0
    watched: bool = False
    audience: int = 0  # the spectators of this slot's game
    # Each spectator's page of this slot's game: the versions it was sent, in order, each with when its
    # event arrived and when its picture was there (perf_counter).
    seen: list[list[tuple[int, float, float]]] = field(default_factory=list)
    moved: asyncio.Condition = field(default_factory=asyncio.Condition)  # (notified when the game is replaced)
    follows: list[Follow] = field(default_factory=list)  # the moves waiting for the pages

    def sent(self, seen: list[tuple[int, float, float]], version: int, event_at: float, picture_at: float) -> None:
        """A page of this game (by its ``seen``) was sent a position: the moves before it that waited for that
        page have it (a page's positions come in order: its first past a move is the first it is sent)."""
        seen.append((version, event_at, picture_at))
        for follow in list(self.follows):
            if version > follow.version and id(seen) not in follow.firsts:
                follow.firsts[id(seen)] = (event_at, picture_at)
                self._complete(follow)

    def follow(self, version: int) -> Follow:
        """Waits for every page of this game to be sent a position past ``version``."""
        firsts = {id(seen): first for seen in self.seen if (first := _first_past(seen, version)) is not None}
        follow = Follow(version, firsts, asyncio.get_running_loop().create_future())
        self.follows.append(follow)
        self._complete(follow)
        return follow

    def _complete(self, follow: Follow) -> None:
        if len(follow.firsts) >= self.audience and not follow.done.done():
            self.follows.remove(follow)
            follow.done.set_result(True)

    def replaced(self) -> None:
        """The game ended and another took its place (or its pages closed): its pages moved on."""
        self.seen = []
        for follow in self.follows:
            if not follow.done.done():
                follow.done.set_result(False)
        self.follows = []


@dataclass
class Phase:
    rate: float
    seconds: float
    click_ms: list[float] = field(default_factory=list)
    ack_ms: list[float] = field(default_factory=list)
    page_click_ms: list[float] = field(default_factory=list)  # a click on a game's page → the new board
    page_ms: list[float] = field(default_factory=list)  # click → the new position's event on a spectator's page
    picture_ms: list[float] = field(default_factory=list)  # click → its picture at that page (in the event, or fetched)
    spectators: int = 0
    errors: list[str] = field(default_factory=list)
    started: float = 0.0
    ended: float = 0.0
    bot_cpu: float = 0.0
    workers_cpu: float = 0.0  # the part of ``bot_cpu`` the bot's worker processes used (its pictures, mostly)
    our_cpu: float = 0.0  # this process's: the fake Discord and the players
    pages_cpu: float = 0.0  # the spectators' browsers' (their process's)
    db_cpu: float = math.nan
    trips: int = 0
    gc_ms: float = 0.0  # the bot's garbage collections, in all
    gc_longest_ms: float = 0.0  # and the longest of them
    machine: tuple[int, int, int] = (0, 0, 0)  # the machine's CPU ticks in the phase: all, busy, stolen
    follows: list[asyncio.Task] = field(default_factory=list)

    def absorb(self, other: Phase) -> None:
        """Adds another run of the same phase (the same rate, with or without spectators)."""
        for name in ("click_ms", "ack_ms", "page_click_ms", "page_ms", "picture_ms", "errors"):
            getattr(self, name).extend(getattr(other, name))
        self.seconds += other.seconds
        self.ended += other.ended - other.started
        self.bot_cpu += other.bot_cpu
        self.workers_cpu += other.workers_cpu
        (all_, busy, stolen), (all_2, busy2, stolen2) = self.machine, other.machine
        self.machine = (all_ + all_2, busy + busy2, stolen + stolen2)
        self.our_cpu += other.our_cpu
        self.pages_cpu += other.pages_cpu
        self.trips += other.trips
        self.gc_ms += other.gc_ms
        self.gc_longest_ms = max(self.gc_longest_ms, other.gc_longest_ms)
        self.db_cpu = other.db_cpu if math.isnan(self.db_cpu) else self.db_cpu + other.db_cpu

    def raw(self) -> dict:
        """What ``merged`` needs to add this phase to runs of the same phase in other bot processes."""
        return {name: getattr(self, name) for name in RAW}

    @classmethod
    def from_raw(cls, raw: dict) -> Phase:
        # (a figure an older tree did not keep: 0; the lists copied, as ``absorb`` adds to them)
        return cls(
            **{name: list(raw[name]) if isinstance(raw[name], list) else raw[name] for name in RAW if name in raw}
        )

    def figures(self) -> dict[str, float | int | str]:
        """The phase's figures: ``clicks`` and their percentiles are Discord's clicks, ``page_click_*`` the pages'
        (``--page-clicks``); the rate achieved and the costs per click count both."""
        clicks, acks = sorted(self.click_ms), sorted(self.ack_ms)
        every = len(clicks) + len(self.page_click_ms)
        return {
            "rate": self.rate,
            "seconds": self.seconds,
            "clicks": len(clicks),
            "achieved": every / max(1e-9, self.ended - self.started),
            "p50": _pct(clicks, 0.50),
            "p95": _pct(clicks, 0.95),
            "p99": _pct(clicks, 0.99),
            "ack_p50": _pct(acks, 0.50),
            "ack_p99": _pct(acks, 0.99),
            "page_clicks": len(self.page_click_ms),
            "page_click_p50": _pct(sorted(self.page_click_ms), 0.50),
            "page_click_p95": _pct(sorted(self.page_click_ms), 0.95),
            "spectators": self.spectators,
            "page_updates": len(self.page_ms),
            "page_p50": _pct(sorted(self.page_ms), 0.50),
            "page_p95": _pct(sorted(self.page_ms), 0.95),
            "picture_p50": _pct(sorted(self.picture_ms), 0.50),
            "picture_p95": _pct(sorted(self.picture_ms), 0.95),
            "errors": len(self.errors),
            "first_error": self.errors[0] if self.errors else "",
            "bot_cpu_ms": self.bot_cpu * 1000 / max(1, every),
            "fake_cpu_ms": self.our_cpu * 1000 / max(1, every),
            "pages_cpu_ms": self.pages_cpu * 1000 / max(1, every),
            "db_cpu_ms": self.db_cpu * 1000 / max(1, every),
            "trips": self.trips / max(1, every),
            "gc_ms": self.gc_ms / max(1, every),
            "gc_longest_ms": self.gc_longest_ms,
            "workers_cpu_ms": self.workers_cpu * 1000 / max(1, every),
            "machine_busy": self.machine[1] / self.machine[0] if self.machine[0] else math.nan,
            "machine_steal": self.machine[2] / self.machine[0] if self.machine[0] else math.nan,
        }


RAW = (
    "rate", "seconds", "click_ms", "ack_ms", "page_click_ms", "page_ms", "picture_ms", "spectators", "errors", "started", "ended",
    "bot_cpu", "our_cpu", "pages_cpu", "db_cpu", "trips", "gc_ms", "gc_longest_ms", "workers_cpu", "machine",
)  # fmt: skip


def merged(results: list[dict]) -> dict:
    """Runs of the same load (each with bot processes and games of its own) as one: each rate's clicks
    together (the percentiles of them all), the CPU and round trips per click over them all."""
    out = {**results[0], "phases": [], "raw": []}
    for index in range(len(results[0]["raw"])):
        phase = Phase.from_raw(results[0]["raw"][index])
        for result in results[1:]:
            phase.absorb(Phase.from_raw(result["raw"][index]))
        rss = max(result["phases"][index]["rss_mb"] for result in results)
        out["phases"].append({**phase.figures(), "rss_mb": rss})
        out["raw"].append(phase.raw())
    for key in ("bot_errors", "moves"):
        out[key] = sum(result[key] for result in results)
    out["first_bot_error"] = next((r["first_bot_error"] for r in results if r["first_bot_error"]), "")
    out["rss_start_mb"] = min(result["rss_start_mb"] for result in results)
    out["rss_peak_mb"] = max(result["rss_peak_mb"] for result in results)
    return out


def _pct(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def family(pid: int) -> list[int]:
    """A process and its descendants (the bot and its picture workers), whichever of its threads started
    them (Linux lists a child under the thread that forked it)."""
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        with contextlib.suppress(OSError):
            for thread in os.listdir(f"/proc/{current}/task"):
                with contextlib.suppress(OSError), open(f"/proc/{current}/task/{thread}/children") as children:
                    todo += [int(c) for c in children.read().split()]
    return out


def rss_mb(pid: int) -> tuple[float, float]:
    """(current, peak) resident memory of a process and its descendants, in MB (Linux /proc): the peak
    is the sum of each one's own peak."""
    rss = peak = 0.0
    for member in family(pid):
        with contextlib.suppress(OSError), open(f"/proc/{member}/status") as status:
            for line in status:
                key, _, rest = line.partition(":")
                if key == "VmRSS":
                    rss += int(rest.split()[0]) / 1024
                elif key == "VmHWM":
                    peak += int(rest.split()[0]) / 1024
    return rss, peak


def cpu_seconds(pid: int, descendants: bool = True) -> float:
    """User and system CPU time a process and its live descendants (or it alone) used so far (Linux /proc)."""
    import os

    total = 0.0
    for member in family(pid) if descendants else [pid]:
        with contextlib.suppress(OSError), open(f"/proc/{member}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
            total += sum(int(v) for v in fields[11:13]) / os.sysconf("SC_CLK_TCK")
    return total


def machine_ticks() -> tuple[int, int, int]:
    """The machine's CPU time so far, in ticks of all its CPUs (Linux /proc/stat): in all, busy (neither idle
    nor waiting on a disk; time the hypervisor took counts as busy: no process here could use it), and
    taken by the hypervisor (steal)."""
    with open("/proc/stat") as stat:
        fields = [int(v) for v in stat.readline().split()[1:9]]  # user nice system idle iowait irq softirq steal
    return sum(fields), sum(fields) - fields[3] - fields[4], fields[7]


def channel_of(shard: int) -> int:
    return CHANNEL_ID if shard == 0 else CHANNEL_ID + 10 + shard


def board_version(board: FakeMessage) -> tuple[int, int]:
    """(game id, version) from a board's controls (``<prefix>:<game>:<version>:<action>``)."""
    _, game_id, version, _ = board.custom_ids()[0].split(":", 3)
    return int(game_id), int(version)


def free_port() -> int:
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def over(values: list[float], bases: list[float]) -> list[float]:
    """Each round's figure over the same round's base (a round whose base is 0 is left out)."""
    return [value / base for value, base in zip(values, bases, strict=True) if base > 0]


def p95_over(rounds: list[dict], bases: list[dict], index: int) -> list[float]:
    """Round by round, the p95 click→board at the ``index``-th rate of ``rounds`` over that of ``bases``
    (``run``'s results, one a round)."""
    return over([r["phases"][index]["p95"] for r in rounds], [b["phases"][index]["p95"] for b in bases])


def p95_interval(
    rounds: list[dict], bases: list[dict], index: int, draws: int = 2000, seed: int = 0
) -> tuple[float, float]:
    """How far the merged p95 click→board of ``rounds`` over that of ``bases`` (at the ``index``-th rate) moves
    with the rounds a run happens to get: the 2.5th and 97.5th percentiles of that ratio over ``draws``
    resamples of the rounds (with replacement, each round's two settings drawn together: they took turns
    on the same machine)."""
    pairs = [(r["raw"][index]["click_ms"], b["raw"][index]["click_ms"]) for r, b in zip(rounds, bases, strict=True)]
    if len(pairs) < 2:
        return math.nan, math.nan
    rng = random.Random(f"p95 interval {seed}")
    ratios = []
    for _ in range(draws):
        chosen = [pairs[rng.randrange(len(pairs))] for _ in pairs]
        top = _pct(sorted(v for value, _ in chosen for v in value), 0.95)
        base = _pct(sorted(v for _, value in chosen for v in value), 0.95)
        if base > 0:
            ratios.append(top / base)
    ratios.sort()
    return _pct(ratios, 0.025), _pct(ratios, 0.975)


# The share of the machine's CPU time the host (the hypervisor) may take in a phase for it to count as undisturbed.
STOLEN = 0.01


def undisturbed(parts: dict[str, list[dict]], index: int) -> list[int]:
    """The rounds of ``interleaved``'s settings (``parts``) in which the host took at most ``STOLEN`` of the
    machine's CPU in the phase of every setting at the ``index``-th rate: in the others, what the host took
    shows in the clicks of whichever setting had its turn then, a second's stall in one setting's phase."""
    turns = zip(*parts.values(), strict=True)
    return [
        n
        for n, round_ in enumerate(turns)
        if not any(setting["phases"][index].get("machine_steal", 0.0) > STOLEN for setting in round_)
    ]


def p95_of(rounds: list[dict], index: int, chosen: list[int]) -> float:
    """The p95 click→board of the ``chosen`` rounds' clicks together, at the ``index``-th rate."""
    clicks = sorted(v for n in chosen for v in rounds[n]["raw"][index]["click_ms"])
    return _pct(clicks, 0.95) if clicks else math.nan


def arrivals(seed: int, schedule: int, rate: float, seconds: float) -> list[float]:
    """When the clicks of a phase come, in seconds from its start: a Poisson process at ``rate`` (its bursts
    included), the same for the same ``seed`` and ``schedule``."""
    rng = random.Random(f"arrivals {seed} {schedule} {rate}")
    times, due = [], rng.expovariate(rate)
    while due < seconds:
        times.append(due)
        due += rng.expovariate(rate)
    return times


class Load:
    def __init__(
        self,
        games: int,
        seed: int = 1,
        only: list[str] | None = None,
        database: str | None = None,
        processes: int = 1,
        spectators: int = 0,
        watched: int = 0,
        root: str = "",
        page_clicks: float = 0.0,
    ) -> None:
        """``root``: the tree whose bot runs (``bench.against.tree``), if not this one; ``page_clicks``: the share
        of the clicks made on the games' pages (signed in with the fake Discord) instead of in Discord."""
        self.seed = seed
        self.root = root
        self.rng = random.Random(seed)  # the games' choices (the clicks' times are ``arrivals``)
        kinds = only or sorted(GAMES)
        self.processes = processes
        self.slots = [Slot(i, kinds[i % len(kinds)], channel_of(i % processes)) for i in range(games)]
        self.fake = build_world(FakeDiscord())
        for shard in range(1, processes):  # a server on each other shard: (guild id >> 22) % processes
            self.fake.add_guild((shard << 22) + GUILD_ID, f"Guild {shard}")
            self.fake.add_channel((shard << 22) + GUILD_ID, channel_of(shard), "general")
        self.idle = asyncio.Condition()
        self.bots: list[asyncio.subprocess.Process] = []
        self.bot_errors: list[str] = []
        self.phase: Phase | None = None
        self.tasks: set[asyncio.Task] = set()
        self.folder = tempfile.TemporaryDirectory(prefix="mesa-load-")
        self.database = database or str(Path(self.folder.name) / "load.sqlite3")
        self.postgres = is_postgres(self.database)
        self.claimed = False  # the database was empty, and its games from then on are the benchmark's
        self._counts: dict[int, asyncio.Queue[tuple[int, float, float]]] = {}
        # Spectators: live pages on the first ``watched`` games. The bot serves the pages whenever spectators
        # are asked for, in the phases without them too, so that only the open pages differ.
        self.spectators = spectators
        self.web_port = free_port() if spectators or page_clicks else None
        self.page_clicks = page_clicks
        self.page_players: PagePlayers | None = None
        self.chooser = random.Random(seed + 1)  # which clicks are made on a page (the games' choices stay as they are)
        for slot in self.slots[: watched if spectators else 0]:
            slot.watched = True
        self.watching: list[asyncio.Task] = []
        self.pages_db: Database | None = None
        self.viewers: asyncio.subprocess.Process | None = None  # the spectators' browsers (``bench.spectators``)
        self.pages: dict[int, tuple[str, Slot, list[tuple[int, float, float]]]] = {}  # page -> its stream, slot, seen
        self.answers: dict[str, asyncio.Future[None]] = {}  # what the spectators' process is to answer
        self.shown: dict[int, asyncio.Event] = {}  # page -> set once its stream sent it the game (its first event)

    @property
    def bot(self) -> asyncio.subprocess.Process | None:
        return self.bots[0] if self.bots else None

    # -- set-up ----------------------------------------------------------------------
    async def start(self) -> None:
        db = await Database.open(self.database)
        try:
            if await db.sql.fetchval("SELECT COUNT(*) FROM games"):
                raise SystemExit(f"{db.name} holds games: give the benchmark an empty database")
        finally:
            await db.close()
        self.claimed = True
        await self.fake.start()
        for shard in range(self.processes):
            shards = {"MESA_SHARD_COUNT": str(self.processes), "MESA_SHARDS": str(shard)} if self.processes > 1 else {}
            if self.web_port is not None and shard == 0:
                shards |= {
                    "MESA_WEB_PORT": str(self.web_port),
                    "MESA_WEB_HOST": "127.0.0.1",
                    "MESA_WEB_URL": f"http://127.0.0.1:{self.web_port}",
                    "MESA_WEB_STREAMS": str(self.spectators + 100),
                    "MESA_WEB_STREAMS_PER_ADDRESS": str(self.spectators + 100),  # they all come from 127.0.0.1
                }
                if self.page_clicks:
                    shards |= sign_in_environment(self.fake, self.web_port)
            bot = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bench.botproc",
                str(self.fake.port),
                self.database,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env={**os.environ, **shards, **(environment(self.root) if self.root else {})},
                cwd=self.root or None,
            )
            self.bots.append(bot)
            self._counts[bot.pid] = asyncio.Queue()
            self._spawn(self._read_errors(bot))
            self._spawn(self._read_counts(bot))
        if self.page_clicks and self.web_port is not None:
            self.page_players = PagePlayers(self.fake, self.web_port)
        await self.fake.wait_for(
            lambda: self.fake.gateway_log.count(("send", "GUILD_CREATE")) >= self.processes, timeout=60
        )
        await asyncio.sleep(0.3)
        gate = asyncio.Semaphore(8)

        async def one(slot: Slot) -> None:
            async with gate:
                await self._new_game(slot)

        await asyncio.gather(*(one(s) for s in self.slots))
        # What the set-up made stays to the end: out of the collector's way, as the bot does with its own
        # start-up, so that this process's collections (the fake Discord's) do not delay the boards it times.
        gc.collect()
        gc.freeze()

    async def _read_errors(self, bot: asyncio.subprocess.Process) -> None:
        assert bot.stderr is not None
        async for raw in bot.stderr:
            line = raw.decode(errors="replace").rstrip()
            if line.startswith(("ERROR", "CRITICAL", "Traceback")):
                self.bot_errors.append(line)

    async def _read_counts(self, bot: asyncio.subprocess.Process) -> None:
        assert bot.stdout is not None
        async for raw in bot.stdout:
            words = raw.decode(errors="replace").split()
            if len(words) == 5 and words[0] == "trips" and words[2] == "gc":
                self._counts[bot.pid].put_nowait((int(words[1]), float(words[3]), float(words[4])))

    async def counts(self) -> tuple[int, float, float]:
        """Round trips to the database by every bot process so far, the milliseconds of their garbage
        collections so far, and the longest collection since the last call (each says on SIGUSR1)."""
        for bot in self.bots:
            bot.send_signal(signal.SIGUSR1)
        counts = [await asyncio.wait_for(self._counts[bot.pid].get(), 10) for bot in self.bots]
        return sum(c[0] for c in counts), sum(c[1] for c in counts), max(c[2] for c in counts)

    async def db_cpu(self) -> float:
        """CPU seconds used so far by the PostgreSQL server processes serving this database, when the
        server runs on this machine (NaN otherwise; SQLite's work is in the bot's own CPU)."""
        if not self.postgres:
            return math.nan
        db = await Database.open(self.database)
        try:
            pids = [
                int(r["pid"])
                for r in await db.sql.fetch(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ]
        finally:
            await db.close()
        here = [pid for pid in pids if os.path.exists(f"/proc/{pid}")]  # (the reading's own pool is gone)
        return sum(cpu_seconds(pid) for pid in here) if here else math.nan

    async def _new_game(self, slot: Slot) -> None:
        engine = GAMES[slot.game]
        players = min(3, engine.max_players)
        lobby = await start_lobby(self.fake, slot.game, 1, [2], players - 2, channel_id=slot.channel)
        click = await self.fake.click(1, lobby, lobby_id(lobby, "start"))
        await click.wait_response(timeout=TIMEOUT)
        slot.thread, slot.boards = lobby.id, 0
        await self.fake.wait_in_channel(slot.thread, lambda: board_messages(self.fake, slot.thread), TIMEOUT)
        boards = board_messages(self.fake, slot.thread)
        slot.boards = len(boards)
        async with slot.moved:
            slot.game_id = board_version(boards[-1])[0]
            slot.replaced()
            slot.moved.notify_all()
        await self._release(slot)

    async def _release(self, slot: Slot) -> None:
        async with self.idle:
            slot.busy = False
            self.idle.notify()

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # -- spectators -----------------------------------------------------------------------
    async def watch(self) -> None:
        """Opens the spectators' streams, spread evenly over the watched games; returns once all are open.

        The spectators' browsers run in a process of their own (``bench.spectators``), started with the first
        of them: this process's fake Discord times the boards, and reading the pages here would delay them."""
        self.pages_db = await Database.open(self.database)
        if self.viewers is None:
            self.viewers = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bench.spectators",
                str(self.web_port),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
            )
            self._spawn(self._read_viewers(self.viewers))
        watched = [s for s in self.slots if s.watched]
        opened = [asyncio.Event() for _ in range(self.spectators)]
        for n in range(self.spectators):
            slot = watched[n % len(watched)]
            slot.audience += 1
            self.watching.append(self._spawn(self._spectator(n, slot, opened[n])))
        all_open = asyncio.ensure_future(asyncio.gather(*(event.wait() for event in opened)))
        done, _ = await asyncio.wait([all_open, *self.watching], timeout=TIMEOUT * 4, return_when="FIRST_COMPLETED")
        if all_open not in done:
            all_open.cancel()
            for task in done:  # a page that could not open
                task.result()
            raise TimeoutError(f"the pages did not open within {TIMEOUT * 4:g} s")

    async def unwatch(self) -> None:
        """Closes the spectators' streams (and waits until they are closed, so that the next turn's open
        within the bot's limits)."""
        for task in self.watching:
            task.cancel()
        await asyncio.gather(*self.watching, return_exceptions=True)
        closed = [self._answer(f"closed {n}") for n in range(len(self.watching))]
        for n in range(len(self.watching)):
            self._tell(f"close {n}")
        if closed:
            await asyncio.wait_for(asyncio.gather(*closed), TIMEOUT)
        self.watching = []
        self.pages.clear()
        self.shown.clear()
        for slot in self.slots:
            slot.audience = 0
            slot.replaced()
        if self.pages_db is not None:
            await self.pages_db.close()
            self.pages_db = None

    async def _spectator(self, n: int, slot: Slot, opened: asyncio.Event) -> None:
        """Page ``n``: a browser on the slot's game, its stream and the picture of each position it is sent
        (unless the event carried it); on the game's end it moves on to the game that takes the slot."""
        for tag in itertools.count():
            game_id = slot.game_id
            token, locale = await self._page_of(game_id)
            seen: list[tuple[int, float, float]] = []
            slot.seen.append(seen)
            self.pages[n] = (str(tag), slot, seen)
            shown = self.shown[n] = asyncio.Event()
            answer = self._answer(f"opened {n} {tag}")
            self._tell(f"open {n} {tag} /g/{token}/events?lang={locale}")
            await answer
            # A page is open once it shows the game (its stream's first event, with the picture): the pages'
            # first pictures are not still on their way when a turn's clicks begin.
            await shown.wait()
            opened.set()
            await self._replaced(slot, game_id)

    def _tell(self, command: str) -> None:
        assert self.viewers is not None and self.viewers.stdin is not None
        self.viewers.stdin.write(command.encode() + b"\n")

    def _answer(self, line: str) -> asyncio.Future[None]:
        """The spectators' process's answer ``line``, once it comes (``failed``: a RuntimeError)."""
        future = self.answers[line] = asyncio.get_running_loop().create_future()
        return future

    async def _read_viewers(self, viewers: asyncio.subprocess.Process) -> None:
        """What the spectators' process tells: each page's answers, and the positions it is sent."""
        assert viewers.stdout is not None
        async for raw in viewers.stdout:
            what, n, *rest = raw.decode().strip().split(maxsplit=3)
            if what == "event":
                tag, version, arrived, pictured = rest[0], *rest[1].split()
                page = self.pages.get(int(n))
                if page is not None and page[0] == tag:  # (not a stream the page has left meanwhile)
                    _, slot, seen = page
                    slot.sent(seen, int(version), float(arrived), float(pictured))
                    self.shown[int(n)].set()
                continue
            key = f"{what} {n}" if what == "closed" else f"opened {n} {rest[0]}"
            future = self.answers.pop(key, None)
            if future is not None and not future.done():
                if what == "failed":
                    future.set_exception(RuntimeError(f"page {n}: {rest[1]}"))
                else:
                    future.set_result(None)

    @staticmethod
    async def _replaced(slot: Slot, game_id: int) -> None:
        async with slot.moved:
            await slot.moved.wait_for(lambda: slot.game_id != game_id)

    async def _page_of(self, game_id: int) -> tuple[str, str]:
        assert self.pages_db is not None
        game = await self.pages_db.get_game(game_id)
        assert game is not None and game.web_token is not None
        return game.web_token, game.locale

    async def _pages_follow(self, phase: Phase, slot: Slot, game_id: int, version: int, planned: float) -> None:
        """Waits for every spectator of the slot to be sent a position past ``version``; counts their delays."""
        if slot.game_id != game_id:
            return  # the game ended and another took its place: its pages moved on
        follow = slot.follow(version)
        try:
            complete = await asyncio.wait_for(asyncio.shield(follow.done), TIMEOUT)
        except TimeoutError:
            with contextlib.suppress(ValueError):
                slot.follows.remove(follow)
            phase.errors.append(f"{slot.game} game {slot.index}: a page was not updated {TIMEOUT:g} s after a move")
            return
        if not complete:
            return
        for event_at, picture_at in follow.firsts.values():
            phase.page_ms.append((event_at - planned) * 1000)
            phase.picture_ms.append((picture_at - planned) * 1000)

    async def close(self) -> None:
        if self.page_players is not None:
            await self.page_players.close()
        await self.unwatch()
        if self.viewers is not None:  # (its stdin's end ends it)
            assert self.viewers.stdin is not None
            self.viewers.stdin.close()
            try:
                await asyncio.wait_for(self.viewers.wait(), 10)
            except TimeoutError:
                self.viewers.kill()
                await self.viewers.wait()
        for bot in self.bots:
            if bot.returncode is None:
                bot.send_signal(2)
        for bot in self.bots:
            try:
                await asyncio.wait_for(bot.wait(), 10)
            except TimeoutError:
                bot.kill()
                await bot.wait()
        for task in list(self.tasks):
            task.cancel()
        await self.fake.close()
        self.folder.cleanup()
        if self.postgres:  # the database is the caller's: the benchmark's games go (an SQLite file went above)
            await self.empty()

    async def measure(self, rates: list[float], seconds: float, schedule: int, report, **label: object) -> dict:
        """``seconds`` of clicks at each rate in turn: the result ``run`` returns (the phases' figures and raw
        clicks, the moves and bot errors during them), each phase reported with ``label``."""
        moves, errors = await self.moves(), len(self.bot_errors)
        out: dict = {"games": len(self.slots), "phases": [], "raw": [], "memory": [], "rss_start_mb": self.rss()[0]}
        for rate in rates:
            phase = await self.run_phase(rate, seconds, schedule)
            phase.spectators = self.spectators if self.watching else 0
            figures = {**phase.figures(), "rss_mb": self.rss()[0]}
            out["phases"].append(figures)
            out["raw"].append(phase.raw())
            report({**label, **figures})
        new_errors = self.bot_errors[errors:]
        return out | {
            "moves": await self.moves() - moves,
            "bot_errors": len(new_errors),
            "first_bot_error": new_errors[0] if new_errors else "",
            "rss_peak_mb": self.rss()[1],
        }

    # -- figures -----------------------------------------------------------------------
    async def moves(self) -> int:
        """Actions stored by the bot (the players' and the AI seats')."""
        db = await Database.open(self.database)
        try:
            return int(await db.sql.fetchval("SELECT count(*) FROM actions"))
        finally:
            await db.close()

    async def empty(self) -> None:
        """Deletes the benchmark's games from its database (a PostgreSQL database is the caller's); a database
        that held games when the benchmark began is not the benchmark's, and is left as it was."""
        from bot.storage.copy import empty  # here: --against a commit older than the storage's copy still runs

        if not self.claimed:
            return
        db = await Database.open(self.database)
        try:
            await empty(db.sql)
        finally:
            await db.close()

    def viewers_cpu(self) -> float:
        """The CPU the spectators' browsers used so far (their process, ``bench.spectators``)."""
        return cpu_seconds(self.viewers.pid) if self.viewers is not None else 0.0

    def rss(self) -> tuple[float, float]:
        current = [rss_mb(bot.pid) for bot in self.bots]
        return sum(c for c, _ in current), sum(p for _, p in current)

    # -- clicks ------------------------------------------------------------------------
    async def run_phase(self, rate: float, seconds: float, schedule: int = 0, settle: bool = True) -> Phase:
        """Clicks at ``rate`` for ``seconds``, at the times ``arrivals`` plans for this load's seed and
        ``schedule``: two phases of one schedule (with and without pages, on each database) get the same
        clicks at the same times, bursts included, whatever the games chose.

        With ``settle``, the phase begins once the bot has gone quiet (what the last phase left it to do,
        its Undo offers and stripped boards, is done), so that no phase inherits another's tail."""
        if settle:
            with contextlib.suppress(TimeoutError):  # a bot that never goes quiet: the phase begins anyway
                await self.fake.settle(quiet=SETTLED, timeout=TIMEOUT)
        phase = self.phase = Phase(rate, seconds)
        assert self.bots
        loop = asyncio.get_running_loop()
        cpu = sum(cpu_seconds(bot.pid) for bot in self.bots), time.process_time(), self.viewers_cpu()
        own = sum(cpu_seconds(bot.pid, descendants=False) for bot in self.bots)
        machine = machine_ticks()
        db_cpu, (trips, gc_ms, _) = await self.db_cpu(), await self.counts()
        phase.started = start = loop.time()
        clicks = []
        for offset in arrivals(self.seed, schedule, rate, seconds):
            due = start + offset
            delay = due - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            clicks.append(self._spawn(self._click(phase, time.perf_counter() - max(0.0, loop.time() - due))))
        if clicks:
            await asyncio.wait(clicks)
        phase.ended = loop.time()
        if phase.follows:  # the pages' delays are counted, not waited for in the phase's time
            await asyncio.wait(phase.follows)
        now = machine_ticks()
        phase.machine = (now[0] - machine[0], now[1] - machine[1], now[2] - machine[2])
        phase.bot_cpu = sum(cpu_seconds(bot.pid) for bot in self.bots) - cpu[0]
        phase.workers_cpu = phase.bot_cpu - (sum(cpu_seconds(bot.pid, descendants=False) for bot in self.bots) - own)
        phase.our_cpu = time.process_time() - cpu[1]
        phase.pages_cpu = self.viewers_cpu() - cpu[2]
        phase.db_cpu = await self.db_cpu() - db_cpu
        phase.trips, phase.gc_ms, phase.gc_longest_ms = await self.counts()
        phase.trips -= trips
        phase.gc_ms -= gc_ms
        return phase

    async def _click(self, phase: Phase, planned: float) -> None:
        async with self.idle:
            await self.idle.wait_for(lambda: any(not s.busy for s in self.slots))
            slot = self.rng.choice([s for s in self.slots if not s.busy])
            slot.busy = True
        before = board_version(board_messages(self.fake, slot.thread)[-1])
        on_page = self.page_clicks > 0 and self.chooser.random() < self.page_clicks
        try:
            if on_page:
                board, clicked = await self._move_on_page(slot)
                planned, inter = max(planned, clicked), None
            else:
                inter, board = await self._move(slot)
        except Exception as exc:  # the benchmark goes on; the error is counted and shown
            where = "page " if on_page else ""
            phase.errors.append(f"{where}{slot.game} game {slot.index}: {type(exc).__name__}: {exc}"[:300])
            self._spawn(self._replace(slot))
            return
        (phase.page_click_ms if on_page else phase.click_ms).append((board.stored_at - planned) * 1000)
        if inter is not None and inter.latency is not None:
            phase.ack_ms.append(inter.latency * 1000)
        if slot.watched and self.watching:
            phase.follows.append(self._spawn(self._pages_follow(phase, slot, *before, planned)))
        if not controls(board):  # game over: a new one in its place
            self._spawn(self._replace(slot))
        else:
            if slot.boards >= 20:  # the fake keeps the last few messages only: memory stays flat
                self.fake.forget(slot.thread)
                slot.boards = len(board_messages(self.fake, slot.thread))
            await self._release(slot)

    async def _move_on_page(self, slot: Slot) -> tuple[FakeMessage, float]:
        """The player the last board mentions makes a random legal move on the game's page (open already:
        read first); the new board, and when the click was made (``time.perf_counter``)."""
        fake, thread = self.fake, slot.thread
        board = board_messages(fake, thread)[-1]
        user, token = mentioned(board)[0], page_token(board)
        if self.page_players is None or token is None:
            raise RuntimeError("the board has no page link")
        csrf, version, actions = await self.page_players.open(user, token)
        clicked, before = time.perf_counter(), slot.boards
        await self.page_players.click(user, token, csrf, version, self.rng.choice(actions))

        def new_boards() -> list[FakeMessage] | None:
            boards = board_messages(fake, thread)
            return boards if len(boards) > before else None

        try:
            boards = await fake.wait_in_channel(thread, new_boards, TIMEOUT)
        except TimeoutError:
            raise TimeoutError(f"no new board {TIMEOUT:g} s after a click on the page") from None
        assert boards is not None
        slot.boards = len(boards)
        return boards[-1], clicked

    async def _replace(self, slot: Slot) -> None:
        old = slot.thread
        try:
            await self._new_game(slot)
        except Exception as exc:
            if self.phase is not None:
                self.phase.errors.append(f"new {slot.game} game: {type(exc).__name__}: {exc}"[:300])
        if old:
            self.fake.forget(old, keep=0)
        # and the lobbies (and their clicks) of games long begun: the last of each slot's stay
        self.fake.forget(slot.channel, keep=len(self.slots))

    async def _move(self, slot: Slot) -> tuple[FakeInteraction, FakeMessage]:
        """The player the last board mentions makes a random legal move; the interaction and the new board."""
        fake, thread = self.fake, slot.thread
        board = board_messages(fake, thread)[-1]
        user = mentioned(board)[0]
        choices = action_ids(board)
        if not choices:  # a private decision: open the private view, choose there
            me = next(c for c in board.custom_ids() if c.endswith(":~me"))
            opened = await fake.click(user, board, me)
            private = await fake.wait_in_channel(
                thread, lambda: [m for m in opened.messages if m.custom_ids() and not m.loading], TIMEOUT
            )
            board, choices = private[-1], action_ids(private[-1])
        choice = self.rng.choice(choices)
        comp = board.component(choice)
        if comp is not None and comp["type"] == 2:
            inter = await fake.click(user, board, choice)
        else:
            assert comp is not None
            inter = await fake.select(user, board, choice, [self.rng.choice(comp["options"])["value"]])
        before = slot.boards

        def new_boards() -> list[FakeMessage] | None:
            boards = board_messages(fake, thread)
            return boards if len(boards) > before else None

        try:
            boards = await fake.wait_in_channel(thread, new_boards, TIMEOUT)
        except TimeoutError:
            said = [m.content or m.embed_texts() for m in inter.messages if m.ephemeral]
            raise TimeoutError(
                f"no new board {TIMEOUT:g} s after {choice.split(':')[-1]!r}"
                f"{'; the bot answered: ' + said[-1][:120] if said else ''}"
            ) from None
        assert boards is not None  # wait_in_channel returns a truthy value or raises
        slot.boards = len(boards)
        return inter, boards[-1]


def run(
    games: int,
    rates: list[float],
    seconds: float,
    seed: int = 1,
    moves: int = 0,
    report=print,
    only: list[str] | None = None,
    database: str | None = None,
    processes: int = 1,
    schedule: int = 0,
    page_clicks: float = 0.0,
) -> dict:
    """Phases at each rate in turn (or, with ``moves``, one long phase until that many moves).

    ``database``: a PostgreSQL URL (an empty database; the benchmark empties it again at the end)
    instead of an SQLite file of its own; ``processes``: bot processes sharing the shards. The clicks
    come at the times ``arrivals`` gives for ``seed`` and ``schedule``; ``page_clicks`` of them (a share) are
    made on the games' pages instead of in Discord.
    """
    return asyncio.run(
        _run(games, rates, seconds, seed, moves, report, only, database, processes, schedule, page_clicks)
    )


async def _run(
    games: int,
    rates: list[float],
    seconds: float,
    seed: int,
    moves: int,
    report,
    only: list[str] | None,
    database: str | None = None,
    processes: int = 1,
    schedule: int = 0,
    page_clicks: float = 0.0,
) -> dict:
    load = Load(games, seed, only, database, processes, page_clicks=page_clicks)
    try:
        t0 = time.perf_counter()
        await load.start()
        setup_s = time.perf_counter() - t0
        if not moves:
            return {**await load.measure(rates, seconds, schedule, report), "setup_s": setup_s}
        out: dict = {"games": games, "phases": [], "raw": [], "memory": [], "setup_s": setup_s}
        out["rss_start_mb"] = load.rss()[0]
        out["phases"].append(await _long(load, rates[0], moves, out["memory"], report))
        out["bot_errors"] = len(load.bot_errors)
        out["first_bot_error"] = load.bot_errors[0] if load.bot_errors else ""
        out["rss_peak_mb"] = load.rss()[1]
        out["moves"] = await load.moves()
        return out
    finally:
        await load.close()


@dataclass(frozen=True)
class Setting:
    """One of the settings ``interleaved`` compares: a database (a PostgreSQL URL, or None: an SQLite file
    of its own), and the spectator pages the bot serves (``spectators`` on the ``watched`` games), open
    (``watching``) or not. Settings of the same ``bot`` (not empty) are turns of one bot and its games,
    which differ only in the pages open; each other setting has a bot and games of its own. A setting with
    a ``root`` runs the bot of that tree (``bench.against.tree``: another commit's code, measured by this one)."""

    name: str
    database: str | None = None
    spectators: int = 0
    watching: bool = False
    bot: str = ""
    root: str = ""  # the tree whose bot runs (``bench.against.tree``: another commit's); empty: this one


def interleaved(
    games: int,
    rates: list[float],
    seconds: float,
    settings: list[Setting],
    rounds: int,
    seed: int = 1,
    report=print,
    only: list[str] | None = None,
    watched: int = 20,
) -> dict[str, list[dict]]:
    """The same load in each of ``settings``, each with a bot process and games of its own (or, for settings
    of one ``bot``, the same bot and games, its pages opened and closed for each turn), all set up first and
    then taking turns, in ``rounds`` rounds of ``seconds / rounds`` a rate each: in a round every setting
    gets the round's clicks at the same times (``arrivals``), in an order that changes from round to round
    (each of the settings' orders in turn), while the others wait, quiet. So the settings share the
    machine's slow and fast minutes, and none always comes after another's tail (a database's own work
    after a phase, or the pages closed). Returns each setting's rounds, as ``run`` returns a run.
    """
    return asyncio.run(_interleaved(games, rates, seconds, settings, rounds, seed, report, only, watched))


async def _interleaved(
    games: int,
    rates: list[float],
    seconds: float,
    settings: list[Setting],
    rounds: int,
    seed: int,
    report,
    only: list[str] | None,
    watched: int,
) -> dict[str, list[dict]]:
    bots: dict[str, Load] = {}
    for setting in settings:
        if (key := setting.bot or setting.name) not in bots:
            bots[key] = Load(
                games, seed, only, setting.database, spectators=setting.spectators, watched=watched, root=setting.root
            )
    loads = [(setting, bots[setting.bot or setting.name]) for setting in settings]
    parts: dict[str, list[dict]] = {setting.name: [] for setting in settings}
    started: list[Load] = []
    try:
        setup: dict[str, float] = {}
        for setting, load in loads:
            t0 = time.perf_counter()
            if load not in started:
                started.append(load)
                await load.start()
            setup[setting.name] = time.perf_counter() - t0
        # The rounds take the settings' orders in turn (every setting first, and after every other, as often).
        orders = list(itertools.permutations(loads))
        for schedule in range(rounds):
            for setting, load in orders[schedule % len(orders)]:
                if setting.watching and not load.watching:  # (a bot's pages open for its turns with them)
                    await load.watch()
                elif load.watching and not setting.watching:
                    await load.unwatch()
                for other in started:  # the last turn's tail is done, whichever bot it was
                    with contextlib.suppress(TimeoutError):
                        await other.fake.settle(quiet=SETTLED, timeout=TIMEOUT)
                part = await load.measure(
                    rates, seconds / rounds, schedule, report, setting=setting.name, round=schedule
                )
                parts[setting.name].append({**part, "setup_s": setup[setting.name]})
    finally:
        for load in started:
            await load.close()
    return parts


# The settings ``pages_compared`` reads: the same load without the pages, with them, and (``--control``)
# without them again.
WITHOUT, WITH, AGAIN = "without pages", "with pages", "without pages again"


# With ``--against``, the same two settings on the other tree's bot are named with this after them.
BEFORE = ", before"


def pages_settings(spectators: int, control: bool, before: str = "") -> list[Setting]:
    """The load with ``spectators`` pages open, beside the same load without them (the pages served, none
    open), and with ``control`` once more without them: ``interleaved``'s settings, all turns of one bot and
    its games, so that the pages are all that differs (two bot processes set up alike differ by themselves:
    their p95 by up to a fifth, here). With ``before`` (a tree, ``bench.against.tree``), the same load
    without and with the pages on that tree's bot too (named ``... , before``), taking turns with them."""
    settings = [
        Setting(WITHOUT, spectators=spectators, bot="pages"),
        Setting(WITH, spectators=spectators, watching=True, bot="pages"),
    ]
    if before:
        settings += [
            Setting(WITHOUT + BEFORE, spectators=spectators, bot="before", root=before),
            Setting(WITH + BEFORE, spectators=spectators, watching=True, bot="before", root=before),
        ]
    return settings + ([Setting(AGAIN, spectators=spectators, bot="pages")] if control else [])


def sides(parts: dict[str, list[dict]]) -> dict[str, dict[str, list[dict]]]:
    """``interleaved``'s rounds of ``pages_settings`` with a ``before`` tree, as two runs of ``pages_settings``
    without one: ``after`` (this tree's bot) and ``before``, each as ``pages_compared`` reads them."""
    return {
        "before": {name[: -len(BEFORE)]: rounds for name, rounds in parts.items() if name.endswith(BEFORE)},
        "after": {name: rounds for name, rounds in parts.items() if not name.endswith(BEFORE)},
    }


def pages_compared(parts: dict[str, list[dict]], rates: list[float], watched: int) -> dict:
    """``interleaved``'s rounds of ``pages_settings`` as one result: at each rate, the phase without the
    pages (with ``control_ratios``: each round's p95 without them again over its p95 without them,
    ``control_p95``: the p95 of all the rounds without them again, and ``control_interval``: how far the
    merged ratio of the two moves with the rounds, ``p95_interval``) and the phase with them (with
    ``round_ratios``: each round's p95 with them over its p95 without them, and ``interval``; and over the
    ``undisturbed`` rounds alone, of ``rounds`` in all: ``undisturbed``, their count, ``undisturbed_ratio``, the
    p95 with the pages over that without them, and ``undisturbed_control``, without them again over without)."""
    merged_ = {name: merged(rounds) for name, rounds in parts.items()}
    out = {**merged_[WITH], "watched": watched, "phases": []}
    out["setup_s"] = sum(result["setup_s"] for result in merged_.values())
    out["moves"] = sum(result["moves"] for result in merged_.values())
    out["bot_errors"] = sum(result["bot_errors"] for result in merged_.values())
    out["first_bot_error"] = next((r["first_bot_error"] for r in merged_.values() if r["first_bot_error"]), "")

    for index in range(len(rates)):
        again = p95_over(parts[AGAIN], parts[WITHOUT], index) if AGAIN in parts else []
        control = merged_[AGAIN]["phases"][index]["p95"] if AGAIN in parts else math.nan
        spread = p95_interval(parts[AGAIN], parts[WITHOUT], index) if AGAIN in parts else (math.nan, math.nan)
        out["phases"].append(
            {
                **merged_[WITHOUT]["phases"][index],
                "control_ratios": again,
                "control_p95": control,
                "control_interval": spread,
            }
        )
        ratios = p95_over(parts[WITH], parts[WITHOUT], index)
        interval = p95_interval(parts[WITH], parts[WITHOUT], index)
        calm = undisturbed(parts, index)
        base = p95_of(parts[WITHOUT], index, calm)
        out["phases"].append(
            {
                **merged_[WITH]["phases"][index],
                "round_ratios": ratios,
                "interval": interval,
                "rounds": len(parts[WITH]),
                "undisturbed": len(calm),
                "undisturbed_ratio": p95_of(parts[WITH], index, calm) / base if calm else math.nan,
                "undisturbed_control": p95_of(parts[AGAIN], index, calm) / base
                if calm and AGAIN in parts
                else math.nan,
            }
        )
    return out


async def _long(load: Load, rate: float, moves: int, memory: list, report) -> dict:
    """Clicks at ``rate`` until the bot has stored ``moves`` moves; RSS every tenth of the way."""
    phase = Phase(rate, 0)
    load.phase = phase
    step, mark = max(1, moves // 10), 0
    phase.started = asyncio.get_running_loop().time()
    for schedule in itertools.count():
        chunk = await load.run_phase(rate, 5.0, schedule, settle=False)  # one long load, in chunks
        phase.absorb(chunk)  # (its time is the whole run's, below)
        done = await load.moves()
        if done >= mark:
            rss, peak = load.rss()
            memory.append({"moves": done, "rss_mb": rss, "peak_mb": peak, "clicks": len(phase.click_ms)})
            report(memory[-1])
            mark = done + step
        if done >= moves:
            break
    phase.ended = asyncio.get_running_loop().time()
    phase.seconds = phase.ended - phase.started
    return phase.figures()


def knee(phases: list[dict], limit_ms: float = 1000.0) -> str:
    """The first rate whose p95 passes ``limit_ms`` (or errors), as text."""
    for figures in phases:
        if figures["p95"] > limit_ms or figures["errors"] or math.isnan(figures["p95"]):
            return f"{figures['rate']:g} clicks/s"
    return f"above {phases[-1]['rate']:g} clicks/s" if phases else "-"
