"""The pages as a hostile player or site meets them, over HTTP against the real server, service and database
and the fake Discord: what a request the pages never send gets, and what a signed-in player's answers let a
cache or another reader keep."""

from __future__ import annotations

import shutil

import pytest

from fakediscord.server import FakeDiscord
from tests import test_activity as activity
from tests.test_web_play import ANA, Site, db, fake, seated, started, token_of

__all__ = ["db", "fake"]  # (the fixtures, shared with the page's tests)


async def test_a_seat_s_own_answers_are_kept_by_no_shared_cache_and_vary_with_the_session(db, fake):
    async with Site(db, fake) as site:
        _, token, _, _, _, player, _ = await seated(site, db, fake)
        for path in (f"/g/{token}", f"/g/{token}/mine.png"):
            answer = await player.get(path)
            assert answer.status == 200, path
            assert answer.headers["Cache-Control"] == "private, no-store", path
            assert "Cookie" in answer.headers.get("Vary", ""), path
        async with player.get(f"/g/{token}/events") as stream:
            assert stream.status == 200
            assert "Cookie" in stream.headers.get("Vary", "")
            assert "private" in stream.headers["Cache-Control"]


async def test_a_token_request_of_any_shape_gets_a_clear_refusal(db):
    async with FakeDiscord(token=activity.BOT_TOKEN) as fake, activity.Site(db, fake) as site:
        await activity.started(site.service)
        client = await site.client()
        bodies = {
            b"[" * 100_000: 400,  # nested deeper than a parser goes
            b"[]": 400,
            b"1": 400,
            b'{"code": 1, "instance_id": []}': 400,
            b"\xff\xfe": 400,
            b'{"code": "' + b"a" * 2_000_000 + b'"}': 413,
        }
        for body, status in bodies.items():
            answer = await client.post(
                "/activity/api/token", data=body, headers={**activity.SAME_SITE, "Content-Type": "application/json"}
            )
            assert answer.status == status, (body[:20], await answer.text())


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions"]


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)")
async def test_a_name_of_markup_direction_marks_and_no_end_is_only_a_name_on_a_phone(db, fake):
    from playwright.async_api import async_playwright

    name = "<img src=x onerror=alert(1)>\u202e" + "W" * 120
    fake.add_user(9, name)
    async with Site(db, fake) as site:
        lobby = await site.service.create_lobby("pergamemnon", 100, 200, 9, name, "en")
        await site.service.join(lobby.id, ANA, "Ana")
        await site.service.start(lobby.id, 9, None, seed=11)
        token = await token_of(db, lobby.id)
        await site.test_server.start_server()
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            context = await browser.new_context(viewport={"width": 390, "height": 844})
            await context.add_cookies([{"name": "fake_discord_user", "value": "9", "url": fake.base_url}])
            page = await context.new_page()
            alerts: list[str] = []
            page.on("dialog", lambda dialog: alerts.append(dialog.message))
            await page.goto(f"http://127.0.0.1:{site.port}/signin?next=/g/{token}")
            await page.wait_for_selector("#who")
            assert await page.text_content("#who") == f"Signed in as {name}"
            assert await page.locator("img[src=x]").count() == 0 and alerts == []
            assert await page.evaluate("document.documentElement.scrollWidth") <= 390
            await browser.close()


async def test_a_form_another_site_posts_is_refused_by_its_origin_where_the_browser_sends_no_fetch_metadata(db, fake):
    async with Site(db, fake) as site:
        game_id, token, _, _, legal, player, fields = await seated(site, db, fake)
        version = (await site.service.load(game_id)).version
        json_ = {"Accept": "application/json"}
        for origin in ("https://evil.example", "null", f"http://127.0.0.1:{site.port}.evil.example"):
            answer = await player.post(
                f"/g/{token}/act", data={**fields, "action": legal[0]}, headers={"Origin": origin, **json_}
            )
            assert answer.status == 403, (origin, await answer.text())
        assert (await site.service.load(game_id)).version == version
        # the page's own origin (an older browser: Origin, no Sec-Fetch-Site) plays
        answer = await player.post(
            f"/g/{token}/act", data={**fields, "action": legal[0]}, headers={"Origin": site.settings.web_url, **json_}
        )
        assert answer.status == 200, await answer.text()


async def test_a_sign_in_comes_back_to_no_other_address_however_it_is_written(db, fake):
    async with Site(db, fake) as site:
        token = await token_of(db, await started(site.service))
        browser = await site.browser()
        for elsewhere in (
            "https://evil.example",
            "//evil.example",
            "/\\evil.example",
            "%2F%2Fevil.example",
            "/%2F/evil.example",
            f"/g/{token}/../../evil",
            f"/g/{token}%0d%0aLocation: https://evil.example",
            f"/g/{token}?lang=en&next=https://evil.example",
        ):
            answer = await browser.get("/signin", params={"next": elsewhere}, allow_redirects=False)
            assert answer.status == 400 and "Location" not in answer.headers, elsewhere
