"""Every game's picture: a PNG under 1 MB, 1400-1600 px wide, in both languages, for the channel and
each player, and the same picture for the same view (rendering is a pure function)."""

import io

import pytest
from PIL import Image

from render import render
from rules import GAMES
from rules.core import play

CASES = [(g, p) for g, e in GAMES.items() for p in range(e.min_players, e.max_players + 1)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pictures_along_a_whole_game(game, players):
    engine = GAMES[game]
    states = []
    final, _ = play(engine, players, seed=players, policy="ai", on_step=lambda b, a, s, i: states.append(a))
    names = [f"P{i}" for i in range(players)]
    for state in [states[len(states) // 3], states[2 * len(states) // 3], final]:
        for seat in (None, 0):
            for locale in ("en", "pt-BR"):
                png = render(game, engine.view(state, seat), locale=locale, names=names)
                assert len(png) < 1_000_000
                img = Image.open(io.BytesIO(png))
                assert img.format == "PNG" and 1400 <= img.width <= 1600
                assert png == render(game, engine.view(state, seat), locale=locale, names=names)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_png_holds_the_very_pixels_and_palette_drawn(game, monkeypatch):
    """The board's PNG (written by render.common.paletted_png) decodes, through Pillow's own reader,
    to exactly the paletted picture that was drawn."""
    import render.common as common

    drawn = []
    quantize = Image.Image.quantize

    def keep(self, *args, **kwargs):
        drawn.append(quantize(self, *args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(Image.Image, "quantize", keep)
    engine = GAMES[game]
    state, _ = play(engine, engine.max_players, seed=11, policy="ai")
    png = render(game, engine.view(state, None), locale="pt-BR", names=["Ana", "Bia", "Caio", "Davi", "Eva"])
    decoded = Image.open(io.BytesIO(png))
    decoded.load()
    assert common.paletted_png(drawn[-1]) == png
    assert decoded.mode == "P" and decoded.size == drawn[-1].size
    assert decoded.tobytes() == drawn[-1].tobytes()
    assert decoded.getpalette() == drawn[-1].getpalette()
    assert decoded.convert("RGB").tobytes() == drawn[-1].convert("RGB").tobytes()
