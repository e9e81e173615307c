"""Settings read from the environment (a .env file is not read: the host sets variables)."""

from __future__ import annotations

import logging
import math
import os
from dataclasses import dataclass
from pathlib import Path

from rules.core import DEFAULT_BUDGET

# (variable, what it holds, default): ``python -m bot --help`` and the README list these.
VARIABLES: list[tuple[str, str, str]] = [
    ("DISCORD_TOKEN", "the bot's token (required to run the bot)", ""),
    (
        "MESA_DATABASE",
        "where every game is kept: an SQLite file, or a postgresql:// URL (PostgreSQL)",
        "DATABASE_URL if set, else mesa.sqlite3",
    ),
    ("DATABASE_URL", "the PostgreSQL URL a host sets (Heroku and the like); used when MESA_DATABASE is unset", ""),
    (
        "MESA_SHARD_COUNT",
        "how many Discord shards the bot has in all (every process must say the same)",
        "1, or Discord's advice with MESA_SHARDS=auto",
    ),
    (
        "MESA_SHARDS",
        "the shards this process serves: 0-3, 0,2 or auto (free shards claimed through PostgreSQL, a dead process's taken over)",
        "all of them",
    ),
    ("MESA_DEV_GUILD", "a server id to sync the commands to at once", "unset (global commands)"),
    ("MESA_REMINDER_DELAY", "seconds before the first reminder; each next one waits twice as long", "43200"),
    ("MESA_REMINDER_MAX", "reminders per turn at most", "3"),
    ("MESA_REMINDER_POLL", "how often due reminders are looked for, in seconds", "60"),
    ("MESA_LOG_LEVEL", "logging level: DEBUG, INFO, WARNING or ERROR", "INFO"),
    ("MESA_AI_BUDGET", "seconds' worth of simulations a strong AI seat thinks a decision", str(DEFAULT_BUDGET)),
    ("MESA_AI_PROCESSES", "processes in which strong AI seats think (0: a thread of the bot)", "2"),
    (
        "MESA_RENDER_WORKERS",
        "processes drawing the board pictures beside the bot, each drawing two boards at once (0: a thread of the bot)",
        "1",
    ),
    ("MESA_WEB_URL", "the spectator pages' public address, as players open it (/game link)", "unset (no links)"),
    ("MESA_WEB_PORT", "the port the spectator pages are served on (PORT too; unset: not served)", "unset"),
    ("MESA_WEB_HOST", "the address the spectator pages are served on", "0.0.0.0"),
    ("MESA_WEB_STREAMS", "live page views open at once, in all", "1000"),
    ("MESA_WEB_STREAMS_PER_ADDRESS", "live page views open at once from one address", "20"),
    (
        "MESA_WEB_CONNECTIONS",
        "connections to the pages open at once, in all (past it: dropped)",
        "three quarters of the open-files limit",
    ),
    ("MESA_WEB_CONNECTIONS_PER_ADDRESS", "connections to the pages open at once from one address (an IPv6 /64)", "50"),
    (
        "MESA_WEB_IDLE",
        "seconds a connection to the pages may take to send a request, or stay idle between two (then it is closed)",
        "15",
    ),
    ("MESA_WEB_PROXY", "1: behind a proxy that appends the visitor's address to X-Forwarded-For", "0"),
    (
        "MESA_SECRET_KEY",
        "the key a running game's exported file is sealed with (16 characters or more); give several bots the same "
        "one to continue each other's games",
        "one drawn once and kept in the database",
    ),
    (
        "MESA_CLIENT_ID",
        "the Discord application's id, to let players sign in on the pages (with MESA_WEB_URL)",
        "unset",
    ),
    ("MESA_CLIENT_SECRET", "the Discord application's OAuth2 client secret (with MESA_CLIENT_ID)", "unset"),
    (
        "MESA_ACTIVITY",
        "1: the application has an Activity (its URL mapped to MESA_WEB_URL/activity): boards launch it",
        "0",
    ),
    (
        "MESA_DISCORD_API",
        "the Discord API the pages' sign-in asks (a test's fake Discord, or a proxy)",
        "https://discord.com/api/v10",
    ),
]
DISCORD_API = "https://discord.com/api/v10"
# The most shards a bot may have in all (Discord's largest bots have a few thousand).
MOST_SHARDS = 100_000
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(ValueError):
    """A variable with a value the bot cannot use; the message names it and says what is expected."""


def _raw(name: str) -> str | None:
    value = os.environ.get(name)
    return value.strip() if value is not None and value.strip() else None


