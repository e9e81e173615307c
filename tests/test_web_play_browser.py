"""A signed-in player's page in a real Chromium on a 390 px phone: nothing scrolls sideways, the choices
are reached by keyboard and named for a screen reader, a move is played with the keyboard (the page's
script sending it), and without JavaScript the same controls play as plain forms."""

from __future__ import annotations

import asyncio
import shutil

import pytest
from aiohttp.test_utils import unused_port

from bot.service.games import GameService
from bot.settings import Settings
from bot.storage import Database
from bot.web import WebServer
from fakediscord.server import FakeDiscord
from rules import GAMES

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions"]


async def moved(service: GameService, game_id: int, version: int) -> int:
    for _ in range(400):
        now = (await service.load(game_id)).version
        if now > version:
            return now
        await asyncio.sleep(0.05)
    raise AssertionError("the move never came")


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
async def test_a_phone_player_plays_by_keyboard_with_and_without_the_script(tmp_path, script):
    from playwright.async_api import async_playwright

    async with FakeDiscord() as fake:
        fake.add_user(1, "Ana")
        fake.add_user(2, "Bruno")
        port = unused_port()
        db = await Database.open(tmp_path / "mesa.sqlite3")
        settings = Settings(
            ai_processes=0,
            render_workers=0,
            web_url=f"http://localhost:{port}",
            client_id=fake.app_id,
            client_secret=fake.accounts.client_secret,
            discord_api=fake.base_url + "/api/v10",
        )
        service = GameService(db, settings)
        server = WebServer(lambda: db, settings, service=service)
        service.watchers.append(server.changes.notify)
        try:
            lobby = await service.create_lobby("neanderthal", 100, 200, 1, "Ana", "en")
            await service.join(lobby.id, 2, "Bruno")
            await service.start(lobby.id, 1, None, seed=4)
            game = await service.load(lobby.id)
            state = service.state_of(game)
            seat = GAMES[game.game].to_act(state)[0]
            legal = [a.id for a in GAMES[game.game].legal_actions(state, seat)]
            await server.start(host="127.0.0.1", port=port)
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                context = await browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=script)
                await context.add_cookies(
                    [{"name": "fake_discord_user", "value": str(game.seats[seat].user_id), "url": fake.base_url}]
                )
                page = await context.new_page()
                await page.goto(f"http://localhost:{port}/signin?next=/g/{game.web_token}")
                await page.wait_for_selector("#play [data-action]")
                assert await page.evaluate("document.documentElement.scrollWidth") <= 390
                controls = page.locator("#play [data-action]")
                assert [await c.get_attribute("data-action") for c in await controls.all()] == legal
                first = controls.first
                name = await first.evaluate("e => e.textContent.trim()")
                assert name and await page.get_by_role("button", name=name).count() >= 1  # named for a reader
                for _ in range(30):  # Tab from the top reaches it
                    await page.keyboard.press("Tab")
                    if await first.evaluate("e => e === document.activeElement"):
                        break
                else:
                    raise AssertionError("Tab never reached the first choice")
                await page.keyboard.press("Enter")
                await moved(service, game.id, game.version)
                await page.wait_for_function(
                    "document.getElementById('notice') && document.getElementById('notice').textContent.length > 0"
                )
                assert await page.text_content("#notice") == "Played."
                await browser.close()
        finally:
            await server.stop()
            service.thinker.close()
            await db.close()
