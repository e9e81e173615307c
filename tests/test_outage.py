"""Outages of PostgreSQL while games are played: the server stopped and started again, or its postmaster
killed right after a commit. Each test plays through the real bot and the fake Discord on a PostgreSQL
server of its own (tests/pg_fixtures.py), so that stopping it disturbs no other test, and checks that
every game goes on by itself once the database is back: no board keeps live buttons for a move the
database does not hold, the current board has its controls, each player whose click did not count is
told so once, the reminders that fell due meanwhile are sent once, and the log says one line when the
outage begins and one when it ends.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import time

import pytest
from pg_fixtures import temporary_server

from bot.storage import Database
from fakediscord import FakeDiscord
from fakediscord.botkit import action_ids, board_messages, last_board, mentioned, mesa, play_move, start_lobby
from fakediscord.botkit import lobby_id as lobby_button
from fakediscord.timing import stretched
from rules import GAMES

ANA, BRUNO = 1, 2
# A game goes on within this many seconds of its database coming back (on an idle machine).
BACK_WITHIN = 10.0


@pytest.fixture(scope="module")
def outage_server():
    """A PostgreSQL server for this module alone: its tests stop it, kill it and start it again."""
    with temporary_server("mesa-outage-", open_to_all=True) as server:
        yield server


@pytest.fixture
def outage_url(outage_server):
    name = outage_server.create_database(outage_server.migrated_template())
    yield outage_server.url(name)
    try:
        outage_server.drop_database(name)
    except Exception:  # a test that failed with the server down: the next start of the module's server
        outage_server.resume()
        outage_server.drop_database(name)


class Said(logging.Handler):
    """What the bot logged at WARNING and above."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []
        self.tracebacks = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())
        self.tracebacks += record.exc_info is not None


@pytest.fixture
def said():
    handler = Said()
    logging.getLogger("bot").addHandler(handler)
    yield handler
    logging.getLogger("bot").removeHandler(handler)


def figure(**fields: object) -> None:
    """One line of ``python -m bench outage``'s table (read from the tests' output): a failure, how long after
    the database was back the games went on, and the clicks that did not count and were told so."""
    print("OUTAGE-FIGURE", json.dumps(fields))


def live_boards(fake: FakeDiscord, channel_id: int) -> list:
    return [b for b in board_messages(fake, channel_id) if fake.message(b.id).custom_ids()]


async def _started(fake: FakeDiscord) -> tuple[int, int]:
    lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], 0)
    start = await fake.click(ANA, lobby, lobby_button(lobby, "start"))
    await start.wait_response()
    thread = await fake.wait_for(lambda: next(iter(fake.threads), None))
    await fake.wait_for(lambda: board_messages(fake, thread), timeout=30)
    return thread, int(last_board(fake, thread).custom_ids()[0].split(":")[1])


async def _stored(url: str, game_id: int):
    db = await Database.open(url)
    try:
        return await db.get_game(game_id), await db.moves_that_count(game_id)
    finally:
        await db.close()


async def _replays(url: str, game_id: int) -> bool:
    game, log = await _stored(url, game_id)
    engine = GAMES[game.game]
    return engine.load(game.state) == engine.replay(
        len(game.seats), game.seed, game.options, [(r["seat"], r["action_id"]) for r in log]
    )


async def _until(condition, timeout: float) -> None:
    """Waits for an async condition (looked at every 50 ms), ``timeout`` stretched by the machine's load."""
    async with asyncio.timeout(stretched(timeout)):
        while not await condition():
            await asyncio.sleep(0.05)


async def _truthful(fake: FakeDiscord, url: str, thread: int, game_id: int) -> None:
    """The thread's one live board is the stored game's board, for its stored version."""
    game, _ = await _stored(url, game_id)
    live = live_boards(fake, thread)
    assert [b.id for b in live] == [game.board_message_id] and game.board_version == game.version, (
        [b.id for b in live],
        game.board_message_id,
        game.board_version,
        game.version,
    )
    assert all(c.split(":")[2] == str(game.version) for c in live[0].custom_ids() if c.count(":") >= 3)


