"""Several bot processes on one PostgreSQL database and one fake Discord, each serving its shards.

Two real ``python -m bot`` processes (``MESA_SHARDS=auto``) share two shards: clicks delivered to
both at once apply one move each, logins keep Discord's spacing across the processes, and when one
is killed with SIGKILL under load the other takes its shard over, answers what it left behind, and
nothing is lost or played twice; a process that joins then is handed its part back.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import IO

import pytest
from spawned import end

from bot.storage import LOCK_SHARD, Database
from fakediscord import FakeDiscord
from fakediscord.botkit import (
    action_ids,
    board_messages,
    controls,
    last_board,
    lobby_id,
    mentioned,
    play_move,
    start_lobby,
)
from fakediscord.fixtures import CHANNEL_ID
from fakediscord.timing import stretched
from rules import GAMES

ROOT = Path(__file__).resolve().parent.parent
OTHER_GUILD = (1 << 22) + 7  # shard 1 of 2 (GUILD_ID is on shard 0)
OTHER_CHANNEL = 301
CHANNELS = {0: CHANNEL_ID, 1: OTHER_CHANNEL}
WINDOW = 1.0  # seconds between two logins of a bucket (Discord's 5, shortened for the test)
TAKEOVER = 15.0  # a dead process's shard is served again within this


@pytest.fixture
async def two_shards(fake_discord):
    fake = fake_discord
    fake.add_guild(OTHER_GUILD, "Other Guild")
    fake.add_channel(OTHER_GUILD, OTHER_CHANNEL, "games")
    return fake


async def launch(
    port: int, url: str, stderr: int | IO[bytes], *, shards: str = "auto", point: str | None = None
) -> asyncio.subprocess.Process:
    """Starts ``python -m bot`` on ``url`` against the fake Discord at ``port``, one of the processes that share
    its two shards (``shards``: MESA_SHARDS), killing itself at ``point`` if given (tests/mesa_launcher.py), in
    a process group of its own (``spawned.end`` ends it with what it started)."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "fake-token",
        "MESA_DATABASE": url,
        "MESA_SHARD_COUNT": "2",
        "MESA_SHARDS": shards,
        "MESA_LOG_LEVEL": "WARNING",
        "MESA_AI_PROCESSES": "0",
        "MESA_RENDER_WORKERS": "0",
        "MESA_TEST_IDENTIFY_WINDOW": str(WINDOW),
    }
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "tests" / "mesa_launcher.py"),
        str(port),
        *([point] if point else []),
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=stderr,
        start_new_session=True,
    )


@pytest.fixture
async def bots(two_shards, postgres_url):
    """Starts bot processes on the test's database (``point``: where one kills itself); every one is ended at
    the end, whatever happened."""
    started: list[asyncio.subprocess.Process] = []

    async def start(point: str | None = None) -> asyncio.subprocess.Process:
        proc = await launch(two_shards.port, postgres_url, asyncio.subprocess.PIPE, point=point)
        started.append(proc)
        return proc

    yield start
    for proc in started:
        await end(proc)


async def _owners(url: str) -> dict[int, int]:
    """Which bot process (its pid) holds each shard's lock."""
    db = await Database.open(url)
    try:
        rows = await db.sql.fetch(
            """SELECT l.objid::bigint AS shard, a.application_name AS app FROM pg_locks l
               JOIN pg_stat_activity a ON a.pid = l.pid
               WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = $1""",
            LOCK_SHARD,
        )
    finally:
        await db.close()
    return {int(r["shard"]): int(str(r["app"]).rsplit(" ", 1)[-1]) for r in rows}


def _live_shards(fake: FakeDiscord) -> list[int]:
    return sorted(c.session.shard[0] for c in fake._connections if c.session is not None and not c.ws.closed)


