"""When Discord or the bot fails: board posts refused or lost, deleted threads, crashes, lost clicks.

Each test drives the real bot through the fake Discord and checks what players and hosts see;
the crash tests run ``python -m bot`` in a subprocess killed with SIGKILL at a chosen point.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import time
import weakref
from pathlib import Path

import pytest
from spawned import end

from bot.storage import Database
from fakediscord import FakeDiscord
from fakediscord.botkit import (
    action_ids,
    board_messages,
    check_reminders,
    ephemeral_reply,
    last_board,
    mentioned,
    mesa,
    play_move,
    start_lobby,
)
from fakediscord.botkit import lobby_id as lobby_button
from fakediscord.fixtures import CHANNEL_ID
from fakediscord.timing import stretched
from rules import GAMES

ANA, BRUNO = 1, 2
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


async def _started(fake: FakeDiscord, humans=(ANA, BRUNO), ai=1) -> tuple[int, int]:
    """Starts an ATLANDICE game in a thread of the test channel; returns (thread id, game id)."""
    lobby = await start_lobby(fake, "atlandice", humans[0], list(humans[1:]), ai)
    start = await fake.click(humans[0], lobby, lobby_button(lobby, "start"))
    await start.wait_response()
    thread = await fake.wait_for(lambda: next(iter(fake.threads), None))
    # A bot in a process of its own draws its first board once its picture worker has started: on a
    # busy machine that takes seconds.
    await fake.wait_for(lambda: board_messages(fake, thread), timeout=30)
    return thread, int(last_board(fake, thread).custom_ids()[0].split(":")[1])


async def _game(db_path: Path, game_id: int):
    db = await Database.open(db_path)
    try:
        return await db.get_game(game_id)
    finally:
        await db.close()


async def _replays(db_path: Path, game_id: int) -> bool:
    db = await Database.open(db_path)
    try:
        game, log = await db.get_game(game_id), await db.action_log(game_id)
    finally:
        await db.close()
    engine = GAMES[game.game]
    replay = engine.replay(len(game.seats), game.seed, game.options, [(r["seat"], r["action_id"]) for r in log])
    return engine.load(game.state) == replay


async def _board_is_current(db_path: Path, game_id: int) -> bool:
    game = await _game(db_path, game_id)
    return game.board_version == game.version


def live_boards(fake: FakeDiscord, channel_id: int) -> list:
    """The boards of a channel that still carry controls."""
    return [b for b in board_messages(fake, channel_id) if fake.message(b.id).custom_ids()]


def said_to(fake: FakeDiscord, channel_id: int, user_id: int) -> list[str]:
    """The bot's plain texts (no picture) in a channel that mention a user."""
    return [m.content for m in fake.messages(channel_id) if f"<@{user_id}>" in m.content and not m.files()]


async def _click_first(fake: FakeDiscord, thread: int):
    board = last_board(fake, thread)
    player = mentioned(board)[0]
    return player, await fake.click(player, board, action_ids(board)[0])


# -- a board post that fails -----------------------------------------------------------
async def test_board_post_fail_403_tells_the_truth_waits_and_game_board_recovers(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path, board_retry=0.01) as bot:
        thread, game_id = await _started(fake)
        fake.set_send_allowed(CHANNEL_ID, False, in_channel=False)  # threads only: the channel still works
        await fake.settle()
        _player, inter = await _click_first(fake, thread)
        answer = (await ephemeral_reply(fake, inter)).content
        assert "valeu" in answer or "counts" in answer  # the move counts, and the player is told so
        notice = await fake.wait_for(lambda: said_to(fake, CHANNEL_ID, ANA))  # the host hears it in the channel
        assert f"<#{thread}>" in notice[0] and ("/partida tabuleiro" in notice[0] or "/game board" in notice[0])
        game = await _game(db_path, game_id)
        assert game.version >= 1 and game.board_blocked
        version = game.version
        # A blocked board is not retried in a loop: a pass of the outbox now, whatever its retry delays, posts
        # nothing (a board merely waiting for its retry would be due long since, at 0.01 s).
        await bot.handlers.post_due_boards()
        await fake.settle()
        posts = [r for r in fake.requests if r == ("POST", f"/channels/{thread}/messages")]
        assert len(posts) == 2 and len(board_messages(fake, thread)) == 1 and not live_boards(fake, thread)
        still = await fake.slash(BRUNO, thread, "game board")
        assert "still cannot" in (await ephemeral_reply(fake, still)).content
        fake.set_send_allowed(CHANNEL_ID, True)
        await fake.settle()
        again = await fake.slash(BRUNO, thread, "game board")
        assert "posted again" in (await ephemeral_reply(fake, again)).content
        board = last_board(fake, thread)
        assert len(board_messages(fake, thread)) == 2 and live_boards(fake, thread) == [board]
        assert mentioned(board) and str(version) in board.custom_ids()[0].split(":")[2]
        assert await play_move(fake, thread, random.Random(4))
    assert await _replays(db_path, game_id)


