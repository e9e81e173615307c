"""The AI strengths of every engine: legal and deterministic choices, and worlds of the strong AI's
search that look from its seat like the real game (``test_ai_honesty.py``: choices that do not depend
on what the seat cannot see)."""

from __future__ import annotations

import importlib

import pytest

from rules import GAMES
from rules.core import LEVELS, Rng
from rules.core.search import SearchHooks, work

# a little work: enough for the search to compare candidates, small enough for the default run
TINY_BUDGET = 0.05

CASES = [(game_id, players) for game_id, engine in sorted(GAMES.items()) for players in sorted({engine.min_players, 2})]


def _hooks(game_id: str) -> SearchHooks:
    ai = importlib.import_module(f"rules.{game_id}.ai")
    hooks = ai.HOOKS if hasattr(ai, "HOOKS") else ai.hooks(GAMES[game_id])
    assert isinstance(hooks, SearchHooks)
    return hooks


def _states(game_id: str, players: int, seed: int, every: int, options: dict[str, str] | None = None):
    """States along a game played by the normal AI, one every ``every`` decisions."""
    engine = GAMES[game_id]
    state = engine.new_game(players, seed, options)
    n = 0
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        if n % every == 0 and len(engine.legal_actions(state, seat)) > 1:
            yield state, seat
        state = engine.apply(state, seat, engine.ai_action(state, seat))
        n += 1


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_level_picks_a_legal_action_deterministically(game_id, players):
    engine = GAMES[game_id]
    assert work(TINY_BUDGET, _hooks(game_id).steps_per_second) > 0
    for state, seat in list(_states(game_id, players, seed=5, every=25))[:4]:
        legal = {a.id for a in engine.legal_actions(state, seat)}
        for level in LEVELS:
            choice = engine.ai_action(state, seat, level, TINY_BUDGET)
            assert choice in legal
            assert choice == engine.ai_action(state, seat, level, TINY_BUDGET)
        assert engine.ai_action(state, seat) == engine.ai_action(state, seat, "normal")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_determinization_keeps_the_seat_view(game_id, players):
    """A world the search plays in looks, from the deciding seat, exactly like the real game."""
    engine = GAMES[game_id]
    hooks = _hooks(game_id)
    changed = 0
    for state, seat in _states(game_id, players, seed=3, every=7):
        world = hooks.determinize(state, seat, Rng(seed=99))
        assert engine.view(world, seat) == engine.view(state, seat)
        assert engine.legal_actions(world, seat) == engine.legal_actions(state, seat)
        assert world.rng != state.rng  # the dice to come are not known either
        changed += world.model_copy(update={"rng": state.rng}) != state
    assert changed, "no determinization changed any hidden information"
