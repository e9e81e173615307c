"""A small fake Discord (REST API v10 + gateway) on 127.0.0.1 for end-to-end tests of an unmodified discord.py bot.

Usage (or use the `fake_discord` fixture and `run_bot` from fakediscord.fixtures):

    fake = FakeDiscord(); await fake.start()
    fake.add_guild(100); fake.add_channel(100, 200); fake.add_user(1, "Ana", locale="pt-BR")
    with fake.patch():                      # Route.BASE + DiscordWebSocket.DEFAULT_GATEWAY -> the fake
        async with run_bot(fake, make_bot()):   # login, connect, wait until guild 100 is cached
            inter = await fake.slash(1, 200, "game board", {"size": 2})
            await inter.wait_response()
            msg = fake.messages(200)[-1]
            click = await fake.click(2, msg, msg.button("Join")["custom_id"])

Semantics worth knowing:
- The world (guilds, channels, users) should be built before the bot connects; add_channel() afterwards also
  sends CHANNEL_CREATE. Every user is a member of every guild; the @everyone role has every permission except
  ADMINISTRATOR; add_channel(threads_allowed=False) adds a member overwrite denying the bot thread permissions,
  so discord.py's own permission checks agree with the 403/50013 the fake answers.
- Callback type 5 (defer with thinking) stores a placeholder message with the LOADING flag (128); the first
  followup, or an edit of @original, replaces it (as Discord does), inheriting its ephemeral flag.
- For component interactions, types 6/7 make the clicked message the "@original" message.
- A second callback for the same interaction answers 400/40060 (and is still recorded in .responses).
- Every created/edited/deleted non-ephemeral message is also sent as MESSAGE_CREATE/UPDATE/DELETE when the bot's
  intents ask for it.
- A message posted with a nonce and enforce_nonce (discord.py sends both when given a nonce) answers, for
  `nonce_window` seconds, with the message that nonce already created in that channel (forget_nonces() ends the
  window at once).
- set_send_allowed(channel, False) denies the bot Send Messages and Send Messages in Threads there (or one of them):
  posts in the channel, or in its threads, answer 403/50013. delete_channel() removes a channel (with its threads) or a thread, announcing
  CHANNEL_DELETE / THREAD_DELETE unless announce=False; requests on it then answer 404/10003.
- INTERACTION_CREATE goes to every connected bot; run one bot at a time.
- OAuth2 (`POST /oauth2/token`, `GET /users/@me` with a Bearer token) and Activities (callback type 12,
  `GET /applications/{app}/activity-instances/{id}`) are `fake.accounts` (fakediscord/accounts.py): a test grants
  codes as a user's Discord client would (`fake.accounts.grant(user_id)`).
- `requests` and `set_fail` use the path without /api/v10 and without the query string.
"""

from .payloads import EPHEMERAL, LOADING
from .server import FakeDiscord
from .store import FakeGuild, FakeInteraction, FakeMessage

__all__ = ["EPHEMERAL", "LOADING", "FakeDiscord", "FakeGuild", "FakeInteraction", "FakeMessage"]
