"""The NEANDERTHAL game state (a pydantic model that round-trips through JSON).

Tokens are colour letters: ``"Y"`` a yellow tribesman, ``"Ya"`` the yellow Alpha.  A token in a
player's pool or on a card serves that player (a Refugee is a token of another colour).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from rules.core import GameState, StoredModel


class Plain(StoredModel):
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
    husband_disc: str = Field("", alias="hdisc")  # O disc under a Husband on his own board (inexperienced)
    assimilated: str = Field("", alias="assim")  # M3-B: the Hunter assimilated with the Husband ("" none)


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
    parental_discs: str = Field("", alias="mpi")  # the MPI discs (male parental involvement) of his sexuality
    elders: dict[str, Elder] = Field(default_factory=dict)  # rank -> elder
    pool: list[str] = Field(default_factory=list)  # unassigned tribesmen
    wives: list[Wife] = Field(default_factory=list)  # daughters on this board
    tools: list[Tool] = Field(default_factory=list)  # D and I cards on the tableau
    trophies: list[int] = Field(default_factory=list)
    hand: list[int] = Field(default_factory=list)  # secret
    score: int = 0
    points: dict[str, int] = Field(default_factory=dict, alias="pts")  # the final score by category


# Records of what waits to be resolved, in order: each is stored as the JSON array it was before its
# fields had names ([icon, times], [seat, kind, tribesmen], ...).
class EventIcon(NamedTuple):
    """An icon of the turn's event card still to resolve (D), and how many times it shows."""

    icon: str  # cool, warm, chaos, bliz, ref ...
    times: int


class LossToChoose(NamedTuple):
    """Losses ``seat`` still chooses: ``tribesmen`` of ``kind`` (pool: any tribesman, elder: an Elder,
    dep: a dependent)."""

    seat: int
    kind: str
    tribesmen: int


class PendingTest(NamedTuple):
    """A phase-4 test still to roll (A4): a courtship ("c", ``key`` the daughter "board-wife") or a hunt
    ("h", ``key`` the slot), in A4's step ``step`` ("0" uncontested, "1" contested, "2" a predator)."""

    kind: str
    key: str
    step: str


class DiscsToFree(NamedTuple):
    """Dedicated discs of ``seat`` to free, one colour after the other (G3, H1)."""

    seat: int
    colours: str


class BigGameKill(NamedTuple):
    """G4: a big game ``seat`` killed on ``slot``, whose surviving Hunters (``movers``) went on to the nearest
    predators (``predator_slots``); what they took (``taken``: "troph", "hand" or "") waits on those tests."""

    seat: int
    slot: str
    taken: str
    movers: list[str]
    predator_slots: list[str]


