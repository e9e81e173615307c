"""Runs ``python -m bot`` against the fake Discord, and can kill it (SIGKILL) at a chosen point.

    python tests/mesa_launcher.py PORT [KILL_POINT] [-- bot arguments]

The bot's code is untouched: discord.py is pointed at the fake with its two class attributes
(``MESA_TEST_IDENTIFY_WINDOW`` shortens the seconds between two logins of a bucket), and a kill
point replaces one function of the bot with one that kills the process when reached:

- ``board-sent``: the board after a player's click went out but its message id is not stored yet;
- ``board-stored``: that board's id is stored but the old boards still have their controls;
- ``click-noted``: a click was acknowledged and noted, but its move is not stored yet;
- ``click-acked``: Discord has the acknowledgement of a move's click, and the bot dies at once, before
  anything else of it runs (the acknowledgement is sent by hand, blocking, as discord.py would send it);
- ``ai-answer``: a player's move is stored, and the AI seats' answer to it is about to be.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import urllib.request

import discord.gateway
import discord.http
import yarl


def _die() -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def _arm(point: str) -> None:
    from bot import storage

    if point in ("board-sent", "board-stored"):
        record_board, note_click = storage.Database.record_board, storage.Database.note_click
        clicked = []

        async def noting_click(self, *args, **kwargs):
            clicked.append(args)
            return await note_click(self, *args, **kwargs)

        async def record_then_die(self, game_id, message_id, version, *more):
            after_a_click = bool(clicked)
            if after_a_click and point == "board-sent":
                _die()
            recorded = await record_board(self, game_id, message_id, version, *more)
            if after_a_click:
                _die()
            return recorded

        storage.Database.note_click = noting_click

        storage.Database.record_board = record_then_die
    elif point == "click-noted":
        record_moves = storage.Database.record_moves

        async def die_before_a_click_is_stored(
            self, game_id, expected_version, moves, state, finished, click=None, **more
        ):
            if click is not None:
                _die()
            return await record_moves(self, game_id, expected_version, moves, state, finished, click, **more)

        storage.Database.record_moves = die_before_a_click_is_stored
    elif point == "click-acked":
        from discord.interactions import InteractionResponse

        defer, edit_message = InteractionResponse.defer, InteractionResponse.edit_message

        def acknowledge_then_die(original, body):
            async def acknowledge(self, **kwargs):
                interaction = self._parent
                parts = str((interaction.data or {}).get("custom_id", "")).split(":")
                if len(parts) < 4 or not parts[2].isdigit() or parts[3] in ("~me", "~mute", "~ua", "~uy", "~un"):
                    return await original(self, **kwargs)  # not a move
                url = f"{discord.http.Route.BASE}/interactions/{interaction.id}/{interaction.token}/callback"
                post = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
                with urllib.request.urlopen(post, timeout=60) as answer:
                    answer.read()
                _die()

            return acknowledge

        # a deferral, or the edit that takes the board's controls off (a click of the process's own game)
        InteractionResponse.defer = acknowledge_then_die(
            defer, {"type": discord.InteractionResponseType.deferred_message_update.value}
        )
        InteractionResponse.edit_message = acknowledge_then_die(
            edit_message, {"type": discord.InteractionResponseType.message_update.value, "data": {"components": []}}
        )
    elif point == "ai-answer":
        record_moves = storage.Database.record_moves
        played = []

        async def die_before_the_ai_answer_is_stored(self, game_id, expected_version, moves, *args, **more):
            if played and all(m.user_id is None for m in moves):
                _die()
            played.extend(m for m in moves if m.user_id is not None)
            return await record_moves(self, game_id, expected_version, moves, *args, **more)

        storage.Database.record_moves = die_before_the_ai_answer_is_stored
    else:
        raise SystemExit(f"unknown kill point {point!r}")


def main(argv: list[str]) -> int:
    port, rest = argv[0], argv[1:]
    if os.environ.get("MESA_TEST_IDENTIFY_WINDOW"):  # Discord's 5 s between logins, shortened for the tests
        from bot import shards

        shards.IDENTIFY_WINDOW = float(os.environ["MESA_TEST_IDENTIFY_WINDOW"])
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway/")
    if rest and rest[0] != "--":
        _arm(rest.pop(0))
    if rest and rest[0] == "--":
        rest.pop(0)
    from bot.__main__ import main as bot_main

    return bot_main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