def _number(name: str, default: float, *, positive: bool = False) -> float:
    raw = _raw(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        bound = "more than 0" if positive else "0 or more"
        raise SettingsError(f"{name} must be a number of seconds, {bound} (got {raw!r})")
    return value


def _count(name: str, default: int, most: int = 1_000_000) -> int:
    raw = _raw(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or int(raw) > most:
        raise SettingsError(f"{name} must be a whole number from 0 to {most:,} (got {raw!r})")
    return int(raw)


def _database() -> str:
    """MESA_DATABASE (else DATABASE_URL, else mesa.sqlite3): an SQLite file's path, or a PostgreSQL URL that
    the driver can use. A URL of another scheme is refused, never taken for a path; no message shows the
    password."""
    name = "MESA_DATABASE" if _raw("MESA_DATABASE") else "DATABASE_URL"
    raw = _raw("MESA_DATABASE") or _raw("DATABASE_URL") or "mesa.sqlite3"
    scheme, sep, _ = raw.partition("://")
    if not sep:
        return raw
    from .storage import DatabaseError
    from .storage.backends import is_postgres, postgres_target, shown

    if not is_postgres(raw):
        raise SettingsError(
            f"{name} must be a postgresql:// URL or an SQLite file's path; {scheme}:// is neither "
            f"(got {shown(raw)}): write postgresql://user:password@host/database"
        )
    try:
        postgres_target(raw)
    except DatabaseError as exc:
        raise SettingsError(str(exc).replace("MESA_DATABASE", name)) from None
    return raw


def _snowflake(name: str) -> int | None:
    raw = _raw(name)
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()) or int(raw) == 0:
        raise SettingsError(f"{name} must be a Discord server id, a number like 123456789012345678 (got {raw!r})")
    return int(raw)


def _shards(count: int | None) -> tuple[tuple[int, ...] | None, bool]:
    """MESA_SHARDS: (the shard ids, or None for all of them; whether they are claimed automatically)."""
    raw = _raw("MESA_SHARDS")
    if raw is None:
        return None, False
    if raw.lower() == "auto":
        return None, True
    if count is None:
        raise SettingsError(f"MESA_SHARDS={raw!r} needs MESA_SHARD_COUNT, the number of shards in all")
    ids: set[int] = set()
    for part in raw.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not (first.isascii() and first.isdigit()) or (dash and not (last.isascii() and last.isdigit())):
            raise SettingsError(f"MESA_SHARDS must be auto, a range like 0-3 or a list like 0,2 (got {raw!r})")
        low, high = int(first), int(last) if dash else int(first)
        if low > high or high >= count:
            raise SettingsError(f"MESA_SHARDS {raw!r}: shards are numbered 0 to {count - 1} (MESA_SHARD_COUNT={count})")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids)), False


def _port(*names: str) -> int | None:
    for name in names:
        raw = _raw(name)
        if raw is None:
            continue
        if not (raw.isascii() and raw.isdigit()) or not 0 < int(raw) < 65536:
            raise SettingsError(f"{name} must be a port number from 1 to 65535 (got {raw!r})")
        return int(raw)
    return None


def _url(name: str) -> str | None:
    raw = _raw(name)
    if raw is None:
        return None
    if not raw.startswith(("http://", "https://")) or len(raw) < 10 or any(c.isspace() for c in raw):
        raise SettingsError(f"{name} must be an address such as https://mesa.example.org (got {raw!r})")
    return raw.rstrip("/")


def _secret(name: str) -> str | None:
    raw = _raw(name)
    if raw is not None and len(raw) < 16:
        raise SettingsError(f"{name} must be 16 characters or more (got {len(raw)})")
    return raw


def _sign_in() -> tuple[int | None, str | None]:
    """MESA_CLIENT_ID and MESA_CLIENT_SECRET: both, or neither (the pages' sign-in is off)."""
    raw_id, secret = _raw("MESA_CLIENT_ID"), _raw("MESA_CLIENT_SECRET")
    if raw_id is not None and not (raw_id.isascii() and raw_id.isdigit() and int(raw_id) > 0):
        raise SettingsError(
            f"MESA_CLIENT_ID must be the application's id, a number like 123456789012345678 (got {raw_id!r})"
        )
    if (raw_id is None) != (secret is None):
        given, missing = (
            ("MESA_CLIENT_ID", "MESA_CLIENT_SECRET") if secret is None else ("MESA_CLIENT_SECRET", "MESA_CLIENT_ID")
        )
        raise SettingsError(f"{given} is set but {missing} is not: the pages' sign-in needs both")
    if raw_id is not None and _raw("MESA_WEB_URL") is None:
        raise SettingsError("MESA_CLIENT_ID needs MESA_WEB_URL: Discord sends the players back to the pages' address")
    return (int(raw_id) if raw_id is not None else None), secret


def _flag(name: str) -> bool:
    raw = (_raw(name) or "0").lower()
    if raw not in ("0", "1", "true", "false", "yes", "no"):
        raise SettingsError(f"{name} must be 1 or 0 (got {raw!r})")
    return raw in ("1", "true", "yes")


def _level(name: str) -> str:
    raw = (_raw(name) or "INFO").upper()
    if raw not in LOG_LEVELS or not isinstance(logging.getLevelName(raw), int):
        raise SettingsError(f"{name} must be one of {', '.join(LOG_LEVELS)} (got {os.environ.get(name)!r})")
    return raw


