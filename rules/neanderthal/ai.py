"""A deterministic, greedy NEANDERTHAL player."""

from __future__ import annotations

from . import data as D
from . import phases as P
from .state import NeanderthalState

SEX_PREF = ("prom", "harem", "pair")
RANK_PREF = (6, 1, 3, 5, 4, 2)


def _value(state: NeanderthalState, seat: int, slot: str) -> float:
    b = D.BIOMES[P.slot_card(state, slot)]
    p = state.ps[seat]
    troph = 4.0 if state.variant == "k2" else 2.0
    v = b.babies * 1.2 + len(b.discs) * 1.0 + (troph if b.troph else 0) + (1.5 if b.hand and p.tribal else 0)
    chance = (2 if b.star else 1) / 6
    kill = (len(b.fer) + (0 if P.exp_elder(p, 6) else len(b.frz))) / 6
    v = v * min(1.0, chance * (b.hits + 1) * 1.6) - kill * 2.5
    if b.pred:
        v -= 1.5
    if b.kind == "BIG" and P.nearest_predators(state, slot):
        v -= 1.0
    others = [t for t in state.hunters.get(slot, []) if not t.startswith(f"{seat}:")]
    return v - 3 * len(others)


def _want(state: NeanderthalState, slot: str) -> int:
    b = D.BIOMES[P.slot_card(state, slot)]
    want = b.hits + 1
    if b.troph:
        want = max(want, b.troph[1] + 1)
    if b.hand and state.ps[state.actor].tribal:
        want = max(want, b.hand[1] + 1)
    return min(5, want)


def ai_action(state: NeanderthalState, seat: int) -> str:
    acts = P.legal(state, seat)
    ids = [a.id for a in acts]
    if not ids:
        return ""
    ph = state.phase
    if ph == "sex":
        for s in (("harem", "pair", "prom") if state.variant == "k2" else SEX_PREF):
            if f"side-{s}" in ids:
                return f"side-{s}"
    if ph == "auction":
        limit = 1
        bids = [a for a in ids if a.startswith("bid-") and int(a[4:]) <= limit]
        return bids[0] if bids else "pass"
    if ph == "lose":
        return min(ids, key=lambda a: _loss_cost(state, seat, a))
    if ph == "negotiate":
        return "done"
    if ph == "answer":
        who = int(state.proposal[2])
        if who != seat:
            return "yes"
        toks, _ = P.fight_tokens(state, state.proposal[1])
        mine = sum(1 for t in toks if P.token_side(t) == str(seat))
        return "yes" if 2 * mine < len(toks) - mine else "no"
    if ph == "target":
        toks, _ = P.fight_tokens(state, state.fight_key)
        return max(ids, key=lambda a: (sum(1 for t in toks if P.token_side(t) == a[4:]), a))
    if ph == "victim":
        return min(ids, key=lambda a: ({"die-r": 0, "die-t": 1, "die-a": 2}[a[:5]], a))
    if ph == "order4":
        return ids[0]
    if ph == "release":
        order = ["rel-e6", "rel-e1", "rel-e3", "rel-e4", "rel-e5", "rel-e2"]
        return min(ids, key=lambda a: (order.index(a) if a in order else 6 if a != "rel-none" else 9, a))
    if ph == "discard":
        return ids[0]
    if ph == "extra":
        return ids[0]
    if ph == "pay":
        # a colour of its own portals can be freed again by neolexia
        p = state.ps[seat]
        cols = P.neolexia_colours(state, seat)
        return max(ids, key=lambda a: (a[4:] in cols, p.vocab[a[4:]], a))
    if ph == "k2swap":
        return "keep"
    if ph == "k2more":
        return "more-0"
    if ph == "council":
        me = [a for a in ids if a[4] == str(seat)]
        return me[0] if me else ids[0]
    if ph == "flip":
        return "keep"
    if ph == "refugee":
        return min((a for a in ids), key=lambda a: state.ps[int(a[4:])].score)
    if ph == "action":
        for prefix in ("swap", "po-", "nx-d", "nx-e6", "nx-e", "nx-h", "nx-t", "pl-"):
            for a in ids:
                if a.startswith(prefix):
                    return a
        return "pass"
    if ph == "alloc":
        return _alloc(state, seat, ids)
    if ph == "move":
        return _move(state, seat, ids)
    return ids[0]


