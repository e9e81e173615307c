"""The NEANDERTHAL game state (a pydantic model that round-trips through JSON).

Tokens are colour letters: ``"Y"`` a yellow tribesman, ``"Ya"`` the yellow Alpha.  A token in a
player's pool or on a card serves that player (a Refugee is a token of another colour).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core import GameState


class Plain(BaseModel):
    """A model of plain fields (no private attributes, no extras): equal to another of its class when
    their fields are, as pydantic's ``==`` says, without its general checks (a state is compared
    with its copy at every move, see rules.core.cache)."""

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self.__dict__ == other.__dict__
        return BaseModel.__eq__(self, other)


class Wife(Plain):
    card: int
    discs: str = ""  # dedicated discs (bid discs) still on her: inexperienced while non-empty
    husband: str = ""  # token of the Husband ("" unmarried)
    hdisc: str = ""  # O disc under a Husband on his own board (inexperienced)
    assim: str = ""  # M3-B: the Hunter assimilated together with the Husband ("" none)


class Tool(Plain):
    card: int  # a D or I card on the tableau
    disc: str = ""  # its dedicated disc (inexperienced while set)


class Elder(Plain):
    """An Elder of a rank; never changed in place (a change replaces him), so copies of a state share him."""

    model_config = ConfigDict(frozen=True)

    token: str
    disc: str = ""  # dedicated disc under him ("" = experienced)


class Player(Plain):
    species: str  # G / Y / R
    sex_card: int
    sex: str = ""  # prom / harem / pair ("" until chosen)
    tribal: bool = False
    vocab: dict[str, int] = Field(default_factory=dict)  # free discs by colour
    portals: list[str] = Field(default_factory=list)  # "venus-B" ...
    mpi: str = ""
    elders: dict[str, Elder] = Field(default_factory=dict)  # rank -> elder
    pool: list[str] = Field(default_factory=list)  # unassigned tribesmen
    wives: list[Wife] = Field(default_factory=list)  # daughters on this board
    tools: list[Tool] = Field(default_factory=list)  # D and I cards on the tableau
    trophies: list[int] = Field(default_factory=list)
    hand: list[int] = Field(default_factory=list)  # secret
    score: int = 0
    pts: dict[str, int] = Field(default_factory=dict)


# The decision at hand (A1): the sexuality side at setup (and N1's extra portal), the war council,
# phase 1's chaos and blizzard losses, sexuality flips and Refugee hosts, the auction and the colours
# paid (K2: the daughter swapped, the events added; L and M: the daughter bought), allocation (L and
# M: the moves on the matrix), negotiation with its terms, answers and the card handed over, attack
# targets and victims, the order of phase 4's tests and of tied Suitors, the M lots shared out, the
# freed discs, hand discards, the species action, the end.
Phase = Literal[
    "sex", "extra", "council", "lose", "flip", "refugee", "auction", "pay", "k2swap", "k2more", "buy", "alloc",
    "move", "negotiate", "terms", "answer", "handover", "target", "victim", "order4", "order1", "father", "share",
    "release", "discard", "action", "over",
]  # fmt: skip


class NeanderthalState(GameState):
    game: str = "neanderthal"

    __eq__ = Plain.__eq__
    variant: str = "standard"  # standard / k2 / alien (L) / eve (M)
    scenario: str = "standard"  # N: standard / hominids (N1) / giant_wurm (N2)
    reshuffled: bool = False  # N2: the event discards were reshuffled
    level: str = "pt"  # K2 victory level
    seats: list[str] = Field(default_factory=list)  # species of each seat
    foreign: str = ""  # K2: the foreign species
    foreign_left: int = 0  # K2: foreign tribesmen still available
    k2_asked: bool = False  # K2 B: the player was offered 1-3 more event cards
    k2_added: int = 0  # K2 B: event cards he chose to add (-5 VP each, English levels)
    turn: int = 0
    phase: Phase = "sex"
    actor: int = 0
    order: list[int] = Field(default_factory=list)  # player order this turn (A2)
    cur: int = 0
    ps: list[Player]
    north: list[int] = Field(default_factory=list)  # card per slot, 0 = empty
    south: list[int] = Field(default_factory=list)
    ice_n: list[bool] = Field(default_factory=list)  # slot holds a face-down ice barrier
    ice_s: list[bool] = Field(default_factory=list)
    deck_n: list[int] = Field(default_factory=list)
    deck_s: list[int] = Field(default_factory=list)
    event_deck: list[int] = Field(default_factory=list)
    event_aside: list[int] = Field(default_factory=list)
    event_card: int = 0
    queue: list[list] = Field(default_factory=list)  # event icons still to resolve [icon, count]
    removed: list[int] = Field(default_factory=list)  # cards out of the game
    dead: dict[str, int] = Field(default_factory=dict)  # dead pile: tribesmen by colour
    dead_alpha: list[str] = Field(default_factory=list)  # colours whose Alpha is dead
    hunters: dict[str, list[str]] = Field(default_factory=dict)  # "N3" -> tokens (seat-tagged "1:Y")
    suitors: dict[str, list[str]] = Field(default_factory=dict)  # "2-0" (board seat-wife) -> tagged tokens
    bids: dict[str, int] = Field(default_factory=dict)  # auction: seat -> discs bid
    out: list[int] = Field(default_factory=list)  # auction: seats that passed
    losses: dict[str, int] = Field(default_factory=dict)  # chaos: tribesmen lost by seat
    tasks: list[list] = Field(default_factory=list)  # losses still to choose [seat, kind, n]
    after: str = ""  # what follows the losses (chaos: the sexuality flips)
    pending: list[int] = Field(default_factory=list)  # seats still to decide (flip)
    tests: list[list[str]] = Field(default_factory=list)  # phase 4 tests still to roll [kind, key]
    rel_q: list[list] = Field(default_factory=list)  # disc releases waiting [seat, colours]
    neg_idx: int = 0  # F1: the next player offered to negotiate
    proposal: list[str] = Field(default_factory=list)  # [proposer, card, who withdraws]
    answers: list[int] = Field(default_factory=list)  # players still to answer the proposal
    terms: list[str] = Field(default_factory=list)  # F1 its binding trade [other party, kind, args...]
    fights: list[str] = Field(default_factory=list)  # cards still to hold attack tests (F2)
    fight_key: str = ""  # the card fighting now ("N3", "W1-0" for a daughter)
    fight_order: list[str] = Field(default_factory=list)  # attack order of the sides there
    fight_idx: int = 0  # next attacker
    fight_hits: int = 0  # kills of the current attacker still to assign
    fight_target: str = ""  # the side (or "h", the Husband) taking the next kill
    pick: str = ""  # the phase-4 test chosen to resolve next (A4)
    court: list[str] = Field(default_factory=list)  # G1-D: [daughter key, sides the father put first]
    stage: str = ""  # where play resumes after a choice inside phases 1, 4, 5
    to_pay: int = 0  # auction: discs the winner still puts on the daughter
    refugees: int = 0  # refugees still to place
    ref_from: int = -1
    frozen: bool = False
    last: list[str] = Field(default_factory=list)  # highlighted places of the last move
    last_seat: int = -1
    elim: list[str] = Field(default_factory=list)  # cards won or eliminated this turn
    opp: list[str] = Field(default_factory=list)  # slots open to an opportunistic hunt (G7)
    pend: list[list] = Field(default_factory=list)  # G4: big-game kills awaiting their predators
    #                                                      [seat, slot, trophy/hand taken, movers, predator slots]
    portals_then: dict[str, list[str]] = Field(default_factory=dict)  # I2-A: portals at the turn's start
    used: list[str] = Field(default_factory=list)  # once-per-turn skills used ("seat:skill")
    # L and M: the 4x5 matrix (L1), slots "M0".."M19"; the Hunters stay on it (L6-E)
    grid: list[int] = Field(default_factory=list)  # card per cell, 0 = empty (a trophy's gap)
    shown: list[bool] = Field(default_factory=list)  # revealed (else undiscovered, face down)
    gice: list[bool] = Field(default_factory=list)  # an ice barrier (L3-A)
    marks: list[str] = Field(default_factory=list)  # L6-A: "O" an artifact, "B" none, "" unexplored
    homes: list[int] = Field(default_factory=list)  # each seat's home biome (L1-A)
    goal: int = 0  # L1-C: artifacts to activate in one turn
    o_start: list[int] = Field(default_factory=list)  # L6-B: cells with an artifact at the turn's start
    o_hits: list[int] = Field(default_factory=list)  # ... hunted successfully this turn
    signal: bool = False  # L6-B: the artifacts are activated (the game ends, won)
    moved: dict[str, int] = Field(default_factory=dict)  # L5: "seat:cell" (":a" the Alpha) arrived this turn
    camp: dict[str, list[str]] = Field(default_factory=dict)  # phase 4: Hunters done with their test
    sharing: list[int] = Field(default_factory=list)  # M3-A: the participants of the combined test now
    sharing_at: str = ""  # ... and its card
    share: list[list] = Field(default_factory=list)  # M3-A/B: lots to share out
    #                                                      [leader, kind (b/d/t/h/as), value, participants, cell]
