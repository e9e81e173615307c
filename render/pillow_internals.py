"""The parts of Pillow that are not its public interface, used where the public one costs too much.

A board pastes about a hundred text stamps; through ``Image.new`` and ``Image.paste`` each costs more than
its pixels (a board about 15 % more CPU, ``render.drawing.paste_colour``), so the pictures go through
Pillow's core images (``Image.im``, ``Image.core.fill``) instead. A paletted board draws its shapes in
its fixed palette through the drawing context's ink hook (``ImageDraw._getink``), where the public
interface would add entries to the palette. Nothing else in Mesa touches these; ``check`` says at once
which of them a Pillow version lacks, and ``tests/test_library_internals.py`` compares each with the public
way's pixels, so an upgrade that breaks one fails there, loudly, not in a picture.
"""

from __future__ import annotations

import inspect
import os
from typing import Any

import PIL
from PIL import Image, ImageDraw

# Which of these the pictures draw through Pillow's public interface instead, for ``python -m bench`` to
# compare the two (``MESA_PUBLIC_APIS``, a comma-separated list: ``pillow-core``, ``pillow-ink``).
_PUBLIC = set(os.environ.get("MESA_PUBLIC_APIS", "").split(","))
PUBLIC = "pillow-core" in _PUBLIC
PUBLIC_INK = "pillow-ink" in _PUBLIC


def core(image: Image.Image) -> Any:
    """Pillow's core image behind ``image`` (``Image.im``): ``paste``, ``crop``, ``convert`` and
    ``getextrema`` on its pixels without ``Image``'s checks and copies."""
    return image.im


def core_fill(mode: str, size: tuple[int, int], colour: tuple[int, ...]) -> Any:
    """A core image of ``size`` all of one ``colour`` (``Image.core.fill``)."""
    return Image.core.fill(mode, size, colour)


def image_of(like: Image.Image, pixels: Any) -> Image.Image:
    """An ``Image`` around the core image ``pixels``, with ``like``'s palette and information (``Image._new``)."""
    return like._new(pixels)


class InkDrawing(ImageDraw.ImageDraw):
    """Pillow's drawing context whose every colour first goes through ``pixel_colour`` (a subclass's own):
    Pillow turns a colour into a pixel value in ``ImageDraw._getink``, which every shape calls."""

    def pixel_colour(self, colour: Any) -> Any:
        return colour

    if not PUBLIC_INK:

        def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
            return super()._getink(self.pixel_colour(ink), self.pixel_colour(fill))


def _inked(name: str) -> Any:
    """ImageDraw's shape ``name`` with its ``fill`` and ``outline`` first through ``pixel_colour``."""
    shape = getattr(ImageDraw.ImageDraw, name)
    names = list(inspect.signature(shape).parameters)
    places = [(names.index(p) - 1, p) for p in ("fill", "outline") if p in names]

    def drawn(self: InkDrawing, *args: Any, **kwargs: Any) -> Any:
        if places:
            args = list(args)  # type: ignore[assignment]
            for place, keyword in places:
                if place < len(args):
                    args[place] = self.pixel_colour(args[place])  # type: ignore[index]
                elif keyword in kwargs:
                    kwargs[keyword] = self.pixel_colour(kwargs[keyword])
        return shape(self, *args, **kwargs)

    drawn.__name__ = name
    return drawn


SHAPES = (
    "arc", "bitmap", "chord", "ellipse", "circle", "line", "shape", "pieslice", "point", "polygon",
    "regular_polygon", "rectangle", "rounded_rectangle",
)  # fmt: skip
if PUBLIC_INK:
    for _name in SHAPES:
        setattr(InkDrawing, _name, _inked(_name))


def check() -> None:
    """Raises ``RuntimeError``, naming Pillow's version, if one of the internals above is missing."""
    missing = []
    if not callable(getattr(getattr(Image, "core", None), "fill", None)):
        missing.append("Image.core.fill")
    else:
        probe = Image.new("L", (2, 2))
        if not hasattr(probe, "im") or not hasattr(probe.im, "paste") or not hasattr(probe.im, "crop"):
            missing.append("Image.im (paste, crop)")
    if not callable(getattr(Image.Image, "_new", None)):
        missing.append("Image._new")
    if not callable(getattr(ImageDraw.ImageDraw, "_getink", None)):
        missing.append("ImageDraw._getink")
    if missing:
        raise RuntimeError(
            f"Pillow {PIL.__version__} lacks {', '.join(missing)}, which render/pillow_internals.py uses: "
            "keep Pillow to the versions pyproject.toml allows, or draw those through the public interface"
        )
