"""ATLANDICE: «Preparação» (the setup) and the contract of rules/core over the round, effect and
scoring modules (rounds.py, effects.py, scoring.py)."""

from __future__ import annotations

import functools
from typing import ClassVar

from pydantic import BaseModel

from rules.core import (
    Action,
    Engine,
    IllegalAction,
    Msg,
    Outcome,
    PlayerResult,
    Rng,
    action,
    msg,
    question_in_view,
    told_to_all,
)

from . import ai
from .data import (
    BLACK_MARKET_START,
    CLOCK_START,
    DICE_PER_PLAYER,
    RESOURCES,
    RESOURCES_PER_REGION,
    SECTORS,
    SUBMARINE_START,
    TILES,
)
from .effects import do_task, task_options
from .moves import Visit, parse
from .rounds import run, start_round, visit
from .scoring import CATEGORIES, VP_KEYS, donate, donation_options, final_breakdown
from .sectors import SECTOR_EMOJI
from .state import (
    AtlandiceState,
    AtlandiceView,
    build_view,
    empty_pile,
    resource_msg,
    sector_msg,
    who_msg,
)


@functools.cache
def _visit_action(kind: str, sector: int, n: int) -> Action:
    """A visit (``kind`` "visit") or a die given to the Neutral ("neutral"): each built once."""
    if kind == "visit":
        return action(
            id=str(Visit(sector)),
            style="primary",
            emoji=SECTOR_EMOJI[sector],
            label=msg("atlandice.act.visit", sector=sector_msg(sector), n=n),
        )
    return action(
        id=str(Visit(sector, neutral=True)),
        style="secondary",
        emoji=SECTOR_EMOJI[sector],
        label=msg("atlandice.act.neutral", sector=sector_msg(sector), n=n),
    )


