"""Shared drawing helpers: fonts loaded once, seat colours, text by anchor, PNG encoding."""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

# Distinct on light and dark Discord themes and for the common colour-vision deficiencies
# (Okabe-Ito palette), in seat order.
SEAT_COLOURS = [
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermillion
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),    # orange
]
NEUTRAL_COLOUR = (120, 120, 120)
BACKGROUND = (245, 240, 228)
INK = (35, 35, 40)
MUTED = (110, 110, 118)
HIGHLIGHT = (255, 196, 0)

_FONT_DIRS = [
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/share/fonts/dejavu"),
]


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans when the system has it, else Pillow's own scalable font (both cover pt-BR)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in _FONT_DIRS:
        path = folder / name
        if path.exists():
            return ImageFont.truetype(str(path), size)
    default = ImageFont.load_default(size=size)
    assert isinstance(default, ImageFont.FreeTypeFont), "Pillow without FreeType cannot draw the pictures"
    return default


def seat_colour(seat: int | None) -> tuple[int, int, int]:
    if seat is None:
        return NEUTRAL_COLOUR
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, size: int = 20, *,
         fill: tuple[int, int, int] = INK, bold: bool = False, anchor: str = "la") -> None:
    draw.text(xy, value, font=font(size, bold), fill=fill, anchor=anchor)


class _Stamps:
    """The most recently used text stamps, within a memory budget (names and numbers vary without end)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[tuple, Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> Image.Image:
        with self._lock:
            stamp = self._items.get(key)
            if stamp is not None:
                self._items.move_to_end(key)
                return stamp
        stamp = _draw_stamp(*key)
        with self._lock:
            if key not in self._items:
                self._items[key] = stamp
                self.used += stamp.width * stamp.height * 4
                while self.used > self.budget and len(self._items) > 1:
                    _, old = self._items.popitem(last=False)
                    self.used -= old.width * old.height * 4
        return stamp


STAMPS = _Stamps(budget=16 * 1024 * 1024)


def _stamp(value: str, size: int, bold: bool, fill: tuple, stroke: int, stroke_fill: tuple) -> Image.Image:
    """A piece of text drawn once on a transparent image (text is the slow part of a picture)."""
    return STAMPS.get((value, size, bold, fill, stroke, stroke_fill))


def _draw_stamp(value: str, size: int, bold: bool, fill: tuple, stroke: int, stroke_fill: tuple) -> Image.Image:
    f = font(size, bold)
    ascent, descent = f.getmetrics()
    pad = stroke + 1
    img = Image.new("RGBA", (int(f.getlength(value)) + 2 * pad + 1, ascent + descent + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((pad, pad), value, font=f, fill=fill, anchor="la", stroke_width=stroke,
                             stroke_fill=stroke_fill)
    return img


def put_text(img: Image.Image, xy: tuple[float, float], value: str, size: int = 20, *,
             fill: tuple[int, ...] = INK, bold: bool = False, anchor: str = "la", stroke: int = 0,
             stroke_fill: tuple[int, ...] = (255, 255, 255)) -> None:
    """Pastes a cached text stamp; ``anchor`` as in Pillow (l/m/r, then a/t top, m middle, else bottom)."""
    if not value:
        return
    st = _stamp(value, size, bold, tuple(fill), stroke, tuple(stroke_fill))
    pad = stroke + 1
    x, y = xy
    x -= pad
    y -= pad
    if anchor[0] == "m":
        x -= (st.width - 2 * pad) / 2
    elif anchor[0] == "r":
        x -= st.width - 2 * pad
    if anchor[1] == "m":
        y -= (st.height - 2 * pad) / 2
    elif anchor[1] not in "at":
        y -= st.height - 2 * pad
    img.paste(st, (round(x), round(y)), st)


def text_width(value: str, size: int = 20, bold: bool = False) -> float:
    return font(size, bold).getlength(value)


def fit_text(value: str, width: float, size: int = 20, bold: bool = False) -> str:
    """``value`` cut with an ellipsis so that it fits in ``width`` pixels."""
    if text_width(value, size, bold) <= width:
        return value
    while value and text_width(value + "…", size, bold) > width:
        value = value[:-1]
    return value + "…"


Colour = tuple[int, int, int]
_STEPS = (0, 51, 102, 153, 204, 255)


@lru_cache(maxsize=8)
def fixed_palette(colours: tuple[Colour, ...]) -> Image.Image:
    """A palette of a picture's own flat colours, then a colour cube and greys for anti-aliased edges."""
    base = [*colours, BACKGROUND, INK, MUTED, HIGHLIGHT, NEUTRAL_COLOUR, *SEAT_COLOURS, (255, 255, 255), (0, 0, 0)]
    cube = [(r, g, b) for r in _STEPS for g in _STEPS for b in _STEPS]
    greys = [(v, v, v) for v in range(8, 256, 12)]
    palette = list(dict.fromkeys([*base, *cube, *greys]))[:256]
    image = Image.new("P", (1, 1))
    image.putpalette([v for c in palette for v in c])
    return image


def to_png(image: Image.Image, colours: tuple[Colour, ...] | None = None) -> bytes:
    """PNG bytes of a flat-coloured board mapped to 256 colours, which keeps it small.

    With ``colours`` (the picture's own flat colours) the mapping uses a fixed palette, several
    times faster than choosing an adaptive one for each picture.
    """
    out = io.BytesIO()
    if colours is None:
        paletted = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    else:
        paletted = image.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE)
    paletted.save(out, format="PNG", compress_level=3 if colours is not None else 6)
    return out.getvalue()
