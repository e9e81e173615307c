"""The picture: a valid PNG of the right size for every player count, private parts only in
the owner's view."""

import io

from engis_helpers import new
from PIL import Image

from render.engis import render
from rules.core import play
from rules.engis import ENGINE


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
