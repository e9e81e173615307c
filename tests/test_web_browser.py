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