@dataclass
class Settings:
    token: str | None = None
    # An SQLite file (a path) or a PostgreSQL database (a postgresql:// URL).
    database: str | Path = "mesa.sqlite3"
    dev_guild: int | None = None
    # Reminders: the first after ``reminder_delay`` seconds, each next one twice as late, at most
    # ``reminder_max`` per turn; the reminder loop wakes up at least every ``reminder_poll`` seconds.
    reminder_delay: float = 12 * 3600
    reminder_max: int = 3
    reminder_poll: float = 60.0
    max_ai_chain: int = 5000
    # A strong AI seat thinks this many seconds' worth of simulations a decision (the count is fixed
    # per game, so a busy machine thinks longer, never differently); AI seats play in this many
    # worker processes (0: in a thread of the bot's process).
    ai_budget: float = DEFAULT_BUDGET
    ai_processes: int = 2
    # A board post that failed is tried again after this many seconds, then twice as late each time.
    board_retry: float = 5.0
    log_level: str = "INFO"
    # Processes that draw the board pictures (0: a thread of the bot's own process).
    render_workers: int = 1
    # Discord shards: ``shard_count`` in all (None: 1, or Discord's advice with ``auto_shards``); this
    # process serves ``shard_ids`` (None: all), or claims free ones through the database (``auto_shards``).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    auto_shards: bool = False

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None or self.shard_ids is not None or self.auto_shards

    # The spectator pages: the address players open (links are offered only with it), the port they
    # are served on (none: not served by this process), and how many live views may be open at once.
    web_url: str | None = None
    web_port: int | None = None
    web_host: str = "0.0.0.0"
    web_streams: int = 1000
    web_streams_per_address: int = 20
    # Connections to the pages open at once, in all (None: as many as the open-files limit allows) and per
    # address (not counted behind a proxy: every connection comes from it).
    web_connections: int | None = None
    web_connections_per_address: int = 50
    # How long a connection may take to send a request's line and headers, or stay idle between two (seconds).
    web_idle: float = 15.0
    web_proxy: bool = False
    # The key running games' files are sealed with (None: one drawn once and kept in the database).
    secret_key: str | None = None
    # Signing in on the pages with Discord (OAuth2): the application's id and client secret (both None: the
    # pages stay spectators' pages), and the Discord API asked (a test points it at its fake Discord).
    client_id: int | None = None
    client_secret: str | None = None
    discord_api: str = DISCORD_API
    # The application runs the game's page as a Discord Activity (needs the sign-in's settings): the board's
    # "Play here" launches it.
    activity: bool = False

    @property
    def sign_in(self) -> bool:
        """Whether players may sign in on the pages (and play there)."""
        return self.client_id is not None and self.client_secret is not None and self.web_url is not None

    @classmethod
    def from_env(cls) -> Settings:
        """The settings from ``MESA_*`` and ``DISCORD_TOKEN``; SettingsError names a bad variable."""
        count = _count("MESA_SHARD_COUNT", 0, most=MOST_SHARDS) or None
        if _raw("MESA_SHARD_COUNT") is not None and count is None:
            raise SettingsError("MESA_SHARD_COUNT must be a whole number, 1 or more (got '0')")
        shard_ids, auto = _shards(count)
        client_id, client_secret = _sign_in()
        activity = _flag("MESA_ACTIVITY")
        if activity and client_id is None:
            raise SettingsError(
                "MESA_ACTIVITY needs MESA_CLIENT_ID and MESA_CLIENT_SECRET: the Activity signs its players in"
            )
        return cls(
            token=_raw("DISCORD_TOKEN"),
            database=_database(),
            shard_count=count,
            shard_ids=shard_ids,
            auto_shards=auto,
            dev_guild=_snowflake("MESA_DEV_GUILD"),
            reminder_delay=_number("MESA_REMINDER_DELAY", 12 * 3600),
            reminder_max=_count("MESA_REMINDER_MAX", 3),
            reminder_poll=_number("MESA_REMINDER_POLL", 60.0, positive=True),
            log_level=_level("MESA_LOG_LEVEL"),
            render_workers=_count("MESA_RENDER_WORKERS", 1),
            ai_budget=_number("MESA_AI_BUDGET", DEFAULT_BUDGET),
            ai_processes=_count("MESA_AI_PROCESSES", 2),
            web_url=_url("MESA_WEB_URL"),
            web_port=_port("MESA_WEB_PORT", "PORT"),
            web_host=_raw("MESA_WEB_HOST") or "0.0.0.0",
            web_streams=_count("MESA_WEB_STREAMS", 1000),
            web_streams_per_address=_count("MESA_WEB_STREAMS_PER_ADDRESS", 20),
            web_connections=_count("MESA_WEB_CONNECTIONS", 0) or None,
            web_connections_per_address=_count("MESA_WEB_CONNECTIONS_PER_ADDRESS", 50),
            web_idle=_number("MESA_WEB_IDLE", 15.0, positive=True),
            web_proxy=_flag("MESA_WEB_PROXY"),
            secret_key=_secret("MESA_SECRET_KEY"),
            client_id=client_id,
            client_secret=client_secret,
            activity=activity,
            discord_api=_url("MESA_DISCORD_API") or DISCORD_API,
        )
