"""The pictures drawn once and pasted many times, kept within one memory budget."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec

from isal import isal_zlib
from PIL import Image

from .colours import Colour, fixed_palette

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


def paletted_cache(
    colours: Callable[[], tuple[Colour, ...]],
) -> Callable[[Callable[P, Image.Image]], Callable[P, Image.Image]]:
    """``image_cache`` for an opaque picture pasted whole, kept in the palette of ``colours()``."""
    return lambda function: IMAGES.cached(function, colours)
