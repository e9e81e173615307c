"""The fake Discord's authorize page, as a browser meets it when a web app signs a player in (OAuth2's code
flow): ``GET /oauth2/authorize`` (outside ``/api``, as on discord.com).

It approves at once for the fake user a test chose: ``Authorize.approver``, or, for one browser among
several, the ``fake_discord_user`` cookie that browser carries on the fake's address; with neither, the
user refuses (``error=access_denied``). The code it gives is ``Accounts.grant``'s, for that redirect
address: the token exchange (``POST /oauth2/token``) is ``fakediscord/accounts.py``'s.
"""

from __future__ import annotations

import urllib.parse
from typing import TYPE_CHECKING

from aiohttp import web

if TYPE_CHECKING:
    from .server import FakeDiscord

USER_COOKIE = "fake_discord_user"


class Authorize:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.approver: int | None = None  # who approves when the browser's cookie names nobody
        self.asked = 0  # authorize requests answered

    async def page(self, request: web.Request) -> web.Response:
        self.asked += 1
        query = request.query
        redirect = query.get("redirect_uri")
        if query.get("client_id") != str(self.fake.app_id) or query.get("response_type") != "code":
            return web.Response(status=400, text="unknown client or response type")
        if "identify" not in query.get("scope", "").split() or redirect is None:
            return web.Response(status=400, text="invalid scope, or no redirect_uri")
        back: dict[str, str] = {"state": query["state"]} if "state" in query else {}
        chosen = request.cookies.get(USER_COOKIE, "")
        user_id = int(chosen) if chosen.isdigit() else self.approver
        if user_id is None or user_id not in self.fake.users:
            back["error"] = "access_denied"
        else:
            back["code"] = self.fake.accounts.grant(user_id, scope=query["scope"], redirect_uri=redirect)
        raise web.HTTPFound(redirect + ("&" if "?" in redirect else "?") + urllib.parse.urlencode(back))
