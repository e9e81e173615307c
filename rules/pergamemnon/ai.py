"""A simple, deterministic PERGAMEMNON player: public card lists only, never another seat's hand."""

from __future__ import annotations

from functools import cache

from . import battle as B
from . import data as D
from .flow import attack_value, defence_value
from .state import PergState
from .turn import affordable, legal


@cache
def nation_defence(nation: str, weapon: str) -> float:
    """The average defence of a nation's Army cards against a weapon (public knowledge)."""
    cards = [D.CARDS[c] for c in D.ARMY[nation]]
    return sum(c.defence(weapon) for c in cards) / len(cards)


def _risk(cid: str) -> float:
    c = D.CARDS[cid]
    return (3.0 if cid in D.LEADERS else 0.0) + 0.4 * c.pts


def _attack_edge(state: PergState, seat: int, target: int, cid: str) -> float:
    c = D.CARDS[cid]
    return attack_value(state, seat, cid) - nation_defence(state.ps[target].nation, c.weapon) - 0.3 * _risk(cid)


def ai_action(state: PergState, seat: int) -> str:
    ids = [a.id for a in legal(state, seat)]
    p = state.ps[seat]
    ph = state.phase
    if ph == "turn":
        recs = affordable(state, seat)
        tgts = [int(i[4:]) for i in ids if i.startswith("atk-")]
        edges = {t: max(_attack_edge(state, seat, t, c) for c in p.hand) for t in tgts}
        best_t = max(tgts, key=lambda t: (edges[t], -t)) if tgts else None
        if recs:
            r = max(recs, key=lambda c: (D.CARDS[c].pts, D.CARDS[c].cost, c))
            if D.CARDS[r].pts >= 2 or best_t is None or edges[best_t] < 1.5:
                return f"rec-{r}"
        return f"atk-{best_t}"
    if ph == "attack":
        t = state.battle.dfn
        return "card-" + max(p.hand, key=lambda c: (_attack_edge(state, seat, t, c), c))
    if ph == "defend":
        w = state.battle.weapon
        return "card-" + max(p.hand, key=lambda c: (2 * defence_value(state, seat, c, w) + 0.5 * D.CARDS[c].atk
                                                   - _risk(c), c))
    if ph == "reinforce":
        w, atk = B.incoming(state)
        need = atk - B.defence_total(state)
        good = [c for c in p.hand if defence_value(state, seat, c, w) >= need]
        if not good:
            return "yield"
        return "card-" + min(good, key=lambda c: (_risk(c) - 0.2 * D.CARDS[c].atk, c))
    if ph == "pay":
        return ids[0]                    # the cheapest way first
    if ph == "place":
        cid = state.pending[0]
        return "pile" if D.CARDS[cid].pts > 0 or D.is_creature(cid) else "city"
    if ph == "discard":
        return "done"
    return ids[0]
