"""States share the players an action leaves alone, and nothing ever writes into a shared player."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.engis import ENGINE, data, scoring
from rules.engis.state import Clan, FrozenDict

_SEQUENCES = ("meeples", "objects", "skills", "hand", "played", "aside", "secret", "used", "moved")


def _frozen_all_through(p: Clan) -> bool:
    """Every container in ``p`` is one that cannot change: tuples and ``FrozenDict``."""
    fields = p.__dict__
    return all(type(fields[name]) is tuple for name in _SEQUENCES) and type(fields["hexes"]) is FrozenDict is type(
        fields["points"]
    )


def test_a_player_cannot_be_changed_in_place():
    p = ENGINE.new_game(2, seed=3).clans[0]
    with pytest.raises(ValidationError):
        p.score = 5
    with pytest.raises(AttributeError):
        p.meeples.append("a1")
    with pytest.raises(TypeError):
        p.hexes["c1"] = "F1"
    with pytest.raises(TypeError):
        p.points.update({"engis.score.cards": 1})
    q = p.changed(score=5)
    assert (p.score, q.score) == (0, 5) and q.hexes is p.hexes
    r = q.scored("engis.score.cards", 4)
    assert (r.score, r.points, q.points) == (9, {"engis.score.cards": 4}, {})
    assert type(r.points) is FrozenDict and _frozen_all_through(r)


def test_a_territory_is_summed_up_once_and_follows_a_new_hex():
    s = ENGINE.new_game(2, seed=3)
    p = s.clans[0]
    first = scoring.territory(p)
    assert scoring.territory(p.changed(meeples=())) is first  # the same hexes: the same summary
    space = scoring.free_spaces(p)[0]
    q = p.changed(hexes=FrozenDict({**p.hexes, space: "F1"}))
    assert scoring.territory(q) is not first and space not in scoring.free_spaces(q)
    forest = data.ALL_HEXES["F1"].terrain
    assert scoring.terrain_counts(q)[forest] == scoring.terrain_counts(p)[forest] + 1
    assert ENGINE.load(ENGINE.dump(s)).clans[0].hexes == p.hexes


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32 - 1),
    side=st.sampled_from(["normal", "swamp"]),
    ai_share=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_apply_never_writes_into_its_input_nor_into_a_shared_player(players, seed, side, ai_share):
    state = ENGINE.new_game(players, seed, {"side": side})
    met: dict[int, tuple[Clan, str]] = {}  # every player of the game, as it was when first met
    choices = random.Random(seed)
    shared = 0
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        for p in state.clans:
            met.setdefault(id(p), (p, p.model_dump_json()))
            assert _frozen_all_through(p)
        before = ENGINE.dump(state)
        if choices.random() < ai_share:
            choice = ENGINE.ai_action(state, seat)
        else:
            choice = choices.choice(ENGINE.legal_actions(state, seat)).id
        new = ENGINE.apply(state, seat, choice)
        assert ENGINE.dump(state) == before  # the AI and apply left the input as it was
        assert ENGINE.load(ENGINE.dump(new)) == new
        assert new.clans is not state.clans
        shared += sum(a is b for a, b in zip(state.clans, new.clans, strict=True))
        state = new
    for p, dumped in met.values():  # a player once in a state never changed since, shared or not
        assert p.model_dump_json() == dumped
    assert shared  # the mechanism is at work: most actions leave most players alone
