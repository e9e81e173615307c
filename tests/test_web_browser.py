"""The spectator page in a real browser: Debian's Chromium driven by Playwright, against the real bot
(which serves the page) on the fake Discord. Moves are played by clicks in the fake Discord; the page
follows them without a reload, steps back through earlier positions, and its screenshots are kept.

``.ci/run`` installs Chromium (and fails here without it); where none is installed (a developer's
machine) the test is skipped.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil

import pytest

from fakediscord.botkit import board_messages, last_board, mesa, play_move, start_game, start_lobby
from rules.core import t

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and os.environ.get("CI"):  # .ci/run installs it: there the test never skips
    raise RuntimeError("CI has no Chromium: .ci/run should have installed it (apt-get install chromium)")
playwright_api = pytest.importorskip("playwright.async_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)")

# As root and with no network: no sandbox, no GPU, and none of Chromium's own connections to Google.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
]
ANA, BRUNO = 1, 2


async def until(page, script: str) -> None:
    """Waits until ``script`` (a function) is true in the page; Playwright's own wait evaluates its
    predicate as a string, which the page's Content-Security-Policy rightly refuses."""
    for _ in range(1000):
        if await page.evaluate(script):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never true in the page: {script}")


LOADED = "() => document.getElementById('board').complete && document.getElementById('board').naturalWidth > 1000"


async def test_the_page_follows_the_game_live_and_steps_back(fake_discord, tmp_path):
    fake = fake_discord
    shots = tmp_path / "screenshots"  # pytest keeps the last runs' folders
    shots.mkdir()
    rng = random.Random(7)
    async with mesa(fake, tmp_path / "mesa.sqlite3", web_url="https://mesa.example.org", web_port=0) as bot:
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1)
        thread = await start_game(fake, ANA, lobby)
        for _ in range(3):
            await play_move(fake, thread, rng)
        link = next(b["url"] for b in last_board(fake, thread).buttons() if b.get("url"))
        page_url = f"http://127.0.0.1:{bot.web.port}/g/{link.rsplit('/', 1)[1]}"
        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                context = await browser.new_context(locale="en-US", viewport={"width": 1400, "height": 900})
                page = await context.new_page()
                problems: list[str] = []
                page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
                page.on("pageerror", lambda e: problems.append(str(e)))
                await page.goto(page_url)
                expect = playwright_api.expect
                await expect(page.locator("#live")).to_have_class("live on")
                board = page.locator("#board")
                caption = page.locator("#caption")
                first_caption = await caption.text_content()
                first_src = await board.get_attribute("src")
                first_log = await page.locator("#log li").all_text_contents()
                assert await board.evaluate("img => img.complete && img.naturalWidth > 1000")
                assert "ATLANDICE" in await board.get_attribute("alt")
                await page.evaluate("window.stillTheSamePage = true")

                # Moves in Discord reach the page without a reload: the board, its words and the log change.
                for _ in range(2):
                    await play_move(fake, thread, rng)
                await expect(board).not_to_have_attribute("src", first_src)
                await expect(caption).not_to_have_text(first_caption)
                await until(page, LOADED)
                assert (await board.get_attribute("src")).startswith("data:image/png;base64,")  # came with the move
                assert await page.evaluate("window.stillTheSamePage === true")
                assert await page.locator("#log li").all_text_contents() != first_log
                live_caption = await caption.text_content()
                total = int(await page.locator("#slider").get_attribute("max"))
                assert live_caption == t("web.step", "en", n=total, total=total)
                await page.screenshot(path=str(shots / "live-en.png"), full_page=True)

                # Step back: the earlier position's picture and words; forward again to live.
                await page.locator("#prev").click()
                await expect(caption).to_have_text(t("web.step", "en", n=total - 1, total=total))
                await expect(page.locator("#earlier")).to_be_visible()
                assert f"/step/{total - 1}.png" in await board.get_attribute("src")
                await until(page, LOADED)
                await page.locator("#first").click()
                await expect(caption).to_have_text(t("web.setup", "en"))
                await until(page, LOADED)
                await page.screenshot(path=str(shots / "set-up-en.png"), full_page=True)
                # A move while looking back: the position stays, the stepper learns of the new one.
                before = len(board_messages(fake, thread))
                await play_move(fake, thread, rng)
                assert len(board_messages(fake, thread)) > before
                await expect(page.locator("#slider")).not_to_have_attribute("max", str(total))
                await expect(caption).to_have_text(t("web.setup", "en"))
                await page.locator("#last").click()
                await expect(page.locator("#earlier")).to_be_hidden()
                await expect(caption).not_to_have_text(live_caption)
                assert not problems, problems

                # In Portuguese on a phone.
                phone = await browser.new_context(
                    locale="pt-BR", viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
                )
                small = await phone.new_page()
                await small.goto(page_url)
                await expect(small.locator("#live")).to_have_text(t("web.live", "pt-BR"))
                await until(small, LOADED)
                assert await small.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
                # in one column the moves follow the page: no box of their own that cuts a line in half
                log = small.locator("#log")
                assert await log.evaluate("(log) => log.scrollHeight <= log.clientHeight")
                await small.screenshot(path=str(shots / "phone-pt-BR.png"), full_page=True)
            finally:
                await browser.close()
    for name in ("live-en.png", "set-up-en.png", "phone-pt-BR.png"):
        assert (shots / name).stat().st_size > 10_000
    print(f"screenshots in {shots}")


