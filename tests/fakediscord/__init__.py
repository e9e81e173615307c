"""A small fake Discord (REST v10 + gateway) on 127.0.0.1 for end-to-end tests of an unmodified discord.py bot.

    fake = FakeDiscord(); await fake.start()
    fake.add_guild(100); fake.add_channel(100, 200); fake.add_user(1, "Ana")
    with fake.patch():
        bot = make_bot(); await bot.login("x"); task = asyncio.create_task(bot.connect())
        await fake.wait_ready(bot, 100)
        inter = await fake.slash(1, 200, "ping"); await inter.wait_response()
"""

from .payloads import EPHEMERAL, LOADING
from .server import FakeDiscord
from .store import FakeGuild, FakeInteraction, FakeMessage

__all__ = ["EPHEMERAL", "LOADING", "FakeDiscord", "FakeGuild", "FakeInteraction", "FakeMessage"]