def _ephemerals(inter) -> list[str]:
    """The private sentences an interaction was answered with (not an empty "thinking" acknowledgement)."""
    return [m.content for m in inter.messages if m.ephemeral and m.content]


@pytest.mark.parametrize(
    "seconds", [1, pytest.param(10, marks=pytest.mark.slow), pytest.param(60, marks=pytest.mark.slow)]
)
async def test_outage_of_postgres_while_a_game_is_played_ends_by_itself(
    fake_discord, outage_server, outage_url, said, seconds
):
    """PostgreSQL stops while a game is played (one click under way, its move not stored yet, a command
    coming during the outage) and starts again ``seconds`` later: within seconds the game goes on without a
    restart of the bot, each click or command that did not count is told so once, the board that lost its controls to
    the click under way has them back, and the reminder that fell due meanwhile is sent once."""
    fake = fake_discord
    now = [time.time()]
    async with mesa(fake, outage_url, clock=lambda: now[0], reminder_poll=0.05, board_retry=0.05) as bot:
        thread, game_id = await _started(fake)
        assert await play_move(fake, thread, random.Random(1))
        await fake.settle()
        board = last_board(fake, thread)
        player, choices = mentioned(board)[0], action_ids(board)
        # A click under way when the server stops: noted, acknowledged (its board's controls taken off with
        # the acknowledgement), and its move not stored.
        held = fake.hold("POST", r"^/interactions/\d+/[^/]+/callback$")
        under_way = await fake.click(player, board, choices[0])
        await asyncio.wait_for(held.arrived.wait(), stretched(10))
        stopped_at = time.monotonic()
        await asyncio.to_thread(outage_server.halt)
        held.release()
        await fake.wait_for(lambda: _ephemerals(under_way), timeout=10)
        assert not live_boards(fake, thread)  # the acknowledgement took the only board's controls
        # A command during the outage: refused at once, told that it did not count.
        other = await fake.slash(player, thread, "game board")
        await fake.wait_for(lambda: _ephemerals(other), timeout=10)
        assert "did not count" in _ephemerals(other)[0] or "não valeu" in _ephemerals(other)[0]
        now[0] += 13 * 3600  # the first reminder of the turn falls due while the database is away
        reminders = len([m for m in fake.messages(thread) if "~mute" in str(m.custom_ids())])
        await asyncio.sleep(seconds - (time.monotonic() - stopped_at))  # the outage lasts this long
        await asyncio.to_thread(outage_server.resume)
        back_at = time.monotonic()
        # The click under way did not count: its player is told, once; the board has its controls back.
        await fake.wait_for(lambda: len(_ephemerals(under_way)) == 2, timeout=BACK_WITHIN)
        assert "did not count" in _ephemerals(under_way)[1] or "não valeu" in _ephemerals(under_way)[1]
        await fake.wait_for(lambda: live_boards(fake, thread), timeout=BACK_WITHIN)
        controls_back = time.monotonic() - back_at
        await _truthful(fake, outage_url, thread, game_id)
        # The reminder that fell due during the outage is sent, once.
        await fake.wait_for(
            lambda: len([m for m in fake.messages(thread) if "~mute" in str(m.custom_ids())]) > reminders,
            timeout=BACK_WITHIN,
        )
        # The game goes on.
        before = len(board_messages(fake, thread))
        assert await play_move(fake, thread, random.Random(2))
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > before, timeout=BACK_WITHIN)
        moving_again = time.monotonic() - back_at
        await fake.settle()
        await bot.check_reminders()
        await fake.settle()
        assert len([m for m in fake.messages(thread) if "~mute" in str(m.custom_ids())]) == reminders + 1
        await _truthful(fake, outage_url, thread, game_id)
        assert _ephemerals(under_way)[1:] == _ephemerals(under_way)[1:2] and len(_ephemerals(other)) == 1
    assert controls_back < stretched(BACK_WITHIN) and moving_again < stretched(BACK_WITHIN)
    assert await _replays(outage_url, game_id)
    outage = [line for line in said.lines if "database" in line]
    assert len(outage) == 2 and "cannot be reached" in outage[0] and "can be reached again" in outage[1], said.lines
    assert said.tracebacks == 0, said.lines
    figure(
        failure=f"PostgreSQL stopped {seconds} s",
        processes=1,
        commit="on",
        controls_back_s=round(controls_back, 2),
        moving_again_s=round(moving_again, 2),
        not_counted=2,  # the click under way and the command during the outage
        told=len(_ephemerals(under_way)[1:]) + len(_ephemerals(other)),
    )


