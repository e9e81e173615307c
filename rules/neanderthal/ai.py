"""The NEANDERTHAL AI: a deterministic greedy policy (``normal``), and ``strong``, which searches
with it (rules.core.search) in worlds where the event deck, the biome decks, the cards under ice
barriers and the matrix's undiscovered cards (L, M) are drawn again.  The cards in a hand stay:
each was taken from a row in everyone's view.

The greedy policy plays each variant towards its own goal: the table games' points; the K2
solitaire's victory (K2 G: trophies, tribal, every daughter married, more than 50 points); the L
solitaire's artifacts (found by a first hunt that succeeds with a 6, then hunted together in one
turn); The Eve's shared M4 goals (tribal with an Elder and an Alpha, Husbands assimilated with each
partner).  On the matrix it reads only revealed cards.  A decision the greedy policy does not know
gets the first legal action."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from rules.core import Rng
from rules.core.search import SearchHooks, outcome_reward
from rules.core.search import choose as search_choose

from . import data, matrix, phases, scoring
from .ai_k2 import K2_SCORE, K2_TROPHIES, k2_action
from .ai_matrix import matrix_action, move_on_matrix
from .ai_odds import RANK_PREF, alpha_swap, first_of, freed, hunters_wanted, portal, slot_value, tool
from .moves import Bid, Council, Hunter, Lose, PayColour, Refugee, Target, Victim, Word, parse, parse_as
from .state import NeanderthalState

if TYPE_CHECKING:
    from rules.core import Engine

# designed: actions a second of thinking lets the strong AI's simulations apply (about what one core
# of the 2-core reference machine plays in 0.8 s, measured in CPU time)
STEPS_PER_SECOND = 5500
SCORE_SCALE = 6.0  # designed: a score lead of this size counts about as much as a win, in the search

SEX_PREF = ("prom", "harem", "pair")


def ai_action(state: NeanderthalState, seat: int) -> str:
    """The greedy choice; any legal action where it has no opinion (a decision it does not know)."""
    ids = [a.id for a in phases.legal(state, seat)]
    if not ids:
        return ""
    choice = _greedy(state, seat, ids)
    return choice if choice in ids else ids[0]


def _greedy(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    ph = state.phase
    if state.variant == "k2":
        choice = k2_action(state, seat, ids)
        if choice:
            return choice
    if ph == "sex":
        for s in ("harem", "pair", "prom") if state.variant == "k2" else SEX_PREF:
            if f"side-{s}" in ids:
                return f"side-{s}"
    if matrix.is_matrix(state):
        choice = matrix_action(state, seat, ids)
        if choice:
            return choice
    if ph == "auction":
        limit = 1
        bids = [a for a in ids if isinstance(bid := parse(a), Bid) and bid.n <= limit]
        return bids[0] if bids else "pass"
    if ph == "lose":
        return min(ids, key=lambda a: _loss_cost(state, seat, a))
    if ph == "negotiate":
        return "done"
    if ph == "answer":
        who = int(state.proposal[2])
        if who != seat:
            return "yes"
        toks, _ = phases.fight_tokens(state, state.proposal[1])
        mine = sum(1 for t in toks if phases.token_side(t) == str(seat))
        return "yes" if 2 * mine < len(toks) - mine else "no"
    if ph == "target":
        toks, _ = phases.fight_tokens(state, state.fight_key)
        return max(ids, key=lambda a: (sum(1 for t in toks if phases.token_side(t) == parse_as(a, Target).side), a))
    if ph == "victim":  # a Refugee first, then a tribesman, the Alpha last
        return min(ids, key=lambda a: ("rta".index(parse_as(a, Victim).kind[0]), a))
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
        p = state.tribes[seat]
        cols = phases.neolexia_colours(state, seat)
        return max(
            ids, key=lambda a: (parse_as(a, PayColour).colour in cols, p.vocab[parse_as(a, PayColour).colour], a)
        )
    if ph == "k2swap":
        return "keep"
    if ph == "k2more":
        return "more-0"
    if ph == "council":
        me = [a for a in ids if parse_as(a, Council).order[0] == seat]
        return me[0] if me else ids[0]
    if ph == "flip":
        return "keep"
    if ph == "refugee":
        return min((a for a in ids), key=lambda a: state.tribes[parse_as(a, Refugee).to].score)
    if ph == "action":
        wanted = (alpha_swap, portal, freed("d"), freed("e6"), freed("e"), freed("h"), freed("t"), tool)
        return first_of(ids, wanted) or "pass"
    if ph == "alloc":
        return _alloc(state, seat, ids)
    if ph == "move":
        return move_on_matrix(state, seat, ids)
    return ids[0]


def _alloc(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    p = state.tribes[seat]
    legal = set(ids)
    if len(p.pool) >= 3 and len(p.elders) < 2 + state.turn // 2:
        for r in RANK_PREF:
            if f"e-{r}" in legal:
                return f"e-{r}"
    if p.sex != "prom" or phases.has_skill(state, seat, "piper"):
        for i, w in enumerate(p.wives):
            if not w.discs and not w.husband and f"s-{seat}-{i}" in legal and p.vocab["O"] > 0:
                return f"s-{seat}-{i}"
    if "swap" in legal:
        return "swap"
    mine: dict[str, int] = {}
    tag = f"{seat}:"
    for sl, toks in state.hunters.items():
        n = sum(1 for t in toks if t.startswith(tag))
        if n:
            mine[sl] = n
    plain = p.species in p.pool
    alpha = p.species + "a" in p.pool
    for sl, n in sorted(mine.items()):
        if n < hunters_wanted(state, sl):
            kind = data.BIOMES[phases.slot_card(state, sl)].kind
            if alpha and phases.alpha_power(p, kind) and f"ha-{sl}" in legal:
                return f"ha-{sl}"
            if plain and f"h-{sl}" in legal:
                return f"h-{sl}"
            if f"hr-{sl}" in legal:
                return f"hr-{sl}"
    if len(mine) < 3 and plain:
        options = [h.slot for h in map(parse, ids) if isinstance(h, Hunter) and h.kind == "h"]
        options = [s for s in options if s not in mine]
        if options:
            value, best = max([(slot_value(state, seat, s), s) for s in options])
            if value > 0 and len(p.pool) >= 2:
                return f"h-{best}"
    return next((a for a in ids if isinstance(h := parse(a), Hunter) and h.kind == "hr"), "done")


ELDER_COST = {"5": 1, "3": 2, "4": 3, "2": 4, "1": 5, "6": 6}


def _loss_cost(state: NeanderthalState, seat: int, aid: str) -> tuple:
    """What the AI gives up first: Refugees, tribesmen, inexperienced things, then the rest."""
    p = state.tribes[seat]
    if aid == str(Word("la")):
        return (9, aid)
    if aid == str(Word("lt")):  # a tribesman of the pool
        return (1, aid)
    loss = parse_as(aid, Lose)
    if loss.kind == "lt":  # a tribesman on a matrix cell (L and M)
        return (1, aid)
    if loss.kind == "lr":
        return (0, aid)
    if loss.kind == "le":
        e = p.elders[loss.what]
        return (2 if e.disc else 7, ELDER_COST[loss.what], aid)
    if loss.kind == "lw":
        w = p.wives[int(loss.what)]
        return (3 if w.discs else 5, aid)
    t = p.tools[int(loss.what)]
    return (4 if t.disc else 6, aid)


def determinize(state: NeanderthalState, seat: int, rng: Rng) -> NeanderthalState:
    """A copy where what ``seat`` cannot see is drawn again from what its view allows."""
    world = state.model_copy(deep=True)
    world.rng = Rng(seed=rng.next64())
    if state.scenario == "hominids":  # the deck is built by icons: each part keeps its cards
        world.event_deck = rng.shuffled(sorted(world.event_deck))
        world.event_aside = rng.shuffled(sorted(world.event_aside))
    else:
        pool = rng.shuffled(sorted(world.event_deck + world.event_aside))
        n = len(world.event_deck)
        world.event_deck, world.event_aside = pool[:n], pool[n:]
    # the other players' hands (open to all in M): each card drawn again with those of its own deck
    hands = [] if world.variant == "eve" else [p.hand for q, p in enumerate(world.tribes) if q != seat and p.hand]
    for row, ice, deck, side in (
        (world.north, world.ice_north, "deck_north", "N"),
        (world.south, world.ice_south, "deck_south", "S"),
    ):
        under = [j for j, frozen in enumerate(ice) if frozen and row[j]]
        held = [(hand, i) for hand in hands for i, card in enumerate(hand) if data.BIOMES[card].row == side]
        cards = getattr(world, deck)
        pool = rng.shuffled(sorted(cards + [row[j] for j in under] + [hand[i] for hand, i in held]))
        for j in under:
            row[j] = pool.pop()
        for hand, i in held:
            hand[i] = pool.pop()
        setattr(world, deck, pool)
    if world.grid:  # L and M: the matrix's undiscovered cards, North ones above, South ones below
        half = data.GRID_ROWS // 2 * data.GRID_COLS
        for cells, deck in ((range(half), "deck_north"), (range(half, len(world.grid)), "deck_south")):
            under = [j for j in cells if not world.shown[j] and world.grid[j]]
            pool = rng.shuffled(sorted(getattr(world, deck) + [world.grid[j] for j in under]))
            for j in under:
                world.grid[j] = pool.pop()
            setattr(world, deck, pool)
    return world


def reward(engine: Engine, state: NeanderthalState, seat: int) -> float:
    """A finished game's value for the search.  K2 (solo): the victory, and otherwise how far the
    player came towards its conditions (points, trophies, tribal, every daughter married)."""
    if state.variant != "k2":
        return outcome_reward(engine, state, seat, SCORE_SCALE)
    p = state.tribes[0]
    if scoring.k2_won(state):
        return 1.0
    married = sum(1 for w in p.wives if w.husband) / max(1, len(p.wives))
    progress = (
        0.35 * min(1.0, p.score / K2_SCORE)
        + 0.35 * min(1.0, scoring.trophies(p) / K2_TROPHIES)
        + 0.15 * p.tribal
        + 0.15 * married
    )
    return 0.6 * progress


def choose(engine: Engine, state: NeanderthalState, seat: int, level: str, budget: float | None = None) -> str:
    if state.variant == "k2" and level == "strong":
        # K2 is a long solitaire of many dice: a few simulations per decision measure chance more
        # than choices.  The search, over every decision, won less than the policy at the
        # default budget (0 of 4 games); the turn-by-turn choices (allocation, actions) keep the
        # policy's odds, and the few decisions that shape the whole game (K2_SEARCHED) are searched
        # among the greedy choice and K2_CANDIDATES - 1 others, each played in more worlds.
        if state.phase not in K2_SEARCHED:
            return ai_action(state, seat)
    return search_choose(engine, state, seat, level, hooks_for(state), budget)


def hooks_for(state: NeanderthalState) -> SearchHooks:
    """The search's hooks for the variant played: an action of the K2 solitaire's or the matrix's
    simulations costs more than one of the table games' (their policies weigh more)."""
    if state.variant == "k2":
        return K2_HOOKS
    if state.variant == "alien":
        return ALIEN_HOOKS
    return EVE_HOOKS if state.variant == "eve" else HOOKS


HOOKS = SearchHooks(
    determinize=determinize, policy=ai_action, steps_per_second=STEPS_PER_SECOND, score_scale=SCORE_SCALE, reward=reward
)
K2_CANDIDATES = 4  # designed (see choose)
K2_SEARCHED = frozenset({"sex", "k2more", "k2swap", "flip", "lose", "release"})  # designed (see choose)
# designed: the K2 policy weighs its Hunters' odds at every allocation, and the matrix policy every
# Hunter's move (L, where nearly every action is one, and M): an action of their simulations costs
# two to six of the table games'
K2_STEPS_PER_SECOND = 2500
ALIEN_STEPS_PER_SECOND = 800
EVE_STEPS_PER_SECOND = 1600
K2_HOOKS = dataclasses.replace(HOOKS, max_candidates=K2_CANDIDATES, steps_per_second=K2_STEPS_PER_SECOND)
ALIEN_HOOKS = dataclasses.replace(HOOKS, steps_per_second=ALIEN_STEPS_PER_SECOND)
EVE_HOOKS = dataclasses.replace(HOOKS, steps_per_second=EVE_STEPS_PER_SECOND)
