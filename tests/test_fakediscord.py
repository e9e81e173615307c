"""End-to-end tests of the fake Discord with a tiny, unmodified discord.py bot."""

from __future__ import annotations

import io

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from fakediscord import EPHEMERAL, FakeDiscord, fixtures
from fakediscord.fixtures import CHANNEL_ID, GUILD_ID, run_bot

fake_discord = fixtures.fake_discord  # the fixture; a conftest.py can import it the same way

NO_THREADS_CHANNEL = 201


def png_bytes() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 6), (200, 30, 30)).save(buf, "PNG")
    return buf.getvalue()


class Press(discord.ui.DynamicItem[discord.ui.Button], template=r"press:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Press {n}", custom_id=f"press:{n}", style=discord.ButtonStyle.primary)
        )
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Press(self.n + 1))
        await interaction.response.edit_message(content=f"pressed {self.n}", view=view)
        await interaction.followup.send(f"you pressed {self.n}", ephemeral=True)


class Pick(discord.ui.DynamicItem[discord.ui.Select], template=r"pick:(?P<g>\w+)"):
    def __init__(self, g: str) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pick:{g}",
                options=[discord.SelectOption(label=x, value=x) for x in ("red", "green", "blue")],
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["g"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"picked {self.item.values[0]}", view=None)


