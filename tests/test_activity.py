"""The game's page as a Discord Activity: the Embedded App SDK's copy, the Activity's routes and their
headers, its sign-in (the code the SDK's authorize gives, exchanged by the web server), the game found
from the Activity's channel, and the board's "Play here" button."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.service.games import GameService
from bot.settings import Settings, SettingsError
from bot.storage import Database, GameRow
from bot.web.activity import FRAME_ANCESTORS
from bot.web.sessions import BROWSER, FRAME
from fakediscord import fixtures
from fakediscord.botkit import last_board, mesa, play_move, start_game, start_lobby
from fakediscord.server import FakeDiscord
from rules.core import t
from tests.test_web_play import Site as PagesSite
from tests.test_web_play import db

fake_discord = fixtures.fake_discord
__all__ = ["db"]  # (the fixture, shared with the pages' tests)
ROOT = Path(__file__).resolve().parent.parent
SDK_TOOL = ROOT / "tools" / "discord-sdk"
STATIC = ROOT / "bot" / "web" / "static"


def test_the_committed_sdk_is_the_pinned_package_with_its_licences() -> None:
    pinned = json.loads((SDK_TOOL / "package.json").read_text())["dependencies"]["@discord/embedded-app-sdk"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), "the SDK is pinned to one exact version"
    lock = json.loads((SDK_TOOL / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/@discord/embedded-app-sdk"]["version"] == pinned
    assert lock["node_modules/@discord/embedded-app-sdk"]["integrity"].startswith("sha512-")
    bundle = (STATIC / "discord-sdk.js").read_text()
    esbuild = lock["node_modules/esbuild"]["version"]
    assert bundle.startswith(f"/* @discord/embedded-app-sdk {pinned} ") and f"esbuild {esbuild} */" in bundle
    licences = (STATIC / "discord-sdk.LICENSE.txt").read_text()
    assert f"== @discord/embedded-app-sdk {pinned}" in licences and "Copyright (c) 2024 Discord Inc." in licences
    for name in ("zod", "uuid", "eventemitter3", "big-integer"):
        assert f"== {name} (" in licences


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("npm") is None, reason="no npm (apt-get install npm)")
def test_the_committed_sdk_is_what_the_build_makes() -> None:
    """What .ci/run checks: the pinned package, bundled again, gives the committed file byte for byte."""
    done = subprocess.run([SDK_TOOL / "build.sh", "--check"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


# -- the Activity's routes over HTTP, against the real server, service and database and the fake Discord ----

ANA, BRUNO, CARLA = 1, 2, 3
GUILD, CHANNEL, ELSEWHERE = 100, 200, 300
BOT_TOKEN = "the-bot-token"


@pytest.fixture
async def fake():
    async with FakeDiscord(token=BOT_TOKEN) as fake:
        for user_id, name in ((ANA, "Ana"), (BRUNO, "Bruno"), (CARLA, "Carla")):
            fake.add_user(user_id, name)
        yield fake


class Site(PagesSite):
    """The pages' server (the pages' tests' own) with the bot's token, and with the Activity (``activity``)
    or without."""

    def __init__(self, db: Database, fake: FakeDiscord, *, activity: bool = True, **more: Any) -> None:
        super().__init__(db, fake, token=BOT_TOKEN, activity=activity, **more)

    async def client(self) -> TestClient:
        return await self.browser()


async def started(service: GameService, channel: int = CHANNEL) -> GameRow:
    """A game of PERGAMEMNON for Ana, Bruno and an AI seat, played in ``channel`` itself."""
    lobby = await service.create_lobby("pergamemnon", GUILD, channel, ANA, "Ana", "en")
    await service.join(lobby.id, BRUNO, "Bruno")
    await service.add_ai(lobby.id, ANA)
    await service.start(lobby.id, ANA, None, seed=11)
    game = await service.db.get_game(lobby.id)
    assert game is not None
    return game


SAME_SITE = {"Sec-Fetch-Site": "same-origin"}


async def sign_in(client: TestClient, code: str, instance_id: str, **more: str) -> tuple[int, dict[str, Any]]:
    """What the Activity's page posts once Discord gave it a code (its instance id is the SDK's)."""
    body = {"code": code, "instance_id": instance_id, **more}
    answer = await client.post("/activity/api/token", json=body, headers=SAME_SITE)
    return answer.status, await answer.json()


async def test_the_activity_signs_its_player_in_on_the_game_of_its_channel(db, fake) -> None:
    async with Site(db, fake) as site:
        game = await started(site.service)
        instance = fake.accounts.launch(CHANNEL, GUILD, BRUNO)["instance_id"]
        client = await site.client()
        answer = await client.post(
            "/activity/api/token", json={"code": fake.accounts.grant(BRUNO), "instance_id": instance}, headers=SAME_SITE
        )
        assert answer.status == 200, await answer.text()
        body = await answer.json()
        token = await site.service.web_token(game.id)
        assert body["page"] == f"g/{token}"  # relative: under Discord's /.proxy/ as well
        assert fake.accounts.bearer(f"Bearer {body['access_token']}") == BRUNO  # what the SDK's authenticate takes
        cookie = answer.headers["Set-Cookie"]
        assert cookie.startswith(f"{FRAME.name}=")
        assert all(part in cookie for part in ("HttpOnly", "Secure", "SameSite=None", "Partitioned"))
        assert BROWSER.name not in {c.key for c in client.session.cookie_jar}
        # the game's page, inside the frame: Bruno's own
        page = await (await client.get(f"/activity/{body['page']}")).text()
        assert "Signed in as Bruno" in page
        # what the page's forms answer leads back within the frame's routes (relative: under /.proxy/ too)
        csrf = re.search(r'name="csrf" value="([^"]+)"', page)
        assert csrf is not None
        out = await client.post(f"/activity/g/{token}/signout", data={"csrf": csrf.group(1)}, allow_redirects=False)
        assert out.status == 303 and out.headers["Location"] == f"../{token}"
        # the exchange carried the application's id and secret, the instance check the bot's token
        assert fake.accounts.exchanges[-1]["client_id"] == str(fake.app_id)
        assert ("GET", f"/applications/{fake.app_id}/activity-instances/{instance}") in fake.requests


async def test_the_game_is_the_instance_s_channel_s_whatever_the_page_says(db, fake) -> None:
    async with Site(db, fake) as site:
        await started(site.service)
        client = await site.client()
        # launched in a channel with no game: the channel id the page adds is not read
        elsewhere = fake.accounts.launch(ELSEWHERE, GUILD, ANA)["instance_id"]
        status, body = await sign_in(client, fake.accounts.grant(ANA), elsewhere, channel_id=str(CHANNEL))
        assert status == 404 and body["error"] == t("activity.no_game", "en")
        # an instance Ana is not in (Bruno's, in the game's channel), one that does not exist, another app's
        bruno_s = fake.accounts.launch(CHANNEL, GUILD, BRUNO)["instance_id"]
        assert (await sign_in(client, fake.accounts.grant(ANA), bruno_s))[0] == 403
        assert (await sign_in(client, fake.accounts.grant(ANA), f"i-1-gc-{GUILD}-{CHANNEL}"))[0] == 403
        fake.accounts.instances[bruno_s]["application_id"] = str(fake.app_id + 1)
        fake.accounts.instances[bruno_s]["users"].append(str(ANA))
        assert (await sign_in(client, fake.accounts.grant(ANA), bruno_s))[0] == 403
        assert FRAME.name not in {c.key for c in client.session.cookie_jar}  # nobody was signed in


async def test_a_code_discord_did_not_give_this_application_signs_nobody_in(db, fake) -> None:
    async with Site(db, fake) as site:
        await started(site.service)
        client = await site.client()
        instance = fake.accounts.launch(CHANNEL, GUILD, ANA)["instance_id"]
        refused = t("activity.refused", "en")
        assert await sign_in(client, "made-up", instance) == (403, {"error": refused})
        other_app = fake.accounts.grant(ANA, client_id=fake.app_id + 1)
        assert await sign_in(client, other_app, instance) == (403, {"error": refused})
        code = fake.accounts.grant(ANA)
        assert (await sign_in(client, code, instance))[0] == 200
        assert (await sign_in(client, code, instance))[0] == 403  # a code is good once
        # a request from another site, or not JSON, is not read
        cross = {**SAME_SITE, "Sec-Fetch-Site": "cross-site"}
        form = {"code": fake.accounts.grant(ANA), "instance_id": instance}
        assert (await client.post("/activity/api/token", json=form, headers=cross)).status == 403
        assert (await client.post("/activity/api/token", data=form, headers=SAME_SITE)).status == 400
    # the server's client secret is not the application's: Discord refuses the exchange
    async with Site(db, fake, activity=True) as site:
        site.settings.client_secret = "an-old-secret"
        client = await site.client()
        instance = fake.accounts.launch(CHANNEL, GUILD, BRUNO)["instance_id"]
        assert await sign_in(client, fake.accounts.grant(BRUNO), instance) == (403, {"error": refused})
        assert fake.accounts.exchanges[-1]["client_secret"] == "an-old-secret"
        # a process serving the pages without the bot's token cannot check the instance: nobody is signed in
        site.settings.client_secret, site.settings.token = fake.accounts.client_secret, None
        assert await sign_in(client, fake.accounts.grant(BRUNO), instance) == (502, {"error": refused})
        assert FRAME.name not in {c.key for c in client.session.cookie_jar}
    # without the client secret there is no sign-in, and no Activity to frame
    async with Site(db, fake, client_secret=None) as site:
        client = await site.client()
        assert (await client.post("/activity/api/token", json={}, headers=SAME_SITE)).status == 404


def test_the_activity_needs_the_application_s_id_and_secret(monkeypatch) -> None:
    monkeypatch.setenv("MESA_ACTIVITY", "1")
    with pytest.raises(SettingsError, match="MESA_ACTIVITY needs MESA_CLIENT_ID and MESA_CLIENT_SECRET"):
        Settings.from_env()
    monkeypatch.setenv("MESA_CLIENT_ID", "123456789012345678")
    monkeypatch.setenv("MESA_CLIENT_SECRET", "s")
    monkeypatch.setenv("MESA_WEB_URL", "https://mesa.example.org")
    assert Settings.from_env().activity


def frame_ancestors(answer: Any) -> str:
    policy = dict(part.strip().split(" ", 1) for part in answer.headers["Content-Security-Policy"].split(";"))
    return policy["frame-ancestors"]


async def test_discord_may_frame_the_activity_s_answers_and_nothing_else(db, fake) -> None:
    async with Site(db, fake) as site:
        token = await site.service.web_token((await started(site.service)).id)
        client = await site.client()
        for path in ("/activity/", f"/activity/g/{token}", "/activity/static/activity.js", "/activity/nothing"):
            answer = await client.get(path)
            assert frame_ancestors(answer) == FRAME_ANCESTORS, path
            assert "X-Frame-Options" not in answer.headers, path
            assert "https://discord.com" in FRAME_ANCESTORS.split() and "*" not in FRAME_ANCESTORS.split()
        for path in (f"/g/{token}", "/static/page.js", "/healthz", "/nothing", "/", "/activityx"):
            answer = await client.get(path, allow_redirects=False)
            assert frame_ancestors(answer) == "'none'", path
            assert answer.headers["X-Frame-Options"] == "DENY", path
        # the Activity's page loads only relative addresses (behind Discord's /.proxy/ too)
        page = await (await client.get("/activity/")).text()
        addresses = re.findall(r'(?:href|src)="([^"]+)"', page)
        assert addresses and all(not a.startswith(("/", "http")) for a in addresses), addresses
        assert f'data-client-id="{fake.app_id}"' in page
        # launched with the site's root as the mapping's target: on to the Activity's page
        launched = await client.get("/?frame_id=f&instance_id=i&platform=desktop", allow_redirects=False)
        assert (
            launched.status == 302
            and launched.headers["Location"] == "activity/?frame_id=f&instance_id=i&platform=desktop"
        )
        assert (await client.get("/")).status == 404
    async with Site(db, fake, activity=False) as site:
        client = await site.client()
        for path in ("/activity/", "/activity/api/token", "/?frame_id=f&instance_id=i"):
            assert (await client.get(path)).status == 404, path


# -- the board's "Play here", through the real bot on the fake Discord -----------------------------------


def page_settings(fake: FakeDiscord, **more: Any) -> dict[str, Any]:
    return {"web_url": "https://mesa.example.org", "client_id": fake.app_id, "client_secret": "s", **more}


async def test_play_here_launches_the_activity_in_the_game_s_thread(fake_discord, tmp_path) -> None:
    fake = fake_discord
    fake.accounts.activities = True
    async with mesa(fake, tmp_path / "mesa.sqlite3", **page_settings(fake, activity=True)):
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1)
        thread = await start_game(fake, ANA, lobby)
        board = last_board(fake, thread)
        play = board.button(t("board.play_here", "en"))
        assert play["style"] != 5 and "url" not in play  # a button Discord answers, not a link
        link = board.button(t("board.watch", "en"))  # the page in a browser too
        assert link["url"].startswith("https://mesa.example.org/g/")
        click = await fake.click(BRUNO, board, play["custom_id"])
        assert (await click.wait_response())["type"] == 12  # LAUNCH_ACTIVITY
        [instance] = fake.accounts.instances.values()
        assert instance["location"]["channel_id"] == str(thread) and instance["users"] == [str(BRUNO)]
        await play_move(fake, thread, random.Random(3))  # a later board has it too: Ana joins the instance
        later = last_board(fake, thread)
        again = await fake.click(ANA, later, later.button(t("board.play_here", "en"))["custom_id"])
        assert (await again.wait_response())["type"] == 12
        assert list(fake.accounts.instances.values()) == [instance] and instance["users"] == [str(BRUNO), str(ANA)]


async def test_where_discord_refuses_the_activity_play_here_gives_the_page_s_link(fake_discord, tmp_path) -> None:
    fake = fake_discord  # MESA_ACTIVITY=1, but the application has no Activity
    async with mesa(fake, tmp_path / "mesa.sqlite3", **page_settings(fake, activity=True)):
        thread = await start_game(fake, ANA, await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1))
        board = last_board(fake, thread)
        click = await fake.click(BRUNO, board, board.button(t("board.play_here", "en"))["custom_id"])
        await click.wait_response()
        link = board.button(t("board.watch", "en"))["url"]
        await fake.wait_for(lambda: click.messages)
        assert link in click.messages[-1].content and click.messages[-1].ephemeral
        assert not fake.accounts.instances


@pytest.mark.parametrize("sign_in", [True, False])
async def test_without_an_activity_the_board_links_to_the_page(fake_discord, tmp_path, sign_in) -> None:
    fake = fake_discord
    settings = page_settings(fake) if sign_in else {"web_url": "https://mesa.example.org"}
    async with mesa(fake, tmp_path / "mesa.sqlite3", **settings):
        thread = await start_game(fake, ANA, await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1))
        board = last_board(fake, thread)
        pages = [b for b in board.buttons() if b.get("url")]
        assert len(pages) == 1 and pages[0]["url"].startswith("https://mesa.example.org/g/")
        # where players can sign in on the page it is where they play; else they watch there
        assert pages[0]["label"] == t("board.play_here" if sign_in else "board.watch", "en")
        assert not [b for b in board.buttons() if b.get("custom_id", "").endswith(":~play")]
    async with mesa(fake, tmp_path / "other.sqlite3", **page_settings(fake, web_url=None)):
        thread = await start_game(fake, ANA, await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1))
        assert not [b for b in last_board(fake, thread).buttons() if b.get("url")]  # no pages: no link
