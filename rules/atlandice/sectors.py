"""ATLANDICE, what every phase moves: dice onto the sectors, resources between the piles, the log.

The rulebook's «Setores»: the five Regions (one per resource) and the Black Market (``BLACK_MARKET``);
a die of value n lies in Region n unless that Region is exhausted or n is the Black Market's.
"""

from __future__ import annotations

from rules.core import Event, msg

from .data import BLACK_MARKET, BM_DIE
from .state import AtlandiceState, Task, resource_msg, sector_msg, who_msg

RES_EMOJI = {"gem": "💎", "book": "📚", "food": "🍞", "tool": "🔧", "arm": "⚔️"}
SECTOR_EMOJI = ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣")


def region_total(state: AtlandiceState, region: int) -> int:
    return sum(state.region_resources[region].values())


def regions_except(state: AtlandiceState, excl: int) -> list[int]:
    """The Regions still in play but ``excl``."""
    return [r for r in range(5) if r != excl and not state.exhausted(r)]


def turn_order_from(state: AtlandiceState, seat: int) -> list[int]:
    """Every participant in turn order starting at ``seat`` (the Neutral last)."""
    order = [(seat + i) % state.players for i in range(state.players)]
    if state.neutral:
        order.append(state.players)
    return order


def event(state: AtlandiceState, key: str, **params) -> None:
    state.events.append(Event(text=msg(key, **params)))


def sector_of_value(state: AtlandiceState, value: int) -> int:
    """Where a die of this value lies: its Region, or the Black Market."""
    if value == BM_DIE or state.exhausted(value - 1):
        return BLACK_MARKET
    return value - 1


def visit_tasks(state: AtlandiceState, seat: int, who: int, sector: int) -> list[Task]:
    """Phase 2 b) and c) of a visit: take a resource (two with the Submarine there), then the effect."""
    tasks = [Task(kind="take", seat=seat, who=who, sector=sector)]
    if state.submarine == sector:
        tasks.append(Task(kind="take", seat=seat, who=who, sector=sector))
    tasks.append(Task(kind="effect", seat=seat, who=who, sector=sector))
    return tasks


def give(state: AtlandiceState, who: int, sector: int, res: str) -> None:
    """A resource of the sector's pile goes to a participant's stock."""
    state.pile(sector)[res] -= 1
    state.stocks[who][res] += 1
    state.touch(sector)
    event(
        state, "atlandice.ev.take", who=who_msg(state, who), res=resource_msg(res, 1), sector=sector_msg(sector, "of")
    )


def put(state: AtlandiceState, sector: int, res: str, n: int = 1) -> None:
    """Resources put on a sector's pile (a Region given one is armed: it scores when it empties)."""
    state.pile(sector)[res] += n
    if sector != BLACK_MARKET and n > 0:
        state.armed[sector] = True


def move(state: AtlandiceState, src: int, dst: int, res: str) -> None:
    """A resource moved from one sector's pile to another's."""
    state.pile(src)[res] -= 1
    put(state, dst, res)
    state.touch(src, dst)
    event(
        state, "atlandice.ev.move_res", res=resource_msg(res, 1), src=sector_msg(src, "of"), dst=sector_msg(dst, "to")
    )
