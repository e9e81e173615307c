"""The PERGAMEMNON game state (a pydantic model that round-trips through JSON)."""

from __future__ import annotations

from typing import Literal, NamedTuple

from pydantic import Field

from rules.core import GameState, StoredModel

from . import data


class Nation(StoredModel):
    """A player's nation: its Army cards, wherever they are, and its City."""

    nation: str  # which: data.NATIONS
    hand: list[str] = Field(default_factory=list)  # secret
    deck: list[str] = Field(default_factory=list)  # face down, top = last
    discard: list[str] = Field(default_factory=list)  # face up
    charisma: int = Field(0, alias="cha")  # Charisma cards under the City
    city: list[str] = Field(default_factory=list)  # captured cards kept for their charisma
    secured: list[str] = Field(default_factory=list)  # Secured-points cards under the City
    active: bool = True  # the Nation card's side
    fallen: bool = False  # leader captured: City card flipped

    def hand_size(self) -> int:
        return data.PERSIAN_HAND if self.nation == "per" and not self.fallen else data.HAND

    def available(self) -> int:
        return len(self.hand) + len(self.deck) + len(self.discard)


class Battle(StoredModel):
    attacker: int = Field(alias="att")
    defender: int = Field(alias="dfn")
    weapon: str = ""  # declared by the attacker
    attacker_cards: list[str] = Field(default_factory=list, alias="att_cards")
    defender_cards: list[str] = Field(default_factory=list, alias="dfn_cards")
    aggressor: int = Field(-1, alias="agg")  # the seat whose last card attacks now
    defending_cards: list[str] = Field(default_factory=list, alias="stack")  # the cards defending against it
    fresh: bool = True  # the defending cards hold one played for this defence
    revealed: bool = False  # both first cards are face up


# A player's turn (recruit or attack), paying a recruit, a battle's steps (the attacker's card, the
# defence, the reinforcements, the captured cards placed, the discards), the end.
Phase = Literal["turn", "pay", "attack", "defend", "reinforce", "place", "discard", "over"]
# The last battle's result: none fought yet, the attacker won, the defender won, a tie.
BattleResult = Literal["", "att", "dfn", "tie"]


class BattleSides(NamedTuple):
    """Who fought the last battle, and how many of its cards (the first ones) were the attacker's."""

    attacker: int
    defender: int
    attacker_cards: int


class PergState(GameState):
    game: str = "pergamemnon"
    nations: list[Nation] = Field(alias="ps")  # each seat's nation: its cards and City
    row: list[str]  # face-up creatures
    creature_deck: list[str] = Field(alias="cdeck")
    supply: int  # unused Charisma cards
    box: list[str] = Field(default_factory=list)  # removed from the game (seen)
    hidden_out: int = 0  # creatures removed unseen at setup
    turn: int = 0  # the player on turn
    phase: Phase = "turn"
    actor: int = 0
    battle: Battle | None = None
    result: BattleResult = ""
    winner: int = -1
    loser: int = -1
    buying: str = ""  # the creature being paid for
    pending: list[str] = Field(default_factory=list)  # captured cards the winner still places
    end_reason: str = ""
    highlight_seat: int = Field(-1, alias="hl_seat")  # the last move, for the picture: whose
    highlight: list[str] = Field(default_factory=list, alias="hl")  # and its cards
    last_battle_cards: list[str] = Field(default_factory=list, alias="last")  # for the picture
    # written only once set, so that a state stored before it was kept is written back the same
    last_battle_sides: BattleSides | None = Field(None, alias="last_sides", exclude_if=lambda v: v is None)

    def nation_cards(self) -> bool:
        """rulebook: «excepto para 2 jogadores, onde as Cartas de Nação já não são mais necessárias»"""
        return self.players > 2
