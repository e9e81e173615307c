"""The game's page as a Discord Activity: the same page, inside Discord's frame, signed in through Discord's
Embedded App SDK.

Everything the Activity loads is under ``/activity/``, where its URL mapping points (``/`` to
``<MESA_WEB_URL host>/activity``), at relative addresses only: behind Discord's proxy the page is at
``https://<application id>.discordsays.com/.proxy/`` (or at that host's root) and everything follows.

- ``GET /activity/``: the Activity's page. Its script (``static/activity.js``, with the SDK's copy
  ``static/discord-sdk.js``) waits for Discord (``ready``), asks the player's consent (``authorize``, scope
  ``identify``: a code), posts the code and the Activity's instance id to ``api/token``, hands Discord the
  access token it answers (``authenticate``) and opens the game's page it names;
- ``POST /activity/api/token`` ``{"code", "instance_id"}``: the code exchanged with the client secret, the user
  read from ``users/@me``, the instance checked with the bot's token (``GET /applications/{id}/activity-
  instances/{instance}``: this application's, with this user in it), the game found from the channel or
  thread the instance runs in (never from ids the page sends), the player signed in on that game's page
  (``sessions.remember``), and ``{"access_token", "page"}`` answered;
- the game's pages and what they load, again: ``/activity/g/<token>``, its stream, positions, controls and
  ``/activity/static/...`` (the pages' own routes, ``WebServer.add_page_routes``).

Only these answers may be framed, and only by Discord (``FRAME_ANCESTORS``); every other route keeps
``frame-ancestors 'none'``. Their session is kept in the frame's cookie (``sessions.FRAME``: SameSite=None,
Secure, Partitioned), which Chromium keeps for a frame of another site even where it blocks third-party
cookies (the cookie is the frame's alone, under Discord's site): so the page's stream, forms and clicks carry
it as a browser's do, with no token in a URL or in the page's script.

``GET /`` with Discord's launch parameters (``frame_id``, ``instance_id``) goes on to ``activity/`` (a URL
mapping whose target is the site's root).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any

import aiohttp
from aiohttp import web

from rules.core import t
from rules.core.i18n import Text, register

from ..service.games import GameService
from ..settings import Settings
from . import sessions
from .signin import DiscordOAuth, SignInFailed

log = logging.getLogger(__name__)

PREFIX = "/activity"
# Who may frame the Activity's answers: Discord's clients (the web and desktop app, its test builds) and
# its proxy's hosts (the Activity's own frame is https://<application id>.discordsays.com).
FRAME_ANCESTORS = (
    "https://discord.com https://*.discord.com https://discordapp.com https://*.discordapp.com "
    "https://*.discordsays.com"
)
INSTANCE = re.compile(r"[A-Za-z0-9_-]{1,200}")
CODE = re.compile(r"[A-Za-z0-9_.~-]{1,200}")
TIMEOUT = aiohttp.ClientTimeout(total=10)

TEXTS: dict[str, tuple[Text, Text]] = {
    "activity.title": ("Mesa", "Mesa"),
    "activity.connecting": ("Connecting to Discord…", "Conectando ao Discord…"),
    "activity.signing_in": ("Signing in with Discord…", "Entrando com o Discord…"),
    "activity.outside": (
        "This page runs inside Discord: start it with a board's Play here button.",
        "Esta página roda dentro do Discord: abra-a com o botão Jogar aqui de um tabuleiro.",
    ),
    "activity.refused": (
        "Discord did not confirm who you are. Close the Activity and start it again.",
        "O Discord não confirmou quem você é. Feche a atividade e abra-a de novo.",
    ),
    "activity.no_game": (
        "No game is played in this channel. Start the Activity from a game's thread.",
        "Nenhuma partida é jogada neste canal. Abra a atividade no tópico de uma partida.",
    ),
    "activity.not_here": (
        "You are not in this Activity: start it from the game's thread yourself.",
        "Você não está nesta atividade: abra-a você mesmo no tópico da partida.",
    ),
}
register(TEXTS)


class Refused(Exception):
    """The token endpoint's refusal: its status and the catalogue's key of what the page shows."""

    def __init__(self, status: int, key: str, why: str) -> None:
        super().__init__(why)
        self.status, self.key = status, key


class Instances:
    """What the server asks Discord of an Activity's instance, with the bot's token."""

    def __init__(self, settings: Settings, http: Callable[[], aiohttp.ClientSession]) -> None:
        self.settings, self.http = settings, http

    async def channel(self, instance_id: str, user_id: int) -> int:
        """The channel or thread the instance runs in, if it is this application's and ``user_id`` is in it."""
        if not self.settings.token:
            raise Refused(
                502, "activity.refused", "DISCORD_TOKEN is not set: the Activity's instance cannot be checked"
            )
        url = f"{self.settings.discord_api}/applications/{self.settings.client_id}/activity-instances/{instance_id}"
        headers = {"Authorization": f"Bot {self.settings.token}"}
        try:
            async with self.http().get(url, headers=headers) as response:
                if response.status == 404:
                    raise Refused(403, "activity.not_here", f"no instance {instance_id}")
                if response.status != 200:
                    raise Refused(502, "activity.refused", f"activity-instances answered {response.status}")
                instance = await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
            raise Refused(502, "activity.refused", f"activity-instances: {type(exc).__name__}: {exc}") from None
        location = instance.get("location") if isinstance(instance, dict) else None
        if not isinstance(location, dict) or str(instance.get("application_id")) != str(self.settings.client_id):
            raise Refused(403, "activity.not_here", f"instance {instance_id} is another application's")
        if str(user_id) not in [str(user) for user in instance.get("users") or []]:
            raise Refused(403, "activity.not_here", f"user {user_id} is not in instance {instance_id}")
        channel = str(location.get("channel_id") or "")
        if not channel.isdigit():
            raise Refused(403, "activity.no_game", f"instance {instance_id} runs in no channel")
        return int(channel)


