"""Two players finish a game from their pages alone, in a real Chromium: each signs in with Discord (the
fake Discord's OAuth2), sees their own seat (their own picture: their hand, never the other's) and plays
every move by clicking its control or the thing it acts on in the picture (``render.hits``); the channel
gets a board for every move, the last one final. Not one click in Discord.

ATLANDICE (the shortest game) runs by default; every game runs with ``--runslow``.
"""

from __future__ import annotations

import asyncio
import base64

import pytest
from aiohttp.test_utils import unused_port

from bot.service.spectate import seat_names
from bot.storage import ACTIVE, Database
from fakediscord.botkit import board_messages, last_board, mesa, start_game, start_lobby
from render import render
from render.hits import hit_areas
from rules import GAMES
from rules.core import t
from tests.test_web_browser import CHROMIUM, FLAGS, playwright_api, pytestmark  # noqa: F401  (skips without Chromium)
from tests.test_web_play_bot import sign_in_settings

ANA, BRUNO = 1, 2
GAME_CASES = [g if g == "atlandice" else pytest.param(g, marks=pytest.mark.slow) for g in sorted(GAMES)]


async def until(page, script: str, what: str = "") -> None:
    """Waits until ``script`` (a function) is true in the page (polled: the page's Content-Security-Policy
    refuses Playwright's own wait, which evaluates a string)."""
    for _ in range(6000):
        if await page.evaluate(script):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never true in the page: {what or script}")


async def signed_in(browser, site: str, fake, user: int, token: str):
    """A page of its own for ``user``, signed in through Discord's authorize page (the fake's, which knows the
    user by its cookie) and back on the game's page."""
    context = await browser.new_context(locale="en-US", viewport={"width": 1400, "height": 900})
    await context.add_cookies([{"name": "fake_discord_user", "value": str(user), "url": fake.base_url}])
    page = await context.new_page()
    page.on("pageerror", lambda error: pytest.fail(f"the page's script failed: {error}"))
    await page.goto(f"{site}/signin?next=/g/{token}")
    await playwright_api.expect(page.locator("#who")).to_be_visible()
    return page


def at_version(version: int) -> str:
    return f"() => document.getElementById('play')?.dataset.version === '{version}'"


async def picture_of(page) -> bytes:
    source = await page.locator("#board").get_attribute("src")
    assert source.startswith("data:image/png;base64,")
    return base64.b64decode(source.split(",", 1)[1])


async def sees_only_their_own_seat(pages: dict[int, object], game, engine, state) -> None:
    """Each player's page shows their own seat's picture, never the other's, whose hand it would show."""
    names = seat_names(game, "en")
    drawn = {seat.user_id: render(game.game, engine.view(state, seat.seat), names=names) for seat in game.seats}
    for user, page in pages.items():
        await until(page, at_version(game.version), f"the page of {user} at version {game.version}")
        shown = await picture_of(page)
        assert shown == drawn[user]
        assert all(shown != picture for other, picture in drawn.items() if other != user and picture != drawn[user])


SPOT_BOX = """(action) => {
  const img = document.getElementById('board').getBoundingClientRect();
  const spot = [...document.querySelectorAll('.spot')].find((s) => (s.dataset.action ?? s.dataset.actions).split(' ').includes(action));
  const box = spot.getBoundingClientRect();
  const scale = document.getElementById('board').naturalWidth / img.width;
  return [(box.left - img.left) * scale, (box.top - img.top) * scale, (box.right - img.left) * scale, (box.bottom - img.top) * scale];
}"""


async def lies_over_its_thing(page, area, labels: dict[str, str]) -> None:
    """The button of ``area`` lies over its thing on the picture as the page scales it (within a pixel of the
    picture's own), named by its choices' labels, the same as their controls'."""
    left, top, right, bottom = area.box()
    box = await page.evaluate(SPOT_BOX, area.action)
    assert all(abs(a - b) <= 2 for a, b in zip(box, (left, top, right + 1, bottom + 1), strict=True)), (box, area)
    named = await page.evaluate(
        "(action) => [...document.querySelectorAll('.spot')].find((s) => "
        "(s.dataset.action ?? s.dataset.actions).split(' ').includes(action)).getAttribute('aria-label')",
        area.action,
    )
    assert labels[area.action] in named.split("; "), (named, labels[area.action])


