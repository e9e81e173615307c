"""The picture: a valid PNG of the right size, in both languages, private parts only in the owner's view."""

import io

from nea_helpers import new
from PIL import Image

from render.neanderthal import render
from rules.core import play
from rules.neanderthal import ENGINE


def _advance(state, n):
    for _ in range(n):
        if not ENGINE.to_act(state):
            break
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat))
    return state


def test_hand_only_in_owner_view():
    state = new(3, seed=4)
    state.tribes[1].hand = [23]
    state.tribes[1].tribal = True
    public = ENGINE.view(state, None).model_dump_json()
    other = ENGINE.view(state, 0).model_dump_json()
    mine = ENGINE.view(state, 1)
    assert mine.tribes[1].hand == [23]
    for js in (public, other):
        assert '"hand":[23]' not in js.replace(" ", "")
    names = ["A", "B", "C"]
    assert render(ENGINE.view(state, None), locale="en", names=names) != render(mine, locale="en", names=names)


def test_ice_cards_are_hidden():
    state = new(3, seed=4)
    state.ice_north[2] = True
    hidden = state.north[2]
    v = ENGINE.view(state, None)
    assert v.north[2] == 0 and v.ice_north[2]
    assert hidden not in v.north


def test_render_finished_game():
    for players in (1, 3):
        final, _ = play(ENGINE, players, seed=1)
        png = render(ENGINE.view(final, None), locale="pt-BR", names=[])
        assert Image.open(io.BytesIO(png)).format == "PNG"


def test_render_the_matrix_of_l_and_m_hides_undiscovered_cards():
    for players in (1, 2, 3):
        state = _advance(ENGINE.new_game(players, 2, {"map": "matrix"}), 40)
        view = ENGINE.view(state, None)
        assert view.cells and all(view.grid[i] == 0 for i, k in enumerate(view.cells) if k != "c")
        for locale in ("en", "pt-BR"):
            img = Image.open(io.BytesIO(render(view, locale=locale, names=["Ana", "Bia", "Caio"][:players])))
            assert img.format == "PNG" and img.size[0] == 1500 and img.size[1] > 1100
    final, _ = play(ENGINE, 1, seed=4, options={"map": "matrix"})
    assert Image.open(io.BytesIO(render(ENGINE.view(final, 0), locale="en", names=["Ana"]))).format == "PNG"
