"""The fake's world objects: guilds, messages and interactions as the tests see them."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from .payloads import LOADING, iter_components
from .timing import stretched


@dataclass
class FakeGuild:
    id: int
    name: str
    locale: str = "en-US"
    channels: dict[int, dict[str, Any]] = field(default_factory=dict)


@dataclass
class FakeMessage:
    """A message as stored by the fake. `attachments` entries carry the raw bytes under "data"."""

    id: int
    channel_id: int
    author_id: int
    author: dict[str, Any]
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    ephemeral: bool = False
    interaction_user_id: int | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_name: str | None = None
    interaction_user: dict[str, Any] | None = None
    guild_id: int | None = None
    webhook_id: int | None = None
    type: int = 0
    timestamp: str = ""
    edited_timestamp: str | None = None
    message_reference: dict[str, Any] | None = None
    reactions: list[str] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None  # as the bot sent it (None: not given, all parsed)
    deleted: bool = False
    edits: int = 0
    stored_at: float = field(default_factory=time.perf_counter)  # when the fake created it (for latency)

    # ---- inspection helpers -------------------------------------------------------------------------------
    @property
    def loading(self) -> bool:
        """True while this is a deferred "thinking" placeholder that was not yet edited."""
        return bool(self.flags & LOADING)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if c.get("custom_id")]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in iter_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in iter_components(self.components) if c.get("type") == 2]

    def button(self, label_substring: str) -> dict[str, Any]:
        for comp in self.buttons():
            if label_substring in (comp.get("label") or ""):
                return comp
        labels = [c.get("label") for c in self.buttons()]
        raise AssertionError(f"no button whose label contains {label_substring!r} in message {self.id}: {labels}")

    def pinged(self) -> set[int | str]:
        """Whom Discord notifies for this message: the user ids and ``"everyone"`` (``@everyone``, ``@here``)
        and ``"role:<id>"`` its content mentions, as its ``allowed_mentions`` lets through (none given:
        every mention). A mention counts however it is written around (a backslash does not stop it);
        an embed notifies nobody."""
        import re

        rules = self.allowed_mentions
        parse = set(rules.get("parse", [])) if rules is not None else {"users", "roles", "everyone"}
        users = {int(u) for u in rules.get("users", [])} if rules is not None else set()
        roles = {int(r) for r in rules.get("roles", [])} if rules is not None else set()
        found: set[int | str] = set()
        for uid in map(int, re.findall(r"<@!?([0-9]+)>", self.content)):
            if "users" in parse or uid in users:
                found.add(uid)
        for rid in map(int, re.findall(r"<@&([0-9]+)>", self.content)):
            if "roles" in parse or rid in roles:
                found.add(f"role:{rid}")
        if "everyone" in parse and re.search(r"@(everyone|here)", self.content):
            found.add("everyone")
        return found

    def files(self) -> list[bytes]:
        return [a["data"] for a in self.attachments]

    def embed_texts(self) -> str:
        """All the visible text of the embeds, joined (titles, descriptions, fields, footers)."""
        parts: list[str] = []
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((e.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    # ---- wire payload -----------------------------------------------------------------------------------------
    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [{k: v for k, v in a.items() if k != "data"} for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.interaction_id is not None and self.interaction_user_id is not None:
            user = self.interaction_user or {
                "id": str(self.interaction_user_id),
                "username": "user",
                "discriminator": "0",
                "avatar": None,
            }
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type or 2,
                "user": user,
                "authorizing_integration_owners": {},
            }
            data["interaction"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type or 2,
                "name": self.interaction_name or "",
                "user": user,
            }
        return data

    def __repr__(self) -> str:
        extra = " ephemeral" if self.ephemeral else ""
        return (
            f"<FakeMessage id={self.id} channel={self.channel_id}{extra} content={self.content[:40]!r} "
            f"embeds={len(self.embeds)} files={len(self.attachments)} custom_ids={self.custom_ids()}>"
        )


@dataclass
class FakeInteraction:
    id: int
    token: str
    user_id: int
    channel_id: int
    type: int
    payload: dict[str, Any]
    guild_id: int | None = None
    #: callbacks received, in order: {"type": int, "data": dict, "files": [(filename, bytes)]}
    responses: list[dict[str, Any]] = field(default_factory=list)
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    #: the message whose component was used (component interactions)
    source_message: FakeMessage | None = None
    sent_at: float = 0.0
    responded_at: float | None = None
    _event: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def latency(self) -> float | None:
        """Seconds from writing INTERACTION_CREATE to having read the first callback body."""
        return None if self.responded_at is None else self.responded_at - self.sent_at

    @property
    def modal(self) -> dict[str, Any] | None:
        for r in self.responses:
            if r["type"] == 9:
                return r["data"]
        return None

    @property
    def autocomplete_choices(self) -> list[dict[str, Any]] | None:
        for r in self.responses:
            if r["type"] == 8:
                return r["data"].get("choices", [])
        return None

    @property
    def message(self) -> FakeMessage | None:
        """The original response message (for component interactions: the updated component message)."""
        return self.original

    @property
    def messages(self) -> list[FakeMessage]:
        """Messages this interaction produced: the original response, then followups (deleted ones left out)."""
        out = [self.original] if self.original is not None else []
        out += [m for m in self.followups if m is not self.original]
        return [m for m in out if not m.deleted]

    def _record(self, response: dict[str, Any]) -> None:
        if self.responded_at is None:
            self.responded_at = time.perf_counter()
        self.responses.append(response)
        self._event.set()

    async def wait_response(self, timeout: float = 5) -> dict[str, Any]:
        """The first callback received for this interaction (waits for it)."""
        try:
            await asyncio.wait_for(self._event.wait(), stretched(timeout))
        except TimeoutError:
            raise TimeoutError(
                f"no callback for interaction {self.id} ({self.payload.get('data')}) within {timeout}s"
            ) from None
        return self.responses[0]
