"""The NEANDERTHAL policy on the 4x5 matrix: the L solitaire's artifacts (L5 movement, L6 artifacts
found and hunted again) and The Eve's shared M4 goals (M), reading only the revealed cards."""

from __future__ import annotations

from collections.abc import Callable

from . import data, matrix, phases
from .actions import portal_sources
from .ai_odds import RANK_PREF, alpha_swap, at_least, first_of, freed, kind_chance, portal, tool
from .moves import Assimilate, GiveLot, MarryHusband, Promote, Side, Step, parse, parse_as
from .state import NeanderthalState

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
    p = state.tribes[seat]
    b = data.BIOMES[state.grid[j]]
    convert = any(not t.disc and data.hand_of(t.card)[0] == "I" and data.side_of(t.card)[0] == b.kind for t in p.tools)
    faces = (2 if b.star else 1) + (1 if convert else 0)
    ok = at_least(n, faces / 6, b.hits)
    six = ok - (5 / 6) ** n * at_least(n, faces / 5, b.hits)  # less: a success without any 6
    troph = kind_chance(n, b.troph[1]) if b.troph else 0.0
    immune = phases.exp_elder(p, 6) or phases.has_skill(state, seat, "housewife")
    deaths = n * len(set(b.fer) | (set() if immune else set(b.frz))) / 6
    return ok, max(0.0, six), troph, deaths


def _cell_value(state: NeanderthalState, seat: int, j: int, n: int, known: int) -> float:
    """The worth of ``n`` of the player's Hunters hunting on cell ``j`` this turn (L6), with ``known``
    artifacts on the map; 0 for none."""
    if n <= 0 or not matrix.cell_card(state, j):
        return 0.0
    b = data.BIOMES[state.grid[j]]
    ok, six, troph, deaths = _cell_odds(state, seat, j, n)
    p = state.tribes[seat]
    babies = min(b.babies, state.dead.get(p.species, 0))
    v = ok * babies * MW["baby"] - deaths * MW["life"]
    mark = state.marks[j]
    if state.variant == "alien":
        if not mark:  # the first hunt here: an artifact only with a success showing a 6 (the card kept)
            v += six * (1 - troph) * (MW["find"] if known < state.goal else MW["spare"])
        elif mark == "O" and known >= state.goal:
            v += ok * MW["act"] - troph * MW["trophy"]
    if b.kind == "BIG" and phases.nearest_predators(state, f"M{j}"):
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