# -- two processes sharing the shards (MESA_SHARDS=auto) -------------------------------------------------
@pytest.fixture
async def shard_bots(fake_discord, outage_url, tmp_path):
    """Starts ``python -m bot`` processes sharing two shards on the outage server; each is ended at the end."""
    from spawned import end
    from test_shards import OTHER_CHANNEL, OTHER_GUILD, launch

    fake_discord.add_guild(OTHER_GUILD, "Other Guild")
    fake_discord.add_channel(OTHER_GUILD, OTHER_CHANNEL, "games")
    started = []

    async def start():
        err = tmp_path / f"bot-{len(started)}.err"
        with err.open("wb") as stderr:
            proc = await launch(fake_discord.port, outage_url, stderr)
        proc.said = err  # type: ignore[attr-defined]
        started.append(proc)
        return proc

    yield start
    for proc in started:
        await end(proc)


@pytest.mark.parametrize(
    ("how", "seconds"),
    [
        ("stop", 1),
        ("kill", 1),
        pytest.param("stop", 10, marks=pytest.mark.slow),
        pytest.param("stop", 60, marks=pytest.mark.slow),
    ],
)
async def test_outage_two_processes_never_serve_a_shard_together_and_serve_them_again(
    fake_discord, outage_server, outage_url, shard_bots, how, seconds
):
    """Two processes share the shards through PostgreSQL's advisory locks; the server stops (or its postmaster
    is SIGKILLed) and starts again ``seconds`` later. Each process stops serving its shard as soon as its lock
    connection is lost (no shard ever has two gateway sessions), neither exits, both reconnect, claim the
    shards again, and the games of both go on. A click made while the shards are fenced is told, once, that it
    did not count, and its move is not played (nor later)."""
    from test_shards import _balanced, _game_in

    fake = fake_discord
    procs = [await shard_bots(), await shard_bots()]
    await _balanced(fake, outage_url, procs)
    threads = [await _game_in(fake, shard, 1 + shard, 3 + shard) for shard in (0, 1)]
    versions = {thread: (await _in_thread(outage_url, thread)).version for thread in threads}
    doubled: list[list[int]] = []

    async def watch() -> None:
        while True:
            live = [c.session.shard[0] for c in fake._connections if c.session is not None and not c.ws.closed]
            if len(live) != len(set(live)):
                doubled.append(live)
            await asyncio.sleep(0.005)

    watching = asyncio.create_task(watch())
    try:
        stopped_at = time.monotonic()
        await asyncio.to_thread(outage_server.halt if how == "stop" else outage_server.kill_postmaster)
        # Once both processes have fenced their shards, a click in each game: told at once that it did not count.
        await fake.wait_for(lambda: all("is lost: they wait for it" in p.said.read_text() for p in procs), timeout=10)
        clicks = [await _click(fake, last_board(fake, thread), random.Random(thread)) for thread in threads]
        for inter in clicks:
            await fake.wait_for(lambda i=inter: _ephemerals(i), timeout=10)
        await asyncio.sleep(seconds - (time.monotonic() - stopped_at))  # the outage lasts this long
        await asyncio.to_thread(outage_server.resume)
        back_at = time.monotonic()
        await _balanced(fake, outage_url, procs)  # each process serves one shard again
        for thread in threads:  # (the clicks made during the outage were not played)
            assert (await _in_thread(outage_url, thread)).version == versions[thread]
            assert await play_move(fake, thread, random.Random(thread))
        took = time.monotonic() - back_at
        await fake.settle()
    finally:
        watching.cancel()
    assert not doubled, doubled
    for inter in clicks:  # each told once, by one process, in the catalogue's words
        told = _ephemerals(inter)
        assert len(told) == 1 and ("did not count" in told[0] or "não valeu" in told[0]), told
        assert len(inter.responses) == 1, inter.responses
    for proc in procs:
        assert proc.returncode is None, proc.said.read_text()
        assert "Traceback" not in proc.said.read_text(), proc.said.read_text()
    db = await Database.open(outage_url)
    try:
        for game in await db.started_games():
            engine = GAMES[game.game]
            log = [(r["seat"], r["action_id"]) for r in await db.moves_that_count(game.id)]
            assert engine.load(game.state) == engine.replay(len(game.seats), game.seed, game.options, log)
    finally:
        await db.close()
    figure(
        failure=f"PostgreSQL stopped {seconds} s" if how == "stop" else "PostgreSQL's postmaster SIGKILLed",
        processes=2,
        commit="on",
        controls_back_s=round(took, 2),
        moving_again_s=round(took, 2),
        not_counted=len(clicks),
        told=sum(len(_ephemerals(inter)) for inter in clicks),
    )