class Lot(NamedTuple):
    """M3-A/B: a gain of a combined test on ``cell`` waiting for the receiver ``leader`` chooses among the
    ``participants``: babies ("b", their number), a disc ("d", its colour), a trophy or hand card ("t", "h",
    the card) or an assimilation ("as", no value)."""

    leader: int
    kind: str
    value: int | str
    participants: list[int]
    cell: str


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
    order_position: int = Field(0, alias="cur")  # the actor's place in ``order``
    tribes: list[Player] = Field(alias="ps")  # each seat's tribe, board and hand
    north: list[int] = Field(default_factory=list)  # card per slot, 0 = empty
    south: list[int] = Field(default_factory=list)
    ice_north: list[bool] = Field(default_factory=list, alias="ice_n")  # slot holds a face-down ice barrier
    ice_south: list[bool] = Field(default_factory=list, alias="ice_s")
    deck_north: list[int] = Field(default_factory=list, alias="deck_n")
    deck_south: list[int] = Field(default_factory=list, alias="deck_s")
    event_deck: list[int] = Field(default_factory=list)
    event_aside: list[int] = Field(default_factory=list)
    event_card: int = 0
    icons_to_resolve: list[EventIcon] = Field(default_factory=list, alias="queue")
    removed: list[int] = Field(default_factory=list)  # cards out of the game
    dead: dict[str, int] = Field(default_factory=dict)  # dead pile: tribesmen by colour
    dead_alpha: list[str] = Field(default_factory=list)  # colours whose Alpha is dead
    hunters: dict[str, list[str]] = Field(default_factory=dict)  # "N3" -> tokens (seat-tagged "1:Y")
    suitors: dict[str, list[str]] = Field(default_factory=dict)  # "2-0" (board seat-wife) -> tagged tokens
    bids: dict[str, int] = Field(default_factory=dict)  # auction: seat -> discs bid
    passed: list[int] = Field(default_factory=list, alias="out")  # auction: seats that passed
    losses: dict[str, int] = Field(default_factory=dict)  # chaos: tribesmen lost by seat
    losses_to_choose: list[LossToChoose] = Field(default_factory=list, alias="tasks")
    after: str = ""  # what follows the losses (chaos: the sexuality flips)
    pending: list[int] = Field(default_factory=list)  # seats still to decide (flip)
    tests_to_roll: list[PendingTest] = Field(default_factory=list, alias="tests")
    releases: list[DiscsToFree] = Field(default_factory=list, alias="rel_q")
    next_negotiator: int = Field(0, alias="neg_idx")  # F1: the next player offered to negotiate
    proposal: list[str] = Field(default_factory=list)  # [proposer, card, who withdraws]
    answers: list[int] = Field(default_factory=list)  # players still to answer the proposal
    terms: list[str] = Field(default_factory=list)  # F1 its binding trade [other party, kind, args...]
    fights: list[str] = Field(default_factory=list)  # cards still to hold attack tests (F2)
    fight_key: str = ""  # the card fighting now ("N3", "W1-0" for a daughter)
    fight_order: list[str] = Field(default_factory=list)  # attack order of the sides there
    next_attacker: int = Field(0, alias="fight_idx")  # in fight_order
    fight_hits: int = 0  # kills of the current attacker still to assign
    fight_target: str = ""  # the side (or "h", the Husband) taking the next kill
    test_picked: str = Field("", alias="pick")  # the phase-4 test chosen to resolve next (A4)
    court: list[str] = Field(default_factory=list)  # G1-D: [daughter key, sides the father put first]
    stage: str = ""  # where play resumes after a choice inside phases 1, 4, 5
    to_pay: int = 0  # auction: discs the winner still puts on the daughter
    refugees: int = 0  # refugees still to place
    refugees_from: int = Field(-1, alias="ref_from")  # the tribe whose refugees are placed: it lost the most
    frozen: bool = False
    last: list[str] = Field(default_factory=list)  # highlighted places of the last move
    last_seat: int = -1
    eliminated: list[str] = Field(default_factory=list, alias="elim")  # cards won or eliminated this turn
    opportunistic_slots: list[str] = Field(default_factory=list, alias="opp")  # open to an opportunistic hunt (G7)
    kills_awaiting_predators: list[BigGameKill] = Field(default_factory=list, alias="pend")
    portals_then: dict[str, list[str]] = Field(default_factory=dict)  # I2-A: portals at the turn's start
    used: list[str] = Field(default_factory=list)  # once-per-turn skills used ("seat:skill")
    # L and M: the 4x5 matrix (L1), slots "M0".."M19"; the Hunters stay on it (L6-E)
    grid: list[int] = Field(default_factory=list)  # card per cell, 0 = empty (a trophy's gap)
    shown: list[bool] = Field(default_factory=list)  # revealed (else undiscovered, face down)
    grid_ice: list[bool] = Field(default_factory=list, alias="gice")  # an ice barrier (L3-A)
    marks: list[str] = Field(default_factory=list)  # L6-A: "O" an artifact, "B" none, "" unexplored
    homes: list[int] = Field(default_factory=list)  # each seat's home biome (L1-A)
    goal: int = 0  # L1-C: artifacts to activate in one turn
    artifacts_at_start: list[int] = Field(default_factory=list, alias="o_start")  # L6-B: cells with one then
    artifacts_hunted: list[int] = Field(default_factory=list, alias="o_hits")  # ... hunted successfully this turn
    signal: bool = False  # L6-B: the artifacts are activated (the game ends, won)
    moved: dict[str, int] = Field(default_factory=dict)  # L5: "seat:cell" (":a" the Alpha) arrived this turn
    camp: dict[str, list[str]] = Field(default_factory=dict)  # phase 4: Hunters done with their test
    sharing: list[int] = Field(default_factory=list)  # M3-A: the participants of the combined test now
    sharing_at: str = ""  # ... and its card
    lots_to_share: list[Lot] = Field(default_factory=list, alias="share")
