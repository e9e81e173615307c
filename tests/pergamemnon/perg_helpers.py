"""Hand-built PERGAMEMNON states and fixture cards with explicit values."""

from __future__ import annotations

from rules.core import Rng
from rules.pergamemnon import ENGINE, data
from rules.pergamemnon.state import Nation, PergState


def fixture(
    monkeypatch,
    cid: str,
    weapon: str,
    atk: int,
    helm: int = 0,
    armour: int = 0,
    shield: int = 0,
    cha: int = 0,
    pts: int = 0,
    flee: bool = False,
    secured: bool = False,
    cost: int = 0,
) -> str:
    """A test card with explicit values (ids starting with M are creatures)."""
    monkeypatch.setitem(
        data.CARDS, cid, data.Card(cid, weapon, atk, helm, armour, shield, cha, pts, flee, secured, cost)
    )
    return cid


def make(nations, hands, *, decks=None, charisma=None, row=None, creature_deck=None, turn=0, supply=None) -> PergState:
    """A state at the start of ``turn``'s turn; decks default to the nation's other Army cards."""
    players = []
    for i, nation in enumerate(nations):
        hand = list(hands[i])
        deck = list(decks[i]) if decks is not None else [c for c in data.ARMY[nation] if c not in hand]
        players.append(Nation(nation=nation, hand=hand, deck=deck, charisma=(charisma[i] if charisma else 1)))
    n = len(nations)
    if row is None:
        row = data.CREATURES[: 2 * n]
    if creature_deck is None:
        creature_deck = data.CREATURES[2 * n : 4 * n]
    if supply is None:
        supply = data.CHARISMA_CARDS - sum(p.charisma for p in players)
    return PergState(
        game="pergamemnon",
        players=n,
        seed=0,
        rng=Rng(seed=0),
        nations=players,
        row=list(row),
        creature_deck=list(creature_deck),
        supply=supply,
        turn=turn,
        actor=turn,
    )


def act(state: PergState, *moves: str) -> PergState:
    """Plays moves, each by the seat that must act."""
    for m in moves:
        state = ENGINE.apply(state, ENGINE.to_act(state)[0], m)
    return state


def ids(state: PergState, seat: int | None = None) -> list[str]:
    seat = ENGINE.to_act(state)[0] if seat is None else seat
    return [a.id for a in ENGINE.legal_actions(state, seat)]


def all_cards(state: PergState) -> list[str]:
    out = [*state.row, *state.creature_deck, *state.box, *state.pending]
    for p in state.nations:
        out += [*p.hand, *p.deck, *p.discard, *p.city, *p.secured]
    b = state.battle
    if b is not None and state.phase in ("attack", "defend", "reinforce"):
        out += [*b.attacker_cards, *b.defender_cards]
    return out
