"""Answers to an interaction: the clicker's and the channel's language, an ephemeral sentence."""

from __future__ import annotations

from typing import TypedDict, Unpack

import discord

from rules.core import normalize_locale


def user_locale(interaction: discord.Interaction) -> str:
    """The language the user reads: the one they chose with /settings, else their Discord's."""
    service = getattr(interaction.client, "service", None)
    chosen = service.players.locales.get(interaction.user.id) if service is not None else None
    return chosen or normalize_locale(interaction.locale)


def channel_locale(interaction: discord.Interaction) -> str:
    return normalize_locale(interaction.guild_locale or interaction.locale)


class Attached(TypedDict, total=False):
    """What an answer may carry besides its sentence."""

    embed: discord.Embed
    file: discord.File
    view: discord.ui.View


async def reply(interaction: discord.Interaction, text: str, **kwargs: Unpack[Attached]) -> None:
    """An ephemeral answer, whether or not the interaction was acknowledged already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
    release(kwargs.get("view"))


def release(view: discord.ui.View | None) -> None:
    """Ends discord.py's watch over a view just sent in an ephemeral message.

    discord.py gives such a view a 15-minute timeout (the message cannot be edited once its
    interaction's token expires): a task, the view and its items kept for every message, tens of
    thousands under load.  Mesa's controls are dynamic items, answered from their custom id on
    whatever message carries them, so a view made of them alone needs no watching.
    """
    if view is not None and all(
        isinstance(item, discord.ui.DynamicItem) or not item.is_dispatchable() for item in view.walk_children()
    ):
        view.stop()
