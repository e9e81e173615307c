"""ENGIS (Marcos Macri, MS Jogos): Neanderthal clans over 8 rounds, for 1-4 players."""

from .engine import ENGINE, EngisEngine
from .state import EngisState

__all__ = ["ENGINE", "EngisEngine", "EngisState"]