async def _lock_backend(url: str, pid: int) -> int:
    """The server process behind a bot process's lock connection (named ``mesa bot PID``)."""
    db = await Database.open(url)
    try:
        return int(
            await db.sql.fetchval("SELECT pid FROM pg_stat_activity WHERE application_name = $1", f"mesa bot {pid}")
        )
    finally:
        await db.close()


async def test_outage_of_a_lock_connection_that_stops_answering_fences_its_shards_and_keeps_their_gateways(
    fake_discord, outage_server, outage_url, shard_bots
):
    """The server stops answering a process's lock connection while the database is up (the server process
    behind it SIGSTOPped: a connection a network drops silently looks the same). The process fences its shards
    once its looks at the connection go unanswered: a click is told that it did not count, without the
    database. It keeps their gateways open, and once the connection is gone (the server process goes on and
    ends it) takes their locks back and serves them again with no new login; the game goes on."""
    from test_shards import _game_in, _live_shards

    fake = fake_discord
    proc = await shard_bots()  # alone, it serves both shards
    await fake.wait_for(lambda: _live_shards(fake) == [0, 1], timeout=60)
    thread = await _game_in(fake, 1, 2, 4)
    before = (await _in_thread(outage_url, thread)).version
    logins = len(fake.identifies)
    backend = await _lock_backend(outage_url, proc.pid)
    os.kill(backend, signal.SIGSTOP)
    try:
        await fake.wait_for(lambda: "is lost: they wait for it" in proc.said.read_text(), timeout=10)
        inter = await _click(fake, last_board(fake, thread), random.Random(4))
        await fake.wait_for(lambda: _ephemerals(inter), timeout=10)
    finally:
        os.kill(backend, signal.SIGCONT)
    # (a line per shard: "serving shard 1 of 2 again"; the storage's "can be reached again" is not one)
    await fake.wait_for(lambda: proc.said.read_text().count(" of 2 again") == 2, timeout=10)
    assert len(fake.identifies) == logins and _live_shards(fake) == [0, 1], (fake.identifies, proc.said.read_text())
    assert (await _in_thread(outage_url, thread)).version == before  # (the click made meanwhile was not played)
    assert await play_move(fake, thread, random.Random(5))
    await fake.settle()
    told = _ephemerals(inter)
    assert len(told) == 1 and ("did not count" in told[0] or "não valeu" in told[0]), told
    assert proc.returncode is None and "Traceback" not in proc.said.read_text(), proc.said.read_text()


