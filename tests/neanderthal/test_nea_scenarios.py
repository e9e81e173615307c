"""The modular scenarios N1 (Hominids) and N2 (Giant Würm)."""

from __future__ import annotations

import pytest
from nea_helpers import check_invariants

from rules.core import play
from rules.neanderthal import ENGINE, actions, board, data, scoring


def _seat(state, colour):
    return board.seat_of(state, colour)


def test_hominids_setup():
    for seed in range(6):
        state = ENGINE.new_game(3, seed, {"scenario": "hominids"})
        g, r = state.tribes[_seat(state, "G")], state.tribes[_seat(state, "R")]
        assert g.portals == [] and len(g.pool) == 12
        assert r.elders["6"].disc == "" and len(r.pool) == 4
        deck = state.event_deck
        icons = [next(i for i, _ in data.DAUGHTERS[c].events if i in ("warm", "cool")) for c in deck]
        assert icons == list(reversed(data.N1_DECK))
        check_invariants(state)


def test_hominids_cro_magnon_chooses_an_extra_portal():
    state = ENGINE.new_game(3, 2, {"scenario": "hominids"})
    r = _seat(state, "R")
    while state.phase == "sex" and state.actor != r:
        state = ENGINE.apply(state, state.actor, ENGINE.legal_actions(state, state.actor)[0].id)
    state = ENGINE.apply(state, r, ENGINE.legal_actions(state, r)[0].id)
    assert state.phase == "extra" and state.actor == r
    n = len(state.tribes[r].portals)
    state = ENGINE.apply(state, r, "xp-bison-B")
    assert len(state.tribes[r].portals) == n + 1 and "bison-B" in state.tribes[r].portals
    check_invariants(state)


def test_hominids_conversion_needs_seven_and_tribal_scores_five():
    state = ENGINE.new_game(3, 2, {"scenario": "hominids"})
    assert actions.convert_at(state) == 7
    p = state.tribes[0]
    p.sex = "prom"
    p.tribal = True
    assert scoring.breakdown(state, 0)["neanderthal.score.scenario"] == 5


def test_giant_wurm_setup_and_reshuffle():
    state = ENGINE.new_game(2, 4, {"scenario": "giant_wurm"})
    assert state.ice_north == [False, True, True, True, True, False]
    assert len(state.event_deck) == 21 and state.event_aside == []
    for p in state.tribes:
        assert p.elders == {} and len(p.pool) == 4
    check_invariants(state)
    final, _ = play(ENGINE, 2, 4, {"scenario": "giant_wurm"})
    assert final.reshuffled and final.turn > 21


def test_giant_wurm_domestic_animals_score_five():
    state = ENGINE.new_game(2, 4, {"scenario": "giant_wurm"})
    from rules.neanderthal.state import Tool

    state.tribes[0].tools = [Tool(card=22)]
    state.tribes[0].sex = "pair"
    assert scoring.breakdown(state, 0)["neanderthal.score.domestic"] == 5


@pytest.mark.parametrize("scenario", ["hominids", "giant_wurm"])
@pytest.mark.parametrize("players", [2, 3])
def test_scenarios_play_with_conservation(scenario, players):
    def on_step(before, after, seat, aid):
        check_invariants(after)

    final, _ = play(ENGINE, players, 8, {"scenario": scenario}, policy="mixed", on_step=on_step)
    assert ENGINE.outcome(final) is not None
