"""ATLANDICE scoring: «Região Vazia» (a Region emptied during phase 2), «Inventário» and «Doação»
(the clock's marks in phase 3) and «Contagem final» (the majorities at the end).
"""

from __future__ import annotations

import functools

from rules.core import Action, IllegalAction, action, msg

from .data import (
    BLACK_MARKET,
    BLACK_MARKET_START,
    DONATION_VP,
    INVENTORY_VP,
    MAJORITY_FIRST_VP,
    MAJORITY_SECOND_VP,
    NEUTRAL_COMPETES,
    REGION_SECOND_VP,
    REGION_TIE_VP,
    RESOURCES,
    TILE_VP,
)
from .moves import Donate, Move, Stop
from .sectors import RES_EMOJI, event, put, region_total, turn_order_from
from .state import AtlandiceState, ranked, resource_msg, sector_msg, tile_msg, who_msg

CATEGORIES = [
    "atlandice.score.tiles",
    "atlandice.score.awards",
    "atlandice.score.inventory",
    "atlandice.score.donation",
    "atlandice.score.majorities",
]
# vp keys kept in the state, by category
VP_KEYS = ("awards", "inventory", "donation")


def score_region(state: AtlandiceState, r: int, visitor: int) -> None:
    """«Região Vazia»: the tile and the awards of an emptied Region; its resources go back or leave the game."""
    res = RESOURCES[r]
    tile = state.stacks[r].pop(0)
    state.touch(r)
    counts = [state.stocks[p][res] for p in range(state.participants)]
    returned = sum(counts)
    if state.neutral and not NEUTRAL_COMPETES:
        counts[state.players] = 0
    firsts, seconds = ranked(counts)
    event(state, "atlandice.ev.empty", sector=sector_msg(r))
    if firsts:
        order = [p for p in turn_order_from(state, visitor) if p in firsts]
        winner = order[0]
        state.tiles_won[winner].append(tile)
        event(state, "atlandice.ev.tile", who=who_msg(state, winner), tile=tile_msg(tile))
        for p in order[1:]:
            state.victory_points[p]["awards"] += REGION_TIE_VP
            event(state, "atlandice.ev.vp", who=who_msg(state, p), n=REGION_TIE_VP)
        for p in seconds:
            state.victory_points[p]["awards"] += REGION_SECOND_VP
            event(state, "atlandice.ev.vp", who=who_msg(state, p), n=REGION_SECOND_VP)
    else:
        state.discarded.append(tile)
        event(state, "atlandice.ev.tile_lost", tile=tile_msg(tile))
    for p in range(state.participants):
        state.stocks[p][res] = 0
    if state.stacks[r]:
        to_bm = min(returned, max(0, BLACK_MARKET_START - state.black_market[res]))
        state.black_market[res] += to_bm
        state.region_resources[r][res] += returned - to_bm
        state.armed[r] = region_total(state, r) > 0
        event(
            state, "atlandice.ev.reveal", tile=tile_msg(state.stacks[r][0]), res=resource_msg(res), n=returned, bm=to_bm
        )
    else:
        lost = returned + state.black_market[res] + sum(state.region_resources[x][res] for x in range(5))
        state.black_market[res] = 0
        for x in range(5):
            state.region_resources[x][res] = 0
        state.removed[res] += lost
        state.out.append(res)
        state.armed[r] = False
        moved = len(state.dice[r])
        state.dice[BLACK_MARKET] = sorted(state.dice[BLACK_MARKET] + state.dice[r])
        state.dice[r] = []
        if state.submarine == r:
            state.submarine = BLACK_MARKET
        event(state, "atlandice.ev.exhausted", sector=sector_msg(r, "of"), res=resource_msg(res), n=lost, dice=moved)


def inventory(state: AtlandiceState, what: str) -> None:
    """«Inventário»: the largest stock of a resource (or of all) wins its points."""
    if what == "total":
        label = msg("atlandice.inv.total")
        counts = [state.total_stock(p) for p in range(state.participants)]
    else:
        label = resource_msg(what)
        counts = [0 if what in state.out else state.stocks[p][what] for p in range(state.participants)]
    top = max(counts)
    winners = [p for p, c in enumerate(counts) if c == top and top > 0]
    event(state, "atlandice.ev.inventory", what=label)
    for p in winners:
        state.victory_points[p]["inventory"] += INVENTORY_VP
        event(state, "atlandice.ev.vp", who=who_msg(state, p), n=INVENTORY_VP)


def donate(state: AtlandiceState, seat: int, move: Move) -> None:
    """«Doação»: a donor gives two resources back to their Regions for points, one pick at a time."""
    if isinstance(move, Stop):
        if state.donation_pick is None:
            state.donors.pop(0)
        state.donation_pick = None
        return
    if not isinstance(move, Donate):
        raise IllegalAction("error.illegal_action")
    res = move.resource
    if state.donation_pick is None:
        state.donation_pick = res
        return
    a, b = state.donation_pick, res
    state.donation_pick = None
    for x in (a, b):
        state.stocks[seat][x] -= 1
        r = RESOURCES.index(x)
        put(state, r, x)
        state.touch(r)
    state.victory_points[seat]["donation"] += DONATION_VP
    event(state, "atlandice.ev.donate", who=who_msg(state, seat), a=resource_msg(a, 1), b=resource_msg(b, 1))


def donation_options(state: AtlandiceState, seat: int) -> list[Action]:
    stock = dict(state.stocks[seat])
    if state.donation_pick is not None:
        stock[state.donation_pick] -= 1
    acts = [_donation_action(r, stock[r]) for r in RESOURCES if stock[r] > 0]
    return [*acts, _stop_action(state.donation_pick is not None)]


@functools.cache
def _donation_action(res: str, n: int) -> Action:
    return action(
        id=str(Donate(res)),
        label=msg("atlandice.act.donate", res=resource_msg(res), n=n),
        style="primary",
        emoji=RES_EMOJI[res],
    )


@functools.cache
def _stop_action(cancel: bool) -> Action:
    return action(
        id=str(Stop()), label=msg("atlandice.act.cancel" if cancel else "atlandice.act.stop"), style="secondary"
    )


def final_breakdown(state: AtlandiceState) -> list[dict[str, int]]:
    """«Contagem final»: each participant's points by category (the majorities added now)."""
    parts = state.participants
    out = []
    majority = [0] * parts
    for res in RESOURCES:
        if res in state.out:
            continue
        firsts, seconds = ranked([state.stocks[p][res] for p in range(parts)])
        for p in firsts:
            majority[p] += MAJORITY_FIRST_VP
        for p in seconds:
            majority[p] += MAJORITY_SECOND_VP
    for p in range(parts):
        out.append(
            {
                "atlandice.score.tiles": TILE_VP * len(state.tiles_won[p]),
                "atlandice.score.awards": state.victory_points[p]["awards"],
                "atlandice.score.inventory": state.victory_points[p]["inventory"],
                "atlandice.score.donation": state.victory_points[p]["donation"],
                "atlandice.score.majorities": majority[p],
            }
        )
    return out
