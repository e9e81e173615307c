"""The picture: a valid PNG of the expected size, in both languages, at every player count."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.atlandice import render
from rules.atlandice import ENGINE
from rules.core import play


def _states(players: int):
    final, log = play(ENGINE, players, seed=5, policy="mixed")
    state = ENGINE.new_game(players, seed=5)
    middle = ENGINE.replay(players, 5, None, log[: len(log) // 2])
    return [state, middle, final]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_render_is_a_small_png(players, locale):
    for state in _states(players):
        png = render(ENGINE.view(state, None), locale=locale, names=["Ana", "Bruno", "Eric", "Bia"][:players])
        assert len(png) < 1_000_000
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG"
        assert 1200 <= image.width <= 1600 and image.height > 500


def test_render_without_names_and_from_a_json_view():
    state = _states(2)[1]
    view = ENGINE.view(state, 0)
    again = type(view).model_validate_json(view.model_dump_json())
    assert render(again, locale="en", names=[]) == render(view, locale="en", names=[])


def test_every_picture_and_tile_text_is_in_the_catalogue():
    import re
    from pathlib import Path

    from rules.atlandice.data import TILES
    from rules.atlandice.texts import TEXTS

    source = Path(__file__).resolve().parents[2].joinpath("render", "atlandice.py").read_text()
    keys = set(re.findall(r'"(atlandice\.[a-z_.]+)"', source))
    assert keys and keys <= set(TEXTS), keys - set(TEXTS)
    for tiles in TILES.values():
        for tile in tiles:
            for kind in ("tile", "short", "effect"):
                assert f"atlandice.{kind}.{tile}" in TEXTS
    for sector in ("1", "2", "3", "4", "5", "bm"):
        assert f"atlandice.sector.{sector}" in TEXTS
    for res in ("gem", "book", "food", "tool", "arm"):
        assert f"atlandice.res.{res}" in TEXTS and f"atlandice.score.{res}" not in TEXTS