def _move(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """L5 / M3 on the matrix: a few elders and Husbands, then spread from crowded camps towards
    unexplored (or artifact) cards, never onto a predator."""
    p = state.ps[seat]
    camps = {int(k[1:]): sum(1 for t in toks if t == f"{seat}:{p.species}") for k, toks in state.hunters.items()}
    total = sum(camps.values())
    if total >= 4 and len(p.elders) < 2 + state.turn // 3:
        for r in RANK_PREF:
            if f"e-{r}" in ids:
                return f"e-{r}"
    if total >= 3:
        for a in ids:
            if a.startswith("hb-"):
                return a
    moves = [a for a in ids if a.startswith("mv-")]
    best = None
    for a in moves:
        i, j = map(int, a[3:].split("-"))
        card = state.grid[j]
        if camps.get(i, 0) < 3 or camps.get(j, 0) or D.BIOMES[card].pred:
            continue
        key = (state.marks[j] == "O", not state.marks[j], -len(D.BIOMES[card].fer), -j)
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best else "done"


def _alloc(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    p = state.ps[seat]
    if len(p.pool) >= 3 and len(p.elders) < 2 + state.turn // 2:
        for r in RANK_PREF:
            if f"e-{r}" in ids:
                return f"e-{r}"
    if p.sex != "prom" or P.has_skill(state, seat, "piper"):
        for i, w in enumerate(p.wives):
            if not w.discs and not w.husband and f"s-{seat}-{i}" in ids and p.vocab["O"] > 0:
                return f"s-{seat}-{i}"
    if "swap" in ids:
        return "swap"
    mine: dict[str, int] = {}
    for sl, toks in state.hunters.items():
        n = sum(1 for t in toks if t.startswith(f"{seat}:"))
        if n:
            mine[sl] = n
    plain = p.species in p.pool
    alpha = p.species + "a" in p.pool
    for sl, n in sorted(mine.items()):
        if n < _want(state, sl):
            kind = D.BIOMES[P.slot_card(state, sl)].kind
            if alpha and P.alpha_power(p, kind) and f"ha-{sl}" in ids:
                return f"ha-{sl}"
            if plain and f"h-{sl}" in ids:
                return f"h-{sl}"
            if f"hr-{sl}" in ids:
                return f"hr-{sl}"
    if len(mine) < 3 and plain:
        options = [a[2:] for a in ids if a.startswith("h-")]
        options = [s for s in options if s not in mine]
        if options:
            best = max(options, key=lambda s: (_value(state, seat, s), s))
            if _value(state, seat, best) > 0 and len(p.pool) >= 2:
                return f"h-{best}"
    for a in ids:
        if a.startswith("hr-"):
            return a
    return "done"


ELDER_COST = {"5": 1, "3": 2, "4": 3, "2": 4, "1": 5, "6": 6}


def _loss_cost(state: NeanderthalState, seat: int, aid: str) -> tuple:
    """What the AI gives up first: Refugees, tribesmen, inexperienced things, then the rest."""
    p = state.ps[seat]
    if aid.startswith("lr-"):
        return (0, aid)
    if aid == "lt" or aid.startswith("lt-"):  # a tribesman (on a matrix cell in L and M)
        return (1, aid)
    if aid == "la":
        return (9, aid)
    if aid.startswith("le-"):
        e = p.elders[aid[3:]]
        return (2 if e.disc else 7, ELDER_COST[aid[3:]], aid)
    if aid.startswith("lw-"):
        w = p.wives[int(aid[3:])]
        return (3 if w.discs else 5, aid)
    t = p.tools[int(aid[3:])]
    return (4 if t.disc else 6, aid)
