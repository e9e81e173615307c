"""The contract every game engine fulfils: pure, deterministic, no I/O, no discord."""

from . import texts as _texts  # noqa: F401  (registers the shared texts)
from .cache import cached_legal
from .engine import Engine, GameState, StoredModel, public_events, question_in_view, question_seen_by, told_to_all
from .i18n import CATALOGUE, LOCALES, missing_keys, normalize_locale, number, register, seat_msg, t
from .model import (
    ACTION_ID_MAX,
    ACTION_ID_RE,
    MAX_BUTTON_CHOICES,
    MAX_CHOICES,
    Action,
    Event,
    GameOver,
    IllegalAction,
    Msg,
    NotYourTurn,
    OptionSpec,
    Outcome,
    PlayerResult,
    RuleError,
    action,
    msg,
)
from .play import play
from .rng import Rng
from .search import DEFAULT_BUDGET, LEVELS, Level

__all__ = [
    "ACTION_ID_MAX",
    "ACTION_ID_RE",
    "CATALOGUE",
    "DEFAULT_BUDGET",
    "LEVELS",
    "LOCALES",
    "MAX_BUTTON_CHOICES",
    "MAX_CHOICES",
    "Action",
    "Engine",
    "Event",
    "GameOver",
    "GameState",
    "IllegalAction",
    "Level",
    "Msg",
    "NotYourTurn",
    "OptionSpec",
    "Outcome",
    "PlayerResult",
    "Rng",
    "RuleError",
    "StoredModel",
    "action",
    "cached_legal",
    "missing_keys",
    "msg",
    "normalize_locale",
    "number",
    "play",
    "public_events",
    "question_in_view",
    "question_seen_by",
    "register",
    "seat_msg",
    "t",
    "told_to_all",
]
