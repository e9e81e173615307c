"""Shared drawing helpers: fonts loaded once, seat colours, text by anchor, PNG encoding."""

from __future__ import annotations

import functools
import io
import itertools
import math
import re
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, ParamSpec

from isal import isal_zlib
from PIL import Image, ImageChops, ImageDraw, ImageFont

from rules.core import Msg, t

from .pillow_internals import InkDrawing, core, core_fill, image_of

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

# DejaVu Sans ships with Mesa (render/fonts, with its licence): the pictures draw the same glyphs
# (×, ♥, ☠, ❄, ♛, accents) on any machine, whatever fonts the system has.
FONTS = Path(__file__).parent / "fonts"
FONT_FILES = {False: FONTS / "DejaVuSans.ttf", True: FONTS / "DejaVuSans-Bold.ttf"}


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold or not) at ``size`` pixels, from the fonts Mesa ships."""
    return ImageFont.truetype(FONT_FILES[bold], size)


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


@dataclass(frozen=True)
class KeyText:
    """A text a player takes in at a glance, as drawn: its ``role`` ("turn", "prompt", "score", "last_move"; several apart by spaces),
    its words, its font ``size`` in pixels and its ``box`` on the picture (left, top, right, bottom of its
    line)."""

    role: str
    value: str
    size: int
    box: tuple[int, int, int, int]


# The key texts drawn while ``key_texts`` records them (None: not recording, the usual case)
_KEY_TEXTS: ContextVar[list[KeyText] | None] = ContextVar("key_texts", default=None)


@contextmanager
def key_texts() -> Iterator[list[KeyText]]:
    """Records the key texts (``KeyText``) the pictures drawn inside it put (``put_text`` with ``role``)."""
    record: list[KeyText] = []
    token = _KEY_TEXTS.set(record)
    try:
        yield record
    finally:
        _KEY_TEXTS.reset(token)


def _record_key_text(role: str, value: str, size: int, bold: bool, left: float, top: float) -> None:
    record = _KEY_TEXTS.get()
    if record is not None:
        ascent, descent = font(size, bold).getmetrics()
        box = (round(left), round(top), round(left + text_width(value, size, bold)), round(top + ascent + descent))
        record.append(KeyText(role, value, size, box))


def seat_colour(seat: int | None) -> tuple[int, int, int]:
    if seat is None:
        return NEUTRAL_COLOUR
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class Drawing(InkDrawing):
    """Pillow's drawing context, which also keeps the picture it draws on (``image``): the text stamps
    and the rounded rectangles are pasted onto it.

    On a paletted board (``canvas`` with ``colours``) a colour is drawn as its entry in the board's fixed
    palette, the entry its pixels would be mapped to had the board been drawn in RGB: Pillow's shapes are
    not anti-aliased, so they come out the very same. Text goes through ``put_text``, which blends it."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image

    def pixel_colour(self, colour: Any) -> Any:
        return palette_index(self.image, colour) if self.image.mode == "P" and isinstance(colour, tuple) else colour

    def text(self, *args: Any, **kwargs: Any) -> None:
        if self.image.mode == "P":  # Pillow draws text on a palette image without anti-aliasing
            raise ValueError("text on a paletted board goes through put_text")
        super().text(*args, **kwargs)


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
            if mask is None:
                region.paste(core(source), size)
            else:
                region.paste(core(source), size, core(mask))

        _blended(img, (*xy, xy[0] + image.width, xy[1] + image.height), blend)


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
    pixels = core(img).crop(box)
    key = None
    if kept is not None:
        low, high = pixels.getextrema()
        if low == high:
            key = ("flat", *kept, low, palette.info["serial"])
            flat = FLAT_TEXTS.find(key)
            if flat is not None:
                core(img).paste(core(flat), box)
                return
    region = pixels.convert("RGB", 0)
    blend(region)
    mapped = region.convert("P", 0, core(palette))
    if key is not None:
        FLAT_TEXTS.keep(key, image_of(img, mapped))
    core(img).paste(mapped, box)


def text(
    draw: Drawing,
    xy: tuple[float, float],
    value: str,
    size: int = 20,
    *,
    fill: tuple[int, int, int] = INK,
    bold: bool = False,
    anchor: str = "la",
    role: str | None = None,
) -> None:
    """Text drawn through the cached stamps of ``put_text`` on the picture ``draw`` draws on."""
    put_text(draw.image, xy, value, size, fill=fill, bold=bold, anchor=anchor, role=role)


P = ParamSpec("P")


