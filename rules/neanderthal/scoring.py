"""Final scoring (rulebook J) and the victories against the game: K2 G, L7 and M4."""

from __future__ import annotations

from . import data
from .board import alpha_power, has_skill, wife_active
from .state import NeanderthalState

CATEGORIES = [
    "pool",
    "elder",
    "husband",
    "daughter",
    "vocab",
    "trophy",
    "invention",
    "alpha",
    "domestic",
    "skills",
    "scenario",
]


def trophies(p) -> int:
    return sum(data.trophy_of(c)[0] for c in p.trophies)


def _husbands(state: NeanderthalState, sp: str) -> list:
    """The Husbands of colour ``sp`` (M3-B: an assimilated pair is one Husband of both colours)."""
    return [
        w
        for q in state.tribes
        for w in q.wives
        if w.husband and (w.husband[0] == sp or (w.assimilated and w.assimilated[0] == sp))
    ]


def breakdown(state: NeanderthalState, seat: int) -> dict[str, int]:
    p = state.tribes[seat]
    vp = data.VP[p.sex or "pair"]
    sp = p.species
    out = dict.fromkeys(CATEGORIES, 0)
    # every tribesman of your colour scores for you, wherever he is (Refugees included)
    unassigned = [t for q in state.tribes for t in q.pool]
    unassigned += [t.split(":")[1] for toks in state.hunters.values() for t in toks] if state.grid else []  # L3-G
    pool = sum(1 for t in unassigned if t == sp)
    out["pool"] = pool * vp["pool"]
    out["elder"] = sum(1 for e in p.elders.values() if not e.disc) * vp["elder"]
    husbands = sum(1 for w in _husbands(state, sp) if not w.husband_disc)
    out["husband"] = husbands * vp["husband"]
    daughters = sum(1 for w in p.wives if not w.discs)
    out["daughter"] = daughters * vp["daughter"]
    out["vocab"] = sum(p.vocab.values()) * vp["vocab"]
    out["trophy"] = trophies(p) * vp["trophy"]
    out["invention"] = sum(1 for t in p.tools if not t.disc and data.hand_of(t.card)[0] == "I") * vp["invention"]
    domestic = data.N2_DOMESTIC_VP if state.scenario == "giant_wurm" else vp["domestic"]
    out["domestic"] = sum(1 for t in p.tools if not t.disc and data.hand_of(t.card)[0] == "D") * domestic
    out["scenario"] = data.N1_TRIBAL_VP if state.scenario == "hominids" and p.tribal else 0
    if state.variant == "k2" and state.level in ("intro", "advanced"):
        out["scenario"] = data.K2_MORE_VP * state.k2_added
    alpha = sp + "a" in unassigned and any(alpha_power(p, k) for k in ("BIG", "SMALL", "CLUB"))
    out["alpha"] = vp["alpha"] if alpha else 0
    skills = 0
    if has_skill(state, seat, "story"):
        skills += trophies(p)
    if has_skill(state, seat, "dancer"):
        skills += husbands
    if has_skill(state, seat, "carver"):
        skills += sum(1 for b, w in enumerate(p.wives) if not w.discs and wife_active(state, seat, w))
    out["skills"] = skills
    return {f"neanderthal.score.{k}": v for k, v in out.items()}


def score_all(state: NeanderthalState) -> None:
    for s, p in enumerate(state.tribes):
        p.points = breakdown(state, s)
        p.score = sum(p.points.values())


def solo_won(state: NeanderthalState) -> bool:
    """Victory against the game: K2 G, L7 (the artifacts activated), M4 (every player's goals)."""
    if state.variant == "alien":
        return state.signal
    if state.variant == "eve":
        return all(eve_goals(state, s) for s in range(state.players))
    return k2_won(state)


def eve_goals(state: NeanderthalState, seat: int) -> bool:
    """M4: tribal with an Elder and an Alpha, and 2 experienced Husbands, one assimilated with each
    other player."""
    p = state.tribes[seat]
    sp = p.species
    if not (p.tribal and p.elders and sp not in state.dead_alpha):
        return False
    husbands = [w for w in _husbands(state, sp) if not w.husband_disc]
    others = {q.species for q in state.tribes} - {sp}
    paired = {c for w in husbands if w.assimilated for c in (w.husband[0], w.assimilated[0])}
    return len(husbands) >= 2 and others <= paired


def k2_won(state: NeanderthalState) -> bool:
    p = state.tribes[0]
    married = all(w.husband for w in p.wives)
    n = trophies(p)
    if state.level == "intro":
        return p.tribal and n >= 4 and married
    if state.level == "advanced":
        return p.tribal and n >= 5 and len(p.tools) >= 2 and married
    return p.score > 50 and p.tribal and n > 4 and married
