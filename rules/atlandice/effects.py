"""ATLANDICE, «Efeitos das Regiões» (rulebook p. 7): what a Region's active tile does at step c)
of a visit, and the choices its effects (and step b) ask for, one ``Task`` at a time.
"""

from __future__ import annotations

import functools

from rules.core import Action, IllegalAction, action, msg

from .data import (
    B1_ROLLS,
    BLACK_MARKET,
    BM_DIE,
    CLOCK_END,
    F1_ROLLS,
    F3_ROLLS,
    J1_ROLLS,
    J3_ROLLS,
    P1_ROLLS,
    RESOURCES,
    SECTORS,
)
from .moves import Move, PickResource, PickSector
from .sectors import (
    RES_EMOJI,
    SECTOR_EMOJI,
    event,
    give,
    put,
    region_total,
    regions_except,
    sector_of_value,
    visit_tasks,
)
from .sectors import (
    move as move_resource,
)
from .state import AtlandiceState, Task, TaskKind, resource_msg, sector_msg, tile_msg, who_msg


def _roll(state: AtlandiceState, task: Task, tile: str) -> int:
    v = state.rng.die()
    event(state, "atlandice.ev.effect_roll", who=who_msg(state, task.who), tile=tile_msg(tile), n=v)
    return v


def effect(state: AtlandiceState, task: Task) -> None:
    """Step c): the visited Region's active tile acts; the choices it asks for go first in the tasks."""
    s = task.sector
    if s == BLACK_MARKET or state.exhausted(s):
        return
    tile = state.tile(s)
    kind = tile if tile[0] != "O" else "O"
    push: list[Task] = []

    def then(kind: TaskKind, **kw: int) -> Task:
        """A task of ``kind`` that follows this one, for the same chooser and beneficiary."""
        return Task(kind=kind, seat=task.seat, who=task.who, **kw)

    if kind == "J1":
        if _roll(state, task, tile) in J1_ROLLS:
            push.append(then("take", sector=s))
    elif kind == "J2":
        push.append(then("swap_a", sector=s))
    elif kind == "J3":
        if _roll(state, task, tile) in J3_ROLLS:
            v = _roll(state, task, tile)
            target = sector_of_value(state, v)
            event(state, "atlandice.ev.revisit", who=who_msg(state, task.who), sector=sector_msg(target, "to"))
            state.touch(target)
            push.extend(visit_tasks(state, task.seat, task.who, target))
    elif kind == "B1":
        if _roll(state, task, tile) in B1_ROLLS:
            push.append(then("take_region", excluded=s))
    elif kind == "B2":
        push.append(then("move_a", sector=s, target=BLACK_MARKET))
    elif kind == "B3":
        if dice_picked(state, task) == 2:
            push.append(then("take", sector=s))
    elif kind == "P1":
        if _roll(state, task, tile) in P1_ROLLS and state.clock < CLOCK_END:
            state.clock += 1
            state.last_clock = state.clock
            event(state, "atlandice.ev.inn_clock", pos=state.clock)
    elif kind == "P2":
        push.append(then("move_a", sector=BLACK_MARKET, excluded=s))
    elif kind == "P3":
        push.append(then("die_a"))
    elif kind == "O":
        push.append(then("sub"))
    elif kind == "F1":
        if _roll(state, task, tile) in F1_ROLLS:
            push.append(then("take", sector=s))
    elif kind == "F2":
        push.append(then("move_a", sector=s, excluded=s))
    elif kind == "F3" and _roll(state, task, tile) in F3_ROLLS:
        push.append(then("take", sector=BLACK_MARKET))
    state.tasks[0:0] = push


def dice_picked(state: AtlandiceState, task: Task) -> int:
    """How many dice the beneficiary has taken this round, the current one included (B3).

    A player counts every die he took, the one he gave the Neutral included («O dado que você
    der ao Jogador Neutro pode ser o primeiro, o segundo, ou o terceiro dado que você pegar»);
    the Neutral counts the dice given to it (AQ7).
    """
    if task.who >= state.players:
        return state.taken[task.who]
    return state.order[: state.turn + 1].count(task.seat)


