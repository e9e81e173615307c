"""Random and AI games: invariants at every step, replay, and the AI against random seats."""

from __future__ import annotations

import pytest
from atl_support import totals
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.atlandice import ENGINE
from rules.atlandice.data import CLOCK_END, DICE, RESOURCES, RESOURCES_PER_REGION
from rules.core import MAX_CHOICES, play

POLICIES = st.sampled_from(["ai", "random", "mixed"])


def _check(before, after, seat, action_id):
    # each resource is conserved, apart from those removed from the game (counted separately)
    start = RESOURCES_PER_REGION[after.players] + 3
    now = totals(after)
    for res in RESOURCES:
        assert now[res] + after.removed[res] == start, (res, now, after.removed)
        if res in after.out:
            assert now[res] == 0
        else:
            assert after.removed[res] == 0
    assert all(v >= 0 for p in after.stocks for v in p.values())
    assert all(v >= 0 for p in after.region_resources for v in p.values())
    assert min(after.black_market.values()) >= 0
    assert 0 <= after.clock <= CLOCK_END
    # the dice on the board and in hand add up
    on_board = sum(len(d) for d in after.dice)
    assert on_board + sum(after.taken) == DICE[after.players]
    if ENGINE.to_act(after):
        seat_now = ENGINE.to_act(after)[0]
        acts = ENGINE.legal_actions(after, seat_now)
        assert 0 < len(acts) <= MAX_CHOICES
        ENGINE.validate_actions(acts)
    assert ENGINE.load(ENGINE.dump(after)) == after


def _full_game(players, seed, policy):
    final, log = play(ENGINE, players, seed, policy=policy, on_step=_check)
    outcome = ENGINE.outcome(final)
    assert outcome is not None and ENGINE.to_act(final) == []
    assert final.clock == CLOCK_END
    assert any(r.winner for r in outcome.results)
    assert all(r.seat is not None or not r.winner for r in outcome.results)
    assert len([r for r in outcome.results if r.seat is None]) == (1 if players == 2 else 0)
    for r in outcome.results:
        assert sum(r.breakdown.values()) == r.score
    assert ENGINE.replay(players, seed, None, log) == final
    ENGINE.view(final, None).model_dump_json()
    return final, outcome


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40), policy=POLICIES)
def test_random_two_player_games(seed, policy):
    _full_game(2, seed, policy)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40), policy=POLICIES)
def test_random_three_player_games(seed, policy):
    _full_game(3, seed, policy)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    policy=st.lists(st.sampled_from(["ai", "random"]), min_size=4, max_size=4),
)
def test_random_four_player_games(seed, policy):
    _full_game(4, seed, policy)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games(players):
    for seed in range(150):
        _full_game(players, seed, "mixed" if seed % 2 else "random")


def test_ai_beats_random_seats():
    ai_total = rnd_total = ai_wins = rnd_wins = 0
    for seed in range(30):
        players = 2 + seed % 3
        policy = ["ai" if (p + seed) % 2 == 0 else "random" for p in range(players)]
        final, _ = play(ENGINE, players, seed, policy=policy)
        out = ENGINE.outcome(final)
        for r in out.results:
            if r.seat is None:
                continue
            is_ai = policy[r.seat] == "ai"
            share = 1 / policy.count(policy[r.seat])
            if is_ai:
                ai_total += r.score * share
                ai_wins += r.winner * share
            else:
                rnd_total += r.score * share
                rnd_wins += r.winner * share
    assert ai_total > rnd_total * 1.4, (ai_total, rnd_total)
    assert ai_wins > 4 * rnd_wins, (ai_wins, rnd_wins)


def test_ai_is_deterministic():
    a, log_a = play(ENGINE, 4, 9, policy="ai")
    b, log_b = play(ENGINE, 4, 9, policy="ai")
    assert log_a == log_b and a == b


def test_the_spectator_page_reads_the_running_victory_points_from_the_view():
    """The page beside the board lists each seat's victory points during play, read from the spectator's
    view: the points a seat's tiles and donations earned so far, the Neutral left out."""
    from bot.service.spectate import running_scores

    _, log = play(ENGINE, 3, seed=5, policy="ai")
    state = ENGINE.new_game(3, 5)
    for seat, action_id in log[: len(log) // 2]:
        state = ENGINE.apply(state, seat, action_id)
    assert running_scores(ENGINE.view(state, None)) == {p: sum(state.victory_points[p].values()) for p in range(3)}
