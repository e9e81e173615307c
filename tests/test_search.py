"""The strong AI's search: the work a decision does is bounded by its budget at every stage of a game."""

from __future__ import annotations

import importlib

import pytest

from rules import GAMES
from rules.core.cache import LEGAL
from rules.core.search import SearchHooks, searched, work

# a budget the tests can afford (the bot's default is 0.5)
BUDGET = 0.25

CASES = [
    ("atlandice", 2, None),
    ("engis", 2, None),
    ("engis", 4, None),
    ("pergamemnon", 2, None),
    ("neanderthal", 1, None),
    ("neanderthal", 2, None),
    ("neanderthal", 1, {"map": "matrix"}),
    ("neanderthal", 2, {"map": "matrix"}),
]


def _hooks(game_id: str, state) -> SearchHooks:
    ai = importlib.import_module(f"rules.{game_id}.ai")
    if game_id == "atlandice":
        return ai.hooks(GAMES[game_id])
    return ai.hooks_for(state) if game_id == "neanderthal" else ai.HOOKS


def _stages(game_id: str, players: int, options, count: int):
    """``count`` decisions spread over a game played by the normal AI, the first one included."""
    engine = GAMES[game_id]
    state = engine.new_game(players, 1, options)
    decisions = []
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        if len(engine.legal_actions(state, seat)) > 1:
            decisions.append((state, seat))
        state = engine.apply(state, seat, engine.ai_action(state, seat))
    step = max(1, (len(decisions) - 1) // (count - 1))
    return decisions[::step][:count]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_a_decision_does_the_work_of_its_budget_early_and_late(game_id, players, options):
    """Early in a game a simulation plays many actions, late few: the search plays fewer of them
    early and more late, for about the same work, and never much more than its budget."""
    engine = GAMES[game_id]
    stages = _stages(game_id, players, options, 4)
    done = []
    for state, seat in stages:
        hooks = _hooks(game_id, state)
        budget = work(BUDGET, hooks.steps_per_second)
        result = searched(engine, state, seat, hooks, budget)
        assert result.choice in {a.id for a in engine.legal_actions(state, seat)}
        assert result.simulations >= 2
        assert result.work <= 2 * budget, (state.step, result)
        done.append(result)
    assert done[-1].simulations > done[0].simulations  # the last decisions' simulations are short


def test_an_entry_of_a_state_that_is_gone_is_not_the_entry_of_a_state_at_its_address():
    """Python gives a new object the address of one just freed: the entry the old state left is not the new
    state's (the test above once saw one left by an earlier test)."""
    from pydantic import BaseModel

    from rules.core.cache import LegalCache

    class State(BaseModel):
        n: int = 0

    cache = LegalCache()
    reused = 0
    for n in range(20):
        gone = State(n=n)
        cache.put(gone, 0, [])
        address = id(gone)
        del gone
        new = State(n=n)
        if id(new) == address:
            reused += 1
            assert cache.peek(new, 0) is None and cache.get(new, 0) is None
    assert reused  # (else the case never came up)


def test_a_rollout_keeps_no_legal_actions():
    """Within ``uncached`` the legal actions are computed without a copy of the state kept for them;
    outside, the list is remembered for the next question about the same state."""
    engine = GAMES["engis"]
    state = engine.new_game(2, 1)
    seat = engine.to_act(state)[0]
    with LEGAL.uncached():
        inside = engine.legal_actions(state, seat)
        assert LEGAL.peek(state, seat) is None
    outside = engine.legal_actions(state, seat)
    assert LEGAL.peek(state, seat) is not None
    assert inside == outside
