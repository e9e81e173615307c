"""Each player's settings, kept across games and servers (``/settings``, ``/away``), and what follows
from them: where a turn reaches them, whether now is inside their quiet hours and when those end,
whether they are away.

Quiet hours are two times of day in the player's time zone (``22:00-07:00`` wraps midnight); the
time zone is an IANA name (``America/Sao_Paulo``), read by the standard library's ``zoneinfo`` from
the system's database or, where the system has none (Windows, slim containers), from the ``tzdata``
package Mesa depends on.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..storage import Database, GameRow

MENTION, DM, BOTH = "mention", "dm", "both"
DELIVERIES = (MENTION, DM, BOTH)
# /away: the AI plays the player's seats, or (where a table has no clock) the table waits for them.
AWAY_AI, AWAY_PAUSE = "ai", "pause"
AWAY_MODES = (AWAY_AI, AWAY_PAUSE)
UTC = "UTC"

_HOURS = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*[-–]\s*(\d{1,2})(?::(\d{2}))?\s*$")


class SettingError(ValueError):
    """A setting the player typed that cannot be read; ``key`` is the catalogue's sentence."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``"22:00-07:00"`` or ``"22-7"`` as minutes after midnight; ``"off"`` (or nothing) is None."""
    if text.strip().lower() in ("", "off", "no", "none", "0", "desligado", "nao", "não"):
        return None
    match = _HOURS.match(text)
    if match is None:
        raise SettingError("settings.bad_quiet", text=text)
    h1, m1, h2, m2 = (int(part or 0) for part in match.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59 or (h1, m1) == (h2, m2):
        raise SettingError("settings.bad_quiet", text=text)
    return h1 * 60 + m1, h2 * 60 + m2


def format_quiet(quiet: tuple[int, int] | None) -> str:
    if quiet is None:
        return "—"
    start, end = quiet
    return f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"


@lru_cache(maxsize=256)
def time_zone(name: str) -> zoneinfo.ZoneInfo:
    """The zone of that IANA name (any case), or SettingError."""
    exact = _zone_names().get(name.strip().lower())
    if exact is None:
        raise SettingError("settings.bad_zone", zone=name)
    return zoneinfo.ZoneInfo(exact)


@lru_cache(maxsize=1)
def _zone_names() -> dict[str, str]:
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def zone_choices(typed: str, limit: int = 25) -> list[str]:
    """Time zone names containing what the player typed (for autocomplete), the shortest first."""
    typed = typed.strip().lower().replace(" ", "_")
    names = sorted((n for low, n in _zone_names().items() if typed in low), key=lambda n: (len(n), n))
    return names[:limit]


def parse_date(text: str, zone: str, now: float) -> float:
    """``YYYY-MM-DD`` (the end of that day) or ``YYYY-MM-DD HH:MM`` in the player's time zone, as a Unix
    time; SettingError if unreadable or not in the future."""
    text = text.strip()
    tz = time_zone(zone)
    try:
        if len(text) <= 10:
            day = dt.date.fromisoformat(text)
            when = dt.datetime.combine(day, dt.time(23, 59), tz)
        else:
            when = dt.datetime.fromisoformat(text.replace("T", " ")).replace(tzinfo=tz)
    except ValueError:
        raise SettingError("away.bad_date", text=text) from None
    stamp = when.timestamp()
    if stamp <= now:
        raise SettingError("away.past", text=text)
    return stamp


@dataclass(frozen=True)
class PlayerSettings:
    user_id: int
    delivery: str = MENTION  # where a turn reaches the player
    quiet: tuple[int, int] | None = None  # quiet hours, minutes after midnight in ``zone``
    zone: str = UTC
    reminders: bool = True
    locale: str | None = None  # None: Discord's language
    discord_locale: str | None = None  # the language of their Discord, as their last interaction said it
    dm_refused: bool = False  # Discord refused a direct message (50007): mentions since, told once
    away_until: float | None = None
    away_mode: str = AWAY_AI

    @property
    def reads(self) -> str | None:
        """The language the player reads: the one they chose, else their Discord's (None: not known)."""
        return self.locale or self.discord_locale

    @property
    def by_mention(self) -> bool:
        return self.delivery in (MENTION, BOTH) or self.dm_refused

    @property
    def by_dm(self) -> bool:
        return self.delivery in (DM, BOTH) and not self.dm_refused

    def quiet_until(self, now: float) -> float | None:
        """When the quiet hours that ``now`` falls in end (a Unix time), or None outside them."""
        if self.quiet is None:
            return None
        start, end = self.quiet
        try:
            tz = time_zone(self.zone)
        except SettingError:  # a zone this system no longer knows: UTC
            tz = zoneinfo.ZoneInfo(UTC)
        local = dt.datetime.fromtimestamp(now, tz)
        minute = local.hour * 60 + local.minute
        inside = start <= minute < end if start < end else (minute >= start or minute < end)
        if not inside:
            return None
        ends = dt.datetime.combine(local.date(), dt.time(end // 60, end % 60), tz)
        if ends <= local:
            ends += dt.timedelta(days=1)
        return ends.timestamp()

    def away(self, now: float) -> bool:
        return self.away_until is not None and now < self.away_until

    def with_changes(self, **changes: object) -> PlayerSettings:
        return replace(self, **changes)  # type: ignore[arg-type]


def _settings_of(row: dict[str, Any]) -> PlayerSettings:
    quiet = None if row["quiet_start"] is None else (row["quiet_start"], row["quiet_end"])
    return PlayerSettings(
        user_id=row["user_id"],
        delivery=row["delivery"] if row["delivery"] in DELIVERIES else MENTION,
        quiet=quiet,
        zone=row["time_zone"],
        reminders=bool(row["reminders"]),
        locale=row["locale"],
        discord_locale=row.get("discord_locale"),
        dm_refused=bool(row["dm_refused"]),
        away_until=row["away_until"],
        away_mode=row["away_mode"] if row["away_mode"] in AWAY_MODES else AWAY_AI,
    )


def _row_of(settings: PlayerSettings) -> dict[str, Any]:
    start, end = settings.quiet if settings.quiet is not None else (None, None)
    return {
        "user_id": settings.user_id,
        "delivery": settings.delivery,
        "quiet_start": start,
        "quiet_end": end,
        "time_zone": settings.zone,
        "reminders": int(settings.reminders),
        "locale": settings.locale,
        "dm_refused": int(settings.dm_refused),
        "away_until": settings.away_until,
        "away_mode": settings.away_mode,
    }


class Players:
    """The players' settings in the database; their chosen languages also in memory, since a language
    is needed wherever an answer is written (``bot.ui.replies.user_locale``)."""

    def __init__(self, db: Callable[[], Database]) -> None:
        self._db = db
        self.locales: dict[int, str] = {}
        self.discord_locales: dict[int, str] = {}  # (what the database holds: written when it changes)

    async def load_locales(self) -> None:
        self.locales = dict(await self._db().players_with_locale())
        self.discord_locales = dict(await self._db().players_discord_locales())

    async def saw_locale(self, user_id: int, locale: str) -> None:
        """Keeps the language of a player's Discord, as an interaction of theirs says it (a write only when
        it changed): what reaches them later, with no interaction at hand, is written in it."""
        if self.discord_locales.get(user_id) == locale:
            return
        self.discord_locales[user_id] = locale
        await self._db().save_discord_locale(user_id, locale)

    async def get(self, user_id: int) -> PlayerSettings:
        return (await self.get_many([user_id]))[user_id]

    async def get_many(self, user_ids: Iterable[int]) -> dict[int, PlayerSettings]:
        """Every user's settings, the defaults for those who never set anything."""
        wanted = set(user_ids)
        found = {row["user_id"]: _settings_of(row) for row in await self._db().players(wanted)} if wanted else {}
        return {user_id: found.get(user_id) or PlayerSettings(user_id) for user_id in wanted}

    @staticmethod
    def of_game(game: GameRow) -> dict[int, PlayerSettings]:
        """The settings of the game's players (its human seats), as read with the game: no further read."""
        users = {s.user_id for s in game.seats if not s.is_ai and s.user_id is not None}
        return {
            user_id: _settings_of(game.players[user_id]) if user_id in game.players else PlayerSettings(user_id)
            for user_id in users
        }

    def forget(self, user_id: int) -> None:
        """The user's settings were deleted (``/privacy delete``): their language too."""
        self.locales.pop(user_id, None)

    async def save(self, settings: PlayerSettings) -> PlayerSettings:
        await self._db().save_player(_row_of(settings))
        if settings.locale is None:
            self.locales.pop(settings.user_id, None)
        else:
            self.locales[settings.user_id] = settings.locale
        return settings
