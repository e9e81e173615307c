"""Clicks made on a game's page, beside the clicks made in Discord (``python -m bench load --page-clicks``).

The bot serves the pages and lets players sign in with the fake Discord (OAuth2); each simulated player
is a browser of their own (an HTTP client with its cookies), signed in once per game's page. A page
click is what a player does with the page open: the page is read first (their seat's choices, its
version, their session's token; not timed, as a page a player looks at was loaded before), then the
click is the POST of one action, and its latency runs from then to the new board stored by the fake
Discord, as a Discord click's runs from its click.
"""

from __future__ import annotations

import re

from aiohttp import ClientSession, ClientTimeout, CookieJar
from yarl import URL

from fakediscord import FakeDiscord, FakeMessage

ACTION = re.compile(r'data-action="([^"]+)"')
CSRF = re.compile(r'name="csrf" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
LINK = re.compile(r"/g/([A-Za-z0-9_-]{32})$")


def sign_in_environment(fake: FakeDiscord, port: int) -> dict[str, str]:
    """The bot's settings that let players sign in on its pages with the fake Discord."""
    return {
        "MESA_CLIENT_ID": str(fake.app_id),
        "MESA_CLIENT_SECRET": fake.accounts.client_secret,
        "MESA_DISCORD_API": f"{fake.base_url}/api/v10",
        "MESA_WEB_URL": f"http://127.0.0.1:{port}",
    }


def page_token(board: FakeMessage) -> str | None:
    """The game's page link on its board (the "Watch in browser" button), as its token."""
    for button in board.buttons():
        found = LINK.search(button.get("url") or "")
        if found:
            return found.group(1)
    return None


class PagePlayers:
    """The players' browsers on the bot's pages."""

    def __init__(self, fake: FakeDiscord, port: int) -> None:
        self.fake, self.site = fake, f"http://127.0.0.1:{port}"
        self.browsers: dict[int, ClientSession] = {}

    def browser(self, user_id: int) -> ClientSession:
        if user_id not in self.browsers:
            jar = CookieJar(unsafe=True, treat_as_secure_origin=[self.site])
            jar.update_cookies({"fake_discord_user": str(user_id)}, URL(self.fake.base_url))
            self.browsers[user_id] = ClientSession(cookie_jar=jar, timeout=ClientTimeout(total=30))
        return self.browsers[user_id]

    async def open(self, user_id: int, token: str) -> tuple[str, str, list[str]]:
        """``user_id``'s page of the game (signed in through its link first if need be): the session's
        token, the version it shows and the actions it offers."""
        browser = self.browser(user_id)
        page = await (await browser.get(f"{self.site}/g/{token}")).text()
        if CSRF.search(page) is None or ACTION.search(page) is None:  # not signed in through this link yet
            answer = await browser.get(f"{self.site}/signin", params={"next": f"/g/{token}"})
            page = await answer.text()
        csrf, version = CSRF.search(page), VERSION.search(page)
        if csrf is None or version is None:
            raise RuntimeError(f"user {user_id} is not signed in on the page of {token[:6]}…")
        return csrf.group(1), version.group(1), ACTION.findall(page)

    async def click(self, user_id: int, token: str, csrf: str, version: str, action: str) -> None:
        """The POST of one action, as the page's script sends it; raises unless it was played."""
        answer = await self.browser(user_id).post(
            f"{self.site}/g/{token}/act",
            data={"csrf": csrf, "version": version, "action": action},
            headers={"Accept": "application/json"},
        )
        text = await answer.text()
        if answer.status != 200 or answer.content_type != "application/json":
            raise RuntimeError(f"the page answered {action!r} with {answer.status}: {text[:160]}")

    async def close(self) -> None:
        for browser in self.browsers.values():
            await browser.close()
        self.browsers.clear()