class Activity:
    """The Activity's routes (a sub-application at ``PREFIX``, with the pages' own routes again)."""

    def __init__(
        self,
        settings: Settings,
        service: Callable[[], GameService],
        negotiate: Callable[[web.Request], str],
        assets: str,
        oauth: DiscordOAuth,
    ) -> None:
        self.settings, self.service, self.negotiate, self.assets = settings, service, negotiate, assets
        self.oauth = oauth
        self.instances = Instances(settings, oauth.http)

    def app(self, add_page_routes: Callable[[web.Application], None]) -> web.Application:
        """The sub-application: the Activity's page and token endpoint, and the pages' routes again."""
        app = web.Application(middlewares=[self._framed])
        app.router.add_get("/", self.page)
        app.router.add_post("/api/token", self.token)
        add_page_routes(app)
        app.on_response_prepare.append(self._headers)
        return app

    @web.middleware
    async def _framed(self, request: web.Request, handler: Callable[[web.Request], Awaitable[Any]]) -> Any:
        sessions.use_cookie(request, sessions.FRAME)  # (before any handler reads the session)
        return await handler(request)

    @staticmethod
    async def _headers(request: web.Request, response: web.StreamResponse) -> None:
        """Discord may frame this answer (the site's own headers were set before: only this changes)."""
        policy = response.headers.get("Content-Security-Policy", "")
        response.headers["Content-Security-Policy"] = policy.replace(
            "frame-ancestors 'none'", f"frame-ancestors {FRAME_ANCESTORS}"
        )
        response.headers.popall("X-Frame-Options", None)

    async def launched(self, request: web.Request) -> web.StreamResponse:
        """``GET /``: an Activity launched with the site's root as its mapping's target goes on to its page."""
        if "frame_id" not in request.query or "instance_id" not in request.query:
            raise web.HTTPNotFound()
        raise web.HTTPFound(f"activity/?{request.query_string}")

    async def page(self, request: web.Request) -> web.Response:
        locale = self.negotiate(request)
        words = {key.split(".", 1)[1]: t(key, locale) for key in TEXTS if key != "activity.title"}
        data = " ".join(f'data-{name.replace("_", "-")}="{escape(text)}"' for name, text in words.items())
        body = f"""<!doctype html>
<html lang="{locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(t("activity.title", locale))}</title>
<link rel="icon" href="static/icon.svg?{self.assets}" type="image/svg+xml">
<link rel="stylesheet" href="static/page.css?{self.assets}">
<script src="static/discord-sdk.js?{self.assets}" defer></script>
<script src="static/activity.js?{self.assets}" defer></script>
</head>
<body data-client-id="{self.settings.client_id}">
<main><p id="status" role="status" {data}>{escape(words["connecting"])}</p></main>
</body>
</html>
"""
        return web.Response(text=body, content_type="text/html", headers={"Content-Language": locale})

    async def token(self, request: web.Request) -> web.Response:
        """``POST api/token``: signs the player in on the game of the Activity's channel (module's doc)."""
        locale = self.negotiate(request)
        try:
            code, instance_id = await self._asked(request)
            access_token = await self.oauth.exchange(code, None)
            user_id, name = await self.oauth.user(access_token)
            channel = await self.instances.channel(instance_id, user_id)
            game = await self.service().db.game_in_channel(channel)
            if game is None or game.state is None:
                raise Refused(404, "activity.no_game", f"no game in channel {channel}")
            page = await self.service().web_token(game.id)
        except SignInFailed as exc:
            log.info("an Activity's sign-in failed: %s", exc)
            return self._refusal(403, "activity.refused", locale)
        except Refused as refused:
            log.info("an Activity's sign-in was refused: %s", refused)
            return self._refusal(refused.status, refused.key, locale)
        await sessions.remember(request, None, sessions.SignedIn(user_id, name, sessions.generation(page)))
        return web.json_response({"access_token": access_token, "page": f"g/{page}"})

    async def _asked(self, request: web.Request) -> tuple[str, str]:
        """The code and instance id the page posts (as JSON, from the Activity's own page)."""
        if request.headers.get("Sec-Fetch-Site", "same-origin") != "same-origin":
            raise Refused(403, "activity.refused", "a cross-site request")
        if request.content_type != "application/json":
            raise Refused(400, "activity.refused", "not JSON")
        try:
            asked = await request.json()
        except (ValueError, RecursionError):  # (RecursionError: nested deeper than the parser goes)
            raise Refused(400, "activity.refused", "not JSON") from None
        code = asked.get("code") if isinstance(asked, dict) else None
        instance_id = asked.get("instance_id") if isinstance(asked, dict) else None
        if not isinstance(code, str) or not CODE.fullmatch(code):
            raise Refused(400, "activity.refused", "no code")
        if not isinstance(instance_id, str) or not INSTANCE.fullmatch(instance_id):
            raise Refused(400, "activity.refused", "no instance id")
        return code, instance_id

    @staticmethod
    def _refusal(status: int, key: str, locale: str) -> web.Response:
        return web.json_response({"error": t(key, locale)}, status=status, headers={"Content-Language": locale})


__all__ = ["FRAME_ANCESTORS", "PREFIX", "Activity"]
