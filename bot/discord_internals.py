"""The parts of discord.py that are not its public interface, used where the public one has no way at all.

- ``Client._connection``, the client's connection state: the shards a process serves are told to it when
  they change at run time (``serve_shards``). ``AutoShardedClient.shard_ids`` and ``shard_count`` are public,
  but the state keeps copies taken when the shards were launched: it counts the shards to say the client is
  ready (``on_ready``) by its ``shard_ids``, and a guild's shard (``Guild.shard_id``) by its ``shard_count``,
  and discord.py has no public call to tell it. A question of correctness, not of speed.
- ``InteractionResponse._parent``, the response's link back to its interaction, dropped once the response
  was sent so that both go at once instead of waiting for the garbage collector (``unlink``; the bot's
  tests hold that no click is left to the collector). Left to the collector, a click cost 43.4 bot CPU ms
  instead of 41.1 (medians of 3 runs each, spread 38.8 to 43.8 and 38.6 to 44.3: within the noise of a
  machine loaded 12 to 20 on 2 cores) with ``python -m bench load --games 20 --rate 10 --seconds 20``, run
  with ``MESA_PUBLIC_APIS=discord-unlink`` and without, taking turns.

Nothing else in Mesa touches these; ``check`` says at once which of them a discord.py version lacks, and
``tests/test_library_internals.py`` runs each, so an upgrade that breaks one fails there, loudly.
"""

from __future__ import annotations

import os
from typing import Any, cast

import discord


def state(client: discord.Client) -> Any:
    """The client's connection state (``Client._connection``)."""
    return client._connection


def serve_shards(client: object, shard_ids: list[int], shard_count: int | None = None) -> None:
    """Tells an ``AutoShardedClient``'s connection state which shards this process serves now (and in all)."""
    connection = cast(Any, client)._connection
    if shard_count is not None:
        connection.shard_count = shard_count
    connection.shard_ids = list(shard_ids)


# Whether a sent response keeps its link back, left to the garbage collector as discord.py leaves it, for
# ``python -m bench`` to compare the two (``MESA_PUBLIC_APIS`` holding ``discord-unlink``).
KEEP_LINK = "discord-unlink" in os.environ.get("MESA_PUBLIC_APIS", "").split(",")


def unlink(response: discord.InteractionResponse[Any]) -> None:
    """Drops a sent response's link back to its interaction (``InteractionResponse._parent``)."""
    if not KEEP_LINK:
        response._parent = None  # type: ignore[assignment]


def check(client: discord.Client) -> None:
    """Raises ``RuntimeError``, naming discord.py's version, if one of the internals above is missing."""
    missing = []
    if not hasattr(client, "_connection"):
        missing.append("Client._connection")
    elif not hasattr(client._connection, "shard_ids"):
        missing.append("ConnectionState.shard_ids")
    if "_parent" not in getattr(discord.InteractionResponse, "__slots__", ()):
        missing.append("InteractionResponse._parent")
    if missing:
        raise RuntimeError(
            f"discord.py {discord.__version__} lacks {', '.join(missing)}, which bot/discord_internals.py uses: "
            "keep discord.py to the versions pyproject.toml allows"
        )
