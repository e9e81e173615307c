"""Every game's picture: a PNG under 1 MB, 1400-1600 px wide, in both languages, for the channel and
each player, and the same picture for the same view (rendering is a pure function)."""

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

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
    """The board's PNG (written by render.png.paletted_png) decodes, through Pillow's own reader,
    to exactly the paletted picture that was drawn."""
    from render import parts, png

    drawn = []
    write = png.paletted_png

    def keep(image):
        drawn.append(image.copy())
        return write(image)

    monkeypatch.setattr(png, "paletted_png", keep)  # (a board drawn whole)
    monkeypatch.setattr(parts, "paletted_png", keep)  # (a board with its kept parts pasted)
    engine = GAMES[game]
    state, _ = play(engine, engine.max_players, seed=11, policy="ai")
    picture = render(game, engine.view(state, None), locale="pt-BR", names=["Ana", "Bia", "Caio", "Davi", "Eva"])
    decoded = Image.open(io.BytesIO(picture))
    decoded.load()
    assert write(drawn[-1]) == picture
    assert decoded.mode == "P" and decoded.size == drawn[-1].size
    assert decoded.tobytes() == drawn[-1].tobytes()
    assert decoded.getpalette() == drawn[-1].getpalette()
    assert decoded.convert("RGB").tobytes() == drawn[-1].convert("RGB").tobytes()


def test_the_picture_caches_keep_within_one_byte_budget():
    """Stamps, tiles, cards and static layers share one budget: drawing a whole game's pictures in both
    languages never lets them hold more, and the pictures stay the same when they are drawn again."""
    from render import caches

    cache = caches.ImageCache(budget=3 * 1024 * 1024)
    made = []

    def draw(i):
        made.append(i)
        return Image.new("RGB", (400, 400), (i, 0, 0))

    for i in range(40):
        cache.get(("square", i), lambda i=i: draw(i))
        assert cache.used <= cache.budget
    assert cache.used == 4 * caches.image_bytes(draw(0))
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
    caches.IMAGES.clear()
    assert render("engis", engine.view(final, None), locale="en", names=[]) == first
    assert 0 < caches.IMAGES.used <= caches.IMAGES.budget