def make_bot() -> commands.Bot:
    # ready 0.05 s after the last guild arrives (discord.py waits 2 s by default), as MesaBot is
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
    bot.add_dynamic_items(Press, Pick)

    @bot.tree.command(name="ping", description="Pong with a board")
    async def ping(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Pong", description=f"locale {interaction.locale.value}")
        embed.set_image(url="attachment://pong.png")
        view = discord.ui.View(timeout=None)
        view.add_item(Press(1))
        view.add_item(Pick("g1"))
        await interaction.response.send_message(
            embed=embed, file=discord.File(io.BytesIO(png_bytes()), "pong.png"), view=view
        )
        await interaction.followup.send("only you see this", ephemeral=True)

    @bot.tree.command(name="ok", description="Trivial reply")
    async def ok(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    game = app_commands.Group(name="game", description="Games")
    admin = app_commands.Group(name="admin", description="Admin", parent=game)

    @game.command(name="board", description="Show the board")
    @app_commands.choices(size=[app_commands.Choice(name="small", value=1), app_commands.Choice(name="big", value=2)])
    async def board(interaction: discord.Interaction, size: app_commands.Choice[int], title: str = "Board") -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(f"{title}: size {size.value}")
        await interaction.edit_original_response(content=f"{title}: size {size.name}")

    @admin.command(name="kick", description="Kick a player")
    async def kick(interaction: discord.Interaction, player: discord.Member) -> None:
        await interaction.response.send_message(f"kicked {player.display_name}", ephemeral=True)

    bot.tree.add_command(game)

    @bot.tree.command(name="table", description="Open a game thread")
    async def table(interaction: discord.Interaction, from_message: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if from_message:
                msg = await interaction.channel.send("A new table", file=discord.File(io.BytesIO(png_bytes()), "t.png"))
                thread = await msg.create_thread(name="table-msg")
            else:
                thread = await interaction.channel.create_thread(name="table", type=discord.ChannelType.public_thread)
            await thread.add_user(interaction.user)
            await thread.send(f"welcome {interaction.user.display_name}")
            await interaction.followup.send(f"thread {thread.id}", ephemeral=True)
        except discord.Forbidden as e:
            await interaction.followup.send(f"no thread: {e.code}", ephemeral=True)

    @bot.tree.command(name="hello", description="DM me", guild=discord.Object(GUILD_ID))
    async def hello(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("check your DMs", ephemeral=True)
        await interaction.user.send("hello in private")

    class NameModal(discord.ui.Modal, title="Your name"):
        name = discord.ui.TextInput(label="Name", custom_id="name_input")

        async def on_submit(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"hi {self.name.value}")

    @bot.tree.command(name="name", description="Ask a name")
    async def name(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @bot.tree.command(name="choose", description="Choose a game")
    async def choose(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(f"chose {game}")

    @choose.autocomplete("game")
    async def choose_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        games = ["ENGIS", "PERGAMEMNON", "ATLANDICE", "NEANDERTHAL"]
        return [app_commands.Choice(name=g, value=g) for g in games if current.upper() in g]

    @bot.tree.command(name="launch", description="Launch the Activity")
    async def launch(interaction: discord.Interaction) -> None:
        try:
            answer = await interaction.response.launch_activity()
        except discord.HTTPException as e:
            bot.launched.append(f"refused {e.code}")
            return
        bot.launched.append(answer.resource.id)

    bot.launched = []  # type: ignore[attr-defined]

    @bot.tree.command(name="boom", description="Fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    async def setup_hook() -> None:
        await bot.tree.sync()
        await bot.tree.sync(guild=discord.Object(GUILD_ID))

    bot.setup_hook = setup_hook
    return bot


async def test_ping_embed_png_button_edit_and_ephemeral(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()):
        assert ("PUT", f"/applications/{fake.app_id}/commands") in fake.requests
        inter = await fake.slash(1, CHANNEL_ID, "ping")
        first = await inter.wait_response()
        assert first["type"] == 4 and first["files"][0][0] == "pong.png"
        await fake.wait_for(lambda: fake.ephemerals(1))

        [msg] = fake.messages(CHANNEL_ID)
        assert msg is inter.message and msg.interaction_user_id == 1 and not msg.ephemeral
        assert msg.embeds[0]["title"] == "Pong" and msg.embeds[0]["description"] == "locale pt-BR"
        assert msg.attachments[0]["content_type"] == "image/png" and msg.attachments[0]["width"] == 8
        assert Image.open(io.BytesIO(msg.files()[0])).size == (8, 6)
        assert msg.embeds[0]["image"]["url"] == msg.attachments[0]["url"]
        assert msg.custom_ids() == ["press:1", "pick:g1"]
        [eph] = fake.ephemerals(1)
        assert eph.content == "only you see this" and eph.flags & EPHEMERAL and eph.ephemeral
        assert fake.ephemerals(2) == []

        click = await fake.click(2, msg, msg.button("Press")["custom_id"])
        resp = await click.wait_response()
        assert resp["type"] == 7
        await fake.wait_for(lambda: fake.ephemerals(2))
        assert msg.content == "pressed 1" and msg.custom_ids() == ["press:2"] and msg.edits == 1
        assert fake.ephemerals(2)[0].content == "you pressed 1"
        assert click.messages == [msg, fake.ephemerals(2)[0]]

        with pytest.raises(AssertionError, match="no button 'press:1'"):
            await fake.click(2, msg, "press:1")
        with pytest.raises(AssertionError, match="cannot see ephemeral"):
            await fake.click(3, eph, "x")


async def test_select_deferred_update_then_edit_original(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()):
        inter = await fake.slash(2, CHANNEL_ID, "ping")
        await inter.wait_response()
        msg = inter.message
        with pytest.raises(AssertionError, match="not among the options"):
            await fake.select(2, msg, "pick:g1", ["purple"])
        sel = await fake.select(2, msg, "pick:g1", ["green"])
        assert (await sel.wait_response())["type"] == 6
        await fake.wait_for(lambda: msg.content == "picked green")
        assert msg.components == [] and sel.message is msg


async def test_subcommands_options_defer_and_followup(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()):
        inter = await fake.slash(3, CHANNEL_ID, "game board", {"size": 2, "title": "Map"})
        assert (await inter.wait_response())["type"] == 5
        await fake.wait_for(lambda: inter.message.edits >= 2)
        [msg] = fake.messages(CHANNEL_ID)
        assert msg.content == "Map: size big" and not msg.loading

        kick = await fake.slash(2, CHANNEL_ID, "game admin kick", {"player": 4})
        await kick.wait_response()
        assert fake.ephemerals(2)[-1].content == "kicked Davi"

        with pytest.raises(AssertionError, match="required option 'size'"):
            await fake.slash(3, CHANNEL_ID, "game board")
        with pytest.raises(AssertionError, match="not one of the choices"):
            await fake.slash(3, CHANNEL_ID, "game board", {"size": 9})
        with pytest.raises(AssertionError, match="option type 4 wants"):
            await fake.slash(3, CHANNEL_ID, "game board", {"size": "2"})
        with pytest.raises(AssertionError, match="needs a subcommand"):
            await fake.slash(3, CHANNEL_ID, "game")


async def test_threads_with_and_without_permission(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.add_channel(GUILD_ID, NO_THREADS_CHANNEL, "no-threads", threads_allowed=False)
    async with run_bot(fake, make_bot()) as bot:
        inter = await fake.slash(1, CHANNEL_ID, "table")
        await fake.wait_for(lambda: inter.message and inter.message.content.startswith("thread "))
        [(tid, thread)] = fake.threads.items()
        assert thread["parent_id"] == str(CHANNEL_ID) and thread["type"] == 11
        assert fake.thread_members[tid] == {fake.bot_user_id, 1}
        assert [m.content for m in fake.messages(tid)] == ["welcome Ana"]
        await fake.wait_for(lambda: bot.get_channel(tid) is not None)  # THREAD_CREATE reached the cache

        inter2 = await fake.slash(1, CHANNEL_ID, "table", {"from_message": True})
        await fake.wait_for(lambda: inter2.message and inter2.message.content.startswith("thread "))
        source = fake.messages(CHANNEL_ID)[-1]
        assert source.content == "A new table" and source.id in fake.threads
        assert source.attachments[0]["filename"] == "t.png" and source.files()[0] == png_bytes()

        denied = await fake.slash(1, NO_THREADS_CHANNEL, "table")
        await fake.wait_for(lambda: denied.message and denied.message.content == "no thread: 50013")
        assert len(fake.threads) == 2

        fake.set_fail("POST", r"^/channels/\d+/threads$", 403, 50001)
        failed = await fake.slash(1, CHANNEL_ID, "table")
        await fake.wait_for(lambda: failed.message and failed.message.content == "no thread: 50001")
        assert denied.message.ephemeral

        await bot.get_channel(tid).edit(archived=True)
        assert fake.threads[tid]["thread_metadata"]["archived"] is True


async def test_guild_command_dm_and_unknown_route(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()) as bot:
        assert [c["name"] for c in fake.commands(GUILD_ID)] == ["hello"]
        inter = await fake.slash(4, CHANNEL_ID, "hello")
        await fake.wait_for(lambda: fake.dm_messages(4))
        assert fake.dm_messages(4)[0].content == "hello in private"
        assert inter.message.ephemeral
        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/nowhere/{x}", x=1))
        assert fake.unknown_routes == [("GET", "/nowhere/1")]

        in_dm = await fake.slash(3, fake.dm_channel_id(3), "ok")
        await in_dm.wait_response()
        assert [m.content for m in fake.dm_messages(3)] == ["ok"] and in_dm.guild_id is None


async def test_dynamic_item_survives_restart(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()):
        inter = await fake.slash(1, CHANNEL_ID, "ping")
        await inter.wait_response()
    msg = inter.message
    await fake.wait_for(lambda: fake.connected == 0)
    with pytest.raises(AssertionError, match="no bot is connected"):
        await fake.click(1, msg, "press:1")

    async with run_bot(fake, make_bot()):  # a new process would build a new Bot the same way
        click = await fake.click(1, msg, "press:1")
        assert (await click.wait_response())["type"] == 7
        assert msg.content == "pressed 1" and msg.custom_ids() == ["press:2"]


async def test_an_event_for_a_process_that_just_died_reaches_nobody(fake_discord: FakeDiscord) -> None:
    """A bot killed a moment ago: its socket is closing, and the gateway has not read its end yet. An
    interaction sent then is delivered to no one (the caller hears so), never an error from the socket."""
    fake = fake_discord
    async with run_bot(fake, make_bot()):
        conn = fake._connections[0]
        assert conn.transport is not None
        conn.transport.abort()
        assert not conn.ws.closed
        with pytest.raises(AssertionError, match="no bot is connected"):
            await fake.slash(1, CHANNEL_ID, "ping")


async def test_resume_after_reconnect(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()):
        await fake.reconnect()
        await fake.wait_for(lambda: ("recv", 6) in fake.gateway_log and fake.connected == 1)
        inter = await fake.slash(2, CHANNEL_ID, "ok")
        assert (await inter.wait_response())["data"]["content"] == "ok"
        assert len(fake.messages(CHANNEL_ID)) == 1


async def test_wait_for_timeout_message(fake_discord: FakeDiscord) -> None:
    with pytest.raises(TimeoutError, match=r"condition not met within 0\.05s"):
        await fake_discord.wait_for(lambda: False, timeout=0.05)


async def test_compressed_gateway_in_use(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()):
        assert any(c.compressor is not None for c in fake._connections)
        assert (
            await fake.dispatch(
                "TYPING_START",
                {"channel_id": str(CHANNEL_ID), "user_id": "1", "timestamp": 0, "guild_id": str(GUILD_ID)},
            )
            == 1
        )


async def test_modal_autocomplete_cdn_and_double_ack(fake_discord: FakeDiscord) -> None:
    import aiohttp

    fake = fake_discord
    async with run_bot(fake, make_bot()) as bot:
        ask = await fake.slash(3, CHANNEL_ID, "name")
        assert (await ask.wait_response())["type"] == 9 and ask.modal["title"] == "Your name"
        sub = await fake.submit_modal(3, ask, {"name_input": "Carla C."})
        await sub.wait_response()
        assert fake.messages(CHANNEL_ID)[-1].content == "hi Carla C."

        ac = await fake.autocomplete(3, CHANNEL_ID, "choose", {"game": "atl"}, focused="game")
        await ac.wait_response()
        assert [c["value"] for c in ac.autocomplete_choices] == ["ATLANDICE"]

        ping = await fake.slash(1, CHANNEL_ID, "ping")
        await ping.wait_response()
        fetched = await bot.get_channel(CHANNEL_ID).fetch_message(ping.message.id)
        assert await fetched.attachments[0].read() == ping.message.files()[0]

        async with aiohttp.ClientSession() as http:
            url = f"{fake.base_url}/api/v10/interactions/{ping.id}/{ping.token}/callback"
            async with http.post(url, json={"type": 4, "data": {"content": "again"}}) as r:
                assert r.status == 400 and (await r.json())["code"] == 40060


async def test_handler_errors_fail_the_test(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    with pytest.raises(AssertionError, match="kaboom"):
        async with run_bot(fake, make_bot()):
            await fake.slash(1, CHANNEL_ID, "boom")


async def test_wrong_token_and_late_channel(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.token = "right"
    with pytest.raises(discord.LoginFailure):
        async with run_bot(fake, make_bot(), token="wrong"):
            pass
    async with run_bot(fake, make_bot(), token="right") as bot:
        fake.add_channel(GUILD_ID, 202, "late")
        await fake.wait_for(lambda: bot.get_channel(202))
        inter = await fake.slash(2, 202, "ok")
        await inter.wait_response()
        assert [m.content for m in fake.messages(202)] == ["ok"]
        assert inter.message.payload()["interaction_metadata"]["user"]["global_name"] == "Bruno"


async def test_nonce_send_permission_and_deletion(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()) as bot:
        channel = bot.get_channel(CHANNEL_ID)
        first = await channel.send("board", nonce="b1")
        again = await channel.send("board", nonce="b1")  # enforce_nonce: the same message comes back
        assert again.id == first.id and len(fake.messages(CHANNEL_ID)) == 1
        fake.forget_nonces()
        assert (await channel.send("board", nonce="b1")).id != first.id

        thread = await channel.create_thread(name="t", type=discord.ChannelType.public_thread)
        fake.set_send_allowed(CHANNEL_ID, False, in_channel=False)
        await channel.send("the channel still works")
        with pytest.raises(discord.Forbidden) as denied:
            await thread.send("not in its threads")
        assert denied.value.code == 50013
        fake.set_send_allowed(CHANNEL_ID, True)
        await thread.send("back")

        deleted: list[int] = []

        async def on_raw_thread_delete(payload: discord.RawThreadDeleteEvent) -> None:
            deleted.append(payload.thread_id)

        bot.add_listener(on_raw_thread_delete)
        await fake.delete_channel(thread.id)
        await fake.wait_for(lambda: deleted == [thread.id])
        with pytest.raises(discord.NotFound) as gone:
            await thread.send("nobody reads this")
        assert gone.value.code == 10003

        await fake.delete_channel(CHANNEL_ID, announce=False)
        assert bot.get_channel(CHANNEL_ID) is not None  # the bot missed it...
        with pytest.raises(discord.NotFound):  # ...and learns it from the answer
            await channel.send("hello?")


async def test_forget_drops_a_channels_old_messages_and_their_clicks_and_all_of_them_with_keep_0(
    fake_discord: FakeDiscord,
) -> None:
    """A long benchmark's memory and time a click stay flat: ``forget`` drops a channel's messages but the
    last ``keep``, with the interactions answered before them and their ephemeral answers; with ``keep`` 0
    (a game's thread once the game ended), all of them."""
    fake = fake_discord
    async with run_bot(fake, make_bot()):
        clicks = []
        for _ in range(3):
            inter = await fake.slash(1, CHANNEL_ID, "ping")
            await inter.wait_response()
            await fake.wait_for(lambda inter=inter: any(m.ephemeral for m in inter.messages))
            clicks.append(inter)
        assert len(fake.messages(CHANNEL_ID)) == 3 and all(i.id in fake.interactions for i in clicks)
        fake.forget(CHANNEL_ID, keep=1)
        assert fake.messages(CHANNEL_ID) == [clicks[-1].message]
        assert not any(i.id in fake.interactions for i in clicks[:2]) and len(fake.ephemerals(1)) < 3
        late = await fake.slash(1, CHANNEL_ID, "ping")  # answered after the message kept
        await late.wait_response()
        await fake.wait_for(lambda: any(m.ephemeral for m in late.messages))
        assert late.id in fake.interactions and len(fake.messages(CHANNEL_ID)) == 2
        fake.forget(CHANNEL_ID, keep=0)
        assert fake.messages(CHANNEL_ID) == [] and fake.ephemerals(1) == []
        assert not any(i.id in fake.interactions for i in [*clicks, late])


async def test_oauth2_code_exchange_and_the_user_behind_a_bearer_token(fake_discord: FakeDiscord) -> None:
    fake, accounts = fake_discord, fake_discord.accounts
    url = fake.base_url + "/api/v10"
    client = {"client_id": str(fake.app_id), "client_secret": accounts.client_secret}
    async with aiohttp.ClientSession() as http:

        async def exchange(form: dict[str, str], **kw: object) -> tuple[int, dict[str, object]]:
            async with http.post(url + "/oauth2/token", data=form, **kw) as r:
                return r.status, await r.json()

        code = accounts.grant(2)
        status, token = await exchange({**client, "grant_type": "authorization_code", "code": code})
        assert status == 200 and token["token_type"] == "Bearer" and token["scope"] == "identify"
        headers = {"Authorization": f"Bearer {token['access_token']}"}
        async with http.get(url + "/users/@me", headers=headers) as r:
            assert r.status == 200 and (await r.json())["id"] == "2"
        async with http.get(url + "/users/@me", headers={"Authorization": "Bearer forged"}) as r:
            assert r.status == 401
        # a code is good once
        assert (await exchange({**client, "grant_type": "authorization_code", "code": code}))[0] == 400
        # another application's code, a wrong secret, HTTP Basic credentials, a redirect URL that differs
        other = accounts.grant(2, client_id=fake.app_id + 1)
        status, refusal = await exchange({**client, "grant_type": "authorization_code", "code": other})
        assert (status, refusal["error"]) == (400, "invalid_grant")
        wrong = {**client, "client_secret": "guess", "grant_type": "authorization_code", "code": accounts.grant(2)}
        status, refusal = await exchange(wrong)
        assert (status, refusal["error"]) == (401, "invalid_client")
        basic = {"Authorization": aiohttp.encode_basic_auth(str(fake.app_id), accounts.client_secret)}
        status, _ = await exchange({"grant_type": "authorization_code", "code": accounts.grant(3)}, headers=basic)
        assert status == 200
        there = accounts.grant(3, redirect_uri="https://mesa.example.org/signed-in")
        form = {**client, "grant_type": "authorization_code", "code": there, "redirect_uri": "https://evil.example"}
        assert (await exchange(form))[0] == 400


async def test_a_launch_activity_answer_makes_an_instance_the_bot_can_check(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with run_bot(fake, make_bot()) as bot:
        inter = await fake.slash(1, CHANNEL_ID, "launch")
        assert (await inter.wait_response())["type"] == 12
        await fake.wait_for(lambda: bot.launched)
        assert bot.launched == ["refused 50035"]  # the application has no Activity yet

        fake.accounts.activities = True
        for user in (1, 2):
            inter = await fake.slash(user, CHANNEL_ID, "launch")
            assert (await inter.wait_response())["type"] == 12
        await fake.wait_for(lambda: len(bot.launched) == 3)
        first, joined = bot.launched[1:]
        assert first == joined  # the second player joins the instance running in the channel
        route = discord.http.Route(
            "GET", "/applications/{app}/activity-instances/{instance}", app=fake.app_id, instance=first
        )
        instance = await bot.http.request(route)
        assert instance["location"]["channel_id"] == str(CHANNEL_ID)
        assert instance["location"]["guild_id"] == str(GUILD_ID) and instance["users"] == ["1", "2"]
        with pytest.raises(discord.NotFound):
            await bot.http.request(
                discord.http.Route("GET", "/applications/{app}/activity-instances/i-1-gc-1-2", app=fake.app_id)
            )
        fake.accounts.leave(first, 1)
        fake.accounts.leave(first, 2)
        with pytest.raises(discord.NotFound):  # the instance ended with its last participant
            await bot.http.request(route)
