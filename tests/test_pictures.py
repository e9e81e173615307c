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


def test_the_picture_caches_keep_within_one_byte_budget():
    """Stamps, tiles, cards and static layers share one budget: drawing a whole game's pictures in both
    languages never lets them hold more, and the pictures stay the same when they are drawn again."""
    import render.common as common

    cache = common.ImageCache(budget=3 * 1024 * 1024)
    made = []

    def draw(i):
        made.append(i)
        return Image.new("RGB", (400, 400), (i, 0, 0))

    for i in range(40):
        cache.get(("square", i), lambda i=i: draw(i))
        assert cache.used <= cache.budget
    assert cache.used == 4 * common.image_bytes(draw(0))
    made.clear()
    cache.get(("square", 39), lambda: draw(39))
    cache.get(("square", 0), lambda: draw(0))
    assert made == [0]  # the most recent were kept, the oldest drawn again
    made.clear()
    for _ in range(2):  # a picture over ``largest`` is drawn each time, and evicts nothing
        cache.get(("big", 0), lambda: draw(1), largest=100)
    assert made == [1, 1] and ("square", 0) in cache._items

    engine = GAMES["engis"]
    final, _ = play(engine, 4, seed=3, policy="ai")
    first = render("engis", engine.view(final, None), locale="en", names=[])
    common.IMAGES.clear()
    assert render("engis", engine.view(final, None), locale="en", names=[]) == first
    assert 0 < common.IMAGES.used <= common.IMAGES.budget
