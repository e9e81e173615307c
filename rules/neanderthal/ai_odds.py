"""What every NEANDERTHAL policy weighs: a hunting slot's worth and the Hunters it wants (the table
games' rough odds), the exact dice odds the solitaire policies use, the order Elders are made in,
and the first legal move of the kinds a policy prefers."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

from . import data, phases
from .moves import Move, Neolexia, PlayTool, Portal, SwapElder, SwapHusband, Word, parse
from .state import NeanderthalState

RANK_PREF = (6, 1, 3, 5, 4, 2)


def slot_value(state: NeanderthalState, seat: int, slot: str) -> float:
    b = data.BIOMES[phases.slot_card(state, slot)]
    p = state.tribes[seat]
    troph = 4.0 if state.variant == "k2" else 2.0
    v = b.babies * 1.2 + len(b.discs) * 1.0 + (troph if b.troph else 0) + (1.5 if b.hand and p.tribal else 0)
    chance = (2 if b.star else 1) / 6
    kill = (len(b.fer) + (0 if phases.exp_elder(p, 6) else len(b.frz))) / 6
    v = v * min(1.0, chance * (b.hits + 1) * 1.6) - kill * 2.5
    if b.pred:
        v -= 1.5
    if b.kind == "BIG" and phases.nearest_predators(state, slot):
        v -= 1.0
    others = [t for t in state.hunters.get(slot, []) if not t.startswith(f"{seat}:")]
    return v - 3 * len(others)


def hunters_wanted(state: NeanderthalState, slot: str) -> int:
    b = data.BIOMES[phases.slot_card(state, slot)]
    want = b.hits + 1
    if b.troph:
        want = max(want, b.troph[1] + 1)
    if b.hand and state.tribes[state.actor].tribal:
        want = max(want, b.hand[1] + 1)
    return min(5, want)


@functools.cache
def at_least(n: int, p: float, k: int) -> float:
    """P(at least ``k`` successes in ``n`` trials of chance ``p``)."""
    if k <= 0:
        return 1.0
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@functools.cache
def kind_chance(n: int, k: int) -> float:
    """P(``n`` dice show ``k`` or more of a kind), counted exactly: the throws in which every face shows
    fewer than ``k`` times, built face by face (designed: more than 7 dice are counted as 7, the
    weights were measured so)."""
    if k <= 1 or n <= 0:
        return 1.0 if n and k <= 1 else 0.0
    m = min(n, 7)
    below = [1] + [0] * m  # below[t]: throws of t dice (faces so far) with no face k times or more
    for _ in range(6):
        below = [sum(below[t - j] * math.comb(t, j) for j in range(min(t, k - 1) + 1)) for t in range(m + 1)]
    return (6**m - below[m]) / 6**m


Wanted = Callable[[Move], bool]


def first_of(ids: list[str], wanted: Sequence[Wanted]) -> str:
    """The first legal id (in their order) of the first kind of move wanted that has one; "" if none."""
    moves = [(a, parse(a)) for a in ids]
    for want in wanted:
        for a, move in moves:
            if want(move):
                return a
    return ""


def alpha_swap(move: Move) -> bool:
    """B4: the Alpha from the dead pile, or taking a tribesman's place from an Elder or a Husband."""
    return move == Word("swap") or isinstance(move, SwapElder | SwapHusband)


def freed(place: str) -> Wanted:
    """Neolexia freeing a dedicated disc whose place begins so (``e6`` the Firestarter, ``e`` an Elder,
    ``d`` a bid disc on a daughter, ``h`` under a Husband, ``t`` on a tool)."""
    return lambda move: isinstance(move, Neolexia) and move.place.startswith(place)


def portal(move: Move) -> bool:
    return isinstance(move, Portal)


def tool(move: Move) -> bool:
    return isinstance(move, PlayTool)
