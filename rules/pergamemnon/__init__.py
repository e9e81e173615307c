"""PERGAMEMNON (Bernd Eisenstein, Irongames): ancient nations build their armies and battle, 2-5 players."""

from .engine import ENGINE, PergamemnonEngine
from .state import PergState

__all__ = ["ENGINE", "PergState", "PergamemnonEngine"]
