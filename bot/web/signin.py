"""Signing in on a game's page with Discord: OAuth2's code flow, scope ``identify``.

- ``GET /signin?next=/g/<token>``: a new ``state`` kept in the session, then off to Discord's authorize page;
- ``GET /signin/callback?code=…&state=…``: the state checked, the code exchanged for a token (form-encoded,
  with the application's id and secret), the user read (``GET /users/@me``), the session started
  (``sessions.remember``) through the page's link, and back to the page;
- ``POST /g/<token>/signout``: the session ends (its form carries the session's token, ``sessions.check``).

Discord is asked at ``Settings.discord_api`` (a test's fake Discord answers there); its authorize page is at
that address's host, ``/oauth2/authorize``. Only the user's id and name are kept; the token is dropped.
"""

from __future__ import annotations

import hmac
import logging
import re
import secrets
import urllib.parse
from typing import Any

import aiohttp
from aiohttp import web
from aiohttp_session import get_session

from rules.core import t

from ..settings import Settings
from . import sessions
from .sessions import SignedIn

log = logging.getLogger(__name__)

PAGE = re.compile(r"/g/([A-Za-z0-9_-]{32})(?:\?lang=(?:en|pt-BR))?")
TIMEOUT = aiohttp.ClientTimeout(total=10)


class SignInFailed(Exception):
    """Discord refused the code or could not be reached."""


class DiscordOAuth:
    """What the pages ask of Discord for a sign-in (one HTTP client, opened when first needed)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._http: aiohttp.ClientSession | None = None

    @property
    def redirect_uri(self) -> str:
        return f"{self.settings.web_url}/signin/callback"

    def authorize_url(self, state: str) -> str:
        """Discord's page where the player approves (``discord_api``'s host: https://discord.com)."""
        site = self.settings.discord_api.split("/api", 1)[0]
        query = {
            "response_type": "code",
            "client_id": str(self.settings.client_id),
            "scope": "identify",
            "state": state,
            "redirect_uri": self.redirect_uri,
        }
        return f"{site}/oauth2/authorize?{urllib.parse.urlencode(query)}"

    def http(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._http

    async def exchange(self, code: str, redirect_uri: str | None) -> str:
        """The access token a code gives (``redirect_uri``: as given to the authorize page, None if none was)."""
        form = {
            "client_id": str(self.settings.client_id),
            "client_secret": self.settings.client_secret or "",
            "grant_type": "authorization_code",
            "code": code,
        }
        if redirect_uri is not None:
            form["redirect_uri"] = redirect_uri
        answer = await self._call("POST", "/oauth2/token", data=form)
        token = answer.get("access_token")
        if not isinstance(token, str) or answer.get("token_type", "Bearer").lower() != "bearer":
            raise SignInFailed("the token exchange gave no bearer token")
        return token

    async def user(self, access_token: str) -> tuple[int, str]:
        """The Discord user the token is for: their id and the name they show."""
        me = await self._call("GET", "/users/@me", headers={"Authorization": f"Bearer {access_token}"})
        user_id = str(me.get("id", ""))
        if not user_id.isdigit():
            raise SignInFailed("users/@me gave no user id")
        return int(user_id), str(me.get("global_name") or me.get("username") or user_id)

    async def _call(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        url = self.settings.discord_api + path
        try:
            async with self.http().request(method, url, **kwargs) as response:
                if response.status != 200:
                    raise SignInFailed(f"{method} {path} answered {response.status}")
                answer = await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
            raise SignInFailed(f"{method} {path}: {type(exc).__name__}: {exc}") from None
        if not isinstance(answer, dict):
            raise SignInFailed(f"{method} {path} answered no object")
        return answer

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None


def page_of(next_: str | None) -> tuple[str, str] | None:
    """The page a sign-in comes back to, and its token: a game's page of this site, nothing else."""
    match = PAGE.fullmatch(next_ or "")
    return (match.group(0), match.group(1)) if match else None


class SignIn:
    """The sign-in routes (added only when the application's id and secret are set)."""

    def __init__(self, settings: Settings, negotiate: Any) -> None:
        self.oauth = DiscordOAuth(settings)
        self.negotiate = negotiate

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/signin", self.start)
        app.router.add_get("/signin/callback", self.callback)
        app.router.add_post("/g/{token}/signout", self.sign_out)

    def _refused(self, request: web.Request, key: str, status: int = 400) -> web.HTTPException:
        locale = self.negotiate(request)
        answer = web.HTTPBadRequest if status == 400 else web.HTTPBadGateway
        return answer(text=t(key, locale), headers={"Content-Language": locale})

    async def start(self, request: web.Request) -> web.StreamResponse:
        page = page_of(request.query.get("next"))
        if page is None:
            raise self._refused(request, "web.signin.bad_page")
        session = await get_session(request)
        state = secrets.token_urlsafe(24)
        session["signin"] = {"state": state, "next": page[0]}
        raise web.HTTPFound(self.oauth.authorize_url(state))

    async def callback(self, request: web.Request) -> web.StreamResponse:
        session = await get_session(request)
        pending = session.pop("signin", None)
        state = request.query.get("state", "")
        if not isinstance(pending, dict) or not hmac.compare_digest(str(pending.get("state", "")), state):
            raise self._refused(request, "web.signin.expired")
        page = page_of(str(pending.get("next", "")))
        if page is None:
            raise self._refused(request, "web.signin.bad_page")
        code = request.query.get("code")
        if not code:  # the player said no on Discord's page: back to the page, signed out
            raise web.HTTPFound(page[0])
        try:
            user_id, name = await self.oauth.user(await self.oauth.exchange(code, self.oauth.redirect_uri))
        except SignInFailed as exc:
            log.info("a sign-in failed: %s", exc)
            raise self._refused(request, "web.signin.failed", 502) from None
        await sessions.remember(request, None, SignedIn(user_id, name, sessions.generation(page[1])))
        raise web.HTTPFound(page[0])

    async def sign_out(self, request: web.Request) -> web.StreamResponse:
        form = await request.post()
        await sessions.check(request, str(form.get(sessions.CSRF_FIELD, "")))
        await sessions.forget(request)
        raise web.HTTPSeeOther(f"../{request.match_info['token']}")  # (relative: under the Activity too)
