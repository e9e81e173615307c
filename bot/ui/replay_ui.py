"""``/game replay``: the GIF of the game so far, drawn off the event loop with a progress message."""

from __future__ import annotations

import asyncio
import io

import discord

from render import describe
from render.common import alt_text
from rules.core import msg, number, t

from ..service.games import engine_of
from ..service.replay import replay_gif
from ..storage import GameRow
from .ports import Mesa
from .presenter import seat_names
from .replies import closed

PROGRESS_EVERY = 1.5  # seconds between two edits of the progress message


def file_size(size: int, locale: str) -> str:
    """A file's size as its reader writes it: whole kB under a megabyte ("412 kB"), else MB ("1,3 MB")."""
    if size < 999_500:
        return t("size.kb", locale, n=max(1, round(size / 1000)))
    return t("size.mb", locale, n=number(size / 1_000_000, locale))


class ReplayUI:
    def __init__(self, bot: Mesa) -> None:
        self.bot = bot
        self._one_at_a_time = asyncio.Lock()  # a replay holds a few hundred frames in memory

    async def post(self, interaction: discord.Interaction, game: GameRow) -> None:
        """Answers the command in the channel: progress while drawing, then the GIF."""
        locale = game.locale
        if self._one_at_a_time.locked():
            await interaction.edit_original_response(content=t("replay.waiting", locale))
        async with self._one_at_a_time:
            engine = engine_of(game)
            log = [(r["seat"], r["action_id"]) for r in await self.bot.service.db.moves_that_count(game.id)]
            title = f"{engine.title} #{game.id}"
            done = [0, len(log) + 1]

            def progress(n: int, total: int) -> None:
                done[:] = [n, total]

            task = asyncio.create_task(
                asyncio.to_thread(
                    replay_gif,
                    engine,
                    len(game.seats),
                    game.seed or 0,
                    game.options,
                    log,
                    names=seat_names(game, locale),
                    locale=locale,
                    title=title,
                    progress=progress,
                    final=game.state,
                )
            )
            shown = -1
            while not task.done():
                await asyncio.wait({task}, timeout=PROGRESS_EVERY)
                if not task.done() and done[0] != shown:
                    shown = done[0]
                    await interaction.edit_original_response(
                        content=t("replay.progress", locale, done=done[0], n=done[1])
                    )
            data, frames = task.result()
        size = file_size(len(data), locale)
        count = msg("count.frames", n=frames)
        # the animation in words (its alt text): what it shows, and its last board's description
        last = ""
        if game.state is not None:
            view = engine.view(engine.load(game.state), None)
            last = describe(game.game, view, locale=locale, names=seat_names(game, locale))
        alt = alt_text(t("replay.alt", locale, game=title, frames=count), last)
        animation = discord.File(io.BytesIO(data), filename=f"replay-{game.id}.gif", description=alt)
        try:
            await interaction.edit_original_response(
                content=t("replay.done", locale, game=title, frames=count, size=size), attachments=[animation]
            )
        finally:
            closed(animation)
