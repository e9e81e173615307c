"""An animated picture of a whole game: one frame per move, as a GIF.

GIF because Discord plays it inline everywhere (an animated PNG shows as a still picture there).
Every frame has one size and every board one scale: the canvas is the largest board's (a game's boards
keep one size, but for a few that grow at the end). Every frame is mapped to one palette (taken from the
first and last boards), so Pillow stores each frame after the first as the rectangle that changed; GIF
rather than animated WebP or MP4 (``python -m bench replay --formats`` measures them): it plays and loops
inline everywhere Discord runs, its text is as sharp as drawn (MP4's colour subsampling blurs coloured
text to about 31 dB PSNR), and lossless WebP, a little smaller, takes six times as long to encode. A long game is subsampled to
``max_frames`` (first and last kept), and if the file is still over ``max_bytes`` (Discord takes
8 MB from a bot by default) it is made again with half the frames, then smaller.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable, Iterator

from PIL import Image

from .common import BACKGROUND, INK, put_text

MAX_BYTES = 8_000_000
MAX_FRAMES = 300
WIDTH = 720  # about: boards are reduced by a whole factor (1500 px wide ones to 750)
FRAME_MS = 700
LAST_MS = 5000
CAPTION_H = 34

# picture(i) -> (PNG of state i, its caption); progress(frames done, frames in all)
Picture = Callable[[int], tuple[bytes, str]]
Progress = Callable[[int, int], None]


def pick(count: int, max_frames: int) -> list[int]:
    """The states shown: all of them when they fit, else evenly spread with the first and the last."""
    if count <= max_frames:
        return list(range(count))
    if max_frames < 2:
        return [count - 1]
    step = (count - 1) / (max_frames - 1)
    return sorted({round(i * step) for i in range(max_frames)})


def _frame(png: bytes, caption: str, width: int) -> Image.Image:
    """A board under its caption, reduced by a whole factor to about ``width``: every board of a game at one
    scale (the animation's canvas is the largest board's, and a smaller board stands on it at its top)."""
    board = Image.open(io.BytesIO(png)).convert("RGB")
    factor = max(1, round(board.width / width))
    if factor > 1:  # a whole factor: Pillow's box reduce, several times faster than a resize
        board = board.reduce(factor)
    image = Image.new("RGB", (board.width, board.height + CAPTION_H), BACKGROUND)
    image.paste(board, (0, CAPTION_H))
    put_text(image, (10, CAPTION_H // 2), caption, 18, fill=INK, bold=True, anchor="lm")
    return image


def _palette(first: Image.Image, last: Image.Image) -> Image.Image:
    both = Image.new("RGB", (max(first.width, last.width), first.height + last.height), BACKGROUND)
    both.paste(first, (0, 0))
    both.paste(last, (0, first.height))
    return both.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _board_size(png: bytes, width: int) -> tuple[int, int]:
    """The size of a board's frame (``_frame``) from its PNG's header, without decoding it."""
    board_w, board_h = struct.unpack(">II", png[16:24])
    factor = max(1, round(board_w / width))
    return -(-board_w // factor), -(-board_h // factor) + CAPTION_H


def _encode(picture: Picture, indices: list[int], width: int, progress: Progress | None) -> bytes:
    drawn = []
    for n, i in enumerate(indices):  # every board first: the animation takes the largest one's size
        drawn.append(picture(i))
        if progress is not None:
            progress(n + 1, len(indices))
    sizes = [_board_size(png, width) for png, _ in drawn]
    size = (max(w for w, _ in sizes), max(h for _, h in sizes))
    first, last = _frame(*drawn[0], width), _frame(*drawn[-1], width)
    palette = _palette(first, last)

    def frames() -> Iterator[Image.Image]:
        for n in range(len(indices)):
            image = first if n == 0 else last if n == len(indices) - 1 else _frame(*drawn[n], width)
            if image.size != size:  # a board smaller than another: on one canvas, at the same scale
                canvas = Image.new("RGB", size, BACKGROUND)
                canvas.paste(image, (0, 0))
                image = canvas
            yield image.quantize(palette=palette, dither=Image.Dither.NONE)

    it = frames()
    head = next(it)
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(indices) - 1) + [LAST_MS]
    head.save(out, format="GIF", save_all=True, append_images=it, duration=durations, loop=0)
    return out.getvalue()


def animate(
    count: int,
    picture: Picture,
    *,
    max_bytes: int = MAX_BYTES,
    max_frames: int = MAX_FRAMES,
    width: int = WIDTH,
    progress: Progress | None = None,
) -> tuple[bytes, int]:
    """A GIF of states ``0 .. count-1`` (``picture(i)`` draws one) under ``max_bytes``; and its frame count."""
    frames, data = max_frames, b""
    for _ in range(8):
        indices = pick(count, frames)
        data = _encode(picture, indices, width, progress)
        if len(data) <= max_bytes:
            return data, len(indices)
        if frames > 30:
            frames = max(30, frames // 2)
        else:
            width = width * 3 // 4
    raise ValueError(f"no replay under {max_bytes} bytes")
