"""Answers to an interaction: the clicker's and the channel's language, an ephemeral sentence."""

from __future__ import annotations

import discord

from rules.core import normalize_locale


def user_locale(interaction: discord.Interaction) -> str:
    return normalize_locale(interaction.locale)


def channel_locale(interaction: discord.Interaction) -> str:
    return normalize_locale(interaction.guild_locale or interaction.locale)


async def reply(interaction: discord.Interaction, text: str, **kwargs) -> None:
    """An ephemeral answer, whether or not the interaction was acknowledged already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
