"""PERGAMEMNON's actions as small typed values, each with the text form its id has everywhere (buttons,
the action log, replays): ``parse("rec-M04")`` is ``Recruit("M04")`` and ``str(Recruit("M04"))`` is
``"rec-M04"``.  An id is parsed once, where an action is played, never cut apart elsewhere.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rules.core import IllegalAction

from . import data


@dataclass(frozen=True, slots=True)
class Recruit:
    """A creature of the row recruited on one's turn: ``rec-<card>``."""

    card: str

    def __str__(self) -> str:
        return f"rec-{self.card}"


@dataclass(frozen=True, slots=True)
class Attack:
    """A player attacked on one's turn: ``atk-<seat>``."""

    target: int

    def __str__(self) -> str:
        return f"atk-{self.target}"


@dataclass(frozen=True, slots=True)
class Pay:
    """How a recruit is paid: ``k`` Charisma cards and the captured City ``cards`` (``pay-<k>``,
    ``pay-<k>-<card>.<card>``)."""

    k: int
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"pay-{self.k}" + ("-" + ".".join(self.cards) if self.cards else "")


@dataclass(frozen=True, slots=True)
class PlayCard:
    """A card of the hand: played in a battle (attack, defence, reinforcement) or discarded: ``card-<card>``."""

    card: str

    def __str__(self) -> str:
        return f"card-{self.card}"


@dataclass(frozen=True, slots=True)
class Yield:
    """No more reinforcement: the battle is given up (``yield``)."""

    def __str__(self) -> str:
        return "yield"


@dataclass(frozen=True, slots=True)
class Place:
    """Where a captured card goes: the City (``city``) or the discard pile (``pile``)."""

    city: bool

    def __str__(self) -> str:
        return "city" if self.city else "pile"


@dataclass(frozen=True, slots=True)
class Keep:
    """No more discarding: the rest of the hand is kept (``done``)."""

    def __str__(self) -> str:
        return "done"


Move = Recruit | Attack | Pay | PlayCard | Yield | Place | Keep


@functools.cache
def parse(action_id: str) -> Move:
    """The move an id names (``IllegalAction`` for an id no PERGAMEMNON action has)."""
    head, _, rest = action_id.partition("-")
    if head == "rec" and rest in data.CARDS:
        return Recruit(rest)
    if head == "card" and rest in data.CARDS:
        return PlayCard(rest)
    if head == "atk" and _number(rest):
        return Attack(int(rest))
    if head == "pay":
        k, _, cards = rest.partition("-")
        sub = tuple(cards.split(".")) if cards else ()
        if _number(k) and all(c in data.CARDS for c in sub):
            return Pay(int(k), sub)
    if action_id in _PLAIN:
        return _PLAIN[action_id]
    raise IllegalAction("error.illegal_action")


_PLAIN: dict[str, Move] = {"yield": Yield(), "city": Place(True), "pile": Place(False), "done": Keep()}


def _number(text: str) -> bool:
    return text.isascii() and text.isdigit()