async def _balanced(fake: FakeDiscord, url: str, procs: list[asyncio.subprocess.Process]) -> dict[int, int]:
    """Waits until each process serves one shard (the first to start hands one over to the second)."""
    pids = {p.pid for p in procs}
    deadline = time.monotonic() + 60
    while True:
        for proc in procs:
            assert proc.returncode is None, (await proc.stderr.read()).decode()
        owners = await _owners(url)
        if set(owners) == {0, 1} and set(owners.values()) == pids and _live_shards(fake) == [0, 1]:
            await fake.settle()
            return owners
        assert time.monotonic() < deadline, (owners, _live_shards(fake))
        await asyncio.sleep(0.2)


async def _game_in(fake: FakeDiscord, shard: int, host: int, other: int) -> int:
    """Starts an ATLANDICE game in a thread of the shard's channel; returns the thread."""
    before = set(fake.threads)
    lobby = await start_lobby(fake, "atlandice", host, [other], 1, channel_id=CHANNELS[shard])
    start = await fake.click(host, lobby, lobby_id(lobby, "start"))
    await start.wait_response()
    thread = await fake.wait_for(lambda: next(iter(set(fake.threads) - before), None), timeout=15)
    await fake.wait_for(lambda: board_messages(fake, thread), timeout=15)
    return thread


def _loaders_alive(loaders: list[asyncio.Task[None]]) -> bool:
    """True while no clicking task failed; a failed one raises its error (not a timeout later)."""
    for loader in loaders:
        if loader.done() and loader.exception() is not None:
            raise loader.exception()  # type: ignore[misc]
    return True


async def _said(proc: asyncio.subprocess.Process) -> str:
    """What a running bot process wrote on stderr so far (its warnings and errors)."""
    assert proc.stderr is not None
    try:
        return (await asyncio.wait_for(proc.stderr.read(1 << 16), 2)).decode(errors="replace")
    except TimeoutError:
        return "(nothing)"


async def _replays(url: str) -> list[int]:
    """The games whose stored state is not what their log replays to (none, if nothing was lost or doubled)."""
    db = await Database.open(url)
    try:
        wrong = []
        for game in await db.started_games():
            engine = GAMES[game.game]
            log = [(r["seat"], r["action_id"]) for r in await db.moves_that_count(game.id)]
            if engine.load(game.state or "") != engine.replay(len(game.seats), game.seed or 0, game.options, log):
                wrong.append(game.id)
        return wrong
    finally:
        await db.close()


async def _quiet(url: str, timeout: float = 30) -> None:
    """Waits until no click is left in the journal: each was played, refused, or answered as lost."""
    db = await Database.open(url)
    try:
        deadline = time.monotonic() + timeout
        while await db.sql.fetchval("SELECT COUNT(*) FROM clicks"):
            assert time.monotonic() < deadline, await db.sql.fetch("SELECT * FROM clicks")
            await asyncio.sleep(0.1)
    finally:
        await db.close()


def _identifies_are_spaced(fake: FakeDiscord) -> bool:
    times = sorted(t for t, _shard, _count in fake.identifies)
    return all(b - a >= WINDOW * 0.95 for a, b in itertools.pairwise(times))


async def test_two_processes_share_the_shards_and_each_click_race_applies_one_move(
    bots, two_shards, postgres_url, request
):
    fake = two_shards
    procs = [await bots(), await bots()]
    await _balanced(fake, postgres_url, procs)
    assert _identifies_are_spaced(fake)  # one login per bucket per window, across the two processes
    races_wanted = 1000 if request.config.getoption("--runslow") else 40
    threads = [await _game_in(fake, shard, 1 + shard, 3 + shard) for shard in (0, 1) for _ in range(3)]
    rng = random.Random(16)
    races = 0

    async def race_on(thread: int) -> None:
        nonlocal races
        while races < races_wanted:
            board = last_board(fake, thread)
            if not controls(board):
                return  # the game is over (its last board keeps a Rematch button alone)
            user, choices = mentioned(board)[0], action_ids(board)
            buttons = [c for c in choices if board.component(c)["type"] == 2]
            if not buttons:  # a menu or a private decision: played once, no race
                await play_move(fake, thread, rng)
                continue
            before = len(board_messages(fake, thread))
            choice = rng.choice(buttons)
            both = [await fake.click(user, board, choice, via_shard=shard) for shard in (0, 1)]
            for inter in both:
                await inter.wait_response(timeout=20)
            await fake.wait_for(lambda n=before: len(board_messages(fake, thread)) > n, timeout=20)
            await fake.settle()
            assert len(board_messages(fake, thread)) == before + 1  # one move, one new board
            races += 1

    await asyncio.gather(*(race_on(thread) for thread in threads))
    assert races >= races_wanted
    db = await Database.open(postgres_url)
    try:
        for game in await db.started_games():
            log = await db.action_log(game.id)
            assert [r["version"] for r in log] == list(range(1, game.version + 1))  # no version twice
    finally:
        await db.close()
    assert await _replays(postgres_url) == []
    for proc in procs:
        assert proc.returncode is None