def _map_values(state: NeanderthalState, seat: int) -> Callable[[dict[int, int]], float]:
    """The worth of a placement of the player's Hunters (``camps``: Hunters per cell), for the
    placements weighed in one decision: each camp's hunt, the cards it will reveal (L5-B), in M the
    steps to the partners still to be joined (M3-B), and in L the chance to hunt enough artifacts
    this turn for the signal (L6-B).  What a cell gives a number of Hunters, what a camp there would
    reveal and where the partners hunt are read once each."""
    known = sum(1 for m in state.marks if m == "O")
    values: dict[tuple[int, int], float] = {}
    odds: dict[tuple[int, int], float] = {}
    reveals: dict[int, list[int]] = {}

    def value(j: int, n: int) -> float:
        if (j, n) not in values:
            values[j, n] = _cell_value(state, seat, j, n, known)
        return values[j, n]

    def success(j: int, n: int) -> float:
        if (j, n) not in odds:
            odds[j, n] = _cell_odds(state, seat, j, n)[0]
        return odds[j, n]

    def revealed_from(j: int) -> list[int]:
        if j not in reveals:
            reveals[j] = [k for k in matrix.neighbours(j) if matrix.undiscovered(state, k)]
        return reveals[j]

    partners = []
    if state.variant == "eve":  # M3-B: where each partner still to be joined by a Husband hunts
        for q in _needed(state, seat):
            theirs = [int(k[1:]) for k, toks in state.hunters.items() if any(t.startswith(f"{q}:") for t in toks)]
            weight = MW["meet"] if _open_husband(state, seat, q) else MW["meet"] / 4
            partners.append((theirs, weight))
    artifacts = []
    if state.variant == "alien":  # the artifacts' cells still huntable, and their neighbours
        artifacts = [(k, matrix.neighbours(k)) for k in state.artifacts_at_start if matrix.cell_card(state, k)]

    def map_value(camps: dict[int, int]) -> float:
        total = sum(value(j, n) for j, n in camps.items())
        near = {k for j, n in camps.items() if n for k in revealed_from(j)}
        total += len(near) * MW["reveal"]
        if state.variant == "eve":  # M3-B: a combined hunt with a partner still to be joined by a Husband
            cells = [j for j, n in camps.items() if n]
            for theirs, weight in partners:
                if not theirs or not cells:
                    continue
                gap = min(
                    abs(j // data.GRID_COLS - k // data.GRID_COLS) + abs(j % data.GRID_COLS - k % data.GRID_COLS)
                    for j in cells
                    for k in theirs
                )
                total -= weight * gap
        if state.variant == "alien":  # artifacts within a step of a camp: next turn's signal
            live = {j for j, n in camps.items() if n}
            reach = {k for k, around in artifacts if k in live or any(j in live for j in around)}
            total += MW["near"] * min(len(reach), state.goal) * min(1.0, len(live) / state.goal)
            chances = [
                success(j, n)
                for j, n in camps.items()
                if n and j in state.artifacts_at_start and matrix.cell_card(state, j)
            ]
            if len(chances) >= state.goal:
                total += MW["win"] * _signal_chance(chances, state.goal)
        return total

    return map_value


def matrix_action(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """L and M decisions that differ from the table games' (empty: the common policy's choice).  On
    the matrix every Hunter counts as unassigned for chaos (L3-G): the vocabulary is kept above the
    tribe (a daughter is paid in discs, L4; a portal takes one), and neolexia frees discs first."""
    if state.variant == "eve":
        choice = _eve(state, seat, ids)
        if choice:
            return choice
    p = state.tribes[seat]
    spare = sum(p.vocab.values()) - matrix.on_map(state, seat)
    if state.phase == "buy":
        return "buy" if spare - matrix.price(state, seat) >= MW["keep"] else "pass"
    if state.phase == "action":
        wanted = (alpha_swap, freed("e6"), freed("d"), freed("e"), freed("h"), freed("t"), tool)
        choice = first_of(ids, wanted)
        if not choice and spare > MW["keep"]:
            choice = first_of(ids, [portal])
        return choice or "pass"
    return ""


# M4: every player tribal with an Elder and an Alpha, and two experienced Husbands, one assimilated
# with each other player.  An assimilated pair (M3-B) counts as a Husband of both colours, so three
# pairs on three daughters (one bought by each player) serve all three players.
EVE_DAUGHTERS = 2  # designed: daughters each player buys (more when she opens a portal he lacks)


def _pairs(state: NeanderthalState) -> set[frozenset[str]]:
    """The colours already joined by an experienced assimilated Husband."""
    return {
        frozenset((w.husband[0], w.assimilated[0]))
        for q in state.tribes
        for w in q.wives
        if w.husband and w.assimilated and not w.husband_disc
    }


def _needed(state: NeanderthalState, seat: int) -> list[int]:
    """The other players ``seat`` still lacks an assimilated Husband with."""
    sp = state.tribes[seat].species
    have = _pairs(state)
    return [q for q in range(state.players) if q != seat and frozenset((sp, state.tribes[q].species)) not in have]


def _open_husband(state: NeanderthalState, a: int, b: int) -> bool:
    """A Husband of ``a`` or ``b`` not yet assimilated: a combined hunt of the two may join them."""
    cols = {state.tribes[a].species, state.tribes[b].species}
    return any(w.husband and not w.assimilated and w.husband[0] in cols for q in state.tribes for w in q.wives)


def _new_portals(state: NeanderthalState, seat: int, card: int) -> int:
    """The portals daughter ``card`` would open to ``seat`` that neither his brain map nor his
    present portal sources hold (only six portals exist, and tribal takes five: I1)."""
    p = state.tribes[seat]
    if p.tribal:
        return 0
    have = set(p.portals)
    for b, i in portal_sources(state, seat):
        have |= {f"{space}-{colour}" for space, colour in data.DAUGHTERS[state.tribes[b].wives[i].card].portals}
    return len({f"{space}-{colour}" for space, colour in data.DAUGHTERS[card].portals} - have)


def _eve(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    p = state.tribes[seat]
    ph = state.phase
    if ph == "sex":
        return next((side for x in ("harem", "pair", "prom") if (side := str(Side(x))) in ids), "")
    if ph == "buy":
        want = len(p.wives) < EVE_DAUGHTERS or (
            len(p.wives) < EVE_DAUGHTERS + 2 and _new_portals(state, seat, state.event_card) > 0
        )
        return "buy" if want else "pass"
    if ph == "share":
        need = {state.tribes[q].species for q in _needed(state, seat)} | {p.species}
        pairs = _pairs(state)
        for a in ids:
            if isinstance(m := parse(a), Assimilate):
                pair = frozenset((state.tribes[m.seat].species, state.tribes[m.board].wives[m.wife].husband[0]))
                if pair not in pairs and pair & need:
                    return a
        if "as-none" in ids:
            return "as-none"
        return min(ids, key=lambda a: (matrix.on_map(state, parse_as(a, GiveLot).to), a))
    if ph == "action":
        wanted = (freed("d"), portal, freed("e6"), freed("e"), freed("h"), freed("t"), tool)
        return first_of(ids, wanted) or "pass"
    if ph != "move":
        return ""
    dead_alpha = p.species in state.dead_alpha
    moves = {a: parse(a) for a in ids}
    promote = any(isinstance(m, Promote) and not m.alpha for m in moves.values())
    if "swap" in ids and dead_alpha and (not state.event_deck or promote):
        return "swap"  # then made an Elder at once, or in the last turn: alive at the end (M4-A)
    choice = _elder(ids, True, (5, 3, 4, 2, 1))  # the Alpha safe as an Elder (M4-A asks him alive)
    hunters = matrix.on_map(state, seat)
    if not choice and dead_alpha and hunters >= 3 and not any(str(r) in p.elders for r in (3, 4, 5)):
        choice = _elder(ids, False, (5, 3, 4))
    if not choice and hunters >= 2 and (not p.elders or (len(p.elders) < 2 and not state.event_deck)):
        choice = _elder(ids, False, RANK_PREF)  # M4-A asks an Elder at the end: a second one against the elder deaths
    if choice:
        return choice
    mine = sum(1 for q in state.tribes for w in q.wives if w.husband and w.husband[0] == p.species)
    marry = {a: m for a, m in moves.items() if isinstance(m, MarryHusband) and not m.alpha and m.board != seat}
    if marry and hunters >= 2:

        def gain(a: str) -> int:
            return _new_portals(state, seat, state.tribes[marry[a].board].wives[marry[a].wife].card)

        best = max(marry, key=lambda a: (gain(a), a))
        if mine < state.players - 1 or (mine <= state.players and gain(best) > 0):
            return best
    return ""


def _elder(ids: list[str], alpha: bool, ranks: tuple[int, ...]) -> str:
    """The legal promotion (of the Alpha if ``alpha``) to the first of ``ranks`` that has one; "" if none."""
    return next((e for r in ranks if (e := str(Promote(alpha, r))) in ids), "")


def move_on_matrix(state: NeanderthalState, seat: int, ids: list[str]) -> str:
    """L5 / M3 on the matrix: the move that adds most worth to the placement of the Hunters (a few
    moved together where one alone would add nothing: an artifact needs a success and a 6), reading
    only revealed cards; then an elder or Husband from a large tribe; else done."""
    camps = _camps(state, seat)
    map_value = _map_values(state, seat)
    base = map_value(camps)
    steps = [(a, step) for a in ids if isinstance(step := parse(a), Step)]
    free = {
        step.frm: matrix._free(state, seat, step.frm, False) + matrix._free(state, seat, step.frm, True)
        for _, step in steps
    }
    best, best_gain = "", 0.05
    for a, step in steps:
        i, j = step.frm, step.to
        gain = -1e9
        for m in range(1, free[i] + 1):
            moved = dict(camps)
            moved[i] -= m
            moved[j] = moved.get(j, 0) + m
            gain = max(gain, (map_value(moved) - base) / m)
        if gain > best_gain or (gain == best_gain and best and a < best):
            best, best_gain = a, gain
    if best:
        return best
    total = sum(camps.values())
    if total >= 8 and len(state.tribes[seat].elders) < 1 + state.turn // 3:
        return _elder(ids, False, RANK_PREF) or "done"
    return "done"