async def test_board_post_fail_server_error_is_retried_in_the_background(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path, board_retry=0.01):
        thread, game_id = await _started(fake)
        # discord.py retries a 500 four times (16 s of sleeps) and then raises DiscordServerError;
        # a 503 raises the same error at once.
        fake.set_fail("POST", rf"^/channels/{thread}/messages$", 503, 0, times=3)
        _player, inter = await _click_first(fake, thread)
        answer = (await ephemeral_reply(fake, inter)).content
        assert ("valeu" in answer or "counts" in answer) and ("tentando" in answer or "trying" in answer)
        board = await fake.wait_for(lambda: board_messages(fake, thread)[1:], timeout=10)
        assert len(board) == 1 and mentioned(board[0])  # posted once, pinging whoever plays next
        assert live_boards(fake, thread) == board
        assert fake.requests.count(("POST", f"/channels/{thread}/messages")) == 1 + 3 + 1
        assert await play_move(fake, thread, random.Random(5))
    assert await _replays(db_path, game_id)


async def test_board_post_fail_then_restart_posts_the_missing_board(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path, board_retry=3600.0):  # the bot stops before its next try
        thread, game_id = await _started(fake)
        fake.set_fail("POST", rf"^/channels/{thread}/messages$", 503, 0)
        _, inter = await _click_first(fake, thread)
        await ephemeral_reply(fake, inter)
        assert len(board_messages(fake, thread)) == 1
    async with mesa(fake, db_path):
        await fake.wait_for(lambda: len(board_messages(fake, thread)) == 2, timeout=20)
        await fake.wait_for(lambda: len(live_boards(fake, thread)) == 1)  # the old board's controls go
        assert await play_move(fake, thread, random.Random(2))
    assert await _replays(db_path, game_id)


async def test_the_outbox_looking_while_a_board_post_fails_keeps_to_its_retry_delay(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path, board_retry=3600.0) as bot:
        thread, game_id = await _started(fake)
        boards = len(board_messages(fake, thread))
        post = ("POST", f"/channels/{thread}/messages")
        posts = fake.requests.count(post)
        held = fake.hold("POST", rf"^/channels/{thread}/messages$")
        fake.set_fail("POST", rf"^/channels/{thread}/messages$", 503, 0)
        _, inter = await _click_first(fake, thread)
        await asyncio.wait_for(held.arrived.wait(), stretched(5))
        # The outbox looks while the board's post is under way: the game's board is stale, and no retry
        # is set yet; the outbox waits for the game's lock.
        lock = bot.service.lock(game_id)
        sweep = asyncio.create_task(bot.handlers.post_due_boards())
        await fake.wait_for(lambda: lock._waiters)
        held.release()  # the post fails: its next try is an hour away
        await ephemeral_reply(fake, inter)
        await asyncio.wait_for(sweep, stretched(5))
        await fake.settle()
        assert len(board_messages(fake, thread)) == boards
        assert fake.requests.count(post) == posts + 1
        again = await fake.slash(BRUNO, thread, "game board")  # a player asks: posted at once
        assert "posted again" in (await ephemeral_reply(fake, again)).content
        assert len(board_messages(fake, thread)) == boards + 1 and len(live_boards(fake, thread)) == 1
    assert await _replays(db_path, game_id)