@dataclass(frozen=True)
class Packed:
    """A picture kept compressed: its mode, size and pixels, deflated by ISA-L (a board's part, mostly
    flat colour, is ten to fifty times smaller so)."""

    mode: str
    size: tuple[int, int]
    data: bytes

    @classmethod
    def of(cls, image: Image.Image) -> Packed:
        return cls(image.mode, image.size, isal_zlib.compress(image.tobytes(), 1))

    def image(self) -> Image.Image:
        return Image.frombytes(self.mode, self.size, isal_zlib.decompress(self.data))


def image_bytes(image: Image.Image | Packed) -> int:
    """Memory an image holds: Pillow keeps 4 bytes a pixel for multi-band modes, 1 for "L" and "P"; a
    packed one, its compressed bytes."""
    if isinstance(image, Packed):
        return len(image.data)
    return image.width * image.height * (4 if len(image.getbands()) > 1 else 1)


class ImageCache:
    """Pictures drawn once and pasted many times (text stamps, tiles, cards, the static layers of a
    board), the most recently used kept within one memory budget in bytes shared by all of them:
    names and numbers vary without end, and a long-running picture process must not grow.

    A ``packed`` cache keeps its pictures compressed (``Packed``) and gives a new copy of one at each
    ``get``."""

    def __init__(self, budget: int, *, packed: bool = False) -> None:
        self.budget = budget
        self.used = 0
        self.packed = packed
        self._items: OrderedDict[tuple, Image.Image | Packed] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, make: Callable[[], Image.Image], largest: int | None = None) -> Image.Image:
        """The image of ``key``, drawn by ``make`` when it is not kept; an image over ``largest`` bytes
        is drawn every time, never kept."""
        image = self.find(key)
        if image is not None:
            return image
        image = make()
        if largest is None or image_bytes(image) <= largest:
            self.keep(key, image)
        return image

    def find(self, key: tuple) -> Image.Image | None:
        """The image kept for ``key``, if it is."""
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            self._items.move_to_end(key)
        return item.image() if isinstance(item, Packed) else item

    def keep(self, key: tuple, image: Image.Image) -> None:
        """Keeps ``image`` for ``key``, the least recently used images going past the budget (an image
        larger than the whole budget is not kept)."""
        item = Packed.of(image) if self.packed else image
        with self._lock:
            if key not in self._items:
                self._items[key] = item
                self.used += image_bytes(item)
                while self.used > self.budget:
                    _, old = self._items.popitem(last=False)
                    self.used -= image_bytes(old)

    def cached(
        self, function: Callable[P, Image.Image], colours: Callable[[], tuple[Colour, ...]] | None = None
    ) -> Callable[P, Image.Image]:
        """Decorates a function drawing a picture from hashable arguments (the picture is shared: a
        caller that changes it copies it first).

        With ``colours`` (the board's own flat colours, as ``to_png`` takes them), an opaque picture
        that is only ever pasted whole (a card) is kept mapped to that board's fixed palette: a quarter
        of the memory, and the same colours the board's pixels are mapped to in the end;
        ``Image.paste`` turns it back into RGB.
        """

        def make(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
            image = function(*args, **kwargs)
            if colours is None:
                return image
            assert image.mode == "RGB", "only opaque pictures are kept paletted"
            palette = fixed_palette(colours())
            mapped = image.quantize(palette=palette, dither=Image.Dither.NONE)
            mapped.info["fixed"] = palette  # pasted as it is on a board of that palette (``paste_image``)
            return mapped

        @functools.wraps(function)
        def cached(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
            key = (function, args, tuple(kwargs.items()))
            return self.get(key, lambda: make(*args, **kwargs))

        return cached

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.used = 0


Colour = tuple[int, int, int]

# One budget for the pictures' caches (66 MB), in five parts, so that a kind of picture that comes in
# bulk cannot push out the others: cards, tiles and the static layers of the boards; the text stamps
# (thousands of small ones, each pasted tens to hundreds of times: labels, names, numbers); the long
# texts of the last boards of the games being played (a sentence about the last move, a status line:
# the game's next board and a seat's private board repeat them; with 2 MB, a hundred games at once had
# a quarter of them drawn again, 15 % of a picture's CPU); and the parts of the last boards (``Parts``:
# a hundred games at once keep about 3 MB of them, compressed; the cards and layers' 40 MB are full
# then, and at 36 MB they were drawn again three times as often); and the texts as they came out over one
# flat colour (a hundred games at once: 7 % of them blended again with 4 MB, 17 % with 2 MB).
IMAGES = ImageCache(budget=40 * 1024 * 1024)
TEXTS = ImageCache(budget=6 * 1024 * 1024)
LONG_TEXTS = ImageCache(budget=12 * 1024 * 1024)
PARTS = ImageCache(budget=4 * 1024 * 1024, packed=True)
# Texts as they come out over one flat colour of a paletted board (``put_text``): most of a board's labels
# lie on plain panels, the same from board to board, and pasting their mapped pixels skips the blending.
FLAT_TEXTS = ImageCache(budget=4 * 1024 * 1024)
CACHES = (IMAGES, TEXTS, LONG_TEXTS, PARTS, FLAT_TEXTS)
image_cache = IMAGES.cached

# Around a part's box, a margin in which it must draw nothing (``Parts``)
PART_MARGIN = 32

Box4 = tuple[int, int, int, int]


class Parts:
    """The parts of one board that mostly come back the same from one board to the next while the other
    players move (a clan's territory and objects, a region's card, the legend): each a box of the board
    that one function draws over a plain background, kept in ``PARTS`` by every input it draws from, as
    the board's fixed palette maps it (a byte a pixel, as the PNG holds it).

    ``draw(image, box, key, part, background)``: a part kept for ``key`` is not drawn, and is pasted into
    the board once it is mapped to its palette (``png``); else ``part()`` draws it in place, and its box
    is kept once mapped. The PNG is the very file of the board drawn in place as long as a part's box
    holds only ``background`` when the part is drawn, the part draws only inside its box and nothing is
    drawn over it after it. The board's layout keeps each part's box apart, and a part is kept only when
    it is seen to: its box plain before it, nothing drawn in the margin around it (``PART_MARGIN``), its
    box as it drew it once the board is drawn. A part seen drawing out of its box, or over something, has
    the board drawn again with every part in place (``parts_png``). With no budget for the parts
    (``PARTS.budget`` 0), every part is drawn in place."""

    def __init__(self, kept: bool = True) -> None:
        self.kept = kept and PARTS.budget > 0
        self.failed = False
        self._pasted: list[tuple[Box4, Image.Image]] = []
        self._drawn: list[tuple[tuple, Box4, Image.Image]] = []

    def draw(
        self,
        image: Image.Image,
        box: Box4,
        key: tuple,
        part: Callable[[], None],
        background: Colour = BACKGROUND,
    ) -> None:
        if not self.kept or self.failed:
            part()
            return
        key = ("part", box, background, *key)
        kept = PARTS.find(key)
        if kept is not None:
            self._pasted.append((box, kept))
            return
        left, top, right, bottom = box
        around = (left - PART_MARGIN, top - PART_MARGIN, right + PART_MARGIN, bottom + PART_MARGIN)
        inside = (PART_MARGIN, PART_MARGIN, right - left + PART_MARGIN, bottom - top + PART_MARGIN)
        before = image.crop(around)
        part()
        after = image.crop(around)
        drawn = ImageChops.difference(before, after).getbbox()
        if not _plain(before.crop(inside), background) or (drawn is not None and not _within(drawn, inside)):
            self.failed = True
        else:
            self._drawn.append((key, box, after.crop(inside)))

    def png(self, image: Image.Image, colours: tuple[Colour, ...]) -> bytes | None:
        """The board's PNG (as ``to_png``), the kept parts pasted; None if it must be drawn again with every
        part in place."""
        if self.failed:
            return None
        if in_palette(image):
            mapped = image
        else:
            mapped = image.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE)
        for key, box, drawn in self._drawn:
            if ImageChops.difference(image.crop(box), drawn).getbbox() is None:
                PARTS.keep(key, mapped.crop(box))
        for box, kept in self._pasted:
            mapped.paste(kept, box[:2])
        return paletted_png(mapped)


def parts_png(board: Callable[[Parts], Image.Image], colours: tuple[Colour, ...]) -> bytes:
    """The PNG of the picture ``board(parts)`` draws (mapped to the fixed palette of ``colours``, as by
    ``to_png``), its parts kept from board to board (``Parts``)."""
    parts = Parts()
    png = parts.png(board(parts), colours)
    if png is None:
        png = to_png(board(Parts(kept=False)), colours)
    return png


def _plain(image: Image.Image, colour: Colour) -> bool:
    plain = (
        Image.new("P", image.size, palette_index(image, colour))
        if image.mode == "P"
        else Image.new("RGB", image.size, colour)
    )
    return ImageChops.difference(image, plain).getbbox() is None


def _within(inner: Box4, outer: Box4) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def paletted_cache(
    colours: Callable[[], tuple[Colour, ...]],
) -> Callable[[Callable[P, Image.Image]], Callable[P, Image.Image]]:
    """``image_cache`` for an opaque picture pasted whole, kept in the palette of ``colours()``."""
    return lambda function: IMAGES.cached(function, colours)


# A text stamp of more pixels than this is a long text (kept among the last boards' long texts); over
# LONG_TEXT_LARGEST it is drawn every time.
STAMP_LARGEST = 32 * 1024
LONG_TEXT_LARGEST = 96 * 1024


def _stamp(value: str, size: int, bold: bool, fill: tuple, stroke: int, stroke_fill: tuple) -> Image.Image:
    """A piece of text drawn once (text is the slow part of a picture): plain text as its coverage
    alone (an "L" mask, a quarter of the memory, shared by every colour it is pasted in), outlined or
    translucent text on a transparent image."""
    # about the stamp's pixels (a glyph is about 0.6 of the size wide, a line 1.2 of it high)
    long = 0.72 * size * size * (len(value) + 2) > STAMP_LARGEST // 4
    cache = LONG_TEXTS if long else TEXTS
    if not stroke and (len(fill) < 4 or fill[3] == 255):
        key: tuple = ("mask", value, size, bold)
        return cache.get(key, lambda: _draw_mask(value, size, bold), LONG_TEXT_LARGEST)
    key = ("stamp", value, size, bold, fill, stroke, stroke_fill)
    return cache.get(key, lambda: _draw_stamp(value, size, bold, fill, stroke, stroke_fill), LONG_TEXT_LARGEST)


def _draw_mask(value: str, size: int, bold: bool) -> Image.Image:
    f = font(size, bold)
    ascent, descent = f.getmetrics()
    img = Image.new("L", (int(f.getlength(value)) + 3, ascent + descent + 2), 0)
    ImageDraw.Draw(img).text((1, 1), value, font=f, fill=255, anchor="la")
    return _inked(img)


def _draw_stamp(value: str, size: int, bold: bool, fill: tuple, stroke: int, stroke_fill: tuple) -> Image.Image:
    f = font(size, bold)
    ascent, descent = f.getmetrics()
    pad = stroke + 1
    img = Image.new("RGBA", (int(f.getlength(value)) + 2 * pad + 1, ascent + descent + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(img).text(
        (pad, pad), value, font=f, fill=fill, anchor="la", stroke_width=stroke, stroke_fill=stroke_fill
    )
    return _inked(img)


def _inked(stamp: Image.Image) -> Image.Image:
    """A stamp cut to the pixels its text covers (the blank rest of a line, above and below the
    letters, pastes nothing and costs as much), with where it was cut and its whole size in
    ``info["stamp"]``, from which ``put_text`` places it."""
    box = stamp.getbbox() or (0, 0, 1, 1)
    inked = stamp.crop(box)
    inked.info["stamp"] = (box[0], box[1], stamp.width, stamp.height)
    return inked


def put_text(
    img: Image.Image,
    xy: tuple[float, float],
    value: str,
    size: int = 20,
    *,
    fill: tuple[int, ...] = INK,
    bold: bool = False,
    anchor: str = "la",
    stroke: int = 0,
    stroke_fill: tuple[int, ...] = (255, 255, 255),
    role: str | None = None,
) -> None:
    """Pastes a cached text stamp; ``anchor`` as in Pillow (l/m/r, then a/t top, m middle, else bottom).
    A key text (``role``) is recorded where ``key_texts`` asks for it."""
    if not value:
        return
    fill = tuple(fill)
    st = _stamp(value, size, bold, fill, stroke, tuple(stroke_fill))
    pad = stroke + 1
    dx, dy, width, height = st.info["stamp"]
    x, y = xy
    x -= pad
    y -= pad
    if anchor[0] == "m":
        x -= (width - 2 * pad) / 2
    elif anchor[0] == "r":
        x -= width - 2 * pad
    if anchor[1] == "m":
        y -= (height - 2 * pad) / 2
    elif anchor[1] not in "at":
        y -= height - 2 * pad
    if role is not None:
        _record_key_text(role, value, size, bold, x + pad, y + pad)
    left, top = round(x) + dx, round(y) + dy
    if st.mode == "L":  # the text's colour through its coverage
        paste_colour(img, fill, (left, top, left + st.width, top + st.height), st, (value, size, bold))
    else:
        paste_image(img, st, (left, top), st)


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
            region.paste(core_fill("RGB", mask.size, colour[:3]), (0, 0, *mask.size), core(mask))

        # (``text``: a text's words, size and boldness, of which ``mask`` is the stamp)
        _blended(img, box, blend, None if text is None else (*text, colour[:3]))
        return
    if img.mode != "RGB":  # Pillow blends a colour into a translucent picture in a way of its own
        img.paste(colour, box, mask)
        return
    core(img).paste(core_fill("RGB", mask.size, colour[:3]), box, core(mask))


def translate(key: str, locale: str, **params: object) -> str:
    """The catalogue's text for ``key`` with ``params``, kept for the next boards (a board translates
    dozens of labels, the same from one board to the next)."""
    try:
        return _translate(key, locale, tuple(params.items()))
    except TypeError:  # a parameter that cannot be a key
        return t(Msg(key=key, params=params), locale)


@lru_cache(maxsize=4096)
def _translate(key: str, locale: str, params: tuple[tuple[str, object], ...]) -> str:
    return t(Msg(key=key, params=dict(params)), locale)


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


@lru_cache(maxsize=4096)
def text_width(value: str, size: int = 20, bold: bool = False) -> float:
    return font(size, bold).getlength(value)


@lru_cache(maxsize=2048)
def fit_text(value: str, width: float, size: int = 20, bold: bool = False) -> str:
    """``value`` cut with an ellipsis so that it fits in ``width`` pixels."""
    if text_width(value, size, bold) <= width:
        return value
    while value and text_width(value + "…", size, bold) > width:
        value = value[:-1]
    return value + "…"


@dataclass(frozen=True)
class Box:
    """Where a name is drawn: ``width`` pixels, in ``size`` (bold or not), on at most ``lines`` lines.

    Each picture module lists, in ``named_texts(locale)``, every card, object, skill and event name it
    draws with the box it draws it in; a test checks that each fits (``fits``), in both languages."""

    width: float
    size: int
    bold: bool = False
    lines: int = 1


_HYPHENATED = re.compile(r"[^-]*-+|[^-]+")


@lru_cache(maxsize=2048)
def wrap(value: str, width: float, size: int = 20, bold: bool = False) -> tuple[str, ...]:
    """``value`` in lines of at most ``width`` pixels, broken between words or after a word's hyphen
    (a piece wider than ``width`` stays whole on its line)."""
    lines: list[str] = []
    line = ""
    pieces = [(part, i > 0) for word in value.split() for i, part in enumerate(_HYPHENATED.findall(word))]
    for piece, glued in pieces:  # a piece after a hyphen is glued to the one before on a line
        candidate = (line if glued else f"{line} ") + piece if line else piece
        if not line or text_width(candidate, size, bold) <= width:
            line = candidate
        else:
            lines.append(line)
            line = piece
    if line:
        lines.append(line)
    return tuple(lines)


def fits(box: Box, value: str) -> bool:
    """Whether ``value`` is drawn whole in ``box``."""
    lines = wrap(value, box.width, box.size, box.bold)
    return len(lines) <= box.lines and all(text_width(line, box.size, box.bold) <= box.width for line in lines)


def boxed(box: Box, value: str) -> tuple[str, ...]:
    """The lines ``value`` is drawn in within ``box``: wrapped, and only what still does not fit (a
    player's long name, say) cut with an ellipsis on its last line."""
    lines = wrap(value, box.width, box.size, box.bold)
    if len(lines) > box.lines:
        lines = (*lines[: box.lines - 1], " ".join(lines[box.lines - 1 :]))
    return tuple(fit_text(line, box.width, box.size, box.bold) for line in lines)


def put_boxed(
    img: Image.Image,
    xy: tuple[float, float],
    value: str,
    box: Box,
    *,
    fill: tuple[int, ...] = INK,
    anchor: str = "la",
    leading: float = 1.2,
    role: str | None = None,
) -> int:
    """``value`` drawn in ``box`` from ``xy`` (the first line's anchor), a line under the other;
    returns the height the lines took."""
    lines = boxed(box, value)
    step = round(box.size * leading)
    for i, line in enumerate(lines):
        put_text(img, (xy[0], xy[1] + i * step), line, box.size, fill=fill, bold=box.bold, anchor=anchor, role=role)
    return len(lines) * step


# A tab standing on a panel's top edge (``draw_tabs``): its words, fill and ink
Tab = tuple[str, tuple[int, int, int], tuple[int, int, int]]
TAB_H = 30
WINNER = (0, 110, 60)


def player_tabs(locale: str, *, won: bool = False, to_play: bool = False, last: bool = False) -> list[Tab]:
    """The tabs that mark a player's panel: "♛ Winner" (green), "▶ To play" (yellow on ink), "● Last move"
    (ink on yellow), those that hold in that order."""
    tabs: list[Tab] = []
    if won:
        tabs.append(("♛ " + translate("core.pic.winner", locale), WINNER, (255, 255, 255)))
    if to_play:
        tabs.append(("▶ " + translate("core.pic.to_play", locale), INK, HIGHLIGHT))
    if last:
        tabs.append(("● " + translate("core.pic.last_move", locale), HIGHLIGHT, INK))
    return tabs


def draw_tabs(draw: Drawing, tabs: list[Tab], x0: float, y0: float, size: int = 18) -> None:
    """``tabs`` standing on the top edge ``y0`` of a panel, from ``x0`` rightwards (the panel, drawn after,
    covers their foot)."""
    x = x0
    for words, fill, ink in tabs:
        w = text_width(words, size, True) + 24
        rounded_rectangle(draw, (x, y0 - TAB_H, x + w, y0 + 8), radius=8, fill=fill, outline=INK, width=2)
        put_text(draw.image, (x + 12, y0 - TAB_H / 2 + 1), words, size, fill=ink, bold=True, anchor="lm")
        x += w + 8


def joined(names: list[str], locale: str) -> str:
    """ "A", "A and B", "A, B and C" in ``locale``."""
    if len(names) < 2:
        return "".join(names)
    return translate("core.and", locale, a=", ".join(names[:-1]), b=names[-1])


def winners_headline(winners: list[str], score: str, locale: str) -> str:
    """Who won, in words: "Ana wins with 26 VP", or "Ana and Bia win, tied with 12 VP"."""
    key = "core.result.wins" if len(winners) == 1 else "core.result.tied"
    return translate(key, locale, who=joined(winners, locale), score=score)


def goal_headline(won: bool, goal: str, locale: str) -> str:
    """A solo or co-op game, won or lost against its goal, in words."""
    return translate("core.result.won" if won else "core.result.lost", locale, goal=goal)


# Discord's limit for a file's description (the picture's alt text)
ALT_TEXT_MAX = 1024


def alt_text(*parts: str) -> str:
    """A picture's description from its parts (the game, who must act or who won, the scores, the key
    position), sentence by sentence, within ``ALT_TEXT_MAX`` characters (cut at a word, with "…")."""
    value = " ".join(p.strip() + ("" if p.strip().endswith((".", "?", "!", "…")) else ".") for p in parts if p.strip())
    if len(value) <= ALT_TEXT_MAX:
        return value
    return value[: ALT_TEXT_MAX - 1].rsplit(" ", 1)[0] + "…"


def scores_line(scores: list[tuple[str, str]], locale: str) -> str:
    """ "Scores: Ana 26 VP, Bia 20 VP" from (name, score) pairs."""
    return translate("core.alt.scores", locale, list=", ".join(f"{name} {score}" for name, score in scores))


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


def to_png(image: Image.Image, colours: tuple[Colour, ...] | None = None) -> bytes:
    """PNG bytes of a flat-coloured board mapped to 256 colours, which keeps it small.

    With ``colours`` (the picture's own flat colours) the mapping uses a fixed palette, several
    times faster than choosing an adaptive one for each picture, and the file is written by
    ``paletted_png``.
    """
    if in_palette(image):
        return paletted_png(image)
    if colours is None:
        paletted = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        out = io.BytesIO()
        paletted.save(out, format="PNG", compress_level=6)
        return out.getvalue()
    return paletted_png(image.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def paletted_png(image: Image.Image) -> bytes:
    """The PNG file of a palette ("P") image: the same file Pillow writes, its pixels compressed by
    ISA-L (``isal``), several times faster than zlib for the same size.

    Every row is stored unfiltered (filter type 0), as Pillow stores a palette image.
    """
    assert image.mode == "P"
    width, height = image.size
    # Each row after a 0 (its filter type): the picture pasted one column in from the left of a picture
    # one column wider, whose first column holds index 0, gives the file's rows in one ``tobytes``.
    rows_image = Image.new("P", (width + 1, height), 0)
    rows_image.paste(image, (1, 0))
    rows = rows_image.tobytes()
    palette = bytes(image.getpalette() or [])
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", isal_zlib.compress(rows, 1)),
            _chunk(b"IEND", b""),
        ]
    )
