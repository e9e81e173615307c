"""Settings read from the environment (a .env file is not read: the host sets variables)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from rules.core import DEFAULT_BUDGET


def _float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value else default


def _int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


@dataclass
class Settings:
    token: str | None = None
    database: Path = field(default_factory=lambda: Path("mesa.sqlite3"))
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
    log_level: str = "INFO"

    @classmethod
    def from_env(cls) -> Settings:
        guild = os.environ.get("MESA_DEV_GUILD")
        return cls(
            token=os.environ.get("DISCORD_TOKEN") or None,
            database=Path(os.environ.get("MESA_DATABASE", "mesa.sqlite3")),
            dev_guild=int(guild) if guild else None,
            reminder_delay=_float("MESA_REMINDER_DELAY", 12 * 3600),
            reminder_max=_int("MESA_REMINDER_MAX", 3),
            reminder_poll=_float("MESA_REMINDER_POLL", 60.0),
            ai_budget=_float("MESA_AI_BUDGET", DEFAULT_BUDGET),
            ai_processes=_int("MESA_AI_PROCESSES", 2),
            log_level=os.environ.get("MESA_LOG_LEVEL", "INFO"),
        )