class AtlandiceEngine(Engine[AtlandiceState]):
    id: ClassVar[str] = "atlandice"
    title: ClassVar[str] = "ATLANDICE"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type] = AtlandiceState

    # -- setup ----------------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict[str, str], rng: Rng) -> AtlandiceState:
        neutral = players == 2
        parts = players + (1 if neutral else 0)
        per_region = RESOURCES_PER_REGION[players]
        stacks = [rng.shuffled(list(TILES[r])) for r in range(5)]
        region_resources = []
        for _r, res in enumerate(RESOURCES):
            pile = empty_pile()
            pile[res] = per_region
            region_resources.append(pile)
        first = rng.below(players)
        state = AtlandiceState(
            players=players,
            seed=seed,
            options=dict(options),
            rng=rng,
            neutral=neutral,
            first=first,
            clock=CLOCK_START,
            stacks=stacks,
            armed=[True] * 5,
            region_resources=region_resources,
            black_market={r: BLACK_MARKET_START for r in RESOURCES},
            dice=[[] for _ in range(SECTORS)],
            submarine=SUBMARINE_START,
            stocks=[empty_pile() for _ in range(parts)],
            victory_points=[{k: 0 for k in VP_KEYS} for _ in range(parts)],
            tiles_won=[[] for _ in range(parts)],
            taken=[0] * parts,
            gave=[False] * players,
            removed={r: 0 for r in RESOURCES},
        )
        start_round(state)
        return state

    # -- the contract ---------------------------------------------------------------------------
    def to_act(self, state: AtlandiceState) -> list[int]:
        if state.phase == "over":
            return []
        if state.phase == "donate":
            return [state.donors[0]]
        if state.tasks:
            return [state.tasks[0].seat]
        return [state.order[state.turn]]

    def _visit_options(self, state: AtlandiceState, seat: int) -> list[Action]:
        sectors = [s for s in range(SECTORS) if state.dice[s]]
        acts: list[Action] = []
        must_give = False
        if state.neutral and not state.gave[seat]:
            picks = state.order[: state.turn].count(seat)
            must_give = picks == DICE_PER_PLAYER[state.players] - 1
        if not must_give:
            acts += [_visit_action("visit", s, len(state.dice[s])) for s in sectors]
        if state.neutral and not state.gave[seat]:
            acts += [_visit_action("neutral", s, len(state.dice[s])) for s in sectors]
        return acts

    def _legal_actions(self, state: AtlandiceState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "donate":
            return donation_options(state, seat)
        if state.tasks:
            return task_options(state, state.tasks[0])
        return self._visit_options(state, seat)

    def _apply(self, state: AtlandiceState, seat: int, action: Action) -> None:
        state.last_seat = seat
        state.last_sectors = []
        state.last_clock = None
        move = parse(action.id)
        if state.phase == "donate":
            donate(state, seat, move)
        elif state.tasks:
            task = state.tasks.pop(0)
            do_task(state, task, move)
        elif isinstance(move, Visit):
            visit(state, seat, move.sector, move.neutral)
        else:
            raise IllegalAction("error.illegal_action")
        run(state)

    def prompt(self, state: AtlandiceState, seat: int) -> Msg:
        if state.phase == "over":
            return msg("atlandice.prompt.over")
        if state.phase == "donate":
            if state.donation_pick is not None:
                return msg("atlandice.prompt.donate2", res=resource_msg(state.donation_pick, 1))
            return msg("atlandice.prompt.donate")
        if state.tasks:
            task = state.tasks[0]
            params: dict = {}
            kind: str = task.kind
            if task.kind in ("take", "take_region") and task.who != task.seat:  # a visit for the Neutral player
                params["who"], kind = who_msg(state, task.who), f"{task.kind}_for"
            if task.kind in ("take", "swap_a", "move_a"):
                params["sector"] = sector_msg(task.sector, "of")
            if task.kind in ("swap_r", "swap_b", "move_b"):
                params["res"] = resource_msg(task.resource or RESOURCES[0], 1)
            if task.kind == "swap_b":
                params["sector"] = sector_msg(task.target, "of")
            if task.kind == "die_b":
                params["sector"] = sector_msg(task.sector, "at")
            return msg(f"atlandice.prompt.{kind}", **params)
        if state.neutral and not state.gave[seat]:
            return msg("atlandice.prompt.visit_neutral")
        return msg("atlandice.prompt.visit")

    def face_down(self, state: AtlandiceState) -> tuple[int, ...]:
        return tuple(len(stack) for stack in state.stacks)  # taking a tile turns the next one up

    def view(self, state: AtlandiceState, seat: int | None) -> AtlandiceView:
        # ATLANDICE has no hidden information: every seat and the channel see the same board.
        acting = self.to_act(state)
        prompt = None
        if acting:  # the actor's own question, put to them; for everyone else in words for all
            prompt = self.prompt(state, acting[0])
            prompt = prompt if seat in acting else told_to_all(prompt)
        outcome = self.outcome(state)
        scores = winners = None
        if outcome is not None:
            by = {r.seat if r.seat is not None else state.players: r.score for r in outcome.results}
            scores = [by[p] for p in range(state.participants)]
            winners = outcome.winners
        return build_view(
            state, acting, prompt, [e.text for e in state.events if e.visible_to(seat)], scores, winners or []
        )

    def public_prompt(self, view: BaseModel, seat: int) -> Msg:
        return question_in_view(view, AtlandiceView)

    def final_breakdown(self, state: AtlandiceState) -> list[dict[str, int]]:
        return final_breakdown(state)

    def outcome(self, state: AtlandiceState) -> Outcome | None:
        if state.phase != "over":
            return None
        breakdown = self.final_breakdown(state)
        scores = [sum(b.values()) for b in breakdown]
        humans = scores[: state.players]
        best = max(humans)
        results = []
        for p, b in enumerate(breakdown):
            rank = 1 + sum(1 for s in humans if s > scores[p])
            if p < state.players:
                results.append(PlayerResult(seat=p, score=scores[p], breakdown=b, rank=rank, winner=scores[p] == best))
            else:
                results.append(
                    PlayerResult(
                        seat=None, name=msg("atlandice.neutral"), score=scores[p], breakdown=b, rank=rank, winner=False
                    )
                )
        return Outcome(results=results, categories=list(CATEGORIES))

    def ai_action(self, state: AtlandiceState, seat: int, level: str = "normal", budget: float | None = None) -> str:
        return ai.choose(self, state, seat, level, budget)


ENGINE = AtlandiceEngine()
