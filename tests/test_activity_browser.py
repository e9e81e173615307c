"""The Activity in a real Chromium, inside a parent frame that plays Discord's client: the page at
``https://discord.com`` frames ``https://<application id>.discordsays.com/.proxy/…`` (both names resolved by
Chromium to one loopback TLS server of the test, its certificate made for them), which forwards ``/.proxy/…``
to the bot's pages at ``/activity/…`` as Discord's proxy does with the Activity's URL mapping, and answers
the Embedded App SDK's messages (HANDSHAKE → READY, AUTHORIZE → a code the fake Discord granted,
AUTHENTICATE → the user of the access token). The player clicks **Play here** in the fake Discord first:
the instance is the one the bot's launch made in the game's thread. He ends on his seat's page in the frame
and makes his move from there.

Chromium here keeps no third-party cookie that is not Partitioned (a plain ``SameSite=None`` one set in the
frame is dropped): the player is signed in on the game's page only through the frame's own cookie.
"""

from __future__ import annotations

import datetime
import random
import ssl
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from fakediscord import FakeDiscord
from fakediscord.botkit import board_messages, last_board, mentioned, mesa, named, play_move, start_game, start_lobby
from fakediscord.fixtures import GUILD_ID
from rules.core import t
from tests.test_web_browser import CHROMIUM, FLAGS, until

playwright_api = pytest.importorskip("playwright.async_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)")

ANA, BRUNO = 1, 2
DISCORD = "discord.com"
FORWARDED = ("cookie", "content-type", "accept", "accept-language", "sec-fetch-site", "sec-fetch-mode", "user-agent")
FORWARDED += ("sec-fetch-dest", "x-csrf-token", "if-none-match", "last-event-id")
NOT_PASSED_ON = {"content-length", "transfer-encoding", "connection", "content-encoding", "keep-alive"}


