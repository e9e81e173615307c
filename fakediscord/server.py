"""FakeDiscord: a loopback aiohttp server speaking enough of Discord's REST API v10 and gateway for discord.py."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
import math
import re
import secrets
import time
import urllib.parse
import zlib
from collections.abc import Awaitable, Callable
from typing import Any, Self, TypeVar

import orjson
import yarl
import zstandard
from aiohttp import WSMsgType, web

from . import payloads as P
from .accounts import Accounts, Refusal, parse_form
from .authorize import Authorize
from .store import FakeGuild, FakeInteraction, FakeMessage
from .timing import stretched

T = TypeVar("T")

API = "/api/v10"
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12


class _Error(Exception):
    def __init__(self, status: int, code: int, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


_BOUNDARY = re.compile(r'boundary="?([^";]+)"?')
_DISPOSITION = re.compile(r';\s*(name|filename)(\*?)="?((?:[^"\\;]|\\.)*)"?')


def _multipart_parts(raw: bytes, content_type: str) -> list[tuple[str, str | None, str | None, bytes]]:
    """The parts of a multipart/form-data body, as (name, filename, content type, bytes): the body read
    whole and cut at its boundary (an upload is a few parts, and aiohttp's streaming reader costs more
    CPU than the rest of a request)."""
    boundary = _BOUNDARY.search(content_type)
    if boundary is None:
        raise _Error(400, 50035, "Invalid Form Body (no multipart boundary)")
    parts = []
    for chunk in raw.split(b"--" + boundary.group(1).encode())[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter
            break
        head, found, data = chunk.partition(b"\r\n\r\n")
        if not found:
            raise _Error(400, 50035, "Invalid Form Body (a part without headers)")
        headers = {}
        for line in head.decode("utf-8").split("\r\n"):
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        fields: dict[str, str] = {}
        for key, extended, value in _DISPOSITION.findall(headers.get("content-disposition", "")):
            if extended:  # filename*=utf-8''<percent-encoded>
                value = urllib.parse.unquote(value.split("''", 1)[-1])
            fields.setdefault(key, value.replace('\\"', '"'))
        data = data.removesuffix(b"\r\n")
        parts.append((fields.get("name", ""), fields.get("filename"), headers.get("content-type"), data))
    return parts


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py compares Content-Type for equality with "application/json" (no charset!).
    return web.Response(body=_dumps(data), status=status, headers={"Content-Type": "application/json"})


def _dumps(data: Any) -> bytes:
    """JSON as Discord sends it (UTF-8), by orjson: the fake's replies and events cost it little CPU, so a
    benchmark measures the bot."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


@dataclasses.dataclass
class Hold:
    """A request kept waiting by ``FakeDiscord.hold``: ``arrived`` is set when it comes; ``release()``
    lets it be answered."""

    method: str
    pattern: re.Pattern[str]
    arrived: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)
    released: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)

    def release(self) -> None:
        self.released.set()


class _Session:
    """A gateway session (survives its websocket, so it can be RESUMEd)."""

    def __init__(self, session_id: str, intents: int, shard: list[int] | None):
        self.session_id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.backlog: list[dict[str, Any]] = []
        self.conn: _Connection | None = None


def _compressor(compress: str | None) -> Callable[[bytes], bytes] | None:
    """Discord's transport compression for the gateway: one stream for the whole connection, flushed
    after each message (``zlib-stream``, or ``zstd-stream``, which discord.py asks for when
    ``zstandard`` is installed); ``None``: plain text frames."""
    if compress == "zlib-stream":
        zlib_stream = zlib.compressobj()
        return lambda raw: zlib_stream.compress(raw) + zlib_stream.flush(zlib.Z_SYNC_FLUSH)
    if compress == "zstd-stream":
        zstd_stream = zstandard.ZstdCompressor().compressobj()
        return lambda raw: zstd_stream.compress(raw) + zstd_stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
    return None


class _Connection:
    def __init__(self, ws: web.WebSocketResponse, compress: str | None, transport: asyncio.Transport | None = None):
        self.ws = ws
        self.transport = transport  # its socket: what a process that dies takes down with it
        self.compressor = _compressor(compress)
        self.lock = asyncio.Lock()
        self.session: _Session | None = None

    async def send(self, payload: dict[str, Any]) -> bool:
        """Sends one frame; False if the connection is closed or closing (its process died just now:
        the frame stays in its session's backlog, as Discord keeps it for a resume)."""
        raw = _dumps(payload)
        async with self.lock:
            if self.ws.closed:
                return False
            try:
                if self.compressor is not None:
                    await self.ws.send_bytes(self.compressor(raw))
                else:
                    await self.ws.send_str(raw.decode())
            except ConnectionResetError:  # the peer is gone, and the reading side has not seen it yet
                return False
            return True


