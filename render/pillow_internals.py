"""The parts of Pillow that are not its public interface, used where the public one costs too much.

A board pastes about a hundred text stamps; through ``Image.new``, ``Image.crop``, ``Image.paste`` and
``Image.quantize`` each costs more than its pixels, so the pictures go through Pillow's core images
(``Image.im``, ``Image.core.fill``, ``Image._new``) instead: the public calls cost 15.3 % more CPU a picture
(median of 3 runs each, 20.65 against 17.91 ms, the same PNG files), measured with
``python -m bench render --concurrent 40 --clicks 120 --warmup 60 --rounds 3 --public pillow-core`` (the
two taking turns, load average 13 to 20 on 2 cores). ``MESA_PUBLIC_APIS=pillow-core`` draws them through the
public calls, for that measurement. Nothing else in Mesa touches these; ``check`` says at once which of them
a Pillow version lacks, and ``tests/test_library_internals.py`` compares each with the public way's pixels,
so an upgrade that breaks one fails there, loudly, not in a picture.
"""

from __future__ import annotations

import os
from typing import Any

import PIL
from PIL import Image

# Whether the pictures paste through Pillow's public ``Image`` calls instead, for ``python -m bench render
# --public pillow-core`` to compare the two (``MESA_PUBLIC_APIS`` holding ``pillow-core``).
PUBLIC = "pillow-core" in os.environ.get("MESA_PUBLIC_APIS", "").split(",")


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


# The steps of blending into a paletted board's box (``render.drawing._blended``), through Pillow's core
# images, or through ``Image`` where ``PUBLIC``: a box's pixels, the same in RGB, mapped back to the board's
# palette, an ``Image`` of them to keep, and pasted back.
def crop(image: Image.Image, box: tuple[int, int, int, int]) -> Any:
    return image.crop(box) if PUBLIC else core(image).crop(box)


def to_rgb(pixels: Any) -> Any:
    return pixels.convert("RGB") if PUBLIC else pixels.convert("RGB", 0)


def to_palette(pixels: Any, palette: Image.Image) -> Any:
    if PUBLIC:
        return pixels.quantize(palette=palette, dither=Image.Dither.NONE)
    return pixels.convert("P", 0, core(palette))


def as_image(like: Image.Image, pixels: Any) -> Image.Image:
    return pixels if PUBLIC else image_of(like, pixels)


def paste(image: Image.Image, pixels: Any, box: tuple[int, int, int, int]) -> None:
    """``pixels`` (an ``Image``, or through the core a core image) pasted into ``image`` at ``box``."""
    if PUBLIC:
        image.paste(pixels, box)
    else:
        core(image).paste(core(pixels) if isinstance(pixels, Image.Image) else pixels, box)


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
    if missing:
        raise RuntimeError(
            f"Pillow {PIL.__version__} lacks {', '.join(missing)}, which render/pillow_internals.py uses: "
            "keep Pillow to the versions pyproject.toml allows, or draw those through the public interface"
        )
