"""``/game replay``: the GIF of the game so far, drawn off the event loop with a progress message."""

from __future__ import annotations

import asyncio
import io

import discord

from rules.core import t

from ..service.games import engine_of
from ..service.replay import replay_gif
from ..storage import GameRow
from .ports import Mesa
from .presenter import seat_names

PROGRESS_EVERY = 1.5  # seconds between two edits of the progress message


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
                        content=t("replay.progress", locale, done=done[0], total=done[1])
                    )
            data, frames = task.result()
        size = f"{len(data) / 1_000_000:.1f} MB"
        await interaction.edit_original_response(
            content=t("replay.done", locale, game=title, frames=frames, size=size),
            attachments=[discord.File(io.BytesIO(data), filename=f"replay-{game.id}.gif")],
        )