def tls(folder: Path, names: list[str]) -> ssl.SSLContext:
    """A server context with a certificate of its own for ``names`` (the browser is told to accept it)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in names]), critical=False)
        .sign(key, hashes.SHA256())
    )
    (folder / "cert.pem").write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    (folder / "key.pem").write_bytes(private)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    return context


PARENT = """<!doctype html>
<html><head><meta charset="utf-8"><title>Discord</title></head>
<body>
<iframe id="activity" src="{src}" style="width: 1200px; height: 860px; border: 0"></iframe>
<script>
// Discord's client, as the Embedded App SDK sees it: its RPC over postMessage ([opcode, payload]).
window.rpc = [];
const frame = document.getElementById("activity");
const origin = "{origin}";
const send = (message) => frame.contentWindow.postMessage(message, origin);
window.addEventListener("message", async (event) => {{
  if (event.origin !== origin || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  window.rpc.push({{ opcode, cmd: payload.cmd || null, args: payload.args || payload }});
  if (opcode === 0) {{  // HANDSHAKE
    send([1, {{ cmd: "DISPATCH", evt: "READY", nonce: null, data: {{
      v: 1, config: {{ api_endpoint: "//discord.com/api", environment: "production" }},
      user: {{ id: "{user_id}", username: "{username}", discriminator: "0" }} }} }}]);
    return;
  }}
  if (opcode !== 1) return;  // FRAME: a command
  const answer = await fetch("/rpc/" + payload.cmd, {{ method: "POST", body: JSON.stringify(payload.args || {{}}) }});
  if (answer.ok) {{
    send([1, {{ cmd: payload.cmd, evt: null, nonce: payload.nonce, data: await answer.json() }}]);
  }} else {{
    send([1, {{ cmd: payload.cmd, evt: "ERROR", nonce: payload.nonce, data: {{ code: 4002, message: await answer.text() }} }}]);
  }}
}});
</script>
</body></html>
"""


class DiscordClient:
    """The TLS server behind ``discord.com`` (the parent page and its RPC answers, for ``user_id``) and
    ``<application id>.discordsays.com`` (the proxy: ``/.proxy/<path>`` → the pages' ``/activity/<path>``)."""

    def __init__(self, fake: FakeDiscord, pages: int, user_id: int) -> None:
        self.fake, self.pages, self.user_id = fake, pages, user_id
        self.proxy_host = f"{fake.app_id}.discordsays.com"
        self.commands: list[tuple[str, dict[str, Any]]] = []
        self.http: aiohttp.ClientSession | None = None
        self.port = 0

    @asynccontextmanager
    async def serving(self, folder: Path) -> AsyncIterator[DiscordClient]:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self.handle)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=tls(folder, [DISCORD, "*.discordsays.com"]))
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.http = aiohttp.ClientSession(auto_decompress=False)
        try:
            yield self
        finally:
            await self.http.close()
            await runner.cleanup()

    def launched(self, instance_id: str, channel_id: int) -> str:
        """The parent page's address for an Activity launched in ``channel_id`` (its SDK parameters)."""
        return f"https://{DISCORD}/activities/{instance_id}/{channel_id}"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        host = request.host.split(":")[0]
        if host == self.proxy_host:
            return await self.proxy(request)
        if host != DISCORD:
            raise web.HTTPNotFound()
        if request.path.startswith("/rpc/"):
            return await self.command(request.path[5:], await request.json())
        if not request.path.startswith("/activities/"):
            raise web.HTTPNotFound()
        _, _, instance_id, channel_id = request.path.split("/")
        query = (
            f"instance_id={instance_id}&channel_id={channel_id}&guild_id={GUILD_ID}"
            f"&frame_id=frame-1&platform=desktop&location_id=gc-{GUILD_ID}-{channel_id}"
        )
        user = self.fake.users[self.user_id]
        page = PARENT.format(
            src=f"https://{self.proxy_host}/.proxy/?{query}",
            origin=f"https://{self.proxy_host}",
            user_id=self.user_id,
            username=user["username"],
        )
        return web.Response(text=page, content_type="text/html")

    async def command(self, cmd: str, args: dict[str, Any]) -> web.Response:
        """What Discord's client does for a command: AUTHORIZE asks the fake Discord for a code of the user's
        (for the application the SDK names), AUTHENTICATE answers who the access token is for."""
        self.commands.append((cmd, args))
        if cmd == "AUTHORIZE":
            code = self.fake.accounts.grant(
                self.user_id, client_id=int(args["client_id"]), scope=" ".join(args["scope"])
            )
            return web.json_response({"code": code})
        if cmd == "AUTHENTICATE":
            user_id = self.fake.accounts.bearer(f"Bearer {args.get('access_token')}")
            if user_id is None:
                return web.Response(status=401, text="Invalid access token")
            user = self.fake.users[user_id]
            return web.json_response(
                {
                    "access_token": args["access_token"],
                    "user": {**user, "discriminator": "0", "public_flags": 0},
                    "scopes": ["identify"],
                    "expires": "2100-01-01T00:00:00.000Z",
                    "application": {"id": str(self.fake.app_id), "name": "Mesa", "description": ""},
                }
            )
        return web.Response(status=400, text=f"unknown command {cmd}")

    async def proxy(self, request: web.Request) -> web.StreamResponse:
        """Discord's proxy with the mapping ``/`` → the pages' ``/activity``: only ``/.proxy/…`` is served."""
        if not request.path.startswith("/.proxy/"):
            raise web.HTTPNotFound()
        url = f"http://127.0.0.1:{self.pages}/activity/{request.raw_path.removeprefix('/.proxy/')}"
        headers = {k: v for k, v in request.headers.items() if k.lower() in FORWARDED}
        assert self.http is not None
        body = await request.read()
        async with self.http.request(request.method, url, headers=headers, data=body, allow_redirects=False) as up:
            response = web.StreamResponse(status=up.status, reason=up.reason)
            for name, value in up.headers.items():
                if name.lower() not in NOT_PASSED_ON:
                    response.headers.add(name, value)
            await response.prepare(request)
            async for chunk in up.content.iter_any():
                await response.write(chunk)
            await response.write_eof()
            return response


