"""ENGIS's drawing pieces: the terrains' colours, a hex tile and where a hex stands, a meeple, a chip, the
texts' lengths; the collective board and the clans' panels draw with them."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from rules.core import Msg, seat_msg, t
from rules.engis import data

from .common import INK, Box, Drawing, fit_text, font, image_cache, paste_image, put_text, rounded_rectangle, translate

put = put_text


def tr(key: str, locale: str, **params) -> str:
    return translate(key, locale, **params)


def tile_box(r: int) -> Box:
    """A terrain's name on a hex tile of radius ``r``."""
    return Box(1.44 * r, max(9, int(r * 0.25)), bold=True)


TERRAIN_FILL = {
    "F": (46, 125, 62),
    "M": (128, 124, 118),
    "L": (64, 138, 206),
    "S": (180, 196, 84),
    "D": (233, 204, 146),
    "C": (92, 70, 56),
    "V": (176, 52, 38),
    "W": (104, 120, 92),
}
HATCHED = {"V": (120, 30, 20)}  # terrains drawn with stripes: Volcano (blocks movement), apart from Forest
DARK_TERRAINS = {"F", "M", "L", "C", "V", "W"}
RESOURCE_GLYPH = {
    "wood": ("■", (120, 70, 28)),
    "stone": ("▲", (60, 60, 66)),
    "water": ("●", (22, 70, 170)),
    "food": ("♦", (226, 112, 20)),
    "mammoth": ("▼", (96, 52, 34)),
}
PLANT = ("♣", (26, 150, 52))
KNOW = ("★", (250, 200, 20))
PANEL_BG = (252, 249, 240)
LINE = (200, 192, 175)


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon."""
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def put_glyph(img: Image.Image, xy, glyph: str, colour, size: int) -> None:
    put(img, xy, glyph, size, fill=colour, anchor="mm", stroke=max(1, size // 9))


@image_cache
def hex_tile(hid: str, r: int, locale: str) -> Image.Image:
    """One hex tile (terrain colour, name, icons), drawn at 3x and reduced for smooth edges."""
    k = 3
    size = (int(2 * r * k) + 2, int(math.sqrt(3) * r * k) + 2)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    d = Drawing(img)
    cx, cy = size[0] / 2, size[1] / 2
    h = data.ALL_HEXES[hid]
    d.polygon(hex_points(cx, cy, r * k - 1), fill=TERRAIN_FILL[h.terrain], outline=(40, 36, 30), width=2 * k)
    if h.terrain in HATCHED:  # a pattern besides the colour and the name: a volcano blocks movement
        hatch(img, hex_points(cx, cy, r * k - 2 * k), HATCHED[h.terrain], 3 * k)
    ink = (255, 255, 255) if h.terrain in DARK_TERRAINS else INK
    name = t(Msg(key=f"engis.terrain.{h.terrain}"), locale)
    box = tile_box(r)
    fs = box.size * k
    d.text((cx, cy - r * k * 0.48), fit_text(name, box.width * k, fs, True), font=font(fs, True), fill=ink, anchor="mm")
    resource = data.RESOURCE.get(h.terrain)
    gs = int(r * 0.42) * k
    if resource and h.icons:
        glyph, colour = RESOURCE_GLYPH[resource]
        step = gs * 0.95
        x0 = cx - step * (h.icons - 1) / 2
        for i in range(h.icons):
            d.text(
                (x0 + i * step, cy - r * k * 0.14),
                glyph,
                font=font(gs),
                fill=colour,
                anchor="mm",
                stroke_width=k,
                stroke_fill=(255, 255, 255),
            )
    extras = [g for g, n in ((PLANT, h.plant), (KNOW, h.know)) if n]
    for i, (glyph, colour) in enumerate(extras):  # right of the middle: a meeple stands on the left
        x = cx + r * k * 0.18 + (i - (len(extras) - 1) / 2) * gs * 1.1
        d.text(
            (x, cy + r * k * 0.45),
            glyph,
            font=font(gs),
            fill=colour,
            anchor="mm",
            stroke_width=k,
            stroke_fill=(30, 30, 30),
        )
    if hid.startswith("p"):
        d.text((cx + r * k * 0.62, cy + r * k * 0.40), "•", font=font(fs), fill=ink, anchor="mm")
    return img.resize((size[0] // k, size[1] // k), Image.Resampling.LANCZOS)


def hatch(img: Image.Image, polygon: list[tuple[float, float]], colour: tuple[int, int, int], width: int) -> None:
    """Diagonal stripes of ``colour`` inside ``polygon`` (Volcano's pattern, told from Forest without colour)."""
    mask = Image.new("L", img.size, 0)
    Drawing(mask).polygon(polygon, fill=255)
    stripes = Image.new("L", img.size, 0)
    sd = Drawing(stripes)
    step = width * 4
    for x in range(-img.height, img.width, step):
        sd.line((x, img.height, x + img.height, 0), fill=255, width=width)
    img.paste(colour, (0, 0), Image.composite(stripes, mask, mask).point(lambda v: 255 if v == 255 else 0))


@image_cache
def empty_tile(r: int) -> Image.Image:
    k = 3
    size = (int(2 * r * k) + 2, int(math.sqrt(3) * r * k) + 2)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    d = Drawing(img)
    d.polygon(
        hex_points(size[0] / 2, size[1] / 2, r * k - 2), fill=(236, 230, 214), outline=(180, 170, 150), width=2 * k
    )
    return img.resize((size[0] // k, size[1] // k), Image.Resampling.LANCZOS)


def paste_tile(img: Image.Image, tile: Image.Image, cx: float, cy: float) -> None:
    paste_image(img, tile, (int(cx - tile.width / 2), int(cy - tile.height / 2)), tile)


def space_centre(space: str, x0: float, y0: float, r: float) -> tuple[float, float]:
    col, y = data.SPACES[space]
    return x0 + r + (col - 1) * 1.5 * r, y0 + math.sqrt(3) * r * (y + 0.5)


def draw_meeple(
    img: Image.Image, draw: Drawing, cx: float, cy: float, colour, n: int, size: int = 11, count_size: int = 0
) -> None:
    """A pawn (head and body), the number of meeples on its body when more than one (at ``count_size``, by
    default the pawn's). A large pawn is ringed in dark ink too, to stand out on a terrain of its colour."""
    if size >= 16:
        ring = size * 0.45 + 3
        draw.ellipse((cx - ring, cy - size * 0.8 - ring, cx + ring, cy - size * 0.8 + ring), fill=INK)
        box = (cx - size * 0.8 - 2, cy - size * 0.45 - 2, cx + size * 0.8 + 2, cy + size * 0.75 + 2)
        rounded_rectangle(draw, box, radius=size // 2 + 2, fill=INK)
    draw.ellipse(
        (cx - size * 0.45, cy - size * 1.25, cx + size * 0.45, cy - size * 0.35),
        fill=colour,
        outline=(255, 255, 255),
        width=2,
    )
    rounded_rectangle(
        draw,
        (cx - size * 0.8, cy - size * 0.45, cx + size * 0.8, cy + size * 0.75),
        radius=size // 2,
        fill=colour,
        outline=(255, 255, 255),
        width=2,
    )
    if n > 1:
        count = count_size or size
        put(
            img,
            (cx, cy + size * 0.17),
            str(n),
            count,
            bold=True,
            fill=(255, 255, 255),
            anchor="mm",
            stroke=2,
            stroke_fill=(20, 20, 20),
            role="meeples",
        )


@image_cache
def _chip_image(
    label: str, fill: tuple, ink: tuple, size: int, width: float | None, outline: tuple | None, bold: bool
) -> Image.Image:
    w = int(width or (length(label, size, bold) + 14))
    img = Image.new("RGBA", (w + 1, size + 11), (0, 0, 0, 0))
    d = Drawing(img)
    rounded_rectangle(d, (0, 0, w, size + 10), radius=6, fill=fill, outline=outline or LINE, width=3 if outline else 1)
    label = fit(label, w - 10, size, bold)
    put(img, (w / 2, (size + 10) / 2), label, size, fill=ink, bold=bold, anchor="mm")
    return img


def chip(img, draw, x, y, label, *, fill, ink=INK, size=15, width=None, outline=None, bold=False) -> float:
    chip = _chip_image(label, tuple(fill), tuple(ink), size, width, tuple(outline) if outline else None, bold)
    paste_image(img, chip, (int(x), int(y)), chip)
    return chip.width - 1


@lru_cache(maxsize=2048)
def length(value: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(value)


@lru_cache(maxsize=2048)
def fit(value: str, width: float, size: int, bold: bool = False) -> str:
    return fit_text(value, width, size, bold)


def seat_name(names: list[str], seat: int, locale: str) -> str:
    return t(seat_msg(seat), locale, names=names)
