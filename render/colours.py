"""The pictures' colours: the seats', the ink and background, the palettes a player must tell apart, and the
fixed palette a board is drawn in."""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field

from PIL import Image

# Distinct on light and dark Discord themes and for the common colour-vision deficiencies
# (Okabe-Ito palette), in seat order.
SEAT_COLOURS = [
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
]
NEUTRAL_COLOUR = (120, 120, 120)
BACKGROUND = (245, 240, 228)
INK = (35, 35, 40)
MUTED = (110, 110, 118)
HIGHLIGHT = (255, 196, 0)
Colour = tuple[int, int, int]


def seat_colour(seat: int | None) -> tuple[int, int, int]:
    if seat is None:
        return NEUTRAL_COLOUR
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass(frozen=True)
class Palette:
    """Colours a player must tell apart on a picture (its ``name`` says where), by key, with the mark drawn
    with each wherever it is drawn: a letter, a shape, a name written on it ("" or no entry: none).

    Colour is never the only carrier of meaning: two colours a colour-blind player may confuse must have
    different marks. Each picture module lists its palettes in ``palettes(locale)``; a test checks every
    pair under simulated deuteranopia and protanopia."""

    name: str
    colours: dict[str, tuple[int, int, int]]
    marks: dict[str, str] = field(default_factory=dict)


_STEPS = (0, 51, 102, 153, 204, 255)


_PALETTES: dict[tuple[Colour, ...], Image.Image] = {}
_PALETTES_LOCK = threading.Lock()
_SERIALS = itertools.count()  # a palette's own number, for the keys of what is kept in it (``_blended``)


def fixed_palette(colours: tuple[Colour, ...]) -> Image.Image:
    """A palette of a picture's own flat colours, then a colour cube and greys for anti-aliased edges.

    One image for each set of colours, for good, whichever thread asks first: a board and the cards kept in
    its palette tell that they share it by that image (``paste_image``)."""
    palette = _PALETTES.get(colours)
    if palette is None:
        with _PALETTES_LOCK:
            palette = _PALETTES.get(colours)
            if palette is None:
                palette = _PALETTES[colours] = _palette(colours)
    return palette


def _palette(colours: tuple[Colour, ...]) -> Image.Image:
    base = [*colours, BACKGROUND, INK, MUTED, HIGHLIGHT, NEUTRAL_COLOUR, *SEAT_COLOURS, (255, 255, 255), (0, 0, 0)]
    cube = [(r, g, b) for r in _STEPS for g in _STEPS for b in _STEPS]
    greys = [(v, v, v) for v in range(8, 256, 12)]
    palette = list(dict.fromkeys([*base, *cube, *greys]))[:256]
    image = Image.new("P", (1, 1))
    image.putpalette([v for c in palette for v in c])
    image.load()  # its palette in Pillow's core, where paletted boards map their blends (``_blended``)
    image.info["serial"] = next(_SERIALS)
    return image


def palette_index(image: Image.Image, colour: tuple[int, ...]) -> int:
    """The entry of a paletted board's fixed palette that a pixel of ``colour`` is mapped to."""
    palette = image.info["fixed"]
    indices: dict[tuple[int, ...], int] = palette.info.setdefault("indices", {})  # kept with the palette
    rgb = tuple(colour[:3])
    index = indices.get(rgb)
    if index is None:
        pixel = Image.new("RGB", (1, 1), rgb).quantize(palette=palette, dither=Image.Dither.NONE)
        index = indices[rgb] = int(pixel.getpixel((0, 0)))  # type: ignore[arg-type]
    return index
