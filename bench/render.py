"""Picture CPU: milliseconds of CPU a board costs over the mix the bot's picture worker draws.

The mix copies the bot under load: ``games`` games of the four kinds at three players (two humans and
an AI seat, names and language per game) are played at once; each click moves one game, chosen at
random, one action on, and its channel board (the spectator view) is drawn.  When the move is a
private decision (several seats at once, or a secret choice), as in ``bench load`` the player first
opens their private view, and their seat's board is drawn before it.  The games are random games
played beforehand (not measured), so two trees draw the very same views in the same order and differ
only in the drawing code.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import random
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from render import render
from rules import GAMES
from rules.core import play

NAMES = ["Ana", "Bruno", "Carla", "Diego", "Érica", "Fábio", "Gabi", "Heitor", "Iara", "João", "Lívia", "Marcos"]


@dataclass(frozen=True)
class Picture:
    game: str
    view: BaseModel
    locale: str
    names: tuple[str, ...]
    seat: int | None


def mix(games: int, clicks: int, seed: int, kinds: list[str] | None = None) -> list[list[Picture]]:
    """The pictures of ``clicks`` clicks over ``games`` concurrent games (of ``kinds`` in turn, by default
    all four), in the order the worker gets them."""
    rng = random.Random(seed)
    kinds = kinds or sorted(GAMES)
    histories = []
    for index in range(games):
        game = kinds[index % len(kinds)]
        engine = GAMES[game]
        players = min(3, engine.max_players)
        states: list = []
        play(
            engine,
            players,
            seed=seed * 1000 + index,
            policy="random",
            on_step=lambda b, a, s, i, to=states: to.append(a),
        )
        names = tuple(rng.sample(NAMES, players))
        locale = rng.choice(["pt-BR", "en"])
        histories.append([game, states, rng.randrange(len(states)), names, locale, players])
    out = []
    for _ in range(clicks):
        h = rng.choice(histories)
        game, states, at, names, locale, players = h
        engine = GAMES[game]
        state = states[at]
        click = []
        humans = [seat for seat in engine.to_act(state) if seat < players - 1]  # the last seat is the AI's
        if humans and _private(engine, state):
            click.append(Picture(game, engine.view(state, humans[0]), locale, names, humans[0]))
        h[2] = at = (at + 1) % len(states)  # a game that ended starts again
        click.append(Picture(game, engine.view(states[at], None), locale, names, None))
        out.append(click)
    return out


def _private(engine, state) -> bool:
    """Whether the move is chosen in a private view (as the bot's presenter decides it)."""
    to_act = engine.to_act(state)
    return len(to_act) > 1 or any(a.secret for a in engine.legal_actions(state, to_act[0]))


def _rss_mb(field: str = "VmRSS") -> float:
    """This process's resident memory (``VmHWM``: its peak since it started; ``ru_maxrss`` would
    count the parent's memory at the fork, which Linux keeps across the ``exec``)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _cache_mb() -> float:
    """Memory held by the pictures' byte-bounded image caches."""
    try:
        from render import caches as common  # (a tree whose drawing helpers are split)
    except ImportError:
        import render.common as common  # type: ignore[no-redef]
    caches = getattr(common, "CACHES", None) or [common.IMAGES]
    return sum(cache.used for cache in caches) / 1e6


def figures(
    games: int,
    clicks: int,
    warmup: int,
    seed: int,
    kinds: list[str] | None = None,
    save: str | None = None,
    threads: int = 1,
) -> dict:
    """CPU ms a picture per game, for spectator and seat boards, after ``warmup`` clicks' pictures
    (the worker is long-lived: its caches are warm).  With ``save``, the measured pictures' PNG files are
    written there (numbered), to compare two trees' pictures.

    The pictures are drawn in a process of their own, spawned as the bot's picture worker is, which reads
    the views one at a time: its memory (RSS after the warm-up and at the end, and its peak) is what a
    picture worker holds, not the games played here to make the mix.

    With ``threads`` over 1, the measured pictures are drawn that many at once in that process, as the bot's
    worker draws them (``bot.workers.renderpool.THREADS``): the figures are then the CPU a picture over
    them all, the pictures drawn a second, and whether each is the very file drawn alone."""
    with tempfile.TemporaryDirectory(prefix="mesa-render-mix-") as folder:
        path = _write_mix(Path(folder, "mix.pickle"), games, clicks, warmup, seed, kinds)
        return _drawn(path, save, threads)


def _write_mix(path: Path, games: int, clicks: int, warmup: int, seed: int, kinds: list[str] | None) -> Path:
    clicks_drawn = mix(games, warmup + clicks, seed, kinds)
    with path.open("wb") as out:
        for number, click in enumerate(clicks_drawn):
            for picture in click:
                pickle.dump((number >= warmup, picture), out)
    return path


def _drawn(path: Path, save: str | None = None, threads: int = 1, public: str | None = None) -> dict:
    """The mix in ``path`` drawn in a picture process of its own (with ``MESA_PUBLIC_APIS=public``)."""
    context = multiprocessing.get_context("spawn")
    before = os.environ.get("MESA_PUBLIC_APIS")
    if public is not None:
        os.environ["MESA_PUBLIC_APIS"] = public  # (the spawned process takes the environment as it starts)
    try:
        with ProcessPoolExecutor(1, mp_context=context, initializer=_as_a_worker) as worker:
            if threads > 1:
                return worker.submit(_draw_at_once, str(path), threads).result()
            return worker.submit(_draw, str(path), save).result()
    finally:
        if before is None:
            os.environ.pop("MESA_PUBLIC_APIS", None)
        else:
            os.environ["MESA_PUBLIC_APIS"] = before


def taking_turns(
    games: int, clicks: int, warmup: int, seed: int, kinds: list[str] | None, settings: list[str], rounds: int
) -> dict[str, list[dict]]:
    """``figures`` for the same mix drawn with each of ``settings`` of ``MESA_PUBLIC_APIS`` ("" draws through
    the library internals the pictures use), the settings taking turns ``rounds`` times, each round in
    another order, so that each sees the machine as loaded as the others: a list of figures per setting."""
    runs: dict[str, list[dict]] = {setting: [] for setting in settings}
    with tempfile.TemporaryDirectory(prefix="mesa-render-mix-") as folder:
        path = _write_mix(Path(folder, "mix.pickle"), games, clicks, warmup, seed, kinds)
        for round_ in range(rounds):
            turn = round_ % len(settings)
            for setting in settings[turn:] + settings[:turn]:
                runs[setting].append(_drawn(path, public=setting))
    return runs


def _as_a_worker() -> None:
    """The picture process keeps the memory it frees, as the bot's picture workers do (a tree measured by
    --against may have no such setting)."""
    try:
        from bot.workers import renderpool
    except ImportError:  # a tree from before bot/workers/: its picture process kept no such setting
        return
    getattr(renderpool, "keep_freed_memory", lambda: None)()


def _pictures(path: str) -> Iterator[tuple[bool, Picture]]:
    """The mix's pictures as ``figures`` wrote them, one at a time: (measured, picture)."""
    with open(path, "rb") as mix_file:
        while True:
            try:
                yield pickle.load(mix_file)
            except EOFError:
                return


def _draw(path: str, save: str | None) -> dict:
    """In the picture process: draws the pictures in ``path`` in turn, timing those after the warm-up."""
    cpu: dict[str, list[float]] = {}
    digest = hashlib.sha256()
    sizes = []
    rss_before = _rss_mb()
    number = 0
    wall = 0.0
    for measured, p in _pictures(path):
        if not measured:
            render(p.game, p.view, locale=p.locale, names=list(p.names))
            rss_before = _rss_mb()
            continue
        t0, w0 = time.process_time(), time.perf_counter()
        png = render(p.game, p.view, locale=p.locale, names=list(p.names))
        spent = (time.process_time() - t0) * 1000
        wall += time.perf_counter() - w0
        cpu.setdefault(p.game, []).append(spent)
        cpu.setdefault("seat" if p.seat is not None else "spectator", []).append(spent)
        cpu.setdefault("all", []).append(spent)
        digest.update(png)
        sizes.append(len(png))
        if save:
            Path(save, f"{number:05d}.png").write_bytes(png)
        number += 1
    return {
        "ms": {name: sum(values) / len(values) for name, values in cpu.items()},
        "pictures": {name: len(values) for name, values in cpu.items()},
        "per_s": len(sizes) / wall if wall else float("nan"),
        "png_kb": sum(sizes) / len(sizes) / 1024,
        "rss_mb": _rss_mb(),
        "rss_before_mb": rss_before,
        "peak_mb": _rss_mb("VmHWM"),
        "cache_mb": _cache_mb(),
        "digest": digest.hexdigest()[:10],
    }


def _draw_at_once(path: str, threads: int) -> dict:
    """In the picture process: the warm-up pictures in turn, then the measured ones ``threads`` at once, then
    each of those again alone (with the caches as the threads left them) to compare the files."""
    from concurrent.futures import ThreadPoolExecutor

    measured = []
    for timed, p in _pictures(path):
        if timed:
            measured.append(p)
        else:
            render(p.game, p.view, locale=p.locale, names=list(p.names))
    rss_before = _rss_mb()

    def drawn(p: Picture) -> tuple[int, bytes]:  # (the file's size, its digest)
        png = render(p.game, p.view, locale=p.locale, names=list(p.names))
        return len(png), hashlib.sha256(png).digest()

    wall, cpu = time.perf_counter(), time.process_time()
    with ThreadPoolExecutor(threads) as pool:
        files = list(pool.map(drawn, measured))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    rss, peak, cache = _rss_mb(), _rss_mb("VmHWM"), _cache_mb()
    same, digest = 0, hashlib.sha256()  # (the files drawn one at a time: the digest ``_draw`` gives)
    for p, (size, file_digest) in zip(measured, files, strict=True):
        png = render(p.game, p.view, locale=p.locale, names=list(p.names))
        digest.update(png)
        same += (len(png), hashlib.sha256(png).digest()) == (size, file_digest)
    return {
        "ms": {"all": cpu * 1000 / len(measured)},
        "pictures": {"all": len(measured)},
        "per_s": len(measured) / wall,
        "same_files": same,
        "png_kb": sum(size for size, _ in files) / len(files) / 1024,
        "rss_mb": rss,
        "rss_before_mb": rss_before,
        "peak_mb": peak,
        "cache_mb": cache,
        "digest": digest.hexdigest()[:10],
    }


def difference(before: str, after: str, count: int) -> dict[str, float]:
    """How far two folders of saved pictures are apart: the share of pixels that differ and the largest
    difference of one channel (0-255), over all of them."""
    from PIL import Image, ImageChops

    differing = total = 0
    largest = 0
    for number in range(count):
        a = Image.open(f"{before}/{number:05d}.png").convert("RGB")
        b = Image.open(f"{after}/{number:05d}.png").convert("RGB")
        if a.size != b.size:
            return {"share": 1.0, "largest": 255.0, "sizes_differ": 1.0}
        diff = ImageChops.difference(a, b)
        largest = max(largest, max(high for _, high in diff.getextrema()))
        mask = diff.convert("L").point(lambda v: 255 if v else 0)
        differing += mask.histogram()[255]
        total += a.width * a.height
    return {"share": differing / max(1, total), "largest": float(largest), "sizes_differ": 0.0}
