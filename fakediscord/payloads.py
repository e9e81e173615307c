"""Small builders for Discord API payloads used by the fake (API v10 shapes)."""

from __future__ import annotations

import datetime as _dt
import itertools
import mimetypes
import struct
import time
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
FORUM = 15  # a forum channel's type

# Everything except ADMINISTRATOR, so channel overwrites are honoured by discord.py's permission maths.
ALL_PERMISSIONS = (1 << 53) - 1
BASE_PERMISSIONS = ALL_PERMISSIONS & ~8
THREAD_PERMISSIONS = (1 << 35) | (1 << 36) | (1 << 38)  # create public/private threads, send in threads
SEND_MESSAGES = 1 << 11
SEND_IN_THREADS = 1 << 38

_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh, increasing snowflake whose timestamp is now."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def now_iso() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name.lower() if not bot else name,
        "global_name": None if bot else name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


def member_payload(user: dict[str, Any], *, permissions: int | None = None) -> dict[str, Any]:
    member = {
        "user": user,
        "roles": [],
        "joined_at": "2024-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "nick": None,
        "avatar": None,
    }
    if permissions is not None:
        member["permissions"] = str(permissions)
    return member


def sniff_content_type(data: bytes, filename: str, declared: str | None) -> str:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if declared and declared != "application/octet-stream":
        return declared
    guessed, _ = mimetypes.guess_type(filename)
    return guessed or "application/octet-stream"


def png_size(data: bytes) -> tuple[int, int] | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    return None


def iter_components(components: list[dict[str, Any]]):
    """Yield every component, depth first, in display order (action rows, containers, sections, labels)."""
    for comp in components or []:
        yield comp
        if comp.get("components"):
            yield from iter_components(comp["components"])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from iter_components([comp[key]])


SELECT_TYPES = {3, 5, 6, 7, 8}