def _clear_caches():
    from render import caches

    for cache in caches.CACHES:
        cache.clear()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_board_drawn_from_the_caches_is_the_board_drawn_fresh(game):
    """Text stamps, rounded-rectangle masks, cards kept in the board's palette and static layers: each
    board drawn with every cache empty is the same file, byte for byte, as the board drawn among
    others (the channel's and the seats', in both languages) from what they left in the caches."""
    engine = GAMES[game]
    players = min(3, engine.max_players)
    states = []
    play(engine, players, seed=5, policy="random", on_step=lambda b, a, s, i: states.append(a))
    names = ["Ana", "Bia", "Caio"][:players]
    views = [
        engine.view(state, seat)
        for state in (states[len(states) // 3], states[2 * len(states) // 3], states[-1])
        for seat in (None, 0, players - 1)
    ]
    boards = [(view, ("pt-BR", "en")[number % 2]) for number, view in enumerate(views)]  # the languages in turn
    fresh = []
    for view, locale in boards:
        _clear_caches()
        fresh.append(render(game, view, locale=locale, names=names))
    for (view, locale), png in zip(boards, fresh, strict=True):
        assert render(game, view, locale=locale, names=names) == png


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_board_pasting_its_kept_parts_is_the_board_drawn_in_place(game):
    """A board's parts (a clan's territory and objects, a region's card, the legend) are kept from one
    board to the next and pasted: along a stretch of a played game, board after board (the channel's and
    a seat's, in both languages), each is the very file of the board drawn from empty caches with every
    part drawn in place."""
    from render import caches

    engine = GAMES[game]
    players = min(3, engine.max_players)
    states = []
    play(engine, players, seed=7, policy="random", on_step=lambda b, a, s, i: states.append(a))
    middle = len(states) // 2
    names = ["Ana", "Bia", "Caio"][:players]
    boards = [
        (engine.view(state, seat), locale)
        for state in [*states[middle : middle + 4], states[-1]]
        for seat in (None, 0)
        for locale in ("pt-BR", "en")
    ]
    budget = caches.PARTS.budget
    try:
        caches.PARTS.budget = 0
        _clear_caches()
        in_place = [render(game, view, locale=locale, names=names) for view, locale in boards]
    finally:
        caches.PARTS.budget = budget
    _clear_caches()
    for number, ((view, locale), png) in enumerate(zip(boards, in_place, strict=True)):
        assert render(game, view, locale=locale, names=names) == png, f"board {number} ({locale})"


def test_every_picture_cache_keeps_within_its_budget_and_they_share_66_mb():
    from render import caches

    assert sum(cache.budget for cache in caches.CACHES) == 66 * 1024 * 1024
    budgets = {id(cache): cache.budget for cache in caches.CACHES}
    try:
        for cache in caches.CACHES:  # small budgets, so that drawing a few boards fills them
            cache.budget = 256 * 1024
            cache.clear()
        for game, engine in sorted(GAMES.items()):
            state, _ = play(engine, min(3, engine.max_players), seed=2, policy="random")
            for seat in (None, 0, 1):
                render(game, engine.view(state, seat), locale="en", names=["Ana", "Bia", "Caio"])
                for cache in caches.CACHES:
                    assert cache.used <= cache.budget
                    assert cache.used == sum(caches.image_bytes(i) for i in cache._items.values())
        assert all(cache.used > 0 for cache in caches.CACHES[:2])
    finally:
        for cache in caches.CACHES:
            cache.budget = budgets[id(cache)]
            cache.clear()


def test_a_card_is_kept_in_its_boards_palette_and_pastes_as_drawn_and_mapped():
    """A card kept paletted (a quarter of the memory) pastes the very pixels of the card drawn fresh
    and mapped to the board's palette, as the whole board is mapped in the end."""
    import render.pergamemnon as pergamemnon
    from render import caches
    from render.colours import BACKGROUND, fixed_palette

    _clear_caches()
    kept = pergamemnon._card("?", 128, 172, "en")
    assert kept.mode == "P"
    fresh = pergamemnon._card.__wrapped__("?", 128, 172, "en")
    assert fresh.mode == "RGB" and fresh.size == kept.size
    mapped = fresh.quantize(palette=fixed_palette(pergamemnon._colours()), dither=Image.Dither.NONE)
    board = Image.new("RGB", (200, 200), BACKGROUND)
    board.paste(kept, (10, 10))
    assert board.crop((10, 10, 138, 182)).tobytes() == mapped.convert("RGB").tobytes()
    assert caches.image_bytes(kept) * 4 == caches.image_bytes(fresh)


def test_any_picture_pastes_on_a_paletted_board_as_on_a_board_in_rgb():
    """``paste_image`` on a board drawn in its palette: a card kept in that very palette is pasted as it
    is; a paletted picture of another palette image (even of the same colours), an opaque picture and a
    translucent one through its mask are blended in RGB and mapped: each is the board drawn in RGB and
    mapped at the end, pixel for pixel."""
    import render.pergamemnon as pergamemnon
    from render import drawing
    from render.colours import BACKGROUND, fixed_palette

    colours = pergamemnon._colours()
    card = pergamemnon._card.__wrapped__("?", 128, 172, "en")  # drawn in RGB
    own = pergamemnon._card("?", 128, 172, "en")  # kept in the board's palette
    same = Image.new("P", (1, 1))
    same.putpalette(fixed_palette(colours).getpalette())
    other = card.quantize(palette=same, dither=Image.Dither.NONE)  # the same colours, another image
    translucent = Image.new("RGBA", (60, 40), (0, 0, 0, 0))
    ImageDraw.Draw(translucent).ellipse((2, 2, 57, 37), fill=(200, 30, 30, 160))
    pastes = [
        (own, (5, 5), None),
        (other, (150, 5), None),
        (card, (5, 190), None),
        (translucent, (40, 60), translucent),
    ]
    board, _ = drawing.canvas(300, 380, colours)
    in_rgb = Image.new("RGB", (300, 380), BACKGROUND)
    for image, xy, mask in pastes:
        drawing.paste_image(board, image, xy, mask)
        in_rgb.paste(image, xy, mask)
    assert board.mode == "P"
    mapped = in_rgb.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE)
    assert board.tobytes() == mapped.tobytes()


def test_a_text_kept_over_a_flat_colour_pastes_the_pixels_blending_gives(monkeypatch):
    """A text over one flat colour of a paletted board is kept as it came out there (``FLAT_TEXTS``), once per
    colour: pasted again, over that colour or the other, and beside the same text over a background that is
    not flat, the board is the one whose every text is blended (``_blended``)."""
    import render.pergamemnon as pergamemnon
    from render import caches, drawing, lettering

    colours = pergamemnon._colours()

    def board() -> bytes:
        img, draw = drawing.canvas(400, 200, colours)
        draw.rectangle((0, 0, 199, 139), fill=colours[1])
        draw.rectangle((200, 0, 399, 139), fill=colours[2])
        for x in range(0, 400, 3):  # stripes: no flat colour under the last text
            draw.line((x, 140, x, 199), fill=colours[x % 5])
        for xy in [(10, 10), (210, 10), (10, 70), (210, 70), (10, 150)]:
            lettering.put_text(img, xy, "Ábaco 42", 24, fill=(20, 20, 20))
        assert drawing.in_palette(img)
        return img.tobytes()

    caches.FLAT_TEXTS.clear()
    first, again = board(), board()
    assert len(caches.FLAT_TEXTS._items) == 2  # one for each flat colour
    blend_every_text = lettering.paste_colour
    monkeypatch.setattr(
        lettering, "paste_colour", lambda img, colour, box, mask, text=None: blend_every_text(img, colour, box, mask)
    )
    assert first == again == board()
    caches.FLAT_TEXTS.clear()


def test_a_palette_is_one_image_whichever_threads_ask_for_it_first():
    """Threads drawing their first boards at once get one palette image for the same colours: a card
    kept in it is then pasted as it is on each of their boards."""
    from concurrent.futures import ThreadPoolExecutor

    import render.colours as picture_colours

    colours = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    picture_colours._PALETTES.pop(colours, None)
    with ThreadPoolExecutor(8) as threads:
        palettes = list(threads.map(lambda _: picture_colours.fixed_palette(colours), range(64)))
    assert all(p is palettes[0] for p in palettes)
    picture_colours._PALETTES.pop(colours, None)


rgb = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))


