"""Whole games: conservation invariants, hidden information, replay, options."""

import pytest
from engis_helpers import edit, new, phase3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core import play
from rules.engis import ENGINE, data
from rules.engis.state import EngisState


def check_invariants(s: EngisState) -> None:
    placed = [h for p in s.clans for h in p.hexes.values() if h in data.HEXES]
    all_hexes = s.pile + [h for h in s.offer if h] + s.out + placed + ([s.picked] if s.picked else [])
    assert sorted(all_hexes) == sorted(data.TILE_IDS), "hex conservation"
    for seat, p in enumerate(s.clans):
        extra = 1 if "neandertal" in p.skills else 0
        limbo = 1 if s.phase in ("nea", "retorno") and s.actor == seat else 0  # being placed
        assert len(p.meeples) + p.meeples_on_row + limbo == data.MEEPLES + extra, "meeple conservation"
        assert sorted(p.hand + p.played + p.aside) == sorted(data.CARDS), "card conservation"
        assert len(set(p.skills)) == len(p.skills)
        assert len(p.hexes) == 2 + s.round - (
            1 if s.phase in ("token", "bid", "take", "pick", "place") and _not_placed_yet(s, p) else 0
        )
        assert sum(p.points.values()) == p.score
    copies = 2 if s.players >= 3 else 1
    for skill in data.SKILLS:
        owners = sum(skill in p.skills for p in s.clans)
        assert owners + s.pool[skill] + s.skills_removed.count(skill) == copies


def _not_placed_yet(s: EngisState, p) -> bool:
    # during phase 1 a player may or may not have placed this round's hex yet
    return len(p.hexes) == 1 + s.round


def secrets_hidden(s: EngisState) -> None:
    if s.phase == "over":
        return
    for owner, p in enumerate(s.clans):
        for viewer in [None, *range(s.players)]:
            if viewer == owner:
                continue
            v = ENGINE.view(s, viewer)
            pv = v.clans[owner]
            assert pv.hand is None and pv.secret is None
            assert pv.hand_count == len(p.hand)
            dumped = v.model_dump_json()
            for card in p.secret:
                assert card not in dumped
            for event in s.events:
                if not event.visible_to(viewer):
                    continue
                assert not any(str(x) in p.secret for x in event.text.params.values())
        mine = ENGINE.view(s, owner).clans[owner]
        assert mine.hand == list(p.hand) and mine.secret == list(p.secret)


def run(players: int, seed: int, options=None, policy="mixed") -> EngisState:
    rounds_seen = set()

    def on_step(before, after, seat, action_id):
        check_invariants(after)
        rounds_seen.add(after.round)
        if after.step % 5 == 0 or after.phase == "score":
            secrets_hidden(after)
        if after.phase == "score":
            assert all(a.secret for a in ENGINE.legal_actions(after, after.actor))
            others = [x for x in range(after.players) if x != after.actor]
            assert all(not ENGINE.legal_actions(after, x) for x in others)

    final, log = play(ENGINE, players, seed, options, policy=policy, on_step=on_step)
    assert final.phase == "over" and final.round == data.ROUNDS and rounds_seen == set(range(1, 9))
    assert all(len(p.hexes) == 10 and not p.hand for p in final.clans)
    assert not final.pile and not any(final.offer)
    assert ENGINE.replay(players, seed, options, log) == final
    out = ENGINE.outcome(final)
    assert sum(r.winner for r in out.results) >= 1
    return final


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("side", ["normal", "swamp"])
def test_random_games_keep_invariants(players, side):
    run(players, seed=100 + players, options={"side": side})


@pytest.mark.parametrize("solo", ["standard", "advanced", "glacial"])
def test_solo_modes_play(solo):
    final = run(1, seed=3, options={"solo": solo}, policy="ai")
    assert len(final.weather) == len(data.SOLO_LAYOUTS[solo])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    side=st.sampled_from(["normal", "swamp"]),
    order=st.sampled_from(["standard", "reverse"]),
)
def test_hypothesis_games(players, seed, side, order):
    run(players, seed, {"side": side, "order": order}, policy="random")


