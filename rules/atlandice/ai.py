"""A greedy ATLANDICE player: it values a position by the points the final count would give now
(tiles, tokens, majorities), compared with its best opponent, and picks the choice that helps
most.  It never looks at future dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import BM, MAJORITY_FIRST_VP, MAJORITY_SECOND_VP, RESOURCES, SECTOR_IDS, TILE_VP
from .state import AtlandiceState, ranked

if TYPE_CHECKING:
    from .engine import AtlandiceEngine

Stocks = list[dict[str, int]]

# A small value for the effect of a visited tile (a chance of one more resource is worth more).
EFFECT_BONUS = {"J1": 0.25, "J2": 0.02, "J3": 0.08, "B1": 0.15, "B2": 0.02, "B3": 0.0,
                "P1": 0.0, "P2": 0.02, "P3": 0.02, "O": 0.05, "F1": 0.25, "F2": 0.02, "F3": 0.08}
HOLD = 0.1  # each resource held, a little (future majorities)


def points(state: AtlandiceState, stocks: Stocks) -> list[float]:
    parts = len(stocks)
    pts = [float(TILE_VP * len(state.tiles_won[p]) + sum(state.vp[p].values())) for p in range(parts)]
    for res in RESOURCES:
        if res in state.out:
            continue
        counts = [stocks[p][res] for p in range(parts)]
        firsts, seconds = ranked(counts)
        for p in firsts:
            pts[p] += MAJORITY_FIRST_VP
        for p in seconds:
            pts[p] += MAJORITY_SECOND_VP
        for p in range(parts):
            pts[p] += HOLD * counts[p]
    return pts


def value(state: AtlandiceState, stocks: Stocks, seat: int, bonus: float = 0.0) -> float:
    pts = points(state, stocks)
    pts[seat] += bonus
    others = [pts[q] for q in range(state.players) if q != seat]
    return pts[seat] - max(others)


def _copy(stocks: Stocks) -> Stocks:
    return [dict(s) for s in stocks]


def best_take(state: AtlandiceState, stocks: Stocks, pile: dict[str, int], who: int, seat: int) -> str | None:
    best, best_v = None, None
    for res in RESOURCES:
        if pile[res] <= 0:
            continue
        stocks[who][res] += 1
        v = value(state, stocks, seat)
        stocks[who][res] -= 1
        if best_v is None or v > best_v + 1e-9:
            best, best_v = res, v
    return best


def take_value(state: AtlandiceState, sector: int, who: int, seat: int, n: int) -> float:
    stocks = _copy(state.stocks)
    pile = dict(state.pile(sector))
    for _ in range(n):
        res = best_take(state, stocks, pile, who, seat)
        if res is None:
            break
        pile[res] -= 1
        stocks[who][res] += 1
    return value(state, stocks, seat)


def _effect_bonus(state: AtlandiceState, sector: int, who: int) -> float:
    if sector == BM or state.exhausted(sector):
        return 0.0
    tile = state.active_tile(sector)
    if tile == "B3":
        return 0.5 if state.taken[who] == 1 else 0.0
    return EFFECT_BONUS["O" if tile[0] == "O" else tile]


def choose(engine: AtlandiceEngine, state: AtlandiceState, seat: int) -> str:
    ids = [a.id for a in engine.legal_actions(state, seat)]
    if len(ids) == 1:
        return ids[0]
    if state.phase == "donate":
        return _donate(state, seat, ids)
    if state.tasks:
        return _task(state, seat, ids)
    return _visit(state, seat, ids)


def _visit(state: AtlandiceState, seat: int, ids: list[str]) -> str:
    best, best_v = ids[0], None
    for aid in ids:
        kind, sid = aid.split(".", 1)
        sector = SECTOR_IDS.index(sid)
        who = state.players if kind == "neutral" else seat
        n = 2 if state.sub == sector else 1
        v = take_value(state, sector, who, seat, n)
        if who == seat:
            v += _effect_bonus(state, sector, who)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = aid, v
    return best


def _task(state: AtlandiceState, seat: int, ids: list[str]) -> str:
    task = state.tasks[0]
    if task.kind == "take":
        res = best_take(state, _copy(state.stocks), dict(state.pile(task.sector)), task.who, seat)
        return f"res.{res}" if f"res.{res}" in ids else ids[0]
    if task.kind in ("take_region", "sub"):
        best, best_v = ids[0], None
        for aid in ids:
            sector = SECTOR_IDS.index(aid.split(".", 1)[1])
            if task.kind == "sub" and not state.dice[sector]:
                continue
            v = take_value(state, sector, task.who, seat, 1)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = aid, v
        return best
    return ids[0]


def _donate(state: AtlandiceState, seat: int, ids: list[str]) -> str:
    base = value(state, state.stocks, seat)
    stocks = _copy(state.stocks)
    if state.don_pick is not None:
        stocks[seat][state.don_pick] -= 1
    best, best_v = "stop", base
    for aid in ids:
        if aid == "stop":
            continue
        a = aid.split(".", 1)[1]
        stocks[seat][a] -= 1
        if state.don_pick is not None:
            v = value(state, stocks, seat, 1.0)
        else:
            v = max((value(state, _minus(stocks, seat, b), seat, 1.0)
                     for b in RESOURCES if stocks[seat][b] > 0), default=base)
        stocks[seat][a] += 1
        if v > best_v + 1e-9:
            best, best_v = aid, v
    return best


def _minus(stocks: Stocks, seat: int, res: str) -> Stocks:
    out = _copy(stocks)
    out[seat][res] -= 1
    return out