async def test_a_player_plays_inside_discord_s_frame_signed_in_through_the_sdk(fake_discord, tmp_path) -> None:
    fake = fake_discord
    fake.accounts.activities = True
    settings = {
        "web_url": "https://mesa.example.org",
        "web_port": 0,
        "client_id": fake.app_id,
        "client_secret": fake.accounts.client_secret,
        "discord_api": fake.base_url + "/api/v10",
        "activity": True,
    }
    async with mesa(fake, tmp_path / "mesa.sqlite3", **settings) as bot:
        thread = await start_game(fake, ANA, await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1))
        board = last_board(fake, thread)
        click = await fake.click(BRUNO, board, board.button(t("board.play_here", "en"))["custom_id"])
        assert (await click.wait_response())["type"] == 12
        [instance] = fake.accounts.instances
        client = DiscordClient(fake, bot.web.port, BRUNO)
        async with client.serving(tmp_path), playwright_api.async_playwright() as p:
            rules = f"MAP {DISCORD} 127.0.0.1:{client.port},MAP *.discordsays.com 127.0.0.1:{client.port}"
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, f"--host-resolver-rules={rules}"])
            try:
                context = await browser.new_context(
                    locale="en-US", viewport={"width": 1280, "height": 900}, ignore_https_errors=True
                )
                page = await context.new_page()
                problems: list[str] = []
                page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda e: problems.append(str(e)))
                failed: list[str] = []  # (the parent's own favicon.ico aside)
                page.on(
                    "response", lambda r: failed.append(r.url) if r.status >= 400 and "favicon" not in r.url else None
                )
                await page.goto(client.launched(instance, thread))
                frame = page.frame_locator("#activity")
                expect = playwright_api.expect
                await expect(frame.locator("#who")).to_have_text(t("web.signed_in", "en", name="Bruno"), timeout=30_000)
                await expect(frame.locator("#play-title")).to_be_visible()
                activity = page.frames[-1]
                assert activity.url.startswith(f"https://{client.proxy_host}/.proxy/g/"), activity.url
                await page.screenshot(path=str(tmp_path / "activity.png"))

                # The SDK's conversation: the handshake names the application, then authorize and authenticate.
                rpc = await page.evaluate("window.rpc")
                assert rpc[0]["opcode"] == 0 and rpc[0]["args"]["client_id"] == str(fake.app_id)
                assert [(m["cmd"]) for m in rpc if m["opcode"] == 1] == ["AUTHORIZE", "AUTHENTICATE"]
                authorize = client.commands[0][1]
                assert authorize["scope"] == ["identify"] and authorize["response_type"] == "code"
                assert client.commands[1][0] == "AUTHENTICATE"

                # Signed in by the frame's own cookie alone: Partitioned, under Discord's site.
                cookies = {c["name"]: c for c in await context.cookies()}
                frame_cookie = cookies["mesa_frame_session"]
                assert frame_cookie["partitionKey"] == f"https://{DISCORD}" and frame_cookie["sameSite"] == "None"
                assert frame_cookie["httpOnly"] and frame_cookie["secure"] and "mesa_session" not in cookies

                # The page lives on in the frame (its stream through the proxy): moves made in Discord reach
                # it, and once Bruno must act, his move is made from the frame and posted in the thread.
                await until(activity, "() => document.getElementById('live').classList.contains('on')")
                rng = random.Random(5)
                while BRUNO not in (mentioned(last_board(fake, thread)) or named(last_board(fake, thread))):
                    assert await play_move(fake, thread, rng) is not None, "the game ended before Bruno's turn"
                before = len(board_messages(fake, thread))
                choice = frame.locator("#choices .choice").first
                await expect(choice).to_be_visible(timeout=15_000)
                await choice.click()
                await fake.wait_for(lambda: len(board_messages(fake, thread)) > before, timeout=15)
                assert not failed, failed
                assert not [p for p in problems if not p.startswith("Failed to load resource")], problems
            finally:
                await browser.close()
