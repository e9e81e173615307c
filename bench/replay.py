"""``python -m bench replay [GAME ...]``: what ``/game replay`` costs for a whole AI game of each game.

One row per game and player count (seed 1): moves, frames in the GIF, its size against Discord's
8 MB, the seconds to draw it (the replay of the moves, every board, the GIF), and frames a second.
"""

from __future__ import annotations

import io
import math
import time
from collections.abc import Callable

from PIL import Image

from bot import texts as _texts  # noqa: F401  (the captions are in the catalogue)
from bot.service.replay import replay_gif
from rules import GAMES
from rules.core import play


def figures(game: str, players: int, seed: int = 1) -> dict[str, float]:
    engine = GAMES[game]
    _, log = play(engine, players, seed)
    start = time.perf_counter()
    data, frames = replay_gif(
        engine, players, seed, None, log, names=[f"P{i + 1}" for i in range(players)], locale="en", title=engine.title
    )
    seconds = time.perf_counter() - start
    with Image.open(io.BytesIO(data)) as gif:
        width, height = gif.size
    return {
        "moves": len(log),
        "frames": frames,
        "mb": len(data) / 1e6,
        "seconds": seconds,
        "fps": frames / seconds,
        "width": width,
        "height": height,
    }


def _frames(game: str, players: int, seed: int) -> tuple[list[Image.Image], list[int]]:
    """A whole AI game's replay frames as ``/game replay`` draws them (RGB, one size), and their durations."""
    from render import render
    from render.replay import FRAME_MS, LAST_MS, WIDTH, _frame
    from rules.core import t

    engine = GAMES[game]
    state, log = engine.new_game(players, seed), play(engine, players, seed)[1]
    names = [f"P{i + 1}" for i in range(players)]
    frames = []
    for i in range(len(log) + 1):
        if i:
            state = engine.apply(state, *log[i - 1])
        png = render(engine.id, engine.view(state, None), locale="en", names=names)
        caption = t("replay.caption", "en", game=engine.title, n=i, total=len(log))
        frames.append(_frame(png, caption, WIDTH))
    size = frames[0].size
    assert all(f.size == size for f in frames), "a replay's frames share one size"
    return frames, [FRAME_MS] * (len(frames) - 1) + [LAST_MS]


def _psnr(original: list[Image.Image], decoded: list[Image.Image]) -> float:
    """The frames' mean PSNR in dB against the boards as drawn (over 45 dB: no difference the eye sees)."""
    import numpy as np

    values = []
    for a, b in zip(original, decoded, strict=True):
        error = np.mean((np.asarray(a, dtype=np.float32) - np.asarray(b.convert("RGB"), dtype=np.float32)) ** 2)
        values.append(99.0 if error == 0 else 10 * math.log10(255**2 / error))
    return sum(values) / len(values)


def _pillow_frames(data: bytes) -> list[Image.Image]:
    out = []
    with Image.open(io.BytesIO(data)) as animation:
        for i in range(getattr(animation, "n_frames", 1)):
            animation.seek(i)
            out.append(animation.convert("RGB"))
    return out


def _gif(frames: list[Image.Image], durations: list[int]) -> bytes:
    from render.replay import _palette

    palette = _palette(frames[0], frames[-1])
    paletted = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    out = io.BytesIO()
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations, loop=0)
    return out.getvalue()


def _webp(frames: list[Image.Image], durations: list[int], **options: object) -> bytes:
    out = io.BytesIO()
    frames[0].save(out, format="WEBP", save_all=True, append_images=frames[1:], duration=durations, loop=0, **options)
    return out.getvalue()


def _mp4(frames: list[Image.Image], durations: list[int], crf: int) -> tuple[bytes, list[Image.Image]]:
    """H.264 (libx264, yuv420p, as Discord plays it inline), each frame shown for its duration; and the frames
    decoded back."""
    import fractions

    import av

    out = io.BytesIO()
    with av.open(out, mode="w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=10)
        stream.width, stream.height = frames[0].width // 2 * 2, frames[0].height // 2 * 2
        stream.pix_fmt = "yuv420p"
        stream.codec_context.time_base = fractions.Fraction(1, 1000)
        stream.options = {"crf": str(crf), "preset": "medium", "tune": "stillimage"}
        pts = 0
        for image, ms in zip(frames, durations, strict=True):
            frame = av.VideoFrame.from_image(image.crop((0, 0, stream.width, stream.height)))
            frame.pts, frame.time_base = pts, fractions.Fraction(1, 1000)
            pts += ms
            container.mux(stream.encode(frame))
        container.mux(stream.encode(None))
    data = out.getvalue()
    with av.open(io.BytesIO(data)) as container:
        decoded = [f.to_image() for f in container.decode(video=0)]
    return data, decoded


def formats(game: str, players: int, seed: int = 1) -> list[dict[str, object]]:
    """The same replay frames as GIF (``/game replay``'s), animated WebP (lossless, and lossy at quality 80)
    and MP4 (H.264 at CRF 23 and 30): each one's size, its quality (mean PSNR against the boards as drawn)
    and the seconds to encode it."""
    frames, durations = _frames(game, players, seed)
    crop = [f.crop((0, 0, f.width // 2 * 2, f.height // 2 * 2)) for f in frames]
    rows: list[dict[str, object]] = []

    def row(name: str, encode: Callable[[], tuple[bytes, list[Image.Image]]], reference: list[Image.Image]) -> None:
        start = time.perf_counter()
        data, decoded = encode()
        seconds = time.perf_counter() - start
        rows.append(
            {
                "format": name,
                "mb": len(data) / 1e6,
                "psnr": _psnr(reference, decoded),
                "seconds": seconds,
                "frames": len(decoded),
                "size": f"{frames[0].width}x{frames[0].height}",
            }
        )

    def pillow(encode: Callable[[], bytes]) -> Callable[[], tuple[bytes, list[Image.Image]]]:
        def run() -> tuple[bytes, list[Image.Image]]:
            data = encode()
            return data, _pillow_frames(data)

        return run

    row("GIF (255 colours)", pillow(lambda: _gif(frames, durations)), frames)
    row("WebP lossless", pillow(lambda: _webp(frames, durations, lossless=True, method=4)), frames)
    row("WebP lossy q80", pillow(lambda: _webp(frames, durations, quality=80, method=4)), frames)
    try:
        import av  # noqa: F401
    except ImportError:
        return rows  # MP4 needs PyAV (pip install av)
    for crf in (23, 30):
        row(f"MP4 H.264 crf {crf}", lambda crf=crf: _mp4(crop, durations, crf), crop)
    return rows