# -- a deleted thread or channel -------------------------------------------------------
async def test_unknown_channel_on_board_post_abandons_then_game_move_reposts(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake)
        fake.set_fail("POST", rf"^/channels/{thread}/messages$", 404, 10003)  # deleted while the move was played
        _, inter = await _click_first(fake, thread)
        answer = (await ephemeral_reply(fake, inter)).content
        assert "/partida mover" in answer or "/game move" in answer
        await fake.delete_channel(thread, announce=False)
        notice = await fake.wait_for(lambda: said_to(fake, CHANNEL_ID, ANA))
        assert f"game:{game_id}" in notice[0] or f"partida:{game_id}" in notice[0]
        assert (await _game(db_path, game_id)).status == "abandoned"
        listed = await fake.slash(BRUNO, CHANNEL_ID, "game list")
        assert "stopped" in (await ephemeral_reply(fake, listed)).embed_texts()
        refused = await fake.slash(BRUNO, CHANNEL_ID, "game move", {"game": game_id})
        assert "host" in (await ephemeral_reply(fake, refused)).content.lower()
        moved = await fake.slash(ANA, CHANNEL_ID, "game move", {"game": game_id})
        await moved.wait_response()
        new_thread = await fake.wait_for(lambda: next((t for t in fake.threads if t != thread), None))
        board = await fake.wait_for(lambda: board_messages(fake, new_thread))
        assert live_boards(fake, new_thread) == board and mentioned(board[0])
        assert (await _game(db_path, game_id)).status == "active"
        assert await play_move(fake, new_thread, random.Random(6))
    assert await _replays(db_path, game_id)


async def test_deleted_thread_abandons_the_game_and_the_host_ends_it_from_anywhere(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake)
        await fake.delete_channel(thread)  # THREAD_DELETE
        notice = await fake.wait_for(lambda: said_to(fake, CHANNEL_ID, ANA))
        assert "/partida encerrar" in notice[0] or "/game end" in notice[0]
        assert (await _game(db_path, game_id)).status == "abandoned"
        mine = await fake.autocomplete(ANA, CHANNEL_ID, "game end", {"game": ""}, "game")
        await mine.wait_response()
        assert [c["value"] for c in mine.autocomplete_choices] == [game_id]
        theirs = await fake.autocomplete(BRUNO, CHANNEL_ID, "game end", {"game": ""}, "game")
        await theirs.wait_response()
        assert theirs.autocomplete_choices == []
        end = await fake.slash(ANA, CHANNEL_ID, "game end", {"game": game_id})
        await end.wait_response()
        assert (await _game(db_path, game_id)).status == "ended"


async def test_deleted_channel_abandons_its_thread_games_and_tells_the_host_privately(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path):
        _thread, game_id = await _started(fake)
        await start_lobby(fake, "engis", BRUNO, [], 0)  # a lobby still open there
        await fake.delete_channel(CHANNEL_ID)  # CHANNEL_DELETE: its threads go with it
        dm = await fake.wait_for(lambda: fake.dm_messages(ANA))
        assert f"#{game_id}" in dm[0].content
        assert (await _game(db_path, game_id)).status == "abandoned"
        assert (await _game(db_path, game_id + 1)).status == "ended"


async def test_unknown_channel_stops_reminders_after_the_first_failure(fake_discord, db_path):
    fake = fake_discord
    # Reminders every 0.05 s, then twice as long each time, many of them: one is still to come however
    # long the start takes on a busy machine. mesa() fails the test on an ERROR log.
    ahead = [0.0]  # how far the bot's clock runs ahead of the real one, in seconds
    async with mesa(
        fake, db_path, reminder_delay=0.05, reminder_poll=0.02, reminder_max=50, clock=lambda: time.time() + ahead[0]
    ) as bot:
        thread, game_id = await _started(fake, humans=(ANA, BRUNO), ai=0)
        await fake.settle()
        before = len(fake.requests)
        await fake.delete_channel(thread, announce=False)  # the bot missed the event
        await fake.wait_for(lambda: said_to(fake, CHANNEL_ID, ANA))  # the host is told once
        assert (await _game(db_path, game_id)).status == "abandoned"
        # A day later the next reminders would long be due (0.05 s, then 0.1 s, ...): the bot looks, sends none.
        ahead[0] = 24 * 3600.0
        await check_reminders(fake, bot)
        tries = [r for r in fake.requests[before:] if r[1].startswith(f"/channels/{thread}")]
        assert len(tries) == 1 and len(said_to(fake, CHANNEL_ID, ANA)) == 1
    assert (await _game(db_path, game_id)).status == "abandoned"