CONTRAST = """() => {
  const rgb = (c) => c.match(/[0-9.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const earlier = document.getElementById('earlier');
  const fg = lum(rgb(getComputedStyle(earlier).color));
  const bg = lum(rgb(getComputedStyle(document.querySelector('.board')).backgroundColor));
  return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}"""


async def test_the_page_reads_for_everyone_and_ends_as_its_game_or_link_does(fake_discord, tmp_path):
    """In Chromium: "No move yet." stays once the page is live; a move is announced in the live region and
    the log shows it on top, scrolled there; a move is reached by keyboard; the earlier-position text
    reads at 4.5:1 in light and dark; on a phone a tap on the board opens its picture full size; a link
    replaced while the page was offline ends its retries; a finished game no longer says "Live"."""
    fake = fake_discord
    shots = tmp_path / "screenshots"
    shots.mkdir()
    rng = random.Random(3)
    async with mesa(fake, tmp_path / "mesa.sqlite3", web_url="https://mesa.example.org", web_port=0) as bot:
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=0)
        thread = await start_game(fake, ANA, lobby)
        link = next(b["url"] for b in last_board(fake, thread).buttons() if b.get("url"))
        page_url = f"http://127.0.0.1:{bot.web.port}/g/{link.rsplit('/', 1)[1]}"
        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                expect = playwright_api.expect
                context = await browser.new_context(locale="en-US", viewport={"width": 1400, "height": 700})
                page = await context.new_page()
                await page.goto(page_url)
                await expect(page.locator("#live")).to_have_class("live on")
                await expect(page.locator("#log")).to_have_text(t("web.no_moves", "en"))
                assert await page.locator("section.board").get_attribute("aria-label") == t("web.board", "en")
                log = page.locator("#log")
                for _ in range(60):  # enough moves that the log scrolls in its box
                    await play_move(fake, thread, rng)
                    await fake.settle()
                    if await log.evaluate("(log) => log.scrollHeight > log.clientHeight + 40"):
                        break
                assert await log.evaluate("(log) => log.scrollHeight > log.clientHeight")
                await log.evaluate("(log) => { log.scrollTop = log.scrollHeight; }")
                shown = await page.locator("#log li.move").count()
                await play_move(fake, thread, rng)
                await until(page, f"() => document.querySelectorAll('#log li.move').length > {shown}")
                assert await log.evaluate("(log) => log.scrollTop") == 0
                announced = await page.locator("#announce").text_content()
                assert announced and announced in await page.locator("#log li.move").first.text_content()
                # A move by keyboard: Tab reaches it, Enter shows its position.
                await page.locator("#log li.move").nth(2).focus()
                step = await page.locator("#log li.move").nth(2).get_attribute("data-step")
                await page.keyboard.press("Enter")
                total = await page.locator("#slider").get_attribute("max")
                await expect(page.locator("#caption")).to_have_text(t("web.step", "en", n=int(step), total=int(total)))
                await expect(page.locator("#earlier")).to_be_visible()
                assert await page.evaluate(CONTRAST) >= 4.5
                await page.emulate_media(color_scheme="dark")
                assert await page.evaluate(CONTRAST) >= 4.5
                await page.emulate_media(color_scheme="light")
                await page.screenshot(path=str(shots / "earlier-en.png"), full_page=True)

                # On a phone: a tap on the board opens its picture full size (the browser's own zoom).
                phone = await browser.new_context(
                    locale="pt-BR",
                    viewport={"width": 390, "height": 844},
                    device_scale_factor=2,
                    is_mobile=True,
                    has_touch=True,
                )
                small = await phone.new_page()
                await small.goto(page_url)
                await until(small, LOADED)
                await small.screenshot(path=str(shots / "phone-pt-BR.png"), full_page=True)
                async with phone.expect_page() as opened:
                    await small.locator("#board").tap()
                full = await opened.value
                await full.wait_for_load_state()
                assert ".png" in full.url
                width = await full.evaluate("document.querySelector('img').naturalWidth")
                assert width > 390 * 2

                # The link replaced while a page cannot reach its stream: once it can, it says so and stops trying.
                away = await context.new_page()

                async def cut(route) -> None:
                    await route.abort()

                await away.route("**/events?*", cut)
                await away.goto(page_url)
                await expect(away.locator("#live")).to_have_text(t("web.reconnecting", "en"))
                reset = await fake.slash(ANA, thread, "game link", {"reset": True})
                await reset.wait_response()
                await away.unroute("**/events?*", cut)
                await expect(away.locator("#live")).to_have_text(t("web.gone", "en"), timeout=20_000)

                # A finished game: "Game over", not "Live".
                done = await context.new_page()
                await done.goto(page_url.rsplit("/", 1)[0] + "/" + (await _new_token(bot, thread)))
                await expect(done.locator("#live")).to_have_class("live on")
                while await play_move(fake, thread, rng):
                    pass
                await expect(done.locator("#live")).to_have_text(t("web.over", "en"))
                await expect(done.locator("#live")).to_have_class("live off")
                await done.screenshot(path=str(shots / "over-en.png"), full_page=True)
            finally:
                await browser.close()


async def _new_token(bot, thread: int) -> str:
    game = await bot.service.db.game_in_channel(thread)
    return game.web_token
