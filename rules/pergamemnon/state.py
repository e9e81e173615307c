"""The PERGAMEMNON game state (a pydantic model that round-trips through JSON)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core import GameState

from . import data


class Player(BaseModel):
    nation: str
    hand: list[str] = Field(default_factory=list)  # secret
    deck: list[str] = Field(default_factory=list)  # face down, top = last
    discard: list[str] = Field(default_factory=list)  # face up
    cha: int = 0  # Charisma cards under the City
    city: list[str] = Field(default_factory=list)  # captured cards kept for their charisma
    secured: list[str] = Field(default_factory=list)  # Secured-points cards under the City
    active: bool = True  # the Nation card's side
    fallen: bool = False  # leader captured: City card flipped

    def hand_size(self) -> int:
        return data.PERSIAN_HAND if self.nation == "per" and not self.fallen else data.HAND

    def available(self) -> int:
        return len(self.hand) + len(self.deck) + len(self.discard)


class Battle(BaseModel):
    att: int
    dfn: int
    weapon: str = ""  # declared by the attacker
    att_cards: list[str] = Field(default_factory=list)
    dfn_cards: list[str] = Field(default_factory=list)
    agg: int = -1  # seat whose last card attacks now
    stack: list[str] = Field(default_factory=list)  # cards defending against it
    fresh: bool = True  # the stack holds a card played for this defence
    revealed: bool = False  # both first cards are face up


# A player's turn (recruit or attack), paying a recruit, a battle's steps (the attacker's card, the
# defence, the reinforcements, the captured cards placed, the discards), the end.
Phase = Literal["turn", "pay", "attack", "defend", "reinforce", "place", "discard", "over"]


class PergState(GameState):
    game: str = "pergamemnon"
    ps: list[Player]
    row: list[str]  # face-up creatures
    cdeck: list[str]  # creature deck
    supply: int  # unused Charisma cards
    box: list[str] = Field(default_factory=list)  # removed from the game (seen)
    hidden_out: int = 0  # creatures removed unseen at setup
    turn: int = 0  # the player on turn
    phase: Phase = "turn"
    actor: int = 0
    battle: Battle | None = None
    result: str = ""  # last battle: att / dfn / tie
    winner: int = -1
    loser: int = -1
    buying: str = ""  # the creature being paid for
    pending: list[str] = Field(default_factory=list)  # captured cards the winner still places
    end_reason: str = ""
    hl_seat: int = -1
    hl: list[str] = Field(default_factory=list)  # cards of the last move
    last: list[str] = Field(default_factory=list)  # the last battle's cards, for the picture
    # the last battle's attacker, defender and how many of ``last`` the attacker played (written only once
    # set, so that a state stored before it was kept is written back the same)
    last_sides: list[int] = Field(default_factory=list, exclude_if=lambda v: not v)

    def nation_cards(self) -> bool:
        """rulebook: «excepto para 2 jogadores, onde as Cartas de Nação já não são mais necessárias»"""
        return self.players > 2
