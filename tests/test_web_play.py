"""Signing in on a game's page and playing there, over HTTP against the real server, service and database,
with the fake Discord's OAuth2 (authorize, token, users/@me): the sign-in, each seat's own view, the moves
made from the page, and every refusal a forged, stale or foreign request meets."""

from __future__ import annotations

import re
import urllib.parse

import pytest
from aiohttp import CookieJar
from aiohttp.test_utils import TestClient, TestServer, unused_port
from yarl import URL

from bot.service.games import GameService
from bot.settings import Settings
from bot.storage import Database
from bot.web import WebServer
from bot.web.sessions import BROWSER
from fakediscord.server import FakeDiscord

ANA, BRUNO, CARLA = 1, 2, 3


def settings(fake: FakeDiscord | None, port: int, **more) -> Settings:
    signin = {}
    if fake is not None:
        signin = dict(
            client_id=fake.app_id, client_secret=fake.accounts.client_secret, discord_api=fake.base_url + "/api/v10"
        )
    return Settings(ai_processes=0, render_workers=0, web_url=f"http://127.0.0.1:{port}", **signin, **more)


@pytest.fixture
async def db(tmp_path):
    db = await Database.open(tmp_path / "mesa.sqlite3")
    yield db
    await db.close()


@pytest.fixture
async def fake():
    async with FakeDiscord() as fake:
        for user_id, name in ((ANA, "Ana"), (BRUNO, "Bruno"), (CARLA, "Carla")):
            fake.add_user(user_id, name)
        yield fake


async def started(service: GameService, game: str = "pergamemnon", seed: int = 11) -> int:
    """A game of Ana, Bruno and an AI seat, dealt with ``seed``; its id."""
    lobby = await service.create_lobby(game, 100, 200, ANA, "Ana", "en")
    await service.join(lobby.id, BRUNO, "Bruno")
    await service.add_ai(lobby.id, ANA)
    await service.start(lobby.id, ANA, None, seed=seed)
    return lobby.id


class Site:
    """The pages' server (on a port known before it starts: Discord sends players back to its address) and
    browsers, each an aiohttp client with its own cookies that treats the loopback address as secure (as a
    browser treats localhost: the session's cookie is Secure)."""

    def __init__(self, db: Database, fake: FakeDiscord | None, **more) -> None:
        self.port = unused_port()
        self.settings = settings(fake, self.port, **more)
        self.service = GameService(db, self.settings)
        self.server = WebServer(lambda: db, self.settings, service=self.service)
        self.service.watchers.append(self.server.changes.notify)
        self.test_server = TestServer(self.server.app, port=self.port, handler_cancellation=True)
        self.browsers: list[TestClient] = []

    async def browser(self) -> TestClient:
        jar = CookieJar(unsafe=True, treat_as_secure_origin=[f"http://127.0.0.1:{self.port}"])
        client = TestClient(self.test_server, cookie_jar=jar)
        await client.start_server()
        self.browsers.append(client)
        return client

    async def __aenter__(self) -> Site:
        return self

    async def __aexit__(self, *exc) -> None:
        for client in self.browsers:
            await client.close()
        await self.server.changes.close()
        if self.server.sign_in is not None:
            await self.server.sign_in.oauth.close()
        self.service.thinker.close()


async def sign_in(fake: FakeDiscord, browser: TestClient, token: str, user_id: int) -> str:
    """Signs ``user_id`` in on the page of ``token`` through the fake Discord's authorize page; the page."""
    browser.session.cookie_jar.update_cookies({"fake_discord_user": str(user_id)}, URL(fake.base_url))
    answer = await browser.get(f"/signin?next=/g/{token}")
    assert answer.status == 200, await answer.text()
    assert answer.url.path == f"/g/{token}", answer.url  # back on the page
    return await answer.text()


async def token_of(db: Database, game_id: int) -> str:
    game = await db.get_game(game_id)
    assert game is not None and game.web_token is not None
    return game.web_token