async def test_a_game_whose_state_cannot_be_read_stops_alone_and_its_host_is_told(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path):
        broken_thread, broken = await _started(fake)
        lobby = await start_lobby(fake, "atlandice", BRUNO, [ANA], 1)
        start = await fake.click(BRUNO, lobby, lobby_button(lobby, "start"))
        await start.wait_response()
        thread = await fake.wait_for(lambda: next((t for t in fake.threads if t != broken_thread), None))
        await fake.wait_for(lambda: board_messages(fake, thread))
    db = await Database.open(db_path)
    await db.update_game(broken, state='{"step": "not a state')  # a damaged row
    for game_id in (broken, broken + 1):  # both boards were lost in a crash
        await db.update_game(game_id, board_version=None)
    await db.close()
    async with mesa(fake, db_path):
        notice = await fake.wait_for(lambda: said_to(fake, CHANNEL_ID, ANA), timeout=20)
        await fake.wait_for(lambda: _board_is_current(db_path, broken + 1))  # the other game's board is found
        assert f"#{broken}" in notice[0] and ("cannot be read" in notice[0] or "não pode ser lido" in notice[0])
        board = last_board(fake, broken_thread)
        click = await fake.click(mentioned(board)[0], board, action_ids(board)[0])
        assert f"#{broken}" in (await ephemeral_reply(fake, click)).content
        assert await play_move(fake, thread, random.Random(3))
        assert len(said_to(fake, CHANNEL_ID, ANA)) == 1  # told once


async def test_reminders_in_a_thread_the_bot_may_not_write_in_stop_after_the_first_failure(fake_discord, db_path):
    fake = fake_discord
    # Reminders every 0.05 s, then twice as long each time, many of them: one is still to come however
    # long the start takes on a busy machine. mesa() fails the test on an ERROR log.
    ahead = [0.0]  # how far the bot's clock runs ahead of the real one, in seconds
    async with mesa(
        fake, db_path, reminder_delay=0.05, reminder_poll=0.02, reminder_max=50, clock=lambda: time.time() + ahead[0]
    ) as bot:
        thread, game_id = await _started(fake, humans=(ANA, BRUNO), ai=0)
        await fake.settle()
        before = len(fake.requests)
        fake.set_send_allowed(CHANNEL_ID, False, in_channel=False)
        await fake.wait_for(lambda: ("POST", f"/channels/{thread}/messages") in fake.requests[before:])

        async def muted() -> bool:
            db = await Database.open(db_path)
            try:
                reminders = await db.reminders_of(game_id)
            finally:
                await db.close()
            return bool(reminders) and all(r["muted"] for r in reminders)

        await fake.wait_for(muted)  # the refused reminder stopped the game's reminders
        # A day later the next reminders would long be due (0.05 s, then 0.1 s, ...): the bot looks, sends none.
        ahead[0] = 24 * 3600.0
        await check_reminders(fake, bot)
        assert fake.requests[before:].count(("POST", f"/channels/{thread}/messages")) == 1
        assert (await _game(db_path, game_id)).status == "active"  # the game itself goes on


