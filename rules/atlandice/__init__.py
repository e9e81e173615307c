"""ATLANDICE (Scott Huntington, Shaun Graham): gather the riches of Atlantis before it sinks."""

from . import texts as _texts  # noqa: F401  (registers the catalogue)
from .engine import ENGINE, AtlandiceEngine
from .state import AtlandiceState, AtlandiceView

__all__ = ["ENGINE", "AtlandiceEngine", "AtlandiceState", "AtlandiceView"]