async def test_a_process_killed_under_load_loses_nothing_and_its_shard_is_served_again(bots, two_shards, postgres_url):
    fake = two_shards
    procs = [await bots(), await bots()]
    owners = await _balanced(fake, postgres_url, procs)
    threads = {shard: [await _game_in(fake, shard, 1 + shard, 3 + shard) for _ in range(2)] for shard in (0, 1)}
    victim_shard = 1
    victim = next(p for p in procs if p.pid == owners[victim_shard])
    survivor = next(p for p in procs if p is not victim)
    rng = random.Random(9)
    stop = asyncio.Event()

    async def load(thread: int) -> None:
        """Moves on one game until told to stop; a click the dead process took is answered later."""
        while not stop.is_set():
            board = last_board(fake, thread)
            if not controls(board):
                if board.custom_ids():
                    return  # the game is over (its last board keeps a Rematch button alone)
                shown = len(board_messages(fake, thread))
                try:  # a click took its controls: its move comes, or a crash lost it and they come back
                    await fake.wait_for(
                        lambda b=board, n=shown: (
                            len(board_messages(fake, thread)) > n or controls(fake.message(b.id)) or stop.is_set()
                        ),
                        timeout=3,
                    )
                except TimeoutError:
                    pass
                continue
            choices = [c for c in action_ids(board) if board.component(c)["type"] == 2]
            if not choices:
                try:
                    await play_move(fake, thread, rng)
                except (AssertionError, TimeoutError):
                    await asyncio.sleep(0.2)
                continue
            try:
                inter = await fake.click(mentioned(board)[0], board, rng.choice(choices))
            except AssertionError:  # no process serves this shard right now
                await asyncio.sleep(0.2)
                continue
            before = len(board_messages(fake, thread))
            try:
                await fake.wait_for(  # the next board, or a refusal (the clicked board lost its controls either way)
                    lambda n=before, i=inter: (
                        len(board_messages(fake, thread)) > n or any(m.ephemeral for m in i.messages)
                    ),
                    timeout=3,
                )
            except TimeoutError:
                pass
            await asyncio.sleep(0.05)

    before = {t: len(board_messages(fake, t)) for shard in (0, 1) for t in threads[shard]}
    loaders = [asyncio.create_task(load(t)) for t in before]
    # under load: every game has moved on twice
    await fake.wait_for(lambda: all(len(board_messages(fake, t)) >= n + 2 for t, n in before.items()), timeout=20)
    victim.send_signal(signal.SIGKILL)
    killed_at, killed_wall = time.monotonic(), time.time()
    await victim.wait()
    # the survivor takes the shard over, and a board comes again in the dead process's games
    served_again = [(thread, len(board_messages(fake, thread))) for thread in threads[victim_shard]]
    await fake.wait_for(lambda: _live_shards(fake) == [0, 1], timeout=TAKEOVER)
    try:
        await fake.wait_for(
            lambda: _loaders_alive(loaders) and all(len(board_messages(fake, t)) > n for t, n in served_again),
            timeout=TAKEOVER + 5,
        )
    except TimeoutError as exc:  # what the survivor said, and where each of the dead process's games stands
        games = "\n".join(
            f"thread {t}: {len(board_messages(fake, t))} boards (was {n}), the last one's controls "
            f"{controls(last_board(fake, t))}"
            for t, n in served_again
        )
        raise AssertionError(f"{exc}\n{games}\nthe survivor said:\n{await _said(survivor)}") from None
    took = time.monotonic() - killed_at
    stop.set()
    await asyncio.gather(*loaders)
    try:
        await _quiet(postgres_url)  # every click noted is played or answered, the dead process's too
    except AssertionError as exc:  # (when each click left was noted, against the kill; what the survivor said)
        raise AssertionError(
            f"clicks left: {exc}\nkilled at {killed_wall:.3f} (wall clock)\nthe survivor said:\n{await _said(survivor)}"
        ) from None
    await fake.settle()
    assert took < stretched(TAKEOVER), took  # on a busy machine a takeover takes longer, as everything
    assert survivor.returncode is None
    assert set((await _owners(postgres_url)).values()) == {survivor.pid}
    assert await _replays(postgres_url) == []  # no move lost from the log or applied twice
    db = await Database.open(postgres_url)
    try:
        for shard in (0, 1):
            for thread in threads[shard]:
                game = await db.game_in_channel(thread)
                live = [m for m in board_messages(fake, thread) if fake.message(m.id).custom_ids()]
                if game.status == "active":
                    assert [m.id for m in live] == [game.board_message_id] and game.board_version == game.version
    finally:
        await db.close()
    # a process that joins gets its part back: the survivor lets one shard go, its connection closed
    await _balanced(fake, postgres_url, [survivor, await bots()])


