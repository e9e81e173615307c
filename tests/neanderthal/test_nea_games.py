"""Whole games: every player count and option, invariants after every move, replay, the AI."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nea_helpers import check_invariants

from rules.core import play
from rules.neanderthal import ENGINE


def _checked(players: int, seed: int, policy: str = "random", options: dict | None = None):
    def on_step(before, after, seat, aid):
        check_invariants(after)
        assert after.phase == "over" or ENGINE.legal_actions(after, ENGINE.to_act(after)[0])

    final, log = play(ENGINE, players, seed, options, policy=policy, on_step=on_step)
    return final, log


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("policy", ["ai", "random"])
def test_games_end_with_conservation(players, policy):
    for seed in range(3):
        final, log = _checked(players, seed, policy)
        assert final.phase == "over"
        out = ENGINE.outcome(final)
        assert any(r.winner for r in out.results)
        assert ENGINE.replay(players, seed, None, log) == final


@pytest.mark.parametrize("level", ["pt", "intro", "advanced"])
@pytest.mark.parametrize("players", [1, 3])
def test_solo_levels_play(level, players):
    final, _ = _checked(players, 7, "mixed", {"solo": level})
    assert ENGINE.outcome(final) is not None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 3), seed=st.integers(0, 10_000))
def test_random_games_keep_invariants(players, seed):
    final, _ = _checked(players, seed, "random")
    assert ENGINE.to_act(final) == []


def test_ai_beats_random():
    """Over seeded 3-player games the AI seat outscores random seats on average."""
    ai_total = rnd_total = 0
    for seed in range(12):
        seat = seed % 3
        policy = ["random"] * 3
        policy[seat] = "ai"
        final, _ = play(ENGINE, 3, seed, policy=policy)
        scores = [p.score for p in final.tribes]
        ai_total += scores[seat]
        rnd_total += sum(scores) - scores[seat]
    assert ai_total / 12 > rnd_total / 24


@pytest.mark.slow
def test_many_games():
    for players in (1, 2, 3):
        for seed in range(40):
            _checked(players, 1000 + seed, "mixed")


def test_views_never_show_other_hands_or_ice():
    for players in (2, 3):

        def on_step(before, after, seat, aid, players=players):
            for viewer in [None, *range(players)]:
                v = ENGINE.view(after, viewer)
                for pv in v.tribes:
                    assert pv.hand is None or pv.seat == viewer
                    if pv.seat == viewer:
                        assert pv.hand == after.tribes[viewer].hand
                for i, ice in enumerate(after.ice_north):
                    assert not ice or v.north[i] == 0
                for i, ice in enumerate(after.ice_south):
                    assert not ice or v.south[i] == 0
                v.model_dump_json()
            for e in after.events:
                if e.text.key == "neanderthal.ev.hand_private":
                    assert e.seats is not None and len(e.seats) == 1

        play(ENGINE, players, 21, policy="mixed", on_step=on_step)


def test_secret_actions_are_the_hand_cards_and_the_negotiation():
    _, log = play(ENGINE, 3, 5, policy="ai")
    state = ENGINE.new_game(3, 5)
    for seat, aid in log:
        for a in ENGINE.legal_actions(state, seat):
            # hand cards, and the F1 negotiation's terms, answers and handed-over card
            assert a.secret == (a.id.startswith(("pl-", "dis-", "tm-", "give-")) or state.phase == "answer")
        state = ENGINE.apply(state, seat, aid)


def test_states_compare_as_pydantic_compares_them():
    # the state and its players, daughters, tools and Elders compare field by field, faster than
    # pydantic's ``==``: along whole games it must say what pydantic says, a copy equal, a change not
    from pydantic import BaseModel

    seen = []

    def on_step(before, after, seat, aid):
        copy = after.model_copy(deep=True)
        assert (after == copy) is BaseModel.__eq__(after, copy) is True
        assert (before == after) is BaseModel.__eq__(before, after) is False  # step moved on
        for p, q in zip(after.tribes, copy.tribes, strict=True):
            assert p == q and BaseModel.__eq__(p, q)
            if p.wives:
                q.wives[0].husband += "x"
                assert p != q and not BaseModel.__eq__(p, q) and after != copy
                q.wives[0].husband = p.wives[0].husband
            if p.elders:
                k = next(iter(q.elders))
                q.elders[k] = q.elders[k].model_copy(update={"disc": q.elders[k].disc + "x"})
                assert p != q and not BaseModel.__eq__(p, q)
                q.elders[k] = p.elders[k]
        assert after == copy
        assert after.tribes[0] != after and after.tribes[0] != 3
        seen.append(aid)

    play(ENGINE, 3, 5, policy="ai", on_step=on_step)
    assert len(seen) > 100
