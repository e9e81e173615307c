"""The spectator pages' web server (aiohttp): a page per game, its live stream and its pictures.

Routes (``<token>``: the game's long random token; nothing lists the games):

- ``GET /g/<token>``: the page (HTML), at the live position;
- ``GET /g/<token>/events``: the live stream (server-sent events): ``game`` with the page's data
  (the live picture in it) whenever the game changes, ``gone`` when the link was replaced;
- ``GET /g/<token>/step/<n>``: an earlier position (JSON), ``/g/<token>/step/<n>.png`` its picture;
- ``GET /static/page.css``, ``/static/page.js``, ``/static/icon.svg``: the page's own style, script and
  icon (nothing comes from another host).

- with sign-in (``Settings.sign_in``): ``GET /signin``, ``GET /signin/callback`` and ``POST /g/<token>/signout``
  (``bot.web.signin``), the session in an encrypted cookie (``bot.web.sessions``);
- with an Activity too (``Settings.activity``): ``/activity/``, the page inside Discord's frame, its sign-in
  ``POST /activity/api/token``, and the games' pages again under ``/activity`` (``bot.web.activity``), which
  alone Discord may frame; ``GET /`` with Discord's launch parameters goes on to ``/activity/``;

- ``GET /healthz``: 200 while the pages can be served as they should (the database answers and its
  changes are heard; in the bot's process, its Discord gateway connected), else 503 and why: for hosts.

An unknown or replaced token answers a plain 404; past the open streams allowed per address or in
all, a stream answers 429; while the database is out of reach, a request that needs it answers 503
(an open stream stays open, says ``waiting``, and goes on once the database is back). Every answer
carries a strict Content-Security-Policy.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import urllib.parse
from collections import Counter
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, TypeAlias, cast

from aiohttp import web
from aiohttp_session import get_session
from aiohttp_sse import EventSourceResponse

from rules.core import t

from ..service.games import GameService, engine_of
from ..service.spectate import RenderCache
from ..settings import Settings
from ..storage import Database, GameRow
from ..workers import renderpool
from .activity import PREFIX as ACTIVITY
from .activity import Activity
from .changes import Changes, stored
from .gate import Gate, address_group, connection_limit
from .language import negotiate
from .page import Pages, render_page
from .play import Play, Table, account_html, play_html, seat_of, take_notice
from .sessions import BOOK, ORIGINS, SignedIn, SignInBook, csrf_token, signed_in, still_signed_in
from .sessions import middleware as session_middleware
from .signin import SignIn

log = logging.getLogger(__name__)
Handler: TypeAlias = Callable[[web.Request], Awaitable[web.StreamResponse]]

TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "X-Robots-Tag": "noindex, nofollow",
}
IMMUTABLE = "private, max-age=31536000, immutable"
# An answer that may be a seat's own (with sign-in: it depends on the session's cookie): no cache keeps it.
PRIVATE = {"Cache-Control": "private, no-store", "Vary": "Cookie"}
RETRY_AFTER = 5  # what a 503 asks to wait before trying again (seconds)
# An open stream whose game cannot be read (the database out of reach) says so once (the page shows that
# it is reconnecting), then reads it again when it changes or after RETRY_READ seconds.
WAITING = b"event: waiting\r\ndata: \r\n\r\n"
RETRY_READ = 2.0
# /healthz: the database's answer serves the checks of HEALTH_SECONDS; it must come within HEALTH_TIMEOUT.
HEALTH_SECONDS = 1.0
HEALTH_TIMEOUT = 3.0
RETRY_MS = 3000  # how long a browser waits before it reconnects a stream that broke
PING_SECONDS = 15.0
STATIC = {
    "page.css": "text/css",
    "page.js": "text/javascript",
    "icon.svg": "image/svg+xml",
    "activity.js": "text/javascript",  # the Activity's page (activity.py), with Discord's Embedded App SDK
    "discord-sdk.js": "text/javascript",
}


def origins(settings: Settings) -> frozenset[str]:
    """The origins the pages' own forms are posted from: ``MESA_WEB_URL``'s, and with an Activity, its frame's
    behind Discord's proxy (https://<application id>.discordsays.com)."""
    site = urllib.parse.urlsplit(settings.web_url or "")
    found = {f"{site.scheme}://{site.netloc}"}
    if settings.activity:
        found.add(f"https://{settings.client_id}.discordsays.com")
    return frozenset(found)


