"""The part of discord.py that is not its public interface, used where the public one has no way at all.

``Client._connection``, the client's connection state: the shards a process serves are told to it when they
change at run time (``serve_shards``). ``AutoShardedClient.shard_ids`` and ``shard_count`` are public, but
the state keeps copies taken when the shards were launched: it counts the shards to say the client is ready
(``on_ready``) by its ``shard_ids``, and a guild's shard (``Guild.shard_id``) by its ``shard_count``, and
discord.py has no public call to tell it. A question of correctness, not of speed: nothing to measure.

Nothing else in Mesa touches it; ``check`` says at once if a discord.py version lacks it, and
``tests/test_library_internals.py`` runs it, so an upgrade that breaks it fails there, loudly.
"""

from __future__ import annotations

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


def check(client: discord.Client) -> None:
    """Raises ``RuntimeError``, naming discord.py's version, if one of the internals above is missing."""
    missing = []
    if not hasattr(client, "_connection"):
        missing.append("Client._connection")
    elif not hasattr(client._connection, "shard_ids"):
        missing.append("ConnectionState.shard_ids")
    if missing:
        raise RuntimeError(
            f"discord.py {discord.__version__} lacks {', '.join(missing)}, which bot/discord_internals.py uses: "
            "keep discord.py to the versions pyproject.toml allows"
        )