@settings(max_examples=300, deadline=None)
@given(
    x0=st.floats(0, 60) | st.integers(0, 60),
    y0=st.floats(0, 60) | st.integers(0, 60),
    w=st.floats(1, 120) | st.integers(1, 120),
    h=st.floats(1, 90) | st.integers(1, 90),
    radius=st.floats(0, 30) | st.integers(0, 30),
    fill=st.none() | rgb,
    outline=st.none() | rgb,
    width=st.integers(0, 5),
    mode=st.sampled_from(["RGB", "RGBA"]),
    under=st.sampled_from([(245, 240, 228, 255), (0, 0, 0, 0), (10, 200, 30, 120)]),
)
@example(  # a radius a hair under 14: 37 + 2 × 13.999999999999996 rounds to 65.0, 1 + 2 × it does not
    x0=0.0, y0=37.0, w=29.0, h=29.0, radius=13.999999999999996, fill=(0, 0, 0), outline=None, width=0, mode="RGB",
    under=(245, 240, 228, 255),
)  # fmt: skip
def test_a_rounded_rectangle_from_cached_masks_has_pillows_pixels(
    x0, y0, w, h, radius, fill, outline, width, mode, under
):
    from render import drawing

    pillow = Image.new(mode, (200, 170), under)
    ours = pillow.copy()
    box = (x0, y0, x0 + w, y0 + h)
    try:
        ImageDraw.Draw(pillow).rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
    except ValueError:  # a radius Pillow refuses; ours refuses it too
        with pytest.raises(ValueError):
            drawing.rounded_rectangle(drawing.Drawing(ours), box, radius, fill=fill, outline=outline, width=width)
        return
    drawing.rounded_rectangle(drawing.Drawing(ours), box, radius, fill=fill, outline=outline, width=width)
    assert ours.tobytes() == pillow.tobytes()


