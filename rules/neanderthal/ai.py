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
import functools
import itertools
import math
from typing import TYPE_CHECKING

from rules.core import Rng
from rules.core.search import SearchHooks, outcome_reward
from rules.core.search import choose as search_choose

from . import data as D
from . import matrix as M
from . import phases as P
from . import scoring as S
from .actions import portal_sources
from .board import dedicated
from .state import NeanderthalState

if TYPE_CHECKING:
    from rules.core import Engine

# designed: simulations a second of thinking is worth in a 2-player game (about 2/3 of what one
# core of the 2-core reference machine plays, measured in CPU time)
SIMS_PER_SECOND = 50
SCORE_SCALE = 6.0  # designed: a score lead of this size counts about as much as a win, in the search

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
    """The greedy choice; any legal action where it has no opinion (a decision it does not know)."""
    ids = [a.id for a in P.legal(state, seat)]
    if not ids:
        return ""
    choice = _greedy(state, seat, ids)
    return choice if choice in ids else ids[0]


def _greedy(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    ph = state.phase
    if state.variant == "k2":
        choice = _k2(state, seat, ids)
        if choice:
            return choice
    if ph == "sex":
        for s in ("harem", "pair", "prom") if state.variant == "k2" else SEX_PREF:
            if f"side-{s}" in ids:
                return f"side-{s}"
    if M.is_matrix(state):
        choice = _matrix(state, seat, ids)
        if choice:
            return choice
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


# -- L and M: the 4x5 matrix ------------------------------------------------------------------------
# Designed weights of the matrix policy (L5 / M3 movement), measured with
# ``python -m bench ai neanderthal --players 1 --option map=matrix --option artifacts=N``: what a Baby,
# a Hunter's life, an artifact found (L6-A; "spare" once the goal's number are known), an artifact
# hunted again once enough are known (L6-B), the signal (every artifact needed hunted in one turn),
# an artifact within a step of a camp, a card revealed next to a camp, a trophy taking an
# artifact's card away are worth; a big game next to a predator keeps "pred" of its worth; the
# discs kept in the vocabulary above the Hunters (chaos, L3-G); in M, the worth of a step less
# between a player and a partner he still needs an assimilated Husband with.
MW = {
    "baby": 1.0,
    "life": 1.6,
    "find": 6.0,
    "spare": 3.0,
    "act": 1.0,
    "win": 40.0,
    "near": 1.0,
    "reveal": 0.25,
    "trophy": 3.0,
    "pred": 0.5,
    "keep": 2,
    "meet": 1.0,
}


def _camps(state: NeanderthalState, seat: int) -> dict[int, int]:
    """The player's Hunters (the Alpha included) per cell."""
    out: dict[int, int] = {}
    for k, toks in state.hunters.items():
        n = sum(1 for t in toks if t.startswith(f"{seat}:"))
        if n:
            out[int(k[1:])] = n
    return out


def _cell_odds(state: NeanderthalState, seat: int, j: int, n: int) -> tuple[float, float, float, float]:
    """For ``n`` Hunters on the revealed cell ``j``: the chance the hunt succeeds, that it succeeds with
    a 6 among the dice (L6-A: an artifact found), that a trophy takes the card away, and the
    Hunters expected to die (ferocity, freezing)."""
    p = state.ps[seat]
    b = D.BIOMES[state.grid[j]]
    convert = any(not t.disc and D.hand_of(t.card)[0] == "I" and D.side_of(t.card)[0] == b.kind for t in p.tools)
    faces = (2 if b.star else 1) + (1 if convert else 0)
    ok = _tail(n, faces / 6, b.hits)
    six = ok - (5 / 6) ** n * _tail(n, faces / 5, b.hits)  # less: a success without any 6
    troph = _kind_chance(n, b.troph[1]) if b.troph else 0.0
    immune = P.exp_elder(p, 6) or P.has_skill(state, seat, "housewife")
    deaths = n * len(set(b.fer) | (set() if immune else set(b.frz))) / 6
    return ok, max(0.0, six), troph, deaths


def _cell_value(state: NeanderthalState, seat: int, j: int, n: int, known: int) -> float:
    """The worth of ``n`` of the player's Hunters hunting on cell ``j`` this turn (L6), with ``known``
    artifacts on the map; 0 for none."""
    if n <= 0 or not M.cell_card(state, j):
        return 0.0
    b = D.BIOMES[state.grid[j]]
    ok, six, troph, deaths = _cell_odds(state, seat, j, n)
    p = state.ps[seat]
    babies = min(b.babies, state.dead.get(p.species, 0))
    v = ok * babies * MW["baby"] - deaths * MW["life"]
    mark = state.marks[j]
    if state.variant == "alien":
        if not mark:  # the first hunt here: an artifact only with a success showing a 6 (the card kept)
            v += six * (1 - troph) * (MW["find"] if known < state.goal else MW["spare"])
        elif mark == "O" and known >= state.goal:
            v += ok * MW["act"] - troph * MW["trophy"]
    if b.kind == "BIG" and P.nearest_predators(state, f"M{j}"):
        v -= (1 - MW["pred"]) * ok * babies * MW["baby"] + ok * n * MW["life"] / 6
    return v


def _signal_chance(odds: list[float], goal: int) -> float:
    """P(at least ``goal`` of independent hunts with these chances succeed)."""
    dist = [1.0]
    for q in odds:
        nxt = [0.0] * (len(dist) + 1)
        for k, pr in enumerate(dist):
            nxt[k] += pr * (1 - q)
            nxt[k + 1] += pr * q
        dist = nxt
    return sum(dist[goal:])


def _map_value(state: NeanderthalState, seat: int, camps: dict[int, int]) -> float:
    """The worth of a placement of the player's Hunters: each camp's hunt, the cards it will reveal
    (L5-B), and in L the chance to hunt enough artifacts this turn for the signal (L6-B)."""
    known = sum(1 for m in state.marks if m == "O")
    total = sum(_cell_value(state, seat, j, n, known) for j, n in camps.items())
    near = {k for j, n in camps.items() if n for k in M.neighbours(j) if M.undiscovered(state, k)}
    total += len(near) * MW["reveal"]
    if state.variant == "eve":  # M3-B: a combined hunt with a partner still to be joined by a Husband
        cells = [j for j, n in camps.items() if n]
        for q in _needed(state, seat):
            theirs = [int(k[1:]) for k, toks in state.hunters.items() if any(t.startswith(f"{q}:") for t in toks)]
            if not theirs or not cells:
                continue
            gap = min(
                abs(j // D.GRID_COLS - k // D.GRID_COLS) + abs(j % D.GRID_COLS - k % D.GRID_COLS)
                for j in cells
                for k in theirs
            )
            weight = MW["meet"] if _open_husband(state, seat, q) else MW["meet"] / 4
            total -= weight * gap
    if state.variant == "alien":  # artifacts within a step of a camp: next turn's signal
        live = {j for j, n in camps.items() if n}
        reach = {
            k for k in state.o_start if M.cell_card(state, k) and (k in live or any(j in live for j in M.neighbours(k)))
        }
        total += MW["near"] * min(len(reach), state.goal) * min(1.0, len(live) / state.goal)
        odds = [
            _cell_odds(state, seat, j, n)[0]
            for j, n in camps.items()
            if n and j in state.o_start and M.cell_card(state, j)
        ]
        if len(odds) >= state.goal:
            total += MW["win"] * _signal_chance(odds, state.goal)
    return total


def _matrix(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """L and M decisions that differ from the table games' (empty: the common policy's choice).  On
    the matrix every Hunter counts as unassigned for chaos (L3-G): the vocabulary is kept above the
    tribe (a daughter is paid in discs, L4; a portal takes one), and neolexia frees discs first."""
    if state.variant == "eve":
        choice = _eve(state, seat, ids)
        if choice:
            return choice
    p = state.ps[seat]
    spare = sum(p.vocab.values()) - M.on_map(state, seat)
    if state.phase == "buy":
        return "buy" if spare - M.price(state, seat) >= MW["keep"] else "pass"
    if state.phase == "action":
        for prefix in ("swap", "nx-e6", "nx-d", "nx-e", "nx-h", "nx-t", "pl-"):
            for a in ids:
                if a.startswith(prefix):
                    return a
        if spare > MW["keep"]:
            return next((a for a in ids if a.startswith("po-")), "pass")
        return "pass"
    return ""


# M4: every player tribal with an Elder and an Alpha, and two experienced Husbands, one assimilated
# with each other player.  An assimilated pair (M3-B) counts as a Husband of both colours, so three
# pairs on three daughters (one bought by each player) serve all three players.
EVE_DAUGHTERS = 2  # designed: daughters each player buys (more when she opens a portal he lacks)


def _pairs(state: NeanderthalState) -> set[frozenset[str]]:
    """The colours already joined by an experienced assimilated Husband."""
    return {
        frozenset((w.husband[0], w.assim[0]))
        for q in state.ps
        for w in q.wives
        if w.husband and w.assim and not w.hdisc
    }


def _needed(state: NeanderthalState, seat: int) -> list[int]:
    """The other players ``seat`` still lacks an assimilated Husband with."""
    sp = state.ps[seat].species
    have = _pairs(state)
    return [q for q in range(state.players) if q != seat and frozenset((sp, state.ps[q].species)) not in have]


def _open_husband(state: NeanderthalState, a: int, b: int) -> bool:
    """A Husband of ``a`` or ``b`` not yet assimilated: a combined hunt of the two may join them."""
    cols = {state.ps[a].species, state.ps[b].species}
    return any(w.husband and not w.assim and w.husband[0] in cols for q in state.ps for w in q.wives)


def _new_portals(state: NeanderthalState, seat: int, card: int) -> int:
    """The portals daughter ``card`` would open to ``seat`` that neither his brain map nor his
    present portal sources hold (only six portals exist, and tribal takes five: I1)."""
    p = state.ps[seat]
    if p.tribal:
        return 0
    have = set(p.portals)
    for b, i in portal_sources(state, seat):
        have |= {f"{space}-{colour}" for space, colour in D.DAUGHTERS[state.ps[b].wives[i].card].portals}
    return len({f"{space}-{colour}" for space, colour in D.DAUGHTERS[card].portals} - have)


def _eve(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    p = state.ps[seat]
    ph = state.phase
    if ph == "sex":
        return next((f"side-{x}" for x in ("harem", "pair", "prom") if f"side-{x}" in ids), "")
    if ph == "buy":
        want = len(p.wives) < EVE_DAUGHTERS or (
            len(p.wives) < EVE_DAUGHTERS + 2 and _new_portals(state, seat, state.event_card) > 0
        )
        return "buy" if want else "pass"
    if ph == "share":
        need = {state.ps[q].species for q in _needed(state, seat)} | {p.species}
        pairs = _pairs(state)
        for a in ids:
            if a.startswith("as-") and a != "as-none":
                x, b, i = map(int, a[3:].split("-"))
                pair = frozenset((state.ps[x].species, state.ps[b].wives[i].husband[0]))
                if pair not in pairs and pair & need:
                    return a
        if "as-none" in ids:
            return "as-none"
        return min(ids, key=lambda a: (M.on_map(state, int(a[3:])), a))
    if ph == "action":
        for prefix in ("nx-d", "po-", "nx-e6", "nx-e", "nx-h", "nx-t", "pl-"):
            for a in ids:
                if a.startswith(prefix):
                    return a
        return "pass"
    if ph != "move":
        return ""
    dead_alpha = p.species in state.dead_alpha
    if "swap" in ids and dead_alpha and (not state.event_deck or any(a.startswith("e-") for a in ids)):
        return "swap"  # then made an Elder at once, or in the last turn: alive at the end (M4-A)
    for r in (5, 3, 4, 2, 1):  # the Alpha safe as an Elder (M4-A asks him alive)
        if f"ea-{r}" in ids:
            return f"ea-{r}"
    hunters = M.on_map(state, seat)
    if dead_alpha and hunters >= 3 and not any(str(r) in p.elders for r in (3, 4, 5)):
        for r in (5, 3, 4):
            if f"e-{r}" in ids:
                return f"e-{r}"
    if hunters >= 2 and (not p.elders or (len(p.elders) < 2 and not state.event_deck)):
        for r in RANK_PREF:  # M4-A asks an Elder at the end: a second one against the elder deaths
            if f"e-{r}" in ids:
                return f"e-{r}"
    mine = sum(1 for q in state.ps for w in q.wives if w.husband and w.husband[0] == p.species)
    marry = [a for a in ids if a.startswith("hb-") and int(a.split("-")[1]) != seat]
    if marry and hunters >= 2:

        def gain(a: str) -> int:
            b, i = map(int, a[3:].split("-"))
            return _new_portals(state, seat, state.ps[b].wives[i].card)

        best = max(marry, key=lambda a: (gain(a), a))
        if mine < state.players - 1 or (mine <= state.players and gain(best) > 0):
            return best
    return ""


def _move(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """L5 / M3 on the matrix: the move that adds most worth to the placement of the Hunters (a few
    moved together where one alone would add nothing: an artifact needs a success and a 6), reading
    only revealed cards; then an elder or Husband from a large tribe; else done."""
    camps = _camps(state, seat)
    base = _map_value(state, seat, camps)
    free: dict[int, int] = {}
    for a in ids:
        if a.startswith(("mv-", "ma-")):
            i = int(a.split("-")[1])
            free[i] = M._free(state, seat, i, False) + M._free(state, seat, i, True)
    best, best_gain = "", 0.05
    for a in ids:
        if not a.startswith(("mv-", "ma-")):
            continue
        i, j = map(int, a[3:].split("-"))
        gain = -1e9
        for m in range(1, free[i] + 1):
            moved = dict(camps)
            moved[i] -= m
            moved[j] = moved.get(j, 0) + m
            gain = max(gain, (_map_value(state, seat, moved) - base) / m)
        if gain > best_gain or (gain == best_gain and best and a < best):
            best, best_gain = a, gain
    if best:
        return best
    total = sum(camps.values())
    if total >= 8 and len(state.ps[seat].elders) < 1 + state.turn // 3:
        for r in RANK_PREF:
            if f"e-{r}" in ids:
                return f"e-{r}"
    return "done"


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


# -- K2: the solitaire's victory (rulebook K2 G) ------------------------------------------------
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


def _tail(n: int, p: float, k: int) -> float:
    """P(at least ``k`` successes in ``n`` trials of chance ``p``)."""
    if k <= 0:
        return 1.0
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@functools.cache
def _kind_chance(n: int, k: int) -> float:
    """P(``n`` dice show ``k`` or more of a kind), counted exactly (up to 7 dice; more are rare)."""
    if k <= 1 or n <= 0:
        return 1.0 if n and k <= 1 else 0.0
    m = min(n, 7)
    hits = sum(1 for faces in itertools.product(range(6), repeat=m) if max(map(faces.count, set(faces))) >= k)
    return hits / 6**m


def _k2_hunt_value(state: NeanderthalState, seat: int, slot: str, n: int, alpha: bool, free: int = 0) -> float:
    """The expected worth (K2) of ``n`` tribesmen, the Alpha if ``alpha`` and ``free`` Refugees (whose
    death costs nothing) hunting on ``slot``: Babies, freed discs, a trophy or hand card, less the
    Hunters that ferocity and freezing may kill."""
    if n <= 0 and not alpha and not free:
        return 0.0
    p = state.ps[seat]
    b = D.BIOMES[P.slot_card(state, slot)]
    vp = D.VP[p.sex or "pair"]
    powered = alpha and P.alpha_power(p, b.kind)
    mortal = n + (1 if alpha and not powered else 0)
    rolled = mortal + free
    convert = any(not t.disc and D.hand_of(t.card)[0] == "I" and D.side_of(t.card)[0] == b.kind for t in p.tools)
    p_hit = ((2 if b.star else 1) + (1 if convert else 0)) / 6
    immune = P.exp_elder(p, 6) or P.has_skill(state, seat, "housewife")
    p_die = len(set(b.fer) | (set() if immune else set(b.frz))) / 6
    ok = _tail(rolled, p_hit, b.hits - (1 if powered else 0))
    last = not state.event_deck and state.k2_asked  # the last turn: no Baby will hunt again
    gain = min(b.babies, state.dead.get(p.species, 0)) * (vp["pool"] if last else K2W["baby"])
    owed = [c for _, c in dedicated(p)]
    for c in b.discs:
        if c in owed:
            owed.remove(c)
            fire = c == "B" and "6" in p.elders and p.elders["6"].disc == "B"
            gain += K2W["fire"] if fire else K2W["disc"]
    value = ok * gain
    dice = rolled + (1 if powered else 0)
    if b.troph:
        short = S.trophies(p) < K2_TROPHIES
        worth = (K2W["troph"] if short else 0) + vp["trophy"]
        value += _kind_chance(dice, b.troph[1]) * worth * b.troph[0] / (1 if short else 2)
    elif b.hand and p.tribal and any(not e.disc for e in p.elders.values()):
        value += _kind_chance(dice, b.hand[1]) * K2W["hand"]
    if b.kind == "BIG" and P.nearest_predators(state, slot):
        value *= K2W["pred"]
    life = vp["pool"] + (0 if last else K2W["life"] - 1)
    return value - mortal * p_die * life


def _k2(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """K2 decisions that differ from the table games' (empty: the common policy's choice)."""
    ph = state.phase
    if ph == "sex":
        for s in K2_SEX:
            if f"side-{s}" in ids:
                return f"side-{s}"
    if ph == "k2more":
        return f"more-{min(K2_MORE, len(ids) - 1)}"
    if ph == "action" and "nx-e6" in ids:  # the Firestarter's experience first
        return "nx-e6"
    if ph == "alloc":
        return _k2_alloc(state, seat, ids)
    if ph == "k2swap":
        return _k2_swap(state, ids)
    return ""


def _portals_within_reach(p, cards: list[int]) -> int:
    """How many portals a vocal player can reach: those placed and those his daughters offer."""
    reach = set(p.portals)
    for card in cards:
        reach |= {f"{space}-{colour}" for space, colour in D.DAUGHTERS[card].portals}
    return len(reach)


def _k2_swap(state: NeanderthalState, ids: list[str]) -> str:
    """K2 D at the limit of daughters: the new daughter replaces an unmarried one only when she opens
    a portal the player cannot otherwise reach on the way to tribal."""
    p = state.ps[0]
    cards = [w.card for w in p.wives]
    now = _portals_within_reach(p, cards)
    if p.tribal or now >= D.CONVERT_AT[1]:
        return "keep"
    best, most = "keep", now
    for a in ids:
        if a.startswith("swap-"):
            i = int(a[5:])
            n = _portals_within_reach(p, cards[:i] + cards[i + 1 :] + [state.event_card])
            if n > most:
                best, most = a, n
    return best


def _k2_alloc(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """K2 allocation: a Chief once tribal (immune to chaos), then each Hunter where he adds most worth
    (a few together where two or more of a kind win a trophy), Refugees where their dice help most,
    then free promotions; no Suitors (the foreign ones marry the daughters without a fight)."""
    p = state.ps[seat]
    if p.tribal and "e-1" in ids and len(p.pool) > K2_KEEP:
        return "e-1"
    if "swap" in ids:
        return "swap"
    me, alpha = f"{seat}:{p.species}", f"{seat}:{p.species}a"
    on = {
        sl: (toks.count(me), alpha in toks, sum(1 for t in toks if t.startswith(f"{seat}:") and t not in (me, alpha)))
        for sl, toks in state.hunters.items()
    }
    plain = p.pool.count(p.species)
    best, best_gain = "", 0.0
    for a in ids:
        kind, _, sl = a.partition("-")
        if kind not in ("h", "ha"):
            continue
        n, al, free = on.get(sl, (0, False, 0))
        now = _k2_hunt_value(state, seat, sl, n, al, free)
        if kind == "ha":
            gain = _k2_hunt_value(state, seat, sl, n, True, free) - now + 0.5
        else:  # a few tribesmen together may be worth more than one (two of a kind for a trophy)
            gain = max((_k2_hunt_value(state, seat, sl, n + m, al, free) - now) / m for m in range(1, plain + 1))
        if gain > best_gain:
            best, best_gain = a, gain
    if best:
        return best
    # Refugees last, each where his die adds most (he dies for nobody of the player's colour)
    refs = [a for a in ids if a.startswith("hr-")]
    if refs:
        return max(
            refs,
            key=lambda a: (
                _k2_hunt_value(state, seat, a[3:], *on[a[3:]][:2], on[a[3:]][2] + 1)
                - _k2_hunt_value(state, seat, a[3:], *on[a[3:]]),
                a,
            ),
        )
    if P.exp_elder(p, 6) and len(p.pool) > K2_KEEP:
        for r in RANK_PREF:
            if f"e-{r}" in ids:
                return f"e-{r}"
    return "done"


K2_KEEP = 3  # designed: tribesmen kept unassigned before a promotion (the hunts to come)


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
    for row, ice, deck in ((world.north, world.ice_n, "deck_n"), (world.south, world.ice_s, "deck_s")):
        under = [j for j, frozen in enumerate(ice) if frozen and row[j]]
        cards = getattr(world, deck)
        pool = rng.shuffled(sorted(cards + [row[j] for j in under]))
        for j in under:
            row[j] = pool.pop()
        setattr(world, deck, pool)
    if world.grid:  # L and M: the matrix's undiscovered cards, North ones above, South ones below
        half = D.GRID_ROWS // 2 * D.GRID_COLS
        for cells, deck in ((range(half), "deck_n"), (range(half, len(world.grid)), "deck_s")):
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
    p = state.ps[0]
    if S.k2_won(state):
        return 1.0
    married = sum(1 for w in p.wives if w.husband) / max(1, len(p.wives))
    progress = (
        0.35 * min(1.0, p.score / K2_SCORE)
        + 0.35 * min(1.0, S.trophies(p) / K2_TROPHIES)
        + 0.15 * p.tribal
        + 0.15 * married
    )
    return 0.6 * progress


# the victory conditions of the Portuguese K2 level the shaped reward walks towards (scoring.k2_won)
K2_SCORE, K2_TROPHIES = 51, 5


def choose(engine: Engine, state: NeanderthalState, seat: int, level: str, budget: float | None = None) -> str:
    if state.variant == "k2" and level == "strong":
        # K2 is a long solitaire of many dice: a few dozen simulations per decision measure chance
        # more than choices.  The search, over every decision, won less than the policy at the
        # default budget (0 of 4 games); the turn-by-turn choices (allocation, actions) keep the
        # policy's odds, and the few decisions that shape the whole game (K2_SEARCHED) are searched
        # among the greedy choice and K2_CANDIDATES - 1 others, each played in more worlds.
        if state.phase not in K2_SEARCHED:
            return ai_action(state, seat)
        return search_choose(engine, state, seat, level, K2_HOOKS, budget)
    return search_choose(engine, state, seat, level, HOOKS, budget)


HOOKS = SearchHooks(
    determinize=determinize, policy=ai_action, sims_per_second=SIMS_PER_SECOND, score_scale=SCORE_SCALE, reward=reward
)
K2_CANDIDATES = 4  # designed (see choose)
K2_SEARCHED = frozenset({"sex", "k2more", "k2swap", "flip", "lose", "release"})  # designed (see choose)
K2_HOOKS = dataclasses.replace(HOOKS, max_candidates=K2_CANDIDATES)
