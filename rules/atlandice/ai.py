"""A greedy ATLANDICE player: it values a position by the points the final count would give now
(tiles, tokens, majorities), compared with its best opponent, and picks the choice that helps
most.  It never looks at future dice.

Choices that change the board rather than a stock (the Jewellery exchange, the resource moves, the
Inn's die change, the Submarine) are judged by two things: what the next visitor, playing the same
greedy way for himself, would then take (his gain is the AI's loss, unless the AI visits next), and
how close each Region comes to being emptied, weighted by what its award would give the AI now.
When the AI decides where the round's last die lies, the clock move it causes counts too
(an Inventory it would win or lose, and ending the game while ahead or behind).

``strong`` searches with that policy (rules.core.search) in worlds where the face-down tiles of
every Region's stack and the dice to come are drawn again."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import cache, lru_cache, partial
from operator import itemgetter
from typing import TypeVar

from rules.core import Engine, Rng
from rules.core.search import SearchHooks
from rules.core.search import choose as search_choose

from .data import (
    BLACK_MARKET,
    BM_CLOCK,
    CLOCK_END,
    CLOCK_TRACK,
    INVENTORY_VP,
    MAJORITY_FIRST_VP,
    MAJORITY_SECOND_VP,
    REGION_SECOND_VP,
    RESOURCES,
    SECTORS,
    TILE_CLOCK,
    TILE_VP,
)
from .moves import Donate, Move, PickResource, PickSector, Stop, Visit, parse
from .sectors import region_total
from .state import AtlandiceState, Task, ranked

# designed: actions a second of thinking lets the strong AI's simulations apply (about what one core
# of the 2-core reference machine plays in 0.8 s, measured in CPU time)
STEPS_PER_SECOND = 3000

Stocks = list[dict[str, int]]

# A small value for the effect of a visited tile (a chance of one more resource is worth more).
EFFECT_BONUS = {
    "J1": 0.25,
    "J2": 0.02,
    "J3": 0.08,
    "B1": 0.15,
    "B2": 0.02,
    "B3": 0.0,
    "P1": 0.0,
    "P2": 0.02,
    "P3": 0.02,
    "O": 0.05,
    "F1": 0.25,
    "F2": 0.02,
    "F3": 0.08,
}
HOLD = 0.1  # each resource held, a little (future majorities)
SUB_OWN = 0.1  # where the Submarine goes: how much the AI's own later use counts


def points(state: AtlandiceState, stocks: Stocks) -> list[float]:
    return list(_points_of_stocks(state, stocks))


def _points_of_stocks(state: AtlandiceState, stocks: Stocks) -> tuple[float, ...]:
    base, get, _ = _context(state)
    return _points_from_rows(base, tuple([get(st) for st in stocks]))


def _context(
    state: AtlandiceState,
) -> tuple[tuple[int, ...], Callable[[dict[str, int]], tuple[int, ...]], dict[str, int]]:
    """``_base(state)``, the getter of a stock's live resources (``_rows``) and each live resource's
    place in a row: remembered for the state a greedy choice is weighing."""
    if _decision.state is state:
        return _decision.context
    get, index = _live_tools(tuple(state.out))
    return _base(state), get, index


def _base(state: AtlandiceState) -> tuple[int, ...]:
    """Each participant's points that no stock changes: tiles won and tokens."""
    if _decision.state is state:
        return _decision.context[0]
    return tuple(
        [TILE_VP * len(tw) + sum(v.values()) for tw, v in zip(state.tiles_won, state.victory_points, strict=True)]
    )


def _rows(state: AtlandiceState, stocks: Stocks) -> list[tuple[int, ...]]:
    """Each participant's stock of the resources still in play, in the order of RESOURCES."""
    get = _context(state)[1]
    return [get(st) for st in stocks]


@lru_cache(maxsize=2048)
def _points_from_rows(base: tuple[int, ...], rows: tuple[tuple[int, ...], ...]) -> tuple[float, ...]:
    """Each participant's points now, from ``_base`` and ``_rows`` (positions recur: remembered).

    The majorities are added resource after resource, in the order the final count adds them."""
    pts = [b + HOLD * sum(row) for b, row in zip(base, rows, strict=True)]
    for counts in zip(*rows, strict=True):
        for p, award in _awards(counts):
            pts[p] += award
    return tuple(pts)


