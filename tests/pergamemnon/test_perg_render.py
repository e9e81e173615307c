"""The picture: a PNG of the right size at every player count, the hand only in its owner's view."""

import io

from PIL import Image

from render.pergamemnon import render
from rules.core import play
from rules.pergamemnon import ENGINE


def _midgame(players, seed, phase=None):
    state = ENGINE.new_game(players, seed)
    for _ in range(400):
        if not ENGINE.to_act(state) or (phase and state.phase == phase):
            break
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat))
    return state


def test_render_is_pure_and_private_view_differs():
    state = ENGINE.new_game(3, seed=4)
    names = ["A", "B", "C"]
    public = render(ENGINE.view(state, None), locale="en", names=names)
    assert public == render(ENGINE.view(state, None), locale="en", names=names)
    private = render(ENGINE.view(state, 0), locale="en", names=names)
    assert private != public
    assert render(ENGINE.view(state, 1), locale="en", names=names) != private


def test_render_every_phase_and_the_end():
    seen = set()
    final, log = play(ENGINE, 4, seed=2, policy="mixed")
    state = ENGINE.new_game(4, 2)
    for seat, aid in log:
        state = ENGINE.apply(state, seat, aid)
        if state.phase not in seen:
            seen.add(state.phase)
            render(ENGINE.view(state, None), locale="en", names=["a", "b", "c", "d"])
            render(ENGINE.view(state, state.actor if state.actor >= 0 else None), locale="pt-BR", names=[])
    assert {"turn", "attack", "defend", "over"} <= seen
    png = render(ENGINE.view(final, None), locale="pt-BR", names=[])
    assert Image.open(io.BytesIO(png)).size[0] == 1500


def test_the_picture_crowns_the_creature_tiebreak_winner(monkeypatch):
    """Tied on points, «o jogador com a criatura mais poderosa (maior valor) vence»: only he is the winner."""
    import render.pergamemnon as R
    from rules.core import Rng
    from rules.pergamemnon.state import PergState, Player

    s = PergState(
        players=2,
        seed=0,
        rng=Rng(seed=0),
        row=[],
        cdeck=[],
        supply=15,
        phase="over",
        actor=-1,
        ps=[
            Player(nation="rom", hand=["R1"], secured=["M04"]),  # 1 + Minotaur 3, cost 7
            Player(nation="car", hand=["C10"], secured=["M05"]),
        ],
    )  # 1 + Sphinx 3, cost 8
    assert ENGINE.outcome(s).winners == [1]
    v = ENGINE.view(s, None)
    assert [p.winner for p in v.ps] == [False, True]
    crowned = []
    monkeypatch.setattr(R, "_put", lambda img, xy, text, **kw: crowned.append(text))
    render(v, locale="en", names=["Ann", "Bob"])
    assert sum("Winner" in text for text in crowned) == 1