# -- a move the database lost ------------------------------------------------------------------
@pytest.mark.parametrize("found_by", ["history", "nonce"])
async def test_a_move_the_database_lost_and_played_again_otherwise_gets_a_board_of_its_own(
    fake_discord, db_path, found_by
):
    """The database lost a move whose board was posted (a crash of its server, with synchronous commit off),
    and the game went on to the same version number by another move. The lost move's board is no longer the
    game's: the new position gets a board of its own (its post's nonce names the position, not only the
    version), the restart's sweep takes the controls off the lost one (it compares each board's position
    with the stored game's), and nothing but the new board can be clicked."""
    import shutil

    from bot.service.games import GameService
    from bot.settings import Settings

    fake = fake_discord
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake, ai=0)
        first = last_board(fake, thread)
    saved = db_path.with_name("before.sqlite3")
    shutil.copy(db_path, saved)  # the database as the crash will leave it
    player, choices = mentioned(first)[0], action_ids(first)
    assert len(choices) >= 2
    async with mesa(fake, db_path):
        inter = await fake.click(player, fake.message(first.id), choices[0])
        await inter.wait_response()
        lost = (await fake.wait_for(lambda: board_messages(fake, thread)[1:]))[0]
        await fake.settle()
    shutil.copy(saved, db_path)  # the move and its board's record are gone
    db = await Database.open(db_path)
    service = GameService(db, Settings(token="t", database=db_path, ai_processes=0))
    try:  # the game goes on from the position it kept, by another move, to the same version
        await service.act(game_id, player, 0, choices[1].rsplit(":", 1)[1])
        assert (await db.get_game(game_id)).version == 1
    finally:
        service.thinker.close()
        await db.close()
    if found_by == "history":
        fake.forget_nonces()
    else:  # the history cannot be read: the nonce alone decides
        fake.set_fail("GET", rf"^/channels/{thread}/messages$", 403, 50001, times=10)
    async with mesa(fake, db_path):
        board = await fake.wait_for(lambda: board_messages(fake, thread)[2:], timeout=20)
        await fake.settle()
        game = await _game(db_path, game_id)
        assert board[0].id != lost.id and game.board_message_id == board[0].id == live_boards(fake, thread)[-1].id
        if found_by == "history":
            assert live_boards(fake, thread) == board  # the lost move's board lost its controls
        assert await play_move(fake, thread, random.Random(3))
    assert await _replays(db_path, game_id)


# -- crashes -------------------------------------------------------------------------------
@pytest.fixture
async def bot_process(fake_discord, db_path, tmp_path):
    """Starts ``python -m bot`` against the fake through the test launcher, optionally armed to die at a
    kill point. Every process it started is ended when the test ends, passed or failed, before the fake
    closes: SIGTERM to its process group, SIGKILL after a grace period (its worker processes too).

    Its output goes to files (``output(proc)`` reads its stderr): a pipe nobody reads any more would
    stop a bot that logs, signals and all."""
    started: list[asyncio.subprocess.Process] = []

    async def start(
        point: str | None = None,
        *,
        token: str = "fake-token",
        env: dict[str, str] | None = None,
        database: str | None = None,
    ) -> asyncio.subprocess.Process:
        argv = [sys.executable, str(ROOT / "tests" / "mesa_launcher.py"), str(fake_discord.port)]
        environ = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": token,
            "MESA_DATABASE": database or str(db_path),
            "MESA_LOG_LEVEL": "WARNING",
            **(env or {}),
        }
        out = tmp_path / f"bot-{len(started)}.out"
        with out.open("wb") as stdout, out.with_suffix(".err").open("wb") as stderr:
            proc = await asyncio.create_subprocess_exec(
                *argv,
                *([point] if point else []),
                cwd=ROOT,
                env=environ,
                stdout=stdout,
                stderr=stderr,
                start_new_session=True,  # a group of its own: the bot and its workers end together
            )
        OUTPUT[proc] = out.with_suffix(".err")
        started.append(proc)
        return proc

    yield start
    for proc in started:
        await end(proc)


OUTPUT: weakref.WeakKeyDictionary[asyncio.subprocess.Process, Path] = weakref.WeakKeyDictionary()


def output(proc: asyncio.subprocess.Process) -> str:
    """What a bot process wrote on stderr so far."""
    return OUTPUT[proc].read_text(encoding="utf-8", errors="replace")


async def _connected(fake: FakeDiscord, proc: asyncio.subprocess.Process) -> None:
    await fake.wait_for(lambda: fake.connected or proc.returncode is not None, timeout=30)
    assert proc.returncode is None, output(proc)
    await fake.wait_for(lambda: ("send", "GUILD_CREATE") in fake.gateway_log, timeout=10)
    await fake.settle()


