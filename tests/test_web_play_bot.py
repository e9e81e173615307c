"""A move made on a game's page reaches the channel: the bot posts its board and mentions whoever acts
next, whether the pages are served by the bot itself or by a process of their own beside it (then the
bot hears of the move from the database). Through discord.py's real client against the fake Discord, and
the pages over HTTP."""

from __future__ import annotations

import contextlib
import random
import re

import pytest
from aiohttp import ClientSession, CookieJar
from aiohttp.test_utils import unused_port
from yarl import URL

from bot.settings import Settings
from bot.storage import Database
from bot.web import WebServer
from fakediscord.botkit import board_messages, last_board, mentioned, mesa, play_move, start_game, start_lobby
from fakediscord.server import FakeDiscord
from rules import GAMES
from rules.core import t

ANA, BRUNO = 1, 2


def sign_in_settings(fake: FakeDiscord, port: int) -> dict[str, object]:
    return {
        "web_url": f"http://127.0.0.1:{port}",
        "client_id": fake.app_id,
        "client_secret": fake.accounts.client_secret,
        "discord_api": fake.base_url + "/api/v10",
    }


@contextlib.asynccontextmanager
async def browser(fake: FakeDiscord, port: int, user_id: int, token: str):
    """A browser signed in as ``user_id`` on the page of ``token``; yields it and the page's form fields."""
    site = f"http://127.0.0.1:{port}"
    async with ClientSession(cookie_jar=CookieJar(unsafe=True, treat_as_secure_origin=[site])) as session:
        session.cookie_jar.update_cookies({"fake_discord_user": str(user_id)}, URL(fake.base_url))
        answer = await session.get(f"{site}/signin?next=/g/{token}")
        page = await answer.text()
        assert answer.status == 200 and 'id="play"' in page, page
        yield session, page


async def move_from_the_page(fake: FakeDiscord, port: int, db_path, thread: int) -> tuple[int, list[int]]:
    """The player to act plays their first choice from the page; the version it moved to and the users who
    must act then (as the database has them)."""
    db = await Database.open(db_path)
    try:
        game = await db.game_in_channel(thread)
        engine = GAMES[game.game]
        state = engine.load(game.state)
        seat = engine.to_act(state)[0]
        user_id = game.seats[seat].user_id
        async with browser(fake, port, user_id, game.web_token) as (session, page):
            csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
            action = re.search(r'data-action="([^"]+)"', page).group(1)
            answer = await session.post(
                f"http://127.0.0.1:{port}/g/{game.web_token}/act",
                data={"csrf": csrf, "version": str(game.version), "action": action},
                headers={"Accept": "application/json"},
            )
            assert answer.status == 200, await answer.text()
        after = await db.game_in_channel(thread)
        later = engine.load(after.state)
        waiting = [after.seats[s].user_id for s in engine.to_act(later) if not after.seats[s].is_ai]
        return after.version, waiting
    finally:
        await db.close()


async def test_a_move_on_the_bot_s_own_pages_posts_the_board_and_mentions_who_acts_next(fake_discord, tmp_path):
    fake, port = fake_discord, unused_port()
    settings = {**sign_in_settings(fake, port), "web_port": port, "web_host": "127.0.0.1"}
    async with mesa(fake, tmp_path / "mesa.sqlite3", **settings):
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=0)
        thread = await start_game(fake, ANA, lobby)
        before = len(board_messages(fake, thread))
        version, waiting = await move_from_the_page(fake, port, tmp_path / "mesa.sqlite3", thread)
        board = await fake.wait_for(lambda: len(board_messages(fake, thread)) > before and last_board(fake, thread))
        assert set(mentioned(board)) == set(waiting) and waiting
        assert f"m1:{_game_id(board)}:{version}:" in " ".join(board.custom_ids())  # the new position's controls


async def test_a_move_on_pages_served_beside_the_bot_reaches_the_channel_too(fake_discord, tmp_path):
    fake, port = fake_discord, unused_port()
    settings = sign_in_settings(fake, port)
    db_path = tmp_path / "mesa.sqlite3"
    async with mesa(fake, db_path, **settings):  # (no web_port: the pages are served by another process)
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=0)
        thread = await start_game(fake, ANA, lobby)
        before = len(board_messages(fake, thread))
        db = await Database.open(db_path)
        pages = WebServer(lambda: db, Settings(database=db_path, ai_processes=0, render_workers=0, **settings))
        try:
            await pages.start(host="127.0.0.1", port=port)
            version, waiting = await move_from_the_page(fake, port, db_path, thread)
            board = await fake.wait_for(
                lambda: len(board_messages(fake, thread)) > before and last_board(fake, thread), timeout=15
            )
            assert set(mentioned(board)) == set(waiting) and waiting
            assert f"m1:{_game_id(board)}:{version}:" in " ".join(board.custom_ids())
        finally:
            await pages.stop()
            await db.close()