# -- signing in ----------------------------------------------------------------------------------------


async def test_a_player_signs_in_with_discord_through_the_code_flow_and_out_again(db, fake):
    async with Site(db, fake) as site:
        game_id = await started(site.service)
        token = await token_of(db, game_id)
        browser = await site.browser()
        page = await (await browser.get(f"/g/{token}")).text()
        assert "Sign in with Discord" in page and "Signed in as" not in page
        first = await browser.get(f"/signin?next=/g/{token}", allow_redirects=False)
        assert first.status == 302
        authorize = urllib.parse.urlsplit(first.headers["Location"])
        query = urllib.parse.parse_qs(authorize.query)
        assert f"{authorize.scheme}://{authorize.netloc}" == fake.base_url and authorize.path == "/oauth2/authorize"
        assert query["scope"] == ["identify"] and query["response_type"] == ["code"]
        assert query["redirect_uri"] == [f"http://127.0.0.1:{site.port}/signin/callback"]
        cookie = first.headers["Set-Cookie"]
        assert BROWSER.name in cookie and "HttpOnly" in cookie and "Secure" in cookie and "SameSite=Lax" in cookie

        page = await sign_in(fake, browser, token, BRUNO)
        assert "Signed in as Bruno" in page and "Sign in with Discord" not in page
        assert len(fake.accounts.exchanges) == 1 and not fake.accounts.codes  # the code was used, once

        csrf = re.search(r'name="csrf" value="([^"]+)"', page)
        assert csrf is not None
        out = await browser.post(f"/g/{token}/signout", data={"csrf": csrf.group(1)})
        assert out.status == 200 and out.url.path == f"/g/{token}"
        assert "Sign in with Discord" in await out.text()


async def test_a_callback_whose_state_this_browser_did_not_start_signs_nobody_in(db, fake):
    async with Site(db, fake) as site:
        token = await token_of(db, await started(site.service))
        victim, attacker = await site.browser(), await site.browser()
        fake.authorize.approver = CARLA
        # The attacker starts a sign-in and stops at Discord's answer, then has the victim's browser open it.
        first = await attacker.get(f"/signin?next=/g/{token}", allow_redirects=False)
        back = await attacker.session.get(first.headers["Location"], allow_redirects=False)
        callback = urllib.parse.urlsplit(back.headers["Location"])
        answer = await victim.get(f"{callback.path}?{callback.query}")
        assert answer.status == 400
        page = await (await victim.get(f"/g/{token}")).text()
        assert "Signed in as" not in page
        # a callback with no state at all, or the right browser with a wrong state, signs nobody in either
        assert (await attacker.get("/signin/callback?code=x")).status == 400
        fake.authorize.approver = None


async def test_a_refusal_on_discord_s_page_leaves_the_player_signed_out(db, fake):
    async with Site(db, fake) as site:
        token = await token_of(db, await started(site.service))
        browser = await site.browser()
        answer = await browser.get(f"/signin?next=/g/{token}")  # nobody approves: access_denied
        assert answer.status == 200 and answer.url.path == f"/g/{token}"
        assert "Sign in with Discord" in await answer.text()
        assert not fake.accounts.exchanges


async def test_a_sign_in_goes_back_only_to_a_page_of_this_site(db, fake):
    async with Site(db, fake) as site:
        browser = await site.browser()
        for elsewhere in ("https://evil.example/g/x", "//evil.example", "/healthz", ""):
            answer = await browser.get("/signin", params={"next": elsewhere}, allow_redirects=False)
            assert answer.status == 400, elsewhere


async def test_without_the_application_s_settings_the_page_offers_no_sign_in(db):
    async with Site(db, None) as site:
        token = await token_of(db, await started(site.service))
        browser = await site.browser()
        page = await (await browser.get(f"/g/{token}")).text()
        assert "signin" not in page and "csrf" not in page
        assert (await browser.get(f"/signin?next=/g/{token}")).status == 404
