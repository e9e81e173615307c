"""The pages as a hostile player or site meets them, over HTTP against the real server, service and database
and the fake Discord: what a request the pages never send gets, and what a signed-in player's answers let a
cache or another reader keep."""

from __future__ import annotations

from fakediscord.server import FakeDiscord
from tests import test_activity as activity
from tests.test_web_play import Site, acting, db, fake, sign_in, started, token_of

__all__ = ["db", "fake"]  # (the fixtures, shared with the page's tests)


async def test_a_seat_s_own_answers_are_kept_by_no_shared_cache_and_vary_with_the_session(db, fake):
    async with Site(db, fake) as site:
        game_id = await started(site.service)
        token = await token_of(db, game_id)
        _, user_id, _ = await acting(site, game_id)
        player = await site.browser()
        await sign_in(fake, player, token, user_id)
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