class Streams:
    """The live streams open now, per address and in all, within their limits."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total, self.per_address = total, per_address
        self.open: Counter[str] = Counter()

    def take(self, address: str) -> bool:
        """Whether a stream from ``address`` (its group: ``address_group``) may open; if so it counts."""
        if sum(self.open.values()) >= self.total or self.open[address] >= self.per_address:
            return False
        self.open[address] += 1
        return True

    def give_back(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class SecureHandler(web.RequestHandler):
    """aiohttp's handler of a connection, whose own answers (to a request it cannot parse: 400; after an
    error no handler caught: 500) carry the headers every answer of the pages carries."""

    __slots__ = ()

    def handle_error(
        self, request: Any, status: int = 500, exc: BaseException | None = None, message: str | None = None
    ) -> web.StreamResponse:
        response = super().handle_error(request, status, exc, message)
        response.headers.update(SECURITY_HEADERS)
        response.headers.setdefault("Cache-Control", "no-store")
        return response


class WebServer:
    def __init__(
        self,
        db: Callable[[], Database],
        settings: Settings,
        cache: RenderCache | None = None,
        settled: Callable[[int], Awaitable[None]] | None = None,
        gateway: Callable[[], str | None] | None = None,
        service: GameService | None = None,
        table: Table | None = None,
    ) -> None:
        """``db`` gives the open database when a request needs it (the bot opens it after logging in);
        ``cache`` is the bot's own picture cache, ``settled`` its ``GameService.settled``, and ``gateway`` what
        keeps its Discord gateway from being connected now (None: nothing), when the pages are served in its
        process.

        ``service`` plays the moves made on the pages (the bot's own, in its process; else one of this
        process's), and ``table`` posts their boards in the channel (the bot's, in its process; else the
        bot hears of the moves from the database and posts them)."""
        self.settings = settings
        self.table = table or Table()
        self.gateway = gateway
        self._probe: tuple[float, asyncio.Future[object]] | None = (
            None  # /healthz: when the database was asked, its answer
        )
        cache = cache or RenderCache(pool=renderpool.shared(settings.render_workers))
        self.pages = Pages(db, cache, settled=settled)
        self.changes = Changes(self.pages.changed, self.pages.check, settled)
        self.pages.found = self.changes.notify
        self.service, self._own_service = service, service is None
        if service is None:  # (the bot's own tells the pages of its moves itself)
            self.service = GameService(None, settings)
            self.service.watchers.append(self.changes.notify)
        self.streams = Streams(settings.web_streams, settings.web_streams_per_address)
        self.static = {name: (resources.files(__package__) / "static" / name).read_bytes() for name in STATIC}
        self.assets = hashlib.sha256(b"".join(self.static.values())).hexdigest()[:12]
        self.app = self.make_app()
        self.runner: web.AppRunner | None = None
        self.gate: Gate | None = None
        self._listener: asyncio.Server | None = None
        self.port: int | None = None

    def the_service(self) -> GameService:
        """The game service, on the pages' database (opened after the server, in the bot's process)."""
        assert self.service is not None
        if not self.service.has_db:
            self.service.db = self.pages.db()
        return self.service

    async def secret(self) -> str:
        """The deployment's secret, which the sessions' key is derived from."""
        return await self.the_service().secret()

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._unavailable, session_middleware(self.secret)])
        self.sign_in: SignIn | None = None
        if self.settings.sign_in:
            self.sign_in = SignIn(self.settings, negotiate)
            app[ORIGINS] = origins(self.settings)
            app[BOOK] = SignInBook(self.pages.db)
        self.add_page_routes(app)
        if self.sign_in is not None and self.settings.activity:  # the same pages again, in Discord's frame
            activity = Activity(self.settings, self.the_service, negotiate, self.assets, self.sign_in.oauth)
            app.add_subapp(ACTIVITY, activity.app(self.add_page_routes))
            app.router.add_get("/", activity.launched)
        app.router.add_get("/robots.txt", self.robots)
        app.router.add_get("/healthz", self.health)
        app.on_response_prepare.append(self._headers)
        app.on_shutdown.append(self._shutdown)
        return app

    def add_page_routes(self, app: web.Application) -> None:
        """The games' pages and what they load (the site's, and the Activity's again under ``/activity``)."""
        if self.sign_in is not None:
            self.sign_in.add_routes(app)
            Play(self.the_service, self._game, negotiate, self.table).add_routes(app)
            app.router.add_get("/g/{token}/mine.png", self.own_picture)
        app.router.add_get("/g/{token}", self.page)
        app.router.add_get("/g/{token}/events", self.events)
        app.router.add_get(r"/g/{token}/step/{step:\d{1,6}}", self.position)
        app.router.add_get(r"/g/{token}/step/{step:\d{1,6}}.png", self.picture)
        app.router.add_get("/static/{name}", self.asset)

    # -- running ---------------------------------------------------------------------
    async def start(self, *, host: str | None = None, port: int | None = None) -> int:
        """Serves the pages (``port`` 0: any free port) and follows the database's changes; returns the port.

        The connections are let in through a ``Gate`` (limited per address and in all, below the open-files
        limit), handled by aiohttp's handler with its timeouts (``web_idle``: a connection that sends no
        whole request meanwhile is closed) and the pages' headers on its own answers too."""
        self.runner = web.AppRunner(self.app, handler_cancellation=True, shutdown_timeout=5.0)
        await self.runner.setup()
        server, loop = self.runner.server, asyncio.get_running_loop()
        assert server is not None

        def handler() -> asyncio.Protocol:
            idle = self.settings.web_idle
            return SecureHandler(server, loop=loop, keepalive_timeout=idle, access_log=cast(Any, None))

        per_address = None if self.settings.web_proxy else self.settings.web_connections_per_address
        self.gate = Gate(handler, connection_limit(self.settings.web_connections), per_address)
        self._listener = await loop.create_server(
            self.gate,
            host or self.settings.web_host,
            self.settings.web_port if port is None else port,
            reuse_address=True,
        )
        self.port = int(self._listener.sockets[0].getsockname()[1])
        self.changes.follow(stored(self.pages.db))
        log.info(
            "spectator pages served on port %s (%s connections at once, %s from one address)",
            self.port,
            self.gate.total,
            "any number" if per_address is None else per_address,
        )
        return self.port

    async def stop(self) -> None:
        """Ends the streams, then the server (its shutdown wakes every stream: no wait for them)."""
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        if self.gate is not None:
            self.gate.close()
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
        await self.changes.close()

    async def _shutdown(self, app: web.Application) -> None:
        await self.changes.close()
        if self.sign_in is not None:
            await self.sign_in.oauth.close()
        if self._own_service and self.service is not None:
            self.service.thinker.close()

    # -- answers ---------------------------------------------------------------------
    def unreachable(self, error: BaseException) -> bool:
        """Whether ``error`` says that the database cannot be reached now (its server down or restarting)."""
        try:
            db = self.pages.db()
        except RuntimeError:  # (not opened yet)
            return False
        return db.sql.unreachable(error)

    @web.middleware
    async def _unavailable(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A request that needed the database while it is out of reach: a plain 503 that says so (the page's
        script, and a browser's reload, try again), not a 500 and a traceback per request."""
        try:
            return await handler(request)
        except web.HTTPException:
            raise
        except Exception as exc:
            if not self.unreachable(exc):
                raise
            log.debug("%s answered 503: the database cannot be reached (%s)", request.path, exc)
            locale = negotiate(request)
            raise web.HTTPServiceUnavailable(
                text=t("web.unavailable", locale),
                headers={"Retry-After": str(RETRY_AFTER), "Content-Language": locale},
            ) from None

    async def health(self, request: web.Request) -> web.Response:
        """200 while the pages can be served and follow the games (the database answers, its changes are
        heard, and in the bot's process its Discord gateway is connected); else 503 and why, in one line."""
        problem = await self.problem()
        if problem is not None:
            return web.Response(status=503, text=f"{problem}\n", headers={"Retry-After": str(RETRY_AFTER)})
        return web.Response(text="ok\n")

    async def problem(self) -> str | None:
        """What keeps the pages from being served as they should now, or None."""
        try:
            db = self.pages.db()
        except RuntimeError:
            return "the database is not open yet"
        now = asyncio.get_running_loop().time()
        if self._probe is None or (self._probe[1].done() and now - self._probe[0] >= HEALTH_SECONDS):
            self._probe = (now, asyncio.ensure_future(asyncio.wait_for(db.sql.fetchval("SELECT 1"), HEALTH_TIMEOUT)))
        try:
            await asyncio.shield(self._probe[1])
        except Exception as exc:
            return f"the database cannot be reached ({type(exc).__name__}: {exc})"
        if db.outage.down:
            return "the database's changes cannot be heard (listening again)"
        if not self.changes.following:
            return "the pages stopped following the games' changes"
        return self.gateway() if self.gateway is not None else None

    @staticmethod
    async def _headers(request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(SECURITY_HEADERS)
        response.headers.setdefault("Cache-Control", "no-store")

    def address(self, request: web.Request) -> str:
        """The visitor's address (behind a proxy, the last one it appended to X-Forwarded-For), as the limits
        count it: an IPv6 address as its /64 (``address_group``)."""
        if self.settings.web_proxy:
            forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
            if forwarded:
                return address_group(forwarded)
        return address_group(request.remote or "?")

    async def _game(self, request: web.Request) -> GameRow:
        token = request.match_info["token"]
        if not TOKEN.fullmatch(token):
            raise web.HTTPNotFound()
        try:
            game = await self.pages.game(token)
        except RuntimeError:  # the bot has not opened its database yet
            raise web.HTTPServiceUnavailable(headers={"Retry-After": "5"}) from None
        if game is None or game.state is None:
            raise web.HTTPNotFound()
        return game

    async def seat(self, request: web.Request, game: GameRow) -> tuple[int | None, SignedIn | None]:
        """The seat whose own page the request sees (None: the spectator's page), and who is signed in."""
        if self.sign_in is None:
            return None, None
        user = await signed_in(request)
        return self.seat_for(game, user), user

    def seat_for(self, game: GameRow, user: SignedIn | None) -> int | None:
        if user is None:
            return None
        return seat_of(game, user, engine_of(game).to_act(self.pages.live_state(game)))

    async def page(self, request: web.Request) -> web.Response:
        game = await self._game(request)
        locale = negotiate(request)
        seat, user = await self.seat(request, game)
        snapshot = await self.pages.snapshot(game, locale, seat)
        account = play = ""
        if self.sign_in is not None:
            csrf = csrf_token(await get_session(request)) if user is not None else ""
            account = account_html(game.web_token or "", locale, user, csrf)
            play = play_html(
                game.web_token or "", snapshot.mine, game.version, csrf, locale, await take_notice(request)
            )
        body = render_page(snapshot, game, locale, self.assets, account, play)
        private = PRIVATE if self.sign_in is not None else {}
        return web.Response(text=body, content_type="text/html", headers={"Content-Language": locale, **private})

    async def own_picture(self, request: web.Request) -> web.Response:
        """A seated player's own picture of the live position (the page's full-size link), for them alone."""
        game = await self._game(request)
        seat, _ = await self.seat(request, game)
        if seat is None:
            raise web.HTTPNotFound()
        png = await self.pages.seat_picture(game, seat, negotiate(request))
        return web.Response(body=png, content_type="image/png", headers=PRIVATE)

    async def position(self, request: web.Request) -> web.Response:
        game = await self._game(request)
        found = await self.pages.position(game, int(request.match_info["step"]), negotiate(request))
        if found is None:
            raise web.HTTPNotFound()
        return web.json_response(found.__dict__)

    async def picture(self, request: web.Request) -> web.Response:
        """A position's picture. Its address names the game's version (``?v=``): while that is the game's
        version, the address is that picture for good (a browser keeps it, never asking again); an address
        of an older version is checked again each time (an undo may have replaced the position)."""
        game = await self._game(request)
        step, locale = int(request.match_info["step"]), negotiate(request)
        tag = f"{game.version}.{step}.{locale}"
        current = request.query.get("v") == str(game.version)
        headers = {"ETag": f'"{tag}"', "Cache-Control": IMMUTABLE if current else "private, no-cache"}
        if any(seen.value == tag for seen in request.if_none_match or ()):
            raise web.HTTPNotModified(headers=headers)
        png = await self.pages.picture(game, step, locale)
        if png is None:
            raise web.HTTPNotFound()
        return web.Response(body=png, content_type="image/png", headers=headers)

    async def asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(
            body=self.static[name], content_type=STATIC[name], headers={"Cache-Control": "public, max-age=86400"}
        )

    async def robots(self, request: web.Request) -> web.Response:
        return web.Response(text="User-agent: *\nDisallow: /\n", headers={"Cache-Control": "public, max-age=86400"})

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The live stream: the page's data now, then again after every change; ``gone`` when the link is replaced."""
        game = await self._game(request)
        token, locale, address = game.web_token or "", negotiate(request), self.address(request)
        _, user = await self.seat(request, game)
        if not self.streams.take(address):
            raise web.HTTPTooManyRequests(
                text=self._too_many(locale), headers={"Retry-After": "60", "Content-Language": locale}
            )
        try:
            with self.changes.watch(game.id) as changed:
                response = EventSourceResponse(ping_interval=PING_SECONDS)
                if self.sign_in is not None:
                    response.headers.update(PRIVATE)
                await response.prepare(request)
                async with response:
                    await self._stream(request, response, changed, token, locale, user)
            return response
        finally:
            self.streams.give_back(address)

    async def _stream(
        self,
        request: web.Request,
        response: EventSourceResponse,
        changed: asyncio.Event,
        token: str,
        locale: str,
        user: SignedIn | None,
    ) -> None:
        # A broken connection (a ping that failed) ends the response's wait: it wakes the stream as a change
        # does. The stream waits on its event alone, so a reader that goes away (the handler cancelled)
        # leaves nothing pending behind it.
        closed = asyncio.ensure_future(response.wait())
        closed.add_done_callback(lambda _: changed.set())
        try:
            await self._write(response, f"retry: {RETRY_MS}\r\n\r\n".encode())
            last: bytes = b""
            while not self.changes.closed and not closed.done():
                changed.clear()
                try:
                    game = await self.pages.game(token)
                    if user is not None and last and not await still_signed_in(request, user):
                        user = None  # signed out (maybe in another copy of the cookie): the spectators' page now
                    seat = None if game is None else self.seat_for(game, user)  # (a player's own page: theirs)
                    event = None if game is None else (await self.pages.snapshot(game, locale, seat)).event
                except Exception as exc:
                    if not self.unreachable(exc):
                        raise
                    # The database is out of reach: the stream stays open and says so, then reads the game
                    # again once it changes (its changes are heard again) or a little later.
                    if last != WAITING and not await self._write(response, WAITING):
                        return
                    last = WAITING
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(changed.wait(), RETRY_READ)
                    continue
                if event is None:
                    await response.send("", event="gone")
                    return
                if event != last and not await self._write(response, event):
                    return
                last = event
                await changed.wait()
        finally:
            closed.cancel()

    @staticmethod
    async def _write(response: EventSourceResponse, data: bytes) -> bool:
        """Writes what is already an event of the stream (``Snapshot.event``: encoded once for all the streams
        of the game); False if the stream broke.

        A reader slower than the moves holds only its own stream back: the write waits for it, and the
        changes meanwhile come to one event, the position then. A reader that takes nothing more is dropped
        once a ping cannot be written, or what was sent stays unacknowledged, for the stream's
        ``send_timeout`` (aiohttp-sse's, two minutes)."""
        try:
            await response.write(data)
        except (ConnectionResetError, RuntimeError):  # (RuntimeError: written after the connection's end)
            return False
        return True

    @staticmethod
    def _too_many(locale: str) -> str:
        return t("web.too_many", locale)


__all__ = ["SECURITY_HEADERS", "WebServer", "negotiate"]
