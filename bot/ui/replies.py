"""Answers to an interaction: the clicker's and the channel's language, an ephemeral sentence."""

from __future__ import annotations

import re
from typing import TypedDict, Unpack

import discord

from rules.core import normalize_locale

from ..service.spectate import seat_names
from ..storage import GameRow

# What Discord's markdown gives a meaning to: emphasis, code, spoilers, quotes, headings, lists, masked
# links and mentions (``<@id>``, ``<#id>``, ``<t:…>``), and ``:`` (a link's scheme, an emoji's name).
_MARKUP = re.compile(r"([\\*_~|`>#\-+.\[\]()<:!])")


def plain(text: str) -> str:
    """A text a user chose (a name) as itself in a Discord message: every markdown character escaped, so
    that ``**bold**`` stays starred, ``[link](https://…)`` shows its brackets and address and links nowhere,
    ``<@2>`` is no mention; and every ``@`` is followed by a zero-width space, as discord.py's
    ``escape_mentions`` does for ``@everyone``, ``@here`` and long ids (here for any ``@``)."""
    return _MARKUP.sub(r"\\\1", text).replace("@", "@\u200b")


def message_names(game: GameRow, locale: str) -> list[str]:
    """The seats' names as a message writes them (``plain``): a name is never markdown, a link or a ping."""
    return [plain(name) for name in seat_names(game, locale)]


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
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    finally:
        release(kwargs.get("view"))
        closed(kwargs.get("file"))


def closed(file: discord.File | None) -> None:
    """Frees a picture sent (or that could not be) at once.

    discord.py's own closing leaves a buffer passed to it open, holding its own ``close`` (the one it
    replaced while sending): a cycle that only the garbage collector frees, a picture each time."""
    if file is not None:
        vars(file.fp).pop("close", None)
        file.fp.close()


def release(view: discord.ui.View | None) -> None:
    """Lets go of a view once its message is sent (or could not be): nothing of it is needed after.

    Mesa's controls are dynamic items, answered from their custom id on whatever message carries them
    (and link buttons answer nothing), so a view made of them alone needs no watching:

    - discord.py gives a view sent in an ephemeral message a 15-minute timeout (the message cannot be
      edited once its interaction's token expires): a task, the view and its items kept for every
      message, tens of thousands under load. The view is stopped.
    - Each item refers to its view, and the view to its items: a cycle that only the garbage collector
      frees, a whole board's buttons at a time, in pauses that every click waits through. The items
      are taken out of the view, so the view and its items go as soon as nothing uses them.
    """
    if view is not None and all(
        isinstance(item, discord.ui.DynamicItem) or not item.is_dispatchable() for item in view.walk_children()
    ):
        view.stop()
        view.clear_items()