async def _in_thread(url: str, thread: int):
    """The game played in a thread, as stored."""
    db = await Database.open(url)
    try:
        return await db.game_in_channel(thread)
    finally:
        await db.close()


async def _click(fake: FakeDiscord, board, rng: random.Random):
    """The player the board mentions makes a random legal move on it (a button, or a menu's first choice)."""
    player, choice = mentioned(board)[0], rng.choice(action_ids(board))
    component = board.component(choice)
    if component["type"] == 2:
        return await fake.click(player, board, choice)
    return await fake.select(player, board, choice, [component["options"][0]["value"]])


@pytest.mark.parametrize("commit", ["on", "off"])
async def test_outage_a_crash_of_postgres_right_after_a_move_s_commit_leaves_no_board_ahead_of_the_database(
    fake_discord, outage_server, outage_url, said, commit
):
    """PostgreSQL crashes (its postmaster SIGKILLed, with its writers, which were stopped before the click) the
    moment a move's commit has returned and its board is on its way. With ``synchronous_commit=on`` (the
    default) the move survives, and its board, posted during the outage, is recorded and keeps its controls.
    With ``off`` (the operator's choice) the database loses the move: once it is back, the board that shows
    the lost move loses its controls, the stored position's board gets them back, and the player is told,
    once, that their move did not count. Either way the game goes on within seconds, without a restart."""
    fake = fake_discord
    url = f"{outage_url}&synchronous_commit={commit}"
    async with mesa(fake, url, board_retry=0.05) as bot:
        thread, game_id = await _started(fake)
        while not action_ids(last_board(fake, thread)):  # (a decision made privately: played through)
            assert await play_move(fake, thread, random.Random(1))
        await fake.settle()
        before, _ = await _stored(url, game_id)
        clicked, boards = last_board(fake, thread), len(board_messages(fake, thread))
        held = outage_server.hold_writers()
        post = fake.hold("POST", rf"^/channels/{thread}/messages$")
        inter = await _click(fake, clicked, random.Random(2))
        await asyncio.wait_for(post.arrived.wait(), stretched(10))  # the move's commit returned: its board comes
        await asyncio.to_thread(outage_server.crash, held)
        post.release()
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > boards, timeout=10)
        ahead = last_board(fake, thread)
        await fake.wait_for(lambda: said.lines, timeout=10)  # the bot noticed (its board's record failed)
        await asyncio.to_thread(outage_server.resume)
        back_at = time.monotonic()
        kept = commit == "on"

        async def truthful() -> bool:
            """The thread's last board is the stored position's, the one board with controls: the board posted
            during the outage if the database kept its move, else the stored position's posted again."""
            game, _ = await _stored(url, game_id)
            live, last = [b.id for b in live_boards(fake, thread)], last_board(fake, thread).id
            return (
                live == [last] == [game.board_message_id]
                and game.board_version == game.version
                and (last == ahead.id if kept else last not in (ahead.id, clicked.id))
            )

        await _until(truthful, BACK_WITHIN)
        controls_back = time.monotonic() - back_at
        game, _ = await _stored(url, game_id)
        assert game.version == (before.version + 1 if kept else before.version)
        if not kept:  # the player whose move was lost is told so, once
            await fake.wait_for(lambda: _ephemerals(inter), timeout=BACK_WITHIN)
            told = _ephemerals(inter)
            assert len(told) == 1 and ("lost your move" in told[0] or "perdeu a sua jogada" in told[0]), told
        await _truthful(fake, url, thread, game_id)
        assert await play_move(fake, thread, random.Random(3))  # the game goes on
        moving_again = time.monotonic() - back_at
        await bot.handlers.drain()
        await fake.settle()
        assert len(_ephemerals(inter)) == (0 if kept else 1)
        await _truthful(fake, url, thread, game_id)
    assert controls_back < stretched(BACK_WITHIN)
    assert await _replays(url, game_id)
    outage = [line for line in said.lines if "database" in line and "reached" in line]
    assert len(outage) == 2 and "cannot be reached" in outage[0] and "can be reached again" in outage[1], said.lines
    assert kept != any("a move the database does not have" in line for line in said.lines), said.lines
    assert said.tracebacks == 0, said.lines
    figure(
        failure=f"PostgreSQL's postmaster SIGKILLed after a commit (the move {'kept' if kept else 'lost'})",
        processes=1,
        commit=commit,
        controls_back_s=round(controls_back, 2),
        moving_again_s=round(moving_again, 2),
        not_counted=0 if kept else 1,
        told=len(_ephemerals(inter)),
    )