@settings(max_examples=100, deadline=None)
@given(
    value=st.text(st.characters(codec="utf-8", categories=["L", "N", "P"]), min_size=1, max_size=12),
    colour=rgb,
    alpha=st.integers(0, 255),
    under=st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)),
    mode=st.sampled_from(["RGB", "RGBA"]),
)
def test_text_pasted_as_a_block_of_its_colour_has_pillows_pixels(value, colour, alpha, under, mode):
    from render import drawing, lettering

    mask = lettering._draw_mask(value, 18, False)
    pillow = Image.new(mode, (mask.width + 10, mask.height + 10), under)
    ours = pillow.copy()
    ink = (*colour, alpha) if mode == "RGBA" and alpha % 2 else colour
    box = (4, 5, 4 + mask.width, 5 + mask.height)
    pillow.paste(ink, box, mask)
    drawing.paste_colour(ours, ink, box, mask)
    assert ours.tobytes() == pillow.tobytes()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_board_drawn_in_its_palette_is_the_board_drawn_in_rgb_and_mapped(game):
    """Each board is drawn in its fixed palette from the start (``render.drawing.canvas``), its texts and
    translucent pictures blended in RGB where they fall and mapped back. Along a played game (the channel's
    and a seat's boards, in both languages, with the games' largest player count), it is the board drawn
    in RGB and mapped to the palette at the end: the same size and palette, and the same pixels but a
    shade on some anti-aliased edges, at most one pixel in a thousand. (A text blends over the colour its
    background is mapped to: Pillow maps colours through a cache of 6 bits a channel, so white maps to a
    palette's (250, 250, 250), and an edge blended over another edge meets its mapped shade.)"""
    from render import drawing

    engine = GAMES[game]
    players = engine.max_players
    states = []
    play(engine, players, seed=9, policy="random", on_step=lambda b, a, s, i: states.append(a))
    names = ["Ana", "Bia", "Caio", "Davi", "Eva"][:players]
    boards = [
        (engine.view(state, seat), ("pt-BR", "en")[number % 2])  # each state in one language, in turn
        for number, state in enumerate([*states[:: max(1, len(states) // 6)], states[-1]])
        for seat in (None, 0)
    ]
    drawn = {}
    try:
        for paletted in (False, True):
            drawing.PALETTED = paletted
            _clear_caches()
            drawn[paletted] = [render(game, view, locale=locale, names=names) for view, locale in boards]
    finally:
        drawing.PALETTED = True
        _clear_caches()
    for number, (in_palette, in_rgb) in enumerate(zip(drawn[True], drawn[False], strict=True)):
        a, b = Image.open(io.BytesIO(in_palette)), Image.open(io.BytesIO(in_rgb))
        assert a.mode == b.mode == "P" and a.size == b.size and a.getpalette() == b.getpalette(), f"board {number}"
        differ = _pixels_apart(a, b)
        assert differ <= a.width * a.height // 1000, f"board {number}: {differ} pixels differ"


def _pixels_apart(a: Image.Image, b: Image.Image) -> int:
    """How many pixels of two paletted pictures of one size hold other palette entries (Pillow counts them:
    a Python loop over a board's two million bytes took longer than drawing it)."""
    indices = [Image.frombytes("L", a.size, picture.tobytes()) for picture in (a, b)]
    return a.width * a.height - ImageChops.difference(*indices).histogram()[0]


def test_the_count_of_pixels_apart_counts_each_pixel_whose_entry_differs():
    a = Image.new("P", (40, 30), 3)
    b = a.copy()
    for xy, entry in [((0, 0), 4), ((39, 29), 2), ((5, 7), 255)]:
        b.putpixel(xy, entry)
    assert _pixels_apart(a, b) == 3 == sum(x != y for x, y in zip(a.tobytes(), b.tobytes(), strict=True))
    assert _pixels_apart(a, a.copy()) == 0
