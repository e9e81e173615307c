"""``/stats``, ``/leaderboard`` and ``/game history``: read from the finished games of the server."""

from __future__ import annotations

import time

import discord

from rules import GAMES
from rules.core import msg, number, t

from ..service.stats import AI, Stats, Table, player_key
from ..storage import GameRow
from .ports import Mesa
from .replies import message_names, reply, user_locale

HISTORY_LINES = 15
COLOUR = discord.Colour(0x2B6CB0)


def _who(key: str, locale: str) -> str:
    return t("stats.ai", locale) if key == AI else f"<@{key[1:]}>"


class StatsUI:
    def __init__(self, bot: Mesa) -> None:
        self.bot = bot
        self.stats = Stats()

    async def _tables(self, guild_id: int) -> dict[str, Table]:
        games = await self.bot.service.db.finished_games(guild_id)
        return {game_id: self.stats.table(game_id, games) for game_id in GAMES}

    async def player_stats(self, interaction: discord.Interaction, user: discord.abc.User) -> None:
        locale = user_locale(interaction)
        key = player_key(user.id)
        embed = discord.Embed(title=t("stats.title", locale), colour=COLOUR, description=user.mention)
        for game_id, table in (await self._tables(interaction.guild_id or 0)).items():
            standing = table.standings.get(key)
            if standing is None:
                continue
            ranking = table.top(len(table.standings))
            embed.add_field(
                name=GAMES[game_id].title,
                inline=False,
                value=t(
                    "stats.line",
                    locale,
                    games=msg("count.games", n=standing.games),
                    wins=msg("count.wins", n=standing.wins),
                    rating=number(standing.rating, locale),
                    place=ranking.index(standing) + 1,
                    of=len(ranking),
                ),
            )
        if not embed.fields:
            embed.description = t("stats.none", locale, who=user.mention)
        else:
            embed.set_footer(text=t("stats.about", locale))
        await reply(interaction, "", embed=embed)

    async def leaderboard(self, interaction: discord.Interaction, game_id: str) -> None:
        locale = user_locale(interaction)
        title = GAMES[game_id].title
        games = await self.bot.service.db.finished_games(interaction.guild_id or 0, game_id)
        table = self.stats.table(game_id, games)
        lines = [
            t(
                "leaderboard.line",
                locale,
                place=n,
                who=_who(s.key, locale),
                rating=number(s.rating, locale),
                games=msg("count.games", n=s.games),
                wins=msg("count.wins", n=s.wins),
            )
            for n, s in enumerate(table.top(), start=1)
        ]
        embed = discord.Embed(
            title=t("leaderboard.title", locale, game=title),
            colour=COLOUR,
            description="\n".join(lines) or t("leaderboard.empty", locale, game=title),
        )
        if lines:
            embed.set_footer(text=t("stats.about", locale))
        await reply(interaction, "", embed=embed)

    async def history(self, interaction: discord.Interaction, user: discord.abc.User | None) -> None:
        locale = user_locale(interaction)
        games = await self.bot.service.db.finished_games(interaction.guild_id or 0)
        here = interaction.channel_id
        if user is not None:
            games = [g for g in games if any(s.user_id == user.id for s in g.seats)]
        else:
            games = [g for g in games if here in (g.channel_id, g.thread_id)]
        lines = [history_line(self.stats, g, locale) for g in reversed(games[-HISTORY_LINES:])]
        none = t("history.empty", locale) if user is None else t("stats.none", locale, who=user.mention)
        embed = discord.Embed(
            title=t("history.title", locale),
            colour=COLOUR,
            description="\n".join(line for line in lines if line)[:4096] or none,
        )
        await reply(interaction, "", embed=embed)


def history_line(stats: Stats, game: GameRow, locale: str) -> str:
    """A finished game in `/game history`: its players' scores (the outcome, public once over), its date and thread."""
    result = stats.result(game)
    if result is None:
        return ""
    names = message_names(game, locale)
    scores = ", ".join(("🏆 " if line.winner else "") + f"{names[line.seat]}: {line.score}" for line in result.lines)
    return t(
        "history.line",
        locale,
        game=GAMES[game.game].title if game.game in GAMES else game.game,
        id=game.id,
        date=time.strftime("%Y-%m-%d", time.gmtime(game.updated_at or 0)),
        scores=scores,
        where=f"<#{game.play_channel_id}>",
    )
