"""A move made on a game's page reaches the channel: the bot posts its board and mentions whoever acts
next, whether the pages are served by the bot itself or by a process of their own beside it (then the
bot hears of the move from the database). Through discord.py's real client against the fake Discord, and
the pages over HTTP."""

from __future__ import annotations

import contextlib
import re

from aiohttp import ClientSession, CookieJar
from aiohttp.test_utils import unused_port
from yarl import URL

from bot.settings import Settings
from bot.storage import Database
from bot.web import WebServer
from fakediscord.botkit import board_messages, last_board, mentioned, mesa, start_game, start_lobby
from fakediscord.server import FakeDiscord
from rules import GAMES

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