def test_outcome_ranks_and_tiebreak_by_meeples():
    final, _ = play(ENGINE, 4, seed=2)
    for seat, meeples in enumerate([2, 4, 4, 1]):
        edit(final, seat, score=50, points={"engis.score.cards": 50}, meeples=["a1"] * meeples)
    out = ENGINE.outcome(final)
    assert [r.rank for r in out.results] == [3, 1, 1, 4]
    assert out.winners == [1, 2]


def test_solo_victory_threshold():
    final, _ = play(ENGINE, 1, seed=1)
    edit(final, 0, score=95, points={"engis.score.cards": 95})
    out = ENGINE.outcome(final)
    assert out.for_seat(0).winner
    edit(final, 0, score=94, points={"engis.score.cards": 94})
    out = ENGINE.outcome(final)
    assert not out.for_seat(0).winner
    target = next(r for r in out.results if r.seat is None)
    assert target.winner and target.score == 95


def test_secret_intemperie_revealed_only_at_the_end():
    final, _ = play(ENGINE, 3, seed=4)
    v = ENGINE.view(final, None)
    assert all(pv.secret is not None and pv.failed is not None for pv in v.clans)


def test_ai_beats_random():
    ai_total = rnd_total = 0
    for seed in range(3):
        final, _ = play(ENGINE, 4, seed, policy=["ai", "random", "ai", "random"])
        ai_total += final.clans[0].score + final.clans[2].score
        rnd_total += final.clans[1].score + final.clans[3].score
    assert ai_total > rnd_total


def test_actions_fit_a_message():
    final_states = []

    def on_step(before, after, seat, action_id):
        for s in ENGINE.to_act(after):
            assert len(ENGINE.legal_actions(after, s)) <= 20

    for players in (1, 2, 4):
        final, _ = play(ENGINE, players, seed=8, policy="mixed", on_step=on_step)
        final_states.append(final)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_many_random_games(players):
    for seed in range(40):
        for side in ("normal", "swamp"):
            run(players, seed, {"side": side}, policy="random" if seed % 2 else "mixed")


def _player_refs(m):
    for key, value in m.params.items():
        if hasattr(value, "key"):
            if key in ("who", "a", "b"):
                yield value
            yield from _player_refs(value)


def test_every_event_names_players_with_seat_msg():
    from rules.core import seat_msg

    events = []

    def on_step(before, after, seat, action_id):
        events.extend(after.events)

    for players in (2, 4):
        play(ENGINE, players, seed=6, on_step=on_step)
    refs = [r for e in events for r in _player_refs(e.text)]
    assert refs
    for r in refs:
        if r.key == "core.then":
            continue
        assert r.key == "engis.neutral" or r == seat_msg(r.params["n"] - 1)


def test_only_the_top_of_a_discard_pile_is_public():
    # «coloca a carta numa pilha de descarte ..., mantendo apenas a carta do topo da pilha visível
    # para todos»: the other players (and the channel) see the top card and the pile's size, so the
    # hand cannot be read off the pile; the owner sees the whole pile, everyone does once it is over.

    s = new(3)
    played = ["agua", "tribo", "mamute"]
    edit(s, 0, played=played, hand=[c for c in data.CARDS if c not in played])
    phase3(s, 1)
    for viewer in (None, 1, 2):
        pv = ENGINE.view(s, viewer).clans[0]
        assert pv.played == ["mamute"] and pv.played_count == 3
        assert "agua" not in pv.model_dump_json()
    mine = ENGINE.view(s, 0).clans[0]
    assert mine.played == ["agua", "tribo", "mamute"] and mine.played_count == 3
    final, _ = play(ENGINE, 3, seed=4)
    assert all(len(pv.played) + len(pv.aside) == 8 for pv in ENGINE.view(final, None).clans)
