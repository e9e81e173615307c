"""Hand-built PERGAMEMNON states and fixture cards with explicit values."""

from __future__ import annotations

from rules.core import Rng
from rules.pergamemnon import ENGINE, data
from rules.pergamemnon.state import PergState, Player


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


def make(nations, hands, *, decks=None, cha=None, row=None, cdeck=None, turn=0, supply=None) -> PergState:
    """A state at the start of ``turn``'s turn; decks default to the nation's other Army cards."""
    ps = []
    for i, nation in enumerate(nations):
        hand = list(hands[i])
        deck = list(decks[i]) if decks is not None else [c for c in data.ARMY[nation] if c not in hand]
        ps.append(Player(nation=nation, hand=hand, deck=deck, cha=(cha[i] if cha else 1)))
    n = len(nations)
    if row is None:
        row = data.CREATURES[: 2 * n]
    if cdeck is None:
        cdeck = data.CREATURES[2 * n : 4 * n]
    if supply is None:
        supply = data.CHARISMA_CARDS - sum(p.cha for p in ps)
    return PergState(
        game="pergamemnon",
        players=n,
        seed=0,
        rng=Rng(seed=0),
        ps=ps,
        row=list(row),
        cdeck=list(cdeck),
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
    out = [*state.row, *state.cdeck, *state.box, *state.pending]
    for p in state.ps:
        out += [*p.hand, *p.deck, *p.discard, *p.city, *p.secured]
    b = state.battle
    if b is not None and state.phase in ("attack", "defend", "reinforce"):
        out += [*b.att_cards, *b.dfn_cards]
    return out
