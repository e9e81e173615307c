"""Text on the pictures: the fonts Mesa ships, text stamps drawn once and pasted by anchor, widths, names
wrapped in their boxes, and the key texts a test reads back."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .caches import LONG_TEXTS, TEXTS
from .colours import INK
from .drawing import Drawing, paste_colour, paste_image

# DejaVu Sans ships with Mesa (render/fonts, with its licence): the pictures draw the same glyphs
# (×, ♥, ☠, ❄, ♛, accents) on any machine, whatever fonts the system has.
FONTS = Path(__file__).parent / "fonts"
FONT_FILES = {False: FONTS / "DejaVuSans.ttf", True: FONTS / "DejaVuSans-Bold.ttf"}


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold or not) at ``size`` pixels, from the fonts Mesa ships."""
    return ImageFont.truetype(FONT_FILES[bold], size)


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
