"""Whole games: invariants at every step, replay from seed and log, the AI against random play."""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from perg_helpers import all_cards

from rules.core import MAX_BUTTON_CHOICES, play
from rules.pergamemnon import ENGINE, data


def _invariants(before, after, seat, action_id):
    cards = all_cards(after)
    assert len(cards) == len(set(cards)), Counter(cards).most_common(3)
    kept = sum(1 for c in cards if data.is_creature(c)) + after.hidden_out
    assert kept == 24
    armies = [c for c in cards if not data.is_creature(c)]
    assert sorted(armies) == sorted(c for p in after.nations for c in data.ARMY[p.nation])
    assert after.supply + sum(p.charisma for p in after.nations) == data.CHARISMA_CARDS and after.supply >= 0
    if after.phase != "over":
        assert ENGINE.legal_actions(after, after.actor)
        assert len(ENGINE.legal_actions(after, after.actor)) <= MAX_BUTTON_CHOICES
        assert after.nations[after.actor].active or after.phase != "turn"
        if after.phase == "turn":
            assert len(after.row) >= after.players
            assert all(len(p.hand) >= min(p.hand_size(), 3) for p in after.nations)
        if after.nation_cards():
            assert sum(p.active for p in after.nations) >= 2


def _private(before, after, seat, action_id):
    _invariants(before, after, seat, action_id)
    if after.phase == "over":
        return
    for viewer in (None, *range(after.players)):
        v = ENGINE.view(after, viewer)
        for p in v.nations:
            assert (p.hand is None) == (p.seat != viewer)
        b = after.battle
        if v.battle is not None and not b.revealed and viewer != b.attacker:
            assert v.battle.attacker_cards == ["?"] * len(b.attacker_cards)


def _check_game(players, seed, policy, views=False):
    final, log = play(ENGINE, players, seed, policy=policy, on_step=_private if views else _invariants)
    assert final.phase == "over" and final.end_reason in ("creatures", "army")
    o = ENGINE.outcome(final)
    assert any(r.winner for r in o.results)
    for r in o.results:
        assert sum(r.breakdown.values()) == r.score
    assert ENGINE.replay(players, seed, final.options, log) == final
    return final, log


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["ai", "random", "mixed"])
def test_full_games_keep_the_invariants(players, policy):
    for seed in range(3):
        _check_game(players, seed, policy)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), policy=st.sampled_from(["random", "mixed"]))
def test_random_games_end(players, seed, policy):
    _check_game(players, seed, policy, views=True)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_random_games(players):
    for seed in range(100, 160):
        _check_game(players, seed, "random")


def test_secret_choices_and_stable_ids():
    _, log = play(ENGINE, 4, 7, policy="mixed")
    state = ENGINE.new_game(4, 7)
    for seat, aid in log:
        actions = ENGINE.legal_actions(state, seat)
        for a in actions:
            # hand cards, and the turn's choices and payments (they tell the hand's charisma)
            assert a.secret == a.id.startswith(("card-", "rec-", "atk-", "pay-"))
        state = ENGINE.apply(state, seat, aid)


def test_ai_beats_random_play():
    wins = 0
    games = 30
    for seed in range(games):
        players = 3
        seat = seed % players
        policy = ["random"] * players
        policy[seat] = "ai"
        final, _ = play(ENGINE, players, seed, policy=policy)
        wins += seat in ENGINE.outcome(final).winners
    assert wins / games > 0.55  # a random seat wins about a third of the time
