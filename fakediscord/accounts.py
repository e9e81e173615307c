"""The fake Discord's OAuth2 and Activities: what a web page signed in with Discord, or an Activity, talks to.

- ``POST /oauth2/token`` (form-encoded, ``grant_type=authorization_code``): exchanges a code that
  ``Accounts.grant`` made (what Discord's authorize step gives, in a browser or through the Embedded App
  SDK's ``authorize``) for an access token. The client authenticates with its id and secret, in the form
  or as HTTP Basic. A code is good once, for the client it was granted to (and, if it was granted for a
  redirect URL, with that URL); else ``400 invalid_grant``. A wrong client secret: ``401 invalid_client``.
- ``GET /users/@me`` with ``Authorization: Bearer <access token>``: the user who granted it (401 else).
- ``GET /applications/{app_id}/activity-instances/{instance_id}`` (with the bot's token): an Activity
  instance, ``{application_id, instance_id, launch_id, location: {id, kind, channel_id, guild_id?}, users}``,
  404 for an unknown one or another application's.
- An interaction answered with callback type 12 (``LAUNCH_ACTIVITY``) launches the Activity in the
  interaction's channel (or thread): an instance with its user in it, or the user joins the instance
  already running there. Only where ``activities`` is on (the application has an Activity); else 400.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import secrets
import time
import urllib.parse
from typing import Any

from . import payloads as P

CODE_SECONDS = 600.0  # how long a code can be exchanged (Discord: 10 minutes)
TOKEN_SECONDS = 604_800  # how long an access token lasts (Discord: a week)


@dataclasses.dataclass
class Grant:
    user_id: int
    client_id: int
    scope: str
    redirect_uri: str | None
    made: float = dataclasses.field(default_factory=time.monotonic)


class Refusal(Exception):
    """An OAuth2 error answer: ``{"error": error, "error_description": description}`` with ``status``."""

    def __init__(self, status: int, error: str, description: str) -> None:
        super().__init__(description)
        self.status, self.error, self.description = status, error, description


class Accounts:
    """The application's OAuth2 client (its id is the application's, its secret ``client_secret``), the codes
    and tokens users granted it, and its Activity instances."""

    def __init__(self, app_id: int) -> None:
        self.app_id = app_id
        self.client_secret = "fake-client-secret-" + secrets.token_hex(8)
        self.activities = False  # whether the application has an Activity (callback type 12 works)
        self.codes: dict[str, Grant] = {}
        self.tokens: dict[str, Grant] = {}
        self.instances: dict[str, dict[str, Any]] = {}
        self.exchanges: list[dict[str, str]] = []  # every token request's form (what a test reads)

    # -- what a test (playing the user's Discord client) does ---------------------------------
    def grant(
        self, user_id: int, *, client_id: int | None = None, scope: str = "identify", redirect_uri: str | None = None
    ) -> str:
        """A code, as Discord's authorize step gives it once ``user_id`` accepted (``client_id``: another
        application's code when not this one)."""
        code = secrets.token_urlsafe(24)
        self.codes[code] = Grant(user_id, self.app_id if client_id is None else client_id, scope, redirect_uri)
        return code

    def launch(self, channel_id: int, guild_id: int | None, user_id: int) -> dict[str, Any]:
        """The Activity launched (or joined) by ``user_id`` in ``channel_id``: the instance running there."""
        instance = next((i for i in self.instances.values() if i["location"]["channel_id"] == str(channel_id)), None)
        if instance is None:
            launch_id = str(P.snowflake())
            kind = "gc" if guild_id is not None else "pc"
            location = f"{kind}-{guild_id}-{channel_id}" if guild_id is not None else f"{kind}-{channel_id}"
            instance = {
                "application_id": str(self.app_id),
                "instance_id": f"i-{launch_id}-{location}",
                "launch_id": launch_id,
                "location": {
                    "id": location,
                    "kind": kind,
                    "channel_id": str(channel_id),
                    **({"guild_id": str(guild_id)} if guild_id is not None else {}),
                },
                "users": [],
            }
            self.instances[instance["instance_id"]] = instance
        if str(user_id) not in instance["users"]:
            instance["users"].append(str(user_id))
        return instance

    def leave(self, instance_id: str, user_id: int) -> None:
        """``user_id`` closes the Activity; the instance ends with its last participant."""
        instance = self.instances[instance_id]
        instance["users"] = [u for u in instance["users"] if u != str(user_id)]
        if not instance["users"]:
            del self.instances[instance_id]

    # -- what the REST routes answer --------------------------------------------------------------
    def exchange(self, form: dict[str, str], authorization: str | None) -> dict[str, Any]:
        """``POST /oauth2/token``: the access token for a code, or a ``Refusal``."""
        self.exchanges.append(dict(form))
        client_id, secret = form.get("client_id", ""), form.get("client_secret", "")
        if authorization and authorization.startswith("Basic "):
            try:
                client_id, _, secret = base64.b64decode(authorization[6:]).decode().partition(":")
            except (binascii.Error, UnicodeDecodeError):
                raise Refusal(401, "invalid_client", "Malformed client credentials") from None
        if client_id != str(self.app_id) or not secrets.compare_digest(secret, self.client_secret):
            raise Refusal(401, "invalid_client", "Invalid client")
        if form.get("grant_type") != "authorization_code":
            raise Refusal(400, "unsupported_grant_type", "Unsupported grant type")
        grant = self.codes.pop(form.get("code", ""), None)  # (a code is good once, even when refused)
        if grant is None or time.monotonic() - grant.made > CODE_SECONDS or grant.client_id != self.app_id:
            raise Refusal(400, "invalid_grant", 'Invalid "code" in request.')
        if grant.redirect_uri is not None and form.get("redirect_uri") != grant.redirect_uri:
            raise Refusal(400, "invalid_grant", 'Invalid "redirect_uri" in request.')
        token = secrets.token_urlsafe(24)
        self.tokens[token] = grant
        return {
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": TOKEN_SECONDS,
            "refresh_token": secrets.token_urlsafe(24),
            "scope": grant.scope,
        }

    def bearer(self, authorization: str | None) -> int | None:
        """The user an ``Authorization: Bearer`` header's access token was granted by (None: no such token)."""
        if not authorization or not authorization.startswith("Bearer "):
            return None
        grant = self.tokens.get(authorization[7:])
        return None if grant is None else grant.user_id

    def instance(self, app_id: str, instance_id: str) -> dict[str, Any] | None:
        found = self.instances.get(instance_id)
        return found if found is not None and app_id == str(self.app_id) else None


def parse_form(raw: bytes) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(raw.decode(), keep_blank_values=True))


__all__ = ["Accounts", "Grant", "Refusal", "parse_form"]
