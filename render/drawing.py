"""Drawing on a board, in RGB or in its fixed palette: the canvas, pasting pictures and colours, rounded
rectangles."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from . import pillow_internals as pillow
from .caches import FLAT_TEXTS, TEXTS
from .colours import BACKGROUND, Colour, fixed_palette, palette_index
from .pillow_internals import PUBLIC, core, core_fill


class Drawing(ImageDraw.ImageDraw):
    """Pillow's drawing context, which also keeps the picture it draws on (``image``): the text stamps
    and the rounded rectangles are pasted onto it.

    On a paletted board (``canvas`` with ``colours``) a colour is drawn as its entry in the board's fixed
    palette, the entry its pixels would be mapped to had the board been drawn in RGB: Pillow's shapes are
    not anti-aliased, so they come out the very same. Text goes through ``put_text``, which blends it."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image

    def pixel_colour(self, colour: Any) -> Any:
        """The pixel value every shape draws ``colour`` as (each shape's ``fill`` and ``outline``, ``SHAPES``)."""
        return palette_index(self.image, colour) if self.image.mode == "P" and isinstance(colour, tuple) else colour

    def text(self, *args: Any, **kwargs: Any) -> None:
        if self.image.mode == "P":  # Pillow draws text on a palette image without anti-aliasing
            raise ValueError("text on a paletted board goes through put_text")
        super().text(*args, **kwargs)


def _inked(name: str) -> Any:
    """ImageDraw's shape ``name`` with its ``fill`` and ``outline`` first through ``pixel_colour``."""
    shape = getattr(ImageDraw.ImageDraw, name)
    names = list(inspect.signature(shape).parameters)
    places = [(names.index(p) - 1, p) for p in ("fill", "outline") if p in names]  # (after ``self``)

    def drawn(self: Drawing, *args: Any, **kwargs: Any) -> Any:
        if args:
            listed = list(args)
            for place, _ in places:
                if place < len(listed):
                    listed[place] = self.pixel_colour(listed[place])
            args = tuple(listed)
        for _, keyword in places:
            if keyword in kwargs:
                kwargs[keyword] = self.pixel_colour(kwargs[keyword])
        return shape(self, *args, **kwargs)

    drawn.__name__ = drawn.__qualname__ = name
    drawn.__doc__ = shape.__doc__
    return drawn


# Every shape of Pillow's drawing context that takes a colour (text goes another way on a paletted board:
# ``Drawing.text``). ``tests/test_library_internals.py`` fails on a Pillow with one more.
SHAPES = (
    "arc", "bitmap", "chord", "circle", "ellipse", "line", "pieslice", "point", "polygon", "rectangle",
    "regular_polygon", "rounded_rectangle", "shape",
)  # fmt: skip
for _name in SHAPES:  # (through Pillow's public shapes: overriding ``ImageDraw._getink``, which each calls,
    # costs as much, +0.8 % a picture, within the noise, ``python -m bench render`` with the two taking turns)
    setattr(Drawing, _name, _inked(_name))


# Whether the boards that can are drawn in their palette (``canvas``); False draws them in RGB, mapped to
# the palette at the end (the tests compare the two).
PALETTED = True


def canvas(width: int, height: int, colours: tuple[Colour, ...] | None = None) -> tuple[Image.Image, Drawing]:
    """A board's blank picture. With ``colours`` (the board's flat colours, as ``to_png`` takes them) it
    is drawn in the fixed palette of those colours from the start, a byte a pixel: its PNG then needs no
    mapping of the whole picture to the palette (``to_png``), which was a third of a board's CPU, and what
    is drawn on it comes out as the PNG of the board drawn in RGB and mapped at the end, but for a shade on
    some anti-aliased edges (see ``Drawing``, ``_blended``; the tests compare the two)."""
    if colours is None or not PALETTED:
        image = Image.new("RGB", (width, height), BACKGROUND)
        return image, Drawing(image)
    palette = fixed_palette(colours)
    image = Image.new("P", (width, height))
    image.putpalette(palette.getpalette() or [])
    image.info["fixed"] = palette
    image.paste(palette_index(image, BACKGROUND), (0, 0, width, height))
    return image, Drawing(image)


def in_palette(image: Image.Image) -> bool:
    """Whether a picture is a board drawn in its fixed palette (``canvas`` with ``colours``): its PNG needs
    no mapping."""
    return image.mode == "P" and "fixed" in image.info