async def _killed(proc: asyncio.subprocess.Process) -> None:
    """Waits for the process to die at its kill point."""
    code = await asyncio.wait_for(proc.wait(), stretched(30))
    assert code == -signal.SIGKILL, output(proc)


@pytest.mark.parametrize(
    "point, found_by",
    [
        ("board-sent", "history"),  # restarted minutes later: the board is found in the channel's history
        ("board-sent", "nonce"),  # restarted at once, history unreadable: the post's nonce returns the same board
        ("board-stored", "history"),  # the old board kept its controls: the start-up finds it
    ],
)
async def test_kill_between_board_post_and_store_leaves_one_live_board(
    fake_discord, db_path, bot_process, point, found_by
):
    fake = fake_discord
    # The game began in an earlier run: the process that plays the click does not know it, so it
    # acknowledges the click without taking the board's controls off (a process that stored the
    # game's version takes them off with the acknowledgement: see the next test).
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake)
    fake.gateway_log.clear()
    proc = await bot_process(point)
    await _connected(fake, proc)
    await _click_first(fake, thread)
    await _killed(proc)
    assert len(board_messages(fake, thread)) == 2 and len(live_boards(fake, thread)) == 2  # what the crash left
    if found_by == "history":
        fake.forget_nonces()
    else:
        fake.set_fail("GET", rf"^/channels/{thread}/messages$", 403, 50001, times=10)
    async with mesa(fake, db_path):
        await fake.wait_for(lambda: len(live_boards(fake, thread)) == 1, timeout=20)  # after discord.py's ready
        await fake.settle()
        game = await _game(db_path, game_id)
        assert len(board_messages(fake, thread)) == 2  # nothing posted twice
        assert live_boards(fake, thread)[0].id == game.board_message_id == board_messages(fake, thread)[1].id
        assert game.board_version == game.version
        assert await play_move(fake, thread, random.Random(8))
        await fake.wait_for(lambda: len(live_boards(fake, thread)) == 1)  # the old board's controls go
    assert await _replays(db_path, game_id)


async def test_a_click_acknowledged_by_the_process_that_stored_the_board_takes_its_controls_off_at_once(
    fake_discord, db_path, bot_process
):
    """Killed between the new board's post and its record: the clicked board had lost its controls with the
    click's acknowledgement, so the crash leaves one live board, and the restart keeps it so."""
    fake = fake_discord
    proc = await bot_process("board-sent")
    await _connected(fake, proc)
    thread, game_id = await _started(fake)
    _, inter = await _click_first(fake, thread)
    await _killed(proc)
    assert [r["type"] for r in inter.responses] == [7]  # UPDATE_MESSAGE: the acknowledgement is the edit
    first, second = board_messages(fake, thread)
    assert live_boards(fake, thread) == [second] and not first.custom_ids()
    async with mesa(fake, db_path):

        async def recorded() -> None:  # the start-up finds the posted board (nonce or history) and records it
            while (await _game(db_path, game_id)).board_message_id != second.id:
                await fake.settle()

        await asyncio.wait_for(recorded(), stretched(20))
        assert live_boards(fake, thread) == [second] and len(board_messages(fake, thread)) == 2
        assert await play_move(fake, thread, random.Random(8))
    assert await _replays(db_path, game_id)


@pytest.mark.parametrize(
    "point",
    [
        "click-noted",  # killed while the move was played
        "click-acked",  # killed the moment Discord had the acknowledgement: the click was noted before it
    ],
)
async def test_a_click_lost_in_a_crash_is_answered_after_restart(fake_discord, db_path, bot_process, point):
    fake = fake_discord
    proc = await bot_process(point)
    await _connected(fake, proc)
    thread, game_id = await _started(fake)
    before = (await _game(db_path, game_id)).version
    player, inter = await _click_first(fake, thread)
    await _killed(proc)
    assert inter.responses and (await _game(db_path, game_id)).version == before  # acknowledged, not played
    async with mesa(fake, db_path):
        await fake.wait_for(lambda: [m for m in inter.messages if m.ephemeral], timeout=20)  # after the start-up
        answer = (await ephemeral_reply(fake, inter)).content
        assert "não valeu" in answer or "did not count" in answer
        board = last_board(fake, thread)
        again = await fake.click(player, board, action_ids(board)[0])
        await again.wait_response()
        await fake.wait_for(lambda: len(board_messages(fake, thread)) == 2)
    assert (await _game(db_path, game_id)).version > before and await _replays(db_path, game_id)


