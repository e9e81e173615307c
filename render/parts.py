"""The parts of a board kept from one board to the next and pasted (a clan's territory, a region's card, the
legend)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageChops

from .caches import PARTS
from .colours import BACKGROUND, Colour, fixed_palette, palette_index
from .drawing import in_palette
from .png import paletted_png, to_png

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
