"""The AI strengths of every engine: legal and deterministic choices, and an honest strong AI that
decides the same whatever the information outside its seat's view is."""

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


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_ai_choices_do_not_depend_on_what_the_seat_cannot_see(game_id, players):
    """The hidden information scrambled (another draw of the same determinization) changes no choice."""
    engine = GAMES[game_id]
    hooks = _hooks(game_id)
    checked = 0
    for state, seat in list(_states(game_id, players, seed=8, every=9))[:6]:
        scrambled = hooks.determinize(state, seat, Rng(seed=12345))
        for level in LEVELS:
            assert engine.ai_action(scrambled, seat, level, TINY_BUDGET) == engine.ai_action(
                state, seat, level, TINY_BUDGET
            ), (level, state.step)
        checked += 1
    assert checked


@pytest.mark.parametrize("players", [1, 2])
def test_ai_moves_on_the_neanderthal_matrix_ignore_undiscovered_cards(players):
    """L and M: where the AI sends its Hunters on the 4x5 matrix does not depend on the face-down cards."""
    engine = GAMES["neanderthal"]
    hooks = _hooks("neanderthal")
    moving = [
        (state, seat)
        for state, seat in _states("neanderthal", players, 4, 1, {"map": "matrix"})
        if any(a.id.startswith("mv-") for a in engine.legal_actions(state, seat))
    ]
    assert moving
    for n, (state, seat) in enumerate(moving[:12]):
        for rng_seed in (1, 2, 3):
            scrambled = hooks.determinize(state, seat, Rng(seed=rng_seed))
            assert scrambled.grid != state.grid or not any(not s for s in state.shown)
            for level in ("easy", "normal", "strong") if n < 2 else ("easy", "normal"):
                assert engine.ai_action(scrambled, seat, level, TINY_BUDGET) == engine.ai_action(
                    state, seat, level, TINY_BUDGET
                ), (level, state.step)