def _margin(pts: Sequence[float], seat: int, players: int) -> float:
    """``seat``'s points less its best opponent's (not the Neutral's)."""
    return pts[seat] - max([*pts[:seat], *pts[seat + 1 : players]])


@cache
def _live(out: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(res for res in RESOURCES if res not in out)


@cache
def _live_tools(out: tuple[str, ...]) -> tuple[Callable[[dict[str, int]], tuple[int, ...]], dict[str, int]]:
    """With these resources ``out`` of play: the getter of ``_rows`` and each live resource's place."""
    live = _live(out)
    return _getter(live), {res: i for i, res in enumerate(live)}


@cache
def _getter(live: tuple[str, ...]) -> Callable[[dict[str, int]], tuple[int, ...]]:
    """The stock counts of the ``live`` resources, as a tuple (itemgetter of one key gives no tuple)."""
    if len(live) <= 1:
        return lambda st: tuple([st[res] for res in live])
    return itemgetter(*live)


@lru_cache(maxsize=4096)
def _awards(counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The majorities of state.ranked for one resource: first and second places' points."""
    top = max(counts)
    if top <= 0:
        return ()
    if counts.count(top) > 1:  # a tie for first has no second
        return tuple([(p, MAJORITY_FIRST_VP) for p, c in enumerate(counts) if c == top])
    second = sorted(counts)[-2] if len(counts) > 1 else 0
    firsts = ((counts.index(top), MAJORITY_FIRST_VP),)
    if second <= 0:
        return firsts
    return firsts + tuple([(p, MAJORITY_SECOND_VP) for p, c in enumerate(counts) if c == second])


def value(
    state: AtlandiceState, stocks: Stocks, seat: int, bonus: float = 0.0, extra: list[float] | None = None
) -> float:
    pts = _points_of_stocks(state, stocks)
    if bonus or extra is not None:
        changed = list(pts)
        if bonus:
            changed[seat] += bonus
        if extra is not None:
            changed = [a + b for a, b in zip(changed, extra, strict=True)]
        return _margin(changed, seat, state.players)
    return _margin(pts, seat, state.players)


def _copy(stocks: Stocks) -> Stocks:
    return [dict(s) for s in stocks]


def best_take(state: AtlandiceState, stocks: Stocks, pile: dict[str, int], who: int, seat: int) -> str | None:
    taken = _takes(state, stocks, pile, who, seat, 1)[0]
    return taken[0] if taken else None


def _takes(
    state: AtlandiceState, stocks: Stocks, pile: dict[str, int], who: int, seat: int, n: int
) -> tuple[list[str], list[tuple[int, ...]], tuple[float, ...]]:
    """What ``who`` takes from ``pile``, one resource after another (``n`` at most), each the best
    for ``seat``; the rows of live stocks then (see ``_rows``) and everyone's points.  Only ``who``'s
    row changes."""
    base, get, index = _context(state)
    rows = [get(st) for st in stocks]
    players = state.players
    left = dict(pile) if n > 1 else pile
    taken: list[str] = []
    pts: tuple[float, ...] | None = None
    for _ in range(n):
        mine = rows[who]
        best, best_v, best_row, best_pts = None, 0.0, mine, None
        for res in RESOURCES:
            if left[res] <= 0:
                continue
            i = index.get(res)
            # a resource out of play counts for nothing
            row = mine if i is None else (*mine[:i], mine[i] + 1, *mine[i + 1 :])
            rows[who] = row
            got = _points_from_rows(base, tuple(rows))
            v = got[seat] - max(got[:seat] + got[seat + 1 : players])
            if best is None or v > best_v + 1e-9:
                best, best_v, best_row, best_pts = res, v, row, got
        rows[who] = best_row
        if best is None:
            break
        pts = best_pts
        if n > 1:
            left[best] -= 1
        taken.append(best)
    if pts is None:
        pts = _points_from_rows(base, tuple(rows))
    return taken, rows, pts


def take_value(state: AtlandiceState, sector: int, who: int, seat: int, n: int) -> float:
    pile = state.pile(sector)
    taken, rows, pts = _takes(state, state.stocks, pile, who, seat, n)
    v = now = _margin(pts, seat, state.players)
    if sector != BLACK_MARKET and not state.exhausted(sector):
        total = sum(pile.values())
        armed = state.armed[sector]
        change = urgency(max(0, total - n), armed) - urgency(total, armed)
        if change:
            res = RESOURCES[sector]
            counts = [st[res] for st in state.stocks]
            counts[who] += taken.count(res)
            v += _award_gain(state, counts, rows, sector, seat, now) * change
    return v


# How likely a Region holding this many resources is to be emptied soon (0: at the end of this visit).
URGENCY = (1.0, 0.35, 0.15, 0.07)
FAR = 0.03


def urgency(total: int, armed: bool) -> float:
    if total == 0:
        return 1.0 if armed else 0.0
    return URGENCY[total] if total < len(URGENCY) else FAR


def _award_gain(
    state: AtlandiceState, counts: list[int], rows: list[tuple[int, ...]], region: int, seat: int, now: float
) -> float:
    """What scoring ``region`` now would change for ``seat`` (``now``: its ``value`` before): the tile and tokens
    paid, the stocks of its resource returned; from the stocks' counts of the Region's resource and their
    rows (``_rows``)."""
    firsts, seconds = ranked(counts)
    if not firsts:
        return 0.0
    extra = [0.0] * len(counts)
    for p in firsts:
        extra[p] += TILE_VP  # the tile, or the 3 tokens of a tied first
    for p in seconds:
        extra[p] += REGION_SECOND_VP
    base, _, index = _context(state)
    i = index.get(RESOURCES[region])
    if i is not None:  # the stocks of its resource returned
        rows = [(*row[:i], 0, *row[i + 1 :]) for row in rows]
    pts = [a + b for a, b in zip(_points_from_rows(base, tuple(rows)), extra, strict=True)]
    return _margin(pts, seat, state.players) - now


def clock_value(state: AtlandiceState, seat: int, steps: int) -> float:
    """What moving the clock ``steps`` spaces in phase 3 would give ``seat``."""
    if state.clock >= CLOCK_END:
        return 0.0
    pos = min(CLOCK_END, state.clock + steps)
    mark = CLOCK_TRACK.get(pos, "")
    if pos >= CLOCK_END:
        return 0.3 * value(state, state.stocks, seat)  # end now while ahead, play on while behind
    if mark.startswith("inv."):
        what = mark[4:]
        if what == "total":
            counts = [sum(st.values()) for st in state.stocks]
        else:
            counts = [0 if what in state.out else st[what] for st in state.stocks]
        top = max(counts)
        extra = [float(INVENTORY_VP) if c == top and top > 0 else 0.0 for c in counts]
        return value(state, state.stocks, seat, extra=extra) - value(state, state.stocks, seat)
    return 0.0


def sector_clock(state: AtlandiceState, sector: int) -> int:
    return BM_CLOCK if sector == BLACK_MARKET else TILE_CLOCK[state.tile(sector)]


def _effect_bonus(state: AtlandiceState, sector: int, who: int, picked: int = 0) -> float:
    """A small value for the effect of a tile visited with the ``picked``-th die of the round."""
    if sector == BLACK_MARKET or state.exhausted(sector):
        return 0.0
    tile = state.tile(sector)
    if tile == "B3":
        return 0.5 if picked == 2 else 0.0
    return EFFECT_BONUS["O" if tile[0] == "O" else tile]


class Board:
    """Judges changes to the board (piles, dice, Submarine) for ``seat`` while its stocks stay put."""

    def __init__(self, state: AtlandiceState, seat: int) -> None:
        self.state = state
        self.seat = seat
        nxt = state.turn + 1
        self.next = state.order[nxt] if state.phase == "visit" and nxt < len(state.order) else None
        # What follows depends on the stocks and the Regions' tiles, not on the piles: the second step
        # of a choice (a resource, then where it goes) finds it already weighed by the first.
        key = (
            seat,
            self.next,
            state.players,
            _base(state),
            tuple(state.out),
            tuple([_counts(st) for st in state.stocks]),
            tuple([stack[0] if stack else "" for stack in state.stacks]),
        )
        known = _decision.boards.get(key)
        if known is None:
            base = value(state, state.stocks, seat)
            rows = _rows(state, state.stocks)
            gains = [
                0.0
                if state.exhausted(r)
                else _award_gain(state, [st[RESOURCES[r]] for st in state.stocks], rows, r, seat, base)
                for r in range(5)
            ]
            known = (base, gains, {})
            _decision.boards[key] = known
            while len(_decision.boards) > BOARDS_KEPT:
                del _decision.boards[next(iter(_decision.boards))]
        self.base, self.gains, self.cache = known
        self.counts = [tuple([state.pile(s)[res] for res in RESOURCES]) for s in range(SECTORS)]
        self.dice_left = [len(d) for d in state.dice]

    def piles(self) -> list[Pile]:
        """Each sector's pile as counts in the order of RESOURCES (a change replaces a pile: see ``moved``)."""
        return list(self.counts)

    def dice(self) -> list[int]:
        return list(self.dice_left)

    def _sector(self, q: int, sector: int, pile: Pile, n: int) -> tuple[float, float]:
        """(the next visitor ``q``'s value, the AI's value) if he visits ``sector``."""
        key = (sector, pile, n)
        got = self.cache.get(key)
        if got is None:
            state = self.state
            pts = _takes(state, state.stocks, dict(zip(RESOURCES, pile, strict=True)), q, q, n)[2]
            got = self.cache[key] = (
                _margin(pts, q, state.players) + _effect_bonus(state, sector, q),
                _margin(pts, self.seat, state.players),
            )
        return got

    def response(self, piles: list[Pile], dice: list[int], sub: int) -> float:
        """The AI's value after the next visitor's best visit (its own value if none is left)."""
        q = self.next
        if q is None:
            return self.base
        best: tuple[float, float] | None = None
        for s in range(SECTORS):
            if dice[s]:
                got = self._sector(q, s, piles[s], 2 if sub == s else 1)
                if best is None or got[0] > best[0] + 1e-9:
                    best = got
        return self.base if best is None else best[1]

    def score(self, piles: list[Pile], dice: list[int] | None = None, sub: int | None = None) -> float:
        state = self.state
        dice = self.dice() if dice is None else dice
        sub = state.submarine if sub is None else sub
        v = self.response(piles, dice, sub)
        for r in range(5):
            if self.gains[r]:
                total = sum(piles[r])
                v += self.gains[r] * urgency(total, state.armed[r] or total > 0)
        if self.next is None and sum(dice) == 1:
            v += clock_value(state, self.seat, sector_clock(state, dice.index(1)))
        return v


Pile = tuple[int, ...]  # a sector's resources, counted in the order of RESOURCES
RES_INDEX = {res: i for i, res in enumerate(RESOURCES)}


def moved(pile: Pile, res: str, n: int, res2: str | None = None, n2: int = 0) -> Pile:
    """``pile`` with ``n`` more ``res`` (and ``n2`` more ``res2``); negative: fewer."""
    counts = list(pile)
    counts[RES_INDEX[res]] += n
    if res2 is not None:
        counts[RES_INDEX[res2]] += n2
    return tuple(counts)


class _Decision(threading.local):
    """The state a greedy choice is weighing (which it only reads) and what no choice changes."""

    def __init__(self) -> None:
        self.state: AtlandiceState | None = None
        self.context: tuple[tuple[int, ...], Callable[[dict[str, int]], tuple[int, ...]], dict[str, int]] = (
            (),
            _getter(()),
            {},
        )
        # Board's values by what they depend on, for the last few boards weighed (see Board)
        self.boards: dict[tuple, tuple[float, list[float], dict[tuple, tuple[float, float]]]] = {}


BOARDS_KEPT = 8
_counts = itemgetter(*RESOURCES)  # a stock's counts, in the order of RESOURCES


_decision = _Decision()


def greedy(engine: Engine, state: AtlandiceState, seat: int) -> str:
    """The greedy choice (the ``normal`` strength)."""
    ids = [a.id for a in engine.legal_actions(state, seat)]
    if len(ids) == 1:
        return ids[0]
    _decision.state = None
    _decision.context = _context(state)
    _decision.state = state
    try:
        return _weigh(state, seat, ids)
    finally:
        _decision.state = None


def _weigh(state: AtlandiceState, seat: int, ids: list[str]) -> str:
    if state.phase == "donate":
        return _donate(state, seat, ids)
    if state.tasks:
        return _task(state, seat, ids)
    return _visit(state, seat, ids)


def _visit(state: AtlandiceState, seat: int, ids: list[str]) -> str:
    best, best_v = ids[0], None
    last = state.turn == len(state.order) - 1
    picked = state.order[: state.turn + 1].count(seat)
    for aid in ids:
        visit = _as(parse(aid), Visit)
        sector = visit.sector
        who = state.players if visit.neutral else seat
        n = 2 if state.submarine == sector else 1
        v = take_value(state, sector, who, seat, n)
        if who == seat:
            v += _effect_bonus(state, sector, who, picked)
        if last:
            # the die left behind is the round's last: it moves the clock
            left = [s for s in range(SECTORS) for _ in range(len(state.dice[s]) - (s == sector))]
            if len(left) == 1:
                v += clock_value(state, seat, sector_clock(state, left[0]))
        if best_v is None or v > best_v + 1e-9:
            best, best_v = aid, v
    return best


def _sector_of(aid: str) -> int:
    return _as(parse(aid), PickSector).sector


def _resource_of(aid: str) -> str:
    return _as(parse(aid), PickResource).resource


M = TypeVar("M")


def _as(move: Move, kind: type[M]) -> M:
    assert isinstance(move, kind), (move, kind)
    return move


def _argmax(options: list[tuple[str, float]]) -> str:
    best, best_v = options[0]
    for aid, v in options[1:]:
        if v > best_v + 1e-9:
            best, best_v = aid, v
    return best


def _task(state: AtlandiceState, seat: int, ids: list[str]) -> str:
    task = state.tasks[0]
    k = task.kind
    if k == "take":
        res = best_take(state, _copy(state.stocks), dict(state.pile(task.sector)), task.who, seat)
        return f"res.{res}" if f"res.{res}" in ids else ids[0]
    if k == "take_region":
        return _argmax([(aid, take_value(state, _sector_of(aid), task.who, seat, 1)) for aid in ids])
    board = Board(state, seat)
    if k == "sub":
        dice = board.dice()
        piles = board.piles()
        return _argmax(
            [
                (
                    aid,
                    board.score(piles, dice, _sector_of(aid))
                    + SUB_OWN * (take_value(state, _sector_of(aid), seat, seat, 1) - board.base),
                )
                for aid in ids
            ]
        )
    if k in ("swap_a", "swap_r", "swap_b"):
        return _swap(state, board, task, ids)
    if k in ("move_a", "move_b"):
        return _move(state, board, task, ids)
    if k in ("die_a", "die_b"):
        return _die(state, board, task, ids)
    return ids[0]


def _swap(state: AtlandiceState, board: Board, task: Task, ids: list[str]) -> str:
    """The Jewellery exchange: the best (resource here, Region, resource there) as a whole."""
    j = task.sector
    k = task.kind
    scored: dict[str, float] = {}
    for aid in ids:
        if k == "swap_a":
            combos = [(_resource_of(aid), r) for r in _swap_regions(state, j)]
        elif k == "swap_r":
            combos = [(task.chosen(), _sector_of(aid))]
        else:
            combos = [(task.chosen(), task.target)]
        best = None
        for a, r in combos:
            bs = [_resource_of(aid)] if k == "swap_b" else [b for b in RESOURCES if state.pile(r)[b] > 0]
            for b in bs:
                piles = board.piles()
                piles[j] = moved(piles[j], a, -1, b, 1)
                piles[r] = moved(piles[r], b, -1, a, 1)
                v = board.score(piles)
                if best is None or v > best + 1e-9:
                    best = v
        if best is not None:
            scored[aid] = best
    if not scored:
        return ids[0]
    return _argmax([(aid, scored[aid]) for aid in ids if aid in scored])


def _swap_regions(state: AtlandiceState, j: int) -> list[int]:
    return [r for r in range(5) if r != j and not state.exhausted(r) and region_total(state, r) != 0]


def _move(state: AtlandiceState, board: Board, task: Task, ids: list[str]) -> str:
    """A resource move (Library to the Black Market, Black Market or Forge to another Region)."""
    src = task.sector
    if task.kind == "move_a" and task.target >= 0:
        combos = {aid: [(_resource_of(aid), task.target)] for aid in ids}
    else:
        dsts = [r for r in range(5) if r != task.excluded and not state.exhausted(r)]
        if task.kind == "move_a":
            combos = {aid: [(_resource_of(aid), d) for d in dsts] for aid in ids}
        else:
            combos = {aid: [(task.chosen(), _sector_of(aid))] for aid in ids}
    options = []
    for aid in ids:
        best = None
        for res, dst in combos[aid]:
            piles = board.piles()
            piles[src] = moved(piles[src], res, -1)
            piles[dst] = moved(piles[dst], res, 1)
            v = board.score(piles)
            if best is None or v > best + 1e-9:
                best = v
        options.append((aid, best if best is not None else float("-inf")))
    return _argmax(options)


def _die(state: AtlandiceState, board: Board, task: Task, ids: list[str]) -> str:
    """The Inn's die change: where the next visitor finds the fewest good dice, or the clock helps."""
    piles = board.piles()
    options = []
    for aid in ids:
        if task.kind == "die_a":
            src = _sector_of(aid)
            dsts = [s for s in range(SECTORS) if s != src and (s == BLACK_MARKET or not state.exhausted(s))]
        else:
            src, dsts = task.sector, [_sector_of(aid)]
        best = None
        for dst in dsts:
            dice = board.dice()
            dice[src] -= 1
            dice[dst] += 1
            v = board.score(piles, dice)
            if best is None or v > best + 1e-9:
                best = v
        options.append((aid, best if best is not None else float("-inf")))
    return _argmax(options)


def _donate(state: AtlandiceState, seat: int, ids: list[str]) -> str:
    base = value(state, state.stocks, seat)
    stocks = _copy(state.stocks)
    if state.donation_pick is not None:
        stocks[seat][state.donation_pick] -= 1
    best, best_v = str(Stop()), base
    for aid in ids:
        move = parse(aid)
        if not isinstance(move, Donate):
            continue
        a = move.resource
        stocks[seat][a] -= 1
        if state.donation_pick is not None:
            v = value(state, stocks, seat, 1.0)
        else:
            v = max(
                (value(state, _minus(stocks, seat, b), seat, 1.0) for b in RESOURCES if stocks[seat][b] > 0),
                default=base,
            )
        stocks[seat][a] += 1
        if v > best_v + 1e-9:
            best, best_v = aid, v
    return best


def _minus(stocks: Stocks, seat: int, res: str) -> Stocks:
    out = _copy(stocks)
    out[seat][res] -= 1
    return out


def determinize(state: AtlandiceState, seat: int, rng: Rng) -> AtlandiceState:
    """A copy where the face-down tiles (all but each stack's top) and the dice to come are drawn again."""
    world = state.model_copy(deep=True)
    world.rng = Rng(seed=rng.next64())
    world.stacks = [stack[:1] + rng.shuffled(sorted(stack[1:])) for stack in world.stacks]
    return world


@cache
def hooks(engine: Engine) -> SearchHooks:
    return SearchHooks(
        determinize=determinize, policy=partial(greedy, engine), steps_per_second=STEPS_PER_SECOND, score_scale=5.0
    )


def choose(engine: Engine, state: AtlandiceState, seat: int, level: str, budget: float | None = None) -> str:
    return search_choose(engine, state, seat, level, hooks(engine), budget)
