"""ATLANDICE's actions as small typed values, each with the text form its id has everywhere (buttons,
the action log, replays): ``parse("visit.temple")`` is ``Visit(0)`` and ``str(Visit(0))`` is
``"visit.temple"``.  An id is parsed once, where an action is played, never cut apart elsewhere.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rules.core import IllegalAction

from .data import RESOURCES, SECTOR_IDS


@dataclass(frozen=True, slots=True)
class Visit:
    """Phase 2 a): a die taken from ``sector``, for oneself or given to the Neutral (``visit.<sector>``,
    ``neutral.<sector>``)."""

    sector: int
    neutral: bool = False

    def __str__(self) -> str:
        return f"{'neutral' if self.neutral else 'visit'}.{SECTOR_IDS[self.sector]}"


@dataclass(frozen=True, slots=True)
class PickResource:
    """A resource chosen for a task (take, swap, move): ``res.<resource>``."""

    resource: str

    def __str__(self) -> str:
        return f"res.{self.resource}"


@dataclass(frozen=True, slots=True)
class PickSector:
    """A sector chosen for a task (a Region, where a die or the Submarine goes): ``sec.<sector>``."""

    sector: int

    def __str__(self) -> str:
        return f"sec.{SECTOR_IDS[self.sector]}"


@dataclass(frozen=True, slots=True)
class Donate:
    """A resource given back in the Donation: ``don.<resource>``."""

    resource: str

    def __str__(self) -> str:
        return f"don.{self.resource}"


@dataclass(frozen=True, slots=True)
class Stop:
    """No more Donation (or the first pick taken back): ``stop``."""

    def __str__(self) -> str:
        return "stop"


Move = Visit | PickResource | PickSector | Donate | Stop


@functools.cache
def parse(action_id: str) -> Move:
    """The move an id names (``IllegalAction`` for an id no ATLANDICE action has)."""
    kind, _, value = action_id.partition(".")
    if kind in ("visit", "neutral", "sec") and value in SECTOR_IDS:
        sector = SECTOR_IDS.index(value)
        return PickSector(sector) if kind == "sec" else Visit(sector, neutral=kind == "neutral")
    if kind == "res" and value in RESOURCES:
        return PickResource(value)
    if kind == "don" and value in RESOURCES:
        return Donate(value)
    if action_id == "stop":
        return Stop()
    raise IllegalAction("error.illegal_action")
