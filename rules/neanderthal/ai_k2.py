"""The NEANDERTHAL policy for the K2 solitaire, played towards its victory (K2 G: more than 50
points, tribal, more than 4 trophies, every daughter married)."""

from __future__ import annotations

from collections.abc import Callable

from . import data, phases, scoring
from .ai_odds import RANK_PREF, at_least, kind_chance
from .board import dedicated
from .moves import Hunter, K2Swap, MoreEvents, Neolexia, Promote, Side, parse
from .state import NeanderthalState

# -- K2: the solitaire's victory (rulebook K2 G) ------------------------------------------------
# the victory conditions of the Portuguese K2 level (scoring.k2_won) the policy and the strong
# search's shaped reward walk towards
K2_SCORE, K2_TROPHIES = 51, 5

# Designed weights of the K2 policy, measured with ``python -m bench ai neanderthal --players 1``:
# what a trophy (towards more than 4), a Baby, a tribesman's life, a freed disc (the Firestarter's
# most: experienced, he saves every Hunter from freezing and promotes for free), a hand card are
# worth; a big game near a predator keeps this share of its worth (piracy); the sexuality sides in
# order of preference (Promiscuous: 2 points an unassigned tribesman, 3 a trophy, and the foreign
# Suitors marry the daughters anyway); the event cards added at the end (the Portuguese K2 takes no
# points for them: more turns, more trophies).
K2W = {"troph": 8.0, "baby": 1.3, "life": 1.2, "disc": 0.6, "fire": 3.0, "hand": 1.5, "pred": 0.55}
K2_SEX = ("prom", "harem", "pair")
K2_MORE = 3


HuntValue = Callable[[int, bool, int], float]


def _k2_hunts(state: NeanderthalState, seat: int) -> Callable[[str], HuntValue]:
    """The expected worth (K2) of Hunters on a slot, as a function of ``n`` tribesmen, the Alpha if
    ``alpha`` and ``free`` Refugees (whose death costs nothing): Babies, freed discs, a trophy or hand
    card, less the Hunters that ferocity and freezing may kill.  What the player and each slot give
    is read once for every number of Hunters weighed (in one decision)."""
    p = state.tribes[seat]
    vp = data.VP[p.sex or "pair"]
    converts = {data.side_of(t.card)[0] for t in p.tools if not t.disc and data.hand_of(t.card)[0] == "I"}
    immune = phases.exp_elder(p, 6) or phases.has_skill(state, seat, "housewife")
    last = not state.event_deck and state.k2_asked  # the last turn: no Baby will hunt again
    dead = state.dead.get(p.species, 0)
    owed_all = [c for _, c in dedicated(p)]
    fire = "6" in p.elders and p.elders["6"].disc == "B"
    short = scoring.trophies(p) < K2_TROPHIES
    worth = (K2W["troph"] if short else 0) + vp["trophy"]
    hand_card = p.tribal and any(not e.disc for e in p.elders.values())
    life = vp["pool"] + (0 if last else K2W["life"] - 1)
    slots: dict[str, HuntValue] = {}

    def on_slot(slot: str) -> HuntValue:
        if slot in slots:
            return slots[slot]
        b = data.BIOMES[phases.slot_card(state, slot)]
        alpha_power = phases.alpha_power(p, b.kind)
        p_hit = ((2 if b.star else 1) + (1 if b.kind in converts else 0)) / 6
        p_die = len(set(b.fer) | (set() if immune else set(b.frz))) / 6
        gain = min(b.babies, dead) * (vp["pool"] if last else K2W["baby"])
        owed = list(owed_all)
        for c in b.discs:
            if c in owed:
                owed.remove(c)
                gain += K2W["fire"] if fire and c == "B" else K2W["disc"]
        hand = bool(not b.troph and b.hand and hand_card)
        pred = b.kind == "BIG" and bool(phases.nearest_predators(state, slot))

        def value_of(n: int, alpha: bool, free: int) -> float:
            if n <= 0 and not alpha and not free:
                return 0.0
            powered = alpha and alpha_power
            mortal = n + (1 if alpha and not powered else 0)
            rolled = mortal + free
            value = at_least(rolled, p_hit, b.hits - (1 if powered else 0)) * gain
            dice = rolled + (1 if powered else 0)
            if b.troph:
                value += kind_chance(dice, b.troph[1]) * worth * b.troph[0] / (1 if short else 2)
            elif hand and b.hand:
                value += kind_chance(dice, b.hand[1]) * K2W["hand"]
            if pred:
                value *= K2W["pred"]
            return value - mortal * p_die * life

        slots[slot] = value_of
        return value_of

    return on_slot


