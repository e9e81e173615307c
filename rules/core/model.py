"""The values every engine speaks: localizable messages, actions, events, outcomes, errors."""

from __future__ import annotations

import re
from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field

# An action id travels inside a component custom_id ("m1:<game>:<version>:<action id>", 100 chars
# at most), so it is short and never contains the separator.
ACTION_ID_MAX = 64
ACTION_ID_RE = re.compile(r"^[A-Za-z0-9_.+\-=]{1,64}$")

# One message holds 5 action rows; the bot keeps one row for its own buttons (board, private
# view).  Up to 20 choices are shown as buttons, more as select menus of 25 options each, so a
# decision offers at most 4 x 25 = 100 choices.
MAX_BUTTON_CHOICES = 20
MAX_CHOICES = 100

Param = Union[int, str, "Msg"]


class Msg(BaseModel):
    """A sentence for a player: a catalogue key and its parameters (which may be messages)."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Param] = Field(default_factory=dict)


_set = object.__setattr__
_new = object.__new__
_PARAM_TYPES = frozenset({int, str, Msg})


def msg(key: str, **params: Param) -> Msg:
    """``Msg(key=key, params=params)``; engines build thousands a second, so values already of their
    exact types (which validation would keep as they are) skip validation and fill the model directly."""
    if type(key) is not str:
        return Msg(key=key, params=params)
    for value in params.values():
        if type(value) not in _PARAM_TYPES:
            return Msg(key=key, params=params)  # validation converts or refuses it
    new = _new(Msg)
    _set(new, "__dict__", {"key": key, "params": params})
    _set(new, "__pydantic_fields_set__", {"key", "params"})
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


Msg.model_rebuild()

Style = Literal["primary", "secondary", "success", "danger"]


class Action(BaseModel):
    """One legal choice: a stable short id and a label in the catalogue.

    ``group`` names the select menu an action goes to when a decision is shown as menus;
    ``secret`` marks a choice that would reveal hidden information if shown in the channel
    (the bot then offers it only in an ephemeral message to its owner).
    """

    model_config = ConfigDict(frozen=True)

    id: str
    label: Msg
    style: Style = "secondary"
    group: Msg | None = None
    emoji: str | None = None
    secret: bool = False


_STYLES = frozenset(("primary", "secondary", "success", "danger"))
_GROUP_TYPES = frozenset({Msg, type(None)})
_EMOJI_TYPES = frozenset({str, type(None)})


def action(
    id: str,
    label: Msg,
    style: Style = "secondary",
    group: Msg | None = None,
    emoji: str | None = None,
    secret: bool = False,
) -> Action:
    """``Action(id=id, label=label, ...)`` for the legal-action lists engines build by the hundred:
    values already of their exact types (which validation would keep as they are) fill the model
    directly, others are validated."""
    if (
        type(id) is not str
        or type(label) is not Msg
        or type(style) is not str
        or style not in _STYLES
        or type(group) not in _GROUP_TYPES
        or type(emoji) not in _EMOJI_TYPES
        or type(secret) is not bool
    ):
        return Action(id=id, label=label, style=style, group=group, emoji=emoji, secret=secret)
    new = _new(Action)
    _set(new, "__dict__", {"id": id, "label": label, "style": style, "group": group, "emoji": emoji, "secret": secret})
    _set(new, "__pydantic_fields_set__", {"id", "label", "style", "group", "emoji", "secret"})
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


class Event(BaseModel):
    """Something that happened, in words.  ``seats`` limits who may read it (None: everyone)."""

    text: Msg
    seats: list[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)


class PlayerResult(BaseModel):
    """One line of the final scores.  ``seat`` is None for a non-player (the neutral player)."""

    seat: int | None
    name: Msg | None = None
    score: int
    breakdown: dict[str, int]
    rank: int
    winner: bool
    tiebreak: int | None = None


class Outcome(BaseModel):
    results: list[PlayerResult]
    # Catalogue keys of the breakdown categories, in display order.
    categories: list[str]
    tiebreak: Msg | None = None
    # A solo game's goal in words (with its target score): the game is won or lost against it.
    goal: Msg | None = None

    @property
    def winners(self) -> list[int]:
        return [r.seat for r in self.results if r.winner and r.seat is not None]

    def for_seat(self, seat: int) -> PlayerResult:
        return next(r for r in self.results if r.seat == seat)


class OptionSpec(BaseModel):
    """A variant chosen in the lobby (a select menu there)."""

    key: str
    label: Msg
    choices: list[tuple[str, Msg]]
    default: str


class RuleError(Exception):
    """A move the rules refuse; ``key`` is the catalogue sentence the player reads."""

    def __init__(self, key: str, **params: Param) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @property
    def message(self) -> Msg:
        return Msg(key=self.key, params=self.params)


class IllegalAction(RuleError):
    pass


class NotYourTurn(RuleError):
    pass


class GameOver(RuleError):
    pass