def task_options(state: AtlandiceState, task: Task) -> list[Action]:
    """The choices of a choice task (its legal actions)."""
    k = task.kind

    def resource_options(sector: int, verb: str = "atlandice.act.res") -> list[Action]:
        pile = state.pile(sector)
        return [resource_action(verb, r, pile[r]) for r in RESOURCES if pile[r] > 0]

    def sector_options(sectors: list[int]) -> list[Action]:
        return [sector_action(s) for s in sectors]

    if k == "take":
        return resource_options(task.sector, "atlandice.act.take")
    if k == "take_region":
        return sector_options([r for r in regions_except(state, task.excluded) if region_total(state, r)])
    if k == "swap_a":
        if not any(region_total(state, r) for r in regions_except(state, task.sector)):
            return []
        return resource_options(task.sector)
    if k == "swap_r":
        return sector_options([r for r in regions_except(state, task.sector) if region_total(state, r)])
    if k == "swap_b":
        return resource_options(task.target)
    if k == "move_a":
        if task.target < 0 and not regions_except(state, task.excluded):
            return []
        return resource_options(task.sector)
    if k == "move_b":
        return sector_options(regions_except(state, task.excluded))
    if k == "die_a":
        return sector_options([s for s in range(SECTORS) if state.dice[s]])
    if k == "die_b":
        return sector_options(
            [s for s in range(SECTORS) if s != task.sector and (s == BLACK_MARKET or not state.exhausted(s))]
        )
    if k == "sub":
        return sector_options(
            [s for s in range(SECTORS) if s != state.submarine and (s == BLACK_MARKET or not state.exhausted(s))]
        )
    raise AssertionError(k)


# A choice is one of a few hundred (a resource and the count shown, a sector): each built once.
@functools.cache
def resource_action(verb: str, res: str, n: int) -> Action:
    return action(id=str(PickResource(res)), label=msg(verb, res=resource_msg(res), n=n), emoji=RES_EMOJI[res])


@functools.cache
def sector_action(sector: int) -> Action:
    return action(
        id=str(PickSector(sector)),
        label=msg("atlandice.act.sector", sector=sector_msg(sector)),
        emoji=SECTOR_EMOJI[sector],
    )


def _resource(move: Move) -> str:
    if not isinstance(move, PickResource):
        raise IllegalAction("error.illegal_action")
    return move.resource


def _sector(move: Move) -> int:
    if not isinstance(move, PickSector):
        raise IllegalAction("error.illegal_action")
    return move.sector


def do_task(state: AtlandiceState, task: Task, move: Move) -> None:
    """Plays a task's answer; a two-step choice puts its second step first in the tasks."""
    k = task.kind
    follow: Task | None = None
    if k == "take":
        give(state, task.who, task.sector, _resource(move))
    elif k == "take_region":
        follow = task.model_copy(update={"kind": "take", "sector": _sector(move)})
    elif k == "swap_a":
        follow = task.model_copy(update={"kind": "swap_r", "resource": _resource(move)})
    elif k == "swap_r":
        follow = task.model_copy(update={"kind": "swap_b", "target": _sector(move)})
    elif k == "swap_b":
        a, b, j, r = task.chosen(), _resource(move), task.sector, task.target
        state.pile(j)[a] -= 1
        state.pile(r)[b] -= 1
        put(state, j, b)
        put(state, r, a)
        state.touch(j, r)
        event(state, "atlandice.ev.swap", a=resource_msg(a, 1), b=resource_msg(b, 1), sector=sector_msg(r, "of"))
    elif k == "move_a":
        if task.target >= 0:
            move_resource(state, task.sector, task.target, _resource(move))
        else:
            follow = task.model_copy(update={"kind": "move_b", "resource": _resource(move)})
    elif k == "move_b":
        move_resource(state, task.sector, _sector(move), task.chosen())
    elif k == "die_a":
        follow = task.model_copy(update={"kind": "die_b", "sector": _sector(move)})
    elif k == "die_b":
        src, dst = task.sector, _sector(move)
        new_value = BM_DIE if dst == BLACK_MARKET else dst + 1
        die = state.dice[src].pop()
        state.dice[dst] = sorted(state.dice[dst] + [new_value])
        state.touch(src, dst)
        event(state, "atlandice.ev.move_die", a=die, b=new_value, src=sector_msg(src, "at"), dst=sector_msg(dst, "to"))
    elif k == "sub":
        dst = _sector(move)
        event(state, "atlandice.ev.sub", src=sector_msg(state.submarine, "of"), dst=sector_msg(dst, "to"))
        state.touch(state.submarine, dst)
        state.submarine = dst
    else:
        raise AssertionError(k)
    if follow is not None:
        state.tasks.insert(0, follow)
