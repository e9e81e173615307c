"""ENGIS's actions as small typed values, each with the text form its id has everywhere (buttons, the
action log, replays): ``parse("put-c2")`` is ``Put("c2")`` and ``str(Put("c2"))`` is ``"put-c2"``.
An id is parsed once, where an action is played, never cut apart elsewhere.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal, get_args

from rules.core import IllegalAction

from . import data

CountKind = Literal["token", "bid"]


@dataclass(frozen=True, slots=True)
class Count:
    """A number chosen: the neutral colour's bid token (``token-<n>``) or one's own bid (``bid-<n>``)."""

    kind: CountKind
    n: int

    def __str__(self) -> str:
        return f"{self.kind}-{self.n}"


@dataclass(frozen=True, slots=True)
class Buy:
    """Solo: the hex of an offer slot bought (``buy-<slot + 1>``, the slots counted from 1)."""

    slot: int

    def __str__(self) -> str:
        return f"buy-{self.slot + 1}"


@dataclass(frozen=True, slots=True)
class PickHex:
    """A hex of the offer taken (``pick-<hex>``) or, for the neutral colour, put away (``drop-<hex>``)."""

    hex: str
    drop: bool = False

    def __str__(self) -> str:
        return f"{'drop' if self.drop else 'pick'}-{self.hex}"


@dataclass(frozen=True, slots=True)
class Put:
    """Where the hex taken goes on one's board: ``put-<space>``."""

    space: str

    def __str__(self) -> str:
        return f"put-{self.space}"


SpaceKind = Literal["take", "from", "to", "home"]


@dataclass(frozen=True, slots=True)
class AtSpace:
    """A space of one's board: a meeple taken from it (``take-``), moved from it (``from-``) or to it
    (``to-``), or a meeple put there (``home-``)."""

    kind: SpaceKind
    space: str

    def __str__(self) -> str:
        return f"{self.kind}-{self.space}"


Step = Literal["move", "craft", "develop", "retorno", "end", "back", "move-done"]


@dataclass(frozen=True, slots=True)
class Plain:
    """A step of one's turn: an action of the menu (``move``, ``craft``, ``develop``, ``retorno``),
    the turn ended (``end``), a choice left (``back``) or the Move over (``move-done``)."""

    step: Step

    def __str__(self) -> str:
        return self.step


@dataclass(frozen=True, slots=True)
class Craft:
    """An object crafted: ``craft-<object>``."""

    obj: str

    def __str__(self) -> str:
        return f"craft-{self.obj}"


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill card developed (``skill-<skill>``) or, solo, one put out of the game (``discard-<skill>``)."""

    skill: str
    discard: bool = False

    def __str__(self) -> str:
        return f"{'discard' if self.discard else 'skill'}-{self.skill}"


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """A scoring card of the hand played (``card-<card>``), or one of the discard pile scored again
    with Inteligência (``intel-<card>``)."""

    card: str
    intel: bool = False

    def __str__(self) -> str:
        return f"{'intel' if self.intel else 'card'}-{self.card}"


Move = Count | Buy | PickHex | Put | AtSpace | Plain | Craft | Skill | ScoreCard

# each literal by its text, to read an id's part as the literal it is
_STEPS: dict[str, Step] = {step: step for step in get_args(Step)}
_SPACE_KINDS: dict[str, SpaceKind] = {kind: kind for kind in get_args(SpaceKind)}
_COUNTS: dict[str, CountKind] = {kind: kind for kind in get_args(CountKind)}


@functools.cache
def parse(action_id: str) -> Move:
    """The move an id names (``IllegalAction`` for an id no ENGIS action has)."""
    if action_id in _STEPS:
        return Plain(_STEPS[action_id])
    head, _, arg = action_id.partition("-")
    number = arg.isascii() and arg.isdigit()
    if head in _COUNTS and number:
        return Count(_COUNTS[head], int(arg))
    if head == "buy" and number and 1 <= int(arg) <= len(data.SOLO_PRICES):
        return Buy(int(arg) - 1)
    if head in ("pick", "drop") and arg in data.ALL_HEXES:
        return PickHex(arg, drop=head == "drop")
    if head == "put" and arg in data.SPACES:
        return Put(arg)
    if head in _SPACE_KINDS and arg in data.SPACES:
        return AtSpace(_SPACE_KINDS[head], arg)
    if head == "craft" and arg in data.OBJECTS:
        return Craft(arg)
    if head in ("skill", "discard") and arg in data.SKILLS:
        return Skill(arg, discard=head == "discard")
    if head in ("card", "intel") and arg in data.CARDS:
        return ScoreCard(arg, intel=head == "intel")
    raise IllegalAction("error.illegal_action")