async def test_a_click_lost_with_a_process_is_told_by_the_one_that_takes_its_shard_over_in_words_of_its_own(
    bots, two_shards, postgres_url
):
    """A process dies with a click noted and its move not stored: the process that takes its shard over tells
    the player that their move did not count, once, in words that say what happened (not that the bot
    restarted), and the board has its controls back."""
    fake = two_shards
    doomed = await bots("click-noted")
    owners = await _balanced(fake, postgres_url, [doomed, await bots()])
    shard = next(shard for shard, pid in owners.items() if pid == doomed.pid)
    thread = await _game_in(fake, shard, 1 + shard, 3 + shard)
    board = last_board(fake, thread)
    player = mentioned(board)[0]
    inter = await fake.click(player, board, action_ids(board)[0])
    await asyncio.wait_for(doomed.wait(), stretched(30))
    told = await fake.wait_for(lambda: [m.content for m in inter.messages if m.ephemeral], timeout=TAKEOVER + 10)
    words = ("stopped, or lost the games' database", "parou, ou perdeu o banco de dados")  # (in English or pt-BR)
    assert len(told) == 1 and any(w in told[0] for w in words), told
    await fake.wait_for(lambda: controls(fake.message(board.id)), timeout=10)
    assert await play_move(fake, thread, random.Random(3))
    await fake.settle()
    assert len([m for m in inter.messages if m.ephemeral]) == 1
    assert await _replays(postgres_url) == []


async def test_a_process_whose_fixed_shards_overlap_another_s_is_refused_at_start(two_shards, postgres_url, tmp_path):
    """Two processes given overlapping shard lists would both answer every interaction of the shard they
    share: the second is refused in one line, and the first goes on serving its shards."""
    procs = []
    try:
        for shards in ("0-1", "1"):
            with (tmp_path / f"{shards}.err").open("wb") as stderr:
                procs.append(await launch(two_shards.port, postgres_url, stderr, shards=shards))
            if shards == "0-1":
                await two_shards.wait_for(lambda: _live_shards(two_shards) == [0, 1], timeout=30)
        code = await asyncio.wait_for(procs[1].wait(), stretched(30))
        lines = (tmp_path / "1.err").read_text().strip().splitlines()
        assert code != 0 and len(lines) == 1 and "served by another process" in lines[0], lines
        assert procs[0].returncode is None and _live_shards(two_shards) == [0, 1]
    finally:
        for proc in procs:
            await end(proc)
