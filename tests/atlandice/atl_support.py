"""Hand-made ATLANDICE states for the rulebook's examples and the rule checks."""

from __future__ import annotations

from rules.atlandice import ENGINE
from rules.atlandice.data import RESOURCES
from rules.atlandice.state import AtlandiceState
from rules.core import Rng

R = {r: i for i, r in enumerate(RESOURCES)}  # resource -> its region index
JEW, LIB, INN, WKS, FRG, BLACK_MARKET = 0, 1, 2, 3, 4, 5


def rng_rolling(*values: int) -> Rng:
    """A generator whose next dice are ``values`` (found by trying seeds in order)."""
    for seed in range(1_000_000):
        rng = Rng(seed=seed)
        if all(rng.die() == v for v in values):
            return Rng(seed=seed)
    raise AssertionError(values)


def pile(**counts: int) -> dict[str, int]:
    out = {r: 0 for r in RESOURCES}
    out.update(counts)
    return out


def make_state(
    players: int = 4,
    *,
    tiles: dict[int, list[str]] | None = None,
    regions: dict[int, dict[str, int]] | None = None,
    black_market: dict[str, int] | None = None,
    dice: dict[int, list[int]] | None = None,
    stocks: dict[int, dict[str, int]] | None = None,
    submarine: int = WKS,
    first: int = 0,
    turn: int = 0,
    clock: int = 0,
    rolls: tuple[int, ...] = (),
) -> AtlandiceState:
    """A round in progress: ``turn`` visits already made (taken dice counted), the rest as given."""
    s = ENGINE.new_game(players, seed=1)
    s.events = []
    if tiles:
        for r, stack in tiles.items():
            s.stacks[r] = list(stack)
    for r in range(5):
        s.region_resources[r] = pile()
    for r, p in (regions or {}).items():
        s.region_resources[r] = pile(**p)
    s.armed = [sum(s.region_resources[r].values()) > 0 for r in range(5)]
    s.black_market = pile(**(black_market or {}))
    s.dice = [[] for _ in range(6)]
    for sector, values in (dice or {}).items():
        s.dice[sector] = list(values)
    for p in range(s.participants):
        s.stocks[p] = pile(**(stocks or {}).get(p, {}))
    s.submarine = submarine
    s.first = first
    s.clock = clock
    k = 3 if players == 2 else 2
    s.order = [(first + i) % players for i in range(players)] * k
    s.turn = turn
    s.taken = [0] * s.participants
    for seat in s.order[:turn]:
        s.taken[seat] += 1
    s.tasks = []
    s.phase = "visit"
    s.rng = rng_rolling(*rolls)
    return s


def play(state: AtlandiceState, *moves: str) -> AtlandiceState:
    for move in moves:
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, move)
    return state


def ids(state: AtlandiceState) -> list[str]:
    seat = ENGINE.to_act(state)[0]
    return [a.id for a in ENGINE.legal_actions(state, seat)]


def totals(state: AtlandiceState) -> dict[str, int]:
    """Every resource counted on the regions, the Black Market and in stocks (Neutral included)."""
    out = {r: state.black_market[r] for r in RESOURCES}
    for r in RESOURCES:
        out[r] += sum(p[r] for p in state.region_resources) + sum(p[r] for p in state.stocks)
    return out