def paste_image(img: Image.Image, image: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
    """``img.paste(image, xy, mask)``, also on a paletted board (``canvas``): a picture kept in the board's
    own palette is pasted as it is, any other is blended in RGB and mapped (``_blended``)."""
    if img.mode != "P":
        img.paste(image, xy, mask)
    elif image.mode == "P" and mask is None and image.info.get("fixed") is img.info["fixed"]:
        img.paste(image, xy)
    else:
        source = image if image.mode in ("RGB", "RGBA") else image.convert("RGB")
        size = (0, 0, *image.size)

        def blend(region: Any) -> None:
            if PUBLIC:
                region.paste(source, size, mask)
            elif mask is None:
                region.paste(core(source), size)
            else:
                region.paste(core(source), size, core(mask))

        _blended(img, (*xy, xy[0] + image.width, xy[1] + image.height), blend)


def _blended(
    img: Image.Image, box: tuple[int, int, int, int], blend: Callable[[Any], None], kept: tuple | None = None
) -> None:
    """``blend`` run on the RGB pixels of a paletted board's ``box`` (Pillow's core image of them), mapped
    back to its palette. Mapping is per pixel, so the board comes out as if drawn in RGB and mapped at the
    end wherever what is blended lies over flat colours (over another anti-aliased edge, a shade may
    differ). Pillow's core does it: a board blends a hundred texts, and ``Image``'s own calls cost more than
    their pixels (a board would cost a third more).

    With ``kept`` (what ``blend`` draws, as a key), what comes out over one flat colour is kept
    (``FLAT_TEXTS``) and pasted as it is the next time over that colour."""
    palette = img.info["fixed"]
    pixels = pillow.crop(img, box)
    key = None
    if kept is not None:
        low, high = pixels.getextrema()
        if low == high:
            key = ("flat", *kept, low, palette.info["serial"])
            flat = FLAT_TEXTS.find(key)
            if flat is not None:
                pillow.paste(img, flat, box)
                return
    region = pillow.to_rgb(pixels)
    blend(region)
    mapped = pillow.to_palette(region, palette)
    if key is not None:
        FLAT_TEXTS.keep(key, pillow.as_image(img, mapped))
    pillow.paste(img, mapped, box)


def paste_colour(
    img: Image.Image,
    colour: tuple[int, ...],
    box: tuple[int, int, int, int],
    mask: Image.Image,
    text: tuple | None = None,
) -> None:
    """``img.paste(colour, box, mask)``, the same pixels faster: Pillow blends a block of one colour
    through a mask about three times faster than it blends the colour itself, and the block is made
    and pasted straight through Pillow's core (a text stamp is pasted a hundred times a picture, and
    ``Image.new`` and ``Image.paste`` cost more than the pixels of a short one: a board costs 15 % more
    CPU through them, even with the blocks kept by colour and size). Pillow's core is not a public
    interface: ``render/pillow_internals.py`` holds it, and its test compares these pixels with
    ``Image.paste``'s."""
    if img.mode == "P":

        def blend(region: Any) -> None:
            if PUBLIC:
                region.paste(Image.new("RGB", mask.size, colour[:3]), (0, 0, *mask.size), mask)
            else:
                region.paste(core_fill("RGB", mask.size, colour[:3]), (0, 0, *mask.size), core(mask))

        # (``text``: a text's words, size and boldness, of which ``mask`` is the stamp)
        _blended(img, box, blend, None if text is None else (*text, colour[:3]))
        return
    if img.mode != "RGB":  # Pillow blends a colour into a translucent picture in a way of its own
        img.paste(colour, box, mask)
        return
    if PUBLIC:
        img.paste(Image.new("RGB", mask.size, colour[:3]), box, mask)
        return
    core(img).paste(core_fill("RGB", mask.size, colour[:3]), box, core(mask))


# A rounded rectangle of at most this many pixels is pasted from cached masks: Pillow draws one from
# about twenty shapes (corners, arcs, bands), which costs more than pasting a small one.
ROUNDED_LARGEST = 12_000


def rounded_rectangle(
    draw: Drawing,
    xy: tuple[float, float, float, float],
    radius: float = 0,
    fill: tuple[int, ...] | None = None,
    outline: tuple[int, ...] | None = None,
    width: int = 1,
) -> None:
    """``draw.rounded_rectangle`` with the same pixels (Pillow draws it without anti-aliasing, so its
    coverage is a mask of 0 and 255, the same wherever it is moved by whole pixels), a small one pasted
    from masks of its fill and its outline kept by size, radius and width."""
    img = draw.image
    x0, y0, x1, y1 = xy
    thin = min(x1 - x0, y1 - y0) < 2 * width + 4  # Pillow's outline covers its fill in its own way
    plain = img.mode in ("RGB", "RGBA", "P") and (fill is not None or outline is not None) and min(x0, y0) >= 0
    if not plain or thin or (x1 - x0 + 1) * (y1 - y0 + 1) > ROUNDED_LARGEST or not _moves_exactly(xy, radius):
        draw.rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width)
        return
    # moved by an even number of pixels: Pillow rounds halves to even
    left, top = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
    shape = (x0 - left, y0 - top, x1 - left, y1 - top, radius)
    size = (math.floor(x1 - left) + 2, math.floor(y1 - top) + 2)
    box = (left, top, left + size[0], top + size[1])
    # (a paletted board takes the colour's entry through the mask of 0 and 255 as it is)
    paste = paste_colour if img.mode != "P" else lambda im, c, b, m: im.paste(palette_index(im, c), b, m)
    if fill is not None:
        mask = TEXTS.get(("rounded", *shape), lambda: _rounded_mask(size, shape, None))
        paste(img, fill, box, mask)
    if outline is not None and width and outline != fill:
        mask = TEXTS.get(("rounded", *shape, width), lambda: _rounded_mask(size, shape, width))
        paste(img, outline, box, mask)


def _moves_exactly(xy: tuple[float, float, float, float], radius: float) -> bool:
    """Whether Pillow draws the shape the same wherever it is moved by whole pixels: its corners' boxes
    (a side plus twice the radius) then round to the same pixels. A radius in quarter pixels adds exactly;
    a side a hair off a half pixel may round the other way once moved (13.999999999999996 + 37 is 51.0)."""
    if not float(radius * 4).is_integer():
        return False
    return all(v * 2 == round(v * 2) or abs(v * 2 - round(v * 2)) > 1e-9 for v in xy)


def _rounded_mask(size: tuple[int, int], shape: tuple[float, ...], width: int | None) -> Image.Image:
    mask = Image.new("L", size, 0)
    *xy, radius = shape
    if width is None:
        ImageDraw.Draw(mask).rounded_rectangle(xy, radius, fill=255)
    else:
        ImageDraw.Draw(mask).rounded_rectangle(xy, radius, outline=255, width=width)
    return mask
