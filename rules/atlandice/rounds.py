"""ATLANDICE «Como Jogar»: a round's four phases and the end of the game.

1 «Abertura dos Portões» (the dice rolled onto the sectors), 2 «Visita aos Setores» (each visit:
a) a die, b) a resource, c) the Region's effect; then the Regions emptied are scored),
3 «Avanço do Relógio» (the clock, its Inventory or Donation), 4 «Mudar o Primeiro Jogador»;
«Fim da Partida» when the clock reaches the waves.
"""

from __future__ import annotations

from .data import (
    BLACK_MARKET,
    BM_CLOCK,
    CLOCK_END,
    CLOCK_TRACK,
    DICE,
    DICE_PER_PLAYER,
    DONATION_COST,
    SECTORS,
    TILE_CLOCK,
)
from .effects import do_task, effect, task_options
from .moves import parse
from .scoring import inventory, score_region
from .sectors import event, region_total, sector_of_value, visit_tasks
from .state import AtlandiceState, sector_msg, who_msg


def start_round(state: AtlandiceState) -> None:
    """Phase 1: the first player rolls every die onto the sectors."""
    state.dice = [[] for _ in range(SECTORS)]
    state.taken = [0] * state.participants
    state.gave = [False] * state.players
    values = []
    for _ in range(DICE[state.players]):
        v = state.rng.die()
        values.append(v)
        state.dice[sector_of_value(state, v)].append(v)
    state.dice = [sorted(d) for d in state.dice]
    event(
        state,
        "atlandice.ev.roll",
        round=state.round,
        who=who_msg(state, state.first),
        dice=" ".join(str(v) for v in sorted(values)),
    )
    k = DICE_PER_PLAYER[state.players]
    state.order = [(state.first + i) % state.players for i in range(state.players)] * k
    state.turn = 0
    state.phase = "visit"
    state.tasks = []


def visit(state: AtlandiceState, seat: int, sector: int, to_neutral: bool) -> None:
    """Phase 2 a): take a die from ``sector``; then b) and c) as tasks."""
    who = state.players if to_neutral else seat
    state.dice[sector].pop()
    state.taken[who] += 1
    if to_neutral:
        state.gave[seat] = True
        event(state, "atlandice.ev.give", who=who_msg(state, seat), sector=sector_msg(sector, "of"))
    else:
        event(state, "atlandice.ev.visit", who=who_msg(state, seat), sector=sector_msg(sector, "of"))
    state.touch(sector)
    state.tasks = visit_tasks(state, seat, who, sector)


def run(state: AtlandiceState) -> None:
    """Resolves pending tasks until a real choice is needed, then moves the game on."""
    while True:
        while state.tasks:
            task = state.tasks[0]
            if task.kind == "effect":
                state.tasks.pop(0)
                effect(state, task)
                continue
            options = task_options(state, task)
            if not options:
                state.tasks.pop(0)
                continue
            if len(options) == 1:
                state.tasks.pop(0)
                do_task(state, task, parse(options[0].id))
                continue
            return
        if state.phase == "visit":
            if not _end_visit(state):
                return
        elif state.phase == "donate":
            if not _next_donor(state):
                return
        else:
            return


def _end_visit(state: AtlandiceState) -> bool:
    """After step c): empty regions are scored; the next visit or phase 3.  True: go on."""
    visitor = state.order[state.turn]
    while True:
        empty = [r for r in range(5) if not state.exhausted(r) and state.armed[r] and region_total(state, r) == 0]
        if not empty:
            break
        score_region(state, empty[0], visitor)
    state.turn += 1
    if state.turn < len(state.order):
        return False  # the next visitor chooses
    return _phase3(state)


def _phase3(state: AtlandiceState) -> bool:
    """The clock moves by the pointers of the sector holding the last die."""
    if state.clock < CLOCK_END:
        sector = next(s for s in range(SECTORS) if state.dice[s])
        steps = BM_CLOCK if sector == BLACK_MARKET else TILE_CLOCK[state.tile(sector)]
        before = state.clock
        state.clock = min(CLOCK_END, state.clock + steps)
        state.last_clock = state.clock
        state.touch(sector)
        event(state, "atlandice.ev.clock", sector=sector_msg(sector, "at"), n=state.clock - before, pos=state.clock)
        mark = CLOCK_TRACK.get(state.clock)
        if mark and mark.startswith("inv."):
            inventory(state, mark[4:])
        elif mark == "don":
            event(state, "atlandice.ev.donation")
            state.phase = "donate"
            state.donors = [(state.first + i) % state.players for i in range(state.players)]
            state.donation_pick = None
            return _next_donor(state)
    return _end_round(state)


def _next_donor(state: AtlandiceState) -> bool:
    """The Donation goes on with the next player who can give (in turn order), then the round ends."""
    while state.donors and state.total_stock(state.donors[0]) < DONATION_COST:
        state.donors.pop(0)
        state.donation_pick = None
    if state.donors:
        return False
    state.phase = "visit"
    return _end_round(state)


def _end_round(state: AtlandiceState) -> bool:
    """Phase 4, or the end of the game when the clock has reached the waves."""
    if state.clock >= CLOCK_END:
        state.phase = "over"
        state.tasks = []
        event(state, "atlandice.ev.waves")
        return False
    state.first = (state.first + 1) % state.players
    state.round += 1
    start_round(state)
    return False