class FakeDiscord:
    """A fake Discord on 127.0.0.1: REST under /api/v10, gateway on /gateway/ (and /), loopback CDN."""

    def __init__(
        self,
        *,
        app_id: int = 900_000_000_000_000_001,
        bot_user_id: int | None = None,
        bot_name: str = "Mesa",
        token: str | None = None,
        heartbeat_interval: int = 41250,
    ):
        self.app_id = app_id
        #: OAuth2 (codes, access tokens) and Activities (instances): fakediscord/accounts.py
        self.accounts = Accounts(app_id)
        #: Discord's authorize page in a browser (who approves a web app's sign-in): fakediscord/authorize.py
        self.authorize = Authorize(self)
        self.bot_user_id = bot_user_id if bot_user_id is not None else app_id
        self.bot_user = P.user_payload(self.bot_user_id, bot_name, bot=True)
        #: if set, REST and IDENTIFY with another token are refused (401 / close 4004)
        self.token = token
        self.heartbeat_interval = heartbeat_interval
        self.port = 0
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.threads: dict[int, dict[str, Any]] = {}
        self.thread_members: dict[int, set[int]] = {}
        self.users: dict[int, dict[str, Any]] = {}
        self.user_locales: dict[int, str] = {}
        self.dms_closed: set[int] = set()
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.all_messages: dict[int, FakeMessage] = {}
        self._channel_messages: dict[int, list[FakeMessage]] = {}
        self._ephemerals: dict[int, list[FakeMessage]] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self._by_token: dict[str, FakeInteraction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.requests: list[tuple[str, str]] = []
        # every JSON body the bot sent (method, path, body): what a test reads of allowed_mentions
        self.bodies: list[tuple[str, str, dict[str, Any]]] = []
        self.unknown_routes: list[tuple[str, str]] = []
        self.gateway_log: list[tuple[str, Any]] = []  # ("recv", op) / ("send", event or op)
        self._fails: list[list[Any]] = []
        self._holds: list[Hold] = []
        #: how long (seconds) a message nonce sent with enforce_nonce returns the message it created
        self.nonce_window = 300.0
        self._nonces: dict[tuple[int, int, str], tuple[int, float]] = {}
        self.deleted_channels: set[int] = set()
        self.uploads: dict[str, dict[str, Any]] = {}  # attachment id -> a file a user attached to a command
        self._inflight = 0
        self._background: set[asyncio.Task[Any]] = set()
        self._last_activity = time.monotonic()
        self._sessions: dict[str, _Session] = {}
        self._connections: list[_Connection] = []
        self._runner: web.AppRunner | None = None
        self._routes = self._build_routes()
        self._watchers: dict[int, list[asyncio.Future[None]]] = {}
        #: what GET /gateway/bot advises: the number of shards and logins allowed per 5 s (per bucket)
        self.shard_count = 1
        self.max_concurrency = 1
        #: every IDENTIFY: (time.monotonic(), shard id, shard count)
        self.identifies: list[tuple[float, int, int]] = []

    # ================================================================== lifecycle
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway/"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway/", self._gateway)
        app.router.add_get("/", self._gateway)
        app.router.add_get("/attachments/{cid}/{aid}/{filename}", self._cdn)
        app.router.add_get("/oauth2/authorize", self.authorize.page)
        app.router.add_route("*", "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        for conn in list(self._connections):
            with contextlib.suppress(Exception):
                await conn.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @contextlib.contextmanager
    def patch(self):
        """Point discord.py's REST base and default gateway at the fake; restore both on exit."""
        import discord.gateway
        import discord.http

        old_base = discord.http.Route.BASE
        old_gw = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.base_url + API
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield self
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gw

    # ================================================================== world
    def add_guild(self, guild_id: int, name: str = "Guild", *, locale: str = "en-US") -> FakeGuild:
        guild = FakeGuild(guild_id, name, locale)
        self.guilds[guild_id] = guild
        return guild

    def add_channel(
        self, guild_id: int, channel_id: int, name: str = "general", *, threads_allowed: bool = True
    ) -> dict[str, Any]:
        guild = self.guilds[guild_id]
        overwrites = []
        if not threads_allowed:
            overwrites.append({"id": str(self.bot_user_id), "type": 1, "allow": "0", "deny": str(P.THREAD_PERMISSIONS)})
        channel = {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild_id),
            "name": name,
            "position": len(guild.channels),
            "topic": None,
            "nsfw": False,
            "parent_id": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "permission_overwrites": overwrites,
            "flags": 0,
        }
        guild.channels[channel_id] = channel
        self.channels[channel_id] = channel
        self._announce_later("CHANNEL_CREATE", channel)
        return channel

    def add_forum(
        self, guild_id: int, channel_id: int, name: str = "games", *, tags: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        """A forum channel (type 15): no chat of its own, its posts are threads; ``tags`` are the tags it offers."""
        channel = self.add_channel(guild_id, channel_id, name)
        channel.update(
            type=P.FORUM,
            available_tags=[
                {"id": str(P.snowflake()), "name": tag, "moderated": False, "emoji_id": None, "emoji_name": None}
                for tag in tags
            ],
            default_reaction_emoji=None,
            default_sort_order=None,
            default_forum_layout=0,
            default_thread_rate_limit_per_user=0,
        )
        return channel

    async def user_post(self, user_id: int, forum_id: int, name: str, content: str) -> int:
        """A user opens a post in a forum (announced as THREAD_CREATE); returns its id, for slash() there."""
        forum = self.channels[forum_id]
        thread = self._new_thread(forum, P.snowflake(), 11, {"name": name}, user_id)
        thread["owner_id"] = str(user_id)
        starter = self._new_message(int(thread["id"]), self.users[user_id], {"content": content})
        starter.id = int(thread["id"])
        self._store(starter)
        await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return int(thread["id"])

    def tags_of(self, thread_id: int) -> list[str]:
        """The names of the tags a forum post carries."""
        thread = self.channels[thread_id]
        names = {tag["id"]: tag["name"] for tag in self.channels[int(thread["parent_id"])]["available_tags"]}
        return [names[tag] for tag in thread.get("applied_tags", [])]

    def _announce_later(self, event: str, data: dict[str, Any]) -> None:
        """From sync world-building code: dispatch to already connected bots (await fake.settle() to be sure)."""
        if self.connected:
            task = asyncio.get_running_loop().create_task(self.dispatch(event, data))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    def add_user(self, user_id: int, name: str, *, locale: str = "en-US", dms_open: bool = True) -> dict[str, Any]:
        """A user who is a member of every guild. dms_open=False makes DMs to them fail with 403/50007."""
        user = P.user_payload(user_id, name)
        self.users[user_id] = user
        self.user_locales[user_id] = locale
        if not dms_open:
            self.dms_closed.add(user_id)
        return user

    def send_allowed(self, channel_id: int) -> bool:
        """Whether the bot may send in this channel (in a thread: Send Messages in Threads on its parent)."""
        channel = self.channels[channel_id]
        bit = P.SEND_IN_THREADS if channel["type"] in (10, 11, 12) else P.SEND_MESSAGES
        if channel["type"] in (10, 11, 12):
            channel = self.channels[int(channel["parent_id"])]
        return not any(
            o["id"] == str(self.bot_user_id) and int(o["deny"]) & bit for o in channel.get("permission_overwrites", [])
        )

    def set_send_allowed(
        self, channel_id: int, allowed: bool, *, in_channel: bool = True, in_threads: bool = True
    ) -> None:
        """A member overwrite denying (allowed=False) or no longer denying the bot Send Messages (in_channel) and
        Send Messages in Threads (in_threads) in a text channel: posts there answer 403/50013. Sends
        CHANNEL_UPDATE to connected bots."""
        channel = self.channels[channel_id]
        mine = next((o for o in channel["permission_overwrites"] if o["id"] == str(self.bot_user_id)), None)
        if mine is None:
            mine = {"id": str(self.bot_user_id), "type": 1, "allow": "0", "deny": "0"}
            channel["permission_overwrites"].append(mine)
        bits = (P.SEND_MESSAGES if in_channel else 0) | (P.SEND_IN_THREADS if in_threads else 0)
        deny = int(mine["deny"])
        mine["deny"] = str(deny & ~bits if allowed else deny | bits)
        self._announce_later("CHANNEL_UPDATE", channel)

    async def delete_channel(self, channel_id: int, *, announce: bool = True) -> None:
        """Delete a text channel (with its threads) or a thread, as a server admin would. With announce, connected
        bots get CHANNEL_DELETE / THREAD_DELETE; without, the deletion is silent (a bot that was offline, or missed
        the event), and the bot learns of it from a 10003 Unknown Channel answer."""
        channel = self.channels.pop(channel_id)
        self.deleted_channels.add(channel_id)
        self.threads.pop(channel_id, None)
        events: list[tuple[str, dict[str, Any]]] = []
        if channel["type"] in (10, 11, 12):
            events.append(
                (
                    "THREAD_DELETE",
                    {
                        "id": channel["id"],
                        "guild_id": channel["guild_id"],
                        "parent_id": channel["parent_id"],
                        "type": channel["type"],
                    },
                )
            )
        else:
            self.guilds[int(channel["guild_id"])].channels.pop(channel_id, None)
            for tid in [t for t, th in self.threads.items() if th["parent_id"] == channel["id"]]:
                self.threads.pop(tid)
                self.channels.pop(tid, None)
                self.deleted_channels.add(tid)
            events.append(("CHANNEL_DELETE", channel))
        if announce:
            for event, data in events:
                await self.dispatch(event, data)

    def forget_nonces(self) -> None:
        """Make every nonce seen so far older than Discord's window (a restart after several minutes)."""
        self._nonces.clear()

    def threads_allowed(self, channel_id: int) -> bool:
        channel = self.channels[channel_id]
        return not any(int(o["deny"]) & P.THREAD_PERMISSIONS for o in channel.get("permission_overwrites", []))

    def set_threads_allowed(self, channel_id: int, allowed: bool) -> None:
        channel = self.channels[channel_id]
        channel["permission_overwrites"] = [
            o for o in channel["permission_overwrites"] if o["id"] != str(self.bot_user_id)
        ]
        if not allowed:
            channel["permission_overwrites"].append(
                {"id": str(self.bot_user_id), "type": 1, "allow": "0", "deny": str(P.THREAD_PERMISSIONS)}
            )

    # ================================================================== inspection
    def messages(self, channel_id: int) -> list[FakeMessage]:
        return [m for m in self._channel_messages.get(channel_id, []) if not m.deleted]

    def ephemerals(self, user_id: int) -> list[FakeMessage]:
        return [m for m in self._ephemerals.get(user_id, []) if not m.deleted]

    def dm_messages(self, user_id: int) -> list[FakeMessage]:
        cid = self.dm_channels.get(user_id)
        return [] if cid is None else self.messages(cid)

    def dm_channel_id(self, user_id: int) -> int:
        """The id of the bot's DM channel with user_id (created on first use), e.g. for slash() in a DM."""
        if user_id not in self.dm_channels:
            self.dm_channels[user_id] = P.snowflake()
        return self.dm_channels[user_id]

    def message(self, message_id: int) -> FakeMessage:
        return self.all_messages[message_id]

    def commands(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        return self.guild_commands.get(guild_id, []) if guild_id is not None else self.global_commands

    def set_fail(
        self, method: str, path_regex: str, status: int, code: int, times: int = 1, message: str | None = None
    ) -> None:
        """Make the next `times` requests matching METHOD and re.search(path_regex, path) answer an error.

        path is as logged in `requests`, without /api/v10 and without the query. Use 4xx statuses: discord.py
        retries 5xx with sleeps, and a 429 without a Via header is treated as a Cloudflare ban.
        """
        self._fails.append(
            [method.upper(), re.compile(path_regex), status, code, times, message or f"Fake error {code}"]
        )

    def hold(self, method: str, path_regex: str) -> Hold:
        """The next request matching METHOD and re.search(path_regex, path) waits, once it has come
        (``Hold.arrived``), until ``Hold.release()``; then it is answered as usual (an error ``set_fail``
        gives included)."""
        hold = Hold(method.upper(), re.compile(path_regex))
        self._holds.append(hold)
        return hold

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0) -> T:
        """Poll predicate() every few ms until it returns something truthy; return it.

        ``timeout`` is for an idle machine: the wait gives up after that times the load per core
        (``timing.patience``, looked at again while waiting), so a busy machine is not a hang."""
        start = time.monotonic()
        while True:
            value = predicate()
            if inspect.isawaitable(value):
                value = await value
            if value:
                return value
            waited = time.monotonic() - start
            if waited >= stretched(timeout):
                break
            await asyncio.sleep(0.003 if waited < 0.2 else 0.02)
        try:
            what = inspect.getsource(predicate).strip()
        except (OSError, TypeError):
            what = repr(predicate)
        tail = "\n  ".join(f"{m} {p}" for m, p in self.requests[-12:])
        unknown = f"\nunknown routes: {self.unknown_routes}" if self.unknown_routes else ""
        raise TimeoutError(
            f"condition not met within {timeout}s (waited {waited:.1f}s on this machine's load): {what}\n"
            f"last requests:\n  {tail}{unknown}"
        )

    async def settle(self, quiet: float = 0.03, timeout: float = 5.0) -> None:
        """Wait until no REST request is in flight and none arrived for `quiet` seconds (the bot went idle);
        on a busy machine the bot may think that long between two requests, so `quiet` stretches too."""
        quiet = stretched(quiet)
        self._last_activity = max(self._last_activity, time.monotonic() - quiet + 0.005)
        await self.wait_for(lambda: self._inflight == 0 and time.monotonic() - self._last_activity >= quiet, timeout)

    async def wait_ready(self, bot: Any, guild_id: int, timeout: float = 5) -> None:
        """Wait until the bot has the guild cached (interactions work from then on, before on_ready)."""
        await self.wait_for(lambda: bot.get_guild(guild_id) is not None, timeout)

    # ================================================================== gateway
    @property
    def connected(self) -> int:
        return sum(1 for c in self._connections if c.session is not None and not c.ws.closed)

    async def dispatch(self, event: str, data: dict[str, Any], *, only: _Connection | None = None) -> int:
        """Send a DISPATCH event to every identified, connected bot whose shard it belongs to (``only``:
        to that connection alone). Returns how many received it."""
        sent = 0
        for conn in list(self._connections):
            session = conn.session
            if session is None or conn.ws.closed or (only is not None and conn is not only):
                continue
            if only is None and not self._wants(session, event, data):
                continue
            session.seq += 1
            self._last_activity = time.monotonic()
            frame = {"op": 0, "t": event, "s": session.seq, "d": data}
            session.backlog.append(frame)
            del session.backlog[:-200]
            self.gateway_log.append(("send", event))
            sent += await conn.send(frame)
        return sent

    def _wants(self, session: _Session, event: str, data: dict[str, Any]) -> bool:
        if session.shard:  # a guild's events go to its shard; direct messages to shard 0
            shard_id, count = session.shard
            if (int(data.get("guild_id") or 0) >> 22) % count != shard_id:
                return False
        if event.startswith("MESSAGE_"):
            need = GUILD_MESSAGES if data.get("guild_id") else DIRECT_MESSAGES
            return bool(session.intents & need)
        return True

    async def reconnect(self) -> None:
        """Ask every connected bot to reconnect (op 7); they will RESUME."""
        for conn in list(self._connections):
            await conn.send({"op": 7, "d": None})

    async def invalidate_session(self, resumable: bool = False) -> None:
        for conn in list(self._connections):
            await conn.send({"op": 9, "d": resumable})

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws, request.query.get("compress"), request.transport)
        self._connections.append(conn)
        try:
            await conn.send({"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": self.heartbeat_interval}})
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    payload = orjson.loads(msg.data)
                else:
                    break
                await self._gateway_op(conn, payload)
        finally:
            self._connections.remove(conn)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
        return ws

    async def _gateway_op(self, conn: _Connection, payload: dict[str, Any]) -> None:
        op, d = payload.get("op"), payload.get("d")
        self.gateway_log.append(("recv", op))
        if op == 1:
            await conn.send({"op": 11, "s": None, "t": None, "d": None})
        elif op == 2:
            if self.token is not None and d.get("token") != self.token:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            session = _Session(secrets.token_hex(16), int(d.get("intents", 0)), d.get("shard"))
            shard_id, count = session.shard or [0, 1]
            self.identifies.append((time.monotonic(), shard_id, count))
            self._sessions[session.session_id] = session
            session.conn = conn
            await self._send_ready(conn, session)
        elif op == 6:
            session = self._sessions.get(d.get("session_id"))
            if session is None:
                await conn.send({"op": 9, "s": None, "t": None, "d": False})
                return
            session.conn = conn
            missed = [f for f in session.backlog if f["s"] > (d.get("seq") or 0)]
            for frame in missed:
                await conn.send(frame)
            conn.session = session
            session.seq += 1
            await conn.send({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}})
        elif op == 8:
            guild = self.guilds.get(int(d["guild_id"]))
            if guild is not None:
                members = [P.member_payload(u) for u in self._all_users()]
                await self.dispatch(
                    "GUILD_MEMBERS_CHUNK",
                    {
                        "guild_id": str(guild.id),
                        "members": members,
                        "chunk_index": 0,
                        "chunk_count": 1,
                        "not_found": [],
                        "nonce": d.get("nonce"),
                    },
                )

    async def _send_ready(self, conn: _Connection, session: _Session) -> None:
        guilds = [g for g in self.guilds.values() if self._wants(session, "GUILD_CREATE", {"guild_id": g.id})]
        ready = {
            "v": 10,
            "user": {**self.bot_user, "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "session_type": "normal",
            "shard": session.shard or [0, 1],
            "_trace": ["fake-discord"],
        }
        conn.session = session
        await self.dispatch("READY", ready, only=conn)
        for guild in guilds:
            await self.dispatch("GUILD_CREATE", self._guild_payload(guild), only=conn)

    def _all_users(self) -> list[dict[str, Any]]:
        return [self.bot_user, *self.users.values()]

    def _guild_payload(self, guild: FakeGuild) -> dict[str, Any]:
        threads = [t for t in self.threads.values() if int(t["guild_id"]) == guild.id]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(next(iter(self.users), self.bot_user_id)),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": str(guild.id),
                    "name": "@everyone",
                    "permissions": str(P.BASE_PERMISSIONS),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "preferred_locale": guild.locale,
            "premium_tier": 0,
            "nsfw_level": 0,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(self._all_users()),
            "voice_states": [],
            "presences": [],
            "members": [P.member_payload(u) for u in self._all_users()],
            "channels": [{k: v for k, v in c.items() if k != "guild_id"} for c in guild.channels.values()],
            "threads": threads,
            "stage_instances": [],
            "guild_scheduled_events": [],
        }

    # ================================================================== driving
    def _channel_for_interaction(self, channel_id: int, user_id: int) -> tuple[dict[str, Any], int | None]:
        if channel_id in self.channels:
            channel = self.channels[channel_id]
            return channel, int(channel["guild_id"])
        for uid, cid in self.dm_channels.items():
            if cid == channel_id:
                return self._dm_payload(uid), None
        raise AssertionError(f"unknown channel {channel_id}")

    def _base_interaction(
        self,
        itype: int,
        user_id: int,
        channel_id: int,
        locale: str | None,
        data: dict[str, Any],
        message: FakeMessage | None = None,
    ) -> FakeInteraction:
        if user_id not in self.users:
            raise AssertionError(f"unknown user {user_id}: call add_user first")
        channel, guild_id = self._channel_for_interaction(channel_id, user_id)
        iid = P.snowflake()
        token = f"itok{iid}{secrets.token_hex(8)}"
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.app_id),
            "type": itype,
            "token": token,
            "version": 1,
            "attachment_size_limit": 10 * 1024 * 1024,
            "data": data,
            "locale": locale or self.user_locales.get(user_id, "en-US"),
            "channel": channel,
            "channel_id": str(channel_id),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild_id)} if guild_id else {"1": str(user_id)},
            "context": 0 if guild_id else 1,
        }
        if guild_id is not None:
            perms = P.BASE_PERMISSIONS
            app_perms = P.BASE_PERMISSIONS if self._thread_ok(channel) else P.BASE_PERMISSIONS & ~P.THREAD_PERMISSIONS
            payload.update(
                {
                    "guild_id": str(guild_id),
                    "guild_locale": self.guilds[guild_id].locale,
                    "guild": {"id": str(guild_id), "locale": self.guilds[guild_id].locale, "features": []},
                    "member": P.member_payload(self.users[user_id], permissions=perms),
                    "app_permissions": str(app_perms),
                }
            )
        else:
            payload.update({"user": self.users[user_id], "app_permissions": str(P.BASE_PERMISSIONS)})
        if message is not None:
            payload["message"] = message.payload()
        inter = FakeInteraction(
            id=iid,
            token=token,
            user_id=user_id,
            channel_id=channel_id,
            type=itype,
            payload=payload,
            guild_id=guild_id,
            source_message=message,
        )
        self.interactions[iid] = inter
        self._by_token[token] = inter
        return inter

    def _thread_ok(self, channel: dict[str, Any]) -> bool:
        parent = channel if channel["type"] not in (10, 11, 12) else self.channels.get(int(channel["parent_id"]))
        return parent is None or self.threads_allowed(int(parent["id"]))

    async def _inject(self, inter: FakeInteraction) -> FakeInteraction:
        inter.sent_at = time.perf_counter()
        if not await self.dispatch("INTERACTION_CREATE", inter.payload):
            raise AssertionError("no bot is connected to the fake gateway")
        return inter

    def _find_command(self, name: str, channel_id: int, ctype: int = 1) -> dict[str, Any]:
        guild_id = int(self.channels[channel_id]["guild_id"]) if channel_id in self.channels else None
        pool = (self.guild_commands.get(guild_id, []) if guild_id else []) + self.global_commands
        for cmd in pool:
            if cmd["name"] == name and cmd.get("type", 1) == ctype:
                contexts = cmd.get("contexts")
                if guild_id is None and (cmd.get("dm_permission") is False or (contexts and 1 not in contexts)):
                    # Discord offers no such command in a direct message with the bot
                    raise AssertionError(f"/{name} is not usable in a direct message (contexts {contexts})")
                return cmd
        names = sorted(c["name"] for c in pool)
        raise AssertionError(f"command {name!r} was not synced (synced: {names})")

    def _build_options(
        self,
        defs: list[dict[str, Any]],
        given: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        where: str,
        forged: bool = False,
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in defs}
        out = []
        for name in given:
            if name not in by_name:
                raise AssertionError(f"/{where} has no option {name!r} (options: {sorted(by_name)})")
        for opt in defs:
            name = opt["name"]
            if name not in given:
                if opt.get("required"):
                    raise AssertionError(f"/{where}: required option {name!r} missing")
                continue
            value, otype = given[name], opt["type"]
            if forged:  # sent as given, as a forged interaction would be: no client checked it
                out.append({"name": name, "type": otype, "value": value})
                continue
            self._check_option_value(where, opt, value)
            if opt.get("choices") and value not in [c["value"] for c in opt["choices"]]:
                raise AssertionError(f"/{where} {name}={value!r} is not one of the choices {opt['choices']}")
            if otype == 6 or otype == 9:  # user / mentionable
                uid = int(value)
                user = self.users.get(uid) or (self.bot_user if uid == self.bot_user_id else None)
                if user is None:
                    raise AssertionError(f"unknown user {uid} for option {name!r}")
                resolved.setdefault("users", {})[str(uid)] = user
                member = P.member_payload(user, permissions=P.BASE_PERMISSIONS)
                member.pop("user")
                resolved.setdefault("members", {})[str(uid)] = member
                value = str(uid)
            elif otype == 11:  # attachment: the id of a file made by upload()
                att = self.uploads.get(str(value))
                if att is None:
                    raise AssertionError(f"/{where} {name}: no uploaded file {value!r} (use fake.upload())")
                resolved.setdefault("attachments", {})[str(value)] = {k: v for k, v in att.items() if k != "data"}
                value = str(value)
            elif otype == 7:  # channel
                ch = self.channels[int(value)]
                resolved.setdefault("channels", {})[str(value)] = {
                    "id": ch["id"],
                    "name": ch["name"],
                    "type": ch["type"],
                    "permissions": str(P.BASE_PERMISSIONS),
                    **(
                        {"parent_id": ch["parent_id"], "thread_metadata": ch["thread_metadata"]}
                        if ch["type"] in (10, 11, 12)
                        else {}
                    ),
                }
                value = str(value)
            out.append({"name": name, "type": otype, "value": value})
        return out

    @staticmethod
    def _check_option_value(where: str, opt: dict[str, Any], value: Any) -> None:
        """What a real client enforces before sending: the option's type and its min/max bounds."""
        name, otype = opt["name"], opt["type"]
        expected = {3: str, 4: int, 5: bool, 10: (int, float)}.get(otype)
        if expected is not None and (not isinstance(value, expected) or (otype != 5 and isinstance(value, bool))):
            raise AssertionError(f"/{where} {name}={value!r}: option type {otype} wants {expected}")
        if otype in (4, 10):
            if opt.get("min_value") is not None and value < opt["min_value"]:
                raise AssertionError(f"/{where} {name}={value!r} is below min_value {opt['min_value']}")
            if opt.get("max_value") is not None and value > opt["max_value"]:
                raise AssertionError(f"/{where} {name}={value!r} is above max_value {opt['max_value']}")
        if otype == 3:
            if opt.get("min_length") is not None and len(value) < opt["min_length"]:
                raise AssertionError(f"/{where} {name}={value!r} is shorter than min_length {opt['min_length']}")
            if opt.get("max_length") is not None and len(value) > opt["max_length"]:
                raise AssertionError(f"/{where} {name}={value!r} is longer than max_length {opt['max_length']}")

    async def slash(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        forged: bool = False,
    ) -> FakeInteraction:
        """Inject a chat-input command ("play" or "game board") built from the synced command definitions.
        ``forged``: the options go as given, unchecked (a value of another type, outside the choices or the
        bounds), as a client that forges its interactions sends them."""
        parts = command.split()
        cmd = self._find_command(parts[0], channel_id)
        resolved: dict[str, dict[str, Any]] = {}
        defs, chain = cmd.get("options", []), []
        for sub in parts[1:]:
            match = [o for o in defs if o["name"] == sub and o["type"] in (1, 2)]
            if not match:
                raise AssertionError(f"/{command}: no subcommand {sub!r} under /{' '.join([parts[0], *chain])}")
            chain.append(sub)
            defs = match[0].get("options", [])
        if any(o["type"] in (1, 2) for o in defs):
            raise AssertionError(f"/{command} needs a subcommand: {[o['name'] for o in defs]}")
        leaf = self._build_options(defs, options or {}, resolved, command, forged)
        # nest: group -> subcommand -> leaf options
        nested: list[dict[str, Any]] = leaf
        defs = cmd.get("options", [])
        types = []
        for sub in parts[1:]:
            o = next(o for o in defs if o["name"] == sub)
            types.append(o["type"])
            defs = o.get("options", [])
        for sub, otype in reversed(list(zip(parts[1:], types, strict=False))):
            nested = [{"name": sub, "type": otype, "options": nested}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": nested}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return await self._inject(self._base_interaction(2, user_id, channel_id, locale, data))

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Inject an autocomplete interaction (type 4); the answer is in .autocomplete_choices."""
        parts = command.split()
        cmd = self._find_command(parts[0], channel_id)
        defs = cmd.get("options", [])
        chain_types = []
        for sub in parts[1:]:
            o = next(o for o in defs if o["name"] == sub)
            chain_types.append((sub, o["type"]))
            defs = o.get("options", [])
        by_name = {o["name"]: o for o in defs}
        leaf = [
            {"name": k, "type": by_name[k]["type"], "value": v, **({"focused": True} if k == focused else {})}
            for k, v in options.items()
        ]
        for sub, otype in reversed(chain_types):
            leaf = [{"name": sub, "type": otype, "options": leaf}]
        data = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": leaf}
        return await self._inject(self._base_interaction(4, user_id, channel_id, locale, data))

    def _check_visible(self, user_id: int, message: FakeMessage) -> FakeMessage:
        stored = self.all_messages.get(message.id)
        if stored is None or stored.deleted:
            raise AssertionError(f"message {message.id} does not exist (deleted?)")
        if stored.ephemeral and stored.interaction_user_id != user_id:
            raise AssertionError(f"user {user_id} cannot see ephemeral message {message.id}")
        return stored

    async def click(
        self,
        user_id: int,
        message: FakeMessage,
        custom_id: str,
        *,
        locale: str | None = None,
        via_shard: int | None = None,
    ) -> FakeInteraction:
        """Press a button of a stored message; the interaction carries the full current message.

        ``via_shard`` delivers it to the session of that shard whatever the guild (as when a guild's
        shard changes hands between two processes while clicks are under way).
        """
        msg = self._check_visible(user_id, message)
        comp = msg.component(custom_id)
        if comp is None or comp.get("type") != 2:
            raise AssertionError(f"no button {custom_id!r} on message {msg.id} (custom_ids: {msg.custom_ids()})")
        if comp.get("disabled"):
            raise AssertionError(f"button {custom_id!r} on message {msg.id} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        inter = self._base_interaction(3, user_id, msg.channel_id, locale, data, msg)
        if via_shard is None:
            return await self._inject(inter)
        inter.sent_at = time.perf_counter()
        to = [c for c in self._connections if c.session is not None and (c.session.shard or [0])[0] == via_shard]
        if not to or not await self.dispatch("INTERACTION_CREATE", inter.payload, only=to[0]):
            raise AssertionError(f"no bot is connected on shard {via_shard}")
        return inter

    def snapshot(self, message: FakeMessage) -> FakeMessage:
        """A frozen copy of a message as one client sees it now (its buttons stay even if the bot edits it)."""
        import copy

        return copy.deepcopy(self.all_messages.get(message.id, message))

    async def click_snapshot(
        self,
        user_id: int,
        snapshot: FakeMessage,
        custom_id: str,
        *,
        values: list[str] | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Press a component of a message as a client saw it earlier (a race with an edit), or of a tampered
        copy (a forged custom_id). The component must be in the snapshot, as discord.py looks it up there."""
        comp = snapshot.component(custom_id)
        if comp is None:
            raise AssertionError(f"no component {custom_id!r} in the snapshot of message {snapshot.id}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if values is not None:
            data["values"] = list(values)
        import copy

        seen = copy.deepcopy(snapshot)  # edits the bot makes land on the stored message, not on this copy
        return await self._inject(self._base_interaction(3, user_id, snapshot.channel_id, locale, data, seen))

    async def select(
        self, user_id: int, message: FakeMessage, custom_id: str, values: list[str], *, locale: str | None = None
    ) -> FakeInteraction:
        msg = self._check_visible(user_id, message)
        comp = msg.component(custom_id)
        if comp is None or comp.get("type") not in P.SELECT_TYPES:
            raise AssertionError(f"no select {custom_id!r} on message {msg.id} (custom_ids: {msg.custom_ids()})")
        if comp.get("disabled"):
            raise AssertionError(f"select {custom_id!r} on message {msg.id} is disabled")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise AssertionError(f"select {custom_id!r} takes {lo}..{hi} values, got {values}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"], "values": list(values)}
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise AssertionError(f"select {custom_id!r}: values {bad} not among the options {allowed}")
        elif comp["type"] in (5, 7):
            users = {v: self.users[int(v)] for v in values if int(v) in self.users}
            members = {v: {k: x for k, x in P.member_payload(u).items() if k != "user"} for v, u in users.items()}
            data["resolved"] = {"users": users, "members": members}
        return await self._inject(self._base_interaction(3, user_id, msg.channel_id, locale, data, msg))

    async def submit_modal(
        self, user_id: int, inter: FakeInteraction, values: dict[str, Any], *, locale: str | None = None
    ) -> FakeInteraction:
        """Submit the modal that `inter` answered with (callback type 9); values maps custom_id -> value."""
        modal = inter.modal
        if modal is None:
            raise AssertionError(f"interaction {inter.id} did not open a modal")
        rows = []
        for row in modal.get("components", []):
            if row.get("type") == 18:
                c = row["component"]
                v = values.get(c.get("custom_id"), "")
                inner = {"type": c["type"], "custom_id": c.get("custom_id")}
                inner.update({"value": v} if c["type"] == 4 else {"values": list(v)})
                rows.append({"type": 18, "component": inner})
            elif row.get("type") == 1:
                rows.append(
                    {
                        "type": 1,
                        "components": [
                            {"type": c["type"], "custom_id": c["custom_id"], "value": values.get(c["custom_id"], "")}
                            for c in row.get("components", [])
                        ],
                    }
                )
        data = {"custom_id": modal["custom_id"], "components": rows}
        return await self._inject(
            self._base_interaction(5, user_id, inter.channel_id, locale, data, inter.source_message)
        )

    async def user_message(self, user_id: int, channel_id: int, content: str) -> FakeMessage:
        """A user posts a message (stored and dispatched as MESSAGE_CREATE)."""
        msg = self._new_message(channel_id, self.users[user_id], {"content": content})
        self._store(msg)
        await self._announce("MESSAGE_CREATE", msg)
        return msg

    def upload(self, filename: str, data: bytes, content_type: str | None = None) -> str:
        """A file a user attaches to a slash command option (type 11); pass the returned id as its value.

        The bot downloads it from the loopback CDN, as ``Attachment.read()`` does from Discord's."""
        aid = str(P.snowflake())
        url = f"{self.base_url}/attachments/0/{aid}/{filename}"
        self.uploads[aid] = {
            "id": aid,
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": P.sniff_content_type(data, filename, content_type),
            "data": data,
        }
        return aid

    # ================================================================== messages
    def _new_message(
        self,
        channel_id: int,
        author: dict[str, Any],
        body: dict[str, Any],
        files: list[tuple[str, bytes, str | None]] | None = None,
        **kw: Any,
    ) -> FakeMessage:
        channel = self.channels.get(channel_id)
        msg = FakeMessage(
            id=P.snowflake(),
            channel_id=channel_id,
            author_id=int(author["id"]),
            author=author,
            guild_id=int(channel["guild_id"]) if channel else None,
            timestamp=P.now_iso(),
            **kw,
        )
        self._apply_edit(msg, body, files or [], new=True)
        if body.get("message_reference"):
            msg.message_reference = body["message_reference"]
            msg.type = 19
        return msg

    def _apply_edit(
        self, msg: FakeMessage, body: dict[str, Any], files: list[tuple[str, bytes, str | None]], new: bool = False
    ) -> None:
        if "content" in body:
            msg.content = body["content"] or ""
        if "allowed_mentions" in body:
            msg.allowed_mentions = body["allowed_mentions"]
        if "embeds" in body or "embed" in body:
            embeds = body.get("embeds")
            if embeds is None and body.get("embed") is not None:
                embeds = [body["embed"]]
            msg.embeds = [{"type": "rich", **e} for e in (embeds or [])]
        if "components" in body:
            msg.components = body["components"] or []
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & (P.EPHEMERAL | P.HAS_THREAD)
            msg.flags = (int(body["flags"]) & ~P.LOADING) | keep
        if "attachments" in body or files:
            specs = body.get("attachments")
            old = {str(a["id"]): a for a in msg.attachments}
            kept: list[dict[str, Any]] = []
            if specs is None:
                kept = list(msg.attachments)
                specs = [{"id": i} for i in range(len(files))]
            for spec in specs:
                sid = str(spec.get("id"))
                if sid in old:
                    kept.append(old[sid])
                elif sid.isdigit() and int(sid) < len(files):
                    name, data, declared = files[int(sid)]
                    kept.append(
                        self._attachment(msg, spec.get("filename") or name, data, declared, spec.get("description"))
                    )
            msg.attachments = kept
        if not new:
            msg.edited_timestamp = P.now_iso()
            msg.edits += 1
            msg.flags &= ~P.LOADING
        self._resolve_attachment_urls(msg)
        self._touched(msg.channel_id)

    def _attachment(
        self, msg: FakeMessage, filename: str, data: bytes, declared: str | None, description: str | None
    ) -> dict[str, Any]:
        aid = P.snowflake()
        url = f"{self.base_url}/attachments/{msg.channel_id}/{aid}/{filename}"
        att = {
            "id": str(aid),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": P.sniff_content_type(data, filename, declared),
            "data": data,
        }
        size = P.png_size(data)
        if size:
            att["width"], att["height"] = size
        if description:
            att["description"] = description
        return att

    def _resolve_attachment_urls(self, msg: FakeMessage) -> None:
        by_name = {a["filename"]: a["url"] for a in msg.attachments}
        for embed in msg.embeds:
            for key in ("image", "thumbnail"):
                part = embed.get(key)
                if part and str(part.get("url", "")).startswith("attachment://"):
                    name = part["url"][len("attachment://") :]
                    if name in by_name:
                        part["proxy_url"] = by_name[name]
                        part["url"] = by_name[name]

    def _store(self, msg: FakeMessage) -> None:
        self._touched(msg.channel_id)
        self.all_messages[msg.id] = msg
        if msg.ephemeral:
            self._ephemerals.setdefault(msg.interaction_user_id or 0, []).append(msg)
        else:
            self._channel_messages.setdefault(msg.channel_id, []).append(msg)
            channel = self.channels.get(msg.channel_id)
            if channel is not None:
                channel["last_message_id"] = str(msg.id)
                if msg.channel_id in self.threads:
                    channel["message_count"] = channel.get("message_count", 0) + 1
                    channel["total_message_sent"] = channel.get("total_message_sent", 0) + 1

    async def _announce(self, event: str, msg: FakeMessage) -> None:
        if msg.ephemeral:
            return
        if event == "MESSAGE_DELETE":
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            await self.dispatch(event, data)
        else:
            data = msg.payload()
            if msg.guild_id and msg.author_id in self.users:
                member = P.member_payload(msg.author)
                member.pop("user")
                data["member"] = member
            await self.dispatch(event, data)

    def _interaction_message(
        self, inter: FakeInteraction, body: dict[str, Any], files: list, *, ephemeral: bool, loading: bool = False
    ) -> FakeMessage:
        flags = int(body.get("flags") or 0)
        name = inter.payload["data"].get("name") if inter.type == 2 else None
        msg = self._new_message(
            inter.channel_id,
            self.bot_user,
            body,
            files,
            ephemeral=ephemeral,
            interaction_user_id=inter.user_id,
            interaction_id=inter.id,
            interaction_type=inter.type,
            interaction_name=name,
            interaction_user=self.users.get(inter.user_id),
            webhook_id=self.app_id,
            type=20 if inter.type == 2 else 0,
        )
        msg.flags = (flags & ~P.LOADING) | (P.EPHEMERAL if ephemeral else 0) | (P.LOADING if loading else 0)
        if msg.ephemeral and msg.interaction_user_id is None:
            msg.interaction_user_id = inter.user_id
        return msg

    # ================================================================== REST plumbing
    def _build_routes(self) -> list[tuple[str, re.Pattern[str], Callable[..., Awaitable[Any]]]]:
        table = [
            ("GET", r"/users/@me", self._get_me),
            ("GET", r"/users/(\d+)", self._get_user),
            ("GET", r"/oauth2/applications/@me", self._get_app),
            ("GET", r"/applications/@me", self._get_app),
            ("GET", r"/gateway/bot", self._gateway_bot),
            ("GET", r"/gateway", self._gateway_plain),
            ("GET", r"/applications/(\d+)/commands", self._get_commands),
            ("PUT", r"/applications/(\d+)/commands", self._put_commands),
            ("POST", r"/applications/(\d+)/commands", self._post_command),
            ("GET", r"/applications/(\d+)/guilds/(\d+)/commands", self._get_commands),
            ("PUT", r"/applications/(\d+)/guilds/(\d+)/commands", self._put_commands),
            ("POST", r"/applications/(\d+)/guilds/(\d+)/commands", self._post_command),
            ("POST", r"/interactions/(\d+)/([^/]+)/callback", self._callback),
            ("POST", r"/webhooks/(\d+)/([^/]+)", self._followup),
            ("GET", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._webhook_get),
            ("PATCH", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._webhook_edit),
            ("DELETE", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._webhook_delete),
            ("GET", r"/channels/(\d+)", self._get_channel),
            ("PATCH", r"/channels/(\d+)", self._patch_channel),
            ("POST", r"/channels/(\d+)/typing", self._no_content),
            ("GET", r"/channels/(\d+)/messages", self._history),
            ("POST", r"/channels/(\d+)/messages", self._post_message),
            ("GET", r"/channels/(\d+)/messages/(\d+)", self._get_message),
            ("PATCH", r"/channels/(\d+)/messages/(\d+)", self._edit_message),
            ("DELETE", r"/channels/(\d+)/messages/(\d+)", self._delete_message),
            ("PUT", r"/channels/(\d+)/messages/(\d+)/reactions/([^/]+)/@me", self._add_reaction),
            ("POST", r"/channels/(\d+)/threads", self._create_thread),
            ("POST", r"/channels/(\d+)/messages/(\d+)/threads", self._create_thread),
            ("PUT", r"/channels/(\d+)/thread-members/(@me|\d+)", self._thread_member_add),
            ("DELETE", r"/channels/(\d+)/thread-members/(@me|\d+)", self._thread_member_remove),
            ("POST", r"/users/@me/channels", self._create_dm),
            ("GET", r"/guilds/(\d+)/members/(\d+)", self._get_member),
            ("GET", r"/applications/(\d+)/activity-instances/([A-Za-z0-9_-]+)", self._activity_instance),
        ]
        return [(m, re.compile(p + r"/?$"), h) for m, p, h in table]

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        self._inflight += 1
        try:
            return await self._rest_inner(request)
        finally:
            self._inflight -= 1
            self._last_activity = time.monotonic()

    async def _rest_inner(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        short = path.removeprefix(API)
        method = request.method
        self.requests.append((method, short))
        hold = next((h for h in self._holds if h.method == method and h.pattern.search(short)), None)
        if hold is not None:
            self._holds.remove(hold)
            hold.arrived.set()
            await hold.released.wait()
        for fail in self._fails:
            if fail[0] == method and fail[1].search(short) and fail[4] > 0:
                fail[4] -= 1
                return _json({"message": fail[5], "code": fail[3]}, fail[2])
        if not path.startswith(API):
            self.unknown_routes.append((method, short))
            return _json({"message": f"404: Not Found ({method} {path})", "code": 0}, 404)
        is_webhook = short.startswith(("/interactions/", "/webhooks/"))
        if method == "POST" and short == "/oauth2/token":  # (the client's id and secret, not the bot's token)
            return await self._oauth_token(request)
        bearer = request.headers.get("Authorization", "").startswith("Bearer ")
        if bearer and method == "GET" and short == "/users/@me":
            user_id = self.accounts.bearer(request.headers.get("Authorization"))
            if user_id is None or user_id not in self.users:
                return _json({"message": "401: Unauthorized", "code": 0}, 401)
            return _json(self.users[user_id])
        if self.token is not None and not is_webhook and request.headers.get("Authorization") != f"Bot {self.token}":
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        for m, pattern, handler in self._routes:
            if m != method:
                continue
            match = pattern.match(short)
            if match:
                try:
                    return await handler(request, *match.groups())
                except _Error as e:
                    return _json({"message": e.message, "code": e.code}, e.status)
        self.unknown_routes.append((method, short))
        return _json({"message": f"404: Not Found (fake has no route {method} {short})", "code": 0}, 404)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes, str | None]]]:
        """JSON body, or multipart payload_json + files[n] -> (body, [(filename, bytes, content_type)])."""
        ctype = request.headers.get("Content-Type", "")
        raw = await request.read()
        if ctype.startswith("multipart/"):
            body: dict[str, Any] = {}
            indexed: dict[int, tuple[str, bytes, str | None]] = {}
            for name, filename, content_type, data in _multipart_parts(raw, ctype):
                if name == "payload_json":
                    body = orjson.loads(data)
                else:
                    m = re.fullmatch(r"files\[(\d+)\]|file(\d*)", name)
                    idx = int(next(g for g in m.groups() if g is not None) or 0) if m else len(indexed)
                    indexed[idx] = (filename or f"file{idx}", data, content_type)
            self.bodies.append((request.method, request.path.removeprefix(API), body))
            return body, [indexed[i] for i in sorted(indexed)]
        body = orjson.loads(raw) if raw else {}
        self.bodies.append((request.method, request.path.removeprefix(API), body))
        return body, []

    async def _no_content(self, request: web.Request, *args: str) -> web.Response:
        return web.Response(status=204)

    def _channel(self, cid: str | int) -> dict[str, Any]:
        cid = int(cid)
        if cid in self.channels:
            return self.channels[cid]
        for uid, dm in self.dm_channels.items():
            if dm == cid:
                return self._dm_payload(uid)
        raise _Error(404, 10003, "Unknown Channel")

    def _message(self, cid: str | int, mid: str | int) -> FakeMessage:
        msg = self.all_messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel_id != int(cid) or msg.ephemeral:
            raise _Error(404, 10008, "Unknown Message")
        return msg

    def _interaction(self, token: str) -> FakeInteraction:
        inter = self._by_token.get(token)
        if inter is None:
            raise _Error(404, 10015, "Unknown Webhook")
        return inter

    # ================================================================== REST: identity & commands
    async def _get_me(self, request: web.Request) -> web.Response:
        return _json({**self.bot_user, "verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_user(self, request: web.Request, uid: str) -> web.Response:
        user = self.users.get(int(uid)) or (self.bot_user if int(uid) == self.bot_user_id else None)
        if user is None:
            raise _Error(404, 10013, "Unknown User")
        return _json(user)

    async def _get_member(self, request: web.Request, gid: str, uid: str) -> web.Response:
        if int(gid) not in self.guilds or int(uid) not in self.users:
            raise _Error(404, 10007, "Unknown Member")
        return _json(P.member_payload(self.users[int(uid)]))

    async def _get_app(self, request: web.Request) -> web.Response:
        owner = next(iter(self.users.values()), P.user_payload(1, "owner"))
        return _json(
            {
                "id": str(self.app_id),
                "name": self.bot_user["username"],
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner,
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "interactions_endpoint_url": None,
                "bot": self.bot_user,
                "summary": "",
                "rpc_origins": [],
            }
        )

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        return _json(
            {
                "url": f"ws://127.0.0.1:{self.port}/gateway/",
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": self.max_concurrency,
                },
            }
        )

    async def _gateway_plain(self, request: web.Request) -> web.Response:
        return _json({"url": f"ws://127.0.0.1:{self.port}/gateway/"})

    def _command_list(self, gid: str | None) -> list[dict[str, Any]]:
        if gid is None:
            return self.global_commands
        return self.guild_commands.setdefault(int(gid), [])

    def _register(self, existing: list[dict[str, Any]], cmd: dict[str, Any], gid: str | None) -> dict[str, Any]:
        old = next((c for c in existing if c["name"] == cmd["name"] and c.get("type", 1) == cmd.get("type", 1)), None)
        out = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            **cmd,
            "id": old["id"] if old else str(P.snowflake()),
            "application_id": str(self.app_id),
            "version": str(P.snowflake()),
        }
        if gid is not None:
            out["guild_id"] = gid
        return out

    async def _get_commands(self, request: web.Request, app: str, gid: str | None = None) -> web.Response:
        return _json(self._command_list(gid))

    async def _put_commands(self, request: web.Request, app: str, gid: str | None = None) -> web.Response:
        body, _ = await self._body(request)
        existing = self._command_list(gid)
        new = [self._register(existing, c, gid) for c in body]
        existing[:] = new
        return _json(new)

    async def _post_command(self, request: web.Request, app: str, gid: str | None = None) -> web.Response:
        body, _ = await self._body(request)
        existing = self._command_list(gid)
        cmd = self._register(existing, body, gid)
        existing[:] = [c for c in existing if c["id"] != cmd["id"]] + [cmd]
        return _json(cmd, 201)

    async def _oauth_token(self, request: web.Request) -> web.Response:
        try:
            answer = self.accounts.exchange(parse_form(await request.read()), request.headers.get("Authorization"))
        except Refusal as refusal:
            return _json({"error": refusal.error, "error_description": refusal.description}, refusal.status)
        return _json(answer)

    async def _activity_instance(self, request: web.Request, app: str, instance_id: str) -> web.Response:
        if not request.headers.get("Authorization", "").startswith("Bot "):
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        instance = self.accounts.instance(app, instance_id)
        if instance is None:
            raise _Error(404, 10064, "Unknown Activity Instance")  # (the code is the fake's own)
        return _json(instance)

    # ================================================================== REST: interactions & webhooks
    async def _callback(self, request: web.Request, iid: str, token: str) -> web.Response:
        body, files = await self._body(request)
        inter = self._by_token.get(token)
        if inter is None or inter.id != int(iid):
            raise _Error(404, 10062, "Unknown interaction")
        rtype, data = int(body.get("type", 0)), body.get("data") or {}
        already = any("error" not in r for r in inter.responses)  # (a refused callback acknowledges nothing)
        refused = rtype == 12 and not self.accounts.activities
        inter._record(
            {
                "type": rtype,
                "data": data,
                "files": [(n, b) for n, b, _ in files],
                **({"error": 40060} if already else {"error": 50035} if refused else {}),
            }
        )
        if already:
            raise _Error(400, 40060, "Interaction has already been acknowledged.")
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        resource: dict[str, Any] = {"type": rtype}
        ephemeral = bool(int(data.get("flags") or 0) & P.EPHEMERAL)
        if rtype in (4, 5):
            msg = self._interaction_message(
                inter, data if rtype == 4 else {}, files if rtype == 4 else [], ephemeral=ephemeral, loading=rtype == 5
            )
            self._store(msg)
            inter.original = msg
            info.update(
                response_message_id=str(msg.id),
                response_message_loading=rtype == 5,
                response_message_ephemeral=ephemeral,
            )
            resource["message"] = msg.payload()
            await self._announce("MESSAGE_CREATE", msg)
        elif rtype in (6, 7):
            src = inter.source_message
            if src is None:
                raise _Error(400, 40043, "Interaction callback type 6/7 needs a component interaction")
            src = self.all_messages.get(src.id, src)  # a click on a stale copy edits the real message
            inter.original = src
            if rtype == 7:
                self._apply_edit(src, data, files)
                await self._announce("MESSAGE_UPDATE", src)
            info.update(
                response_message_id=str(src.id),
                response_message_loading=False,
                response_message_ephemeral=src.ephemeral,
            )
            resource["message"] = src.payload()
        elif rtype in (8, 9):
            pass
        elif rtype == 12:
            if refused:
                raise _Error(400, 50035, "Invalid Form Body (the application has no Activity)")
            instance = self.accounts.launch(inter.channel_id, inter.guild_id, inter.user_id)
            info["activity_instance_id"] = instance["instance_id"]
            resource["activity_instance"] = {"id": instance["instance_id"]}
        else:
            raise _Error(400, 50035, f"Invalid Form Body (callback type {rtype})")
        return _json({"interaction": info, "resource": resource})

    async def _followup(self, request: web.Request, app: str, token: str) -> web.Response:
        inter = self._interaction(token)
        body, files = await self._body(request)
        if not inter.responses:
            raise _Error(404, 10015, "Unknown Webhook")  # followups before the first callback are refused
        orig = inter.original
        if orig is not None and orig.loading and orig.interaction_id == inter.id:
            # Discord: the first followup after a type-5 defer replaces the "thinking" message.
            self._apply_edit(orig, body, files)
            msg = orig
            await self._announce("MESSAGE_UPDATE", msg)
        else:
            ephemeral = bool(int(body.get("flags") or 0) & P.EPHEMERAL)
            msg = self._interaction_message(inter, body, files, ephemeral=ephemeral)
            self._store(msg)
            await self._announce("MESSAGE_CREATE", msg)
        inter.followups.append(msg)
        if request.query.get("wait") in ("1", "true", "True"):
            return _json(msg.payload())
        return web.Response(status=204)

    def _webhook_message(self, inter: FakeInteraction, ref: str) -> FakeMessage:
        if ref == "@original":
            msg = inter.original
        else:
            msg = self.all_messages.get(int(ref))
            if msg is not None and msg.interaction_id != inter.id and msg is not inter.original:
                msg = None
        if msg is None or msg.deleted:
            raise _Error(404, 10008, "Unknown Message")
        return msg

    async def _webhook_get(self, request: web.Request, app: str, token: str, ref: str) -> web.Response:
        return _json(self._webhook_message(self._interaction(token), ref).payload())

    async def _webhook_edit(self, request: web.Request, app: str, token: str, ref: str) -> web.Response:
        msg = self._webhook_message(self._interaction(token), ref)
        body, files = await self._body(request)
        self._apply_edit(msg, body, files)
        await self._announce("MESSAGE_UPDATE", msg)
        return _json(msg.payload())

    async def _webhook_delete(self, request: web.Request, app: str, token: str, ref: str) -> web.Response:
        msg = self._webhook_message(self._interaction(token), ref)
        msg.deleted = True
        await self._announce("MESSAGE_DELETE", msg)
        return web.Response(status=204)

    # ================================================================== REST: channels & messages
    def _dm_payload(self, user_id: int) -> dict[str, Any]:
        return {
            "id": str(self.dm_channels[user_id]),
            "type": 1,
            "recipients": [self.users[user_id]],
            "last_message_id": None,
            "flags": 0,
        }

    async def _create_dm(self, request: web.Request) -> web.Response:
        body, _ = await self._body(request)
        uid = int(body["recipient_id"])
        if uid not in self.users:
            raise _Error(400, 50033, "Invalid Recipient(s)")
        self.dm_channel_id(uid)
        return _json(self._dm_payload(uid))

    async def _get_channel(self, request: web.Request, cid: str) -> web.Response:
        return _json(self._channel(cid))

    async def _patch_channel(self, request: web.Request, cid: str) -> web.Response:
        channel = self._channel(cid)
        body, _ = await self._body(request)
        if int(cid) in self.threads:
            meta = channel["thread_metadata"]
            for key in ("archived", "locked", "auto_archive_duration", "invitable"):
                if key in body:
                    meta[key] = body[key]
            if "archived" in body:
                meta["archive_timestamp"] = P.now_iso()
            for key in ("name", "rate_limit_per_user", "flags"):
                if key in body:
                    channel[key] = body[key]
            if "applied_tags" in body:
                channel["applied_tags"] = self._check_tags(
                    self.channels[int(channel["parent_id"])], body["applied_tags"]
                )
            await self.dispatch("THREAD_UPDATE", channel)
        else:
            for key in ("name", "topic", "nsfw", "rate_limit_per_user", "position"):
                if key in body:
                    channel[key] = body[key]
            if "available_tags" in body and channel["type"] == P.FORUM:
                if len(body["available_tags"]) > 20:
                    raise _Error(400, 50035, "Invalid Form Body (a forum offers 20 tags at most)")
                channel["available_tags"] = [
                    {
                        "id": str(tag.get("id") or P.snowflake()),
                        "name": tag["name"],
                        "moderated": bool(tag.get("moderated")),
                        "emoji_id": tag.get("emoji_id"),
                        "emoji_name": tag.get("emoji_name"),
                    }
                    for tag in body["available_tags"]
                ]
            await self.dispatch("CHANNEL_UPDATE", channel)
        return _json(channel)

    def _check_sendable(self, cid: str) -> dict[str, Any]:
        channel = self._channel(cid)
        if channel["type"] == 1:
            uid = int(channel["recipients"][0]["id"])
            if uid in self.dms_closed:
                raise _Error(403, 50007, "Cannot send messages to this user")
        if channel["type"] == P.FORUM:
            raise _Error(400, 50008, "Cannot send messages in a non-text channel")
        if channel["type"] != 1 and not self.send_allowed(int(cid)):
            raise _Error(403, 50013, "Missing Permissions")
        if int(cid) in self.threads and channel["thread_metadata"].get("locked"):
            raise _Error(403, 50083, "Thread is archived")
        if int(cid) in self.threads and channel["thread_metadata"].get("archived"):
            channel["thread_metadata"]["archived"] = False  # sending unarchives an unlocked thread
        return channel

    async def _post_message(self, request: web.Request, cid: str) -> web.Response:
        self._check_sendable(cid)
        body, files = await self._body(request)
        key = (self.bot_user_id, int(cid), str(body.get("nonce")))
        if body.get("enforce_nonce") and body.get("nonce") is not None and key in self._nonces:
            mid, when = self._nonces[key]
            old = self.all_messages.get(mid)
            if old is not None and not old.deleted and time.monotonic() - when < self.nonce_window:
                return _json(old.payload())  # Discord answers with the message that nonce already created
        msg = self._new_message(int(cid), self.bot_user, body, files)
        if body.get("enforce_nonce") and body.get("nonce") is not None:
            self._nonces[key] = (msg.id, time.monotonic())
        if body.get("flags"):
            msg.flags = int(body["flags"]) & ~P.EPHEMERAL
        self._store(msg)
        await self._announce("MESSAGE_CREATE", msg)
        return _json(msg.payload())

    async def _history(self, request: web.Request, cid: str) -> web.Response:
        self._channel(cid)
        limit = int(request.query.get("limit", 50))
        msgs = list(reversed(self.messages(int(cid))))
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            msgs = [m for m in msgs if m.id > int(request.query["after"])]
        return _json([m.payload() for m in msgs[:limit]])

    async def _get_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        return _json(self._message(cid, mid).payload())

    async def _edit_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        msg = self._message(cid, mid)
        if msg.author_id != self.bot_user_id:
            raise _Error(403, 50005, "Cannot edit a message authored by another user")
        body, files = await self._body(request)
        self._apply_edit(msg, body, files)
        await self._announce("MESSAGE_UPDATE", msg)
        return _json(msg.payload())

    async def _delete_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        msg = self._message(cid, mid)
        msg.deleted = True
        await self._announce("MESSAGE_DELETE", msg)
        return web.Response(status=204)

    async def _add_reaction(self, request: web.Request, cid: str, mid: str, emoji: str) -> web.Response:
        msg = self._message(cid, mid)
        msg.reactions.append(yarl.URL.build(path=emoji, encoded=True).path)
        return web.Response(status=204)

    async def _create_thread(self, request: web.Request, cid: str, mid: str | None = None) -> web.Response:
        parent = self._channel(cid)
        body, files = await self._body(request)
        if parent["type"] == P.FORUM and mid is None:
            return await self._create_post(parent, body, files)
        if parent["type"] not in (0, 5):
            raise _Error(400, 50024, "Cannot execute action on this channel type")
        if not self.threads_allowed(int(cid)):
            raise _Error(403, 50013, "Missing Permissions")
        source = self._message(cid, mid) if mid is not None else None
        tid = source.id if source is not None else P.snowflake()
        if tid in self.threads:
            raise _Error(400, 160004, "A thread has already been created for this message")
        ttype = 11 if source is not None else int(body.get("type") or 12)
        thread = self._new_thread(parent, tid, ttype, body, self.bot_user_id)
        if source is not None:
            source.flags |= P.HAS_THREAD
        await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return _json(thread, 201)

    def _new_thread(
        self, parent: dict[str, Any], tid: int, ttype: int, body: dict[str, Any], owner_id: int
    ) -> dict[str, Any]:
        now = P.now_iso()
        thread = {
            "id": str(tid),
            "type": ttype,
            "guild_id": parent["guild_id"],
            "parent_id": parent["id"],
            "owner_id": str(owner_id),
            "name": body.get("name", "thread"),
            "last_message_id": None,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "rate_limit_per_user": body.get("rate_limit_per_user") or 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": body.get("auto_archive_duration") or 4320,
                "archive_timestamp": now,
                "locked": False,
                "invitable": body.get("invitable", True),
                "create_timestamp": now,
            },
            "member": {"id": str(tid), "user_id": str(self.bot_user_id), "join_timestamp": now, "flags": 0},
        }
        if parent["type"] == P.FORUM:
            thread["applied_tags"] = self._check_tags(parent, body.get("applied_tags") or [])
        self.threads[tid] = thread
        self.channels[tid] = thread
        self.thread_members[tid] = {self.bot_user_id, owner_id}
        return thread

    @staticmethod
    def _check_tags(forum: dict[str, Any], tags: list[Any]) -> list[str]:
        """A post's tags: at most 5, each one the forum offers (else 400, as Discord answers)."""
        known = {tag["id"] for tag in forum["available_tags"]}
        tags = [str(tag) for tag in tags]
        if len(tags) > 5 or not set(tags) <= known:
            raise _Error(400, 50035, f"Invalid Form Body (applied_tags {tags}, the forum has {sorted(known)})")
        return tags

    async def _create_post(
        self, forum: dict[str, Any], body: dict[str, Any], files: list[tuple[str, bytes, str | None]]
    ) -> web.Response:
        """A post in a forum: a thread whose first message (same id) the request carries."""
        if not self.send_allowed(int(forum["id"])):
            raise _Error(403, 50013, "Missing Permissions")
        message = body.get("message") or {}
        if not (message.get("content") or message.get("embeds") or files):
            raise _Error(400, 50006, "Cannot send an empty message")
        thread = self._new_thread(forum, P.snowflake(), 11, body, self.bot_user_id)
        starter = self._new_message(int(thread["id"]), self.bot_user, message, files)
        starter.id = int(thread["id"])  # a post's first message has the post's id
        self._store(starter)
        forum["last_message_id"] = thread["id"]
        await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        await self._announce("MESSAGE_CREATE", starter)
        return _json({**thread, "message": starter.payload()}, 201)

    async def _thread_member_add(self, request: web.Request, cid: str, uid: str) -> web.Response:
        if int(cid) not in self.threads:
            raise _Error(404, 10003, "Unknown Channel")
        user_id = self.bot_user_id if uid == "@me" else int(uid)
        if user_id not in self.users and user_id != self.bot_user_id:
            raise _Error(404, 10013, "Unknown User")
        self.thread_members[int(cid)].add(user_id)
        self.threads[int(cid)]["member_count"] = len(self.thread_members[int(cid)])
        return web.Response(status=204)

    async def _thread_member_remove(self, request: web.Request, cid: str, uid: str) -> web.Response:
        if int(cid) not in self.threads:
            raise _Error(404, 10003, "Unknown Channel")
        self.thread_members[int(cid)].discard(self.bot_user_id if uid == "@me" else int(uid))
        return web.Response(status=204)

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        self.requests.append(("GET", request.path))
        aid = request.match_info["aid"]
        if aid in self.uploads:
            att = self.uploads[aid]
            return web.Response(body=att["data"], headers={"Content-Type": att["content_type"]})
        for msg in self.all_messages.values():
            for att in msg.attachments:
                if att["id"] == aid:
                    return web.Response(body=att["data"], headers={"Content-Type": att["content_type"]})
        return web.Response(status=404)

    # ================================================================== many games (python -m bench load)
    def _touched(self, channel_id: int) -> None:
        for waiter in self._watchers.pop(channel_id, ()):
            if not waiter.done():
                waiter.set_result(None)

    async def wait_in_channel(self, channel_id: int, predicate: Callable[[], T], timeout: float = 5.0) -> T:
        """Like wait_for, but checks ``predicate`` only when a message of ``channel_id`` (ephemeral ones
        included) is created or edited: many concurrent waiters cost nothing while nothing happens."""
        deadline = time.monotonic() + stretched(timeout)
        while True:
            value = predicate()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"nothing in channel {channel_id} met the condition within {timeout}s")
            waiter = asyncio.get_running_loop().create_future()
            self._watchers.setdefault(channel_id, []).append(waiter)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter, left)

    def forget(self, channel_id: int, keep: int = 3) -> None:
        """Drops all but the last ``keep`` messages of a channel, the interactions answered there before
        them with their ephemeral answers (with ``keep`` 0, every interaction there), and the request and
        gateway logs: a long run's memory and time a click stay flat."""
        stored = self._channel_messages.get(channel_id, [])
        if len(stored) <= keep:
            return
        split = len(stored) - keep  # (not ``stored[:-keep]``: with ``keep`` 0 that is nothing)
        old, self._channel_messages[channel_id] = stored[:split], stored[split:]
        cutoff = stored[split].stored_at if keep else math.inf
        dropped = {msg.id for msg in old}
        for iid, inter in list(self.interactions.items()):
            if inter.channel_id == channel_id and (inter.responses or not keep) and inter.sent_at < cutoff:
                del self.interactions[iid]
                self._by_token.pop(inter.token, None)
                dropped.update(msg.id for msg in inter.messages if msg.ephemeral)
        for mid in dropped:
            self.all_messages.pop(mid, None)
        for user, ephemerals in self._ephemerals.items():
            self._ephemerals[user] = [m for m in ephemerals if m.id not in dropped]
        self.requests.clear()
        self.gateway_log.clear()