def k2_action(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """K2 decisions that differ from the table games' (empty: the common policy's choice)."""
    ph = state.phase
    if ph == "sex":
        return next((side for s in K2_SEX if (side := str(Side(s))) in ids), "")
    if ph == "k2more":
        return str(MoreEvents(min(K2_MORE, len(ids) - 1)))
    if ph == "action" and str(Neolexia("e6")) in ids:  # the Firestarter's experience first
        return str(Neolexia("e6"))
    if ph == "alloc":
        return _k2_alloc(state, seat, ids)
    if ph == "k2swap":
        return _k2_swap(state, ids)
    return ""


def _portals_within_reach(p, cards: list[int]) -> int:
    """How many portals a vocal player can reach: those placed and those his daughters offer."""
    reach = set(p.portals)
    for card in cards:
        reach |= {f"{space}-{colour}" for space, colour in data.DAUGHTERS[card].portals}
    return len(reach)


def _k2_swap(state: NeanderthalState, ids: list[str]) -> str:
    """K2 D at the limit of daughters: the new daughter replaces an unmarried one only when she opens
    a portal the player cannot otherwise reach on the way to tribal."""
    p = state.tribes[0]
    cards = [w.card for w in p.wives]
    now = _portals_within_reach(p, cards)
    if p.tribal or now >= data.CONVERT_AT[1]:
        return "keep"
    best, most = "keep", now
    for a in ids:
        if isinstance(swap := parse(a), K2Swap):
            i = swap.wife
            n = _portals_within_reach(p, cards[:i] + cards[i + 1 :] + [state.event_card])
            if n > most:
                best, most = a, n
    return best


def _k2_alloc(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """K2 allocation: a Chief once tribal (immune to chaos), then each Hunter where he adds most worth
    (a few together where two or more of a kind win a trophy), Refugees where their dice help most,
    then free promotions; no Suitors (the foreign ones marry the daughters without a fight)."""
    p = state.tribes[seat]
    chief = str(Promote(False, 1))
    if p.tribal and chief in ids and len(p.pool) > K2_KEEP:
        return chief
    if "swap" in ids:
        return "swap"
    me, alpha = f"{seat}:{p.species}", f"{seat}:{p.species}a"
    on = {
        sl: (toks.count(me), alpha in toks, sum(1 for t in toks if t.startswith(f"{seat}:") and t not in (me, alpha)))
        for sl, toks in state.hunters.items()
    }
    plain = p.pool.count(p.species)
    hunt = _k2_hunts(state, seat)
    hunters = [(a, h) for a in ids if isinstance(h := parse(a), Hunter)]
    best, best_gain = "", 0.0
    for a, h in hunters:
        if h.kind == "hr":
            continue
        n, al, free = on.get(h.slot, (0, False, 0))
        value = hunt(h.slot)
        now = value(n, al, free)
        if h.kind == "ha":
            gain = value(n, True, free) - now + 0.5
        else:  # a few tribesmen together may be worth more than one (two of a kind for a trophy)
            gain = max((value(n + m, al, free) - now) / m for m in range(1, plain + 1))
        if gain > best_gain:
            best, best_gain = a, gain
    if best:
        return best
    # Refugees last, each where his die adds most (he dies for nobody of the player's colour)
    refs = [(a, h.slot) for a, h in hunters if h.kind == "hr"]
    if refs:
        a, _ = max(refs, key=lambda r: (hunt(r[1])(*on[r[1]][:2], on[r[1]][2] + 1) - hunt(r[1])(*on[r[1]]), r[0]))
        return a
    if phases.exp_elder(p, 6) and len(p.pool) > K2_KEEP:
        return next((e for r in RANK_PREF if (e := str(Promote(False, r))) in ids), "done")
    return "done"


K2_KEEP = 3  # designed: tribesmen kept unassigned before a promotion (the hunts to come)