async def test_a_crash_while_strong_ai_seats_think_leaves_the_players_move_and_they_answer_after_restart(
    fake_discord, db_path, bot_process
):
    fake = fake_discord
    env = {"MESA_AI_BUDGET": "0.02", "MESA_AI_PROCESSES": "0"}
    proc = await bot_process("ai-answer", env=env)
    await _connected(fake, proc)
    lobby = await start_lobby(fake, "atlandice", ANA, [], 1)
    menu = next(c for c in lobby.custom_ids() if c.endswith(":L:lv"))
    await (await fake.select(ANA, fake.message(lobby.id), menu, ["1.strong"])).wait_response()
    start = await fake.click(ANA, fake.message(lobby.id), lobby_button(lobby, "start"))
    await start.wait_response()
    thread = await fake.wait_for(lambda: next(iter(fake.threads), None), 20)
    await fake.wait_for(lambda: board_messages(fake, thread), 20)  # the AI seat may play first
    game_id = int(last_board(fake, thread).custom_ids()[0].split(":")[1])
    for _ in range(20):  # Ana's moves, until one the AI seat answers: it dies storing the answer
        version, boards = (await _game(db_path, game_id)).version, len(board_messages(fake, thread))
        await _click_first(fake, thread)
        await fake.wait_for(lambda n=boards: proc.returncode is not None or len(board_messages(fake, thread)) > n, 20)
        if proc.returncode is not None:
            break
    await _killed(proc)
    game = await _game(db_path, game_id)
    engine = GAMES["atlandice"]
    assert game.version == version + 1 and await _replays(db_path, game_id)  # Ana's move is stored
    assert [s for s in engine.to_act(engine.load(game.state)) if game.seats[s].is_ai]  # and the AI's turn is due
    assert len(board_messages(fake, thread)) == boards  # no board for it yet
    async with mesa(fake, db_path, ai_budget=0.02, ai_processes=0):
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > boards, timeout=20)  # after the start-up
        await fake.settle()
        game = await _game(db_path, game_id)
        assert game.version > version + 1 and game.board_version == game.version  # the AI answered, the board is out
        assert len(live_boards(fake, thread)) == 1 and mentioned(last_board(fake, thread)) == [ANA]
        assert await play_move(fake, thread, random.Random(2))  # and the game goes on
    assert await _replays(db_path, game_id)


async def test_sigterm_stops_the_bot_cleanly_so_the_next_start_has_nothing_to_check(fake_discord, db_path, bot_process):
    from bot.ui.boards import BOARDS_CLEAN

    fake = fake_discord
    proc = await bot_process()
    await _connected(fake, proc)
    thread, game_id = await _started(fake)
    await _click_first(fake, thread)
    await fake.wait_for(lambda: len(board_messages(fake, thread)) == 2)
    proc.send_signal(signal.SIGTERM)  # a host restarting the bot
    await asyncio.wait_for(proc.wait(), stretched(30))
    assert proc.returncode == 0 and "Traceback" not in output(proc), output(proc)
    db = await Database.open(db_path)
    try:
        noted, game = await db.get_meta(BOARDS_CLEAN), await db.get_game(game_id)
    finally:
        await db.close()
    assert noted is not None and float(noted) >= game.updated_at
    assert len(live_boards(fake, thread)) == 1


