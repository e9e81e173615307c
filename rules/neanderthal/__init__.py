"""NEANDERTHAL (Phil Eklund, 2nd-edition living rules): 1-3 species in the last ice age."""

from .engine import ENGINE, NeanderthalEngine
from .state import NeanderthalState

__all__ = ["ENGINE", "NeanderthalEngine", "NeanderthalState"]
