"""The PERGAMEMNON AI.  Its greedy policy (``normal``) reads public card lists only, never another
seat's hand.  ``strong`` searches with it (rules.core.search) in worlds where the other players'
hands and every deck (its own too), the creature deck and the attacker's face-down card are drawn
again."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from rules.core import Rng
from rules.core.search import SearchHooks
from rules.core.search import choose as search_choose

from . import battle, data
from .flow import attack_value, defence_value
from .moves import Attack, Keep, Place, PlayCard, Recruit, Yield, parse
from .state import PergState
from .turn import affordable, legal

if TYPE_CHECKING:
    from rules.core import Engine

# designed: actions a second of thinking lets the strong AI's simulations apply (about what one core
# of the 2-core reference machine plays in 0.8 s, measured in CPU time)
STEPS_PER_SECOND = 8900

# designed: how much the AI fears losing its leader (the City flips; Persia then loses every beaten card)
LEADER_RISK = 8.0


@cache
def nation_defence(nation: str, weapon: str) -> float:
    """The average defence of a nation's Army cards against a weapon (public knowledge)."""
    cards = [data.CARDS[c] for c in data.ARMY[nation]]
    return sum(c.defence(weapon) for c in cards) / len(cards)


def _risk(cid: str) -> float:
    c = data.CARDS[cid]
    return (LEADER_RISK if cid in data.LEADERS else 0.0) + 0.4 * c.points


def _attack_edge(state: PergState, seat: int, target: int, cid: str) -> float:
    c = data.CARDS[cid]
    return attack_value(state, seat, cid) - nation_defence(state.nations[target].nation, c.weapon) - 0.3 * _risk(cid)


@cache
def _play(cid: str) -> str:
    """The id of a card of the hand played."""
    return str(PlayCard(cid))


def ai_action(state: PergState, seat: int) -> str:
    ids = [a.id for a in legal(state, seat)]
    p = state.nations[seat]
    ph = state.phase
    if ph == "turn":
        recs = affordable(state, seat)
        tgts = [m.target for m in map(parse, ids) if isinstance(m, Attack)]
        edges = {t: max(_attack_edge(state, seat, t, c) for c in p.hand) for t in tgts}
        best_t = max(tgts, key=lambda t: (edges[t], -t)) if tgts else None
        if recs:
            r = max(recs, key=lambda c: (data.CARDS[c].points, data.CARDS[c].cost, c))
            if data.CARDS[r].points >= 2 or best_t is None or edges[best_t] < 1.5:
                return str(Recruit(r))
        assert best_t is not None, "no recruit and no attack: the turn offers no choice"
        return str(Attack(best_t))
    if ph == "attack":
        t = battle.current(state).defender
        return _play(max(p.hand, key=lambda c: (_attack_edge(state, seat, t, c), c)))
    if ph == "defend":
        w = battle.current(state).weapon
        return _play(
            max(p.hand, key=lambda c: (2 * defence_value(state, seat, c, w) + 0.5 * data.CARDS[c].attack - _risk(c), c))
        )
    if ph == "reinforce":
        w, atk = battle.incoming(state)
        need = atk - battle.defence_total(state)
        # the leader never reinforces: a lost battle would take it, and the City with it
        good = [
            c
            for c in p.hand
            if defence_value(state, seat, c, w) >= need and not (c == data.LEADER[p.nation] and not p.fallen)
        ]
        if not good:
            return str(Yield())
        return _play(min(good, key=lambda c: (_risk(c) - 0.2 * data.CARDS[c].attack, c)))
    if ph == "pay":
        return ids[0]  # the cheapest way first
    if ph == "place":
        cid = state.pending[0]
        return str(Place(city=not (data.CARDS[cid].points > 0 or data.is_creature(cid))))
    if ph == "discard":
        return str(Keep())
    return ids[0]


def determinize(state: PergState, seat: int, rng: Rng) -> PergState:
    """A copy where what ``seat`` cannot see is drawn again from what its view allows."""
    world = state.model_copy(deep=True)
    world.rng = Rng(seed=rng.next64())
    if state.phase == "over":
        return world
    b = world.battle
    # the battle whose attacker's card is face down to ``seat``
    hidden = b if b is not None and not b.revealed and b.attacker != seat and b.attacker_cards else None
    # creatures nobody has seen: the creature deck and those counted out unseen at set-up
    seen = set(world.row) | set(world.box) | set(world.pending)
    for p in world.nations:
        seen.update(p.hand, p.deck, p.discard, p.city, p.secured)
    if b is not None:
        seen.update(b.attacker_cards, b.defender_cards, b.defending_cards)
    unseen = sorted(c for c in data.CREATURES if c not in seen)
    rng.shuffle(unseen)
    world.creature_deck = unseen[: len(world.creature_deck)]
    for i, p in enumerate(world.nations):
        if i == seat:
            p.deck = rng.shuffled(sorted(p.deck))
            continue
        pool = sorted(
            p.hand + p.deck + ([hidden.attacker_cards[0]] if hidden is not None and hidden.attacker == i else [])
        )
        rng.shuffle(pool)
        if hidden is not None and hidden.attacker == i:
            hidden.attacker_cards[0] = pool.pop()
        p.hand = pool[: len(p.hand)]
        p.deck = pool[len(p.hand) :]
    return world


def choose(engine: Engine, state: PergState, seat: int, level: str, budget: float | None = None) -> str:
    return search_choose(engine, state, seat, level, HOOKS, budget)


HOOKS = SearchHooks(determinize=determinize, policy=ai_action, steps_per_second=STEPS_PER_SECOND, score_scale=5.0)