async def play_one(page, action: str, by_spot: bool) -> bool:
    """Plays ``action`` on its player's page: by the thing it acts on in the picture when asked and there is
    one (through the list of the thing's choices when it has several), else by its control. Whether it was
    played from the picture."""
    spot = page.locator(f'.spot[data-action="{action}"]')
    shared = page.locator(f'.spot[data-actions~="{action}"]')
    await page.evaluate("() => { document.getElementById('notice').textContent = ''; }")
    if by_spot and await spot.count():
        await spot.focus()  # by keyboard: a thing on the picture is reached by Tab, Enter plays it
        await page.keyboard.press("Enter")
    elif by_spot and await shared.count():
        await shared.click()
        await page.locator(f'#spot-choices button[data-action="{action}"]').click()
    else:
        by_spot = False
        button = page.locator(f'#choices button[data-action="{action}"]')
        if await button.count():
            await button.click()
        else:
            # (the form holding the action's option: ``has`` is looked for inside each form, so it names no #choices)
            form = page.locator("#choices form", has=page.locator(f'option[data-action="{action}"]'))
            await form.locator("select").select_option(action)
            await form.locator("button[type=submit]").click()
    sending = t("web.sending", "en")
    await until(page, f"() => !['', {sending!r}].includes(document.getElementById('notice').textContent)")
    assert await page.locator("#notice").text_content() == t("web.played", "en")
    return by_spot


@pytest.mark.parametrize("game_name", GAME_CASES)
async def test_two_players_finish_a_game_from_their_pages_alone(fake_discord, tmp_path, game_name):
    fake, port = fake_discord, unused_port()
    db_path = tmp_path / "mesa.sqlite3"
    settings = {**sign_in_settings(fake, port), "web_port": port, "web_host": "127.0.0.1"}
    async with mesa(fake, db_path, **settings):
        thread = await start_game(fake, ANA, await start_lobby(fake, game_name, ANA, [BRUNO], ai_seats=0))
        db = await Database.open(db_path)
        try:
            game = await db.game_in_channel(thread)
            engine = GAMES[game.game]
            async with playwright_api.async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                try:
                    site = f"http://127.0.0.1:{port}"
                    pages = {user: await signed_in(browser, site, fake, user, game.web_token) for user in (ANA, BRUNO)}
                    moves, from_picture = 0, 0
                    while game.status == ACTIVE:
                        state = engine.load(game.state)
                        if moves % 10 == 0:
                            await sees_only_their_own_seat(pages, game, engine, state)
                        seat = engine.to_act(state)[0]
                        page = pages[game.seats[seat].user_id]
                        await until(page, at_version(game.version), f"the acting page at version {game.version}")
                        action = engine.ai_action(state, seat)
                        legal = engine.legal_actions(state, seat)
                        labels = {a.id: t(a.label, "en", names=seat_names(game, "en")) for a in legal}
                        areas = hit_areas(game.game, engine.view(state, seat), seat, list(labels))
                        for area in areas[:3]:
                            await lies_over_its_thing(page, area, labels)
                        from_picture += await play_one(page, action, by_spot=moves % 2 == 0)
                        moves += 1
                        game = await db.game_in_channel(thread)
                    await sees_only_their_own_seat(pages, game, engine, engine.load(game.state))
                finally:
                    await browser.close()
            assert from_picture > 0 and from_picture < moves
            # The channel got every board: the first, then one a move, the last one the game's end.
            await fake.wait_for(lambda: len(board_messages(fake, thread)) >= 1 + moves or None, timeout=30)
            assert len(board_messages(fake, thread)) == 1 + moves
            final = last_board(fake, thread)
            assert not [c for c in final.custom_ids() if c.split(":")[2:3] and c.split(":")[2].isdigit()]  # no move
        finally:
            await db.close()