async def test_outage_a_reminder_and_a_clock_deadline_due_during_it_fire_once_after_it(
    fake_discord, outage_server, outage_url, said
):
    """At a table with a 24 h clock, two outages: during the first the turn's reminder falls due, and goes out
    just as the server stops (so its sending cannot be stored); during the second the turn's time runs out.
    Once the database is back each fires once: the reminder is not sent again, and the AI plays the late
    turn once, within seconds, without a restart."""
    from fakediscord.botkit import named, start_game

    fake = fake_discord
    hour = 3600.0
    now = [time.time()]
    async with mesa(fake, outage_url, clock=lambda: now[0], reminder_delay=12 * hour, reminder_poll=0.05) as bot:
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], 0)
        menu = next(c for c in lobby.custom_ids() if c.endswith(":L:lv"))
        await (await fake.select(ANA, fake.message(lobby.id), menu, ["clock.24.easy"])).wait_response()
        thread = await start_game(fake, ANA, lobby)
        game_id = int(last_board(fake, thread).custom_ids()[0].split(":")[1])
        late = named(last_board(fake, thread))[0]
        before, _ = await _stored(outage_url, game_id)

        def reminders() -> int:
            return len([m for m in fake.messages(thread) if "~mute" in str(m.custom_ids())])

        def outages() -> int:
            return len([line for line in said.lines if "cannot be reached" in line])

        # The first outage: the reminder goes out as the server stops, and its sending cannot be stored.
        held = fake.hold("POST", rf"^/channels/{thread}/messages$")
        now[0] += 13 * hour
        await asyncio.wait_for(held.arrived.wait(), stretched(10))
        await asyncio.to_thread(outage_server.halt)
        held.release()
        await fake.wait_for(lambda: reminders() == 1 and outages() == 1, timeout=10)
        await asyncio.to_thread(outage_server.resume)
        await fake.wait_for(lambda: any("can be reached again" in line for line in said.lines), timeout=BACK_WITHIN)
        await bot.check_reminders()
        await fake.settle()
        assert reminders() == 1  # its sending was stored once the database was back: not sent again
        # The second outage: the turn's time runs out while the database is away.
        boards = len(board_messages(fake, thread))
        await asyncio.to_thread(outage_server.halt)
        now[0] += 12 * hour
        await fake.wait_for(lambda: outages() == 2, timeout=10)  # the reminder loop found the database away
        await asyncio.to_thread(outage_server.resume)
        back_at = time.monotonic()
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > boards, timeout=BACK_WITHIN)
        played_after = time.monotonic() - back_at
        board = last_board(fake, thread)
        assert "time was up" in board.embed_texts() or "tempo" in board.embed_texts(), board.embed_texts()
        await bot.check_reminders()
        await fake.settle()
        assert len(board_messages(fake, thread)) == boards + 1 and reminders() == 1
        await _truthful(fake, outage_url, thread, game_id)
    game, log = await _stored(outage_url, game_id)
    # the late turn, played by the AI once (its moves came with the one board above)
    assert {(r["user_id"], r["seat"]) for r in log[before.version :]} == {(None, game.seats_of(late)[0])}
    assert await _replays(outage_url, game_id)
    assert said.tracebacks == 0, said.lines
    figure(
        failure="PostgreSQL stopped while a reminder and a clock deadline fell due",
        processes=1,
        commit="on",
        controls_back_s=round(played_after, 2),
        moving_again_s=round(played_after, 2),
        not_counted=0,
        told=0,
    )