async def test_a_stop_waits_for_the_clicks_being_answered(fake_discord, db_path, bot_process):
    """SIGTERM while the answer to a click (a player's private view) is on its way: the clicks that come
    now are told to wait, and the bot ends once that answer is through, not by cutting it off."""
    fake = fake_discord
    proc = await bot_process()
    await _connected(fake, proc)
    thread, _ = await _started(fake)
    board = last_board(fake, thread)
    player, mine = mentioned(board)[0], next(c for c in board.custom_ids() if c.endswith(":~me"))
    held = fake.hold("POST", r"^/interactions/\d+/[^/]+/callback$")
    click = await fake.click(player, board, mine)
    await asyncio.wait_for(held.arrived.wait(), stretched(30))
    proc.send_signal(signal.SIGTERM)
    said = ""
    async with asyncio.timeout(stretched(30)):  # the signal is seen when a click is told to wait
        while "restarting" not in said and "reiniciando" not in said:
            said = (await ephemeral_reply(fake, await fake.click(player, board, mine))).content
    assert proc.returncode is None
    held.release()
    await asyncio.wait_for(proc.wait(), stretched(30))
    assert proc.returncode == 0 and "Traceback" not in output(proc), output(proc)
    assert (await ephemeral_reply(fake, click)).custom_ids()  # the private view, with its choices


async def test_clicks_and_commands_while_the_bot_stops_are_told_to_wait(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path) as bot:
        thread, game_id = await _started(fake)
        version = (await _game(db_path, game_id)).version
        bot.handlers.stopping = True  # what MesaBot.close() sets first
        _, click = await _click_first(fake, thread)
        command = await fake.slash(ANA, thread, "game resign")
        for inter in (click, command):
            assert (
                "restarting" in (await ephemeral_reply(fake, inter)).content
                or "reiniciando" in (await ephemeral_reply(fake, inter)).content
            )
        assert (await _game(db_path, game_id)).version == version and len(board_messages(fake, thread)) == 1


async def test_a_start_cut_short_after_its_thread_was_made_plays_in_that_thread(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path) as bot:
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], 0)
        # The previous run made the game's thread, then stopped before the game was stored.
        made = await bot.get_channel(CHANNEL_ID).get_partial_message(lobby.id).create_thread(name="ATLANDICE")
        start = await fake.click(ANA, lobby, lobby_button(lobby, "start"))
        await start.wait_response()
        board = await fake.wait_for(lambda: board_messages(fake, made.id))
        assert mentioned(board[0]) and not board_messages(fake, CHANNEL_ID) and list(fake.threads) == [made.id]


# -- python -m bot refusing to start ---------------------------------------------------------
async def test_python_m_bot_with_a_refused_token_says_so_in_one_line_and_creates_no_database(
    fake_discord, db_path, bot_process
):
    fake = fake_discord
    fake.token = "the-right-token"
    proc = await bot_process(token="a-wrong-token")
    await asyncio.wait_for(proc.wait(), stretched(30))
    lines = output(proc).strip().splitlines()
    assert proc.returncode != 0 and len(lines) == 1 and lines[0].startswith("mesa: the token was refused: ")
    assert not db_path.exists()


@pytest.mark.parametrize("kind", ["garbage", "newer", "empty file", "no folder", "postgres: no database"])
async def test_python_m_bot_with_a_bad_database_exits_with_one_line_before_logging_in(
    fake_discord, db_path, bot_process, kind, request
):
    from bot.storage import MIGRATIONS

    target = str(db_path)
    if kind == "garbage":
        db_path.write_bytes(b"not a database at all\n" * 200)
    elif kind == "newer":
        db = await Database.open(db_path)
        await db.sql.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
        await db.close()
    elif kind == "empty file":
        db_path.touch()
    elif kind == "no folder":
        target = str(db_path.parent / "missing" / "mesa.sqlite3")
    else:
        target = request.getfixturevalue("postgres_server").url("no_such_database")
    proc = await bot_process(database=target)
    await asyncio.wait_for(proc.wait(), stretched(30))  # never a hang
    lines = output(proc).strip().splitlines()
    assert proc.returncode != 0 and len(lines) == 1, output(proc)
    assert lines[0].startswith("mesa: ") and ("no_such_database" if "postgres" in kind else target) in lines[0]
    assert ("newer" in lines[0]) == (kind == "newer")
    assert fake_discord.requests == []  # Discord never heard of it: the database is checked first