def _game_id(board) -> str:
    return next(c for c in board.custom_ids() if c.startswith("m1:")).split(":")[1]


async def test_an_undo_asked_on_the_page_that_needs_the_others_is_asked_in_the_channel(fake_discord, tmp_path):
    """Ana takes back her move after Bruno's from the page: the bot asks Bruno in the channel (Agree /
    Refuse), as ``/game undo`` does; his Agree takes the moves back."""
    fake, port = fake_discord, unused_port()
    db_path = tmp_path / "mesa.sqlite3"
    settings = {**sign_in_settings(fake, port), "web_port": port, "web_host": "127.0.0.1"}
    async with mesa(fake, db_path, **settings):
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=0)
        thread = await start_game(fake, ANA, lobby)
        db = await Database.open(db_path)
        try:
            for _ in range(30):  # each plays until Ana's last move and Bruno's after it may both be taken back
                await move_from_the_page(fake, port, db_path, thread)
                game = await db.game_in_channel(thread)
                counted = await db.moves_that_count(game.id)
                users = [r["user_id"] for r in counted]
                since = counted[max((i for i, u in enumerate(users) if u == ANA), default=len(users)) :]
                if since and all(r["revealed"] is False for r in since) and BRUNO in [r["user_id"] for r in since]:
                    break
            else:
                raise AssertionError("no undoable pair of moves came")
            version = game.version
            async with browser(fake, port, ANA, game.web_token) as (session, page):
                csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
                answer = await session.post(
                    f"http://127.0.0.1:{port}/g/{game.web_token}/undo",
                    data={"csrf": csrf},
                    headers={"Accept": "application/json"},
                )
                said = await answer.json()
                assert answer.status == 200 and said["ok"] and "Asked" in said["text"], said
            request = await fake.wait_for(
                lambda: [m for m in fake.messages(thread) if m.custom_ids() and ":~uy" in " ".join(m.custom_ids())]
            )
            assert BRUNO in mentioned(request[-1])
            agree = next(c for c in request[-1].custom_ids() if c.endswith(":~uy"))
            await fake.click(BRUNO, request[-1], agree)
            await fake.wait_for(lambda: any(r["undone_at"] for r in fake_log(db_path)) or None, timeout=10)
        finally:
            await db.close()
        after = await Database.open(db_path)
        try:
            assert (await after.game_in_channel(thread)).version > version
        finally:
            await after.close()


def fake_log(db_path) -> list[dict]:
    import sqlite3

    with sqlite3.connect(db_path) as conn:
        conn.row_factory = sqlite3.Row
        return [dict(r) for r in conn.execute("SELECT undone_at FROM actions")]


# -- what the channel reads: a page's move or resignation posts what the same one through Discord posts ----------
CARLA = 3


@contextlib.asynccontextmanager
async def served(fake: FakeDiscord, port: int, db_path, apart: bool, **extra):
    """The bot, and the pages: served by the bot itself, or (``apart``) by a process of their own beside it
    (a ``WebServer`` on its own service and database, as ``python -m bot web`` runs them)."""
    settings = sign_in_settings(fake, port)
    if not apart:
        async with mesa(fake, db_path, **settings, **extra, web_port=port, web_host="127.0.0.1") as bot:
            yield bot
        return
    async with mesa(fake, db_path, **settings, **extra) as bot:
        db = await Database.open(db_path)
        pages = WebServer(lambda: db, Settings(database=db_path, render_workers=0, **settings, **extra))
        try:
            await pages.start(host="127.0.0.1", port=port)
            yield bot
        finally:
            await pages.stop()
            await db.close()


def channel_since(fake: FakeDiscord, thread: int, seen: set[int]) -> list:
    """What the bot posted in the thread since ``seen`` (every message then), those deleted since too."""
    return [m for i, m in fake.all_messages.items() if i not in seen and m.channel_id == thread and not m.ephemeral]


