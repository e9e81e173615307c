"""What Mesa keeps about a player, gathered for them (``/privacy show``), and forgetting them
(``/privacy delete``, ``python -m bot forget``): see PRIVACY.md."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from rules import GAMES
from rules.core import t

from ..storage import ACTIVE, Database
from .stats import Stats, player_key

_DISCORD_IDS = {"user_id", "guild_id", "server_id", "channel_id", "thread_id", "interaction_id", "message_id"}


def _ids_as_text(value: Any) -> Any:
    """Discord ids written as strings, as Discord writes them (no JSON reader rounds them)."""
    if isinstance(value, dict):
        return {
            key: str(item) if key in _DISCORD_IDS and item is not None else _ids_as_text(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_ids_as_text(item) for item in value]
    return value


async def report(db: Database, user_id: int, now: float) -> dict[str, Any]:
    """Everything stored about ``user_id``, and their results and ratings as /stats works them out."""
    about = await db.about(user_id)
    stats = Stats()
    key = player_key(user_id)
    ratings = []
    for guild_id in sorted({s["guild_id"] for s in about["seats"] if s["guild_id"] is not None}):
        games = await db.finished_games(guild_id)
        for game_id in GAMES:
            standing = stats.table(game_id, games).standings.get(key)
            if standing is not None:
                ratings.append(
                    {
                        "server_id": guild_id,
                        "game": game_id,
                        "games": standing.games,
                        "wins": standing.wins,
                        "rating": round(standing.rating, 3),
                        "mu": round(standing.mu, 3),
                        "sigma": round(standing.sigma, 3),
                    }
                )
    written: dict[str, Any] = _ids_as_text(
        {
            "user_id": user_id,
            "written_at": dt.datetime.fromtimestamp(now, dt.UTC).isoformat(timespec="seconds"),
            "about": "Everything Mesa stores about you; PRIVACY.md says why and for how long.",
            **about,
            "stats_and_ratings": ratings,
        }
    )
    return written


def dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1).encode()


async def forget(db: Database, user_id: int) -> tuple[dict[str, int], list[int]]:
    """Forgets ``user_id`` (``Database.forget``, their name in each game's language the catalogue's
    "Former player"); returns what changed and the running games where they held a seat."""
    seats = (await db.about(user_id))["seats"]
    running = sorted({s["game_id"] for s in seats if s["status"] == ACTIVE})
    changed = await db.forget(user_id, lambda locale: t("privacy.former_player", locale))
    return changed, running
