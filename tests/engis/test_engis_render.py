"""The picture: a valid PNG of the right size for every player count, private parts only in
the owner's view."""

import io

import pytest
from engis_helpers import new
from PIL import Image

from render.engis import render
from rules.core import play
from rules.engis import ENGINE


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_render_png(players):
    state = new(players, seed=players)
    for _ in range(25 * players):
        if not ENGINE.to_act(state):
            break
        seat = state.actor
        state = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat))
    for seat in (None, 0):
        for locale in ("en", "pt-BR"):
            png = render(ENGINE.view(state, seat), locale=locale, names=[f"P{i}" for i in range(players)])
            assert len(png) < 1_000_000
            img = Image.open(io.BytesIO(png))
            assert img.format == "PNG" and 1400 <= img.width <= 1600


def test_render_is_pure_and_private_view_differs():
    state = new(3, seed=4)
    public = render(ENGINE.view(state, None), locale="en", names=["A", "B", "C"])
    assert public == render(ENGINE.view(state, None), locale="en", names=["A", "B", "C"])
    private = render(ENGINE.view(state, 0), locale="en", names=["A", "B", "C"])
    assert private != public


def test_render_finished_game_and_missing_names():
    final, _ = play(ENGINE, 4, seed=1)
    png = render(ENGINE.view(final, None), locale="pt-BR", names=[])
    assert Image.open(io.BytesIO(png)).size[0] == 1500