def shape(messages: list, who: int) -> list[tuple[str, bool]]:
    """What the channel reads, message by message: a board, or a line (``who``'s mention made general); and
    whether it was deleted since."""
    return [("board" if m.files() else m.content.replace(f"<@{who}>", "<@who>"), m.deleted) for m in messages]


async def settled(fake: FakeDiscord, bot, thread: int, seen: set[int], done) -> list:
    """The thread's new messages once ``done(them)`` holds and the bot has finished what it was doing."""
    await fake.wait_for(lambda: done(channel_since(fake, thread, seen)), timeout=20)
    await bot.handlers.drain()
    return channel_since(fake, thread, seen)


async def post_from_page(fake: FakeDiscord, port: int, user_id: int, token: str, what: str, **fields: str) -> dict:
    async with browser(fake, port, user_id, token) as (session, page):
        csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        answer = await session.post(
            f"http://127.0.0.1:{port}/g/{token}/{what}",
            data={"csrf": csrf, **fields},
            headers={"Accept": "application/json"},
        )
        said = await answer.json()
        assert answer.status == 200 and said["ok"], said
        return said


@pytest.mark.parametrize("apart", [False, True], ids=["the bot's pages", "pages apart"])
async def test_a_resignation_on_the_page_posts_what_game_resign_posts(fake_discord, tmp_path, apart):
    """Bruno resigns with /game resign, Carla on the page: the channel gets the same, a board and then the
    line that says who resigned."""
    fake, port, db_path = fake_discord, unused_port(), tmp_path / "mesa.sqlite3"
    async with served(fake, port, db_path, apart) as bot:
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO, CARLA], ai_seats=0)
        thread = await start_game(fake, ANA, lobby)
        seen = set(fake.all_messages)
        await fake.slash(BRUNO, thread, "game resign")
        by_command = await settled(fake, bot, thread, seen, lambda new: any("resigned" in m.content for m in new))
        game = await bot.service.db.game_in_channel(thread)
        seen = set(fake.all_messages)
        await post_from_page(fake, port, CARLA, game.web_token, "resign")
        from_page = await settled(fake, bot, thread, seen, lambda new: len(new) >= len(by_command))
    assert shape(by_command, BRUNO) == [("board", False), (t("board.resigned", "en", who="<@who>"), False)]
    assert shape(from_page, CARLA) == shape(by_command, BRUNO)


@pytest.mark.parametrize("apart", [False, True], ids=["the bot's pages", "pages apart"])
async def test_a_move_on_the_page_says_that_strong_ai_seats_think_as_a_click_does(fake_discord, tmp_path, apart):
    """Ana plays against two strong AI seats, by a button and then on the page: after each, the channel gets
    the line saying what she played and who is thinking, then the board with their answer, and the line goes."""
    fake, port, db_path = fake_discord, unused_port(), tmp_path / "mesa.sqlite3"
    rng = random.Random(5)
    async with served(fake, port, db_path, apart, ai_budget=0.02, ai_processes=0) as bot:
        lobby = await start_lobby(fake, "pergamemnon", ANA, [], ai_seats=2)
        for seat in (1, 2):
            menu = next(c for c in lobby.custom_ids() if c.endswith(":L:lv"))
            chosen = await fake.select(ANA, fake.message(lobby.id), menu, [f"{seat}.strong"])
            await chosen.wait_response()
        thread = await start_game(fake, ANA, lobby)

        def answered(new) -> bool:  # a board came, and a line said before it is gone
            return any(m.files() for m in new) and all(m.deleted for m in new if not m.files())

        by_click = from_page = []
        for _ in range(20):  # a move after which the AI seats play (not one that asks Ana again)
            seen = set(fake.all_messages)
            assert await play_move(fake, thread, rng)
            by_click = await settled(fake, bot, thread, seen, answered)
            if any(not m.files() for m in by_click):
                break
        for _ in range(20):
            seen = set(fake.all_messages)
            await move_from_the_page(fake, port, db_path, thread)
            from_page = await settled(fake, bot, thread, seen, answered)
            if any(not m.files() for m in from_page):
                break
    assert [(bool(m.files()), m.deleted) for m in by_click] == [(False, True), (True, False)]
    assert [(bool(m.files()), m.deleted) for m in from_page] == [(False, True), (True, False)]
    assert "(strong) is thinking" in by_click[0].content and "(strong) is thinking" in from_page[0].content
