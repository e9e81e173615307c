"""The AI strengths every game offers, and the search its strong AI runs.

``easy`` is the game's greedy policy with some random choices, ``normal`` the greedy policy itself,
``strong`` a determinized Monte-Carlo search over the engine's own ``legal_actions`` / ``_apply``:

- each *world* is the state as the deciding seat sees it, with everything it cannot see (other
  hands, face-down decks, the dice to come) sampled again by the game's ``determinize`` hook, which
  draws from what the seat's own view allows and never reads the hidden values themselves;
- every candidate action is played in the same worlds (common random numbers), each world then
  played to the end by the greedy policy for every seat (a *simulation*), and the final result
  scored for the deciding seat (its win, and its score against the best other);
- sequential halving spends the simulations: all candidates in a few worlds, the better half in
  more worlds, and so on; the greedy choice wins ties.

The budget is counted in work, not in time: ``budget`` seconds times the game's designed
``steps_per_second``, the actions its simulations may apply (each simulation also counts
``SIM_STEPS`` for its copy, its sampled world and its final count).  A simulation early in a long
game applies many actions, one near the end few: a fixed number of simulations would cost ten times
more at the start than at the end, a fixed amount of work costs the same, and spends it on more
simulations where they are short.  The first simulation (the greedy choice in the first world)
sizes the search: how many candidates it can compare (at least two simulations each), and how many
worlds each round of the halving gets; the work done so far sizes the next round.  The search's own
chance comes from the public part of the state (the game seed, the step, the seat), and the work
from the actions applied: a choice depends on the state and the budget only, never on the load of
the machine, and the same hidden information scrambled otherwise gives the same choice.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from .cache import LEGAL
from .clone import clone_model
from .model import Action, Msg
from .rng import Rng

if TYPE_CHECKING:
    from .engine import Engine, GameState

Level = Literal["easy", "normal", "strong"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "strong")
DEFAULT_LEVEL: Level = "normal"
DEFAULT_BUDGET = 0.5  # seconds of thinking a strong decision is sized for (MESA_AI_BUDGET)
EASY_RANDOM = 3  # designed: an easy seat plays a random legal action once in this many decisions

Policy = Callable[[Any, int], str]
_NO_LABEL = Msg(key="")
_BARE: dict[str, Action] = {}  # an action by id alone, for the rollouts


@dataclass(frozen=True)
class SearchHooks:
    """What a game gives the shared search.

    ``determinize(state, seat, rng)`` returns a private copy of ``state`` in which everything
    ``seat`` cannot see is drawn again with ``rng`` (and the engine's own generator re-seeded, so
    the dice to come are unknown too).  It must depend only on ``seat``'s view: the same view gives
    the same copy for the same ``rng``.
    ``policy(state, seat)`` is the rollout policy (the game's greedy AI).
    ``steps_per_second`` (designed) turns a budget in seconds into work: the actions the simulations
    may apply, as many as one core of the 2-core reference machine plays in about 0.8 of that time.
    ``score_scale`` is the score difference that counts about as much as a win.
    ``reward(engine, state, seat)``, if given, replaces the default final reward (in [0, 1]).
    """

    determinize: Callable[[Any, int, Rng], Any]
    policy: Policy
    steps_per_second: float
    score_scale: float = 10.0
    reward: Callable[[Any, Any, int], float] | None = None
    max_candidates: int = 12
    max_steps: int = 5_000


def level_of(value: str | None) -> Level:
    """A stored or typed strength, ``normal`` when unknown."""
    return value if value in LEVELS else DEFAULT_LEVEL


SIM_STEPS = 4  # designed: the work of a simulation besides its actions (copy, world, final count), in actions


def work(budget: float | None, steps_per_second: float) -> int:
    """The work ``budget`` seconds are worth: actions applied in simulations (see the module docstring)."""
    seconds = DEFAULT_BUDGET if budget is None else budget
    return max(0, int(seconds * steps_per_second))


def _mix(*values: int) -> int:
    h = 0x9E3779B97F4A7C15
    for v in values:
        h = ((h ^ (v & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 31
    return h


def decision_rng(state: GameState, seat: int, salt: int = 0) -> Rng:
    """Chance for the AI's own choices: from the public game seed, step and seat only."""
    return Rng(seed=_mix(state.seed, state.step, seat, salt))


def choose(
    engine: Engine[Any], state: GameState, seat: int, level: str, hooks: SearchHooks, budget: float | None = None
) -> str:
    """The action of an AI seat at ``level`` (see the module docstring)."""
    level = level_of(level)
    if level == "normal":
        return hooks.policy(state, seat)
    if level == "easy":
        rng = decision_rng(state, seat, 1)
        if rng.below(EASY_RANDOM) == 0:
            actions = engine.legal_actions(state, seat)
            if actions:
                return rng.choice(actions).id
        return hooks.policy(state, seat)
    return search(engine, state, seat, hooks, work(budget, hooks.steps_per_second))


def reward(engine: Engine[Any], state: GameState, seat: int, hooks: SearchHooks) -> float:
    """A finished game's value for ``seat`` in [0, 1] (the game's own ``reward`` hook if it has one)."""
    if hooks.reward is not None:
        return hooks.reward(engine, state, seat)
    return outcome_reward(engine, state, seat, hooks.score_scale)


def outcome_reward(engine: Engine[Any], state: GameState, seat: int, score_scale: float) -> float:
    """Mostly the win (a shared win counts as a fraction), some of the score against the best other."""
    outcome = engine.outcome(state)
    if outcome is None:
        return 0.5
    mine = outcome.for_seat(seat)
    winners = [r for r in outcome.results if r.winner]
    win = (1.0 / len(winners)) if mine.winner else 0.0
    others = [r.score for r in outcome.results if r.seat != seat]
    margin = mine.score - max(others) if others else mine.score
    return 0.7 * win + 0.3 * (0.5 + 0.5 * math.tanh(margin / score_scale))


def rollout(engine: Engine[Any], state: GameState, policy: Policy, max_steps: int) -> GameState:
    """Plays ``state`` (a private copy, changed in place) to its end with ``policy`` for every seat."""
    with LEGAL.uncached():  # a rollout never asks twice about the same position
        for _ in range(max_steps):
            seats = engine.to_act(state)
            if not seats:
                break
            seat = seats[0]
            action_id = policy(state, seat)
            if not action_id:
                break
            _play(engine, state, seat, action_id)
    return state


def _play(engine: Engine[Any], state: GameState, seat: int, action_id: str) -> None:
    # the policy and the search play legal ids (tests/test_contract.py), and every engine's ``_apply``
    # reads only the id: the list of legal actions is not built a second time
    state.events = []
    state.step += 1
    action = _BARE.get(action_id)
    if action is None:
        action = _BARE[action_id] = Action.model_construct(id=action_id, label=_NO_LABEL)
    engine._apply(state, seat, action)


class Searched(NamedTuple):
    """A search's choice, the work it did (actions applied, plus ``SIM_STEPS`` a simulation) and its
    simulations."""

    choice: str
    work: int
    simulations: int


def search(engine: Engine[Any], state: GameState, seat: int, hooks: SearchHooks, budget: int) -> str:
    """Sequential halving over the candidates, every candidate played in the same worlds, within
    ``budget`` actions' worth of work (see the module docstring)."""
    return searched(engine, state, seat, hooks, budget).choice


def searched(engine: Engine[Any], state: GameState, seat: int, hooks: SearchHooks, budget: int) -> Searched:
    """``search``, with the work it did."""
    actions = [a.id for a in engine.legal_actions(state, seat)]
    greedy = hooks.policy(state, seat)
    if len(actions) <= 1 or budget <= 0:
        return Searched(greedy, 0, 0)
    base = decision_rng(state, seat, 2).next64()
    spent = sims = 0  # work done (actions applied, plus SIM_STEPS a simulation), simulations

    def simulate(world: GameState, a: str) -> float:
        nonlocal spent, sims
        sims += 1
        sim = clone_model(world)
        _play(engine, sim, seat, a)
        rollout(engine, sim, hooks.policy, hooks.max_steps)
        spent += sim.step - state.step + SIM_STEPS
        return reward(engine, sim, seat, hooks)

    # the greedy choice first (it wins ties), then the others in the engine's order; the greedy
    # choice's first simulation says how long one is, so how many candidates the budget can compare
    # (two simulations each at least)
    world = hooks.determinize(state, seat, Rng(seed=_mix(base, 0)))
    first = simulate(world, greedy)
    cands = [greedy] + [a for a in actions if a != greedy]
    cands = cands[: max(2, min(hooks.max_candidates, budget // (2 * spent)))]
    totals = {a: 0.0 for a in cands}
    totals[greedy] = first
    rounds = max(1, math.ceil(math.log2(len(cands))))
    live = list(cands)
    w = 0
    for r in range(rounds):
        # each round an equal share of the work left, in whole worlds (one at least); its last world
        # may run over, and the next rounds share what is left
        target = spent + (budget - spent) / (rounds - r)
        while True:
            for a in live:
                if w > 0 or a != greedy:  # the greedy choice was played first in world 0
                    totals[a] += simulate(world, a)
            w += 1
            if spent >= target:
                break
            world = hooks.determinize(state, seat, Rng(seed=_mix(base, w)))
        if len(live) <= 1:
            break
        ranked = sorted(live, key=lambda a: -totals[a])  # stable: the greedy choice wins ties
        live = ranked[: max(1, math.ceil(len(live) / 2))]
        if spent >= budget:
            break
        world = hooks.determinize(state, seat, Rng(seed=_mix(base, w)))
    return Searched(max(live, key=lambda a: (totals[a], a == greedy)), spent, sims)
