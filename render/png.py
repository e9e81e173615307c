"""A board's PNG file: mapped to 256 colours, a paletted one written with ISA-L's deflate."""

from __future__ import annotations

import io
import struct
import zlib

from isal import isal_zlib
from PIL import Image

from .colours import Colour, fixed_palette
from .drawing import in_palette


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
